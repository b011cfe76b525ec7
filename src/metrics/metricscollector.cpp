// SPDX-License-Identifier: MIT
#include "metrics/metricscollector.h"

#include "logs/logfollower.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace trainyard::metrics {

MetricsCollector::MetricsCollector(const QString &logsDir, const QString &hypertuneDir,
                                   const QList<UserPattern> &patterns, QObject *parent)
    : QObject(parent)
    , m_logsDir(logsDir)
    , m_hypertuneDir(hypertuneDir)
    , m_extractor(patterns)
{
    qRegisterMetaType<trainyard::metrics::SeriesUpdates>();
}

MetricsCollector::~MetricsCollector() = default;

QString MetricsCollector::hypertuneSource(const QString &replica)
{
    return tr("%1 (hypertune)").arg(replica);
}

void MetricsCollector::start()
{
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setInterval(IntervalMs);
        connect(m_timer, &QTimer::timeout, this, [this] { pollOnce(); });
    }
    pollOnce();
    Q_EMIT firstPassDone();
    m_timer->start();
}

void MetricsCollector::stop()
{
    if (m_timer)
        m_timer->stop();
}

void MetricsCollector::scanFiles()
{
    if (!m_follower) {
        m_follower = new logs::LogFollower(this);
        m_follower->setMaxBytesPerTick(16 * 1024 * 1024);
        connect(m_follower, &logs::LogFollower::newRecords, this,
                [this](const logs::Records &batch) {
                    SeriesUpdates out;
                    QHash<QString, int> slot;
                    for (const logs::Record &record : batch) {
                        if (record.continuation)
                            continue;
                        const ExtractedLine line = m_extractor.extract(record.bytes);
                        // A line without a step (Keras progress, a summary) belongs to the
                        // replica's last step; before any step, points are numbered.
                        if (line.step)
                            m_lastStep.insert(record.replica, *line.step);
                        const double step = line.step ? *line.step
                                                      : m_lastStep.value(record.replica, -1);
                        for (const MetricValue &v : line.values) {
                            MetricPoint p;
                            p.wallMs = record.timestamp;
                            p.value = v.value;
                            p.step = step;
                            appendPoint(out, slot, v.name, record.replica, p);
                        }
                    }
                    for (const SeriesUpdate &u : std::as_const(out))
                        m_emitted += int(u.points.size());
                    if (!out.isEmpty())
                        Q_EMIT pointsAdded(out);
                });
    }
    const QFileInfoList files =
        QDir(m_logsDir).entryInfoList({QStringLiteral("*.log")}, QDir::Files, QDir::Name);
    for (const QFileInfo &info : files) {
        const QString path = info.absoluteFilePath();
        if (m_followed.contains(path))
            continue;
        m_followed.append(path);
        m_follower->addFile(path, info.completeBaseName());
    }
}

void MetricsCollector::appendPoint(SeriesUpdates &out, QHash<QString, int> &slot,
                                   const QString &metric, const QString &source, MetricPoint point)
{
    const QString key = metric + QLatin1Char('\n') + source;
    qint64 &count = m_counts[key];
    if (point.step < 0)
        point.step = double(count);
    ++count;
    auto it = slot.find(key);
    if (it == slot.end()) {
        it = slot.insert(key, int(out.size()));
        out.append(SeriesUpdate{metric, source, {}});
    }
    out[*it].points.append(point);
}

void MetricsCollector::pollHypertune(SeriesUpdates &out)
{
    QHash<QString, int> slot;
    const QFileInfoList files =
        QDir(m_hypertuneDir).entryInfoList({QStringLiteral("*.metrics")}, QDir::Files, QDir::Name);
    for (const QFileInfo &info : files) {
        const QString path = info.absoluteFilePath();
        const qint64 signature = info.size() ^ (info.lastModified().toMSecsSinceEpoch() << 20);
        if (m_hypertuneSize.value(path, -1) == signature)
            continue;
        m_hypertuneSize.insert(path, signature);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> lines = file.readAll().split('\n');
        qint64 &seen = m_hypertuneSeen[path];
        const QString source = hypertuneSource(info.completeBaseName());
        for (const QByteArray &line : lines) {
            const std::optional<HypertuneEntry> entry = parseHypertuneLine(line);
            if (!entry || entry->wallMs <= seen)
                continue;
            seen = entry->wallMs;
            for (const MetricValue &v : entry->values)
                appendPoint(out, slot, v.name, source, MetricPoint{entry->step, entry->wallMs, v.value});
        }
    }
}

int MetricsCollector::pollOnce()
{
    const int before = m_emitted;
    scanFiles();
    m_follower->poll();
    SeriesUpdates hypertune;
    pollHypertune(hypertune);
    for (const SeriesUpdate &u : std::as_const(hypertune))
        m_emitted += int(u.points.size());
    if (!hypertune.isEmpty())
        Q_EMIT pointsAdded(hypertune);
    return m_emitted - before;
}

} // namespace trainyard::metrics
