// SPDX-License-Identifier: MIT
// The machine's NVIDIA GPUs through NVML, the library behind nvidia-smi.
//
// NVML is loaded at run time by its soname, dlopen("libnvidia-ml.so.1"), as NVIDIA's own Python
// bindings (pynvml) do: Trainyard has no build-time dependency on the driver, and a machine
// without the library, without the driver loaded or without a GPU simply has no GPU. Nothing here
// is an error for the caller; unavailableReason() says why there is no GPU, for a note.
//
// The entry points and struct layouts are NVML's own (nvml.h, API version 12): nvmlInit_v2,
// nvmlDeviceGetCount_v2, nvmlDeviceGetHandleByIndex_v2, nvmlDeviceGetName, nvmlDeviceGetUUID,
// nvmlDeviceGetPciInfo_v3, nvmlDeviceGetMemoryInfo, nvmlDeviceGetUtilizationRates,
// nvmlDeviceGetPowerUsage, nvmlDeviceGetTemperature, nvmlDeviceGetComputeRunningProcesses_v3.
// Tests put a double of the library (tests/nvmlfake) first on LD_LIBRARY_PATH.
//
// NVML is not trusted: counts are capped (MaxDevices GPUs, MaxProcesses compute processes) and
// readings out of range (utilization over 100 %, more memory used than there is, a pid the
// kernel cannot have) are left out, each with a note. And the library is never loaded into the
// owner or the window: they ask `trainyard gpu-sampler` (gpu/gpusampler.h), a helper process
// that uses this class, with deadlines, so a driver that hangs or crashes costs a reading, not
// the job.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace trainyard::gpu {

// One GPU as NVML enumerates it. `index` is NVML's index, the one nvidia-smi shows; CUDA numbers
// devices the same way when CUDA_DEVICE_ORDER=PCI_BUS_ID.
struct GpuInfo
{
    int index = -1;
    QString name;     // "NVIDIA H200"
    QString uuid;     // "GPU-5b4c0a43-…", what CUDA_VISIBLE_DEVICES accepts
    QString pciBusId; // "00000000:18:00.0"; empty when NVML does not say
    quint64 memoryTotalBytes = 0;

    quint64 memoryTotalMiB() const { return memoryTotalBytes / (1024 * 1024); }
};

// What one GPU does right now. A reading the GPU does not support (power on many consumer
// boards) is left empty.
struct GpuReading
{
    int index = -1;
    std::optional<double> utilizationPercent; // kernels running, share of the last sample period
    std::optional<quint64> memoryUsedBytes;
    std::optional<quint64> memoryTotalBytes;
    std::optional<double> powerWatts;
    std::optional<double> temperatureC;
};

// A process with a compute context on a GPU and the GPU memory it holds there (host pid).
struct GpuProcess
{
    int gpuIndex = -1;
    qint64 pid = 0;
    std::optional<quint64> usedMemoryBytes; // empty when NVML cannot say (NVML_VALUE_NOT_AVAILABLE)
};

struct GpuSnapshot
{
    QList<GpuReading> gpus;      // one per GPU, in index order
    QList<GpuProcess> processes; // every compute process on every GPU (at most MaxProcesses)
    QStringList notes;           // what was capped or left out, and why
};

// At most this many GPUs are used, and this many compute processes read (on all of them).
inline constexpr int MaxDevices = 64;
inline constexpr int MaxProcesses = 4096;

// "NVML reports N GPUs; the first 64 are used."
QString gpusCappedNote(qint64 reported);

// Leaves out what NVML cannot have meant (see above), with a note in snapshot->notes: readings
// of GPUs not in `gpus`, values out of range, processes past MaxProcesses.
void checkSnapshot(GpuSnapshot *snapshot, const QList<GpuInfo> &gpus);

// The GPUs of this machine, for listings and placement.
struct GpuInventory
{
    QList<GpuInfo> gpus;       // at most MaxDevices
    QString driverVersion;     // "580.159"; empty when unknown
    QString unavailableReason; // why there is no GPU: no library, no driver, NVML's error text
    QStringList notes;         // what was capped (more GPUs than MaxDevices)

    bool hasGpus() const { return !gpus.isEmpty(); }
};

// One session with NVML: dlopen + nvmlInit_v2 in the constructor, nvmlShutdown + dlclose in the
// destructor. Thread-safe for concurrent const calls (NVML itself is); the sampler keeps one
// open for a job's whole run so that each sample costs a few driver calls only.
class Nvml
{
public:
    Nvml();
    ~Nvml();
    Nvml(const Nvml &) = delete;
    Nvml &operator=(const Nvml &) = delete;

    // True when the library loaded and nvmlInit_v2 succeeded (it may still list no GPU).
    bool isLoaded() const;
    // Why there is no NVML (or no GPU): "libnvidia-ml.so.1 not found", "nvmlInit_v2: Driver Not
    // Loaded", "no NVIDIA GPU". Empty when GPUs are there.
    QString unavailableReason() const;

    // The GPUs, read once when the session opened.
    const QList<GpuInfo> &gpus() const;
    QString driverVersion() const;
    // What was capped when the session opened (see GpuInventory::notes).
    QStringList notes() const;
    // All of the above.
    GpuInventory inventory() const;

    // Utilization, memory, power and temperature of each GPU, and the compute processes on them.
    GpuSnapshot sample() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

// Opens a session in this process, lists the GPUs, closes it. The helper process does this;
// everyone else calls readInventory() (gpusampler.h).
GpuInventory readInventoryInProcess();

// The soname loaded: "libnvidia-ml.so.1".
const char *nvmlSoname();

} // namespace trainyard::gpu
