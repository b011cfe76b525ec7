// SPDX-License-Identifier: MIT
// The job list: one row per job of the store, refreshed by a store scan in a worker thread about
// once a second. Changes are merged row by row (insert/remove/dataChanged), never a reset, so
// selection and scroll position survive. Jobs started from the CLI or another window show up.
#pragma once

#include "store/jobstate.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QFutureWatcher>
#include <QHash>
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
    QString where; // "local", or the cloud engine and region ("Vertex AI · us-central1")

    bool operator==(const JobRow &o) const
    {
        return jobId == o.jobId && state == o.state && stateKnown == o.stateKnown &&
               stateError == o.stateError && shape == o.shape && region == o.region &&
               where == o.where;
    }
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
    // Starts the periodic refresh (the first scan runs at once).
    void start();
    void stop();
    void setRefreshInterval(int ms) { m_timer.setInterval(ms); }
    // Starts a scan now unless one is running (a finished scan is merged on the event loop).
    void refresh();
    // Merges a scan result: what the worker produced. Public for tests.
    void merge(const QList<JobRow> &rows);

    int rowOf(const QString &jobId) const;
    const JobRow *job(const QString &jobId) const;
    QString jobIdAt(int row) const;

    // Scans a store (the worker's function): every job with its state, shape and region.
    // `configCache` keeps shape/region per job ID (a config never changes).
    static QList<JobRow> scan(const QString &storeRoot,
                              QHash<QString, QPair<QString, QString>> configCache);

    static QString statusWord(store::JobStatus status);

Q_SIGNALS:
    // After every merge.
    void refreshed();
    // A job seen running went to SUCCEEDED, FAILED or CANCELLED.
    void jobEnded(const QString &jobId, trainyard::store::JobStatus status);

private:
    QVariant displayData(const JobRow &row, int column) const;
    QVariant sortData(const JobRow &row, int column) const;

    QString m_root;
    QList<JobRow> m_rows; // sorted by job ID
    QHash<QString, QPair<QString, QString>> m_configCache;
    QFutureWatcher<QList<JobRow>> m_watcher;
    QTimer m_timer;
};

} // namespace trainyard::ui::jobs
