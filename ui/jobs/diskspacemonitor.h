// SPDX-License-Identifier: MIT
// Watches the free space of the file system holding the job store: QStorageInfo is asked in a
// worker thread (a stalled network mount must not freeze the window) at start and then every
// CheckIntervalMs. The space is "low" below min(1 GiB, a tenth of the file system), or below the
// threshold a caller sets.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

namespace trainyard::ui::jobs {

struct DiskSpace
{
    QString path;       // the store's folder
    QString mountPoint; // the file system's root
    qint64 availableBytes = -1;
    qint64 totalBytes = -1;
    bool valid = false;
};

class DiskSpaceMonitor : public QObject
{
    Q_OBJECT
public:
    static constexpr int CheckIntervalMs = 30 * 1000;
    static constexpr qint64 DefaultLowBytes = qint64(1) << 30;

    explicit DiskSpaceMonitor(const QString &path, QObject *parent = nullptr);
    ~DiskSpaceMonitor() override;

    void start();
    void setInterval(int ms) { m_timer.setInterval(ms); }
    // Below this many free bytes the space is low; -1 (default): min(1 GiB, total / 10).
    void setLowThreshold(qint64 bytes) { m_threshold = bytes; }
    // Asks now unless a check is running.
    void check();

    DiskSpace last() const { return m_last; }
    bool isLow() const { return isLow(m_last); }
    bool isLow(const DiskSpace &space) const;

    // The free space of the file system holding `path` (or its nearest existing parent).
    static DiskSpace measure(const QString &path);

Q_SIGNALS:
    // After every check.
    void checked(const trainyard::ui::jobs::DiskSpace &space, bool low);

private:
    QString m_path;
    qint64 m_threshold = -1;
    DiskSpace m_last;
    QTimer m_timer;
    QFutureWatcher<DiskSpace> m_watcher;
};

} // namespace trainyard::ui::jobs
