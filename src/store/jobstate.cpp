// SPDX-License-Identifier: MIT
// The JobState model: status names, comparisons, trial order, log names (JSON: jobstatejson.cpp).
#include "store/jobstate.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <array>
#include <utility>

namespace trainyard::store {

namespace {

constexpr std::array<std::pair<JobStatus, const char *>, 7> jobStatusNames = {{
    {JobStatus::Queued, "QUEUED"},
    {JobStatus::Preparing, "PREPARING"},
    {JobStatus::Running, "RUNNING"},
    {JobStatus::Succeeded, "SUCCEEDED"},
    {JobStatus::Failed, "FAILED"},
    {JobStatus::Cancelling, "CANCELLING"},
    {JobStatus::Cancelled, "CANCELLED"},
}};

constexpr std::array<std::pair<ReplicaStatus, const char *>, 6> replicaStatusNames = {{
    {ReplicaStatus::Pending, "PENDING"},
    {ReplicaStatus::Running, "RUNNING"},
    {ReplicaStatus::Restarting, "RESTARTING"},
    {ReplicaStatus::Succeeded, "SUCCEEDED"},
    {ReplicaStatus::Failed, "FAILED"},
    {ReplicaStatus::Stopped, "STOPPED"},
}};

} // namespace

bool TrialState::operator==(const TrialState &o) const
{
    return trialId == o.trialId && hyperparameters == o.hyperparameters && state == o.state &&
           startTime == o.startTime && endTime == o.endTime && finalMetric == o.finalMetric &&
           errorMessage == o.errorMessage && isTrialStoppedEarly == o.isTrialStoppedEarly;
}

int TuningState::completedTrialCount() const
{
    return int(std::count_if(trials.cbegin(), trials.cend(),
                             [](const TrialState &t) { return t.state == JobStatus::Succeeded; }));
}

QList<TrialState> TuningState::trialsBestFirst() const
{
    QList<TrialState> sorted = trials;
    const bool minimize = goal == QLatin1String("MINIMIZE");
    std::stable_sort(
        sorted.begin(), sorted.end(), [minimize](const TrialState &a, const TrialState &b) {
            if (a.finalMetric.has_value() != b.finalMetric.has_value())
                return a.finalMetric.has_value();
            if (!a.finalMetric)
                return false; // keep the trials' order
            return minimize ? a.finalMetric->objectiveValue < b.finalMetric->objectiveValue
                            : a.finalMetric->objectiveValue > b.finalMetric->objectiveValue;
        });
    return sorted;
}

bool TuningState::operator==(const TuningState &o) const
{
    return hyperparameterMetricTag == o.hyperparameterMetricTag && goal == o.goal &&
           maxTrials == o.maxTrials && localTrials == o.localTrials &&
           resumedJobId == o.resumedJobId && resumedTrials == o.resumedTrials && trials == o.trials;
}

QString trialLogName(const QString &replicaName, const QString &trialId)
{
    return trialId.isEmpty() ? replicaName : replicaName + QStringLiteral(".trial-") + trialId;
}

bool sourceBelongsToTrial(const QString &source, const QString &trialId, bool tensorBoardRun)
{
    if (trialId.isEmpty())
        return true;
    if (tensorBoardRun)
        return source == trialId || source.startsWith(trialId + QLatin1Char('/'));
    return source.endsWith(QStringLiteral(".trial-") + trialId);
}

QString sourceWithoutTrial(const QString &source, const QString &trialId)
{
    const QString suffix = QStringLiteral(".trial-") + trialId;
    if (trialId.isEmpty() || !source.endsWith(suffix))
        return source;
    return source.chopped(suffix.size());
}

QString JobState::logName(const QString &replicaName) const
{
    if (!tuning || tuning->trials.isEmpty())
        return replicaName;
    return trialLogName(replicaName, tuning->trials.constLast().trialId);
}

QString jobStatusName(JobStatus status)
{
    for (const auto &[s, name] : jobStatusNames) {
        if (s == status)
            return QLatin1String(name);
    }
    return {};
}

std::optional<JobStatus> jobStatusFromName(QStringView name)
{
    for (const auto &[s, text] : jobStatusNames) {
        if (name == QLatin1String(text))
            return s;
    }
    return std::nullopt;
}

bool isTerminal(JobStatus status)
{
    return status == JobStatus::Succeeded || status == JobStatus::Failed ||
           status == JobStatus::Cancelled;
}

QString replicaStatusName(ReplicaStatus status)
{
    for (const auto &[s, name] : replicaStatusNames) {
        if (s == status)
            return QLatin1String(name);
    }
    return {};
}

std::optional<ReplicaStatus> replicaStatusFromName(QStringView name)
{
    for (const auto &[s, text] : replicaStatusNames) {
        if (name == QLatin1String(text))
            return s;
    }
    return std::nullopt;
}

bool ReplicaState::operator==(const ReplicaState &o) const
{
    return name == o.name && taskType == o.taskType && index == o.index && pid == o.pid &&
           pgid == o.pgid && leaderStartTime == o.leaderStartTime && port == o.port &&
           state == o.state && exitCode == o.exitCode && restartCount == o.restartCount &&
           lastStart == o.lastStart && trialId == o.trialId &&
           cudaVisibleDevices == o.cudaVisibleDevices && restarts == o.restarts;
}

int JobState::replicaIndex(const QString &name) const
{
    for (int i = 0; i < replicas.size(); ++i) {
        if (replicas.at(i).name == name)
            return i;
    }
    return -1;
}

bool JobState::operator==(const JobState &o) const
{
    return state == o.state && createTime == o.createTime && startTime == o.startTime &&
           endTime == o.endTime && errorMessage == o.errorMessage && attempt == o.attempt &&
           ownerPid == o.ownerPid && bootId == o.bootId && processes == o.processes &&
           replicas == o.replicas && tuning == o.tuning && warnings == o.warnings;
}

QString jobWarningKindName(JobWarning::Kind kind)
{
    return kind == JobWarning::Kind::LowSpace ? QStringLiteral("lowSpace")
                                              : QStringLiteral("logStopped");
}

QString jobWarningText(const JobWarning &warning)
{
    const QString at = warning.time.isValid()
                           ? warning.time.toLocalTime().toString(QStringLiteral("HH:mm:ss"))
                           : QStringLiteral("?");
    if (warning.kind == JobWarning::Kind::LowSpace) {
        const QLocale c = QLocale::c();
        return QCoreApplication::translate("trainyard::JobState",
                                           "the disk holding the store was nearly full at %1: "
                                           "%2 free, less than %3")
            .arg(at, c.formattedDataSize(warning.freeBytes, 1, QLocale::DataSizeSIFormat),
                 c.formattedDataSize(warning.floorBytes, 1, QLocale::DataSizeSIFormat));
    }
    return QCoreApplication::translate("trainyard::JobState", "%1's log stopped at %2: %3")
        .arg(warning.subject, at, warning.reason);
}

QString JobState::warningsText() const
{
    QStringList texts;
    for (const JobWarning &warning : warnings)
        texts.append(jobWarningText(warning));
    return texts.join(QStringLiteral("; "));
}

} // namespace trainyard::store
