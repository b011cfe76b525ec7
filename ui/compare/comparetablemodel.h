// SPDX-License-Identifier: MIT
// The Compare view's table: one row per run; first the Run column, then the hyperparameters and
// arguments whose values differ between the runs (as the HParams views of TensorBoard and W&B
// put them first), then last/min/max of each metric, then the parameters every run shares.
// For a tuning job's trials the objective (finalMetric) comes right after the Run column.
// Updates merge: rows are matched by run name, columns by what they hold; cells that changed get
// dataChanged, new columns and rows are inserted, gone ones removed. Only a column moving
// between the two parameter groups resets the model.
#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <QHash>
#include <QList>
#include <QMap>
#include <optional>

namespace trainyard::ui::compare {

struct RunStats
{
    double last = 0;
    double min = 0;
    double max = 0;
};

struct RunRow
{
    QString name;
    QColor color;
    QMap<QString, QString> params;  // hyperparameters and arguments
    QHash<QString, RunStats> stats; // metric -> the run's primary series' stats
    // A tuning job's trial: the objective as the service reports it (finalMetric, the last
    // report of hyperparameterMetricTag), which the Objective column and the scatter show.
    QString objectiveName = {};           // the metric tag; empty for runs that are no trials
    std::optional<double> objective = {}; // none while the trial runs or when it failed
};

class CompareTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { RunColumn, NUM_FIXED_COLUMNS };
    enum Roles {
        SortRole = Qt::UserRole, // the number (or text) a column sorts by
        DiffersRole,             // header: true for a parameter that differs between the runs
    };
    enum class Kind { Run, Param, Stat, Objective };
    struct Column
    {
        Kind kind = Kind::Run;
        QString key;  // parameter name or metric
        int stat = 0; // Stat: 0 last, 1 min, 2 max
        bool differs = false;
        bool operator==(const Column &o) const
        {
            return kind == o.kind && key == o.key && stat == o.stat && differs == o.differs;
        }
    };

    explicit CompareTableModel(QObject *parent = nullptr);

    // Merges the rows and the metrics (sorted) into the model.
    void update(const QList<RunRow> &rows, const QStringList &metrics);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    const QList<Column> &columns() const { return m_columns; }
    // Parameter names in column order (those that differ first).
    QStringList params() const;

private:
    QList<Column> columnsFor(const QList<RunRow> &rows, const QStringList &metrics) const;
    QVariant cell(const RunRow &row, const Column &column, int role) const;
    void mergeColumns(const QList<Column> &wanted);
    void mergeRows(const QList<RunRow> &rows);

    QList<RunRow> m_rows;
    QList<Column> m_columns;
};

} // namespace trainyard::ui::compare
