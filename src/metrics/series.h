// SPDX-License-Identifier: MIT
// Metric points and series updates (what extraction produces; the store keeps them, see
// metricstore.h). A source is a replica name, a trial log name or a TensorBoard run.
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

// TensorBoard's smoothing: an exponential moving average with debiasing, weight in [0, 1)
// (0: none). Non-finite values are passed through and do not disturb the average.
QVector<double> smoothEma(const QVector<double> &values, double weight);

} // namespace trainyard::metrics

Q_DECLARE_METATYPE(trainyard::metrics::SeriesUpdates)
