// SPDX-License-Identifier: MIT
// Accelerator rules (docs/service.md §4): the acceleratorConfig of each role against the catalog's
// accelerator types, the valid counts of table 4.2 (Catalog::validGpuCounts falls back to the
// per-GPU caps and extra count limits for machine types without a row), the A2 / A100 pairing,
// and the TPU rules.
#include "validation/rules.h"

namespace trainyard::validation::detail {

namespace {

QStringList acceleratorNames(const catalog::Catalog &cat, bool tpu)
{
    QStringList names;
    for (const catalog::AcceleratorType &a : cat.accelerators) {
        if (a.tpu == tpu)
            names.append(a.type);
    }
    return names;
}

// The accelerator type of a config, or null after reporting why it is unknown.
const catalog::AcceleratorType *checkType(Context &ctx, jobspec::Role role,
                                          const jobspec::AcceleratorConfig &acc)
{
    // The field is named only when there is something to say (valid specs build no strings).
    const auto field = [role] { return acceleratorField(role, "type"); };
    if (acc.type.isEmpty()) {
        ctx.error(field(),
                  QCoreApplication::translate("trainyard::Validation",
                                              "acceleratorConfig.type is required: use one of %1")
                      .arg(joinNames(acceleratorNames(ctx.catalog, false))));
        return nullptr;
    }
    if (const catalog::AcceleratorType *a = ctx.acceleratorOf(role)) {
        if (!a->retired.isEmpty()) {
            ctx.warning(field(), QCoreApplication::translate("trainyard::Validation",
                                                             "%1 is no longer offered (since about "
                                                             "%2); use %3")
                                     .arg(a->type, a->retired, a->replacedBy));
        }
        if (a->vertexOnly) {
            ctx.warning(field(), QCoreApplication::translate(
                                     "trainyard::Validation",
                                     "%1 is offered by Vertex AI custom training only; the AI "
                                     "Platform Training API does not know it: submit this job to "
                                     "Vertex AI")
                                     .arg(a->type));
        }
        return a;
    }
    const catalog::AcceleratorType *g = ctx.catalog.acceleratorByGcloudName(acc.type);
    if (!g)
        g = ctx.catalog.acceleratorByGcloudName(acc.type.toLower());
    if (g) {
        ctx.error(field(),
                  QCoreApplication::translate("trainyard::Validation",
                                              "unknown accelerator type %1: %2 is the gcloud flag "
                                              "spelling; in the job spec write %3")
                      .arg(quoted(acc.type), g->gcloudName, g->type));
        return nullptr;
    }
    QStringList names = acceleratorNames(ctx.catalog, false);
    names += acceleratorNames(ctx.catalog, true);
    ctx.error(field(), QCoreApplication::translate("trainyard::Validation",
                                                   "unknown accelerator type %1; valid types: %2")
                               .arg(quoted(acc.type), joinNames(names)) +
                           didYouMean(acc.type, names));
    return nullptr;
}

// Other accelerators that can attach to `machine`, with their counts: "T4 (1, 2, 4), ...".
QString alternativesFor(const catalog::Catalog &cat, const QString &machine)
{
    QStringList parts;
    for (const catalog::AcceleratorType &a : cat.accelerators) {
        if (a.tpu)
            continue;
        const QList<int> counts = cat.validGpuCounts(machine, a.type);
        if (!counts.isEmpty())
            parts.append(a.type + QLatin1String(" (") + joinCounts(counts) + QLatin1Char(')'));
    }
    return joinNames(parts);
}

void checkTpu(Context &ctx, jobspec::Role role, const catalog::MachineType &machine,
              const catalog::AcceleratorType &acc, qint64 count)
{
    if (!machine.tpu) {
        ctx.error(acceleratorField(role, "type"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "%1 is a TPU and cannot attach to %2: use workerType cloud_tpu "
                      "for a TPU worker, or scaleTier BASIC_TPU")
                      .arg(acc.type, machine.name));
        return;
    }
    if (!acc.allowedCounts.isEmpty() && !acc.allowedCounts.contains(int(count))) {
        ctx.report(acc.capsCertainty, acceleratorField(role, "count"),
                   QCoreApplication::translate("trainyard::Validation",
                                               "%1 × %2 is not a valid TPU size; valid counts: %3")
                       .arg(QString::number(count), acc.type, joinCounts(acc.allowedCounts)));
    }
}

void checkGpu(Context &ctx, jobspec::Role role, const catalog::MachineType &machine,
              const catalog::AcceleratorType &acc, qint64 count)
{
    const auto countField = [role] { return acceleratorField(role, "count"); };
    if (machine.tpu) {
        ctx.error(acceleratorField(role, "type"),
                  QCoreApplication::translate("trainyard::Validation",
                                              "%1 takes TPU accelerators (%2), not %3")
                      .arg(machine.name, joinNames(acceleratorNames(ctx.catalog, true)), acc.type));
        return;
    }
    // Accelerators bound to one machine family (A100 → a2-*).
    if (!acc.onlyOnFamily.isEmpty() && machine.family != acc.onlyOnFamily) {
        ctx.error(acceleratorField(role, "type"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "%1 cannot attach to %2; %3 attaches only to %4-* machine types")
                      .arg(acc.type, machine.name, shortName(acc), acc.onlyOnFamily));
        return;
    }
    // Machine types with GPUs built in (A2): only that type, exactly that count.
    if (machine.builtIn) {
        const catalog::BuiltInAccelerator &b = *machine.builtIn;
        if (acc.type != b.type) {
            ctx.error(
                acceleratorField(role, "type"),
                QCoreApplication::translate("trainyard::Validation", "%1 takes only %2, not %3")
                    .arg(machine.name, b.type, acc.type));
        } else if (count != b.count) {
            ctx.error(countField(),
                      QCoreApplication::translate("trainyard::Validation",
                                                  "%1 comes with exactly %2 × %3; set count to %2")
                          .arg(machine.name, QString::number(b.count), b.type));
        }
        return;
    }

    catalog::Certainty certainty = catalog::Certainty::Seed;
    const QList<int> counts = ctx.catalog.validGpuCounts(machine.name, acc.type, &certainty);
    if (counts.isEmpty()) {
        const QString alternatives = alternativesFor(ctx.catalog, machine.name);
        ctx.report(certainty, acceleratorField(role, "type"),
                   alternatives.isEmpty()
                       ? QCoreApplication::translate(
                             "trainyard::Validation",
                             "%1 cannot attach to %2; that machine type takes no GPUs")
                             .arg(acc.type, machine.name)
                       : QCoreApplication::translate("trainyard::Validation",
                                                     "%1 cannot attach to %2; GPUs that can: %3")
                             .arg(acc.type, machine.name, alternatives));
        return;
    }
    if (!counts.contains(int(count))) {
        ctx.report(certainty, countField(),
                   QCoreApplication::translate("trainyard::Validation",
                                               "%1 × %2 cannot attach to %3; valid counts: %4")
                       .arg(QString::number(count), acc.type, machine.name, joinCounts(counts)));
        return;
    }
}

} // namespace

void checkAccelerators(Context &ctx)
{
    if (!ctx.custom)
        return; // predefined tiers: acceleratorConfig already rejected by the cluster rules
    for (jobspec::Role role : jobspec::allRoles) {
        const jobspec::RoleSpec &r = ctx.input.role(role);
        const catalog::MachineType *machine = ctx.machineOf(role);

        if (!r.config.tpuTfVersion.isEmpty() && !(machine && machine->tpu)) {
            ctx.error(
                fieldPath(role, "Config.tpuTfVersion"),
                QCoreApplication::translate("trainyard::Validation",
                                            "tpuTfVersion applies only to a TPU worker (workerType "
                                            "cloud_tpu); remove it from %1Config")
                    .arg(jobspec::roleKey(role)));
        }

        if (!r.config.acceleratorConfig)
            continue;
        const jobspec::AcceleratorConfig &acc = *r.config.acceleratorConfig;
        const catalog::AcceleratorType *type = checkType(ctx, role, acc);

        if (!acc.count) {
            ctx.error(
                acceleratorField(role, "count"),
                QCoreApplication::translate("trainyard::Validation",
                                            "acceleratorConfig.count is required: the number of "
                                            "accelerators per replica, e.g. 1"));
            continue;
        }
        if (*acc.count <= 0) {
            ctx.error(
                acceleratorField(role, "count"),
                QCoreApplication::translate("trainyard::Validation",
                                            "acceleratorConfig.count is %1; it must be at least 1")
                    .arg(*acc.count));
            continue;
        }
        // Legacy types are reported by the cluster rules; unknown types there too.
        if (!type || !machine || (machine->legacy && !machine->tpu))
            continue;
        if (type->tpu)
            checkTpu(ctx, role, *machine, *type, *acc.count);
        else
            checkGpu(ctx, role, *machine, *type, *acc.count);
    }
}

} // namespace trainyard::validation::detail
