// SPDX-License-Identifier: MIT
#include "metrics/series.h"

#include <algorithm>
#include <cmath>

namespace trainyard::metrics {

void MetricSeriesSet::add(const SeriesUpdate &update)
{
    if (update.points.isEmpty())
        return;
    m_series[update.metric][update.source].append(update.points);
    m_pointCount += update.points.size();
    for (const MetricPoint &p : update.points) {
        if (p.wallMs > 0 && (m_firstWallMs == 0 || p.wallMs < m_firstWallMs))
            m_firstWallMs = p.wallMs;
    }
}

void MetricSeriesSet::add(const SeriesUpdates &updates)
{
    for (const SeriesUpdate &u : updates)
        add(u);
}

void MetricSeriesSet::clear()
{
    m_series.clear();
    m_pointCount = 0;
    m_firstWallMs = 0;
}

QStringList MetricSeriesSet::metrics() const
{
    QStringList names = m_series.keys();
    names.sort();
    return names;
}

QStringList MetricSeriesSet::sources(const QString &metric) const
{
    QStringList names = m_series.value(metric).keys();
    names.sort();
    return names;
}

const QVector<MetricPoint> *MetricSeriesSet::points(const QString &metric,
                                                    const QString &source) const
{
    const auto it = m_series.constFind(metric);
    if (it == m_series.cend())
        return nullptr;
    const auto jt = it->constFind(source);
    return jt == it->cend() ? nullptr : &*jt;
}

QVector<double> smoothEma(const QVector<double> &values, double weight)
{
    weight = std::clamp(weight, 0.0, 0.999);
    if (weight <= 0.0)
        return values;
    QVector<double> out(values.size());
    double last = 0;
    double debias = 0;
    for (qsizetype i = 0; i < values.size(); ++i) {
        const double v = values.at(i);
        if (!std::isfinite(v)) {
            out[i] = v;
            continue;
        }
        last = last * weight + (1.0 - weight) * v;
        debias = debias * weight + (1.0 - weight);
        out[i] = last / debias;
    }
    return out;
}

} // namespace trainyard::metrics
