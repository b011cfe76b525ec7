// SPDX-License-Identifier: MIT
// Job values for the validation suites, built in C++ (no importer involved), and helpers to
// look at the diagnostics a user would see.
#pragma once

#include "catalog/catalog.h"
#include "jobspec/job.h"
#include "validation/validator.h"

#include <QString>
#include <QStringList>

namespace trainyard::testjobs {

using jobspec::Diagnostic;
using jobspec::Diagnostics;
using jobspec::Job;

inline const catalog::Catalog &cat()
{
    return catalog::Catalog::builtIn();
}

inline jobspec::AcceleratorConfig accel(qint64 count, const QString &type)
{
    jobspec::AcceleratorConfig a;
    a.count = count;
    a.type = type;
    return a;
}

// A small valid CUSTOM job: one n1-standard-8 master in us-central1 on runtime 2.11.
inline Job baseJob()
{
    Job job;
    job.jobId = QStringLiteral("census_20240101_120000");
    jobspec::TrainingInput &in = job.trainingInput;
    in.scaleTier = QStringLiteral("CUSTOM");
    in.master.type = QStringLiteral("n1-standard-8");
    in.region = QStringLiteral("us-central1");
    in.runtimeVersion = QStringLiteral("2.11");
    in.pythonModule = QStringLiteral("trainer.task");
    return job;
}

// The GPU guide's CUSTOM example: n1-highcpu-16 + 4 T4 master, 9 such workers, 3 n1-highmem-8
// parameter servers.
inline Job gpuGuideCustomJob()
{
    Job job = baseJob();
    jobspec::TrainingInput &in = job.trainingInput;
    in.master.type = QStringLiteral("n1-highcpu-16");
    in.master.config.acceleratorConfig = accel(4, QStringLiteral("NVIDIA_TESLA_T4"));
    in.worker.type = QStringLiteral("n1-highcpu-16");
    in.worker.count = 9;
    in.worker.config.acceleratorConfig = accel(4, QStringLiteral("NVIDIA_TESLA_T4"));
    in.parameterServer.type = QStringLiteral("n1-highmem-8");
    in.parameterServer.count = 3;
    return job;
}

// The GPU guide's legacy example: complex_model_m_gpu master and workers, large_model PS.
inline Job gpuGuideLegacyJob()
{
    Job job = baseJob();
    jobspec::TrainingInput &in = job.trainingInput;
    in.master.type = QStringLiteral("complex_model_m_gpu");
    in.worker.type = QStringLiteral("complex_model_m_gpu");
    in.worker.count = 9;
    in.parameterServer.type = QStringLiteral("large_model");
    in.parameterServer.count = 3;
    return job;
}

// Lifecycle warnings (a retired K80, runtime or machine type: "... no longer offered ...") are
// left out: these suites check the rules of what the service offered; the lifecycle is checked
// by tst_cligcloud and the real-config corpus.
inline Diagnostics withoutLifecycle(const Diagnostics &diags)
{
    Diagnostics out;
    for (const Diagnostic &d : diags) {
        if (d.isError() || !d.message.contains(QLatin1String("no longer offered")))
            out.append(d);
    }
    return out;
}

inline Diagnostics run(const Job &job, validation::Target target = validation::Target::Cloud)
{
    validation::Options options;
    options.target = target;
    return withoutLifecycle(validation::validate(job, cat(), options));
}

inline QString dump(const Diagnostics &diags)
{
    QStringList lines;
    for (const Diagnostic &d : diags) {
        lines.append((d.isError() ? QStringLiteral("error ") : QStringLiteral("warning ")) +
                     d.field + QStringLiteral(": ") + d.message);
    }
    return lines.isEmpty() ? QStringLiteral("(no diagnostics)") : lines.join(QLatin1Char('\n'));
}

// The diagnostics for exactly this field.
inline Diagnostics onField(const Diagnostics &diags, const QString &field)
{
    Diagnostics out;
    for (const Diagnostic &d : diags) {
        if (d.field == field)
            out.append(d);
    }
    return out;
}

} // namespace trainyard::testjobs
