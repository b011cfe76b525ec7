// SPDX-License-Identifier: MIT
// The recorded state of one job in the store (state.json): the job's lifecycle state with its
// times and error message, and per replica its process, port, state and restarts. Plain values;
// JSON in and out. A state.json that does not parse gives an error result, never a crash.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringView>
#include <optional>

namespace trainyard::store {

// Job.state of the service (reference §9). String forms are the API's: "QUEUED", ...
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

struct ReplicaState
{
    QString name;     // the replica's display and log name, e.g. "worker-1"
    QString taskType; // TF_CONFIG task type: chief, master, worker, ps, evaluator
    int index = 0;
    qint64 pid = 0;  // 0: not started
    qint64 pgid = 0; // the replica's own process group; 0: none yet
    int port = 0;
    ReplicaStatus state = ReplicaStatus::Pending;
    std::optional<int> exitCode; // of the last run
    int restartCount = 0;
    QDateTime lastStart; // UTC

    bool operator==(const ReplicaState &o) const;
    bool operator!=(const ReplicaState &o) const { return !(*this == o); }
};

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
    QList<ReplicaState> replicas;

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
