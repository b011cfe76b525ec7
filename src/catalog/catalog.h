// SPDX-License-Identifier: MIT
// The service's offer as data: machine types, accelerators, valid GPU counts, per-GPU caps,
// regions and zones, scale tiers, runtime versions. Loaded from a YAML file (the built-in one
// is compiled in as :/catalog/catalog.yaml); no fact of the service is written as code.
#pragma once

#include "spec/diagnostic.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace trainyard::catalog {

// How sure the reference is of a fact. Rules built on Uncertain facts warn instead of erring.
enum class Certainty { Seed, Public, Uncertain };

inline bool isCertain(Certainty c) { return c != Certainty::Uncertain; }

struct BuiltInAccelerator
{
    QString type; // API enum, e.g. NVIDIA_TESLA_K80
    int count = 0;
};

struct MachineType
{
    QString name;
    bool legacy = false; // legacy AI Platform type (standard, complex_model_m_gpu, ...)
    bool tpu = false;    // cloud_tpu
    int vcpus = 0;
    double memoryGb = 0;
    Certainty sizeCertainty = Certainty::Public;
    std::optional<BuiltInAccelerator> builtIn; // GPUs that come with the type (legacy, A2)
    QString description;
    QString family;      // Compute Engine family ("n1", "a2"); empty for legacy types
    QString approxShape; // legacy types: the Compute Engine shape they resemble (uncertain)
};

// An extra limit of an accelerator at a given count, e.g. 8 x K80: at most 208 GB.
struct CountLimit
{
    int count = 0;
    std::optional<int> maxVcpus;
    std::optional<double> maxMemoryGb;
    Certainty certainty = Certainty::Seed;
};

struct AcceleratorType
{
    QString type;        // API enum: NVIDIA_TESLA_T4
    QString gcloudName;  // gcloud spelling: nvidia-tesla-t4
    QString displayName; // NVIDIA Tesla T4
    bool tpu = false;
    QList<int> allowedCounts; // in general, on any machine
    std::optional<int> maxVcpusPerGpu;
    std::optional<double> maxMemoryGbPerGpu;
    Certainty capsCertainty = Certainty::Uncertain;
    QList<CountLimit> limits;
    QString onlyOnFamily; // e.g. "a2": this accelerator attaches only to that family
};

// Valid GPU counts for one machine type (one row of reference table 4.2).
struct GpuCountRow
{
    QString machineType;
    QHash<QString, QList<int>> counts; // accelerator type -> valid counts (absent: not allowed)
    Certainty certainty = Certainty::Seed;
};

struct Zone
{
    QString name;
    QStringList accelerators;
};

struct Region
{
    QString name;
    QStringList accelerators;          // believed available
    QStringList doubtfulAccelerators;  // "?" in the reference: allowed with a warning
    QStringList seedAccelerators;      // subset of `accelerators` the seed documents confirm
    Certainty acceleratorCertainty = Certainty::Uncertain;
    QList<Zone> zones;                 // may be empty when unknown
    Certainty zoneCertainty = Certainty::Uncertain;
    QList<QStringList> zoneConflicts;  // GPU type sets known (seed) never to share a zone
    QStringList tpuVersions;           // e.g. TPU_V2, TPU_V3
};

// A predefined scale tier and the local shape the executor gives it.
struct ScaleTier
{
    QString name;       // API enum: STANDARD_1
    QString gcloudName; // standard-1
    QString description;
    bool custom = false;
    QString masterType;
    int workerCount = 0;
    QString workerType;
    int parameterServerCount = 0;
    QString parameterServerType;
    std::optional<BuiltInAccelerator> accelerator; // BASIC_GPU: one K80; BASIC_TPU: a TPU
    Certainty shapeCertainty = Certainty::Uncertain;
};

struct RuntimeVersion
{
    QString version; // "1.15", "2.11"
    QStringList pythonVersions;
    Certainty certainty = Certainty::Public;
};

// Boot disks of the replicas (ReplicaConfig.diskConfig). Sizes of 0 are unknown.
struct BootDisks
{
    QStringList types; // pd-ssd, pd-standard
    Certainty typesCertainty = Certainty::Public;
    QString defaultType;
    int defaultSizeGb = 0;
    int minSizeGb = 0;
    int maxSizeGb = 0;
    Certainty sizeCertainty = Certainty::Uncertain;
};

struct Catalog;

struct LoadResult
{
    std::shared_ptr<const Catalog> catalog; // null when the file could not be used
    spec::Diagnostics diagnostics;

    explicit operator bool() const { return catalog != nullptr; }
};

struct Catalog
{
    QString source; // file it was loaded from
    QString date;   // the "asOf" date of the data
    QList<MachineType> machineTypes;
    QList<AcceleratorType> accelerators;
    QList<GpuCountRow> gpuCounts;
    QList<Region> regions;
    QList<ScaleTier> scaleTiers;
    QList<RuntimeVersion> runtimeVersions;
    QStringList pythonVersions; // every Python version the service documents
    BootDisks bootDisks;

    // Lookups; null when unknown. Names are matched exactly (API spelling).
    const MachineType *machineType(const QString &name) const;
    const AcceleratorType *accelerator(const QString &type) const;
    const AcceleratorType *acceleratorByGcloudName(const QString &gcloudName) const;
    const GpuCountRow *gpuCountRow(const QString &machineType) const;
    const Region *region(const QString &name) const;
    const ScaleTier *scaleTier(const QString &name) const;
    const ScaleTier *scaleTierByGcloudName(const QString &gcloudName) const;
    const RuntimeVersion *runtimeVersion(const QString &version) const;

    // Valid GPU counts of `accelerator` on `machineType` (empty: not attachable), and whether
    // that fact is certain. Uses the 4.2 table row; falls back to the caps formula.
    QList<int> validGpuCounts(const QString &machineType, const QString &accelerator,
                              Certainty *certainty = nullptr) const;

    // Parse a catalog document. Errors carry file, line, column and field.
    static LoadResult load(const QByteArray &yaml, const QString &fileName);
    static LoadResult loadFile(const QString &path);

    // The catalog to use: the file named by $TRAINYARD_CATALOG when set, else the built-in one.
    static LoadResult loadDefault();
    static const Catalog &builtIn(); // the compiled-in data; aborts if it does not load

private:
    void buildIndex();
    QHash<QString, int> m_machineIndex;
    QHash<QString, int> m_acceleratorIndex;
    QHash<QString, int> m_gcloudAcceleratorIndex;
    QHash<QString, int> m_gpuRowIndex;
    QHash<QString, int> m_regionIndex;
    QHash<QString, int> m_tierIndex;
    QHash<QString, int> m_gcloudTierIndex;
    QHash<QString, int> m_runtimeIndex;
};

} // namespace trainyard::catalog
