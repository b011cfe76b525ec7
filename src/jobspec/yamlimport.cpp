// SPDX-License-Identifier: MIT
// config.yaml import: bytes -> prescan -> bounded tree (yamltree) -> typed fields (yamlfields)
// -> Job. This file holds the schema: which keys exist where and what type each value has.
#include "jobspec/yamlfields.h"
#include "jobspec/yamlio.h"
#include "jobspec/yamltree.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace trainyard::jobspec {

namespace {

using yaml::FieldReader;
using Key = FieldReader::Key;

class JobSchema
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::YamlImport)

public:
    explicit JobSchema(FieldReader &reader)
        : r(reader)
    {}

    void readDocument(const yaml::Tree &tree, Job &job, SourceMap &sources);

private:
    FieldReader::Handler replicaConfig(ReplicaConfig &c);
    FieldReader::Handler hyperparameters(std::optional<HyperparameterSpec> &out);
    FieldReader::Handler parameter(QList<ParameterSpec> &params);
    FieldReader::Handler local(LocalRun &out);
    QList<Key> trainingInputKeys(TrainingInput &t);

    FieldReader &r;
};

const QStringList &outputOnlyJobKeys()
{
    static const QStringList keys = {
        QStringLiteral("createTime"),  QStringLiteral("startTime"),      QStringLiteral("endTime"),
        QStringLiteral("state"),       QStringLiteral("errorMessage"),   QStringLiteral("etag"),
        QStringLiteral("jobPosition"), QStringLiteral("trainingOutput"),
    };
    return keys;
}

FieldReader::Handler JobSchema::replicaConfig(ReplicaConfig &c)
{
    return [this, &c](int node, const QString &path) {
        r.readMapping(
            node, path,
            {
                {"acceleratorConfig",
                 [this, &c](int n, const QString &p) {
                     AcceleratorConfig a;
                     if (r.readMapping(n, p,
                                       {{"count", r.integer(a.count)}, {"type", r.string(a.type)}}))
                         c.acceleratorConfig = a;
                 }},
                {"imageUri", r.string(c.imageUri)},
                {"containerCommand", r.stringList(c.containerCommand)},
                {"containerArgs", r.stringList(c.containerArgs)},
                {"diskConfig",
                 [this, &c](int n, const QString &p) {
                     DiskConfig d;
                     if (r.readMapping(n, p,
                                       {{"bootDiskSizeGb", r.integer(d.bootDiskSizeGb)},
                                        {"bootDiskType", r.string(d.bootDiskType)}}))
                         c.diskConfig = d;
                 }},
                {"tpuTfVersion", r.string(c.tpuTfVersion)},
            });
    };
}

FieldReader::Handler JobSchema::parameter(QList<ParameterSpec> &params)
{
    return [this, &params](int node, const QString &path) {
        ParameterSpec s;
        const bool ok = r.readMapping(node, path,
                                      {
                                          {"parameterName", r.string(s.parameterName)},
                                          {"type", r.string(s.type)},
                                          {"minValue", r.number(s.minValue)},
                                          {"maxValue", r.number(s.maxValue)},
                                          {"categoricalValues", r.stringList(s.categoricalValues)},
                                          {"discreteValues", r.numberList(s.discreteValues)},
                                          {"scaleType", r.string(s.scaleType)},
                                      },
                                      {}, false);
        if (ok)
            params.append(s);
    };
}

FieldReader::Handler JobSchema::hyperparameters(std::optional<HyperparameterSpec> &out)
{
    return [this, &out](int node, const QString &path) {
        HyperparameterSpec h;
        const bool ok =
            r.readMapping(node, path,
                          {
                              {"goal", r.string(h.goal)},
                              {"params",
                               [this, &h](int n, const QString &p) {
                                   h.params.clear();
                                   r.forEachItem(n, p, parameter(h.params));
                               }},
                              {"maxTrials", r.integer(h.maxTrials)},
                              {"maxParallelTrials", r.integer(h.maxParallelTrials)},
                              {"maxFailedTrials", r.integer(h.maxFailedTrials)},
                              {"hyperparameterMetricTag", r.string(h.hyperparameterMetricTag)},
                              {"algorithm", r.string(h.algorithm)},
                              {"enableTrialEarlyStopping", r.boolean(h.enableTrialEarlyStopping)},
                              {"resumePreviousJobId", r.string(h.resumePreviousJobId)},
                          });
        if (ok)
            out = h;
    };
}

FieldReader::Handler JobSchema::local(LocalRun &out)
{
    return [this, &out](int node, const QString &path) {
        r.readMapping(node, path,
                      {
                          {"packagePath", r.string(out.packagePath, false)},
                          {"executable", r.string(out.executable, false)},
                          {"env",
                           [this, &out](int n, const QString &p) {
                               out.env.clear();
                               r.forEachEntry(
                                   n, p,
                                   [this, &out](const QString &name, int v, const QString &vp) {
                                       EnvVar e;
                                       e.name = name;
                                       if (r.isMapping(v)) {
                                           r.readMapping(v, vp,
                                                         {{"secret", r.string(e.secret, false)},
                                                          {"value", r.string(e.value, false)}});
                                       } else if (const std::optional<QString> text =
                                                      r.scalarText(v, vp, false)) {
                                           e.value = *text;
                                       }
                                       out.env.append(e);
                                   });
                           }},
                      });
    };
}

QList<Key> JobSchema::trainingInputKeys(TrainingInput &t)
{
    QList<Key> keys = {
        {"scaleTier", r.string(t.scaleTier)},
        {"packageUris", r.stringList(t.packageUris)},
        {"pythonModule", r.string(t.pythonModule)},
        {"args", r.stringList(t.args)},
        {"hyperparameters", hyperparameters(t.hyperparameters)},
        {"region", r.string(t.region)},
        {"jobDir", r.string(t.jobDir)},
        {"runtimeVersion", r.string(t.runtimeVersion)},
        {"pythonVersion", r.string(t.pythonVersion)},
        {"network", r.string(t.network)},
        {"serviceAccount", r.string(t.serviceAccount)},
        {"encryptionConfig",
         [this, &t](int n, const QString &p) {
             r.readMapping(n, p, {{"kmsKeyName", r.string(t.kmsKeyName)}});
         }},
        {"scheduling",
         [this, &t](int n, const QString &p) {
             Scheduling s;
             if (r.readMapping(
                     n, p,
                     {{"maxRunningTime", r.string(s.maxRunningTime)},
                      {"maxWaitTime", r.string(s.maxWaitTime)},
                      {"priority", r.integer(s.priority)},
                      {"restartJobOnWorkerRestart", r.boolean(s.restartJobOnWorkerRestart)}}))
                 t.scheduling = s;
         }},
        {"useChiefInTfConfig", r.boolean(t.useChiefInTfConfig)},
        {"enableWebAccess", r.boolean(t.enableWebAccess)},
    };
    for (const Role role : allRoles) {
        RoleSpec &spec = t.role(role);
        const QString prefix = roleKey(role);
        keys.append({prefix + QStringLiteral("Type"), r.string(spec.type)});
        if (role != Role::Master)
            keys.append({prefix + QStringLiteral("Count"), r.integer(spec.count)});
        keys.append({prefix + QStringLiteral("Config"), replicaConfig(spec.config)});
    }
    return keys;
}

void JobSchema::readDocument(const yaml::Tree &tree, Job &job, SourceMap &sources)
{
    const int root = tree.root();
    if (!r.isMapping(root)) {
        r.error(root, QString(),
                tr("expected a mapping at the top level, got %1").arg(r.describe(root)));
        return;
    }
    TrainingInput scratch;
    QStringList trainingInputNames;
    for (const Key &key : trainingInputKeys(scratch))
        trainingInputNames.append(key.name);

    const QStringList rootKeys = r.keysOf(root);
    const bool gcloudForm = rootKeys.contains(QLatin1String("jobId")) ||
                            rootKeys.contains(QLatin1String("labels")) ||
                            rootKeys.contains(QLatin1String("trainingInput"));
    const bool bare = !gcloudForm && std::any_of(rootKeys.cbegin(), rootKeys.cend(),
                                                 [&trainingInputNames](const QString &k) {
                                                     return trainingInputNames.contains(k);
                                                 });
    const QString trainyardLocal = QStringLiteral("trainyardLocal");
    const QString trainingInput = QStringLiteral("trainingInput");
    if (bare) {
        // A bare TrainingInput: its fields still live under "trainingInput." in the SourceMap.
        sources.positions.insert(trainingInput, tree.pos(root));
        QList<Key> keys = trainingInputKeys(job.trainingInput);
        keys.append({trainyardLocal,
                     [this, &job, &sources, &tree, &trainyardLocal](int n, const QString &) {
                         sources.positions.insert(trainyardLocal, tree.pos(n));
                         local(job.local)(n, trainyardLocal);
                     }});
        r.readMapping(root, trainingInput, keys);
        return;
    }
    r.readMapping(
        root, QString(),
        {
            {"jobId", r.string(job.jobId)},
            {"labels",
             [this, &job](int n, const QString &p) {
                 job.labels.clear();
                 r.forEachEntry(n, p, [this, &job](const QString &key, int v, const QString &vp) {
                     if (const std::optional<QString> text = r.scalarText(v, vp, true))
                         job.labels.insert(key, *text);
                 });
             }},
            {trainingInput,
             [this, &job](int n, const QString &p) {
                 r.readMapping(n, p, trainingInputKeys(job.trainingInput));
             }},
            {trainyardLocal, local(job.local)},
        },
        {outputOnlyJobKeys(), trainingInputNames});
}

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::YamlImport)
};

Diagnostic fileError(const QString &message)
{
    Diagnostic d;
    d.severity = Severity::Error;
    d.message = message;
    return d;
}

} // namespace

ImportResult importJob(const QByteArray &text, const QString &fileName)
{
    ImportResult result;
    result.sources.fileName = fileName;
    QByteArray bytes = text;
    if (!yaml::prescan(bytes, result.diagnostics))
        return result;
    const yaml::Tree tree = yaml::parse(bytes, result.diagnostics);
    if (tree.isEmpty())
        return result;
    if (tree.expandedSize(yaml::maxNodes) > yaml::maxNodes) {
        Diagnostic d = fileError(Messages::tr("document expands to too many nodes (aliases?); "
                                              "the limit is %1")
                                     .arg(yaml::maxNodes));
        d.pos = tree.pos(tree.root());
        result.diagnostics.append(d);
        return result;
    }
    FieldReader reader(tree, result.sources, result.diagnostics);
    JobSchema(reader).readDocument(tree, result.job, result.sources);
    reader.finish();
    return result;
}

ImportResult importJobFile(const QString &path, bool *unreadable)
{
    if (unreadable)
        *unreadable = false;
    const auto refuse = [&](const QString &message) {
        ImportResult result;
        result.sources.fileName = path;
        result.diagnostics.append(fileError(message));
        if (unreadable)
            *unreadable = true;
        return result;
    };
    const QFileInfo info(path);
    if (!info.exists())
        return refuse(Messages::tr("cannot read %1: no such file").arg(path));
    if (info.isDir())
        return refuse(Messages::tr("cannot read %1: it is a directory").arg(path));
    if (info.size() > maxConfigFileBytes) {
        return refuse(Messages::tr("cannot read %1: file is too large: %2 bytes, the limit is "
                                   "%3 bytes")
                          .arg(path)
                          .arg(info.size())
                          .arg(maxConfigFileBytes));
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return refuse(Messages::tr("cannot read %1: %2").arg(path, file.errorString()));
    // Read one byte past the limit: the file may have grown, or be a device without a size.
    const QByteArray bytes = file.read(maxConfigFileBytes + 1);
    if (bytes.size() > maxConfigFileBytes) {
        return refuse(Messages::tr("cannot read %1: file is larger than the limit of %2 bytes")
                          .arg(path)
                          .arg(maxConfigFileBytes));
    }
    if (file.error() != QFileDevice::NoError)
        return refuse(Messages::tr("cannot read %1: %2").arg(path, file.errorString()));
    return importJob(bytes, path);
}

} // namespace trainyard::jobspec
