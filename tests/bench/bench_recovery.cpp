// SPDX-License-Identifier: MIT
// Recovery (store::recoverOrphans), which every `jobs` command and console runs, in a store of
// N ended jobs: without the ended-jobs cache (every state.json read and parsed, as before) and
// with it (a stat per job). Medians; prints figures, asserts nothing.
//
//   bench_recovery [JOBS=1000] [RUNS=11]
#include "benchmedian.h"
#include "store/endedjobs.h"
#include "store/jobstore.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>

using trainyard::bench::median;

using namespace trainyard;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int jobs = args.size() > 1 ? std::max(1, args.at(1).toInt()) : 1000;
    const int runs = args.size() > 2 ? std::max(1, args.at(2).toInt()) : 11;

    QTemporaryDir tmp;
    store::JobStore store(tmp.filePath(QStringLiteral("store")));
    store::JobState ended;
    ended.state = store::JobStatus::Succeeded;
    store::ReplicaState chief;
    chief.name = QStringLiteral("chief");
    chief.state = store::ReplicaStatus::Succeeded;
    ended.replicas = {chief};
    if (!store.createJob(QStringLiteral("job_0"), "jobId: job_0\n", ended))
        return 1;
    // The others are copies of the first (createJob syncs each file; that is not measured).
    const QStringList files = QDir(store.jobDir(QStringLiteral("job_0"))).entryList(QDir::Files);
    for (int i = 1; i < jobs; ++i) {
        const QString id = QStringLiteral("job_%1").arg(i);
        QDir().mkpath(store.jobDir(id));
        for (const QString &file : files)
            QFile::copy(store.jobDir(QStringLiteral("job_0")) + QLatin1Char('/') + file,
                        store.jobDir(id) + QLatin1Char('/') + file);
    }
    const QString cache = store.root() + QLatin1Char('/') + store::EndedJobs::fileName();

    QList<double> without;
    QList<double> with;
    for (int run = 0; run < runs; ++run) {
        QFile::remove(cache);
        QElapsedTimer timer;
        timer.start();
        store::recoverOrphans(store); // reads every state, then writes the cache
        without << double(timer.nsecsElapsed()) / 1e6;
        timer.restart();
        store::recoverOrphans(store);
        with << double(timer.nsecsElapsed()) / 1e6;
    }
    const double a = median(without);
    const double b = median(with);
    std::printf("bench_recovery: %d ended jobs, %d runs\n", jobs, runs);
    std::printf("  every state.json read (no cache, as before): median %.2f ms (%.1f us/job)\n", a,
                a * 1000 / jobs);
    std::printf("  ended jobs skipped by the cache:            median %.2f ms (%.1f us/job)\n", b,
                b * 1000 / jobs);
    std::printf("  ratio: %.1fx\n", b > 0 ? a / b : 0.0);
    return 0;
}
