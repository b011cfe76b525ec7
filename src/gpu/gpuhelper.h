// SPDX-License-Identifier: MIT
// `trainyard gpu-sampler`: the helper process that talks to NVML for everyone else, so that a
// driver that hangs or crashes in a call takes the helper down, never the job's owner or the
// window (gpusampler.h starts it, with deadlines).
//
// Its protocol, one JSON object a line:
//   on start, once NVML is open:   {"inventory": {"gpus": [...], "driver": ..., "reason": ...,
//                                                  "notes": [...]}}
//   for each line "sample" read on standard input:
//                                  {"sample": {"gpus": [...], "processes": [[gpu, pid, bytes],
//                                              ...], "notes": [...]}}
// End of standard input ends it. Counts are capped and readings checked on both sides (nvml.h):
// the lines are parsed with limits, whatever wrote them.
#pragma once

#include "gpu/nvml.h"

#include <QByteArray>

namespace trainyard::gpu {

// A line is at most this long (4,096 processes take about 130 KB).
inline constexpr qsizetype MaxHelperLineBytes = 4 * 1024 * 1024;

QByteArray inventoryLine(const GpuInventory &inventory);
QByteArray sampleLine(const GpuSnapshot &snapshot);
// False when the line is not one (the helper is then treated as broken).
bool parseInventoryLine(const QByteArray &line, GpuInventory *inventory);
// Parsed and checked against the inventory (checkSnapshot).
bool parseSampleLine(const QByteArray &line, const GpuInventory &inventory, GpuSnapshot *snapshot);

// The helper's main: prints the inventory, then a sample for each "sample" line on standard
// input, until its end. Returns the exit code.
int runGpuSamplerHelper();

} // namespace trainyard::gpu
