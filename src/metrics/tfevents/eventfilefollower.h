// SPDX-License-Identifier: MIT
// TensorBoard event files as a metric source: finds `*tfevents*` files under log roots (the job
// dir, AIP_TENSORBOARD_LOG_DIR, per-trial folders), follows them while trainers append, and emits
// their scalars in batches.
//
// Discovery: every rescan interval (default 2 s) each root is walked recursively (symlinks are
// not followed); a file whose name contains "tfevents" is an event file, as in TensorBoard's
// io_wrapper.IsTensorFlowEventsFile. A file found under two roots (AIP_TENSORBOARD_LOG_DIR lies
// inside the job dir) is read once, for the root added first.
//
// Run names are TensorBoard's (EventMultiplexer.AddRunsFromDirectory): the directory holding the
// file, relative to the root, "." for the root itself; with a run prefix P (TensorBoard's `name`
// argument) it is "P/<relative dir>", and "P" for the root. Tags are the summary tags unchanged.
//
// Reading: each poll reads what was appended to each file since the last one, at most
// maxBytesPerTick over all files (shared round-robin); when a poll leaves a backlog the next one
// is scheduled at once, so a large existing file is read in chunks at full speed while the
// thread's event loop keeps running. Framing and decoding: records.h, events.h. A partial record
// at the end of a growing file is read again next time; a corrupt record is skipped and counted
// in stats(). A file that shrinks (truncated) is read again from the start (fileReset()). Files
// are followed by name like `tail -F`: when the name stands for a new file (new inode: a
// restarted writer, a rotation), the old one is read to its end and the new one from its start
// (fileReset() too). A record length no file can hold (up to 2^64 - 1) is waited for, never
// re-read: such a file costs nothing more until it is truncated or replaced.
//
// Threads: everything runs in the thread the object lives in. For a GUI, create it, add roots,
// moveToThread(worker), then QMetaObject::invokeMethod(f, "start"); pointsAdded() and
// statsChanged() reach GUI receivers as queued signals (the types are registered metatypes).
// Tests and tools can call poll() directly.
//
//   auto *f = new tfevents::EventFileFollower;
//   f->addRoot(jobDir);
//   connect(f, &tfevents::EventFileFollower::pointsAdded, store, &Store::appendTensorBoard);
//   f->moveToThread(&worker);
//   QMetaObject::invokeMethod(f, &tfevents::EventFileFollower::start);
#pragma once

#include "metrics/series.h"
#include "metrics/tfevents/events.h"
#include "metrics/tfevents/records.h"

#include <QObject>
#include <QStringList>
#include <QTimer>
#include <memory>
#include <vector>

namespace trainyard::metrics::tfevents {

struct FollowerStats
{
    int files = 0;
    qint64 bytesRead = 0;         // consumed bytes over all files
    qint64 records = 0;           // intact records
    qint64 corruptRecords = 0;    // CRC mismatches and lost framing (skipped)
    qint64 unparsableRecords = 0; // intact records that are not an Event (skipped)
    qint64 points = 0;            // scalar points emitted
};

class EventFileFollower : public QObject
{
    Q_OBJECT

public:
    static constexpr int DefaultIntervalMs = 500;
    static constexpr int DefaultRescanMs = 2000;
    static constexpr qint64 DefaultMaxBytesPerTick = 8 * 1024 * 1024;

    explicit EventFileFollower(QObject *parent = nullptr);
    ~EventFileFollower() override;

    // A directory to search (it need not exist yet). runPrefix: see the header comment.
    void addRoot(const QString &directory, const QString &runPrefix = {});
    QStringList roots() const;
    // The event files followed so far (absolute paths, in discovery order).
    QStringList files() const;
    // The run a followed file belongs to ("" when it is not followed).
    QString runOf(const QString &file) const;

    void setInterval(int ms)
    {
        m_intervalMs = ms;
        m_timer.setInterval(ms);
    }
    void setRescanInterval(int ms) { m_rescanMs = ms; }
    void setMaxBytesPerTick(qint64 bytes) { m_maxBytesPerTick = bytes > 0 ? bytes : 1; }

    Q_INVOKABLE void start();
    Q_INVOKABLE void stop();
    bool isActive() const { return m_timer.isActive(); }

    // Walks the roots now for new event files; returns how many were added.
    int rescan();
    // One tick: rescans when due, reads appended records; returns the points emitted.
    Q_INVOKABLE int poll();
    // True when the last poll read everything there was.
    bool isCaughtUp() const { return m_caughtUp; }
    FollowerStats stats() const { return m_stats; }

    static bool isEventFile(const QString &fileName);
    // TensorBoard's run name for an event file's directory under root.
    static QString runName(const QString &root, const QString &directory,
                           const QString &runPrefix = {});

Q_SIGNALS:
    // The scalars of one poll, each file's in file order.
    void pointsAdded(const trainyard::metrics::tfevents::ScalarPoints &points);
    // After a poll that changed the counters.
    void statsChanged(const trainyard::metrics::tfevents::FollowerStats &stats);
    // A followed file shrank and is read again from its start: its points come again.
    void fileReset(const QString &file, const QString &run);

private:
    struct Root
    {
        QString path;
        QString prefix;
    };
    struct Source;
    struct Run;
    void onTimer();
    qint64 readSource(Source &source, qint64 budget, ScalarPoints &out);
    void restart(Source &source);
    Run &runFor(const QString &name);

    std::vector<Root> m_roots;
    std::vector<std::unique_ptr<Source>> m_sources;
    std::vector<std::unique_ptr<Run>> m_runs;
    QTimer m_timer;
    QByteArray m_buffer;
    qint64 m_maxBytesPerTick = DefaultMaxBytesPerTick;
    int m_intervalMs = DefaultIntervalMs;
    int m_rescanMs = DefaultRescanMs;
    qint64 m_lastRescanMs = -1;
    std::size_t m_nextSource = 0;
    bool m_caughtUp = true;
    FollowerStats m_stats;
};

// The points as metric series updates: metric = tag, source = sourcePrefix + run.
SeriesUpdates toSeriesUpdates(const ScalarPoints &points, const QString &sourcePrefix = {});

} // namespace trainyard::metrics::tfevents

Q_DECLARE_METATYPE(trainyard::metrics::tfevents::FollowerStats)
