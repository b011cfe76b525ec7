// SPDX-License-Identifier: MIT
// The service's offer as data: machine types, accelerators, valid GPU counts, per-GPU caps,
// regions and zones, scale tiers, runtime versions. Loaded from a YAML file (the built-in one
// is compiled in as :/catalog/catalog.yaml, and read from its compiled form
// :/catalog/catalog.cbor, see catalogcbor.h); no fact of the service is written as code.
#pragma once

#include "jobspec/diagnostic.h"

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

inline bool isCertain(Certainty c)
{
    return c != Certainty::Uncertain;
}

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
    // Lifecycle: when the type stopped being offered for new jobs (YYYY-MM; empty: offered until
    // the service ended) and what to use instead.
    QString retired;
    QString replacedBy;
    Certainty retiredCertainty = Certainty::Uncertain;
    // Vertex AI: the Compute Engine machine type a job of this legacy type would use there, and
    // the certainty of that mapping; empty when there is none (the export refuses the type).
    QString vertexMachineType;
    Certainty vertexCertainty = Certainty::Uncertain;
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
    QString onlyOnFamily;    // e.g. "a2": this accelerator attaches only to that family
    bool vertexOnly = false; // offered by Vertex AI only, unknown to the legacy API
    QString retired;         // YYYY-MM since when it is no longer offered; empty: offered
    QString replacedBy;      // what to use instead, for messages
    Certainty retiredCertainty = Certainty::Uncertain;
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
    QStringList accelerators;         // believed available
    QStringList doubtfulAccelerators; // "?" in the reference: allowed with a warning
    QStringList seedAccelerators;     // subset of `accelerators` the seed documents confirm
    Certainty acceleratorCertainty = Certainty::Uncertain;
    QList<Zone> zones; // may be empty when unknown
    Certainty zoneCertainty = Certainty::Uncertain;
    QList<QStringList> zoneConflicts; // GPU type sets known (seed) never to share a zone
    QStringList tpuVersions;          // e.g. TPU_V2, TPU_V3
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
    // Lifecycle (YYYY-MM): when the service offered it and when it stopped taking new training
    // jobs with it; `until` is empty for versions offered until the service itself ended.
    QString offered;
    QString until;
    QString frameworks; // "TensorFlow 1.13"
    QString replacedBy; // "1.15 or 2.x"
    Certainty lifecycleCertainty = Certainty::Uncertain;
};

// The service itself: AI Platform Training was retired in favour of Vertex AI.
struct ServiceLifecycle
{
    QString deprecated; // YYYY-MM-DD
    QString shutdown;   // YYYY-MM-DD: no jobs after this day
    QString successor;  // "Vertex AI custom training"
    Certainty certainty = Certainty::Uncertain;
};

// A Vertex AI pre-built training container (vertex-rest.md section d): the image a Python
// package runs in on Vertex AI, and the AI Platform runtime versions it stands in for.
struct VertexImage
{
    QString framework;         // tensorflow, pytorch, scikit-learn, xgboost
    QString version;           // framework version, "2.11"
    QString python;            // "3.7", "3.10"
    QString cpuImage;          // us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11:latest
    QString gpuImage;          // empty when the framework version has none
    QString endOfAvailability; // YYYY-MM-DD
    QStringList runtimes;      // AI Platform runtime versions it corresponds to ([U] by framework)
    Certainty certainty = Certainty::Uncertain;
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
    jobspec::Diagnostics diagnostics;

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
    ServiceLifecycle service;
    QList<VertexImage> vertexImages;
    // Names the service once used for a machine type (pre-GA standard_tpu -> cloud_tpu).
    QHash<QString, QString> formerMachineTypeNames;
    // GKE's node label value (cloud.google.com/gke-accelerator) of each GPU type, for the
    // Kubernetes exports' node selectors.
    QHash<QString, QString> gkeAcceleratorLabels;
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
    // The Vertex AI image for a runtime version and Python version (empty Python: any), or null.
    const VertexImage *vertexImageForRuntime(const QString &runtime,
                                             const QString &python = QString()) const;

    // Valid GPU counts of `accelerator` on `machineType` (empty: not attachable), and whether
    // that fact is certain. Uses the 4.2 table row; falls back to the caps formula.
    QList<int> validGpuCounts(const QString &machineType, const QString &accelerator,
                              Certainty *certainty = nullptr) const;

    // Parse a catalog document. Errors carry file, line, column and field.
    static LoadResult load(const QByteArray &yaml, const QString &fileName);
    static LoadResult loadFile(const QString &path);

    // The catalog to use: the file named by $TRAINYARD_CATALOG when set, else the built-in one.
    static LoadResult loadDefault();
    // The compiled-in data (:/catalog/catalog.cbor, else :/catalog/catalog.yaml); aborts if
    // neither loads.
    static const Catalog &builtIn();

private:
    friend LoadResult fromCompiled(const QByteArray &cbor, const QString &origin);
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
