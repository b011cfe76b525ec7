// SPDX-License-Identifier: MIT
// Shared helpers of the spec tests: the job of the reference's full example, fixture reading
// and readable dumps of diagnostics.
#pragma once

#include "spec/yamlio.h"

#include <QFile>
#include <QString>

namespace trainyard::spec::test {

inline QByteArray fixture(const char *name)
{
    QFile f(QStringLiteral(TRAINYARD_FIXTURES_DIR "/spec/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

inline QString fixturePath(const char *name)
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/spec/") + QLatin1String(name);
}

inline QString dump(const Diagnostics &diags)
{
    QString out;
    for (const Diagnostic &d : diags) {
        out += QStringLiteral("%1 %2:%3 %4: %5\n")
                   .arg(d.isError() ? QStringLiteral("error") : QStringLiteral("warning"))
                   .arg(d.pos.line)
                   .arg(d.pos.column)
                   .arg(d.field, d.message);
    }
    return out;
}

// The job of the reference's full example (§10), built field by field.
inline Job fullExampleJob()
{
    Job job;
    job.jobId = QStringLiteral("census_20240101_120000");
    job.labels = {{QStringLiteral("owner"), QStringLiteral("alice")},
                  {QStringLiteral("type"), QStringLiteral("prod")}};
    TrainingInput &t = job.trainingInput;
    t.scaleTier = QStringLiteral("CUSTOM");
    t.region = QStringLiteral("us-central1");
    t.runtimeVersion = QStringLiteral("2.11");
    t.pythonVersion = QStringLiteral("3.7");
    t.packageUris = {QStringLiteral("gs://my-bucket/staging/trainer-0.1.tar.gz")};
    t.pythonModule = QStringLiteral("trainer.task");
    t.args = {QStringLiteral("--epochs"), QStringLiteral("10")};
    t.jobDir = QStringLiteral("gs://my-bucket/jobs/census_20240101_120000");
    const AcceleratorConfig fourT4{4, QStringLiteral("NVIDIA_TESLA_T4")};
    t.master.type = QStringLiteral("n1-highcpu-16");
    t.master.config.acceleratorConfig = fourT4;
    t.worker.type = QStringLiteral("n1-highcpu-16");
    t.worker.count = 9;
    t.worker.config.acceleratorConfig = fourT4;
    t.parameterServer.type = QStringLiteral("n1-highmem-8");
    t.parameterServer.count = 3;
    t.evaluator.type = QStringLiteral("n1-highcpu-16");
    t.evaluator.count = 1;
    t.scheduling = Scheduling{QStringLiteral("7200s"), QStringLiteral("3600s"), std::nullopt};
    HyperparameterSpec h;
    h.goal = QStringLiteral("MAXIMIZE");
    h.hyperparameterMetricTag = QStringLiteral("accuracy");
    h.maxTrials = 20;
    h.maxParallelTrials = 4;
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
    h.params = {lr, opt};
    t.hyperparameters = h;
    return job;
}

} // namespace trainyard::spec::test
