// SPDX-License-Identifier: MIT
// GPU placement of a job's replicas (rules in gpuplacement.h).
#include "exec/gpuplacement.h"

#include "catalog/catalog.h"

#include <QCoreApplication>
#include <QMap>
#include <algorithm>

namespace trainyard::exec {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("trainyard::exec", text, disambiguation, n);
}

int totalAsked(const QList<GpuRequest> &requests)
{
    int total = 0;
    for (const GpuRequest &r : requests)
        total += r.count;
    return total;
}

// The model a catalog name ends in ("T4" of "NVIDIA Tesla T4"), as GPU names carry it.
QString modelToken(const QString &displayName)
{
    return displayName.section(QLatin1Char(' '), -1).toUpper();
}

// Notes for GPU types asked that the GPUs given are not.
QStringList typeNotes(const QList<GpuRequest> &requests, const GpuPlacement &placement,
                      const QList<gpu::GpuInfo> &gpus)
{
    QMap<QString, QStringList> given; // asked display name -> names of GPUs given
    for (int i = 0; i < requests.size(); ++i) {
        const GpuRequest &r = requests.at(i);
        if (r.count <= 0 || r.type.isEmpty())
            continue;
        for (int index : placement.replicas.at(i).gpus) {
            const auto gpu = std::find_if(gpus.cbegin(), gpus.cend(),
                                          [index](const auto &g) { return g.index == index; });
            if (gpu != gpus.cend() &&
                !gpu->name.toUpper().remove(QLatin1Char(' ')).contains(modelToken(r.displayName)))
                given[r.displayName] << gpu->name;
        }
    }
    QStringList notes;
    for (auto it = given.cbegin(); it != given.cend(); ++it) {
        QStringList names = it.value();
        names.removeDuplicates();
        notes << tr("The job asks for %1 GPUs; this machine gives it %2 (a note: speed and memory "
                    "differ from the service's).")
                     .arg(it.key(), names.join(QStringLiteral(", ")));
    }
    return notes;
}

} // namespace

QList<GpuRequest> gpuRequests(const jobspec::Job &job, const service::ClusterLayout &layout,
                              const catalog::Catalog &catalog)
{
    const jobspec::TrainingInput &input = job.trainingInput;
    const catalog::ScaleTier *tier =
        input.scaleTier == QLatin1String("CUSTOM") ? nullptr : catalog.scaleTier(input.scaleTier);
    QList<GpuRequest> requests;
    for (const service::Replica &replica : layout.replicas) {
        const jobspec::RoleSpec &role = input.role(replica.role);
        QString machineType = role.type;
        if (tier && machineType.isEmpty()) {
            switch (replica.role) {
            case jobspec::Role::Master:
                machineType = tier->masterType;
                break;
            case jobspec::Role::Worker:
                machineType = tier->workerType;
                break;
            case jobspec::Role::ParameterServer:
                machineType = tier->parameterServerType;
                break;
            case jobspec::Role::Evaluator:
                break;
            }
        }
        GpuRequest request;
        request.replica = replica.name;
        if (role.config.acceleratorConfig && role.config.acceleratorConfig->count.value_or(0) > 0) {
            request.count = int(*role.config.acceleratorConfig->count);
            request.type = role.config.acceleratorConfig->type;
        } else if (const catalog::MachineType *type = catalog.machineType(machineType);
                   type && type->builtIn && type->builtIn->count > 0) {
            request.count = type->builtIn->count;
            request.type = type->builtIn->type;
        } else if (tier && replica.isPrimary() && tier->accelerator &&
                   tier->accelerator->count > 0) {
            request.count = tier->accelerator->count;
            request.type = tier->accelerator->type;
        }
        const catalog::AcceleratorType *accelerator = catalog.accelerator(request.type);
        if (accelerator && accelerator->tpu) { // TPUs are not GPUs: nothing to place
            request.count = 0;
            request.type.clear();
        }
        request.displayName = accelerator ? accelerator->displayName : request.type;
        requests << request;
    }
    return requests;
}

QList<QPair<QString, QString>> GpuPlacement::environment(const QString &replica) const
{
    const std::optional<QString> visible = cudaVisibleDevices(replica);
    if (!visible)
        return {};
    QList<QPair<QString, QString>> env{{QStringLiteral("CUDA_VISIBLE_DEVICES"), *visible}};
    if (!visible->isEmpty())
        env.append({QStringLiteral("CUDA_DEVICE_ORDER"), QStringLiteral("PCI_BUS_ID")});
    return env;
}

std::optional<QString> GpuPlacement::cudaVisibleDevices(const QString &replica) const
{
    if (!applies)
        return std::nullopt;
    for (const ReplicaGpus &r : replicas) {
        if (r.replica == replica) {
            QStringList indices;
            for (int index : r.gpus)
                indices << QString::number(index);
            return indices.join(QLatin1Char(','));
        }
    }
    return std::nullopt;
}

QString gpuRefusalAdvice()
{
    return tr("Run it with --gpus=cpu to hide every GPU (NCCL needs a GPU per rank; the gloo "
              "backend runs on the CPU), or with --gpus=shared to hand the GPUs out round-robin "
              "(NCCL refuses two ranks on one GPU).");
}

QString describeRequests(const QList<GpuRequest> &requests)
{
    QStringList parts;
    for (const GpuRequest &r : requests) {
        if (r.count > 0)
            parts << r.replica + QLatin1Char(' ') + QString::number(r.count);
    }
    return parts.join(QStringLiteral(", "));
}

QString describeGpus(const QList<gpu::GpuInfo> &gpus)
{
    QStringList names;
    for (const gpu::GpuInfo &g : gpus)
        names << g.name;
    QStringList distinct = names;
    distinct.removeDuplicates();
    if (distinct.size() == 1 && names.size() > 1)
        return QString::number(names.size()) + QStringLiteral(" × ") + distinct.constFirst();
    return distinct.join(QStringLiteral(", "));
}

GpuPlacement placeGpus(const QList<GpuRequest> &requests, const QList<gpu::GpuInfo> &gpus,
                       GpuMode mode, int firstGpu)
{
    GpuPlacement placement;
    const int asked = totalAsked(requests);
    for (const GpuRequest &r : requests)
        placement.replicas.append({r.replica, {}});
    if (gpus.isEmpty()) {
        // Nothing to hide or hand out: the replicas run as they always did.
        if (asked > 0)
            placement.notes << tr("The job asks for %n GPU(s) (%1); this machine has none: the "
                                  "replicas run on the CPU.",
                                  nullptr, asked)
                                   .arg(describeRequests(requests));
        return placement;
    }
    placement.applies = true;
    if (mode == GpuMode::Cpu) {
        if (asked > 0)
            placement.notes << tr("Every GPU is hidden (CPU only): NCCL needs a GPU per rank; "
                                  "use the gloo backend, which runs on the CPU.");
        return placement;
    }
    if (mode == GpuMode::Auto && asked > gpus.size()) {
        // More asked than here, and at least one here: always "GPUs", never one.
        placement.refusal = tr("The job asks for %1 GPUs (%2); this machine has %3: %4.")
                                .arg(asked)
                                .arg(describeRequests(requests))
                                .arg(gpus.size())
                                .arg(describeGpus(gpus));
        placement.error = placement.refusal + QLatin1Char(' ') + gpuRefusalAdvice();
        return placement;
    }
    int next = firstGpu;
    QMap<int, int> users; // GPU -> replicas given it
    for (int i = 0; i < requests.size(); ++i) {
        for (int k = 0; k < requests.at(i).count; ++k) {
            const gpu::GpuInfo &g = gpus.at(next % gpus.size());
            ++next;
            if (!placement.replicas[i].gpus.contains(g.index))
                placement.replicas[i].gpus.append(g.index);
            ++users[g.index];
        }
    }
    const bool shared = std::any_of(users.cbegin(), users.cend(), [](int n) { return n > 1; });
    if (shared)
        placement.warnings << tr("GPUs are shared: %n GPU(s) asked, handed out "
                                 "round-robin over %1 here. NCCL refuses two ranks on one GPU "
                                 "(\"Duplicate GPU detected\"); use gloo or fewer ranks.",
                                 nullptr, asked)
                                  .arg(gpus.size());
    placement.notes << typeNotes(requests, placement, gpus);
    return placement;
}

TrialSlotPlan planTrialSlots(const QList<GpuRequest> &requests, const QList<gpu::GpuInfo> &gpus,
                             GpuMode mode, qint64 maxParallelTrials, int trialCount, int cores)
{
    TrialSlotPlan plan;
    const int asked = totalAsked(requests);
    const int wanted = int(std::clamp<qint64>(maxParallelTrials, 1, std::max(1, trialCount)));
    int slotCount = wanted;
    const bool ownGpus = asked > 0 && !gpus.isEmpty() && mode == GpuMode::Auto;
    if (ownGpus)
        slotCount = std::max(1, std::min(wanted, int(gpus.size()) / asked));
    for (int slot = 0; slot < slotCount; ++slot) {
        GpuPlacement placement = placeGpus(requests, gpus, mode, slot * std::max(asked, 1));
        if (!placement) {
            plan.error = placement.error;
            plan.refusal = placement.refusal;
            return plan;
        }
        plan.placements << placement;
    }
    plan.count = slotCount;
    if (ownGpus && slotCount < wanted)
        plan.notes << tr("maxParallelTrials asks for %1 trials at once; each needs %n GPU(s) of "
                         "its own and this machine has %2, so %3 run at once and the others wait "
                         "for a free GPU set.",
                         nullptr, asked)
                          .arg(wanted)
                          .arg(gpus.size())
                          .arg(slotCount);
    const int replicasAtOnce = slotCount * int(requests.size());
    if (slotCount > 1 && cores > 0 && replicasAtOnce > cores)
        plan.notes << tr("%1 trials at once run %2 replicas at once, more than this machine's %n "
                         "core(s): they compete for the CPU.",
                         nullptr, cores)
                          .arg(slotCount)
                          .arg(replicasAtOnce);
    return plan;
}

} // namespace trainyard::exec
