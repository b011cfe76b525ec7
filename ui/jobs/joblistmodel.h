// SPDX-License-Identifier: MIT
// The job list: one row per job of the store, as the core answers it (joblist::JobSummary).
// The model only models: a joblist::JobListWatcher (the core's) follows the store in a worker
// thread, runs its recovery rule and hands over the whole list; the model merges it row by row
// (insert/remove/dataChanged), never a reset, so selection and scroll position survive.
// start(), stop(), refresh(), checkActive() and the interval pass through to that watcher.
#pragma once

#include "joblist/joblistwatcher.h"
#include "joblist/jobsummary.h"

#include <QAbstractTableModel>

namespace trainyard::ui::jobs {

// What the list shows of one job: the core's summary.
using JobRow = joblist::JobSummary;

class JobListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns {
        JobIdColumn,
        StateColumn,
        CreatedColumn,
        DurationColumn,
        ShapeColumn,
        RegionColumn,
        ReplicasColumn,
        RestartsColumn,
        WhereColumn,
        NUM_COLUMNS
    };
    enum Roles {
        JobIdRole = Qt::UserRole, // QString
        StatusRole,               // int (store::JobStatus), -1 when unknown
        SortRole,                 // typed value for sorting
        TerminalRole,             // bool
    };

    static constexpr int RefreshIntervalMs = joblist::JobListWatcher::RefreshIntervalMs;

    explicit JobListModel(const QString &storeRoot, QObject *parent = nullptr);
    ~JobListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    QString storeRoot() const { return m_source->storeRoot(); }
    // The core's follower of the store that feeds this model.
    joblist::JobListWatcher *source() const { return m_source; }
    // Starts watching (the first scan of the whole store runs at once).
    void start() { m_source->start(); }
    void stop() { m_source->stop(); }
    // How often the jobs that are not finished are looked at (owner alive? state changed?).
    void setRefreshInterval(int ms) { m_source->setRefreshInterval(ms); }
    // Lists the store and reads every job that is not settled, in the worker.
    void refresh() { m_source->refresh(); }
    // Looks at the unsettled jobs now (owner liveness, recovery), as the timer does.
    void checkActive() { m_source->checkActive(); }
    // Paths watched right now (the store's folder and the folders of unsettled jobs).
    QStringList watchedPaths() const { return m_source->watchedPaths(); }
    // Worker passes run so far (for tests and the benchmark: an idle store runs none).
    int passCount() const { return m_source->passCount(); }
    // Merges the list the core produced (sorted by job ID). Public for tests.
    void merge(const QList<JobRow> &rows);

    int rowOf(const QString &jobId) const;
    const JobRow *job(const QString &jobId) const;
    QString jobIdAt(int row) const;

    // Every job of a store as the core reads it (joblist::listJobs; blocking, for tests and the
    // benchmark).
    static QList<JobRow> scan(const QString &storeRoot, joblist::ConfigCache configCache = {});

    static QString statusWord(store::JobStatus status);
    // "Broken: <reason>", as the State column shows a broken job.
    static QString brokenWord(const QString &reason);
    // The core's short reasons a row can be broken for (for sizing the State column).
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

    joblist::JobListWatcher *m_source; // the core's follower of the store
    QList<JobRow> m_rows;              // sorted by job ID
    int m_brokenCount = 0;
};

} // namespace trainyard::ui::jobs
