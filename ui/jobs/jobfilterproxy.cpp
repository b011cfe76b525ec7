// SPDX-License-Identifier: MIT
#include "jobs/jobfilterproxy.h"

#include "jobs/joblistmodel.h"
#include "store/jobstate.h"

#include <QDateTime>

namespace trainyard::ui::jobs {

JobFilterProxy::JobFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(JobListModel::SortRole);
    setDynamicSortFilter(true);
    sort(JobListModel::JobIdColumn, Qt::AscendingOrder);
}

void JobFilterProxy::setTextFilter(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

void JobFilterProxy::setStateFilter(StateFilter filter)
{
    if (filter == m_state)
        return;
    m_state = filter;
    invalidateFilter();
}

bool JobFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *model = sourceModel();
    const QModelIndex first = model->index(sourceRow, JobListModel::JobIdColumn, sourceParent);
    if (m_state != StateFilter::All) {
        const int status = first.data(JobListModel::StatusRole).toInt();
        using store::JobStatus;
        bool ok = false;
        switch (m_state) {
        case StateFilter::All:
            ok = true;
            break;
        case StateFilter::Active:
            ok = status >= 0 && !store::isTerminal(JobStatus(status));
            break;
        case StateFilter::Succeeded:
            ok = status == int(JobStatus::Succeeded);
            break;
        case StateFilter::Failed:
            ok = status == int(JobStatus::Failed) || status < 0;
            break;
        case StateFilter::Cancelled:
            ok = status == int(JobStatus::Cancelled);
            break;
        }
        if (!ok)
            return false;
    }
    if (m_text.isEmpty())
        return true;
    for (int column : {int(JobListModel::JobIdColumn), int(JobListModel::ShapeColumn),
                       int(JobListModel::RegionColumn)}) {
        if (model->index(sourceRow, column, sourceParent)
                .data(Qt::DisplayRole)
                .toString()
                .contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

QVariant JobFilterProxy::data(const QModelIndex &index, int role) const
{
    const QVariant value = QSortFilterProxyModel::data(index, role);
    if (role == Qt::ToolTipRole && index.column() == JobListModel::JobIdColumn &&
        value.toString().isEmpty())
        return QSortFilterProxyModel::data(index, Qt::DisplayRole);
    return value;
}

bool JobFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    if (l.metaType() == r.metaType() && l.metaType().id() == QMetaType::QDateTime)
        return l.toDateTime() < r.toDateTime();
    if (l.metaType() == r.metaType() && l.metaType().id() == QMetaType::QString)
        return QString::compare(l.toString(), r.toString(), Qt::CaseSensitive) < 0;
    const QPartialOrdering order = QVariant::compare(l, r);
    if (order == QPartialOrdering::Equivalent || order == QPartialOrdering::Unordered)
        return left.row() < right.row();
    return order == QPartialOrdering::Less;
}

} // namespace trainyard::ui::jobs
