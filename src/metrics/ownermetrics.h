// SPDX-License-Identifier: MIT
// The owner process's metric thread: the job's MetricRecorder (metricrecorder.h) fed from the
// log files just behind the replicas' LogWriters.
#pragma once

#include "metrics/metricrecorder.h"

#include <QObject>
#include <QTimer>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace trainyard::metrics {

// The owner process's side: a MetricRecorder that follows the job's log files (<job>/logs, beside
// the store) from the offsets in its progress file, on a worker thread, just behind the
// LogWriters; flushed (and the hypertune and TensorBoard files polled) every FlushIntervalMs on
// the owner's thread and at stop(). If the store is locked by another process, nothing is
// recorded and the next reader extracts from the logs instead.
//
// The capture thread does no extraction and copies nothing: its observer only notes that lines
// arrived. The worker wakes every FollowIntervalMs, reads what the writers have written (in steps
// of StepBytes, each under the recorder's lock), skips lines that cannot hold a metric with a
// byte prefilter and extracts the rest without QString (MetricRecorder::addBatch). Every point is
// stored exactly once: the offsets it resumes from are the ones saved with the points. Points
// show up within about FlushIntervalMs + FollowIntervalMs; a worker slower than a burst of output
// only falls behind (the log file is the buffer), it never slows the capture.
class OwnerMetrics : public QObject
{
    Q_OBJECT
public:
    static constexpr int FlushIntervalMs = 1000;
    static constexpr int FollowIntervalMs = 100;
    static constexpr qint64 StepBytes = 1024 * 1024;
    static constexpr qint64 FileStepBytes = 16 * 1024 * 1024; // event files per flush tick
    static constexpr qint64 CatchUpBytes = 256 * 1024 * 1024; // per round at start and stop

    OwnerMetrics(const QString &storeDir, const QString &hypertuneDir, QObject *parent = nullptr);
    ~OwnerMetrics() override;

    // Opens the store with the user's patterns (QSettings) and extracts what the logs beside it
    // (<job>/logs) hold beyond the store's progress; false with *error when it cannot.
    bool start(QString *error = nullptr);
    // Stops the worker, extracts the rest of the logs, flushes and releases the store.
    void stop();
    // Where the trainers write event files (the job dir the replicas get; AIP_TENSORBOARD_LOG_DIR
    // and the trials' folders lie inside it); followed from now on.
    void setTensorBoardRoots(const QStringList &roots);
    // For logs::LogCapture::setLineObserver / ReplicaProcess::setLineObserver: wakes the worker
    // (the lines themselves are read from the log file logs/<logName>.log).
    std::function<void(qint64, bool, const char *, qsizetype, qint64)>
    observer(const QString &logName);
    // Points from elsewhere (the system sampler's thread); thread-safe, stored with the next
    // flush. Ignored unless started.
    void addPoints(const std::vector<std::pair<SeriesKey, MetricPoint>> &points);

private:
    void flush();
    void work();
    QString logsDir() const;

    MetricRecorder m_recorder;
    std::mutex m_recorderMutex; // m_recorder, between start() and stop(): worker and timer
    QString m_hypertuneDir;
    QStringList m_tensorBoardRoots;
    QTimer m_timer;
    bool m_running = false;
    std::atomic<bool> m_linesArrived{true};
    std::mutex m_stopMutex;
    std::condition_variable m_stopChanged;
    bool m_stopping = false;
    std::thread m_worker;
};

} // namespace trainyard::metrics
