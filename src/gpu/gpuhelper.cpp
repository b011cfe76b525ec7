// SPDX-License-Identifier: MIT
#include "gpu/gpuhelper.h"

#include "store/fdwrite.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace trainyard::gpu {

namespace {

constexpr qsizetype MaxTextLength = 256; // a name, a UUID, a bus ID, a driver version
constexpr qsizetype MaxNotes = 16;
constexpr qsizetype MaxNoteLength = 1000;
constexpr double MaxIndex = 1 << 20;

QByteArray line(const char *key, const QJsonObject &value)
{
    return QJsonDocument(QJsonObject{{QLatin1String(key), value}}).toJson(QJsonDocument::Compact) +
           '\n';
}

QJsonArray notesJson(const QStringList &notes)
{
    QJsonArray list;
    for (const QString &note : notes)
        list.append(note);
    return list;
}

QStringList notesFrom(const QJsonValue &value)
{
    QStringList notes;
    const QJsonArray list = value.toArray();
    for (qsizetype i = 0; i < list.size() && i < MaxNotes; ++i)
        notes.append(list.at(i).toString().left(MaxNoteLength));
    return notes;
}

// A number in the line, or nothing when it is absent, not a number or out of [0, max].
std::optional<double> number(const QJsonValue &value, double max)
{
    if (!value.isDouble())
        return std::nullopt;
    const double v = value.toDouble();
    return v >= 0 && v <= max ? std::optional<double>(v) : std::nullopt;
}

void put(QJsonObject *o, const char *key, const std::optional<double> &value)
{
    if (value)
        o->insert(QLatin1String(key), *value);
}

void put(QJsonObject *o, const char *key, const std::optional<quint64> &value)
{
    if (value)
        o->insert(QLatin1String(key), double(*value));
}

// Readings are passed on as they are (checkSnapshot judges them); only what is no number of
// any kind is dropped.
std::optional<double> reading(const QJsonValue &value)
{
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

std::optional<quint64> bytes(const QJsonValue &value)
{
    const std::optional<double> v = number(value, 9.0e15); // exact in a double
    return v ? std::optional<quint64>(quint64(*v)) : std::nullopt;
}

bool writeAll(const QByteArray &bytes)
{
    return store::writeFully(STDOUT_FILENO, bytes.constData(), std::size_t(bytes.size())) == 0;
}

} // namespace

QByteArray inventoryLine(const GpuInventory &inventory)
{
    QJsonArray gpus;
    for (const GpuInfo &g : inventory.gpus)
        gpus.append(QJsonObject{{QStringLiteral("index"), g.index},
                                {QStringLiteral("name"), g.name},
                                {QStringLiteral("uuid"), g.uuid},
                                {QStringLiteral("bus"), g.pciBusId},
                                {QStringLiteral("memory"), double(g.memoryTotalBytes)}});
    return line("inventory", QJsonObject{{QStringLiteral("gpus"), gpus},
                                         {QStringLiteral("driver"), inventory.driverVersion},
                                         {QStringLiteral("reason"), inventory.unavailableReason},
                                         {QStringLiteral("notes"), notesJson(inventory.notes)}});
}

QByteArray sampleLine(const GpuSnapshot &snapshot)
{
    QJsonArray gpus;
    for (const GpuReading &r : snapshot.gpus) {
        QJsonObject o{{QStringLiteral("index"), r.index}};
        put(&o, "utilization", r.utilizationPercent);
        put(&o, "used", r.memoryUsedBytes);
        put(&o, "total", r.memoryTotalBytes);
        put(&o, "power", r.powerWatts);
        put(&o, "temperature", r.temperatureC);
        gpus.append(o);
    }
    QJsonArray processes;
    for (const GpuProcess &p : snapshot.processes)
        processes.append(QJsonArray{p.gpuIndex, double(p.pid),
                                    p.usedMemoryBytes ? QJsonValue(double(*p.usedMemoryBytes))
                                                      : QJsonValue(QJsonValue::Null)});
    return line("sample", QJsonObject{{QStringLiteral("gpus"), gpus},
                                      {QStringLiteral("processes"), processes},
                                      {QStringLiteral("notes"), notesJson(snapshot.notes)}});
}

bool parseInventoryLine(const QByteArray &text, GpuInventory *inventory)
{
    const QJsonValue value =
        QJsonDocument::fromJson(text).object().value(QStringLiteral("inventory"));
    if (!value.isObject())
        return false;
    const QJsonObject o = value.toObject();
    GpuInventory inv;
    inv.driverVersion = o.value(QStringLiteral("driver")).toString().left(MaxTextLength);
    inv.unavailableReason = o.value(QStringLiteral("reason")).toString().left(MaxNoteLength);
    inv.notes = notesFrom(o.value(QStringLiteral("notes")));
    const QJsonArray gpus = o.value(QStringLiteral("gpus")).toArray();
    for (qsizetype i = 0; i < gpus.size() && inv.gpus.size() < MaxDevices; ++i) {
        const QJsonObject g = gpus.at(i).toObject();
        const std::optional<double> index = number(g.value(QStringLiteral("index")), MaxIndex);
        if (!index)
            continue;
        GpuInfo info;
        info.index = int(*index);
        info.name = g.value(QStringLiteral("name")).toString().left(MaxTextLength);
        info.uuid = g.value(QStringLiteral("uuid")).toString().left(MaxTextLength);
        info.pciBusId = g.value(QStringLiteral("bus")).toString().left(MaxTextLength);
        info.memoryTotalBytes = bytes(g.value(QStringLiteral("memory"))).value_or(0);
        inv.gpus.append(info);
    }
    if (gpus.size() > MaxDevices)
        inv.notes.append(gpusCappedNote(gpus.size()));
    *inventory = inv;
    return true;
}

bool parseSampleLine(const QByteArray &text, const GpuInventory &inventory, GpuSnapshot *snapshot)
{
    const QJsonValue value = QJsonDocument::fromJson(text).object().value(QStringLiteral("sample"));
    if (!value.isObject())
        return false;
    const QJsonObject o = value.toObject();
    GpuSnapshot snap;
    snap.notes = notesFrom(o.value(QStringLiteral("notes")));
    const QJsonArray gpus = o.value(QStringLiteral("gpus")).toArray();
    for (qsizetype i = 0; i < gpus.size() && i < MaxDevices; ++i) {
        const QJsonObject g = gpus.at(i).toObject();
        const std::optional<double> index = number(g.value(QStringLiteral("index")), MaxIndex);
        if (!index)
            continue;
        GpuReading r;
        r.index = int(*index);
        r.utilizationPercent = reading(g.value(QStringLiteral("utilization")));
        r.memoryUsedBytes = bytes(g.value(QStringLiteral("used")));
        r.memoryTotalBytes = bytes(g.value(QStringLiteral("total")));
        r.powerWatts = reading(g.value(QStringLiteral("power")));
        r.temperatureC = reading(g.value(QStringLiteral("temperature")));
        snap.gpus.append(r);
    }
    const QJsonArray processes = o.value(QStringLiteral("processes")).toArray();
    // One past the cap, so that checkSnapshot says the list was cut.
    for (qsizetype i = 0; i < processes.size() && i <= MaxProcesses; ++i) {
        const QJsonArray p = processes.at(i).toArray();
        const std::optional<double> gpu = number(p.at(0), MaxIndex);
        const std::optional<double> pid = number(p.at(1), 9.0e15);
        if (!gpu || !pid) {
            snap.processes.append(GpuProcess{-1, 0, std::nullopt}); // judged as impossible
            continue;
        }
        snap.processes.append(GpuProcess{int(*gpu), qint64(*pid), bytes(p.at(2))});
    }
    checkSnapshot(&snap, inventory.gpus);
    *snapshot = snap;
    return true;
}

int runGpuSamplerHelper()
{
    std::signal(SIGPIPE, SIG_IGN); // a reader gone: the next write fails and the helper ends
    const Nvml nvml;
    if (!writeAll(inventoryLine(nvml.inventory())))
        return 1;
    char buffer[64];
    while (std::fgets(buffer, sizeof buffer, stdin) != nullptr) {
        if (qstrcmp(buffer, "sample\n") != 0)
            continue;
        if (!writeAll(sampleLine(nvml.sample())))
            return 1;
    }
    return 0;
}

} // namespace trainyard::gpu
