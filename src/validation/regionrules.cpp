// SPDX-License-Identifier: MIT
// Region rules (docs/service.md §4.5, §5): the region exists, offers every accelerator the job uses
// (GPU types from acceleratorConfig, from legacy and A2 machine types, and from the scale tier),
// and has one zone where all of the job's GPU types are available together.
#include "validation/rules.h"

namespace trainyard::validation::detail {

namespace {

void add(AcceleratorSet &set, const catalog::AcceleratorType *a)
{
    if (a && !set.contains(a))
        set.append(a);
}

void addBuiltIn(const Context &ctx, AcceleratorSet &set, const QString &machineType)
{
    if (machineType.isEmpty())
        return;
    const catalog::MachineType *m = ctx.catalog.machineType(machineType);
    if (m && m->builtIn)
        add(set, ctx.catalog.accelerator(m->builtIn->type));
}

enum class Offer { Yes, Doubtful, No };

Offer offers(const catalog::Region &region, const QString &type)
{
    if (region.accelerators.contains(type) || region.tpuVersions.contains(type))
        return Offer::Yes;
    if (region.doubtfulAccelerators.contains(type))
        return Offer::Doubtful;
    return Offer::No;
}

QString regionsOffering(const catalog::Catalog &cat, const QString &type)
{
    QStringList names;
    for (const catalog::Region &r : cat.regions) {
        if (offers(r, type) == Offer::Yes)
            names.append(r.name);
    }
    return names.isEmpty()
               ? QCoreApplication::translate("trainyard::Validation", "none in the catalog")
               : joinNames(names);
}

QString regionsWithTpus(const catalog::Catalog &cat)
{
    QStringList names;
    for (const catalog::Region &r : cat.regions) {
        if (!r.tpuVersions.isEmpty())
            names.append(r.name);
    }
    return names.isEmpty()
               ? QCoreApplication::translate("trainyard::Validation", "none in the catalog")
               : joinNames(names);
}

// A cloud_tpu worker without an acceleratorConfig still needs a region with TPUs.
bool usesTpuWorker(const Context &ctx)
{
    if (!ctx.roleActive(jobspec::Role::Worker))
        return false;
    const catalog::MachineType *m = ctx.machineOf(jobspec::Role::Worker);
    return m && m->tpu;
}

void checkOffer(Context &ctx, const catalog::Region &region, const catalog::AcceleratorType &acc)
{
    const QString field = QStringLiteral("trainingInput.region");
    switch (offers(region, acc.type)) {
    case Offer::Yes:
        return;
    case Offer::Doubtful:
        ctx.warning(field, QCoreApplication::translate(
                               "trainyard::Validation",
                               "%1 may not offer %2 (the catalog is unsure); regions "
                               "that do: %3")
                               .arg(region.name, acc.type, regionsOffering(ctx.catalog, acc.type)));
        return;
    case Offer::No:
        ctx.report(region.acceleratorCertainty, field,
                   QCoreApplication::translate("trainyard::Validation",
                                               "%1 does not offer %2; regions that do: %3")
                       .arg(region.name, acc.type, regionsOffering(ctx.catalog, acc.type)));
        return;
    }
}

QString typeList(const QStringList &types)
{
    return joinNames(types);
}

void checkZones(Context &ctx, const catalog::Region &region, const AcceleratorSet &used)
{
    QStringList gpus;
    for (const catalog::AcceleratorType *a : used) {
        if (!a->tpu)
            gpus.append(a->type);
    }
    if (gpus.size() < 2)
        return;
    const QString field = QStringLiteral("trainingInput.region");
    for (const QStringList &conflict : region.zoneConflicts) {
        bool all = !conflict.isEmpty();
        for (const QString &type : conflict)
            all = all && gpus.contains(type);
        if (all) {
            ctx.error(field, QCoreApplication::translate(
                                 "trainyard::Validation",
                                 "%1 are never available together in one zone of %2, "
                                 "and all GPUs of a job must share a zone: drop one of "
                                 "these GPU types or choose another region")
                                 .arg(typeList(conflict), region.name));
            return;
        }
    }
    if (region.zones.isEmpty())
        return;
    for (const catalog::Zone &zone : region.zones) {
        bool all = true;
        for (const QString &type : gpus)
            all = all && zone.accelerators.contains(type);
        if (all)
            return;
    }
    QStringList zones;
    for (const catalog::Zone &zone : region.zones)
        zones.append(zone.name + QLatin1String(" (") + joinNames(zone.accelerators) +
                     QLatin1Char(')'));
    ctx.warning(field, QCoreApplication::translate(
                           "trainyard::Validation",
                           "no zone of %1 offers all of %2, and all GPUs of a job must "
                           "share a zone; zones: %3")
                           .arg(region.name, typeList(gpus), zones.join(QLatin1String("; "))));
}

} // namespace

AcceleratorSet usedAccelerators(const Context &ctx)
{
    AcceleratorSet set;
    if (!ctx.custom) {
        const catalog::ScaleTier &tier = *ctx.tier;
        if (tier.accelerator)
            add(set, ctx.catalog.accelerator(tier.accelerator->type));
        addBuiltIn(ctx, set, tier.masterType);
        if (tier.workerCount > 0)
            addBuiltIn(ctx, set, tier.workerType);
        if (tier.parameterServerCount > 0)
            addBuiltIn(ctx, set, tier.parameterServerType);
        return set;
    }
    for (jobspec::Role role : jobspec::allRoles) {
        if (!ctx.roleActive(role))
            continue;
        const jobspec::RoleSpec &r = ctx.input.role(role);
        const catalog::MachineType *m = ctx.machineOf(role);
        if (m && m->builtIn)
            add(set, ctx.catalog.accelerator(m->builtIn->type));
        // acceleratorConfig on a legacy GPU type is an error of its own; it adds nothing.
        if (r.config.acceleratorConfig && !(m && m->legacy && !m->tpu))
            add(set, ctx.acceleratorOf(role));
    }
    return set;
}

void checkRegion(Context &ctx)
{
    const QString field = QStringLiteral("trainingInput.region");
    const QString &name = ctx.input.region;
    if (name.isEmpty()) {
        QStringList names;
        for (const catalog::Region &r : ctx.catalog.regions)
            names.append(r.name);
        // gcloud fills an absent --region from the compute/region property of the user's
        // gcloud configuration, which a spec cannot show.
        if (!ctx.isLocal()) {
            ctx.warning(field, QCoreApplication::translate(
                                   "trainyard::Validation",
                                   "region is not set: gcloud takes it from your compute/region "
                                   "setting; the service needs one of %1")
                                   .arg(joinNames(names)));
        }
        return;
    }
    const catalog::Region *region = ctx.catalog.region(name);
    if (!region) {
        QStringList names;
        for (const catalog::Region &r : ctx.catalog.regions)
            names.append(r.name);
        ctx.error(field, QCoreApplication::translate("trainyard::Validation",
                                                     "unknown region %1; valid regions: %2")
                                 .arg(quoted(name), joinNames(names)) +
                             didYouMean(name, names));
        return;
    }

    const AcceleratorSet used = usedAccelerators(ctx);
    bool tpuChecked = false;
    for (const catalog::AcceleratorType *acc : used) {
        checkOffer(ctx, *region, *acc);
        tpuChecked = tpuChecked || acc->tpu;
    }
    if (!tpuChecked && usesTpuWorker(ctx) && region->tpuVersions.isEmpty()) {
        ctx.report(region->acceleratorCertainty, field,
                   QCoreApplication::translate(
                       "trainyard::Validation",
                       "%1 offers no Cloud TPUs for the cloud_tpu worker; regions that "
                       "do: %2")
                       .arg(region->name, regionsWithTpus(ctx.catalog)));
    }
    checkZones(ctx, *region, used);
}

} // namespace trainyard::validation::detail
