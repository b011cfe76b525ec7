// SPDX-License-Identifier: MIT
// Cost of the owner's system metrics (metrics::SystemSampler) for 8 replicas, and of a real
// owner that waits, with thousands of unrelated processes on the machine (prints figures; not
// a ctest case).
//
//   bench_system [--replicas N] [--children C] [--samples S] [--seconds T] [--gpus G]
//                [--unrelated U] [--owner-seconds O]
//
// U unrelated processes (default 2,000: `sleep`s in sessions of their own, not descendants of
// this process) run throughout, as on a shared machine. N replicas (default 8), each a real
// process tree in a session of its own: a Python process with C children (default 3, as
// DataLoader workers). Measured:
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
//   - the owner's idle CPU: `trainyard jobs submit training` of a job whose trainer sleeps, the
//     owner's user + system time (/proc/PID/stat) over O seconds (default 10) once it runs, as
//     % of one core (BENCH_SYSTEM_TRAINYARD=PATH: another build's `trainyard`, for a figure
//     before and after). It looks at the job's processes every 500 ms and samples them every
//     second: a walk of all of /proc each time cost 23-25 % of a core with 2,000 processes.
//     Also how often it wrote the metric store's progress.json meanwhile (an idle owner writes
//     nothing: before, it rewrote the file every second for the system series' points).
// Targets: under 0.5 % of one core for the sampler with 8 replicas, under 3 % for the owner,
// progress.json never written while the job idles.
#include "benchmedian.h"
#include "exec/runsettings.h"
#include "metrics/proctree.h"
#include "metrics/systemsampler.h"
#include "store/jobstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
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

// Starts `count` sleeps in sessions of their own whose parent exits at once: they are nobody's
// here (re-parented to init), as other users' processes. Returns their pids.
QList<qint64> startUnrelated(int count)
{
    if (count <= 0)
        return {};
    QProcess spawner;
    spawner.start(u"/usr/bin/python3"_s,
                  {u"-c"_s,
                   u"import os, sys\npids = []\nfor _ in range(int(sys.argv[1])):\n"
                   "    pid = os.fork()\n    if pid == 0:\n        os.setsid()\n"
                   "        os.execvp('sleep', ['sleep', '3600'])\n"
                   "    pids.append(pid)\nprint(' '.join(map(str, pids)))\n"_s,
                   QString::number(count)});
    spawner.waitForFinished(120000);
    QList<qint64> pids;
    for (const QByteArray &pid : spawner.readAllStandardOutput().trimmed().split(' '))
        pids.append(pid.toLongLong());
    return pids;
}

// CPU seconds (user + system) of a process from /proc/PID/stat; -1 when it is gone.
double processCpuSeconds(qint64 pid)
{
    QFile f(u"/proc/%1/stat"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray text = f.readAll();
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    return (fields.value(11).toDouble() + fields.value(12).toDouble()) /
           double(::sysconf(_SC_CLK_TCK));
}

// The owner of a running job whose trainer sleeps: its CPU over `seconds`, % of one core (-1:
// the job did not run), and how often it wrote the metric store's progress.json meanwhile
// (replaced atomically: a new inode each time, looked at every 100 ms).
struct OwnerIdle
{
    double percent = -1;
    int progressWrites = -1;
};

qint64 inodeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? qint64(st.st_ino) : 0;
}

OwnerIdle ownerIdle(const QString &program, const QString &dir, int seconds)
{
    const QString home = dir + u"/store"_s;
    const QString script = dir + u"/sleeper.sh"_s;
    QFile sleeper(script);
    if (!sleeper.open(QIODevice::WriteOnly))
        return {};
    sleeper.write("#!/bin/sh\nexec sleep 1000\n");
    sleeper.close();
    sleeper.setPermissions(sleeper.permissions() | QFileDevice::ExeOwner);
    QFile config(dir + u"/config.yaml"_s);
    if (!config.open(QIODevice::WriteOnly))
        return {};
    config.write("trainingInput:\n  scaleTier: CUSTOM\n  region: us-central1\n"
                 "  runtimeVersion: \"2.11\"\n  pythonVersion: \"3.7\"\n"
                 "  pythonModule: trainer.task\n  masterType: n1-standard-4\n"
                 "  workerType: n1-standard-4\n  workerCount: 2\n"
                 "trainyardLocal:\n  executable: " +
                 script.toUtf8() + "\n");
    config.close();
    QProcess submit;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"TRAINYARD_HOME"_s, home);
    submit.setProcessEnvironment(env);
    const QString jobId = u"owner_idle"_s;
    submit.start(program,
                 {u"jobs"_s, u"submit"_s, u"training"_s, jobId, u"--config"_s, config.fileName(),
                  u"--async"_s, u"--start-port"_s, u"29750"_s, u"--grace-period"_s, u"1"_s});
    submit.waitForFinished(60000);
    const store::JobStore store(home);
    qint64 owner = 0;
    for (int i = 0; i < 600 && owner == 0; ++i) {
        const store::StateReadResult read = store.readState(jobId);
        if (read && read.state.state == store::JobStatus::Running)
            owner = read.state.ownerPid;
        else if (read && read.state.isTerminal())
            break;
        QThread::msleep(50);
    }
    OwnerIdle idle;
    if (owner > 0) {
        QThread::sleep(2); // its start settled
        const QString progress = store.metricsDir(jobId) + u"/progress.json"_s;
        qint64 inode = inodeOf(progress);
        idle.progressWrites = 0;
        const double before = processCpuSeconds(owner);
        QElapsedTimer wall;
        wall.start();
        while (wall.elapsed() < seconds * 1000) {
            QThread::msleep(100);
            if (const qint64 now = inodeOf(progress); now != inode) {
                ++idle.progressWrites;
                inode = now;
            }
        }
        if (inode == 0)
            idle.progressWrites = -1; // no progress file to look at: nothing measured
        const double after = processCpuSeconds(owner);
        if (before >= 0 && after >= 0)
            idle.percent = 100.0 * (after - before) / (double(wall.elapsed()) / 1000.0);
    } else {
        std::fprintf(stderr, "the job did not run: %s\n",
                     submit.readAllStandardError().constData());
    }
    exec::requestCancel(store, jobId);
    for (int i = 0; i < 600 && store.isOwnerAlive(jobId); ++i)
        QThread::msleep(50);
    return idle;
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
    const int unrelatedCount = option(args, u"--unrelated"_s, 2000);
    const int ownerSeconds = option(args, u"--owner-seconds"_s, 10);
    const bool rerun = qEnvironmentVariableIsSet("BENCH_SYSTEM_NVML");
    const QList<qint64> unrelated = rerun ? QList<qint64>() : startUnrelated(unrelatedCount);
    const auto stopUnrelated = qScopeGuard([&unrelated] {
        for (qint64 pid : unrelated)
            ::kill(pid_t(pid), SIGKILL);
    });

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

    QTemporaryDir ownerDir;
    QString program = qEnvironmentVariable("BENCH_SYSTEM_TRAINYARD");
    if (program.isEmpty())
        program = QStringLiteral(TRAINYARD_BINARY);
    const OwnerIdle idle =
        ownerSeconds > 0 ? ownerIdle(program, ownerDir.path(), ownerSeconds) : OwnerIdle{};
    const double owner = idle.percent;

    std::printf("replicas: %d, processes per replica: %d, /proc entries: %d (%lld unrelated), "
                "NVML: %s\n",
                replicas, children + 1, procEntries(), qint64(unrelated.size()),
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
    if (ownerSeconds > 0)
        std::printf("owner of a running job that waits (%s), %d s: %.2f %% of one core "
                    "(target < 3 %%)\n",
                    qPrintable(QFileInfo(program).absoluteFilePath()), ownerSeconds, owner);
    if (ownerSeconds > 0)
        std::printf("progress.json written by that owner in those %d s: %d times (target 0; -1: "
                    "there was none)\n",
                    ownerSeconds, idle.progressWrites);
    killTrees();
    const bool ownerOk = ownerSeconds <= 0 || (owner >= 0 && owner < 3 && idle.progressWrites == 0);
    return m / 10.0 < 0.5 && ownerOk ? 0 : 2;
}
