// SPDX-License-Identifier: MIT
// Cluster rules (docs/service.md §2, §3): the scale tier, the machine type of each role, the counts
// that only CUSTOM accepts, and the legacy / Compute Engine categories that must not mix.
#include "validation/rules.h"

namespace trainyard::validation::detail {

namespace {

QStringList tierNames(const catalog::Catalog &cat)
{
    QStringList names;
    for (const catalog::ScaleTier &t : cat.scaleTiers)
        names.append(t.name);
    return names;
}

QStringList machineNames(const catalog::Catalog &cat)
{
    QStringList names;
    for (const catalog::MachineType &m : cat.machineTypes)
        names.append(m.name);
    return names;
}

// A machine type of the catalog to name in a message: a Compute Engine type that takes GPUs,
// or a legacy type with GPUs built in.
QString exampleMachine(const catalog::Catalog &cat, bool legacy)
{
    for (const catalog::MachineType &m : cat.machineTypes) {
        if (m.tpu || m.legacy != legacy)
            continue;
        if (legacy ? m.builtIn.has_value() : cat.gpuCountRow(m.name) != nullptr)
            return m.name;
    }
    return {};
}

QString categoryName(const catalog::MachineType &m)
{
    return m.legacy ? QCoreApplication::translate("trainyard::Validation", "a legacy machine type")
                    : QCoreApplication::translate("trainyard::Validation",
                                                  "a Compute Engine machine type");
}

void checkScaleTier(Context &ctx)
{
    const QString field = QStringLiteral("trainingInput.scaleTier");
    const QString &tier = ctx.input.scaleTier;
    if (tier.isEmpty())
        return; // absent is BASIC, the enum's zero value, as the service reads it

    if (ctx.tier) {
        const catalog::AcceleratorType *gpu =
            ctx.tier->accelerator ? ctx.catalog.accelerator(ctx.tier->accelerator->type) : nullptr;
        if (gpu && !gpu->retired.isEmpty()) {
            ctx.warning(field,
                        QCoreApplication::translate(
                            "trainyard::Validation",
                            "%1 runs on a %2 GPU, which is no longer offered (since about "
                            "%3); use CUSTOM with %4")
                            .arg(ctx.tier->name, shortName(*gpu), gpu->retired, gpu->replacedBy));
        }
        return;
    }
    if (const catalog::ScaleTier *g = ctx.catalog.scaleTierByGcloudName(tier)) {
        ctx.error(field, QCoreApplication::translate(
                             "trainyard::Validation",
                             "scaleTier %1 is the gcloud flag spelling; in the job "
                             "spec write %2")
                             .arg(quoted(tier), g->name));
        return;
    }
    const QStringList names = tierNames(ctx.catalog);
    ctx.error(field, QCoreApplication::translate("trainyard::Validation",
                                                 "unknown scale tier %1; valid tiers: %2")
                             .arg(quoted(tier), joinNames(names)) +
                         didYouMean(tier, names));
}

// With a predefined tier the cluster comes from the tier: no types, counts or accelerators.
void checkPredefinedTier(Context &ctx)
{
    const QString &tier = ctx.tier->name;
    for (jobspec::Role role : jobspec::allRoles) {
        const jobspec::RoleSpec &r = ctx.input.role(role);
        if (!r.type.isEmpty()) {
            ctx.error(roleTypeField(role),
                      QCoreApplication::translate(
                          "trainyard::Validation",
                          "%1Type can only be used with scaleTier CUSTOM; %2 defines "
                          "its own machines: remove %1Type or set scaleTier to CUSTOM")
                          .arg(jobspec::roleKey(role), tier));
        }
        if (r.count.has_value()) {
            ctx.error(roleCountField(role),
                      QCoreApplication::translate(
                          "trainyard::Validation",
                          "%1Count can only be used with scaleTier CUSTOM; %2 defines "
                          "its own cluster: remove %1Count or set scaleTier to CUSTOM")
                          .arg(jobspec::roleKey(role), tier));
        }
        if (r.config.acceleratorConfig) {
            ctx.error(fieldPath(role, "Config.acceleratorConfig"),
                      QCoreApplication::translate(
                          "trainyard::Validation",
                          "acceleratorConfig needs scaleTier CUSTOM with a Compute "
                          "Engine machine type; %1 defines its own machines: remove "
                          "acceleratorConfig or set scaleTier to CUSTOM")
                          .arg(tier));
        }
    }
}

const catalog::MachineType *checkRoleType(Context &ctx, jobspec::Role role)
{
    const jobspec::RoleSpec &r = ctx.input.role(role);
    if (r.type.isEmpty())
        return nullptr;
    const catalog::MachineType *m = ctx.machineOf(role);
    if (!m && ctx.catalog.formerMachineTypeNames.contains(r.type)) {
        ctx.error(roleTypeField(role),
                  QCoreApplication::translate("trainyard::Validation",
                                              "%1 is the name %2 had before it was generally "
                                              "available; the service takes %2")
                      .arg(quoted(r.type), ctx.catalog.formerMachineTypeNames.value(r.type)));
        return nullptr;
    }
    if (!m) {
        const QStringList names = machineNames(ctx.catalog);
        const QString hint = didYouMean(r.type, names);
        ctx.error(
            roleTypeField(role),
            hint.isEmpty()
                ? QCoreApplication::translate("trainyard::Validation",
                                              "unknown machine type %1; valid types: %2")
                      .arg(quoted(r.type), joinNames(names))
                : QCoreApplication::translate("trainyard::Validation", "unknown machine type %1")
                          .arg(quoted(r.type)) +
                      hint);
        return nullptr;
    }
    if (!m->retired.isEmpty()) {
        const catalog::AcceleratorType *gpu =
            m->builtIn ? ctx.catalog.accelerator(m->builtIn->type) : nullptr;
        ctx.warning(roleTypeField(role),
                    gpu ? QCoreApplication::translate(
                              "trainyard::Validation",
                              "%1 comes with %2 × %3 GPUs, which are no longer offered (since "
                              "about %4); use %5")
                              .arg(m->name)
                              .arg(m->builtIn->count)
                              .arg(shortName(*gpu), m->retired, m->replacedBy)
                        : QCoreApplication::translate("trainyard::Validation",
                                                      "%1 is no longer offered (since about "
                                                      "%2); use %3")
                              .arg(m->name, m->retired, m->replacedBy));
    }
    if (m->tpu && role != jobspec::Role::Worker) {
        ctx.error(roleTypeField(role),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "%1 can only be the workerType (a Cloud TPU joins the cluster "
                      "as its worker); choose a machine type such as %2 for %3Type")
                      .arg(m->name, exampleMachine(ctx.catalog, false), jobspec::roleKey(role)));
    }
    if (r.config.acceleratorConfig && m->legacy && !m->tpu) {
        const QString field = fieldPath(role, "Config.acceleratorConfig");
        if (m->builtIn) {
            ctx.error(
                field,
                QCoreApplication::translate("trainyard::Validation",
                                            "%1 already includes %2 × %3; remove acceleratorConfig")
                    .arg(m->name, QString::number(m->builtIn->count), m->builtIn->type));
        } else {
            ctx.error(field, QCoreApplication::translate(
                                 "trainyard::Validation",
                                 "acceleratorConfig needs a Compute Engine machine type and %1 "
                                 "is a legacy type: use e.g. %2 with acceleratorConfig, or a "
                                 "legacy type with built-in GPUs such as %3")
                                 .arg(m->name, exampleMachine(ctx.catalog, false),
                                      exampleMachine(ctx.catalog, true)));
        }
    }
    return m;
}

void checkRoleCount(Context &ctx, jobspec::Role role)
{
    const jobspec::RoleSpec &r = ctx.input.role(role);
    const QString key = jobspec::roleKey(role);
    const qint64 count = r.count.value_or(0);
    if (count < 0) {
        ctx.error(roleCountField(role), QCoreApplication::translate("trainyard::Validation",
                                                                    "%1Count is %2; use 0 or more")
                                            .arg(key, QString::number(count)));
        return;
    }
    if (count > 0 && r.type.isEmpty()) {
        const QString suggestion = ctx.input.master.type.isEmpty()
                                       ? exampleMachine(ctx.catalog, false)
                                       : ctx.input.master.type;
        ctx.error(
            roleTypeField(role),
            QCoreApplication::translate("trainyard::Validation",
                                        "%1Count is %2 but %1Type is not set: set %1Type, e.g. %3")
                .arg(key, QString::number(count), suggestion));
    } else if (count == 0 && !r.type.isEmpty()) {
        ctx.warning(roleTypeField(role),
                    QCoreApplication::translate(
                        "trainyard::Validation",
                        "%1Type is set but %1Count is 0, so no %1 runs: set %1Count "
                        "or remove %1Type")
                        .arg(key));
    }
}

} // namespace

void checkCluster(Context &ctx)
{
    checkScaleTier(ctx);
    if (!ctx.custom) {
        checkPredefinedTier(ctx);
        return;
    }

    if (ctx.input.master.type.isEmpty() && ctx.tier) {
        ctx.error(roleTypeField(jobspec::Role::Master),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "masterType is required with scaleTier CUSTOM: choose a machine "
                      "type such as %1 or %2")
                      .arg(exampleMachine(ctx.catalog, false), exampleMachine(ctx.catalog, true)));
    }

    std::array<const catalog::MachineType *, 4> machines{};
    for (std::size_t i = 0; i < jobspec::allRoles.size(); ++i) {
        const jobspec::Role role = jobspec::allRoles[i];
        if (role != jobspec::Role::Master)
            checkRoleCount(ctx, role);
        machines[i] = checkRoleType(ctx, role);
    }

    // All machine types of a job are legacy or all are Compute Engine (cloud_tpu joins both).
    const catalog::MachineType *master = machines[0];
    if (!master || master->tpu)
        return;
    for (std::size_t i = 1; i < jobspec::allRoles.size(); ++i) {
        const catalog::MachineType *m = machines[i];
        if (!m || m->tpu || m->legacy == master->legacy || !ctx.roleActive(jobspec::allRoles[i]))
            continue;
        ctx.error(roleTypeField(jobspec::allRoles[i]),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "%1Type %2 is %3 but masterType %4 is %5: use legacy types for "
                      "all roles or Compute Engine types for all roles")
                      .arg(jobspec::roleKey(jobspec::allRoles[i]), m->name, categoryName(*m),
                           master->name, categoryName(*master)));
    }
}

} // namespace trainyard::validation::detail
