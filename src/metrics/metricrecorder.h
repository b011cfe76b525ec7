// SPDX-License-Identifier: MIT
// The writer of a job's metric store (metricstore.h): extracts points from log lines and the
// hypertune metric files and appends them, keeping the progress file consistent.
//
// Two users, one lock (MetricStoreLock, so never both at once):
//   - the job's owner process (OwnerMetrics, ownermetrics.h): a worker thread follows the log
//     files just behind the LogWriters with catchUp(); flush() on a timer and at the end;
//   - whoever reads a job first while no owner writes (the console's Metrics tab, the Compare
//     view, a job recorded before the store existed): catchUp() reads the logs from where the
//     progress file says extraction stopped.
// Extraction uses MetricExtractor with the user's patterns; when the store was extracted with
// other patterns, open() drops the log series and extracts again from the start.
#pragma once

#include "metrics/extract.h"
#include "metrics/metricstore.h"
#include "metrics/unparsed.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <memory>
#include <utility>
#include <vector>

namespace trainyard::metrics {

namespace tfevents {
class EventFileFollower;
}

// Lines of one log for MetricRecorder::addBatch(): plain bytes and offsets, nothing parsed.
// Lines that cannot hold a metric (continuations, lines the prefilter rejects) are left out; they
// only move endOffset.
struct LineBatch
{
    struct Header
    {
        qint64 wallMs;
        qint64 endOffset;
        qint64 size;
        qint64 stream; // 0 stdout, 1 stderr
    };
    QByteArray bytes;      // Header + line bytes, one after the other
    qint64 endOffset = -1; // log offset after the last line seen (stored or skipped)

    void append(qint64 wallMs, const char *data, qsizetype size, qint64 lineEnd, int stream = 0)
    {
        const Header h{wallMs, lineEnd, size, stream};
        bytes.append(reinterpret_cast<const char *>(&h), sizeof h);
        bytes.append(data, size);
    }
    bool isEmpty() const { return bytes.isEmpty() && endOffset < 0; }
    void clear()
    {
        bytes.resize(0); // keeps the capacity
        endOffset = -1;
    }
};

// What a catch-up reads (MetricRecorder::catchUp): the job's logs, its hypertune files and the
// TensorBoard event files under the roots. An empty folder or list is left out.
struct CatchUpSources
{
    QString logsDir;              // <job>/logs
    QString hypertuneDir;         // <job>/hypertune
    QStringList tensorBoardRoots; // the job dir the trainers write event files under
};

class MetricRecorder
{
public:
    MetricRecorder(const QString &storeDir, const QStringList &patterns);
    ~MetricRecorder();

    // Creates the directory, takes the lock (waiting up to timeoutMs) and loads the progress.
    bool open(int timeoutMs, QString *error = nullptr);
    bool isOpen() const;
    QString storeDir() const { return m_dir; }
    // True when open() found other patterns and dropped the log series.
    bool reextracting() const { return m_reextract; }

    // One captured record of log `logName` (file name without ".log"), which ends at byte
    // `endOffset` of that log file.
    void addLine(const QString &logName, qint64 wallMs, bool continuation, const char *data,
                 qsizetype size, qint64 endOffset, int stream = 0);
    // One step of the catch-up, the same for the job's owner (OwnerMetrics) and a reader that
    // extracts a job recorded before (StoreFollower): up to maxBytes of the logs from where
    // extraction stopped, the hypertune files' new entries and up to maxBytes of the event files
    // under the TensorBoard roots. Returns the log bytes consumed (0: the logs are caught up).
    // Nothing is flushed.
    qint64 catchUp(const CatchUpSources &sources, qint64 maxBytes);
    // Reads up to maxBytes over the logs in logsDir from where extraction stopped; returns the
    // bytes consumed (0: caught up).
    qint64 catchUpLogs(const QString &logsDir, qint64 maxBytes);
    // The lines of a LineBatch (non-continuation lines, in order), as addLine() would take them,
    // then the log's offset moves to batch.endOffset. Without user patterns the built-in forms
    // are extracted without QString and the series writers of the log are cached by name.
    void addBatch(const QString &logName, const LineBatch &batch);
    // The extractor's prefilter (MetricExtractor::mayHaveMetrics); thread-safe.
    bool mayHaveMetrics(const char *data, qsizetype size) const
    {
        return m_extractor.mayHaveMetrics(data, size);
    }
    // Stores what lines written beside a progress bar waited for since before beforeMs (the bar's
    // next line did not come: LogLineState::MaxWaitMs); the owner calls it once caught up.
    void expireWaiting(qint64 beforeMs);
    // New entries of the hypertune metric files; returns the points added.
    int pollHypertune(const QString &hypertuneDir);
    // A point from elsewhere.
    void addPoint(const SeriesKey &key, const MetricPoint &point);
    // TensorBoard event files (tfevents::EventFileFollower) under the roots: series of kind
    // "tensorboard", source = TensorBoard's run name, metric = the tag. Event files carry no
    // position to resume at, so the first call of a recorder drops the store's TensorBoard
    // series and reads the files from their start; later calls read what the files grew by.
    // At most maxBytes per call; returns the points added.
    int syncTensorBoard(const QStringList &roots, qint64 maxBytes);
    // True when an event file under the roots is not (fully) in the store.
    bool tensorBoardBehind(const QStringList &roots) const;
    static bool tensorBoardBehind(const StoreProgress &progress, const QStringList &roots);
    // The log roots recorded by the owner (its job dir), else <job>/output.
    QStringList tensorBoardRoots() const;
    void setTensorBoardRoots(const QStringList &roots) { m_progress.tensorBoardRoots = roots; }
    void setFileMark(const QString &file, qint64 mark) { m_progress.fileMarks.insert(file, mark); }
    qint64 fileMark(const QString &file) const { return m_progress.fileMarks.value(file, 0); }

    // Writes the series, then the progress file (atomically).
    bool flush(QString *error = nullptr);
    // Flushes and releases the lock.
    void close();
    qint64 pointsAdded() const { return m_added; }

private:
    SeriesWriter *writer(const SeriesKey &key);

    // Per log: the series writers by metric name (bytes, addBatch()'s cache) and the state of
    // its line sequence (steps, progress bars), which starts from the progress file's last step.
    // Lines that look like metrics while the log gave no series (unparsed.h) are counted.
    struct LogWriters
    {
        std::vector<std::pair<QByteArray, SeriesWriter *>> writers;
        LogLineState lines;
        bool linesReady = false;
        bool watching = true; // no series yet: look-alike lines are counted
    };
    LogWriters &logState(const QString &logName);
    void storePoints(const QString &logName, LogWriters &log);
    void noteUnparsed(const QString &logName, LogWriters &log, const char *data, qsizetype size);

    QString m_dir;
    QStringList m_patternTexts;
    MetricExtractor m_extractor;
    std::unique_ptr<MetricStoreLock> m_lock;
    StoreProgress m_progress;
    struct Writer
    {
        std::shared_ptr<SeriesWriter> writer; // null: the series could not be opened
        qint64 recorded = -1;                 // its count as m_progress has it; -1: not yet
    };
    // One lookup per series and flush: 100,000 series, most of them idle, are gone through
    // every second.
    QHash<SeriesKey, Writer> m_writers;
    std::unique_ptr<tfevents::EventFileFollower> m_tensorBoard;
    QHash<QString, LogWriters> m_logWriters;
    LineScan m_scan;
    std::vector<LogLineState::Point> m_points;
    QHash<QString, UnparsedLines> m_unparsed; // unparsed.json as it is to be
    bool m_unparsedChanged = false;
    qint64 m_added = 0;
    bool m_open = false;
    bool m_reextract = false;
};

// How a series is named in charts and tables: the source, "<source> (hypertune)" for the
// hypertune file, "<run> (TensorBoard)" for event files.
QString displaySource(const SeriesKey &key);

} // namespace trainyard::metrics
