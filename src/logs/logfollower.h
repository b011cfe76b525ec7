// SPDX-License-Identifier: MIT
// Live output for consoles: follows log files that another process (the job's owner) appends to.
//
// Polls each file's size on a QTimer (default every 100 ms; QFileSystemWatcher is unreliable for
// appends and across processes), reads only the appended bytes, and emits the complete new
// records as one batch per tick. At most maxBytesPerTick (default 4 MiB) are read per tick over
// all files, shared fairly; the rest is read on the next ticks, so a flooding trainer cannot
// stall the thread the follower lives on. Memory: one read block plus, per file, the torn last
// line (bounded: a partial line longer than a record can be is emitted raw).
//
// Usage (GUI or `jobs stream-logs`):
//   auto *f = new LogFollower(this);
//   f->addFile(store.logPath(job, "worker-replica-0"), QStringLiteral("worker-replica-0"));
//   connect(f, &LogFollower::newRecords, this, &View::append);
//   f->start();
#pragma once

#include "logs/record.h"

#include <QFile>
#include <QObject>
#include <QTimer>
#include <memory>
#include <vector>

namespace trainyard::logs {

class LogFollower : public QObject
{
    Q_OBJECT

public:
    static constexpr int DefaultIntervalMs = 100;
    static constexpr qint64 DefaultMaxBytesPerTick = 4 * 1024 * 1024;
    enum class StartAt { Beginning, End };

    explicit LogFollower(QObject *parent = nullptr);
    ~LogFollower() override;

    // Follows path (which need not exist yet). StartAt::End skips what is already there.
    void addFile(const QString &path, const QString &replica, StartAt from = StartAt::Beginning);
    // Or start at a byte offset, e.g. LogReader::indexedBytes() after showing history.
    void addFile(const QString &path, const QString &replica, qint64 offset);
    void removeFile(const QString &path);
    QStringList files() const;

    void setInterval(int ms) { m_timer.setInterval(ms); }
    int interval() const { return m_timer.interval(); }
    void setMaxBytesPerTick(qint64 bytes) { m_maxBytesPerTick = bytes; }

    void start();
    void stop();
    bool isActive() const { return m_timer.isActive(); }

    // One tick now; returns the number of records emitted. Used by the timer, by tests and by a
    // console that wants to drain the files once more after the job ended.
    int poll();
    // True when the last poll read everything there was (no backlog left for the next tick).
    bool isCaughtUp() const { return m_caughtUp; }

Q_SIGNALS:
    // Records of one tick: each file's records in file order, files one after the other.
    void newRecords(const trainyard::logs::Records &batch);
    // The file got shorter than what was read (replaced or truncated): reading restarts at 0.
    void fileReset(const QString &replica);

private:
    struct Source;
    qint64 readSource(Source &source, qint64 budget, Records &out);

    std::vector<std::unique_ptr<Source>> m_sources;
    QTimer m_timer;
    QByteArray m_block;
    qint64 m_maxBytesPerTick = DefaultMaxBytesPerTick;
    std::size_t m_nextSource = 0; // round-robin start, for fairness under a budget
    bool m_caughtUp = true;
};

} // namespace trainyard::logs
