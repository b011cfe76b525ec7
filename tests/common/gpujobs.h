// SPDX-License-Identifier: MIT
// A job that asks for more GPUs than the NVML double's one-GPU machines have, for the suites of
// the GPU choice (the Review page, the pre-start checks, a refused start).
#pragma once

#include "jobspec/job.h"

namespace trainyard::test {

// A CUSTOM job in us-central1: a chief and two workers of n1-standard-4 with one NVIDIA T4 each
// (3 GPUs), runtime 2.11, Python 3.7, module trainer.task.
inline jobspec::Job threeT4Job(const QString &jobId)
{
    jobspec::Job job;
    job.jobId = jobId;
    jobspec::TrainingInput &in = job.trainingInput;
    in.scaleTier = QStringLiteral("CUSTOM");
    in.region = QStringLiteral("us-central1");
    in.runtimeVersion = QStringLiteral("2.11");
    in.pythonVersion = QStringLiteral("3.7");
    in.pythonModule = QStringLiteral("trainer.task");
    in.master.type = QStringLiteral("n1-standard-4");
    in.worker.type = QStringLiteral("n1-standard-4");
    in.worker.count = 2;
    jobspec::AcceleratorConfig t4;
    t4.count = 1;
    t4.type = QStringLiteral("NVIDIA_TESLA_T4");
    in.master.config.acceleratorConfig = t4;
    in.worker.config.acceleratorConfig = t4;
    return job;
}

} // namespace trainyard::test
