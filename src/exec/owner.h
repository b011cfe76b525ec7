// SPDX-License-Identifier: MIT
// The owner of one running job (`trainyard supervise JOB_ID`, started detached by a console).
//
// It holds the job's OwnerLock for its whole life (consoles judge liveness by that lock, see
// store/ownerlock.h), plans the cluster and the replicas' launches from the stored spec and
// run.json, starts one ReplicaProcess per replica, and writes the lifecycle to state.json:
//   QUEUED -> PREPARING -> RUNNING -> SUCCEEDED | FAILED;  any live state -> CANCELLING ->
//   CANCELLED
//
// Its parts, each with its own state (Owner itself only wires them and keeps the job's
// lifecycle):
//  - ReplicaSet (replicaset.h): one run's or one trial's replicas with their restart and rerun
//    rules and their part of the state.
//  - TrialRunner (trialrunner.h): a tuning job's trials, several at once where the machine can
//    hold them, each a ReplicaSet with its own ports and GPUs.
//  - GPU placement (jobgpuplan.h, gpuplacement.h): which GPUs each replica sees, decided before
//    anything starts from NVML's inventory; a job the machine cannot hold is refused then.
//  - Containment (containment.h): every descendant of the owner is the job's; signals them
//    and records their identities in the state so recovery can kill them by identity when the
//    owner itself dies.
//
// Job rules:
//  - scheduling.maxRunningTime, counted from RUNNING, cancels the job when exceeded;
//    the CANCELLED job's errorMessage says so.
//  - Stopping (success, failure, cancel): SIGTERM to every replica's process group and every
//    other descendant of the owner (a child subreaper, containment.h: daemons that started a
//    session of their own stay its descendants), SIGKILL to those still alive after
//    RunSettings::graceMs; the job reaches its final state only when no descendant is left.
//  - State writes are checked (store/atomicwrite.h); one that fails (disk full) is retried on
//    every poll, the outcome kept in memory. The final state gets the job's space reserve; if
//    it still cannot be written the owner retries for RetryFinalWriteMs, then exits noting
//    "no space left on device: PATH" (and the next look at the store reports the job).
//  - Nothing is lost without a word: a replica's log that cannot be written (a full disk) and
//    the store's disk falling below the free-space floor while the job runs (checked every
//    second) are noted in owner.log and kept in the state's warnings (store::JobWarning), which
//    the CLI's end line, `jobs describe` and the console's Overview show with the outcome.
//
// Cancel requests: a console creates <job>/cancel (exec::requestCancel), which the owner polls
// every 100 ms. A file is used rather than a signal to the recorded owner pid because a pid can
// be reused by an unrelated process once the owner is gone, and a file also works when the
// request arrives before the owner has started. SIGTERM/SIGINT to the owner itself also cancel.
#pragma once

#include "exec/containment.h"
#include "exec/environment.h"
#include "exec/ports.h"
#include "exec/replicaset.h"
#include "exec/runsettings.h"
#include "exec/trialrunner.h"
#include "jobspec/job.h"
#include "metrics/ownermetrics.h"
#include "metrics/systemsampler.h"
#include "secrets/masker.h"
#include "service/trials.h"
#include "store/jobstore.h"
#include "store/ownerlock.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <memory>
#include <optional>
#include <vector>

namespace trainyard::exec {

class ReplicaSet;
class TrialRunner;

class Owner : public QObject
{
    Q_OBJECT

public:
    static constexpr int PollIntervalMs = 100;
    static constexpr int RecordProcessesEvery = 5; // polls: every 500 ms
    static constexpr int CheckSpaceEvery = 10;     // polls: the store's free space every second
    static constexpr int RetryFinalWriteMs = 10000;

    Owner(const store::JobStore &store, const QString &jobId, QObject *parent = nullptr);
    ~Owner() override;

    // Claims the job and starts it; finished() follows, also when the job cannot be claimed.
    void start();
    // Cancels as a cancel request would (used for signals to the owner).
    void cancel();

    store::JobStatus status() const { return m_state.state; }

    // The replicas running now, with their log names and pids (of every trial running), for
    // samplers of the job's processes; replicasChanged() says when the list may have changed.
    QList<LiveReplica> liveReplicas() const;

Q_SIGNALS:
    // 0: SUCCEEDED; 1: FAILED or CANCELLED; 3: the job could not be claimed.
    void finished(int exitCode);
    // A replica started, restarted or ended, or a trial started: liveReplicas() changed.
    void replicasChanged();

private:
    enum class Phase { Idle, Running, Stopping, Done };

    bool prepare();
    // The ports of `slotCount` slots (one cluster each), claimed for the job on the machine
    // (m_ports). False: the job ended.
    bool reservePorts(const service::ClusterLayout &layout, int slotCount,
                      QList<service::ClusterLayout> *layouts);
    ReplicaSetConfig setConfig(); // non-const: its callbacks reach back into the owner
    void connectPart(QObject *part);
    // Opens the metric store and the system sampler; once, when the replicas first run (or
    // when the job ends before that).
    void startMetrics();
    void onRunning();
    void onFinished(store::JobStatus outcome, const QString &errorMessage);
    void stopJob(store::JobStatus outcome, const QString &errorMessage);
    void poll();
    // A replica's log stopped (a full disk): noted, and kept in the state's warnings.
    void onLogStopped(const QString &logName, int error, qint64 atMs);
    // The store's free space against the floor (store::FreeSpace): a note and a warning in the
    // state when it falls below, before the disk is full.
    void checkSpace();
    // Rehearsal requests (rehearsal.h) waiting in <job>/requests, handed to the replicas.
    void takeRehearsals();
    // True when a replica of the job (of a trial running now) has this log name.
    bool isReplicaOfJob(const QString &logName) const;
    void finishEarly(store::JobStatus outcome, const QString &errorMessage);
    void finishWith(int exitCode);
    // False when the write failed; the state is then written again (durably) on the next poll.
    bool writeState(store::Durability durability = store::Durability::Durable);
    // The final state could not be written (disk full): retried until RetryFinalWriteMs.
    void retryFinalWrite(int exitCode);

    store::JobStore m_store;
    QString m_jobId;
    store::OwnerLock m_lock;
    store::JobState m_state;
    RunSettings m_settings;
    jobspec::Job m_job;
    service::ClusterLayout m_layout; // with its ports
    EnvironmentOptions m_envOptions; // of every trial; the trial's ID and values added
    QList<TrialSlot> m_slots;        // tuning: where trials run (ports, GPUs)
    QHash<QString, QList<QPair<QString, QString>>> m_gpuEnvironment; // a plain run's, by replica
    secrets::Masker m_masker; // secret values of this job, masked in every stored log line
    Containment m_containment;
    PortReservations m_ports;    // the replicas' ports, claimed machine-wide while the owner lives
    ReplicaSet *m_run = nullptr; // a plain run's replicas
    TrialRunner *m_trials = nullptr; // a tuning job's trials
    QTimer m_poll;
    // PREPARING, synced on the pool while preparing; the next write waits for it.
    std::optional<QFuture<store::StoreResult>> m_backgroundWrite;
    metrics::OwnerMetrics *m_metrics = nullptr;       // the job's metric store, fed as lines arrive
    bool m_metricsStarted = false;                    // startMetrics() ran
    std::unique_ptr<metrics::SystemSampler> m_system; // system/* series: the replicas' trees, GPUs
    QSet<QString> m_sampled;    // the replicas m_system samples (their log names)
    bool m_gpusPresent = false; // NVML's helper listed GPUs when the job was prepared
    Phase m_phase = Phase::Idle;
    bool m_dirty = false;
    bool m_writeFailing = false; // the last state write failed (e.g. disk full)
    bool m_cancelRequested = false;
    QSet<QByteArray> m_stuckRequests; // entries of requests/ refused that cannot be removed
    bool m_spaceLow = false; // below the floor since the last note (re-armed at twice the floor)
    int m_pollCount = 0;
    QElapsedTimer m_finalWriteTimer; // since the final state's first failed write
    QElapsedTimer m_runningTimer;    // since the first RUNNING
    qint64 m_maxRunningMs = 0;       // scheduling.maxRunningTime; 0: none
};

// The owner process's main: runs the job in an event loop until it ends. SIGTERM, SIGINT and
// SIGHUP cancel the job. Needs a QCoreApplication. Returns Owner's exit code.
int runOwner(const store::JobStore &store, const QString &jobId);

// Starts `program supervise --store ROOT JOB_ID` detached (its own session, surviving the
// console), with its output in <job>/owner.log. Returns the pid, or 0 with *error set.
qint64 startOwner(const store::JobStore &store, const QString &jobId, const QString &program,
                  QString *error);

namespace detail {
// One timestamped line on the owner's stderr, which runOwner() sends to <job>/owner.log.
void note(const QString &message);
} // namespace detail

} // namespace trainyard::exec
