// SPDX-License-Identifier: MIT
// The recorded state of one job in the store (state.json): the job's lifecycle state with its
// times and error message, and per replica its process, port, state and restarts. Plain values;
// JSON in and out. A state.json that does not parse gives an error result, never a crash.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringView>
#include <optional>

namespace trainyard::store {

// Job.state of the service (docs/service.md §9). String forms are the API's: "QUEUED", ...
enum class JobStatus { Queued, Preparing, Running, Succeeded, Failed, Cancelling, Cancelled };

QString jobStatusName(JobStatus status);
std::optional<JobStatus> jobStatusFromName(QStringView name);
// SUCCEEDED, FAILED and CANCELLED.
bool isTerminal(JobStatus status);

// State of one replica process: "PENDING", "RUNNING", "RESTARTING", "SUCCEEDED", "FAILED",
// "STOPPED" (stopped by us: the primary finished, or the job was cancelled).
enum class ReplicaStatus { Pending, Running, Restarting, Succeeded, Failed, Stopped };

QString replicaStatusName(ReplicaStatus status);
std::optional<ReplicaStatus> replicaStatusFromName(QStringView name);

// One restart of a replica, as the owner saw it. Reasons: "maintenance" (a VM maintenance event:
// SIGTERM, the grace period, SIGKILL, then the same launch again; not counted), "crash" (a
// rehearsed SIGKILL, counted as a failure), "exit" (the replica exited non-zero or was killed),
// "jobRestart" (scheduling.restartJobOnWorkerRestart: another replica restarted, so every replica
// did). Steps come from the replica's output (an explicit step=, global_step or "step" of its
// metric lines): the last it reported before, the first after; unset while unknown.
struct RestartRecord
{
    QDateTime time; // when it was started again (UTC)
    QString reason;
    std::optional<int> exitCode; // of the run that ended
    bool counted = false;        // against the failure restarts (RunSettings::maxRestarts)
    std::optional<qint64> stepBeforeRestart;
    std::optional<qint64> resumedAtStep;
    // The replica started over at its first step after reaching a later one (no checkpoint
    // restored).
    bool startedOver = false;

    bool operator==(const RestartRecord &o) const
    {
        return time == o.time && reason == o.reason && exitCode == o.exitCode &&
               counted == o.counted && stepBeforeRestart == o.stepBeforeRestart &&
               resumedAtStep == o.resumedAtStep && startedOver == o.startedOver;
    }
    bool operator!=(const RestartRecord &o) const { return !(*this == o); }
};

struct ReplicaState
{
    QString name;     // the replica's display and log name, e.g. "worker-1"
    QString taskType; // TF_CONFIG task type: chief, master, worker, ps, evaluator
    int index = 0;
    qint64 pid = 0;  // 0: not started
    qint64 pgid = 0; // the replica's own process group; 0: none yet
    // Start time (/proc/PID/stat field 22) of the group's leader (pid pgid) in JobState::bootId:
    // the group is signalled only while its leader is still that process (procidentity.h).
    quint64 leaderStartTime = 0;
    int port = 0;
    ReplicaStatus state = ReplicaStatus::Pending;
    std::optional<int> exitCode; // of the last run
    int restartCount = 0;
    QDateTime lastStart; // UTC
    // The tuning trial the replica runs in (trials may run side by side); empty outside tuning.
    QString trialId;
    // The CUDA_VISIBLE_DEVICES it was given ("" hides every GPU); unset: left as inherited.
    std::optional<QString> cudaVisibleDevices;
    // Every restart of this run (also those not counted in restartCount), oldest first.
    QList<RestartRecord> restarts;

    bool operator==(const ReplicaState &o) const;
    bool operator!=(const ReplicaState &o) const { return !(*this == o); }
};

// The final metric of a hyperparameter tuning trial (trainingOutput.trials[].finalMetric): the
// last report of the metric tag in the primary's hypertune file, with its global_step.
struct TrialMetric
{
    qint64 trainingStep = 0;
    double objectiveValue = 0;

    bool operator==(const TrialMetric &o) const
    {
        return trainingStep == o.trainingStep && objectiveValue == o.objectiveValue;
    }
    bool operator!=(const TrialMetric &o) const { return !(*this == o); }
};

// One trial of a hyperparameter tuning job (trainingOutput.trials[] of the service).
struct TrialState
{
    QString trialId;                        // "1", "2", ...
    QMap<QString, QString> hyperparameters; // name -> value as the service shows them
    JobStatus state = JobStatus::Queued;    // RUNNING, then SUCCEEDED, FAILED or CANCELLED
    QDateTime startTime;                    // UTC
    QDateTime endTime;
    std::optional<TrialMetric> finalMetric;
    QString errorMessage; // why it FAILED
    // Stopped by the early stopping rule (enableTrialEarlyStopping): SUCCEEDED, its last report
    // the final metric, as the service's HyperparameterOutput.isTrialStoppedEarly.
    bool isTrialStoppedEarly = false;

    bool operator==(const TrialState &o) const;
    bool operator!=(const TrialState &o) const { return !(*this == o); }
};

// The trials of a tuning job run locally one after the other; the last one listed is the
// current (or last) trial.
struct TuningState
{
    QString hyperparameterMetricTag; // the spec's, or training/hptuning/metric
    QString goal;                    // MAXIMIZE (default) or MINIMIZE
    qint64 maxTrials = 0;            // what the spec asks for
    int localTrials = 0;             // how many run locally (RunSettings::maxLocalTrials)
    // resumePreviousJobId: the job whose study this one continues, and how many of its trials
    // were observations (this job's trial IDs continue after them).
    QString resumedJobId;
    int resumedTrials = 0;
    QList<TrialState> trials;

    // Trials that SUCCEEDED (the service's completedTrialCount).
    int completedTrialCount() const;
    // The trials with a final metric, best first by the goal, then the others by ID.
    QList<TrialState> trialsBestFirst() const;

    bool operator==(const TuningState &o) const;
    bool operator!=(const TuningState &o) const { return !(*this == o); }
};

// The log (and hypertune file) name of a replica in a trial: "chief-0.trial-2"; the replica's
// own name when trialId is empty (not a tuning job).
QString trialLogName(const QString &replicaName, const QString &trialId);
// Whether a series' source belongs to trial `trialId`: a log or hypertune source named by
// trialLogName() for that trial ("chief-0.trial-2"), or a TensorBoard run (tensorBoardRun) in
// the trial's own folder of the job ("2", "2/train"). With an empty trialId every source does.
bool sourceBelongsToTrial(const QString &source, const QString &trialId, bool tensorBoardRun);
// A trial's source without its trial part: "chief-0.trial-2" -> "chief-0"; other sources as
// they are.
QString sourceWithoutTrial(const QString &source, const QString &trialId);

// Something the job lost, or nearly lost, while it ran. Said with the job's end wherever the
// end is shown (the CLI's end line, `jobs describe`, the console's Overview), so a job that
// SUCCEEDED with a log cut short by a full disk does not pass for a clean success.
struct JobWarning
{
    enum class Kind {
        // A replica's log could not be written from `time` on (a full disk, an I/O error): the
        // rest of that run's output is lost. subject: the log's name ("chief-0",
        // "chief-0.trial-2"); reason: the system's ("no space left on device").
        LogStopped,
        // The file system holding the store fell below the free-space floor (newJobSpaceFloor)
        // while the job ran: a warning before the disk is full. subject: the store's folder.
        LowSpace,
    };
    Kind kind = Kind::LogStopped;
    QDateTime time; // UTC
    QString subject;
    QString reason;
    qint64 freeBytes = 0;  // LowSpace: free then
    qint64 floorBytes = 0; // LowSpace: the floor

    bool operator==(const JobWarning &o) const
    {
        return kind == o.kind && time == o.time && subject == o.subject && reason == o.reason &&
               freeBytes == o.freeBytes && floorBytes == o.floorBytes;
    }
    bool operator!=(const JobWarning &o) const { return !(*this == o); }
};

// "logStopped", "lowSpace" (state.json's spelling).
QString jobWarningKindName(JobWarning::Kind kind);
// One warning as a sentence fragment, its time as the local clock shows it: "chief-0's log
// stopped at 13:10:10: no space left on device".
QString jobWarningText(const JobWarning &warning);

struct JobStateResult;

struct JobState
{
    JobStatus state = JobStatus::Queued;
    QDateTime createTime; // UTC; RFC 3339 in JSON
    QDateTime startTime;
    QDateTime endTime;
    QString errorMessage;
    int attempt = 0;     // whole-job rerun number, 0 for the first run
    qint64 ownerPid = 0; // informational only; liveness is the owner lock (ownerlock.h)
    // The boot the recorded processes ran in (/proc/sys/kernel/random/boot_id); after a reboot
    // none of them exists, whatever numbers now run.
    QString bootId;
    // Other processes of the job (descendants of the replicas, also those in sessions of their
    // own) as the owner saw them: what recovery kills when the owner itself died.
    struct RecordedProcess
    {
        qint64 pid = 0;
        quint64 startTime = 0;
        bool operator==(const RecordedProcess &o) const
        {
            return pid == o.pid && startTime == o.startTime;
        }
    };
    QList<RecordedProcess> processes;
    QList<ReplicaState> replicas;
    // Hyperparameter tuning jobs only; replicas are then those of the trials running now (or
    // last run), each with its trialId.
    std::optional<TuningState> tuning;
    // What was lost while the job ran, oldest first (JobWarning).
    QList<JobWarning> warnings;
    // jobWarningText() of each warning, joined by "; "; empty when there is none.
    QString warningsText() const;

    // The name of a replica's current log file: trialLogName() of the current trial.
    QString logName(const QString &replicaName) const;

    bool isTerminal() const { return store::isTerminal(state); }
    // Index into replicas, or -1.
    int replicaIndex(const QString &name) const;

    QByteArray toJson() const;
    static JobStateResult fromJson(const QByteArray &json);

    bool operator==(const JobState &o) const;
    bool operator!=(const JobState &o) const { return !(*this == o); }
};

struct JobStateResult
{
    JobState state;
    QString errorMessage; // empty on success

    explicit operator bool() const { return errorMessage.isEmpty(); }
};

} // namespace trainyard::store
