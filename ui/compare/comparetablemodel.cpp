// SPDX-License-Identifier: MIT
#include "compare/comparetablemodel.h"

#include <QFont>
#include <cmath>
#include <limits>

namespace trainyard::ui::compare {

CompareTableModel::CompareTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    m_columns.append(Column{});
}

int CompareTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QStringList CompareTableModel::params() const
{
    QStringList names;
    for (const Column &c : m_columns) {
        if (c.kind == Kind::Param)
            names.append(c.key);
    }
    return names;
}

QList<CompareTableModel::Column> CompareTableModel::columnsFor(const QList<RunRow> &rows,
                                                               const QStringList &metrics) const
{
    QStringList names; // in order of first appearance
    for (const RunRow &row : rows) {
        for (auto it = row.params.cbegin(); it != row.params.cend(); ++it) {
            if (!names.contains(it.key()))
                names.append(it.key());
        }
    }
    QList<Column> differing;
    QList<Column> shared;
    for (const QString &name : std::as_const(names)) {
        bool differs = false;
        for (const RunRow &row : rows) {
            differs = differs || !row.params.contains(name) ||
                      row.params.value(name) != rows.first().params.value(name);
        }
        (differs ? differing : shared).append(Column{Kind::Param, name, 0, differs});
    }
    QList<Column> columns{Column{}};
    for (const RunRow &row : rows) {
        if (!row.objectiveName.isEmpty()) {
            columns.append(Column{Kind::Objective, row.objectiveName, 0, false});
            break;
        }
    }
    columns += differing;
    for (const QString &metric : metrics) {
        for (int stat = 0; stat < 3; ++stat)
            columns.append(Column{Kind::Stat, metric, stat, false});
    }
    columns += shared;
    return columns;
}

void CompareTableModel::update(const QList<RunRow> &rows, const QStringList &metrics)
{
    mergeColumns(columnsFor(rows, metrics));
    mergeRows(rows);
}

void CompareTableModel::mergeColumns(const QList<Column> &wanted)
{
    // Remove the columns not wanted any more (from the end, so indexes stay right).
    for (int c = int(m_columns.size()) - 1; c >= 0; --c) {
        if (!wanted.contains(m_columns.at(c))) {
            beginRemoveColumns({}, c, c);
            m_columns.removeAt(c);
            endRemoveColumns();
        }
    }
    // The kept ones must be in the wanted order; else (a parameter changed group) start over.
    QList<Column> kept;
    for (const Column &c : wanted) {
        if (m_columns.contains(c))
            kept.append(c);
    }
    if (kept != m_columns) {
        beginResetModel();
        m_columns = wanted;
        endResetModel();
        return;
    }
    for (int c = 0; c < wanted.size(); ++c) {
        if (c < m_columns.size() && m_columns.at(c) == wanted.at(c))
            continue;
        beginInsertColumns({}, c, c);
        m_columns.insert(c, wanted.at(c));
        endInsertColumns();
    }
}

void CompareTableModel::mergeRows(const QList<RunRow> &rows)
{
    auto indexOf = [this](const QString &name) {
        for (int r = 0; r < m_rows.size(); ++r) {
            if (m_rows.at(r).name == name)
                return r;
        }
        return -1;
    };
    for (int r = int(m_rows.size()) - 1; r >= 0; --r) {
        const QString name = m_rows.at(r).name;
        const bool wanted = std::any_of(rows.cbegin(), rows.cend(),
                                        [&name](const RunRow &row) { return row.name == name; });
        if (!wanted) {
            beginRemoveRows({}, r, r);
            m_rows.removeAt(r);
            endRemoveRows();
        }
    }
    for (const RunRow &row : rows) {
        const int r = indexOf(row.name);
        if (r < 0) {
            beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
            m_rows.append(row);
            endInsertRows();
            continue;
        }
        int firstChanged = -1;
        int lastChanged = -1;
        for (int c = 0; c < m_columns.size(); ++c) {
            if (cell(m_rows.at(r), m_columns.at(c), SortRole) !=
                    cell(row, m_columns.at(c), SortRole) ||
                cell(m_rows.at(r), m_columns.at(c), Qt::DisplayRole) !=
                    cell(row, m_columns.at(c), Qt::DisplayRole)) {
                if (firstChanged < 0)
                    firstChanged = c;
                lastChanged = c;
            }
        }
        m_rows[r] = row;
        if (firstChanged >= 0)
            Q_EMIT dataChanged(index(r, firstChanged), index(r, lastChanged));
    }
}

QVariant CompareTableModel::cell(const RunRow &row, const Column &column, int role) const
{
    switch (column.kind) {
    case Kind::Run:
        if (role == Qt::DisplayRole || role == SortRole)
            return row.name;
        if (role == Qt::DecorationRole)
            return row.color;
        if (role == Qt::ToolTipRole) {
            QStringList lines{row.name};
            for (auto it = row.params.cbegin(); it != row.params.cend(); ++it)
                lines.append(it.key() + QStringLiteral(" = ") + it.value());
            return lines.join(QLatin1Char('\n'));
        }
        return {};
    case Kind::Param: {
        if (!row.params.contains(column.key))
            return role == SortRole ? QVariant(QString()) : QVariant();
        const QString value = row.params.value(column.key);
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return value;
        if (role == SortRole) {
            bool ok = false;
            const double v = value.toDouble(&ok);
            return ok ? QVariant(v) : QVariant(value);
        }
        return {};
    }
    case Kind::Stat:
    case Kind::Objective: {
        const auto it = row.stats.constFind(column.key);
        const bool known =
            column.kind == Kind::Objective ? row.objective.has_value() : it != row.stats.cend();
        const double v = !known                           ? 0
                         : column.kind == Kind::Objective ? *row.objective
                         : column.stat == 0               ? it->last
                         : column.stat == 1               ? it->min
                                                          : it->max;
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        if (!known || std::isnan(v))
            return role == SortRole ? QVariant(-std::numeric_limits<double>::infinity())
                                    : QVariant();
        if (role == Qt::DisplayRole)
            return QString::number(v, 'g', 6);
        if (role == Qt::ToolTipRole)
            return QString::number(v, 'g', 17);
        if (role == SortRole)
            return v;
        return {};
    }
    }
    return {};
}

QVariant CompareTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    return cell(m_rows.at(index.row()), m_columns.at(index.column()), role);
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.size())
        return {};
    const Column &c = m_columns.at(section);
    if (role == Qt::DisplayRole) {
        switch (c.kind) {
        case Kind::Run:
            return tr("Run");
        case Kind::Param:
            return c.key;
        case Kind::Objective:
            return tr("Objective: %1").arg(c.key);
        case Kind::Stat:
            return c.stat == 0   ? tr("%1 last").arg(c.key)
                   : c.stat == 1 ? tr("%1 min").arg(c.key)
                                 : tr("%1 max").arg(c.key);
        }
    }
    if (role == DiffersRole)
        return c.differs;
    if (role == Qt::ToolTipRole && c.kind == Kind::Objective)
        return tr("The trial's final %1 as the service reports it (finalMetric: the last report "
                  "of hyperparameterMetricTag in the hypertune file)")
            .arg(c.key);
    if (role == Qt::ToolTipRole && c.kind == Kind::Param)
        return c.differs ? tr("%1: differs between the runs").arg(c.key)
                         : tr("%1: the same in every run").arg(c.key);
    if (role == Qt::FontRole && c.differs) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    return {};
}

} // namespace trainyard::ui::compare
