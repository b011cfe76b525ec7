// SPDX-License-Identifier: MIT
// Benchmark of validation::validate() on a large CUSTOM spec: four roles with GPUs, 20
// hyperparameters of every type, 30 labels, 50 args, 1000 existing job IDs. Prints the median,
// p10 and p90 time per call over 51 rounds of 1000 calls, and the ratio to the 100 µs budget;
// then the median CPU time of this thread per call (CLOCK_THREAD_CPUTIME_ID), which a shared
// machine's load leaves alone: on 2 cores under a load of 10 the wall time of a round is several
// times what the call costs. Not a ctest case: run it from a Release build.
#include "catalog/catalog.h"
#include "validation/validator.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>
#include <algorithm>
#include <ctime>
#include <vector>

using namespace trainyard;

namespace {

constexpr int rounds = 51;
constexpr int callsPerRound = 1000;
constexpr double budgetMicros = 100.0;

jobspec::AcceleratorConfig accel(qint64 count, const char *type)
{
    jobspec::AcceleratorConfig a;
    a.count = count;
    a.type = QString::fromLatin1(type);
    return a;
}

jobspec::Job largeJob()
{
    jobspec::Job job;
    job.jobId = QStringLiteral("census_large_20240101_120000");
    for (int i = 0; i < 30; ++i)
        job.labels.insert(QStringLiteral("label_key_%1").arg(i), QStringLiteral("value-%1").arg(i));

    jobspec::TrainingInput &in = job.trainingInput;
    in.scaleTier = QStringLiteral("CUSTOM");
    in.region = QStringLiteral("us-central1");
    in.runtimeVersion = QStringLiteral("2.11");
    in.pythonVersion = QStringLiteral("3.7");
    in.pythonModule = QStringLiteral("trainer.task");
    in.jobDir = QStringLiteral("gs://my-bucket/jobs/census_large_20240101_120000");
    in.packageUris = {QStringLiteral("gs://my-bucket/staging/trainer-0.1.tar.gz"),
                      QStringLiteral("gs://my-bucket/staging/utils-0.3.tar.gz")};
    for (int i = 0; i < 50; ++i)
        in.args.append(QStringLiteral("--arg%1=%2").arg(i).arg(i * 7));

    in.master.type = QStringLiteral("n1-highcpu-16");
    in.master.config.acceleratorConfig = accel(4, "NVIDIA_TESLA_T4");
    in.worker.type = QStringLiteral("n1-highcpu-16");
    in.worker.count = 9;
    in.worker.config.acceleratorConfig = accel(4, "NVIDIA_TESLA_T4");
    in.parameterServer.type = QStringLiteral("n1-highmem-8");
    in.parameterServer.count = 3;
    in.parameterServer.config.acceleratorConfig = accel(1, "NVIDIA_TESLA_T4");
    in.evaluator.type = QStringLiteral("n1-standard-8");
    in.evaluator.count = 1;
    in.evaluator.config.acceleratorConfig = accel(2, "NVIDIA_TESLA_T4");

    jobspec::Scheduling s;
    s.maxRunningTime = QStringLiteral("7200s");
    s.maxWaitTime = QStringLiteral("3600s");
    s.priority = 10;
    in.scheduling = s;

    jobspec::HyperparameterSpec hp;
    hp.goal = QStringLiteral("MAXIMIZE");
    hp.hyperparameterMetricTag = QStringLiteral("accuracy");
    hp.maxTrials = 100;
    hp.maxParallelTrials = 10;
    hp.maxFailedTrials = 5;
    hp.algorithm = QStringLiteral("RANDOM_SEARCH");
    for (int i = 0; i < 20; ++i) {
        jobspec::ParameterSpec p;
        p.parameterName = QStringLiteral("param_%1").arg(i);
        switch (i % 4) {
        case 0:
            p.type = QStringLiteral("DOUBLE");
            p.minValue = 0.0001;
            p.maxValue = 0.1;
            p.scaleType = QStringLiteral("UNIT_LOG_SCALE");
            break;
        case 1:
            p.type = QStringLiteral("INTEGER");
            p.minValue = 1;
            p.maxValue = 64;
            p.scaleType = QStringLiteral("UNIT_LINEAR_SCALE");
            break;
        case 2:
            p.type = QStringLiteral("CATEGORICAL");
            p.categoricalValues = {QStringLiteral("adam"), QStringLiteral("sgd"),
                                   QStringLiteral("rmsprop"), QStringLiteral("adagrad")};
            break;
        default:
            p.type = QStringLiteral("DISCRETE");
            p.discreteValues = {16, 32, 64, 128, 256, 512};
            break;
        }
        hp.params.append(p);
    }
    in.hyperparameters = hp;

    job.local.packagePath = QStringLiteral("/home/alice/trainer");
    job.local.env.append({QStringLiteral("BATCH_SIZE"), QStringLiteral("64"), QString()});
    job.local.env.append({QStringLiteral("WANDB_API_KEY"), QString(), QStringLiteral("wandb")});
    return job;
}

struct Figures
{
    double p10 = 0;
    double median = 0;
    double p90 = 0;
    double cpuMedian = 0;
    qsizetype diagnostics = 0;
};

qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

Figures measure(const jobspec::Job &job, const catalog::Catalog &catalog,
                const validation::Options &options)
{
    std::vector<double> perCall;
    std::vector<double> cpuPerCall;
    perCall.reserve(rounds);
    cpuPerCall.reserve(rounds);
    qsizetype diagnostics = 0;
    for (int warm = 0; warm < 200; ++warm)
        diagnostics = validation::validate(job, catalog, options).size();
    for (int r = 0; r < rounds; ++r) {
        QElapsedTimer timer;
        timer.start();
        const qint64 cpu0 = threadCpuNs();
        for (int i = 0; i < callsPerRound; ++i)
            diagnostics = validation::validate(job, catalog, options).size();
        cpuPerCall.push_back(double(threadCpuNs() - cpu0) / 1000.0 / callsPerRound);
        perCall.push_back(double(timer.nsecsElapsed()) / 1000.0 / callsPerRound);
    }
    std::sort(perCall.begin(), perCall.end());
    std::sort(cpuPerCall.begin(), cpuPerCall.end());
    auto at = [&perCall](double q) {
        return perCall[std::size_t(q * double(perCall.size() - 1) + 0.5)];
    };
    return {at(0.1), at(0.5), at(0.9), cpuPerCall[cpuPerCall.size() / 2], diagnostics};
}

void print(QTextStream &out, const char *name, const Figures &f)
{
    out << name << ": median " << QString::number(f.median, 'f', 2) << " µs, p10 "
        << QString::number(f.p10, 'f', 2) << " µs, p90 " << QString::number(f.p90, 'f', 2)
        << " µs per validate(); " << QString::number(f.median / budgetMicros * 100.0, 'f', 1)
        << "% of the " << budgetMicros << " µs budget (" << f.diagnostics << " diagnostics); CPU "
        << QString::number(f.cpuMedian, 'f', 2) << " µs per call (median)\n";
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const catalog::Catalog &catalog = catalog::Catalog::builtIn();

    validation::Options options;
    for (int i = 0; i < 1000; ++i)
        options.existingJobIds.insert(QStringLiteral("job_%1").arg(i));

    out << "bench_validate: " << rounds << " rounds of " << callsPerRound << " calls\n";
    const jobspec::Job valid = largeJob();
    print(out, "valid large spec  ", measure(valid, catalog, options));

    // The same spec with a problem in most rule groups: the error paths build messages.
    jobspec::Job broken = valid;
    broken.jobId = QStringLiteral("census-large");
    broken.labels.insert(QStringLiteral("Owner"), QStringLiteral("x"));
    broken.trainingInput.master.config.acceleratorConfig = accel(3, "NVIDIA_TESLA_T4");
    broken.trainingInput.worker.config.acceleratorConfig = accel(1, "NVIDIA_TESLA_K80");
    broken.trainingInput.parameterServer.config.acceleratorConfig = accel(1, "NVIDIA_TESLA_P100");
    broken.trainingInput.region = QStringLiteral("us-central1");
    broken.trainingInput.pythonVersion = QStringLiteral("3.9");
    broken.trainingInput.jobDir = QStringLiteral("gs://My_Bucket/x");
    broken.trainingInput.hyperparameters->algorithm = QStringLiteral("GRID_SEARCH");
    print(out, "broken large spec ", measure(broken, catalog, options));
    out.flush();
    return 0;
}
