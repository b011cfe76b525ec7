// SPDX-License-Identifier: MIT
// Cost of the owner's system metrics (metrics::SystemSampler) for 8 replicas (prints figures; not
// a ctest case).
//
//   bench_system [--replicas N] [--children C] [--samples S] [--seconds T] [--gpus G]
//
// N replicas (default 8), each a real process tree in a session of its own: a Python process
// with C children (default 3, as DataLoader workers). Measured:
//   - one sample (process trees from /proc + NVML), CPU time of the sampling thread (user +
//     system, CLOCK_THREAD_CPUTIME_ID), median over S samples (default 60), as % of one core at
//     one sample a second;
//   - the same for a first pass (a reader that knows no process yet: every /proc entry read);
//   - the sampler's thread running at its interval for T seconds (default 10), CPU of the whole
//     process (getrusage) over that time, as % of one core.
// NVML: without --gpus, whatever libnvidia-ml.so.1 the loader finds (none on a machine without
// a driver); with --gpus G the bench runs itself again with the NVML double (tests/nvmlfake)
// describing G GPUs with a process of every replica on one of them. The double's calls cost less
// than a driver's ioctls: on a GPU machine run it without --gpus.
// Target: under 0.5 % of one core for 8 replicas.
#include "benchmedian.h"
#include "metrics/proctree.h"
#include "metrics/systemsampler.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <signal.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <vector>

using trainyard::bench::median;

using namespace trainyard;
using namespace Qt::Literals::StringLiterals;

namespace {

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double processCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

int procEntries()
{
    return int(QDir(u"/proc"_s).entryList({}, QDir::Dirs | QDir::NoDotAndDotDot).size());
}

int option(const QStringList &args, const QString &name, int fallback)
{
    const qsizetype i = args.indexOf(name);
    return i >= 0 && i + 1 < args.size() ? args.at(i + 1).toInt() : fallback;
}

const char *Replica = R"py(
import subprocess, sys, time
kids = [subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
        for _ in range(int(sys.argv[1]))]
print(" ".join(str(k.pid) for k in kids), flush=True)
time.sleep(3600)
)py";

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int replicas = option(args, u"--replicas"_s, 8);
    const int children = option(args, u"--children"_s, 3);
    const int samples = option(args, u"--samples"_s, 60);
    const int seconds = option(args, u"--seconds"_s, 10);
    const int gpus = option(args, u"--gpus"_s, 0);

    // Real replicas: a Python process with `children` children each, in sessions of their own.
    std::vector<std::unique_ptr<QProcess>> trees;
    QList<QList<qint64>> pids;
    for (int i = 0; i < replicas; ++i) {
        auto p = std::make_unique<QProcess>();
        p->setChildProcessModifier([] { ::setsid(); });
        p->start(u"/usr/bin/python3"_s,
                 {u"-c"_s, QString::fromUtf8(Replica), QString::number(children)});
        if (!p->waitForStarted() || !p->waitForReadyRead(20000)) {
            std::fprintf(stderr, "cannot start a replica (needs /usr/bin/python3)\n");
            return 1;
        }
        QList<qint64> tree{p->processId()};
        for (const QByteArray &pid : p->readLine().trimmed().split(' '))
            tree.append(pid.toLongLong());
        pids.append(tree);
        trees.push_back(std::move(p));
    }

    auto killTrees = [&trees, &pids] {
        for (size_t i = 0; i < trees.size(); ++i) {
            for (qint64 pid : pids.at(qsizetype(i)).mid(1))
                ::kill(pid_t(pid), SIGKILL);
            trees[i]->kill();
            trees[i]->waitForFinished();
        }
    };

    QTemporaryDir tmp;
    if (gpus > 0 && !qEnvironmentVariableIsSet("BENCH_SYSTEM_NVML")) {
        // Again, with the NVML double first on the loader's path (read at process start).
        QByteArray text = "driver 580.159\n";
        for (int g = 0; g < gpus; ++g)
            text += "gpu name=NVIDIA H200; memory_total_mib=143771; memory_used_mib=20000; "
                    "utilization=90; power_mw=600000; temperature=60\n";
        for (int i = 0; i < pids.size(); ++i)
            text += "process gpu=" + QByteArray::number(i % gpus) +
                    "; pid=" + QByteArray::number(pids.at(i).last()) + "; used_mib=2048\n";
        QFile f(tmp.filePath(u"nvml.txt"_s));
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(text);
        f.close();
        killTrees(); // the run below starts its own
        QProcess again;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"LD_LIBRARY_PATH"_s, QStringLiteral(TRAINYARD_NVMLFAKE_DIR));
        env.insert(u"NVMLFAKE_DESCRIPTION"_s, f.fileName());
        env.insert(u"BENCH_SYSTEM_NVML"_s, u"1"_s);
        again.setProcessEnvironment(env);
        again.setProcessChannelMode(QProcess::ForwardedChannels);
        again.start(app.applicationFilePath(), args.mid(1));
        again.waitForFinished(-1);
        return again.exitCode();
    }
    if (qEnvironmentVariableIsSet("BENCH_SYSTEM_NVML")) {
        // The description names the first run's processes; rewrite it with this run's.
        const QString path = qEnvironmentVariable("NVMLFAKE_DESCRIPTION");
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        QByteArray text;
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (!line.startsWith("process ") && !line.isEmpty())
                text += line + '\n';
        }
        f.close();
        for (int i = 0; i < pids.size(); ++i)
            text += "process gpu=" + QByteArray::number(i % gpus) +
                    "; pid=" + QByteArray::number(pids.at(i).last()) + "; used_mib=2048\n";
        QFile out(path);
        out.open(QIODevice::WriteOnly);
        out.write(text);
    }

    qint64 points = 0;
    metrics::SystemSampler sampler(
        [&points](const metrics::SystemPoints &p) { points += qint64(p.size()); });
    for (int i = 0; i < replicas; ++i)
        sampler.setReplica(u"worker-%1"_s.arg(i), pids.at(i).first());
    sampler.sampleOnce(); // opens NVML
    const int gpuCount = gpus;

    std::vector<double> steady;
    for (int s = 0; s < samples; ++s) {
        QThread::msleep(20);
        const double before = threadCpuMs();
        const metrics::SystemPoints p = sampler.sampleOnce();
        steady.push_back(threadCpuMs() - before);
        if (s == 0)
            std::printf("points per sample: %zu\n", p.size());
    }

    std::vector<double> full;
    QList<metrics::TreeRoot> roots;
    for (int i = 0; i < replicas; ++i)
        roots.append({u"worker-%1"_s.arg(i), pids.at(i).first()});
    for (int s = 0; s < std::max(5, samples / 4); ++s) {
        metrics::ProcessTreeReader fresh;
        const double before = threadCpuMs();
        fresh.read(roots);
        full.push_back(threadCpuMs() - before);
    }

    const double cpuBefore = processCpuSeconds();
    QElapsedTimer wall;
    wall.start();
    metrics::SystemSampler threaded([](const metrics::SystemPoints &) {});
    for (int i = 0; i < replicas; ++i)
        threaded.setReplica(u"worker-%1"_s.arg(i), pids.at(i).first());
    threaded.start();
    QThread::sleep(seconds);
    threaded.stop();
    const double threadedPercent =
        100.0 * (processCpuSeconds() - cpuBefore) / (double(wall.elapsed()) / 1000.0);

    std::printf("replicas: %d, processes per replica: %d, /proc entries: %d, NVML: %s\n", replicas,
                children + 1, procEntries(),
                gpuCount ? qPrintable(u"the double, %1 GPUs"_s.arg(gpuCount))
                         : "as found (none without a driver)");
    const double m = median(steady);
    std::printf("one sample (steady), median: %.3f ms CPU = %.3f %% of one core at 1 Hz\n", m,
                m / 10.0);
    const double f = median(full);
    std::printf("one sample (first pass, every /proc entry read), median: %.3f ms CPU = %.3f %%\n",
                f, f / 10.0);
    std::printf("sampler thread at 1 Hz for %d s, whole process: %.3f %% of one core "
                "(target < 0.5 %%)\n",
                seconds, threadedPercent);
    killTrees();
    return m / 10.0 < 0.5 ? 0 : 2;
}
