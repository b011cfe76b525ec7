// SPDX-License-Identifier: MIT
#include "jobs/joblistmodel.h"

#include "jobspec/yamlio.h"
#include "cloud/cloudjob.h"
#include "store/jobstore.h"
#include "store/recovery.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QStyle>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <unistd.h>

namespace trainyard::ui::jobs {

using store::JobStatus;

JobListModel::JobListModel(const QString &storeRoot, QObject *parent)
    : QAbstractTableModel(parent)
    , m_root(storeRoot.isEmpty() ? store::JobStore::defaultRoot() : storeRoot)
{
    m_timer.setInterval(RefreshIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &JobListModel::checkActive);
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(50);
    connect(&m_coalesce, &QTimer::timeout, this, &JobListModel::runPass);
    connect(&m_watcher, &QFutureWatcher<ScanResult>::finished, this,
            &JobListModel::onPassFinished);
    connect(&m_fsWatcher, &QFileSystemWatcher::directoryChanged, this,
            [this](const QString &path) {
                if (path == m_root)
                    m_listPending = true;
                else
                    m_dirtyIds.insert(QFileInfo(path).fileName());
                schedule();
            });
}

JobListModel::~JobListModel()
{
    m_timer.stop();
    m_watcher.waitForFinished();
}

void JobListModel::start()
{
    m_started = true;
    // The store's folder must exist to be watched; a console is about to use it anyway.
    QDir().mkpath(m_root);
    updateWatches();
    refresh();
    m_timer.start();
}

void JobListModel::stop()
{
    m_started = false;
    m_timer.stop();
    m_coalesce.stop();
    const QStringList watched = m_fsWatcher.directories();
    if (!watched.isEmpty())
        m_fsWatcher.removePaths(watched);
}

QStringList JobListModel::watchedPaths() const
{
    return m_fsWatcher.directories() + m_fsWatcher.files();
}

void JobListModel::refresh()
{
    m_listPending = true;
    m_recoverPending = true;
    runPass();
}

void JobListModel::checkActive()
{
    for (const JobRow &row : std::as_const(m_rows)) {
        if (!row.settled())
            m_dirtyIds.insert(row.jobId);
    }
    // Without a watch on the store's folder (it could not be watched), list it every time.
    if (!m_fsWatcher.directories().contains(m_root))
        m_listPending = true;
    if (m_dirtyIds.isEmpty() && !m_listPending)
        return;
    m_recoverPending = true;
    runPass();
}

void JobListModel::schedule()
{
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

void JobListModel::runPass()
{
    if (m_watcher.isRunning() || (!m_listPending && m_dirtyIds.isEmpty()))
        return;
    const bool list = m_listPending;
    QSet<QString> settled;
    if (list) {
        for (const JobRow &row : std::as_const(m_rows)) {
            if (row.settled())
                settled.insert(row.jobId);
        }
    }
    QStringList ids(m_dirtyIds.cbegin(), m_dirtyIds.cend());
    std::sort(ids.begin(), ids.end());
    // Recovery reads the whole store: at most every few seconds, whatever the timer says.
    const bool recover =
        m_recoverPending && (!m_sinceRecovery.isValid() || m_sinceRecovery.elapsed() > 3000);
    m_listPending = false;
    m_dirtyIds.clear();
    if (recover)
        m_recoverPending = false;
    ++m_passes;
    m_watcher.setFuture(QtConcurrent::run(&JobListModel::scanStore, m_root, list, ids, settled,
                                          m_configCache, recover));
}

void JobListModel::onPassFinished()
{
    const ScanResult result = m_watcher.result();
    if (!result.recovered.isEmpty())
        m_sinceRecovery.start();
    QList<JobRow> fresh;
    if (result.listed) {
        fresh.reserve(result.allIds.size());
        qsizetype r = 0;
        for (const QString &id : result.allIds) {
            while (r < result.rows.size() && result.rows.at(r).jobId < id)
                ++r;
            if (r < result.rows.size() && result.rows.at(r).jobId == id)
                fresh.append(result.rows.at(r));
            else if (const JobRow *old = job(id))
                fresh.append(*old);
        }
    } else {
        fresh = m_rows;
        for (const JobRow &row : result.rows) {
            const auto it = std::lower_bound(
                fresh.begin(), fresh.end(), row.jobId,
                [](const JobRow &a, const QString &id) { return a.jobId < id; });
            if (it != fresh.end() && it->jobId == row.jobId)
                *it = row;
            else
                fresh.insert(it, row);
        }
        for (const QString &id : result.gone) {
            fresh.erase(std::remove_if(fresh.begin(), fresh.end(),
                                       [&id](const JobRow &row) { return row.jobId == id; }),
                        fresh.end());
        }
    }
    merge(fresh);
    if (m_started)
        updateWatches();
    if (m_listPending || !m_dirtyIds.isEmpty())
        schedule();
}

void JobListModel::updateWatches()
{
    QSet<QString> wanted;
    if (QFileInfo(m_root).isDir())
        wanted.insert(m_root);
    const store::JobStore store(m_root);
    for (const JobRow &row : std::as_const(m_rows)) {
        if (!row.settled())
            wanted.insert(store.jobDir(row.jobId));
    }
    QStringList drop;
    const QStringList watched = m_fsWatcher.directories();
    for (const QString &path : watched) {
        if (!wanted.remove(path))
            drop.append(path);
    }
    if (!drop.isEmpty())
        m_fsWatcher.removePaths(drop);
    if (!wanted.isEmpty())
        m_fsWatcher.addPaths(QStringList(wanted.cbegin(), wanted.cend()));
}

namespace {

using ConfigCache = QHash<QString, QPair<QString, QString>>;

// Shape and region from config.yaml; nothing is cached while it cannot be read.
QPair<QString, QString> configInfo(const store::JobStore &store, const QString &jobId,
                                   ConfigCache &cache)
{
    const auto cached = cache.constFind(jobId);
    if (cached != cache.cend())
        return *cached;
    QByteArray yaml;
    QPair<QString, QString> info;
    if (!store.readConfig(jobId, &yaml))
        return info;
    const jobspec::ImportResult imported = jobspec::importJob(yaml, QStringLiteral("config.yaml"));
    const jobspec::TrainingInput &in = imported.job.trainingInput;
    info.first = in.scaleTier;
    if (in.scaleTier == QLatin1String("CUSTOM") || in.scaleTier.isEmpty()) {
        info.first = in.master.type.isEmpty() ? in.scaleTier
                                              : QStringLiteral("CUSTOM: %1").arg(in.master.type);
    }
    info.second = in.region;
    cache.insert(jobId, info);
    return info;
}

// One job as the list shows it; false when the job is gone.
bool readRow(const store::JobStore &store, const QString &jobId, ConfigCache &cache, JobRow *row)
{
    using Failure = store::StateReadResult::Failure;
    store::StateReadResult read = store.readState(jobId);
    row->jobId = jobId;
    switch (read.failure) {
    case Failure::None:
        row->state = std::move(read.state);
        break;
    case Failure::NoSuchJob:
        return false;
    case Failure::NoState: { // a job being created: it lists as QUEUED for now
        const QFileInfo info(store.jobDir(jobId));
        const QDateTime born = info.birthTime().isValid() ? info.birthTime() : info.lastModified();
        row->state.createTime = born.toUTC();
        break;
    }
    case Failure::Broken: {
        // The store's verdict: an unreadable folder, or no state.json past its grace period.
        const QString dir = store.jobDir(jobId);
        const bool readable = ::access(QFile::encodeName(dir).constData(), R_OK | X_OK) == 0;
        row->broken = true;
        row->brokenReason = JobListModel::brokenReasons().at(readable ? 0 : 2);
        row->stateError = read.errorMessage;
        row->state.createTime = QFileInfo(dir).lastModified().toUTC();
        break;
    }
    case Failure::Unreadable:
        row->broken = true;
        row->brokenReason = JobListModel::brokenReasons().at(1);
        row->stateError = read.errorMessage;
        row->state.createTime = QFileInfo(store.jobDir(jobId)).lastModified().toUTC();
        break;
    }
    row->stateKnown = !row->broken;
    const QPair<QString, QString> info = configInfo(store, jobId, cache);
    row->shape = info.first;
    row->region = info.second;
    row->cloud = cloud::isCloudJob(store, jobId);
    row->where = cloud::whereText(store, jobId);
    return true;
}

// Not finished, and its owner is not running it: recovery's business. A QUEUED job no owner
// has claimed yet is left alone for recovery's grace period (its owner may be starting).
bool ownerLost(const store::JobStore &store, const JobRow &row)
{
    if (!row.stateKnown || row.state.isTerminal() || row.cloud)
        return false; // a cloud job has no local owner: the service runs it
    const store::JobState &s = row.state;
    if (s.state == JobStatus::Queued && s.ownerPid == 0 &&
        (!s.createTime.isValid() ||
         s.createTime.msecsTo(QDateTime::currentDateTimeUtc()) <
             store::RecoveryOptions().unclaimedGraceMs))
        return false;
    return !store.isOwnerAlive(row.jobId);
}

} // namespace

QList<JobRow> JobListModel::scan(const QString &storeRoot,
                                 QHash<QString, QPair<QString, QString>> configCache)
{
    return scanStore(storeRoot, true, {}, {}, std::move(configCache), false).rows;
}

ScanResult JobListModel::scanStore(const QString &storeRoot, bool list, const QStringList &ids,
                                   const QSet<QString> &settled,
                                   QHash<QString, QPair<QString, QString>> configCache,
                                   bool recover)
{
    const store::JobStore store(storeRoot);
    ScanResult result;
    result.listed = list;
    QStringList toRead;
    if (list) {
        result.allIds = store.ids();
        for (const QString &id : std::as_const(result.allIds)) {
            if (!settled.contains(id))
                toRead.append(id);
        }
    } else {
        toRead = ids;
    }
    result.rows.reserve(toRead.size());
    bool lost = false;
    for (const QString &id : std::as_const(toRead)) {
        JobRow row;
        if (!readRow(store, id, configCache, &row)) {
            result.gone.append(id);
            continue;
        }
        lost = lost || (recover && ownerLost(store, row));
        result.rows.append(std::move(row));
    }
    if (lost) {
        // The CLI's recovery, for the whole store: it takes each orphan's owner lock, ends
        // what is left of its replicas and records the job's end.
        const QList<store::RecoveredJob> recovered = store::recoverOrphans(store);
        for (const store::RecoveredJob &job : recovered) {
            result.recovered.append(job.jobId);
            const auto it = std::lower_bound(
                result.rows.begin(), result.rows.end(), job.jobId,
                [](const JobRow &a, const QString &id) { return a.jobId < id; });
            if (it != result.rows.end() && it->jobId == job.jobId) {
                JobRow row;
                if (readRow(store, job.jobId, configCache, &row))
                    *it = std::move(row);
            }
        }
    }
    return result;
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
    for (const JobRow &row : fresh) {
        if (!row.shape.isEmpty() || !row.region.isEmpty())
            m_configCache.insert(row.jobId, {row.shape, row.region});
    }
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
    const auto it = std::lower_bound(m_rows.cbegin(), m_rows.cend(), jobId,
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
    case JobStatus::Queued: return tr("Queued");
    case JobStatus::Preparing: return tr("Preparing");
    case JobStatus::Running: return tr("Running");
    case JobStatus::Succeeded: return tr("Succeeded");
    case JobStatus::Failed: return tr("Failed");
    case JobStatus::Cancelling: return tr("Cancelling");
    case JobStatus::Cancelled: return tr("Cancelled");
    }
    return {};
}

QString JobListModel::brokenWord(const QString &reason)
{
    return tr("Broken: %1").arg(reason);
}

QStringList JobListModel::brokenReasons()
{
    return {tr("no state.json"), tr("state.json unreadable"), tr("folder unreadable")};
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
    case JobStatus::Preparing: return style->standardIcon(QStyle::SP_BrowserReload);
    case JobStatus::Running: return style->standardIcon(QStyle::SP_MediaPlay);
    case JobStatus::Succeeded: return style->standardIcon(QStyle::SP_DialogApplyButton);
    case JobStatus::Failed: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case JobStatus::Cancelling:
    case JobStatus::Cancelled: return style->standardIcon(QStyle::SP_MediaStop);
    }
    return {};
}

int running(const store::JobState &s)
{
    return int(std::count_if(s.replicas.cbegin(), s.replicas.cend(), [](const store::ReplicaState &r) {
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
    case JobIdColumn: return row.jobId;
    case StateColumn:
        if (row.broken)
            return brokenWord(row.brokenReason);
        return row.stateKnown ? statusWord(s.state) : tr("Unknown");
    case CreatedColumn:
        return s.createTime.isValid() ? QLocale().toString(s.createTime.toLocalTime(), QLocale::ShortFormat)
                                      : QString();
    case DurationColumn: return formatDuration(durationMs(s));
    case ShapeColumn: return row.shape;
    case RegionColumn: return row.region;
    case ReplicasColumn:
        return s.replicas.isEmpty() ? QString()
                                    : tr("%1/%2").arg(running(s)).arg(s.replicas.size());
    case RestartsColumn: return s.replicas.isEmpty() ? QVariant() : QVariant(restarts(s));
    case WhereColumn: return row.where;
    case NUM_COLUMNS: break;
    }
    return {};
}

QVariant JobListModel::sortData(const JobRow &row, int column) const
{
    const store::JobState &s = row.state;
    switch (Columns(column)) {
    case StateColumn: return row.stateKnown ? int(s.state) : -1;
    case CreatedColumn: return s.createTime;
    case DurationColumn: return durationMs(s);
    case ReplicasColumn: return running(s);
    case RestartsColumn: return restarts(s);
    default: return displayData(row, column);
    }
}

QVariant JobListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const JobRow &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return displayData(row, index.column());
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
    case JobIdRole: return row.jobId;
    case StatusRole: return row.stateKnown ? int(row.state.state) : -1;
    case SortRole: return sortData(row, index.column());
    case TerminalRole: return row.stateKnown && row.state.isTerminal();
    default: return {};
    }
}

QVariant JobListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Columns(section)) {
    case JobIdColumn: return tr("Job ID");
    case StateColumn: return tr("State");
    case CreatedColumn: return tr("Created");
    case DurationColumn: return tr("Duration");
    case ShapeColumn: return tr("Tier or shape");
    case RegionColumn: return tr("Region");
    case WhereColumn: return tr("Where");
    case ReplicasColumn: return tr("Replicas running");
    case RestartsColumn: return tr("Restarts");
    case NUM_COLUMNS: break;
    }
    return {};
}

} // namespace trainyard::ui::jobs
