// SPDX-License-Identifier: MIT
// Boot disk rules (docs/service.md §10, ReplicaConfig.diskConfig): bootDiskType is one of the
// catalog's disk types; bootDiskSizeGb is positive and within the catalog's size range (a
// warning while the catalog is not sure of the range).
#include "validation/rules.h"

namespace trainyard::validation::detail {

void checkDisks(Context &ctx)
{
    const catalog::BootDisks &facts = ctx.catalog.bootDisks;
    for (jobspec::Role role : jobspec::allRoles) {
        const std::optional<jobspec::DiskConfig> &disk = ctx.input.role(role).config.diskConfig;
        if (!disk)
            continue;
        if (!disk->bootDiskType.isEmpty() && !facts.types.isEmpty() &&
            !facts.types.contains(disk->bootDiskType)) {
            ctx.report(facts.typesCertainty, fieldPath(role, "Config.diskConfig.bootDiskType"),
                       QCoreApplication::translate("trainyard::Validation",
                                                   "unknown boot disk type %1; valid types: %2%3")
                           .arg(quoted(disk->bootDiskType), joinNames(facts.types),
                                didYouMean(disk->bootDiskType, facts.types)));
        }
        if (!disk->bootDiskSizeGb)
            continue;
        const qint64 size = *disk->bootDiskSizeGb;
        const QString field = fieldPath(role, "Config.diskConfig.bootDiskSizeGb");
        if (size <= 0) {
            ctx.error(field, QCoreApplication::translate("trainyard::Validation",
                                                         "the boot disk size is %1 GB; it must be "
                                                         "at least 1 GB")
                                 .arg(size));
        } else if (facts.minSizeGb > 0 && size < facts.minSizeGb) {
            ctx.report(facts.sizeCertainty, field,
                       QCoreApplication::translate("trainyard::Validation",
                                                   "the boot disk size is %1 GB; the minimum is "
                                                   "%2 GB")
                           .arg(size)
                           .arg(facts.minSizeGb));
        } else if (facts.maxSizeGb > 0 && size > facts.maxSizeGb) {
            ctx.report(facts.sizeCertainty, field,
                       QCoreApplication::translate("trainyard::Validation",
                                                   "the boot disk size is %1 GB; the maximum is "
                                                   "%2 GB")
                           .arg(size)
                           .arg(facts.maxSizeGb));
        }
    }
}

} // namespace trainyard::validation::detail
