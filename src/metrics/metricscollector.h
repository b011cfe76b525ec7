// SPDX-License-Identifier: MIT
// Collects the metrics of one job while it runs (or once, after it ended): follows every
// replica log in <job>/logs/ (new files are picked up) and the hypertune metric files in
// <job>/hypertune/, extracts points and emits them in batches. Meant to live in a worker
// thread: create it, moveToThread(), then call start() through a queued invocation; the batches
// reach a GUI-thread receiver as queued signals. The per-tick byte cap of LogFollower bounds the
// work per tick, so a flooding trainer cannot monopolise the thread.
#pragma once

#include "metrics/extract.h"
#include "metrics/series.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>

namespace trainyard::logs {
class LogFollower;
}

namespace trainyard::metrics {

class MetricsCollector : public QObject
{
    Q_OBJECT
public:
    static constexpr int IntervalMs = 250;

    // logsDir: <job>/logs; hypertuneDir: <job>/hypertune.
    MetricsCollector(const QString &logsDir, const QString &hypertuneDir,
                     const QList<UserPattern> &patterns, QObject *parent = nullptr);
    ~MetricsCollector() override;

    // Starts polling (call in the thread the object lives in).
    Q_INVOKABLE void start();
    Q_INVOKABLE void stop();
    // One pass over logs and hypertune files now; returns the number of points emitted.
    Q_INVOKABLE int pollOnce();

    static QString hypertuneSource(const QString &replica);

Q_SIGNALS:
    void pointsAdded(const trainyard::metrics::SeriesUpdates &updates);
    // start() has made its first pass (up to the per-tick byte cap); the points of that pass
    // were emitted before, so a queued receiver gets them first.
    void firstPassDone();

private:
    void scanFiles();
    void pollHypertune(SeriesUpdates &out);
    void appendPoint(SeriesUpdates &out, QHash<QString, int> &slot, const QString &metric,
                     const QString &source, MetricPoint point);

    QString m_logsDir;
    QString m_hypertuneDir;
    MetricExtractor m_extractor;
    QPointer<logs::LogFollower> m_follower;
    QTimer *m_timer = nullptr;
    QStringList m_followed;
    QHash<QString, qint64> m_counts;       // metric + '\n' + source -> points so far
    QHash<QString, double> m_lastStep;     // replica -> last step seen in its log
    QHash<QString, qint64> m_hypertuneSeen; // file -> last timestamp taken (ms)
    QHash<QString, qint64> m_hypertuneSize; // file -> size + mtime seen
    int m_emitted = 0;
};

} // namespace trainyard::metrics
