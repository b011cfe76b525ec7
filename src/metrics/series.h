// SPDX-License-Identifier: MIT
// Metric series: every point of every (metric, source) pair is kept; views draw a downsampled
// copy (downsample.h). A source is a replica name, or "<replica> (hypertune)" for points from
// the hypertune metric file.
#pragma once

#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

namespace trainyard::metrics {

struct MetricPoint
{
    double step = 0;   // the line's step, else the replica's last step, else the point's index
    qint64 wallMs = 0; // when the line was captured (ms since the epoch, UTC)
    double value = 0;
};

// New points of one series, in order.
struct SeriesUpdate
{
    QString metric;
    QString source;
    QVector<MetricPoint> points;
};
using SeriesUpdates = QList<SeriesUpdate>;

class MetricSeriesSet
{
public:
    void add(const SeriesUpdate &update);
    void add(const SeriesUpdates &updates);
    void clear();

    QStringList metrics() const;                         // sorted
    QStringList sources(const QString &metric) const;    // sorted
    // nullptr when there is no such series.
    const QVector<MetricPoint> *points(const QString &metric, const QString &source) const;
    qint64 pointCount() const { return m_pointCount; }
    // The earliest wall time over all points (0 when empty): origin of "time since start".
    qint64 firstWallMs() const { return m_firstWallMs; }

private:
    QHash<QString, QHash<QString, QVector<MetricPoint>>> m_series;
    qint64 m_pointCount = 0;
    qint64 m_firstWallMs = 0;
};

// TensorBoard's smoothing: an exponential moving average with debiasing, weight in [0, 1)
// (0: none). Non-finite values are passed through and do not disturb the average.
QVector<double> smoothEma(const QVector<double> &values, double weight);

} // namespace trainyard::metrics

Q_DECLARE_METATYPE(trainyard::metrics::SeriesUpdates)
