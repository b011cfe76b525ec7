// SPDX-License-Identifier: MIT
// Follows the job store for a job list: which jobs exist and in which state, as JobSummary
// values (jobsummary.h). The store is watched with file-system notifications
// (QFileSystemWatcher on the store's folder and on the folder of every job that is not
// finished); a finished job is read once and never again. A timer looks only at the jobs that
// are not finished: it re-reads them, and when one is orphaned (store::isOrphaned: its owner
// died) the pass runs the store's recovery, as the CLI does, so the job ends with its true final
// state. Every pass runs in a worker thread (QtConcurrent::run + QFutureWatcher); updated()
// brings the whole list, sorted by job ID, on the watcher's thread. Jobs started from the CLI or
// another window show up.
#pragma once

#include "joblist/jobsummary.h"

#include <QElapsedTimer>
#include <QFileSystemWatcher>
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

namespace trainyard::joblist {

class JobListWatcher : public QObject
{
    Q_OBJECT
public:
    static constexpr int RefreshIntervalMs = 1000;
    // Recovery reads the whole store: at most this often, whatever the timer says.
    static constexpr int RecoveryIntervalMs = 3000;

    // storeRoot empty: store::JobStore::defaultRoot().
    explicit JobListWatcher(const QString &storeRoot, QObject *parent = nullptr);
    ~JobListWatcher() override;

    QString storeRoot() const { return m_root; }
    // Starts watching (the first scan of the whole store runs at once).
    void start();
    void stop();
    // How often the jobs that are not finished are looked at (owner alive? state changed?).
    void setRefreshInterval(int ms) { m_timer.setInterval(ms); }
    // Lists the store and reads every job that is not settled (queued when a pass is running).
    void refresh();
    // Looks at the unsettled jobs now (owner liveness, recovery), as the timer does.
    void checkActive();
    // Paths watched right now (the store's folder and the folders of unsettled jobs).
    QStringList watchedPaths() const;
    // Passes run so far (for tests and the benchmark: an idle store runs none).
    int passCount() const { return m_passes; }
    // The list as of the last pass, sorted by job ID.
    const QList<JobSummary> &jobs() const { return m_rows; }

Q_SIGNALS:
    // After every pass: every job of the store, sorted by job ID.
    void updated(const QList<trainyard::joblist::JobSummary> &jobs);

private:
    void schedule();
    void runPass();
    void onPassFinished();
    void updateWatches();

    QString m_root;
    QList<JobSummary> m_rows; // sorted by job ID
    ConfigCache m_configCache;
    QFutureWatcher<ScanResult> m_watcher;
    QFileSystemWatcher m_fsWatcher;
    QTimer m_timer;    // looks at the unsettled jobs
    QTimer m_coalesce; // gathers bursts of notifications into one pass
    bool m_started = false;
    bool m_listPending = false;    // the store's folder changed: list it again
    QSet<QString> m_dirtyIds;      // job folders that changed
    bool m_recoverPending = false; // look for dead owners in the next pass
    QElapsedTimer m_sinceRecovery; // recovery at most every RecoveryIntervalMs
    int m_passes = 0;
};

} // namespace trainyard::joblist
