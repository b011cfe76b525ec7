// SPDX-License-Identifier: MIT
// System metrics of a running job, sampled by its owner about once a second on a thread of its
// own (never on the owner's event loop):
//   per replica (source: the replica's log name, "chief-0", "chief-0.trial-2"):
//     system/cpu_percent      CPU of its whole process tree, % of one core, children that
//                             exited included (/proc; proctree.h)
//     system/memory_mib       memory of the tree: its processes' proportional set sizes (PSS:
//                             shared pages split among the processes sharing them), MiB
//     system/gpu_memory_mib   GPU memory held by the tree's processes, MiB (NVML's running
//                             compute processes matched to the tree; only on a machine with GPUs)
//   per GPU (source "gpu0", "gpu1", ... by NVML index):
//     system/gpu_utilization_percent, system/gpu_memory_mib (used), system/gpu_power_w,
//     system/gpu_temperature_c
// Points are series of kind "system" (kinds::System); their step is the seconds since the
// sampler started, their wall time the sample's.
// GPUs are read through NVML's helper process (gpu::GpuSampler, with deadlines): a driver call
// that hangs or crashes costs GPU points for a while (the helper is started again, later and
// later), never the sampler or the job; what it says about that goes to the note sink.
#pragma once

#include "metrics/metricstore.h"
#include "metrics/proctree.h"

#include <QList>
#include <QString>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace trainyard::gpu {
class GpuSampler;
}

namespace trainyard::metrics {

namespace systemseries {
inline const QString CpuPercent = QStringLiteral("system/cpu_percent");
inline const QString MemoryMiB = QStringLiteral("system/memory_mib");
inline const QString GpuMemoryMiB = QStringLiteral("system/gpu_memory_mib");
inline const QString GpuUtilizationPercent = QStringLiteral("system/gpu_utilization_percent");
inline const QString GpuPowerW = QStringLiteral("system/gpu_power_w");
inline const QString GpuTemperatureC = QStringLiteral("system/gpu_temperature_c");
// "system/..." metrics are the System section of the Metrics tab.
bool isSystemMetric(const QString &metric);
// "gpu0" for NVML index 0.
QString gpuSource(int index);
} // namespace systemseries

using SystemPoints = std::vector<std::pair<SeriesKey, MetricPoint>>;

class SystemSampler
{
public:
    static constexpr int IntervalMs = 1000;
    // Receives each sample's points, on the sampler's thread.
    using Sink = std::function<void(const SystemPoints &)>;
    // Receives notes for a log (the GPU helper's failures, what NVML said that was left out),
    // on the sampler's thread.
    using NoteSink = std::function<void(const QString &)>;

    explicit SystemSampler(Sink sink);
    ~SystemSampler();
    SystemSampler(const SystemSampler &) = delete;
    SystemSampler &operator=(const SystemSampler &) = delete;

    // The replicas whose trees are sampled; thread-safe. setReplica() adds one or gives it its
    // new root after a restart.
    void setReplica(const QString &source, qint64 pid);
    void removeReplica(const QString &source);
    void clearReplicas();

    // Before start(): notes go there.
    void setNoteSink(NoteSink sink) { m_noteSink = std::move(sink); }
    // Before start(): false when the machine is known to have no GPU (no helper is started).
    void setGpusPresent(bool present) { m_gpusPresent = present; }

    // Starts the thread: NVML's helper is started there, then a sample every intervalMs, the first
    // one at once or, with firstAfterInterval, one interval later (an owner starting it as its
    // replicas start: their trees are worth a first look only once they have loaded).
    void start(int intervalMs = IntervalMs, bool firstAfterInterval = false);
    // Asks the thread to stop without waiting: a wait for the GPU helper ends at once (the
    // owner writes a job's final state before it joins any sampler).
    void requestStop();
    // Stops and joins the thread (the proc part of a sample in progress completes first).
    void stop();
    bool isRunning() const { return m_thread.joinable(); }

    // One sample on the calling thread, handed to the sink and returned (tests, benchmarks;
    // not while the thread runs).
    SystemPoints sampleOnce();

private:
    void run(int intervalMs, bool firstAfterInterval);
    SystemPoints sample(qint64 wallMs);

    Sink m_sink;
    std::mutex m_replicasMutex;
    QList<TreeRoot> m_replicas;
    std::unique_ptr<ProcessTreeReader> m_trees;
    NoteSink m_noteSink;
    bool m_gpusPresent = true;
    std::unique_ptr<gpu::GpuSampler> m_gpus; // its helper starts on first use, in the thread
    qint64 m_startWallMs = 0;
    std::thread m_thread;
    std::mutex m_stopMutex;
    std::condition_variable m_stopChanged;
    bool m_stopping = false;
};

} // namespace trainyard::metrics
