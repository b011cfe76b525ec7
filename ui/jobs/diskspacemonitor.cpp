// SPDX-License-Identifier: MIT
#include "jobs/diskspacemonitor.h"

#include <QDir>
#include <QFileInfo>
#include <QStorageInfo>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace trainyard::ui::jobs {

DiskSpaceMonitor::DiskSpaceMonitor(const QString &path, QObject *parent)
    : QObject(parent)
    , m_path(path)
{
    m_timer.setInterval(CheckIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &DiskSpaceMonitor::check);
    connect(&m_watcher, &QFutureWatcher<DiskSpace>::finished, this, [this] {
        m_last = m_watcher.result();
        Q_EMIT checked(m_last, isLow(m_last));
    });
}

DiskSpaceMonitor::~DiskSpaceMonitor()
{
    m_timer.stop();
    m_watcher.waitForFinished();
}

void DiskSpaceMonitor::start()
{
    check();
    m_timer.start();
}

void DiskSpaceMonitor::check()
{
    if (m_watcher.isRunning())
        return;
    m_watcher.setFuture(QtConcurrent::run(&DiskSpaceMonitor::measure, m_path));
}

bool DiskSpaceMonitor::isLow(const DiskSpace &space) const
{
    if (!space.valid)
        return false;
    const qint64 threshold =
        m_threshold >= 0 ? m_threshold : std::min(DefaultLowBytes, space.totalBytes / 10);
    return space.availableBytes < threshold;
}

DiskSpace DiskSpaceMonitor::measure(const QString &path)
{
    DiskSpace space;
    space.path = path;
    // The store's folder may not exist yet: its file system is that of the nearest parent.
    QString existing = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    while (!QFileInfo::exists(existing) && existing != QDir::rootPath())
        existing = QFileInfo(existing).absolutePath();
    const QStorageInfo info(existing);
    if (!info.isValid() || !info.isReady())
        return space;
    space.mountPoint = info.rootPath();
    space.availableBytes = info.bytesAvailable();
    space.totalBytes = info.bytesTotal();
    space.valid = space.availableBytes >= 0 && space.totalBytes > 0;
    return space;
}

} // namespace trainyard::ui::jobs
