// SPDX-License-Identifier: MIT
// The writer of a job's metric store (metricstore.h): extracts points from log lines and the
// hypertune metric files and appends them, keeping the progress file consistent.
//
// Two users, one lock (MetricStoreLock, so never both at once):
//   - the job's owner process: addLine() for every captured line, at capture time (the hook is
//     logs::LogCapture::setLineObserver), flush() on a timer and at the end;
//   - whoever reads a job first while no owner writes (the console's Metrics tab, the Compare
//     view, a job recorded before the store existed): catchUpLogs() reads the logs from where the
//     progress file says extraction stopped.
// Extraction uses MetricExtractor with the user's patterns; when the store was extracted with
// other patterns, open() drops the log series and extracts again from the start.
#pragma once

#include "metrics/extract.h"
#include "metrics/metricstore.h"

#include <QHash>
#include <QString>

#include <memory>

namespace trainyard::metrics {

namespace tfevents {
class EventFileFollower;
}

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
                 qsizetype size, qint64 endOffset);
    // Reads up to maxBytes over the logs in logsDir from where extraction stopped; returns the
    // bytes consumed (0: caught up).
    qint64 catchUpLogs(const QString &logsDir, qint64 maxBytes);
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

    QString m_dir;
    QStringList m_patternTexts;
    MetricExtractor m_extractor;
    std::unique_ptr<MetricStoreLock> m_lock;
    StoreProgress m_progress;
    QHash<SeriesKey, std::shared_ptr<SeriesWriter>> m_writers;
    std::unique_ptr<tfevents::EventFileFollower> m_tensorBoard;
    qint64 m_added = 0;
    bool m_open = false;
    bool m_reextract = false;
};

// How a series is named in charts and tables: the source, "<source> (hypertune)" for the
// hypertune file, "<run> (TensorBoard)" for event files.
QString displaySource(const SeriesKey &key);

} // namespace trainyard::metrics

#include <QObject>
#include <QTimer>

#include <functional>

namespace trainyard::metrics {

// The owner process's side: a MetricRecorder fed by the replicas' line observers, flushed (and
// the hypertune files polled) every FlushIntervalMs and at stop(). If the store is locked by
// another process, nothing is recorded and the next reader extracts from the logs instead.
class OwnerMetrics : public QObject
{
    Q_OBJECT
public:
    static constexpr int FlushIntervalMs = 1000;

    OwnerMetrics(const QString &storeDir, const QString &hypertuneDir, QObject *parent = nullptr);
    ~OwnerMetrics() override;

    // Opens the store with the user's patterns (QSettings) and extracts what the logs beside it
    // (<job>/logs) hold beyond the store's progress; false with *error when it cannot.
    bool start(QString *error = nullptr);
    void stop();
    // Where the trainers write event files (the job dir the replicas get; AIP_TENSORBOARD_LOG_DIR
    // and the trials' folders lie inside it); followed from now on.
    void setTensorBoardRoots(const QStringList &roots);
    // For logs::LogCapture::setLineObserver / ReplicaProcess::setLineObserver.
    std::function<void(qint64, bool, const char *, qsizetype, qint64)>
    observer(const QString &logName);

private:
    void flush();

    MetricRecorder m_recorder;
    QString m_hypertuneDir;
    QStringList m_tensorBoardRoots;
    QTimer m_timer;
};

} // namespace trainyard::metrics
