// SPDX-License-Identifier: MIT
#include "gpu/nvml.h"

#include <QByteArray>
#include <climits>
#include <dlfcn.h>
#include <vector>

namespace trainyard::gpu {

namespace {

// NVML's types as nvml.h (API version 12) declares them; only what is called here.
using nvmlReturn_t = unsigned int; // an enum in C, passed as int
using nvmlDevice_t = struct nvmlDevice_st *;
constexpr nvmlReturn_t NVML_SUCCESS = 0;
constexpr nvmlReturn_t NVML_ERROR_INSUFFICIENT_SIZE = 7;
constexpr unsigned int NVML_TEMPERATURE_GPU = 0;
constexpr unsigned int NVML_DEVICE_NAME_V2_BUFFER_SIZE = 96;
constexpr unsigned int NVML_DEVICE_UUID_V2_BUFFER_SIZE = 96;
constexpr unsigned int NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE = 80;
constexpr unsigned int NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE = 32;
constexpr unsigned int NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE = 16;
constexpr unsigned long long NVML_VALUE_NOT_AVAILABLE_ULL = ULLONG_MAX; // (-1) in a 64-bit field

struct nvmlMemory_t
{
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

struct nvmlUtilization_t
{
    unsigned int gpu;
    unsigned int memory;
};

struct nvmlPciInfo_t
{
    char busIdLegacy[NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE];
    unsigned int domain;
    unsigned int bus;
    unsigned int device;
    unsigned int pciDeviceId;
    unsigned int pciSubSystemId;
    char busId[NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE];
};

// nvmlProcessInfo_t (nvmlProcessInfo_v2_st), filled by the _v2 and _v3 process queries.
struct nvmlProcessInfo_t
{
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;     // 0xFFFFFFFF unless MIG
    unsigned int computeInstanceId; // 0xFFFFFFFF unless MIG
};

using InitFn = nvmlReturn_t (*)();
using ShutdownFn = nvmlReturn_t (*)();
using ErrorStringFn = const char *(*)(nvmlReturn_t);
using DriverVersionFn = nvmlReturn_t (*)(char *, unsigned int);
using CountFn = nvmlReturn_t (*)(unsigned int *);
using HandleFn = nvmlReturn_t (*)(unsigned int, nvmlDevice_t *);
using StringFn = nvmlReturn_t (*)(nvmlDevice_t, char *, unsigned int);
using PciFn = nvmlReturn_t (*)(nvmlDevice_t, nvmlPciInfo_t *);
using MemoryFn = nvmlReturn_t (*)(nvmlDevice_t, nvmlMemory_t *);
using UtilFn = nvmlReturn_t (*)(nvmlDevice_t, nvmlUtilization_t *);
using UIntFn = nvmlReturn_t (*)(nvmlDevice_t, unsigned int *);
using TempFn = nvmlReturn_t (*)(nvmlDevice_t, unsigned int, unsigned int *);
using ProcsFn = nvmlReturn_t (*)(nvmlDevice_t, unsigned int *, nvmlProcessInfo_t *);

template<typename Fn>
Fn symbol(void *lib, const char *name)
{
    // dlsym's void* to a function pointer: conditionally supported, and what POSIX requires.
    return reinterpret_cast<Fn>(dlsym(lib, name));
}

QString fromFixed(const char *buf, unsigned int size)
{
    return QString::fromUtf8(buf, qstrnlen(buf, size));
}

} // namespace

struct Nvml::Private
{
    void *lib = nullptr;
    bool initialized = false;
    QString reason;
    QString driverVersion;
    QList<GpuInfo> gpus;
    std::vector<nvmlDevice_t> handles;

    ShutdownFn shutdown = nullptr;
    ErrorStringFn errorString = nullptr;
    MemoryFn memoryInfo = nullptr;
    UtilFn utilization = nullptr;
    UIntFn powerUsage = nullptr;
    TempFn temperature = nullptr;
    ProcsFn computeProcesses = nullptr;

    QString error(const char *call, nvmlReturn_t rc) const
    {
        const char *text = errorString ? errorString(rc) : nullptr;
        return QLatin1String(call) + QStringLiteral(": ") +
               (text ? QString::fromUtf8(text) : QStringLiteral("error %1").arg(rc));
    }
    void open();
    void processesOf(int index, nvmlDevice_t dev, QList<GpuProcess> *out) const;
};

void Nvml::Private::open()
{
    lib = dlopen(nvmlSoname(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        reason = QLatin1String(nvmlSoname()) + QStringLiteral(" not found (no NVIDIA driver)");
        return;
    }
    const auto init = symbol<InitFn>(lib, "nvmlInit_v2");
    shutdown = symbol<ShutdownFn>(lib, "nvmlShutdown");
    errorString = symbol<ErrorStringFn>(lib, "nvmlErrorString");
    const auto count = symbol<CountFn>(lib, "nvmlDeviceGetCount_v2");
    const auto handle = symbol<HandleFn>(lib, "nvmlDeviceGetHandleByIndex_v2");
    if (!init || !shutdown || !count || !handle) {
        reason = QLatin1String(nvmlSoname()) +
                 QStringLiteral(" lacks nvmlInit_v2, nvmlDeviceGetCount_v2 or "
                                "nvmlDeviceGetHandleByIndex_v2 (driver too old)");
        return;
    }
    if (const nvmlReturn_t rc = init(); rc != NVML_SUCCESS) {
        reason = error("nvmlInit_v2", rc);
        return;
    }
    initialized = true;

    const auto name = symbol<StringFn>(lib, "nvmlDeviceGetName");
    const auto uuid = symbol<StringFn>(lib, "nvmlDeviceGetUUID");
    const auto pci = symbol<PciFn>(lib, "nvmlDeviceGetPciInfo_v3");
    const auto driver = symbol<DriverVersionFn>(lib, "nvmlSystemGetDriverVersion");
    memoryInfo = symbol<MemoryFn>(lib, "nvmlDeviceGetMemoryInfo");
    utilization = symbol<UtilFn>(lib, "nvmlDeviceGetUtilizationRates");
    powerUsage = symbol<UIntFn>(lib, "nvmlDeviceGetPowerUsage");
    temperature = symbol<TempFn>(lib, "nvmlDeviceGetTemperature");
    computeProcesses = symbol<ProcsFn>(lib, "nvmlDeviceGetComputeRunningProcesses_v3");
    if (!computeProcesses) // drivers before the _v3 entry point: same struct layout
        computeProcesses = symbol<ProcsFn>(lib, "nvmlDeviceGetComputeRunningProcesses_v2");

    if (driver) {
        char buf[NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE] = {};
        if (driver(buf, sizeof buf) == NVML_SUCCESS)
            driverVersion = fromFixed(buf, sizeof buf);
    }

    unsigned int n = 0;
    if (const nvmlReturn_t rc = count(&n); rc != NVML_SUCCESS) {
        reason = error("nvmlDeviceGetCount_v2", rc);
        return;
    }
    for (unsigned int i = 0; i < n; ++i) {
        nvmlDevice_t dev = nullptr;
        if (handle(i, &dev) != NVML_SUCCESS || !dev)
            continue; // a GPU NVML cannot open (no permission, fallen off the bus) is not ours
        GpuInfo info;
        info.index = int(i);
        char buf[NVML_DEVICE_NAME_V2_BUFFER_SIZE > NVML_DEVICE_UUID_V2_BUFFER_SIZE
                     ? NVML_DEVICE_NAME_V2_BUFFER_SIZE
                     : NVML_DEVICE_UUID_V2_BUFFER_SIZE] = {};
        if (name && name(dev, buf, NVML_DEVICE_NAME_V2_BUFFER_SIZE) == NVML_SUCCESS)
            info.name = fromFixed(buf, NVML_DEVICE_NAME_V2_BUFFER_SIZE);
        buf[0] = '\0';
        if (uuid && uuid(dev, buf, NVML_DEVICE_UUID_V2_BUFFER_SIZE) == NVML_SUCCESS)
            info.uuid = fromFixed(buf, NVML_DEVICE_UUID_V2_BUFFER_SIZE);
        nvmlPciInfo_t p{};
        if (pci && pci(dev, &p) == NVML_SUCCESS)
            info.pciBusId = fromFixed(p.busId, sizeof p.busId);
        nvmlMemory_t mem{};
        if (memoryInfo && memoryInfo(dev, &mem) == NVML_SUCCESS)
            info.memoryTotalBytes = mem.total;
        if (info.name.isEmpty())
            info.name = QStringLiteral("NVIDIA GPU");
        gpus.append(info);
        handles.push_back(dev);
    }
    if (gpus.isEmpty())
        reason = QStringLiteral("no NVIDIA GPU");
}

void Nvml::Private::processesOf(int index, nvmlDevice_t dev, QList<GpuProcess> *out) const
{
    if (!computeProcesses)
        return;
    // The list can grow between the calls: ask again with the size NVML asks for, plus room.
    std::vector<nvmlProcessInfo_t> infos(16);
    for (int attempt = 0; attempt < 4; ++attempt) {
        unsigned int n = static_cast<unsigned int>(infos.size());
        const nvmlReturn_t rc = computeProcesses(dev, &n, infos.data());
        if (rc == NVML_ERROR_INSUFFICIENT_SIZE) {
            infos.resize(size_t(n) + 8);
            continue;
        }
        if (rc != NVML_SUCCESS)
            return;
        for (unsigned int k = 0; k < n && k < infos.size(); ++k) {
            GpuProcess p;
            p.gpuIndex = index;
            p.pid = qint64(infos[k].pid);
            if (infos[k].usedGpuMemory != NVML_VALUE_NOT_AVAILABLE_ULL)
                p.usedMemoryBytes = infos[k].usedGpuMemory;
            out->append(p);
        }
        return;
    }
}

Nvml::Nvml()
    : d(std::make_unique<Private>())
{
    d->open();
}

Nvml::~Nvml()
{
    if (d->initialized && d->shutdown)
        d->shutdown();
    if (d->lib)
        dlclose(d->lib);
}

bool Nvml::isLoaded() const
{
    return d->initialized;
}

QString Nvml::unavailableReason() const
{
    return d->reason;
}

const QList<GpuInfo> &Nvml::gpus() const
{
    return d->gpus;
}

QString Nvml::driverVersion() const
{
    return d->driverVersion;
}

GpuSnapshot Nvml::sample() const
{
    GpuSnapshot snap;
    snap.gpus.reserve(d->gpus.size());
    for (size_t i = 0; i < d->handles.size(); ++i) {
        nvmlDevice_t dev = d->handles[i];
        GpuReading r;
        r.index = d->gpus.at(qsizetype(i)).index;
        nvmlUtilization_t u{};
        if (d->utilization && d->utilization(dev, &u) == NVML_SUCCESS)
            r.utilizationPercent = double(u.gpu);
        nvmlMemory_t mem{};
        if (d->memoryInfo && d->memoryInfo(dev, &mem) == NVML_SUCCESS) {
            r.memoryUsedBytes = mem.used;
            r.memoryTotalBytes = mem.total;
        }
        unsigned int milliwatts = 0;
        if (d->powerUsage && d->powerUsage(dev, &milliwatts) == NVML_SUCCESS)
            r.powerWatts = milliwatts / 1000.0;
        unsigned int celsius = 0;
        if (d->temperature && d->temperature(dev, NVML_TEMPERATURE_GPU, &celsius) == NVML_SUCCESS)
            r.temperatureC = double(celsius);
        snap.gpus.append(r);
        d->processesOf(r.index, dev, &snap.processes);
    }
    return snap;
}

GpuInventory readInventory()
{
    const Nvml nvml;
    GpuInventory inv;
    inv.gpus = nvml.gpus();
    inv.driverVersion = nvml.driverVersion();
    inv.unavailableReason = nvml.unavailableReason();
    return inv;
}

const char *nvmlSoname()
{
    return "libnvidia-ml.so.1";
}

} // namespace trainyard::gpu
