// SPDX-License-Identifier: MIT
// Field-by-field comparison of catalogs (and of their parts), written independently of
// catalogcbor.cpp's describe(): the paths of the fields that differ, e.g.
// ".machineTypes[3].builtIn.count". A field added to catalog.h must be added here too.
#pragma once

#include "catalog/catalog.h"

#include <QStringList>
#include <optional>

namespace catalogdiff {

using namespace trainyard::catalog;

// Collects the paths of the fields that differ between two catalogs (or parts of them), and
// counts the fields compared.
struct Differ
{
    QStringList differences;
    int compared = 0;

    void check(const QString &path, bool same)
    {
        ++compared;
        if (!same)
            differences.append(path);
    }
};

#define SAME(f) d.check(p + QLatin1String("." #f), a.f == b.f)

inline void diff(Differ &d, const QString &p, const BuiltInAccelerator &a,
                 const BuiltInAccelerator &b)
{
    SAME(type);
    SAME(count);
}

template<typename T>
void diffOptional(Differ &d, const QString &p, const std::optional<T> &a, const std::optional<T> &b)
{
    d.check(p + QLatin1String("?"), a.has_value() == b.has_value());
    if (a && b)
        diff(d, p, *a, *b);
}

template<typename T>
void diffList(Differ &d, const QString &p, const QList<T> &a, const QList<T> &b)
{
    d.check(p + QLatin1String(".size"), a.size() == b.size());
    for (qsizetype i = 0; i < qMin(a.size(), b.size()); ++i)
        diff(d, p + u'[' + QString::number(i) + u']', a.at(i), b.at(i));
}

inline void diff(Differ &d, const QString &p, const MachineType &a, const MachineType &b)
{
    SAME(name);
    SAME(legacy);
    SAME(tpu);
    SAME(vcpus);
    SAME(memoryGb);
    SAME(sizeCertainty);
    diffOptional(d, p + QLatin1String(".builtIn"), a.builtIn, b.builtIn);
    SAME(description);
    SAME(family);
    SAME(approxShape);
    SAME(retired);
    SAME(replacedBy);
    SAME(retiredCertainty);
    SAME(vertexMachineType);
    SAME(vertexCertainty);
}

inline void diff(Differ &d, const QString &p, const CountLimit &a, const CountLimit &b)
{
    SAME(count);
    SAME(maxVcpus);
    SAME(maxMemoryGb);
    SAME(certainty);
}

inline void diff(Differ &d, const QString &p, const AcceleratorType &a, const AcceleratorType &b)
{
    SAME(type);
    SAME(gcloudName);
    SAME(displayName);
    SAME(tpu);
    SAME(allowedCounts);
    SAME(maxVcpusPerGpu);
    SAME(maxMemoryGbPerGpu);
    SAME(capsCertainty);
    diffList(d, p + QLatin1String(".limits"), a.limits, b.limits);
    SAME(onlyOnFamily);
    SAME(vertexOnly);
    SAME(retired);
    SAME(replacedBy);
    SAME(retiredCertainty);
}

inline void diff(Differ &d, const QString &p, const GpuCountRow &a, const GpuCountRow &b)
{
    SAME(machineType);
    SAME(counts);
    SAME(certainty);
}

inline void diff(Differ &d, const QString &p, const Zone &a, const Zone &b)
{
    SAME(name);
    SAME(accelerators);
}

inline void diff(Differ &d, const QString &p, const Region &a, const Region &b)
{
    SAME(name);
    SAME(accelerators);
    SAME(doubtfulAccelerators);
    SAME(seedAccelerators);
    SAME(acceleratorCertainty);
    diffList(d, p + QLatin1String(".zones"), a.zones, b.zones);
    SAME(zoneCertainty);
    SAME(zoneConflicts);
    SAME(tpuVersions);
}

inline void diff(Differ &d, const QString &p, const ScaleTier &a, const ScaleTier &b)
{
    SAME(name);
    SAME(gcloudName);
    SAME(description);
    SAME(custom);
    SAME(masterType);
    SAME(workerCount);
    SAME(workerType);
    SAME(parameterServerCount);
    SAME(parameterServerType);
    diffOptional(d, p + QLatin1String(".accelerator"), a.accelerator, b.accelerator);
    SAME(shapeCertainty);
}

inline void diff(Differ &d, const QString &p, const RuntimeVersion &a, const RuntimeVersion &b)
{
    SAME(version);
    SAME(pythonVersions);
    SAME(certainty);
    SAME(offered);
    SAME(until);
    SAME(frameworks);
    SAME(replacedBy);
    SAME(lifecycleCertainty);
}

inline void diff(Differ &d, const QString &p, const ServiceLifecycle &a, const ServiceLifecycle &b)
{
    SAME(deprecated);
    SAME(shutdown);
    SAME(successor);
    SAME(certainty);
}

inline void diff(Differ &d, const QString &p, const VertexImage &a, const VertexImage &b)
{
    SAME(framework);
    SAME(version);
    SAME(python);
    SAME(cpuImage);
    SAME(gpuImage);
    SAME(endOfAvailability);
    SAME(runtimes);
    SAME(certainty);
}

inline void diff(Differ &d, const QString &p, const BootDisks &a, const BootDisks &b)
{
    SAME(types);
    SAME(typesCertainty);
    SAME(defaultType);
    SAME(defaultSizeGb);
    SAME(minSizeGb);
    SAME(maxSizeGb);
    SAME(sizeCertainty);
}

inline void diff(Differ &d, const QString &p, const Catalog &a, const Catalog &b)
{
    SAME(source);
    SAME(date);
    diffList(d, p + QLatin1String(".machineTypes"), a.machineTypes, b.machineTypes);
    diffList(d, p + QLatin1String(".accelerators"), a.accelerators, b.accelerators);
    diffList(d, p + QLatin1String(".gpuCounts"), a.gpuCounts, b.gpuCounts);
    diffList(d, p + QLatin1String(".regions"), a.regions, b.regions);
    diffList(d, p + QLatin1String(".scaleTiers"), a.scaleTiers, b.scaleTiers);
    diffList(d, p + QLatin1String(".runtimeVersions"), a.runtimeVersions, b.runtimeVersions);
    diff(d, p + QLatin1String(".service"), a.service, b.service);
    diffList(d, p + QLatin1String(".vertexImages"), a.vertexImages, b.vertexImages);
    SAME(formerMachineTypeNames);
    SAME(gkeAcceleratorLabels);
    SAME(pythonVersions);
    diff(d, p + QLatin1String(".bootDisks"), a.bootDisks, b.bootDisks);
}

#undef SAME

template<typename T>
QStringList differences(const T &a, const T &b)
{
    Differ d;
    diff(d, QString(), a, b);
    return d.differences;
}

} // namespace catalogdiff
