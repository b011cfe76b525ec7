// SPDX-License-Identifier: MIT
// The job list: one row per job of the store. The store is watched with file-system
// notifications (QFileSystemWatcher on the store's folder and on the folder of every job that is
// not finished); a finished job is read once and never again. A short timer looks only at the
// jobs that are not finished: it re-reads them, and when a job's owner has died (its lock is
// free) it runs the store's recovery (store::recoverOrphans, as the CLI does), so the job ends
// with its true final state. All reading happens in a worker thread. Changes are merged row by
// row (insert/remove/dataChanged), never a reset, so selection and scroll position survive.
// Jobs started from the CLI or another window show up.
#pragma once

#include "store/jobstate.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFileSystemWatcher>
#include <QFutureWatcher>
#include <QHash>
#include <QSet>
#include <QTimer>

namespace trainyard::ui::jobs {

// What the list shows of one job (read by the worker).
struct JobRow
{
    QString jobId;
    store::JobState state;
    bool stateKnown = true;
    QString stateError; // why the state is unknown
    QString shape;      // scale tier, or "CUSTOM: masterType" ...
    QString region;
    // A job folder the store cannot give a state for (store::StateReadResult::Failure::Broken
    // or Unreadable): no state.json past store::JobStore::NoStateGraceMs, an unreadable folder
    // or state.json. stateKnown is false then; stateError says why.
    bool broken = false;
    QString brokenReason; // short: "no state.json", "state.json unreadable", ...

    QString where; // "local", or the cloud engine and region ("Vertex AI · us-central1")
    bool cloud = false; // a cloud job (cloud/cloudjob.h): no local owner

    // Finished for good: read once, no longer watched.
    bool settled() const { return stateKnown && state.isTerminal(); }

    bool operator==(const JobRow &o) const
    {
        return jobId == o.jobId && state == o.state && stateKnown == o.stateKnown &&
               stateError == o.stateError && shape == o.shape && region == o.region &&
               broken == o.broken && brokenReason == o.brokenReason && where == o.where &&
               cloud == o.cloud;
    }
};

// What one worker pass produced (see JobListModel::scanStore).
struct ScanResult
{
    bool listed = false;    // allIds holds every job ID of the store
    QStringList allIds;     // sorted
    QList<JobRow> rows;     // the jobs read in this pass, sorted by job ID
    QStringList gone;       // IDs asked for that are no longer in the store
    QStringList recovered;  // jobs whose dead owner this pass recovered
};

class JobListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { JobIdColumn, StateColumn, CreatedColumn, DurationColumn, ShapeColumn,
                   RegionColumn, ReplicasColumn, RestartsColumn, WhereColumn, NUM_COLUMNS };
    enum Roles {
        JobIdRole = Qt::UserRole, // QString
        StatusRole,               // int (store::JobStatus), -1 when unknown
        SortRole,                 // typed value for sorting
        TerminalRole,             // bool
    };

    static constexpr int RefreshIntervalMs = 1000;

    explicit JobListModel(const QString &storeRoot, QObject *parent = nullptr);
    ~JobListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    QString storeRoot() const { return m_root; }
    // Starts watching (the first scan of the whole store runs at once).
    void start();
    void stop();
    // How often the jobs that are not finished are looked at (owner alive? state changed?).
    void setRefreshInterval(int ms) { m_timer.setInterval(ms); }
    // Lists the store and reads every job that is not settled, in the worker (queued when a
    // pass is running; a finished pass is merged on the event loop).
    void refresh();
    // Looks at the unsettled jobs now (owner liveness, recovery), as the timer does.
    void checkActive();
    // Paths watched right now (the store's folder and the folders of unsettled jobs).
    QStringList watchedPaths() const;
    // Worker passes run so far (for tests and the benchmark: an idle store runs none).
    int passCount() const { return m_passes; }
    // Merges a scan result: what the worker produced. Public for tests.
    void merge(const QList<JobRow> &rows);

    int rowOf(const QString &jobId) const;
    const JobRow *job(const QString &jobId) const;
    QString jobIdAt(int row) const;

    // Scans a store (the worker's function): every job with its state, shape and region.
    // `configCache` keeps shape/region per job ID (a config never changes).
    static QList<JobRow> scan(const QString &storeRoot,
                              QHash<QString, QPair<QString, QString>> configCache);
    // One worker pass: with `list`, the store's IDs are listed and every job not in `settled`
    // is read; without, only `ids` are read. With `recover`, jobs among those read that are not
    // finished and whose owner is dead get store::recoverOrphans() and are read again.
    static ScanResult scanStore(const QString &storeRoot, bool list, const QStringList &ids,
                                const QSet<QString> &settled,
                                QHash<QString, QPair<QString, QString>> configCache, bool recover);

    static QString statusWord(store::JobStatus status);
    // "Broken: <reason>", as the State column shows a broken job.
    static QString brokenWord(const QString &reason);
    // The short reasons a row can be broken for (for sizing the State column).
    static QStringList brokenReasons();
    // Rows that are broken now.
    int brokenCount() const { return m_brokenCount; }

Q_SIGNALS:
    // After every merge.
    void refreshed();
    // A job seen running went to SUCCEEDED, FAILED or CANCELLED.
    void jobEnded(const QString &jobId, trainyard::store::JobStatus status);

private:
    QVariant displayData(const JobRow &row, int column) const;
    QVariant sortData(const JobRow &row, int column) const;
    void schedule();
    void runPass();
    void onPassFinished();
    void updateWatches();

    QString m_root;
    QList<JobRow> m_rows; // sorted by job ID
    QHash<QString, QPair<QString, QString>> m_configCache;
    QFutureWatcher<ScanResult> m_watcher;
    QFileSystemWatcher m_fsWatcher;
    QTimer m_timer;    // looks at the unsettled jobs
    QTimer m_coalesce; // gathers bursts of notifications into one pass
    bool m_started = false;
    bool m_listPending = false;     // the store's folder changed: list it again
    QSet<QString> m_dirtyIds;       // job folders that changed
    bool m_recoverPending = false;  // look for dead owners in the next pass
    QElapsedTimer m_sinceRecovery;  // recovery at most every few seconds
    int m_passes = 0;
    int m_brokenCount = 0;
};

} // namespace trainyard::ui::jobs
