// SPDX-License-Identifier: MIT
// config.yaml export in the gcloud form, keys in the order of the reference's full example.
// Strings that a YAML reader would take for a number, bool or null are double-quoted, those it
// would not read back raw escaped (yamlemit.h); doubles use the shortest text that reads back to
// the same value.
#include "jobspec/yamlemit.h"
#include "jobspec/yamlio.h"
#include "jobspec/yamlscalar.h"

#include <algorithm>
#include <yaml-cpp/emitter.h>
#include <yaml-cpp/emittermanip.h>

namespace trainyard::jobspec {

namespace {

class Writer
{
public:
    explicit Writer(YAML::Emitter &out)
        : m_out(out)
    {}

    void key(const char *name) { m_out << YAML::Key << name << YAML::Value; }
    void key(const QString &name)
    {
        m_out << YAML::Key;
        text(name);
        m_out << YAML::Value;
    }

    void text(const QString &value) { yaml::emitString(m_out, value); }
    void plain(const QString &value) { m_out << value.toStdString(); }

    void field(const char *name, const QString &value)
    {
        if (value.isEmpty())
            return;
        key(name);
        text(value);
    }
    void field(const char *name, const std::optional<qint64> &value)
    {
        if (!value)
            return;
        key(name);
        plain(QString::number(*value));
    }
    void field(const char *name, const std::optional<bool> &value)
    {
        if (!value)
            return;
        key(name);
        plain(*value ? QStringLiteral("true") : QStringLiteral("false"));
    }
    void field(const char *name, const std::optional<double> &value)
    {
        if (!value)
            return;
        key(name);
        plain(yaml::formatDouble(*value));
    }
    void field(const char *name, const QStringList &values)
    {
        if (values.isEmpty())
            return;
        key(name);
        m_out << YAML::BeginSeq;
        for (const QString &v : values)
            text(v);
        m_out << YAML::EndSeq;
    }
    void field(const char *name, const QList<double> &values)
    {
        if (values.isEmpty())
            return;
        key(name);
        m_out << YAML::BeginSeq;
        for (const double v : values)
            plain(yaml::formatDouble(v));
        m_out << YAML::EndSeq;
    }

    void beginMap() { m_out << YAML::BeginMap; }
    void endMap() { m_out << YAML::EndMap; }
    void beginSeq() { m_out << YAML::BeginSeq; }
    void endSeq() { m_out << YAML::EndSeq; }

private:
    YAML::Emitter &m_out;
};

void writeReplicaConfig(Writer &w, const char *name, const ReplicaConfig &c)
{
    if (c.isEmpty())
        return;
    w.key(name);
    w.beginMap();
    if (c.acceleratorConfig) {
        w.key("acceleratorConfig");
        w.beginMap();
        w.field("count", c.acceleratorConfig->count);
        w.field("type", c.acceleratorConfig->type);
        w.endMap();
    }
    w.field("imageUri", c.imageUri);
    w.field("containerCommand", c.containerCommand);
    w.field("containerArgs", c.containerArgs);
    if (c.diskConfig) {
        w.key("diskConfig");
        w.beginMap();
        w.field("bootDiskSizeGb", c.diskConfig->bootDiskSizeGb);
        w.field("bootDiskType", c.diskConfig->bootDiskType);
        w.endMap();
    }
    w.field("tpuTfVersion", c.tpuTfVersion);
    w.endMap();
}

void writeRole(Writer &w, const TrainingInput &t, Role role)
{
    const RoleSpec &spec = t.role(role);
    const std::string prefix = roleKey(role).toStdString();
    w.field((prefix + "Type").c_str(), spec.type);
    if (role != Role::Master)
        w.field((prefix + "Count").c_str(), spec.count);
    writeReplicaConfig(w, (prefix + "Config").c_str(), spec.config);
}

void writeHyperparameters(Writer &w, const HyperparameterSpec &h)
{
    w.key("hyperparameters");
    w.beginMap();
    w.field("goal", h.goal);
    w.field("hyperparameterMetricTag", h.hyperparameterMetricTag);
    w.field("maxTrials", h.maxTrials);
    w.field("maxParallelTrials", h.maxParallelTrials);
    w.field("maxFailedTrials", h.maxFailedTrials);
    w.field("algorithm", h.algorithm);
    w.field("enableTrialEarlyStopping", h.enableTrialEarlyStopping);
    w.field("resumePreviousJobId", h.resumePreviousJobId);
    if (!h.params.isEmpty()) {
        w.key("params");
        w.beginSeq();
        for (const ParameterSpec &p : h.params) {
            w.beginMap();
            w.field("parameterName", p.parameterName);
            w.field("type", p.type);
            w.field("minValue", p.minValue);
            w.field("maxValue", p.maxValue);
            w.field("categoricalValues", p.categoricalValues);
            w.field("discreteValues", p.discreteValues);
            w.field("scaleType", p.scaleType);
            w.endMap();
        }
        w.endSeq();
    }
    w.endMap();
}

bool isEmpty(const TrainingInput &t)
{
    return t == TrainingInput();
}

void writeTrainingInput(Writer &w, const TrainingInput &t)
{
    w.key("trainingInput");
    w.beginMap();
    w.field("scaleTier", t.scaleTier);
    w.field("region", t.region);
    w.field("runtimeVersion", t.runtimeVersion);
    w.field("pythonVersion", t.pythonVersion);
    w.field("packageUris", t.packageUris);
    w.field("pythonModule", t.pythonModule);
    w.field("args", t.args);
    w.field("jobDir", t.jobDir);
    for (const Role role : allRoles)
        writeRole(w, t, role);
    if (t.scheduling) {
        w.key("scheduling");
        w.beginMap();
        w.field("maxRunningTime", t.scheduling->maxRunningTime);
        w.field("maxWaitTime", t.scheduling->maxWaitTime);
        w.field("priority", t.scheduling->priority);
        w.field("restartJobOnWorkerRestart", t.scheduling->restartJobOnWorkerRestart);
        w.endMap();
    }
    if (t.hyperparameters)
        writeHyperparameters(w, *t.hyperparameters);
    w.field("network", t.network);
    w.field("serviceAccount", t.serviceAccount);
    if (!t.kmsKeyName.isEmpty()) {
        w.key("encryptionConfig");
        w.beginMap();
        w.field("kmsKeyName", t.kmsKeyName);
        w.endMap();
    }
    w.field("useChiefInTfConfig", t.useChiefInTfConfig);
    w.field("enableWebAccess", t.enableWebAccess);
    w.endMap();
}

void writeLocal(Writer &w, const LocalRun &local)
{
    w.key("trainyardLocal");
    w.beginMap();
    w.field("packagePath", local.packagePath);
    w.field("executable", local.executable);
    if (!local.env.isEmpty()) {
        w.key("env");
        w.beginMap();
        for (const EnvVar &e : local.env) {
            w.key(e.name);
            if (e.secret.isEmpty()) {
                w.text(e.value);
                continue;
            }
            w.beginMap();
            w.field("secret", e.secret);
            w.field("value", e.value);
            w.endMap();
        }
        w.endMap();
    }
    w.endMap();
}

} // namespace

QByteArray exportYaml(const Job &job, ExportScope scope)
{
    YAML::Emitter out;
    out.SetIndent(2);
    Writer w(out);
    w.beginMap();
    w.field("jobId", job.jobId);
    if (!job.labels.isEmpty()) {
        w.key("labels");
        w.beginMap();
        for (auto it = job.labels.cbegin(); it != job.labels.cend(); ++it) {
            w.key(it.key());
            w.text(it.value());
        }
        w.endMap();
    }
    if (!isEmpty(job.trainingInput))
        writeTrainingInput(w, job.trainingInput);
    if (scope == ExportScope::WithLocal && !job.local.isEmpty())
        writeLocal(w, job.local);
    w.endMap();
    QByteArray yaml(out.c_str(), static_cast<qsizetype>(out.size()));
    if (!yaml.endsWith('\n'))
        yaml.append('\n');
    return yaml;
}

} // namespace trainyard::jobspec
