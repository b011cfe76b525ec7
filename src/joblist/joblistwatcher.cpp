// SPDX-License-Identifier: MIT
#include "joblist/joblistwatcher.h"

#include "store/jobstore.h"

#include <QDir>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace trainyard::joblist {

JobListWatcher::JobListWatcher(const QString &storeRoot, QObject *parent)
    : QObject(parent)
    , m_root(storeRoot.isEmpty() ? store::JobStore::defaultRoot() : storeRoot)
{
    m_timer.setInterval(RefreshIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &JobListWatcher::checkActive);
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(50);
    connect(&m_coalesce, &QTimer::timeout, this, &JobListWatcher::runPass);
    connect(&m_watcher, &QFutureWatcher<ScanResult>::finished, this,
            &JobListWatcher::onPassFinished);
    connect(&m_fsWatcher, &QFileSystemWatcher::directoryChanged, this, [this](const QString &path) {
        if (path == m_root)
            m_listPending = true;
        else
            m_dirtyIds.insert(QFileInfo(path).fileName());
        schedule();
    });
}

JobListWatcher::~JobListWatcher()
{
    m_timer.stop();
    m_watcher.waitForFinished();
}

void JobListWatcher::start()
{
    m_started = true;
    // The store's folder must exist to be watched; a console is about to use it anyway.
    QDir().mkpath(m_root);
    updateWatches();
    refresh();
    m_timer.start();
}

void JobListWatcher::stop()
{
    m_started = false;
    m_timer.stop();
    m_coalesce.stop();
    const QStringList watched = m_fsWatcher.directories();
    if (!watched.isEmpty())
        m_fsWatcher.removePaths(watched);
}

QStringList JobListWatcher::watchedPaths() const
{
    return m_fsWatcher.directories() + m_fsWatcher.files();
}

void JobListWatcher::refresh()
{
    m_listPending = true;
    m_recoverPending = true;
    runPass();
}

void JobListWatcher::checkActive()
{
    for (const JobSummary &row : std::as_const(m_rows)) {
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

void JobListWatcher::schedule()
{
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

void JobListWatcher::runPass()
{
    if (m_watcher.isRunning() || (!m_listPending && m_dirtyIds.isEmpty()))
        return;
    ScanRequest request;
    request.list = m_listPending;
    if (request.list) {
        for (const JobSummary &row : std::as_const(m_rows)) {
            if (row.settled())
                request.settled.insert(row.jobId);
        }
    }
    request.ids = QStringList(m_dirtyIds.cbegin(), m_dirtyIds.cend());
    std::sort(request.ids.begin(), request.ids.end());
    request.recover = m_recoverPending && (!m_sinceRecovery.isValid() ||
                                           m_sinceRecovery.elapsed() > RecoveryIntervalMs);
    m_listPending = false;
    m_dirtyIds.clear();
    if (request.recover)
        m_recoverPending = false;
    ++m_passes;
    m_watcher.setFuture(QtConcurrent::run(&scanJobs, m_root, request, m_configCache));
}

void JobListWatcher::onPassFinished()
{
    const ScanResult result = m_watcher.result();
    if (!result.recovered.isEmpty())
        m_sinceRecovery.start();
    const auto lessById = [](const JobSummary &a, const QString &id) { return a.jobId < id; };
    QList<JobSummary> fresh;
    if (result.listed) {
        fresh.reserve(result.allIds.size());
        qsizetype r = 0;
        for (const QString &id : result.allIds) {
            while (r < result.rows.size() && result.rows.at(r).jobId < id)
                ++r;
            if (r < result.rows.size() && result.rows.at(r).jobId == id) {
                fresh.append(result.rows.at(r));
                continue;
            }
            const auto old = std::lower_bound(m_rows.cbegin(), m_rows.cend(), id, lessById);
            if (old != m_rows.cend() && old->jobId == id)
                fresh.append(*old);
        }
    } else {
        fresh = m_rows;
        for (const JobSummary &row : result.rows) {
            const auto it = std::lower_bound(fresh.begin(), fresh.end(), row.jobId, lessById);
            if (it != fresh.end() && it->jobId == row.jobId)
                *it = row;
            else
                fresh.insert(it, row);
        }
        for (const QString &id : result.gone) {
            fresh.erase(std::remove_if(fresh.begin(), fresh.end(),
                                       [&id](const JobSummary &row) { return row.jobId == id; }),
                        fresh.end());
        }
    }
    for (const JobSummary &row : result.rows) {
        if (!row.shape.isEmpty() || !row.region.isEmpty())
            m_configCache.insert(row.jobId, {row.shape, row.region});
    }
    m_rows = std::move(fresh);
    Q_EMIT updated(m_rows);
    if (m_started)
        updateWatches();
    if (m_listPending || !m_dirtyIds.isEmpty())
        schedule();
}

void JobListWatcher::updateWatches()
{
    QSet<QString> wanted;
    if (QFileInfo(m_root).isDir())
        wanted.insert(m_root);
    const store::JobStore store(m_root);
    for (const JobSummary &row : std::as_const(m_rows)) {
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

} // namespace trainyard::joblist
