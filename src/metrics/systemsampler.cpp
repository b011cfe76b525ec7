// SPDX-License-Identifier: MIT
#include "metrics/systemsampler.h"

#include "gpu/gpusampler.h"

#include <QDateTime>
#include <QHash>
#include <chrono>

namespace trainyard::metrics {

namespace systemseries {

bool isSystemMetric(const QString &metric)
{
    return metric.startsWith(QLatin1String("system/"));
}

QString gpuSource(int index)
{
    return QStringLiteral("gpu") + QString::number(index);
}

} // namespace systemseries

namespace {

constexpr double MiB = 1024.0 * 1024.0;

} // namespace

SystemSampler::SystemSampler(Sink sink)
    : m_sink(std::move(sink))
    , m_trees(std::make_unique<ProcessTreeReader>())
    , m_gpus(std::make_unique<gpu::GpuSampler>())
{}

SystemSampler::~SystemSampler()
{
    stop();
}

void SystemSampler::setReplica(const QString &source, qint64 pid)
{
    const std::lock_guard<std::mutex> lock(m_replicasMutex);
    for (TreeRoot &r : m_replicas) {
        if (r.source == source) {
            r.pid = pid;
            return;
        }
    }
    m_replicas.append(TreeRoot{source, pid});
}

void SystemSampler::removeReplica(const QString &source)
{
    const std::lock_guard<std::mutex> lock(m_replicasMutex);
    m_replicas.removeIf([&source](const TreeRoot &r) { return r.source == source; });
}

void SystemSampler::clearReplicas()
{
    const std::lock_guard<std::mutex> lock(m_replicasMutex);
    m_replicas.clear();
}

void SystemSampler::start(int intervalMs, bool firstAfterInterval)
{
    if (m_thread.joinable())
        return;
    m_stopping = false;
    m_thread = std::thread(
        [this, intervalMs, firstAfterInterval] { run(intervalMs, firstAfterInterval); });
}

void SystemSampler::requestStop()
{
    {
        const std::lock_guard<std::mutex> lock(m_stopMutex);
        m_stopping = true;
    }
    m_stopChanged.notify_all();
    m_gpus->interrupt();
}

void SystemSampler::stop()
{
    if (!m_thread.joinable())
        return;
    requestStop();
    m_thread.join();
}

void SystemSampler::run(int intervalMs, bool firstAfterInterval)
{
    using Clock = std::chrono::steady_clock;
    const auto interval = std::chrono::milliseconds(intervalMs);
    Clock::time_point next = Clock::now();
    std::unique_lock<std::mutex> wait(m_stopMutex);
    if (firstAfterInterval) {
        next += interval;
        m_stopChanged.wait_until(wait, next, [this] { return m_stopping; });
    }
    while (!m_stopping) {
        wait.unlock();
        const SystemPoints points = sample(QDateTime::currentMSecsSinceEpoch());
        wait.lock();
        if (m_stopping)
            break; // asked to stop during the sample: nothing more reaches the sink
        wait.unlock();
        if (!points.empty() && m_sink)
            m_sink(points);
        wait.lock();
        // On the interval's grid; a sample that took longer than an interval skips ticks.
        next += interval;
        const Clock::time_point now = Clock::now();
        if (next < now)
            next = now + interval;
        m_stopChanged.wait_until(wait, next, [this] { return m_stopping; });
    }
}

SystemPoints SystemSampler::sampleOnce()
{
    SystemPoints points = sample(QDateTime::currentMSecsSinceEpoch());
    if (!points.empty() && m_sink)
        m_sink(points);
    return points;
}

SystemPoints SystemSampler::sample(qint64 wallMs)
{
    if (m_startWallMs == 0)
        m_startWallMs = wallMs;
    const double step = double(wallMs - m_startWallMs) / 1000.0;

    QList<TreeRoot> roots;
    {
        const std::lock_guard<std::mutex> lock(m_replicasMutex);
        roots = m_replicas;
    }
    const QList<TreeUsage> trees = m_trees->read(roots);
    // From the helper, within its deadline; none while it is down.
    const std::optional<gpu::GpuSnapshot> reading =
        m_gpusPresent ? m_gpus->sample() : std::optional<gpu::GpuSnapshot>();
    if (m_noteSink) {
        for (const QString &text : m_gpus->takeNotes())
            m_noteSink(text);
    }
    const bool gpus = reading.has_value() && !m_gpus->inventory().gpus.isEmpty();
    const gpu::GpuSnapshot snap = gpus ? *reading : gpu::GpuSnapshot{};

    SystemPoints points;
    points.reserve(size_t(trees.size()) * 3 + size_t(snap.gpus.size()) * 4);
    auto add = [&points, step, wallMs](const QString &source, const QString &metric, double v) {
        points.emplace_back(SeriesKey{kinds::System, source, metric}, MetricPoint{step, wallMs, v});
    };

    QHash<qint64, quint64> gpuBytesByPid;
    for (const gpu::GpuProcess &p : snap.processes)
        gpuBytesByPid[p.pid] += p.usedMemoryBytes.value_or(0);
    for (const TreeUsage &t : trees) {
        if (!t.alive)
            continue;
        if (t.cpuPercent)
            add(t.source, systemseries::CpuPercent, *t.cpuPercent);
        add(t.source, systemseries::MemoryMiB, t.memoryMiB);
        if (gpus) {
            quint64 bytes = 0;
            for (qint64 pid : t.pids)
                bytes += gpuBytesByPid.value(pid, 0);
            add(t.source, systemseries::GpuMemoryMiB, double(bytes) / MiB);
        }
    }
    for (const gpu::GpuReading &g : snap.gpus) {
        const QString source = systemseries::gpuSource(g.index);
        if (g.utilizationPercent)
            add(source, systemseries::GpuUtilizationPercent, *g.utilizationPercent);
        if (g.memoryUsedBytes)
            add(source, systemseries::GpuMemoryMiB, double(*g.memoryUsedBytes) / MiB);
        if (g.powerWatts)
            add(source, systemseries::GpuPowerW, *g.powerWatts);
        if (g.temperatureC)
            add(source, systemseries::GpuTemperatureC, *g.temperatureC);
    }
    return points;
}

} // namespace trainyard::metrics
