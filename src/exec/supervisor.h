// SPDX-License-Identifier: MIT
// The owner of one running job (`trainyard supervise JOB_ID`, started detached by a console).
//
// It holds the job's OwnerLock for its whole life (consoles judge liveness by that lock, see
// store/ownerlock.h), plans the cluster and the replicas' launches from the stored spec and
// run.json, starts one ReplicaProcess per replica, and writes the lifecycle to state.json:
//   QUEUED -> PREPARING -> RUNNING -> SUCCEEDED | FAILED;  any live state -> CANCELLING ->
//   CANCELLED
//
// Rules (docs/service.md §9):
//  - A replica exiting non-zero (or killed by a signal) is restarted with the same launch up to
//    RunSettings::maxRestarts times; past that the whole job is rerun (RunSettings::jobReruns
//    times, default 0), then the job FAILS with a message naming the replica, its exit code and
//    the last lines of its stderr.
//  - Failures a restart cannot fix fail the job at once: the program cannot be started, the
//    package or working directory is missing (checked before launch), Python reports
//    "No module named ...", or a port is "Address already in use".
//  - The primary (chief/master) exiting 0 ends the job SUCCEEDED; the others are stopped.
//  - scheduling.maxRunningTime, counted from RUNNING, cancels the job when exceeded (§9.7);
//    the CANCELLED job's errorMessage says so.
//  - Stopping (success, failure, cancel): SIGTERM to every replica's process group and every
//    other descendant of the owner (a child subreaper, containment.h: daemons that started a
//    session of their own stay its descendants), SIGKILL to those still alive after
//    RunSettings::graceMs; the job reaches its final state only when no descendant is left.
//    The descendants' identities are recorded in the state so recovery can kill them by
//    identity when the owner itself dies.
//  - State writes are checked (store/atomicwrite.h); one that fails (disk full) is retried on
//    every poll, the outcome kept in memory. The final state gets the job's space reserve; if
//    it still cannot be written the owner retries for RetryFinalWriteMs, then exits noting
//    "no space left on device: PATH" (and the next look at the store reports the job).
//
// Hyperparameter tuning (trainingInput.hyperparameters, docs/service.md §12; supervisortrials.cpp):
//  - The trials of exec::planTrials() run one after the other (maxParallelTrials is 1
//    locally: every trial is a whole cluster on the job's reserved ports), trial n with
//    TF_CONFIG task.trial "n", CLOUD_ML_TRIAL_ID, its --name=value arguments, AIP_* dirs under
//    <jobDir>/n/, and logs and hypertune files named <replica>.trial-<n> so none is overwritten.
//  - Within a trial the rules above apply (restarts, reruns); the trial's cluster failing
//    is a FAILED trial, the primary exiting 0 a SUCCEEDED one whose final metric is the last
//    report of the metric tag in the primary's hypertune file.
//  - No more trials start once maxFailedTrials trials have failed (the job FAILS then, as on the
//    service), or, with maxFailedTrials 0 ("the service decides"), when every trial so far has
//    failed (a first trial that fails ends the job). After the last trial the job SUCCEEDS when
//    a trial succeeded, else it FAILS naming the trials' errors. Cancel (or maxRunningTime)
//    stops the current trial: it and the job are CANCELLED.
//
// Cancel requests: a console creates <job>/cancel (exec::requestCancel), which the owner polls
// every 100 ms. A file is used rather than a signal to the recorded owner pid because a pid can
// be reused by an unrelated process once the owner is gone, and a file also works when the
// request arrives before the owner has started. SIGTERM/SIGINT to the owner itself also cancel.
#pragma once

#include "exec/environment.h"
#include "exec/runsettings.h"
#include "exec/trials.h"
#include "metrics/metricrecorder.h"
#include "secrets/masker.h"
#include "jobspec/job.h"
#include "store/jobstore.h"
#include "store/ownerlock.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <vector>

namespace trainyard::exec {

class ReplicaProcess;

class Supervisor : public QObject
{
    Q_OBJECT

public:
    static constexpr int PollIntervalMs = 100;
    static constexpr int RestartDelayMs = 100;
    static constexpr int StderrLinesInError = 5;
    static constexpr int RecordProcessesEvery = 5; // polls: every 500 ms
    static constexpr int RetryFinalWriteMs = 10000;

    Supervisor(const store::JobStore &store, const QString &jobId, QObject *parent = nullptr);
    ~Supervisor() override;

    // Claims the job and starts it; finished() follows, also when the job cannot be claimed.
    void start();
    // Cancels as a cancel request would (used for signals to the owner).
    void cancel();

    store::JobStatus status() const { return m_state.state; }

Q_SIGNALS:
    // 0: SUCCEEDED; 1: FAILED or CANCELLED; 3: the job could not be claimed.
    void finished(int exitCode);

private:
    enum class Phase { Idle, Starting, Running, Stopping, Done };

    bool prepare();
    // Plans the launches of the plain run or of the current trial and creates its replicas.
    // Empty on success, else why nothing can start.
    QString setUpReplicas();
    bool isTuning() const { return !m_trials.trials.isEmpty(); }
    QString trialId() const;
    // Tuning: plans the trials and records them in the state; false when the job ended.
    bool planTuning();
    // Tuning: starts trial `index` (0-based) of m_trials; false when the job ended instead.
    bool startTrial(int index);
    // Tuning: records the current trial's outcome; true when the job ends now with *outcome and
    // *message, false when the next trial has started.
    bool endTrial(store::JobStatus *outcome, QString *message);
    std::optional<store::TrialMetric> readFinalMetric() const;
    void startAll();
    void onStarted(int index, qint64 pid);
    void onExited(int index, int exitCode, bool crashed);
    void onFailedToStart(int index, const QString &message);
    void restartReplica(int index, int generation);
    void beginStop(store::JobStatus outcome, const QString &errorMessage, bool rerun = false);
    void poll();
    void completeStop();
    void finishEarly(store::JobStatus outcome, const QString &errorMessage);
    void finishWith(int exitCode);
    // False when the write failed; the state is then written again on the next poll.
    bool writeState();

    // Containment (supervisorcontainment.cpp): every descendant of the owner is the job's.
    // Records the live descendants' identities in the state (for recovery), reaps adopted ones.
    void recordProcesses();
    // Signals every replica group and every other descendant.
    void signalJobProcesses(int signal);
    // True while a replica runs or any descendant of the owner is alive.
    bool jobProcessesLeft();
    // The final state could not be written (disk full): retried until RetryFinalWriteMs.
    void retryFinalWrite(int exitCode);
    QString failureMessage(int index, int exitCode, bool crashed, const QString &reason) const;

    store::JobStore m_store;
    QString m_jobId;
    store::OwnerLock m_lock;
    store::JobState m_state;
    RunSettings m_settings;
    jobspec::Job m_job;
    LaunchPlan m_plan;
    ClusterLayout m_layout;          // with its ports
    EnvironmentOptions m_envOptions; // of every trial; the trial's ID and values added
    TrialPlan m_trials; // tuning: never empty once planned
    int m_trialIndex = -1;    // current trial, 0-based
    secrets::Masker m_masker; // secret values of this job, masked in every stored log line
    std::vector<ReplicaProcess *> m_replicas; // children of this
    QTimer m_poll;
    metrics::OwnerMetrics *m_metrics = nullptr; // the job's metric store, fed as lines arrive
    Phase m_phase = Phase::Idle;
    int m_generation = 0; // bumped on stop: pending restarts of an older generation are void
    bool m_dirty = false;
    bool m_writeFailing = false; // the last state write failed (e.g. disk full)
    bool m_cancelRequested = false;
    // Outcome of the stop in progress.
    store::JobStatus m_outcome = store::JobStatus::Failed;
    QString m_outcomeMessage;
    bool m_rerunAfterStop = false;
    QElapsedTimer m_stopTimer;
    bool m_killSent = false;
    int m_pollCount = 0;
    QElapsedTimer m_finalWriteTimer; // since the final state's first failed write
    QElapsedTimer m_runningTimer; // since the first RUNNING
    qint64 m_maxRunningMs = 0;    // scheduling.maxRunningTime; 0: none
};

// The owner process's main: runs the job in an event loop until it ends. SIGTERM, SIGINT and
// SIGHUP cancel the job. Needs a QCoreApplication. Returns Supervisor's exit code.
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
