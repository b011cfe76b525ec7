// SPDX-License-Identifier: MIT
#include "charts/metricindex.h"

#include "metrics/systemsampler.h"

#include <algorithm>

namespace trainyard::ui::charts {

namespace {

namespace sys = metrics::systemseries;

// The System section's charts in W&B's order; other system/* metrics follow by name.
qsizetype systemRank(const QString &metric)
{
    static const QStringList order{sys::CpuPercent,   sys::MemoryMiB, sys::GpuUtilizationPercent,
                                   sys::GpuMemoryMiB, sys::GpuPowerW, sys::GpuTemperatureC};
    const qsizetype i = order.indexOf(metric);
    return i < 0 ? order.size() : i;
}

} // namespace

bool chartBefore(const QString &a, const QString &b)
{
    const bool sa = sys::isSystemMetric(a);
    const bool sb = sys::isSystemMetric(b);
    if (sa != sb)
        return sb;
    if (sa && systemRank(a) != systemRank(b))
        return systemRank(a) < systemRank(b);
    return a < b;
}

MetricIndexer::MetricIndexer(QObject *parent)
    : QObject(parent)
{
    m_filter.setPatternOptions(QRegularExpression::CaseInsensitiveOption);
}

void MetricIndexer::setSummary(const metrics::StoreSummary &summary)
{
    QSet<QString> changed; // of the page
    bool added = false;
    for (const metrics::SeriesInfo &info : summary) {
        const auto known = m_counts.find(info.file);
        if (known == m_counts.end())
            m_counts.insert(info.file, info.count);
        else if (*known != info.count)
            *known = info.count;
        else
            continue; // neither new nor grown
        if (m_page.contains(info.key.metric))
            changed.insert(info.key.metric);
        if (!m_metrics.contains(info.key.metric)) {
            m_metrics.insert(info.key.metric);
            (sys::isSystemMetric(info.key.metric) ? m_system : m_training).append(info.key.metric);
            added = true;
        }
    }
    if (added) {
        std::sort(m_training.begin(), m_training.end());
        std::sort(m_system.begin(), m_system.end(), chartBefore);
        applyFilter();
    }
    m_index.summary = summary;
    m_index.changed = changed.values();
    m_index.hasEpoch = m_metrics.contains(metrics::EpochMetric);
    Q_EMIT indexed(m_index);
}

void MetricIndexer::setFilter(const QString &pattern)
{
    if (pattern == m_index.filter)
        return;
    m_index.filter = pattern;
    m_index.filterError.clear();
    m_filter.setPattern(pattern);
    if (!m_filter.isValid()) {
        m_index.filterError = m_filter.errorString();
        m_filter.setPattern(QRegularExpression::escape(pattern));
    }
    applyFilter();
    m_index.changed.clear();
    Q_EMIT indexed(m_index);
}

void MetricIndexer::setPage(const QStringList &metrics)
{
    m_page = QSet<QString>(metrics.cbegin(), metrics.cend());
}

bool MetricIndexer::keeps(const QString &metric) const
{
    return m_filter.match(metric).hasMatch();
}

void MetricIndexer::applyFilter()
{
    m_index.trainingCount = m_training.size();
    m_index.systemCount = m_system.size();
    if (m_index.filter.isEmpty()) {
        m_index.training = m_training; // shared, not copied
        m_index.system = m_system;
    } else {
        m_index.training.clear();
        m_index.system.clear();
        for (const QString &m : std::as_const(m_training)) {
            if (keeps(m))
                m_index.training.append(m);
        }
        for (const QString &m : std::as_const(m_system)) {
            if (keeps(m))
                m_index.system.append(m);
        }
    }
    ++m_index.listSerial;
}

} // namespace trainyard::ui::charts
