// SPDX-License-Identifier: MIT
// Which of this machine's GPUs each replica sees, decided before anything starts. Pure: the
// job's per-pool GPU counts and the machine's GPUs (gpu::readInventory()) in, a plan out.
//
// As on the service, each replica gets its pool's acceleratorConfig.count GPUs of its own (or
// the GPUs its machine type comes with, catalog.yaml builtIn; BASIC_GPU's primary one) through
// CUDA_VISIBLE_DEVICES, NVML indices with CUDA_DEVICE_ORDER=PCI_BUS_ID so that CUDA and NVML
// number the GPUs alike; inside the replica they are /gpu:0, /gpu:1, ... A replica whose machine
// type has no GPU gets CUDA_VISIBLE_DEVICES= (empty): no GPU, as the service gives it none.
//
// Modes (`--gpus`, the run settings' `gpus`, the wizard's Review page):
//  - auto (default): GPUs of their own. No GPU here: the job runs on the CPU (environment left
//    as it is) with one note. Fewer GPUs than asked: refused before any replica starts.
//  - cpu: every GPU hidden from every replica.
//  - shared: the GPUs asked for are handed out round-robin over those here (ranks may share).
// Another GPU type than the spec's is a note, never an error.
#pragma once

#include "exec/runsettings.h"
#include "gpu/nvml.h"
#include "jobspec/job.h"
#include "service/layout.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <optional>

namespace trainyard::catalog {
struct Catalog;
}

namespace trainyard::exec {

// What one replica asks for.
struct GpuRequest
{
    QString replica;     // "chief-0"
    int count = 0;       // GPUs of its own
    QString type;        // API enum (NVIDIA_TESLA_T4); empty when none is asked
    QString displayName; // catalog name (NVIDIA Tesla T4); the type when unknown
};

// Per replica of the layout (in its order): acceleratorConfig.count of its pool, else the GPUs
// its machine type comes with, else the scale tier's accelerator for the primary.
QList<GpuRequest> gpuRequests(const jobspec::Job &job, const service::ClusterLayout &layout,
                              const catalog::Catalog &catalog);

struct ReplicaGpus
{
    QString replica;
    QList<int> gpus; // NVML indices; empty: none (hidden)
};

struct GpuPlacement
{
    // False: nothing is set (auto mode on a machine without GPU: the job runs as it always did).
    bool applies = false;
    QList<ReplicaGpus> replicas; // in the requests' order
    QStringList notes;           // no GPU here, another type than asked
    QStringList warnings;        // shared GPUs and NCCL
    QString error;               // refused: nothing may start (refusal + gpuRefusalAdvice())
    QString refusal;             // why, naming no flag (the window words the choice its way)
    explicit operator bool() const { return error.isEmpty(); }

    // CUDA_VISIBLE_DEVICES (and CUDA_DEVICE_ORDER) for a replica; empty when nothing applies.
    QList<QPair<QString, QString>> environment(const QString &replica) const;
    // "0,1" or "" (hidden); std::nullopt when nothing applies.
    std::optional<QString> cudaVisibleDevices(const QString &replica) const;
};

// Places one cluster. `firstGpu`: where the round-robin of shared mode (and the GPU sets of
// trial slots) begins.
GpuPlacement placeGpus(const QList<GpuRequest> &requests, const QList<gpu::GpuInfo> &gpus,
                       GpuMode mode, int firstGpu = 0);

// A tuning job's trial slots: how many trials run at once and each slot's placement.
struct TrialSlotPlan
{
    int count = 1;                  // trials at once
    QList<GpuPlacement> placements; // one per slot
    QStringList notes;              // fewer trials at once than asked, more replicas than cores
    QString error;                  // refused (as placeGpus)
    QString refusal;                // the same naming no flag
    explicit operator bool() const { return error.isEmpty(); }
};

// maxParallelTrials (the service's default 1 when unset or below 1) trials at once, except where
// the machine cannot hold them: trials that need GPUs never share one (auto mode: as many at once
// as there are whole GPU sets); CPU-only trials run as many at once as asked, with a note when the
// replicas running at once outnumber `cores`. Trials run never exceed `trialCount`.
TrialSlotPlan planTrialSlots(const QList<GpuRequest> &requests, const QList<gpu::GpuInfo> &gpus,
                             GpuMode mode, qint64 maxParallelTrials, int trialCount, int cores);

// What the CLI and the owner's log advise for a refused placement, naming --gpus=cpu and
// --gpus=shared.
QString gpuRefusalAdvice();
// "chief-0 1, worker-0 1" for messages.
QString describeRequests(const QList<GpuRequest> &requests);
// "NVIDIA H200" or "2 × Tesla T4" or "NVIDIA A100, Tesla T4".
QString describeGpus(const QList<gpu::GpuInfo> &gpus);

} // namespace trainyard::exec
