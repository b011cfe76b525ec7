// SPDX-License-Identifier: MIT
// The fallback rule for valid GPU counts when the catalog has no table row for a machine type
// (reference 4.3/4.4): a pure function of one machine type and one accelerator.
#pragma once

#include "catalog/catalog.h"

namespace trainyard::catalog {

// Valid counts of `accelerator` on `machine` without a table row:
// - TPU accelerators: empty, Uncertain (the catalog has no TPU count rules);
// - legacy machine types take no acceleratorConfig: empty;
// - an accelerator restricted to a family (A100 -> a2) attaches only there, and a machine with
//   built-in GPUs (A2) takes only its own type, at exactly its built-in count;
// - otherwise every allowed count with count >= max(ceil(vcpus / maxVcpusPerGpu),
//   ceil(memoryGb / maxMemoryGbPerGpu)) that also meets the accelerator's extra count limits.
// `certainty` receives how sure that answer is: Public for legacy types, Seed for the family and
// built-in rules, Uncertain for TPUs and the caps formula.
QList<int> gpuCountsFromCaps(const MachineType &machine, const AcceleratorType &accelerator,
                             Certainty *certainty = nullptr);

} // namespace trainyard::catalog
