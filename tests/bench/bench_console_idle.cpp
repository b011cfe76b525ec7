// SPDX-License-Identifier: MIT
// Idle CPU of the job console over a store of many finished jobs (prints figures; not a ctest
// case).
//
//   bench_console_idle [--jobs N] [--seconds S] [--runs R] [--dir DIR]
//
// N finished jobs (default 10,000) are written to a store (one real job through JobStore, then
// copies of its config.yaml and state.json). A JobConsole (1100x700, offscreen) opens the store;
// once every job is listed, the process's CPU time (getrusage: all threads, user + system) is
// measured over S seconds (default 10) of idling, R times (default 3), and the median is printed
// as % of one core. For comparison the same is measured for the console's former way of keeping
// the list current: the whole store read by a worker every second (JobListModel::scan + merge).
// Target: under 1% of a core with 10,000 jobs.
#include "benchmedian.h"
#include "jobs/jobconsole.h"
#include "jobs/joblistmodel.h"
#include "store/jobstore.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFutureWatcher>
#include <QTemporaryDir>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cstdio>
#include <sys/resource.h>
#include <vector>

using trainyard::bench::median;

using namespace trainyard;

namespace {

double cpuSeconds()
{
    struct rusage u = {};
    ::getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

void spin(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

// % of one core used by the whole process while the event loop idles for `seconds`.
double idleCpuPercent(int seconds)
{
    QElapsedTimer wall;
    const double before = cpuSeconds();
    wall.start();
    QEventLoop loop;
    QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
    loop.exec();
    const double used = cpuSeconds() - before;
    return 100.0 * used / (double(wall.elapsed()) / 1000.0);
}

bool makeStore(const QString &root, int jobs)
{
    store::JobStore store(root);
    const QString first = QStringLiteral("bench_job_00000");
    const QByteArray yaml = "jobId: bench_job_00000\ntrainingInput:\n  scaleTier: CUSTOM\n"
                            "  masterType: n1-standard-8\n  region: us-central1\n"
                            "  pythonModule: trainer.task\n  runtimeVersion: \"2.11\"\n"
                            "  pythonVersion: \"3.7\"\n";
    if (!store.createJob(first, yaml))
        return false;
    store::JobState state = store.readState(first).state;
    state.state = store::JobStatus::Succeeded;
    state.startTime = state.createTime;
    state.endTime = state.createTime.addSecs(600);
    for (int r = 0; r < 3; ++r) {
        store::ReplicaState replica;
        replica.name = QStringLiteral("worker-%1").arg(r);
        replica.state = store::ReplicaStatus::Succeeded;
        state.replicas.append(replica);
    }
    if (!store.writeState(first, state))
        return false;
    QFile configFile(store.configPath(first));
    QFile stateFile(store.statePath(first));
    if (!configFile.open(QIODevice::ReadOnly) || !stateFile.open(QIODevice::ReadOnly))
        return false;
    const QByteArray config = configFile.readAll();
    const QByteArray stateBytes = stateFile.readAll();
    for (int i = 1; i < jobs; ++i) {
        const QString id = QStringLiteral("bench_job_%1").arg(i, 5, 10, QLatin1Char('0'));
        const QString dir = store.jobDir(id);
        if (!QDir().mkpath(dir + QStringLiteral("/logs")))
            return false;
        QFile c(store.configPath(id));
        QFile s(store.statePath(id));
        if (!c.open(QIODevice::WriteOnly) || c.write(config) != config.size() ||
            !s.open(QIODevice::WriteOnly) || s.write(stateBytes) != stateBytes.size())
            return false;
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-bench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_console_idle"));
    int jobs = 10000;
    int seconds = 10;
    int runs = 3;
    QString base;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); i += 2) {
        if (args.at(i) == QLatin1String("--jobs"))
            jobs = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--seconds"))
            seconds = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--runs"))
            runs = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--dir"))
            base = args.at(i + 1);
    }
    QTemporaryDir tmp(base.isEmpty() ? QDir::tempPath() + QStringLiteral("/bench_idle-XXXXXX")
                                     : base + QStringLiteral("/bench_idle-XXXXXX"));
    const QString root = tmp.filePath(QStringLiteral("jobs"));
    QElapsedTimer timer;
    timer.start();
    if (!makeStore(root, jobs)) {
        std::fprintf(stderr, "cannot create the store in %s\n", qPrintable(root));
        return 1;
    }
    std::printf("store: %d finished jobs written in %.1f s (%s)\n", jobs,
                double(timer.elapsed()) / 1000.0, qPrintable(root));

    // The console as it is: notifications, finished jobs read once.
    {
        ui::jobs::JobConsole console(root);
        console.resize(1100, 700);
        console.show();
        timer.restart();
        while (console.model()->rowCount() < jobs && timer.elapsed() < 120000)
            spin(20);
        std::printf("console: %d jobs listed in %.2f s\n", console.model()->rowCount(),
                    double(timer.elapsed()) / 1000.0);
        spin(2000); // let the first paint and the first disk-space check settle
        std::vector<double> cpu;
        const int passes = console.model()->passCount();
        for (int r = 0; r < runs; ++r)
            cpu.push_back(idleCpuPercent(seconds));
        std::printf("console idle (file-system notifications): median %.2f%% of a core over %d x "
                    "%d s; store re-read %d times meanwhile\n",
                    median(cpu), runs, seconds, console.model()->passCount() - passes);
    }

    // The former refresh: every job read by a worker every second, merged into the list.
    {
        ui::jobs::JobListModel model(root);
        QHash<QString, QPair<QString, QString>> cache;
        QFutureWatcher<QList<ui::jobs::JobRow>> watcher;
        QObject::connect(&watcher, &QFutureWatcher<QList<ui::jobs::JobRow>>::finished, &model,
                         [&] { model.merge(watcher.result()); });
        QTimer poll;
        poll.setInterval(ui::jobs::JobListModel::RefreshIntervalMs);
        QObject::connect(&poll, &QTimer::timeout, &model, [&] {
            if (!watcher.isRunning())
                watcher.setFuture(QtConcurrent::run(&ui::jobs::JobListModel::scan, root, cache));
        });
        model.merge(ui::jobs::JobListModel::scan(root, cache));
        for (int i = 0; i < model.rowCount(); ++i) {
            if (const ui::jobs::JobRow *row = model.job(model.jobIdAt(i)))
                cache.insert(row->jobId, {row->shape, row->region});
        }
        poll.start();
        spin(1500);
        std::vector<double> cpu;
        for (int r = 0; r < runs; ++r)
            cpu.push_back(idleCpuPercent(seconds));
        std::printf("former polling (every job read every second): median %.2f%% of a core over "
                    "%d x %d s\n",
                    median(cpu), runs, seconds);
    }
    return 0;
}
