// SPDX-License-Identifier: MIT
// The reference's full example (§10) as a Job value, built field by field; shared by the
// spec, gcloud and Vertex tests.
#pragma once

#include "jobspec/job.h"

namespace trainyard::test {

inline jobspec::Job fullExampleJob()
{
    using namespace trainyard::jobspec;
    Job job;
    job.jobId = QStringLiteral("census_20240101_120000");
    job.labels = {{QStringLiteral("owner"), QStringLiteral("alice")},
                  {QStringLiteral("type"), QStringLiteral("prod")}};
    TrainingInput &ti = job.trainingInput;
    ti.scaleTier = QStringLiteral("CUSTOM");
    ti.region = QStringLiteral("us-central1");
    ti.runtimeVersion = QStringLiteral("2.11");
    ti.pythonVersion = QStringLiteral("3.7");
    ti.packageUris = {QStringLiteral("gs://my-bucket/staging/trainer-0.1.tar.gz")};
    ti.pythonModule = QStringLiteral("trainer.task");
    ti.args = {QStringLiteral("--epochs"), QStringLiteral("10")};
    ti.jobDir = QStringLiteral("gs://my-bucket/jobs/census_20240101_120000");
    const AcceleratorConfig t4x4{4, QStringLiteral("NVIDIA_TESLA_T4")};
    ti.master.type = QStringLiteral("n1-highcpu-16");
    ti.master.config.acceleratorConfig = t4x4;
    ti.worker.type = QStringLiteral("n1-highcpu-16");
    ti.worker.count = 9;
    ti.worker.config.acceleratorConfig = t4x4;
    ti.parameterServer.type = QStringLiteral("n1-highmem-8");
    ti.parameterServer.count = 3;
    ti.evaluator.type = QStringLiteral("n1-highcpu-16");
    ti.evaluator.count = 1;
    ti.scheduling =
        Scheduling{QStringLiteral("7200s"), QStringLiteral("3600s"), std::nullopt, std::nullopt};
    HyperparameterSpec hp;
    hp.goal = QStringLiteral("MAXIMIZE");
    hp.hyperparameterMetricTag = QStringLiteral("accuracy");
    hp.maxTrials = 20;
    hp.maxParallelTrials = 4;
    ParameterSpec lr;
    lr.parameterName = QStringLiteral("learning_rate");
    lr.type = QStringLiteral("DOUBLE");
    lr.minValue = 0.0001;
    lr.maxValue = 0.1;
    lr.scaleType = QStringLiteral("UNIT_LOG_SCALE");
    ParameterSpec opt;
    opt.parameterName = QStringLiteral("optimizer");
    opt.type = QStringLiteral("CATEGORICAL");
    opt.categoricalValues = {QStringLiteral("adam"), QStringLiteral("sgd")};
    hp.params = {lr, opt};
    ti.hyperparameters = hp;
    return job;
}

} // namespace trainyard::test
