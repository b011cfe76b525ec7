// SPDX-License-Identifier: MIT
// The replicas of one run, or of one tuning trial, in the job's owner: their processes, their
// part of the state (store::ReplicaState), and the rules that keep them going:
//  - A replica exiting non-zero (or killed by a signal) is restarted with the same launch up to
//    RunSettings::maxRestarts times; past that the whole set is rerun (RunSettings::jobReruns
//    times, default 0), then the set FAILS with a message naming the replica, its exit code and
//    the last lines of its stderr.
//  - Failures a restart cannot fix fail the set at once: the program cannot be started, the
//    package or working directory is missing (checked before launch), Python reports
//    "No module named ...", or a port is "Address already in use".
//  - The primary (chief/master) exiting 0 ends the set SUCCEEDED; the others are stopped.
//  - Rehearsed restarts (rehearsal.h): a VM maintenance event (SIGTERM, grace, SIGKILL, the same
//    launch again, not counted) or a crash (SIGKILL, counted as above). With the spec's
//    scheduling.restartJobOnWorkerRestart any restart restarts every replica, as Vertex does.
//  - Every restart is recorded (store::RestartRecord) with the last step the replica reported
//    before it and the first after it (StepTracker); a replica that started over at its first
//    step after reaching a later one is warned about, in owner.log and in its own log, where a
//    mark line also shows each restart.
//  - Stopping: SIGTERM to the set's processes (Containment decides which descendants are the
//    set's), SIGKILL to those still alive after RunSettings::graceMs; finished() follows only
//    when none is left.
// The set never writes the state itself: it says changed() (write on the next poll) or
// changedNow() (write at once), and its owner composes the job's state from replicas().
#pragma once

#include "exec/environment.h"
#include "exec/rehearsal.h"
#include "exec/runsettings.h"
#include "exec/steptracker.h"
#include "jobspec/job.h"
#include "secrets/masker.h"
#include "store/jobstate.h"
#include "store/jobstore.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <functional>
#include <vector>

namespace trainyard::metrics {
class OwnerMetrics;
}

namespace trainyard::exec {

class Containment;
class ReplicaProcess;

// What a set is made from; one per run or per trial.
struct ReplicaSetConfig
{
    store::JobStore store;
    QString jobId;
    jobspec::Job job;
    service::ClusterLayout layout; // with this set's ports
    EnvironmentOptions options;    // trialId and trialParameters set for a trial
    RunSettings settings;
    secrets::Masker masker;                   // secret values masked in every stored line
    metrics::OwnerMetrics *metrics = nullptr; // fed as lines arrive; may be null
    // Variables set on top of each replica's planned environment, by replica name (the GPU
    // placement's CUDA_VISIBLE_DEVICES and CUDA_DEVICE_ORDER).
    QHash<QString, QList<QPair<QString, QString>>> extraEnvironment;
    // Whether the job has been asked to cancel (a signal to the owner may reach a group too).
    std::function<bool()> cancelRequested;
    // A replica's log could not be written from atMs on (errno `error`): logs::LogWriter::stopped.
    std::function<void(const QString &logName, int error, qint64 atMs)> logStopped;
};

// A replica that runs now, for samplers that watch the job's processes.
struct LiveReplica
{
    QString logName; // the replica's log name: "chief-0", or "chief-0.trial-2" in a trial
    QString trialId; // empty outside tuning
    qint64 pid = 0;
    qint64 pgid = 0;
};

class ReplicaSet : public QObject
{
    Q_OBJECT

public:
    static constexpr int RestartDelayMs = 100;
    static constexpr int StderrLinesInError = 5;

    ReplicaSet(ReplicaSetConfig config, Containment *containment, QObject *parent = nullptr);
    ~ReplicaSet() override;

    // Plans the launches, checks them (preflight) and creates the replicas. Empty on success,
    // else why nothing can start.
    QString setUp();
    // Starts every replica: parameter servers and workers, evaluators, the primary last.
    void start();
    // Stops the set with this outcome; ignored when it is stopping already or done.
    void stop(store::JobStatus outcome, const QString &errorMessage);
    // Follows a stop in progress (grace period, SIGKILL); the owner calls it on every poll.
    void poll();

    bool isActive() const
    {
        return m_phase == Phase::Starting || m_phase == Phase::Running ||
               m_phase == Phase::Stopping;
    }
    bool isStopping() const { return m_phase == Phase::Stopping; }
    bool isDone() const { return m_phase == Phase::Done; }
    QString trialId() const { return m_config.options.trialId; }
    const service::ClusterLayout &layout() const { return m_config.layout; }
    const EnvironmentOptions &options() const { return m_config.options; }
    const QList<store::ReplicaState> &replicas() const { return m_states; }
    int attempt() const { return m_attempt; }
    const std::vector<ReplicaProcess *> &processes() const { return m_processes; }
    QList<LiveReplica> liveReplicas() const;

    // The replica of this set with that log name ("worker-0", "worker-0.trial-2"), or -1.
    int replicaIndex(const QString &logName) const;
    // Makes the event happen to a replica (rehearsal.h). Empty when it was done, else why not
    // (not running, already restarting, the set is stopping).
    QString rehearse(const QString &logName, RehearsalEvent event);
    // --rehearse-maintenance: one maintenance event per replica at maintenanceDelayMs() after
    // the set first runs.
    void scheduleMaintenance(const QString &jobId);

Q_SIGNALS:
    void changed();    // the replicas' state changed: written on the next poll
    void changedNow(); // written at once (a watching console needs it)
    void running();    // every replica has started (also after a rerun)
    void rerunning();  // the whole set is started again (RunSettings::jobReruns)
    // The set has stopped and none of its processes is left. The message is empty for
    // SUCCEEDED and for a user's cancel.
    void finished(store::JobStatus outcome, const QString &errorMessage);

private:
    enum class Phase { Idle, Starting, Running, Stopping, Done };

    void startAll(bool keepRestarts = false);
    void onStarted(int index, qint64 pid);
    void onExited(int index, int exitCode, bool crashed);
    void onFailedToStart(int index, const QString &message);
    void restartReplica(int index, int generation);
    // Restart bookkeeping (replicarestarts.cpp).
    void observeLine(int index, const char *data, qsizetype size);
    void recordRestart(int index, const QString &reason, bool counted);
    void onExitBeforeRestart(int index);
    void onRestarted(int index);
    QString logNameOf(int index) const
    {
        return store::trialLogName(m_states.at(index).name, trialId());
    }
    void restartEveryReplica(int index, const QString &reason, bool counted);
    bool restartsEveryReplica() const;
    void onMaintenanceExit(int index);
    void beginStop(store::JobStatus outcome, const QString &errorMessage, bool rerun);
    void completeStop();
    QString failureMessage(int index, int exitCode, bool crashed, const QString &reason) const;

    ReplicaSetConfig m_config;
    Containment *m_containment;
    std::vector<ReplicaProcess *> m_processes; // children of this
    QList<store::ReplicaState> m_states;       // same order
    Phase m_phase = Phase::Idle;
    int m_generation = 0; // bumped on stop: pending restarts of an older generation are void
    int m_attempt = 0;    // rerun number of the set, 0 for the first run
    store::JobStatus m_outcome = store::JobStatus::Failed;
    QString m_outcomeMessage;
    bool m_rerunAfterStop = false;
    QElapsedTimer m_stopTimer;
    bool m_killSent = false;
    // Rehearsals: the event each replica is going through (none: std::nullopt).
    std::vector<std::optional<RehearsalEvent>> m_rehearsing;
    std::vector<StepTracker> m_steps;   // per replica
    std::vector<bool> m_restartPending; // a restart is recorded; the replica is not started
    bool m_restartAllAfterStop = false; // restartJobOnWorkerRestart: stopping to restart all
    bool m_maintenanceScheduled = false;
};

} // namespace trainyard::exec
