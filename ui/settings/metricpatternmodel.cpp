// SPDX-License-Identifier: MIT
#include "settings/metricpatternmodel.h"

#include "metrics/extract.h"

#include <QApplication>
#include <QFontDatabase>
#include <QIcon>
#include <QStyle>

namespace trainyard::ui {

MetricPatternModel::MetricPatternModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

MetricPatternModel::~MetricPatternModel() = default;

MetricPatternModel::Entry MetricPatternModel::makeEntry(const QString &text)
{
    Entry entry;
    entry.text = text;
    if (text.isEmpty()) {
        entry.problem = tr("Empty: type a pattern. Empty patterns are not saved.");
        entry.status = entry.problem;
        return entry;
    }
    const metrics::UserPattern pattern = metrics::UserPattern::fromString(text);
    entry.problem = pattern.problem();
    if (!entry.problem.isEmpty()) {
        entry.status = entry.problem;
        return entry;
    }
    QStringList names;
    bool step = false;
    for (const QString &group : pattern.regex.namedCaptureGroups()) {
        if (group == QLatin1String("step"))
            step = true;
        else if (!group.isEmpty() && !names.contains(group))
            names.append(group);
    }
    const QString list = names.join(QLatin1String(", "));
    if (step) {
        //: %1: the metric names of the pattern's named groups, e.g. "eval_auc, eval_loss"
        entry.status = tr("Usable: finds %1 and the step.").arg(list);
    } else {
        //: %1: the metric names of the pattern's named groups, e.g. "eval_auc, eval_loss"
        entry.status = tr("Usable: finds %1.").arg(list);
    }
    return entry;
}

QStringList MetricPatternModel::patterns() const
{
    QStringList out;
    out.reserve(m_entries.size());
    for (const Entry &e : m_entries)
        out.append(e.text);
    return out;
}

void MetricPatternModel::setPatterns(const QStringList &patterns)
{
    beginResetModel();
    m_entries.clear();
    for (const QString &text : patterns)
        m_entries.append(makeEntry(text));
    endResetModel();
}

int MetricPatternModel::appendPattern(const QString &pattern)
{
    const int row = int(m_entries.size());
    beginInsertRows(QModelIndex(), row, row);
    m_entries.append(makeEntry(pattern));
    endInsertRows();
    return row;
}

QString MetricPatternModel::pattern(int row) const
{
    return row >= 0 && row < m_entries.size() ? m_entries.at(row).text : QString();
}

QString MetricPatternModel::problem(int row) const
{
    return row >= 0 && row < m_entries.size() ? m_entries.at(row).problem : QString();
}

QString MetricPatternModel::status(int row) const
{
    return row >= 0 && row < m_entries.size() ? m_entries.at(row).status : QString();
}

int MetricPatternModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int MetricPatternModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant MetricPatternModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_entries.at(index.row());
    switch (role) {
    case ProblemRole:
        return e.problem;
    case UsableRole:
        return e.problem.isEmpty();
    default:
        break;
    }
    if (index.column() == PatternColumn) {
        switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole:
            return e.text;
        case Qt::ToolTipRole:
            return e.problem.isEmpty() ? e.text : e.problem;
        case Qt::FontRole:
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        case Qt::DecorationRole:
            if (!e.problem.isEmpty())
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
            return {};
        default:
            return {};
        }
    }
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return e.status;
    default:
        return {};
    }
}

QVariant MetricPatternModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case PatternColumn:
            return tr("Pattern");
        case StatusColumn:
            return tr("Status");
        default:
            return {};
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role); // rows numbered from 1
}

Qt::ItemFlags MetricPatternModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == PatternColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

bool MetricPatternModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != PatternColumn ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const QString text = value.toString();
    if (m_entries.at(index.row()).text == text)
        return true;
    m_entries[index.row()] = makeEntry(text);
    Q_EMIT dataChanged(index.siblingAtColumn(0), index.siblingAtColumn(NUM_COLUMNS - 1));
    return true;
}

bool MetricPatternModel::removeRows(int row, int count, const QModelIndex &parent)
{
    if (parent.isValid() || row < 0 || count <= 0 || row + count > m_entries.size())
        return false;
    beginRemoveRows(parent, row, row + count - 1);
    m_entries.remove(row, count);
    endRemoveRows();
    return true;
}

bool MetricPatternModel::moveRows(const QModelIndex &sourceParent, int sourceRow, int count,
                                  const QModelIndex &destinationParent, int destinationChild)
{
    if (sourceParent.isValid() || destinationParent.isValid() || sourceRow < 0 || count <= 0 ||
        sourceRow + count > m_entries.size() || destinationChild < 0 ||
        destinationChild > m_entries.size() ||
        (destinationChild >= sourceRow && destinationChild <= sourceRow + count))
        return false;
    beginMoveRows(sourceParent, sourceRow, sourceRow + count - 1, destinationParent,
                  destinationChild);
    const QList<Entry> moved = m_entries.mid(sourceRow, count);
    m_entries.remove(sourceRow, count);
    const int to = destinationChild > sourceRow ? destinationChild - count : destinationChild;
    for (int i = 0; i < count; ++i)
        m_entries.insert(to + i, moved.at(i));
    endMoveRows();
    return true;
}

} // namespace trainyard::ui
