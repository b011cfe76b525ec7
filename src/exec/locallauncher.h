// SPDX-License-Identifier: MIT
// LocalLauncher: the one way to start, cancel and follow a job on this machine, used by the
// wizard, the job console and the CLI (the shape of hotspot's PerfRecord: one object, signals).
//
// start() stores the job and starts its owner process (startLocalJob) in a worker thread (the
// store's writes are fsync'd, a process start forks): started() or failed() follows on the
// launcher's thread. A followed job (follow(), or every started one with setFollowStarted())
// has its recorded state read in a worker every followInterval() ms, and finished() tells its
// end. A job whose owner died meanwhile is
// recovered by the store's rule (store::isOrphaned, store::recoverOrphans), so it ends too.
// cancel() asks the job's owner to cancel (exec::requestCancel: a file the owner polls).
#pragma once

#include "exec/runsettings.h"
#include "exec/startlocaljob.h"
#include "jobspec/job.h"
#include "store/jobstate.h"
#include "store/jobstore.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

namespace trainyard::exec {

class LocalLauncher : public QObject
{
    Q_OBJECT
public:
    static constexpr int DefaultFollowIntervalMs = 500;

    // storeRoot empty: store::JobStore::defaultRoot(). The owner program (`PROGRAM supervise
    // JOB_ID`) defaults to defaultOwnerProgram().
    explicit LocalLauncher(const QString &storeRoot = {}, QObject *parent = nullptr);
    // Waits for starts still running (a job is never left half stored by a closing window).
    ~LocalLauncher() override;

    QString storeRoot() const { return m_root; }
    void setStoreRoot(const QString &root);
    QString ownerProgram() const { return m_ownerProgram; }
    void setOwnerProgram(const QString &program) { m_ownerProgram = program; }
    // This application unless set: trainyard-gui sets the lean `trainyard` beside it, so its
    // jobs' owners never load the GUI's libraries. Set before launchers are made.
    static QString defaultOwnerProgram();
    static void setDefaultOwnerProgram(const QString &program);
    int followInterval() const { return m_followTimer.interval(); }
    void setFollowInterval(int ms) { m_followTimer.setInterval(ms); }

    // Stores `job` and starts its owner in a worker thread; started() or failed() follows.
    void start(const jobspec::Job &job, const RunSettings &settings);
    // The same on the caller's thread, for a caller with no GUI thread to keep free (the CLI):
    // returns the outcome and emits started() or failed() before returning. An owner started
    // ahead (`standby`, see ownerstandby.h) is given the job instead of starting one.
    StartResult startNow(const jobspec::Job &job, const RunSettings &settings,
                         OwnerStandby *standby = nullptr);
    // Starts still running in a worker.
    bool isStarting() const { return !m_starting.isEmpty(); }
    bool isStarting(const QString &jobId) const { return m_starting.contains(jobId); }

    // Asks the job's owner to cancel it (does not block: one small file). The job's end comes
    // with finished() when followed.
    store::StoreResult cancel(const QString &jobId) const;

    // Follows a job until its recorded state is terminal: finished() then.
    void follow(const QString &jobId);
    // Follows every job this launcher starts from its start (off by default: a window that
    // lists the store learns of the end from the store's watcher).
    void setFollowStarted(bool on) { m_followStarted = on; }
    bool isFollowing(const QString &jobId) const { return m_followed.contains(jobId); }

    // "The job ID could not be started: REASON", the one sentence a window shows for failed().
    static QString startFailedMessage(const QString &jobId, const QString &errorMessage);

Q_SIGNALS:
    // The job is stored and its owner process runs it.
    void started(const QString &jobId);
    // The job did not start; errorMessage says why (the store's or the owner's reason). A job
    // that was stored is recorded as FAILED with that reason.
    void failed(const QString &jobId, const QString &errorMessage, bool idTaken);
    // A followed job ended: SUCCEEDED, FAILED or CANCELLED (its state.json says so).
    void finished(const QString &jobId, trainyard::store::JobStatus status);

private:
    struct FollowedState
    {
        QString jobId;
        bool exists = false;
        store::JobStatus status = store::JobStatus::Queued;
    };
    void report(const QString &jobId, const StartResult &result);
    void pollFollowed();
    void onFollowPassFinished();
    static QList<FollowedState> readFollowed(const QString &storeRoot, const QStringList &ids);

    QString m_root;
    QString m_ownerProgram;
    QMultiHash<QString, QFutureWatcher<StartResult> *> m_starting; // by job ID
    QSet<QString> m_followed;
    bool m_followStarted = false;
    QTimer m_followTimer;
    QFutureWatcher<QList<FollowedState>> m_followPass;
};

} // namespace trainyard::exec
