// SPDX-License-Identifier: MIT
// How long the job's owner takes to choose the next trial's values with ALGORITHM_UNSPECIFIED
// (service/tuning/bayesopt.h) after 100 completed trials in 10 dimensions (8 DOUBLE, one of
// them log-scaled, an INTEGER and a CATEGORICAL of 4), on a smooth objective: the fit of the
// Gaussian process (L-BFGS) plus the acquisition's maximisation. Target: under 50 ms, so the
// owner never delays a trial start noticeably. The owner's case: the optimiser suggested after
// 99 trials, so that fit starts the fit of 100 (one L-BFGS run). Also a fresh optimiser (two
// starts), with 3 pending trials (maxParallelTrials 4), and the fit reused (a second suggestion
// with no new trial ended). Medians of 7 runs. Usage: bench_tuning [runs]
#include "benchmedian.h"
#include "service/trials.h"
#include "service/tuning/bayesopt.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <random>

using namespace trainyard;
using namespace trainyard::service;

namespace {

// This thread's CPU time in ms (the box is shared: wall time includes waiting for a core).
double cpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

jobspec::HyperparameterSpec tenDimensions()
{
    jobspec::HyperparameterSpec s;
    s.maxTrials = 200;
    for (int i = 0; i < 8; ++i) {
        jobspec::ParameterSpec p;
        p.parameterName = QStringLiteral("x%1").arg(i);
        p.type = QStringLiteral("DOUBLE");
        p.minValue = i == 0 ? 1e-5 : 0.0;
        p.maxValue = 1.0;
        p.scaleType = i == 0 ? QStringLiteral("UNIT_LOG_SCALE") : QString();
        s.params << p;
    }
    jobspec::ParameterSpec units;
    units.parameterName = QStringLiteral("units");
    units.type = QStringLiteral("INTEGER");
    units.minValue = 1;
    units.maxValue = 512;
    s.params << units;
    jobspec::ParameterSpec opt;
    opt.parameterName = QStringLiteral("optimizer");
    opt.type = QStringLiteral("CATEGORICAL");
    opt.categoricalValues = {QStringLiteral("sgd"), QStringLiteral("adam"),
                             QStringLiteral("rmsprop"), QStringLiteral("adagrad")};
    s.params << opt;
    return s;
}

double objective(const TrialParameters &values)
{
    double total = 0;
    for (const auto &[name, value] : values) {
        bool ok = false;
        const double v = value.toDouble(&ok);
        if (name == QLatin1String("x0"))
            total -= std::pow(std::log10(v) + 3, 2) / 10;
        else if (name == QLatin1String("units"))
            total -= std::pow(std::log2(v / 64), 2) / 20;
        else if (ok)
            total -= (v - 0.4) * (v - 0.4);
        else
            total += value == QLatin1String("adam") ? 0.2 : 0;
    }
    return total;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int runs = argc > 1 ? std::max(1, atoi(argv[1])) : 7;
    const jobspec::HyperparameterSpec s = tenDimensions();
    // 100 completed trials: random values (RANDOM_SEARCH's), scored.
    const TrialPlan random = planTrials(
        [&s] {
            jobspec::HyperparameterSpec r = s;
            r.algorithm = QStringLiteral("RANDOM_SEARCH");
            return r;
        }(),
        QStringLiteral("bench_tuning"), 0);
    QList<tuning::Observation> observations;
    for (int t = 0; t < 100; ++t)
        observations.append({random.trials.at(t), objective(random.trials.at(t))});
    const QList<TrialParameters> pending = random.trials.mid(100, 3);

    std::vector<double> fresh;
    std::vector<double> withPending;
    std::vector<double> reused;
    std::vector<double> warm;
    std::vector<double> warmCpu;
    for (int run = 0; run < runs; ++run) {
        { // The owner's case: it suggested after 99 trials, now one more has ended.
            tuning::BayesianOptimizer owner(s, trialSeed(QStringLiteral("bench_w%1").arg(run)));
            owner.suggest(100, observations.mid(0, 99), {});
            QElapsedTimer timer;
            timer.start();
            const double cpu = cpuMs();
            owner.suggest(101, observations, {});
            warmCpu.push_back(cpuMs() - cpu);
            warm.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
        tuning::BayesianOptimizer optimizer(s, trialSeed(QStringLiteral("bench_%1").arg(run)));
        QElapsedTimer timer;
        timer.start();
        optimizer.suggest(101, observations, {});
        fresh.push_back(double(timer.nsecsElapsed()) / 1e6);
        timer.restart();
        optimizer.suggest(102, observations, pending);
        reused.push_back(double(timer.nsecsElapsed()) / 1e6);
        tuning::BayesianOptimizer second(s, trialSeed(QStringLiteral("bench_p%1").arg(run)));
        timer.restart();
        second.suggest(104, observations, pending);
        withPending.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::printf("bench_tuning: next trial after 100 completed trials, 10 dimensions "
                "(median of %d)\n",
                runs);
    std::printf("  the owner's case, fit warm-started from 99 trials: %8.1f ms (target 50 ms, "
                "ratio %.2f)\n",
                bench::median(warm), bench::median(warm) / 50);
    std::printf("    of which CPU time of this thread:               %8.1f ms\n",
                bench::median(warmCpu));
    std::printf("  a fresh optimiser (fit from two starts):  %8.1f ms\n", bench::median(fresh));
    std::printf("  fit + acquisition, 3 pending trials:     %8.1f ms\n",
                bench::median(withPending));
    std::printf("  fit reused (no trial ended), 3 pending:  %8.1f ms\n", bench::median(reused));
    return 0;
}
