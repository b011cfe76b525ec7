// SPDX-License-Identifier: MIT
// `trainyard jobs describe`: a job of the store as gcloud describes one.
#include "cli/jobdescribe.h"

#include "jobspec/yamlemit.h"
#include "jobspec/yamlio.h"
#include "store/jobstore.h"

#include <QCoreApplication>
#include <QMap>
#include <yaml-cpp/yaml.h>

namespace trainyard::cli {

QString rfc3339(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODate);
}

namespace {

class Jobs
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

std::string utf8(const QString &text)
{
    return text.toStdString();
}

// Top-level blocks of a YAML document as text, keyed by their key ("labels", "trainingInput").
QMap<QString, QString> topLevelBlocks(const QByteArray &yaml)
{
    QMap<QString, QString> blocks;
    QString key;
    const QList<QByteArray> lines = yaml.split('\n');
    for (const QByteArray &raw : lines) {
        const QString line = QString::fromUtf8(raw);
        if (!line.isEmpty() && !line.at(0).isSpace() && !line.startsWith(QLatin1Char('#'))) {
            const qsizetype colon = line.indexOf(QLatin1Char(':'));
            key = colon > 0 ? line.left(colon) : QString();
        }
        if (!key.isEmpty() && !line.isEmpty())
            blocks[key] += line + QLatin1Char('\n');
    }
    return blocks;
}

QString emitMap(const YAML::Node &node)
{
    if (node.size() == 0)
        return {};
    YAML::Emitter emitter;
    jobspec::yaml::emitNode(emitter, node);
    return QString::fromStdString(emitter.c_str()) + QLatin1Char('\n');
}

// The service's trainingOutput of a tuning job, keys in alphabetical order, int64 fields and
// parameter values as quoted strings as gcloud shows them; trials best first by the goal.
// localTrials says how many of maxTrials ran here.
QString trainingOutputYaml(const store::TuningState &tuning)
{
    YAML::Emitter e;
    const auto text = [&e](const char *key, const QString &value,
                           YAML::EMITTER_MANIP style = YAML::Auto) {
        e << YAML::Key << key << YAML::Value;
        jobspec::yaml::emitScalar(e, value, style);
    };
    e << YAML::BeginMap << YAML::Key << "trainingOutput" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "completedTrialCount" << YAML::Value << YAML::SingleQuoted
      << std::to_string(tuning.completedTrialCount());
    text("hyperparameterMetricTag", tuning.hyperparameterMetricTag);
    e << YAML::Key << "isHyperparameterTuningJob" << YAML::Value << true;
    text("localTrials",
         Jobs::tr("%1 of %2 trials run locally").arg(tuning.localTrials).arg(tuning.maxTrials));
    if (!tuning.resumedJobId.isEmpty())
        text("resumedStudy", Jobs::tr("continues the study of %1 (%n trial(s) as observations; "
                                      "trial IDs continue after them)",
                                      nullptr, tuning.resumedTrials)
                                 .arg(tuning.resumedJobId));
    e << YAML::Key << "trials" << YAML::Value << YAML::BeginSeq;
    for (const store::TrialState &t : tuning.trialsBestFirst()) {
        e << YAML::BeginMap;
        if (t.endTime.isValid())
            text("endTime", rfc3339(t.endTime));
        if (!t.errorMessage.isEmpty())
            text("errorMessage", t.errorMessage);
        if (t.finalMetric) {
            e << YAML::Key << "finalMetric" << YAML::Value << YAML::BeginMap;
            e << YAML::Key << "objectiveValue" << YAML::Value << t.finalMetric->objectiveValue;
            e << YAML::Key << "trainingStep" << YAML::Value << YAML::SingleQuoted
              << std::to_string(t.finalMetric->trainingStep);
            e << YAML::EndMap;
        }
        e << YAML::Key << "hyperparameters" << YAML::Value << YAML::BeginMap;
        for (auto it = t.hyperparameters.cbegin(); it != t.hyperparameters.cend(); ++it) {
            e << YAML::Key;
            jobspec::yaml::emitScalar(e, it.key());
            e << YAML::Value;
            jobspec::yaml::emitScalar(e, it.value(), YAML::SingleQuoted);
        }
        e << YAML::EndMap;
        if (t.isTrialStoppedEarly)
            e << YAML::Key << "isTrialStoppedEarly" << YAML::Value << true;
        if (t.startTime.isValid())
            text("startTime", rfc3339(t.startTime));
        text("state", store::jobStatusName(t.state));
        text("trialId", t.trialId, YAML::SingleQuoted);
        e << YAML::EndMap;
    }
    e << YAML::EndSeq << YAML::EndMap << YAML::EndMap;
    return QString::fromStdString(e.c_str()) + QLatin1Char('\n');
}

QString startedOverWarning(const store::RestartRecord &r)
{
    return Jobs::tr("started over at step %1 after reaching step %2; no checkpoint was restored. "
                    "Save checkpoints under the job dir regularly and restore the most recent "
                    "one at start.")
        .arg(r.resumedAtStep.value_or(0))
        .arg(r.stepBeforeRestart.value_or(0));
}

// A replica's restarts (store::RestartRecord): when, why, and whether it resumed.
YAML::Node restartsYaml(const QList<store::RestartRecord> &restarts)
{
    YAML::Node list(YAML::NodeType::Sequence);
    for (const store::RestartRecord &r : restarts) {
        YAML::Node n(YAML::NodeType::Map);
        if (r.time.isValid())
            n["time"] = utf8(rfc3339(r.time));
        n["reason"] = utf8(r.reason);
        if (r.exitCode)
            n["exitCode"] = *r.exitCode;
        n["counted"] = r.counted;
        if (r.stepBeforeRestart)
            n["stepBeforeRestart"] = *r.stepBeforeRestart;
        if (r.resumedAtStep)
            n["resumedAtStep"] = *r.resumedAtStep;
        if (r.startedOver)
            n["warning"] = utf8(startedOverWarning(r));
        list.push_back(n);
    }
    return list;
}

} // namespace

QString describeYaml(const store::JobStore &store, const QString &jobId,
                     const store::JobState &state)
{
    QMap<QString, QString> spec;
    QByteArray config;
    if (store.readConfig(jobId, &config)) {
        const jobspec::ImportResult imported =
            jobspec::importJob(config, QStringLiteral("config.yaml"));
        spec = topLevelBlocks(jobspec::exportYaml(imported.job, jobspec::ExportScope::WithLocal));
    }
    YAML::Node head(YAML::NodeType::Map);
    if (state.createTime.isValid())
        head["createTime"] = utf8(rfc3339(state.createTime));
    if (state.endTime.isValid())
        head["endTime"] = utf8(rfc3339(state.endTime));
    if (!state.errorMessage.isEmpty())
        head["errorMessage"] = utf8(state.errorMessage);
    head["jobId"] = utf8(jobId);
    YAML::Node middle(YAML::NodeType::Map);
    if (state.startTime.isValid())
        middle["startTime"] = utf8(rfc3339(state.startTime));
    middle["state"] = utf8(store::jobStatusName(state.state));

    YAML::Node run(YAML::NodeType::Map);
    run["attempt"] = state.attempt;
    YAML::Node replicas(YAML::NodeType::Sequence);
    for (const store::ReplicaState &r : state.replicas) {
        YAML::Node n(YAML::NodeType::Map);
        n["name"] = utf8(r.name);
        if (!r.trialId.isEmpty())
            n["trial"] = utf8(r.trialId); // not "trialId": that names trainingOutput's trials
        n["state"] = utf8(store::replicaStatusName(r.state));
        // The GPUs it sees (NVML indices, CUDA_DEVICE_ORDER=PCI_BUS_ID); "" for none.
        if (r.cudaVisibleDevices)
            n["cudaVisibleDevices"] = utf8(*r.cudaVisibleDevices);
        if (r.pid > 0)
            n["pid"] = r.pid;
        if (r.port > 0)
            n["port"] = r.port;
        if (r.exitCode)
            n["exitCode"] = *r.exitCode;
        n["restartCount"] = r.restartCount;
        if (!r.restarts.isEmpty())
            n["restarts"] = restartsYaml(r.restarts);
        replicas.push_back(n);
    }
    run["replicas"] = replicas;
    run["logs"] = utf8(store.logsDir(jobId));
    // What the job lost while it ran (a log cut by a full disk, the disk nearly full).
    if (!state.warnings.isEmpty()) {
        YAML::Node warnings(YAML::NodeType::Sequence);
        for (const store::JobWarning &w : state.warnings) {
            YAML::Node n(YAML::NodeType::Map);
            n["kind"] = utf8(store::jobWarningKindName(w.kind));
            if (w.time.isValid())
                n["time"] = utf8(rfc3339(w.time));
            n["message"] = utf8(store::jobWarningText(w));
            warnings.push_back(n);
        }
        run["warnings"] = warnings;
    }
    YAML::Node tail(YAML::NodeType::Map);
    tail["trainyardRun"] = run;

    return emitMap(head) + spec.value(QStringLiteral("labels")) + emitMap(middle) +
           spec.value(QStringLiteral("trainingInput")) +
           (state.tuning ? trainingOutputYaml(*state.tuning) : QString()) +
           spec.value(QStringLiteral("trainyardLocal")) + emitMap(tail);
}

} // namespace trainyard::cli
