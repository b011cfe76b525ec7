// SPDX-License-Identifier: MIT
#include "gpu/nvml.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <algorithm>
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

QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::gpu", text);
}

// What a reading can be; anything beyond is NVML's garbage, not a measurement.
constexpr double MaxPowerWatts = 10000;        // a whole superchip board draws under 3 kW
constexpr double MaxTemperatureC = 200;        // GPUs shut down near 100 °C
constexpr quint64 MaxMemoryBytes = 1ULL << 50; // 1 PiB
constexpr qint64 MaxPid = 4194304;             // PID_MAX_LIMIT of Linux

QString processesCappedNote()
{
    return tr("NVML lists more than %1 compute processes; not all of them are read.")
        .arg(MaxProcesses);
}

// What NVML can have said that cannot be (one note per kind and snapshot).
enum class Garbage { Utilization, MemoryTotal, MemoryUsed, Power, Temperature };

QString garbageNote(Garbage kind, int index, double value)
{
    QString text;
    switch (kind) {
    case Garbage::Utilization:
        text = tr("GPU %1 reported a utilization of %2 %, which cannot be; readings out of range "
                  "are left out.");
        break;
    case Garbage::MemoryTotal:
        text = tr("GPU %1 reported %2 bytes of memory, which cannot be; readings out of range "
                  "are left out.");
        break;
    case Garbage::MemoryUsed:
        text = tr("GPU %1 reported %2 bytes of memory in use, more than it has; readings out of "
                  "range are left out.");
        break;
    case Garbage::Power:
        text = tr("GPU %1 reported a power draw of %2 W, which cannot be; readings out of range "
                  "are left out.");
        break;
    case Garbage::Temperature:
        text = tr("GPU %1 reported a temperature of %2 °C, which cannot be; readings out of "
                  "range are left out.");
        break;
    }
    return text.arg(index).arg(QString::number(value, 'g', 12));
}

} // namespace

QString gpusCappedNote(qint64 reported)
{
    return tr("NVML reports %1 GPUs; the first %2 are used.").arg(reported).arg(MaxDevices);
}

void checkSnapshot(GpuSnapshot *snapshot, const QList<GpuInfo> &gpus)
{
    QHash<int, quint64> totals; // index -> memory
    for (const GpuInfo &g : gpus)
        totals.insert(g.index, g.memoryTotalBytes);
    QSet<Garbage> noted;
    const auto drop = [snapshot, &noted](auto &value, Garbage kind, int index) {
        if (!noted.contains(kind))
            snapshot->notes.append(garbageNote(kind, index, double(*value)));
        noted.insert(kind);
        value.reset();
    };
    QList<GpuReading> readings;
    for (GpuReading r : std::as_const(snapshot->gpus)) {
        if (!totals.contains(r.index))
            continue; // not a GPU of the inventory
        if (r.utilizationPercent && !(*r.utilizationPercent >= 0 && *r.utilizationPercent <= 100))
            drop(r.utilizationPercent, Garbage::Utilization, r.index);
        if (r.memoryTotalBytes && *r.memoryTotalBytes > MaxMemoryBytes)
            drop(r.memoryTotalBytes, Garbage::MemoryTotal, r.index);
        const quint64 total = r.memoryTotalBytes.value_or(totals.value(r.index));
        if (r.memoryUsedBytes &&
            (*r.memoryUsedBytes > MaxMemoryBytes || (total > 0 && *r.memoryUsedBytes > total)))
            drop(r.memoryUsedBytes, Garbage::MemoryUsed, r.index);
        if (r.powerWatts && !(*r.powerWatts >= 0 && *r.powerWatts <= MaxPowerWatts))
            drop(r.powerWatts, Garbage::Power, r.index);
        if (r.temperatureC && !(*r.temperatureC >= -50 && *r.temperatureC <= MaxTemperatureC))
            drop(r.temperatureC, Garbage::Temperature, r.index);
        readings.append(r);
    }
    snapshot->gpus = readings;
    QList<GpuProcess> processes;
    bool badProcess = false;
    for (const GpuProcess &p : std::as_const(snapshot->processes)) {
        if (processes.size() >= MaxProcesses) {
            snapshot->notes.append(processesCappedNote());
            break;
        }
        const quint64 total = totals.value(p.gpuIndex);
        if (!totals.contains(p.gpuIndex) || p.pid <= 0 || p.pid > MaxPid ||
            (p.usedMemoryBytes &&
             (*p.usedMemoryBytes > MaxMemoryBytes || (total > 0 && *p.usedMemoryBytes > total)))) {
            badProcess = true;
            continue;
        }
        processes.append(p);
    }
    if (badProcess)
        snapshot->notes.append(tr("NVML listed compute processes with an impossible GPU, pid or "
                                  "memory; they are left out."));
    snapshot->processes = processes;
}

struct Nvml::Private
{
    void *lib = nullptr;
    bool initialized = false;
    QString reason;
    QString driverVersion;
    QStringList notes;
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
    // The compute processes on one GPU, at most `room` of them; false when there were more.
    bool processesOf(int index, nvmlDevice_t dev, qsizetype room, QList<GpuProcess> *out) const;
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
    if (n > unsigned(MaxDevices)) {
        notes.append(gpusCappedNote(n));
        n = MaxDevices;
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

bool Nvml::Private::processesOf(int index, nvmlDevice_t dev, qsizetype room,
                                QList<GpuProcess> *out) const
{
    if (!computeProcesses || room <= 0)
        return room > 0;
    // The list can grow between the calls: ask again with the size NVML asks for, plus room,
    // but never for more than is left of MaxProcesses (a count of 0xFFFFFFFF asked for 100 GB).
    std::vector<nvmlProcessInfo_t> infos(size_t(std::min<qsizetype>(16, room)));
    bool more = false;
    for (int attempt = 0; attempt < 4; ++attempt) {
        unsigned int n = static_cast<unsigned int>(infos.size());
        const nvmlReturn_t rc = computeProcesses(dev, &n, infos.data());
        if (rc == NVML_ERROR_INSUFFICIENT_SIZE) {
            if (infos.size() >= size_t(room)) {
                more = true; // as many as there is room for: what this buffer can hold is lost
                break;
            }
            infos.resize(size_t(std::min<qint64>(qint64(n) + 8, room)));
            continue;
        }
        if (rc != NVML_SUCCESS)
            return true;
        more = n > infos.size();
        for (unsigned int k = 0; k < n && k < infos.size(); ++k) {
            GpuProcess p;
            p.gpuIndex = index;
            p.pid = qint64(infos[k].pid);
            if (infos[k].usedGpuMemory != NVML_VALUE_NOT_AVAILABLE_ULL)
                p.usedMemoryBytes = infos[k].usedGpuMemory;
            out->append(p);
        }
        return !more;
    }
    return !more;
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

QStringList Nvml::notes() const
{
    return d->notes;
}

GpuSnapshot Nvml::sample() const
{
    GpuSnapshot snap;
    snap.gpus.reserve(d->gpus.size());
    bool capped = false;
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
        if (!d->processesOf(r.index, dev, MaxProcesses - snap.processes.size(), &snap.processes))
            capped = true;
    }
    if (capped)
        snap.notes.append(processesCappedNote());
    checkSnapshot(&snap, d->gpus);
    return snap;
}

GpuInventory Nvml::inventory() const
{
    GpuInventory inv;
    inv.gpus = gpus();
    inv.driverVersion = driverVersion();
    inv.unavailableReason = unavailableReason();
    inv.notes = notes();
    return inv;
}

GpuInventory readInventoryInProcess()
{
    return Nvml().inventory();
}

const char *nvmlSoname()
{
    return "libnvidia-ml.so.1";
}

} // namespace trainyard::gpu
