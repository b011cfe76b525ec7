// SPDX-License-Identifier: MIT
#include "catalog/gpucaps.h"

#include <algorithm>
#include <cmath>

namespace trainyard::catalog {

namespace {

// GPUs needed to "carry" `amount` at `cap` per GPU; tolerant of binary fractions (14.4 GB).
int needed(double amount, double cap)
{
    if (cap <= 0)
        return 0;
    return static_cast<int>(std::ceil(amount / cap - 1e-9));
}

bool withinLimits(const MachineType &machine, const AcceleratorType &accelerator, int count)
{
    for (const CountLimit &limit : accelerator.limits) {
        if (limit.count != count)
            continue;
        if (limit.maxVcpus && machine.vcpus > *limit.maxVcpus)
            return false;
        if (limit.maxMemoryGb && machine.memoryGb > *limit.maxMemoryGb + 1e-9)
            return false;
    }
    return true;
}

} // namespace

QList<int> gpuCountsFromCaps(const MachineType &machine, const AcceleratorType &accelerator,
                             Certainty *certainty)
{
    auto answer = [certainty](Certainty c, QList<int> counts) {
        if (certainty)
            *certainty = c;
        return counts;
    };

    if (accelerator.tpu)
        return answer(Certainty::Uncertain, {}); // TPU counts are not GPU counts: unknown here
    if (machine.legacy || machine.tpu)
        return answer(Certainty::Public, {});
    if (!accelerator.onlyOnFamily.isEmpty() && machine.family != accelerator.onlyOnFamily)
        return answer(Certainty::Seed, {});
    if (machine.builtIn) {
        if (machine.builtIn->type != accelerator.type)
            return answer(Certainty::Seed, {});
        return answer(Certainty::Seed, {machine.builtIn->count});
    }

    int minimum = 0;
    if (accelerator.maxVcpusPerGpu)
        minimum = std::max(minimum, needed(machine.vcpus, *accelerator.maxVcpusPerGpu));
    if (accelerator.maxMemoryGbPerGpu)
        minimum = std::max(minimum, needed(machine.memoryGb, *accelerator.maxMemoryGbPerGpu));

    QList<int> counts;
    for (int count : accelerator.allowedCounts) {
        if (count >= minimum && withinLimits(machine, accelerator, count))
            counts.append(count);
    }
    std::sort(counts.begin(), counts.end());
    return answer(Certainty::Uncertain, counts);
}

} // namespace trainyard::catalog
