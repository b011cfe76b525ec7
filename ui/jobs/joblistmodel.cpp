// SPDX-License-Identifier: MIT
#include "jobs/joblistmodel.h"

#include <QApplication>
#include <QIcon>
#include <QLocale>
#include <QStyle>
#include <algorithm>

namespace trainyard::ui::jobs {

using store::JobStatus;

JobListModel::JobListModel(const QString &storeRoot, QObject *parent)
    : QAbstractTableModel(parent)
    , m_source(new joblist::JobListWatcher(storeRoot, this))
{
    connect(m_source, &joblist::JobListWatcher::updated, this, &JobListModel::merge);
}

JobListModel::~JobListModel() = default;

QList<JobRow> JobListModel::scan(const QString &storeRoot, joblist::ConfigCache configCache)
{
    return joblist::listJobs(storeRoot, std::move(configCache));
}

void JobListModel::merge(const QList<JobRow> &fresh)
{
    // Both lists are sorted by job ID: one pass of removals, insertions and changes.
    int i = 0;
    int j = 0;
    while (i < m_rows.size() || j < fresh.size()) {
        if (j >= fresh.size() || (i < m_rows.size() && m_rows.at(i).jobId < fresh.at(j).jobId)) {
            int end = i + 1;
            while (end < m_rows.size() &&
                   (j >= fresh.size() || m_rows.at(end).jobId < fresh.at(j).jobId))
                ++end;
            beginRemoveRows({}, i, end - 1);
            m_rows.erase(m_rows.begin() + i, m_rows.begin() + end);
            endRemoveRows();
        } else if (i >= m_rows.size() || fresh.at(j).jobId < m_rows.at(i).jobId) {
            int count = 1;
            while (j + count < fresh.size() &&
                   (i >= m_rows.size() || fresh.at(j + count).jobId < m_rows.at(i).jobId))
                ++count;
            beginInsertRows({}, i, i + count - 1);
            for (int k = 0; k < count; ++k)
                m_rows.insert(i + k, fresh.at(j + k));
            endInsertRows();
            i += count;
            j += count;
        } else {
            const JobRow &now = fresh.at(j);
            JobRow &old = m_rows[i];
            const bool running = !old.state.isTerminal();
            if (!(old == now)) {
                const bool ended = old.stateKnown && !old.state.isTerminal() && now.stateKnown &&
                                   now.state.isTerminal();
                old = now;
                Q_EMIT dataChanged(index(i, 0), index(i, NUM_COLUMNS - 1));
                if (ended)
                    Q_EMIT jobEnded(now.jobId, now.state.state);
            } else if (running && old.state.startTime.isValid()) {
                Q_EMIT dataChanged(index(i, DurationColumn), index(i, DurationColumn));
            }
            ++i;
            ++j;
        }
    }
    m_brokenCount = int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                                      [](const JobRow &row) { return row.broken; }));
    Q_EMIT refreshed();
}

int JobListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int JobListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

int JobListModel::rowOf(const QString &jobId) const
{
    const auto it =
        std::lower_bound(m_rows.cbegin(), m_rows.cend(), jobId,
                         [](const JobRow &r, const QString &id) { return r.jobId < id; });
    return it != m_rows.cend() && it->jobId == jobId ? int(it - m_rows.cbegin()) : -1;
}

const JobRow *JobListModel::job(const QString &jobId) const
{
    const int row = rowOf(jobId);
    return row < 0 ? nullptr : &m_rows.at(row);
}

QString JobListModel::jobIdAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).jobId : QString();
}

QString JobListModel::statusWord(JobStatus status)
{
    switch (status) {
    case JobStatus::Queued:
        return tr("Queued");
    case JobStatus::Preparing:
        return tr("Preparing");
    case JobStatus::Running:
        return tr("Running");
    case JobStatus::Succeeded:
        return tr("Succeeded");
    case JobStatus::Failed:
        return tr("Failed");
    case JobStatus::Cancelling:
        return tr("Cancelling");
    case JobStatus::Cancelled:
        return tr("Cancelled");
    }
    return {};
}

QString JobListModel::brokenWord(const QString &reason)
{
    return tr("Broken: %1").arg(reason);
}

QStringList JobListModel::brokenReasons()
{
    QStringList words;
    for (const joblist::BrokenReason reason : joblist::brokenReasons())
        words.append(joblist::brokenReasonText(reason));
    return words;
}

namespace {

qint64 durationMs(const store::JobState &s)
{
    if (!s.startTime.isValid())
        return -1;
    const QDateTime end = s.endTime.isValid() ? s.endTime : QDateTime::currentDateTimeUtc();
    return std::max<qint64>(0, s.startTime.msecsTo(end));
}

QString formatDuration(qint64 ms)
{
    if (ms < 0)
        return {};
    const qint64 s = ms / 1000;
    if (s < 3600)
        return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

QIcon statusIcon(JobStatus status)
{
    QStyle *style = QApplication::style();
    switch (status) {
    case JobStatus::Queued:
    case JobStatus::Preparing:
        return style->standardIcon(QStyle::SP_BrowserReload);
    case JobStatus::Running:
        return style->standardIcon(QStyle::SP_MediaPlay);
    case JobStatus::Succeeded:
        return style->standardIcon(QStyle::SP_DialogApplyButton);
    case JobStatus::Failed:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case JobStatus::Cancelling:
    case JobStatus::Cancelled:
        return style->standardIcon(QStyle::SP_MediaStop);
    }
    return {};
}

int running(const store::JobState &s)
{
    return int(
        std::count_if(s.replicas.cbegin(), s.replicas.cend(), [](const store::ReplicaState &r) {
            return r.state == store::ReplicaStatus::Running;
        }));
}

int restarts(const store::JobState &s)
{
    int total = 0;
    for (const store::ReplicaState &r : s.replicas)
        total += r.restartCount;
    return total;
}

} // namespace

QVariant JobListModel::displayData(const JobRow &row, int column) const
{
    const store::JobState &s = row.state;
    switch (Columns(column)) {
    case JobIdColumn:
        return row.jobId;
    case StateColumn:
        if (row.broken)
            return brokenWord(joblist::brokenReasonText(row.brokenReason));
        return row.stateKnown ? statusWord(s.state) : tr("Unknown");
    case CreatedColumn:
        return s.createTime.isValid()
                   ? QLocale().toString(s.createTime.toLocalTime(), QLocale::ShortFormat)
                   : QString();
    case DurationColumn:
        return formatDuration(durationMs(s));
    case ShapeColumn:
        return row.shape;
    case RegionColumn:
        return row.region;
    case ReplicasColumn:
        return s.replicas.isEmpty() ? QString()
                                    : tr("%1/%2").arg(running(s)).arg(s.replicas.size());
    case RestartsColumn:
        return s.replicas.isEmpty() ? QVariant() : QVariant(restarts(s));
    case WhereColumn:
        return row.where;
    case NUM_COLUMNS:
        break;
    }
    return {};
}

QVariant JobListModel::sortData(const JobRow &row, int column) const
{
    const store::JobState &s = row.state;
    switch (Columns(column)) {
    case StateColumn:
        return row.stateKnown ? int(s.state) : -1;
    case CreatedColumn:
        return s.createTime;
    case DurationColumn:
        return durationMs(s);
    case ReplicasColumn:
        return running(s);
    case RestartsColumn:
        return restarts(s);
    default:
        return displayData(row, column);
    }
}

QVariant JobListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const JobRow &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(row, index.column());
    case Qt::DecorationRole:
        if (index.column() == StateColumn && row.broken)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        if (index.column() == StateColumn && row.stateKnown)
            return statusIcon(row.state.state);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == StateColumn) {
            if (!row.stateKnown)
                return row.stateError;
            if (!row.state.errorMessage.isEmpty())
                return row.state.errorMessage;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == RestartsColumn || index.column() == ReplicasColumn ||
            index.column() == DurationColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case JobIdRole:
        return row.jobId;
    case StatusRole:
        return row.stateKnown ? int(row.state.state) : -1;
    case SortRole:
        return sortData(row, index.column());
    case TerminalRole:
        return row.stateKnown && row.state.isTerminal();
    default:
        return {};
    }
}

QVariant JobListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Columns(section)) {
    case JobIdColumn:
        return tr("Job ID");
    case StateColumn:
        return tr("State");
    case CreatedColumn:
        return tr("Created");
    case DurationColumn:
        return tr("Duration");
    case ShapeColumn:
        return tr("Tier or shape");
    case RegionColumn:
        return tr("Region");
    case WhereColumn:
        return tr("Where");
    case ReplicasColumn:
        return tr("Replicas running");
    case RestartsColumn:
        return tr("Restarts");
    case NUM_COLUMNS:
        break;
    }
    return {};
}

} // namespace trainyard::ui::jobs
