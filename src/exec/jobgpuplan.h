// SPDX-License-Identifier: MIT
// A job's GPU plan as the owner will carry it out: its cluster (as the run settings lay it out),
// what each replica asks, this machine's GPUs, and per trial slot which GPUs each replica sees.
// The one place that turns spec + run settings + machine into a placement: the owner applies it,
// the CLI prints it (and refuses) before the job is created, the wizard's Review page shows it.
// Pure apart from the catalog it is given and the loopback name of this machine (exec/loopback.h).
#pragma once

#include "exec/gpuplacement.h"
#include "exec/runsettings.h"
#include "service/layout.h"

namespace trainyard::exec {

struct JobGpuPlan
{
    service::ClusterLayout layout; // without ports
    QList<GpuRequest> requests;
    QList<gpu::GpuInfo> gpus; // this machine's
    GpuMode mode = GpuMode::Auto;
    bool tuning = false;
    TrialSlotPlan trialSlots; // a plain run has one slot
    QString error;            // the layout cannot be planned, or the placement is refused
    QString refusal;          // the placement is refused: why, naming no flag
    explicit operator bool() const { return error.isEmpty(); }

    int asked() const;
    // Every note and warning, placement's first, for the owner's log, the CLI and the wizard;
    // last, why the replicas use 127.0.0.1 where localhost does not resolve.
    QStringList notes() const;
    // One line per replica of the first slot: "chief-0: GPU 0 (NVIDIA H200)", "ps-0: no GPU
    // (CUDA_VISIBLE_DEVICES=)"; empty when nothing applies (no GPU here).
    QStringList replicaLines() const;
};

// The layout options a job's run settings give.
service::LayoutOptions layoutOptions(const RunSettings &settings);

// `cores`: the machine's (QThread::idealThreadCount()).
JobGpuPlan planJobGpus(const jobspec::Job &job, const RunSettings &settings,
                       const catalog::Catalog &catalog, const QList<gpu::GpuInfo> &gpus, int cores);

} // namespace trainyard::exec
