// SPDX-License-Identifier: MIT
#include "exec/jobgpuplan.h"

#include "catalog/catalog.h"
#include "exec/loopback.h"
#include "service/trials.h"

#include <QCoreApplication>

namespace trainyard::exec {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::exec", text);
}

} // namespace

service::LayoutOptions layoutOptions(const RunSettings &settings)
{
    service::LayoutOptions options;
    options.style = settings.style;
    options.distributed = settings.distributed;
    options.startPort = settings.startPort;
    options.host = loopbackHost().host;
    options.maxLocalReplicas = settings.maxLocalReplicas;
    options.localTensorFlowMajor = settings.localTensorFlowMajor;
    return options;
}

int JobGpuPlan::asked() const
{
    int total = 0;
    for (const GpuRequest &r : requests)
        total += r.count;
    return total;
}

QStringList JobGpuPlan::notes() const
{
    QStringList all;
    if (!trialSlots.placements.isEmpty()) {
        all << trialSlots.placements.constFirst().notes
            << trialSlots.placements.constFirst().warnings;
    }
    all << trialSlots.notes;
    if (const QString &loopback = loopbackHost().note; !loopback.isEmpty())
        all << loopback;
    return all;
}

QStringList JobGpuPlan::replicaLines() const
{
    QStringList lines;
    if (trialSlots.placements.isEmpty() || !trialSlots.placements.constFirst().applies)
        return lines;
    const GpuPlacement &placement = trialSlots.placements.constFirst();
    for (const ReplicaGpus &r : placement.replicas) {
        if (r.gpus.isEmpty()) {
            lines << tr("%1: no GPU (CUDA_VISIBLE_DEVICES=)").arg(r.replica);
            continue;
        }
        QStringList names;
        for (int index : r.gpus) {
            QString name;
            for (const gpu::GpuInfo &g : gpus) {
                if (g.index == index)
                    name = g.name;
            }
            names << tr("GPU %1 (%2)").arg(index).arg(name);
        }
        lines << r.replica + QStringLiteral(": ") + names.join(QStringLiteral(", ")) +
                     QStringLiteral(" (CUDA_VISIBLE_DEVICES=") +
                     placement.cudaVisibleDevices(r.replica).value_or(QString()) + QLatin1Char(')');
    }
    return lines;
}

JobGpuPlan planJobGpus(const jobspec::Job &job, const RunSettings &settings,
                       const catalog::Catalog &catalog, const QList<gpu::GpuInfo> &gpus, int cores)
{
    JobGpuPlan plan;
    plan.gpus = gpus;
    plan.mode = settings.gpus;
    const service::LayoutResult layout = service::planLayout(job, catalog, layoutOptions(settings));
    if (!layout) {
        plan.error = layout.error;
        return plan;
    }
    plan.layout = layout.layout;
    plan.requests = gpuRequests(job, plan.layout, catalog);
    const auto &hp = job.trainingInput.hyperparameters;
    plan.tuning = hp.has_value();
    int trialCount = 1;
    qint64 parallel = 1;
    if (hp) {
        trialCount =
            int(service::planTrials(*hp, job.jobId, settings.maxLocalTrials).trials.size());
        parallel = hp->maxParallelTrials.value_or(1);
    }
    plan.trialSlots =
        planTrialSlots(plan.requests, gpus, settings.gpus, parallel, trialCount, cores);
    plan.error = plan.trialSlots.error;
    plan.refusal = plan.trialSlots.refusal;
    return plan;
}

} // namespace trainyard::exec
