// SPDX-License-Identifier: MIT
// Submit-to-all-running: from `trainyard jobs submit training --async` to every replica of a
// 1 master + 8 workers + 2 parameter servers job RUNNING in state.json, against a shell
// script that starts the same 11 processes in the background. Median over runs; prints figures,
// asserts nothing.
//
//   bench_launch [RUNS=7] [sh|python]
//   sh:     the trainer is a shell script that sleeps (trainyardLocal.executable)
//   python: the trainer is `python3 -m bench_sleeper` (TRAINYARD_PYTHON or /usr/bin/python3)
//   BENCH_LAUNCH_HARNESS=PATH: another program instead of this build's `trainyard` (another
//                              build's, or trainyard_jobs_harness, which links trainyard_cloud)
//   BENCH_LAUNCH_COMPARE=PATH: a second program, run beside ours in every round, first in every
//                              other one (on a busy machine only interleaved runs compare
//                              fairly, and the second of a round is slower)
//
// What "running" means: ours, every replica's process has exec'd its trainer and the
// owner has written RUNNING; the shell's, the script has forked all 11 background jobs. A second
// shell figure waits, like ours, until each of its 11 children has exec'd the trainer; a third
// does the same with each child in a session of its own (`setsid TRAINER &`), as the owner starts
// every replica (containment follows a replica's session).
#include "benchmedian.h"
#include "exec/runsettings.h"
#include "store/jobstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <signal.h>

using trainyard::bench::median;

using namespace trainyard;

namespace {

constexpr int Workers = 8;
constexpr int ParameterServers = 2;
constexpr int Replicas = 1 + Workers + ParameterServers;

void writeFile(const QString &path, const QByteArray &bytes, bool executable = false)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return;
    f.write(bytes);
    f.close();
    if (executable)
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeUser);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int runs = args.size() > 1 ? std::max(1, args.at(1).toInt()) : 7;
    const bool python = args.size() > 2 && args.at(2) == QLatin1String("python");
    QString interpreter = qEnvironmentVariable("TRAINYARD_PYTHON");
    if (interpreter.isEmpty())
        interpreter = QStringLiteral("/usr/bin/python3");

    QTemporaryDir tmp;
    const QString home = tmp.filePath(QStringLiteral("store"));
    QDir().mkpath(home);
    const QString script = tmp.filePath(QStringLiteral("sleeper.sh"));
    writeFile(script, "#!/bin/sh\nexec sleep 1000\n", true);
    QDir().mkpath(tmp.filePath(QStringLiteral("pkg/bench_sleeper")));
    writeFile(tmp.filePath(QStringLiteral("pkg/bench_sleeper/__init__.py")), "");
    writeFile(tmp.filePath(QStringLiteral("pkg/bench_sleeper/__main__.py")),
              "import time\ntime.sleep(1000)\n");

    QByteArray spec = "trainingInput:\n  scaleTier: CUSTOM\n  region: us-central1\n"
                      "  runtimeVersion: \"2.11\"\n  pythonVersion: \"3.7\"\n"
                      "  pythonModule: bench_sleeper\n  masterType: n1-standard-4\n"
                      "  workerType: n1-standard-4\n  workerCount: 8\n"
                      "  parameterServerType: n1-standard-4\n  parameterServerCount: 2\n";
    spec += "  jobDir: " + tmp.filePath(QStringLiteral("out")).toUtf8() + "\ntrainyardLocal:\n";
    if (python)
        spec +=
            "  packagePath: " + tmp.filePath(QStringLiteral("pkg/bench_sleeper")).toUtf8() + "\n";
    else
        spec += "  executable: " + script.toUtf8() + "\n";
    const QString config = tmp.filePath(QStringLiteral("config.yaml"));
    writeFile(config, spec);

    QString harness = qEnvironmentVariable("BENCH_LAUNCH_HARNESS");
    const QString compare = qEnvironmentVariable("BENCH_LAUNCH_COMPARE");
    if (harness.isEmpty())
        harness = QStringLiteral(TRAINYARD_BINARY);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINYARD_HOME"), home);
    env.insert(QStringLiteral("TRAINYARD_PYTHON"), interpreter);
    const store::JobStore store(home);

    // One submit of `program` until all replicas are RUNNING, then its cancel. False when the
    // job did not get there.
    const auto launch = [&](const QString &program, const QString &jobId, double *ms,
                            double *submitMs) {
        QElapsedTimer timer;
        timer.start();
        QProcess submit;
        submit.setProcessEnvironment(env);
        submit.start(program,
                     {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                      jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                      QStringLiteral("--start-port"), QStringLiteral("29700"),
                      QStringLiteral("--grace-period"), QStringLiteral("1")});
        bool running = false;
        *submitMs = -1;
        while (timer.elapsed() < 30000) {
            if (*submitMs < 0 &&
                (submit.state() == QProcess::NotRunning || submit.waitForFinished(0)))
                *submitMs = double(timer.nsecsElapsed()) / 1e6;
            const store::StateReadResult read = store.readState(jobId);
            if (read && read.state.state == store::JobStatus::Running) {
                running = read.state.replicas.size() == Replicas;
                break;
            }
            if (read && read.state.isTerminal())
                break;
            QThread::usleep(500);
        }
        *ms = double(timer.nsecsElapsed()) / 1e6;
        submit.waitForFinished(10000);
        if (!running) {
            std::fprintf(stderr, "%s: the job did not reach RUNNING: %s\n", qPrintable(jobId),
                         submit.readAllStandardError().constData());
            return false;
        }
        if (*submitMs < 0)
            *submitMs = *ms; // the job was RUNNING before the submit command had exited
        exec::requestCancel(store, jobId);
        while (true) {
            const store::StateReadResult read = store.readState(jobId);
            if (read && read.state.isTerminal())
                break;
            QThread::msleep(10);
        }
        // The next launch starts on a quieter machine: the replicas have ended and the owner
        // has released its lock.
        for (int i = 0; i < 500 && store.isOwnerAlive(jobId); ++i)
            QThread::msleep(10);
        return true;
    };

    // A script that starts `sh`'s children and prints their pids, until each has exec'd its
    // trainer: its cmdline is no longer the script's own (`sh -c ...`) nor setsid(1)'s.
    const auto untilExecd = [](const QString &sh) {
        QProcess verified;
        verified.setChildProcessModifier([] { ::setsid(); });
        QElapsedTimer timer;
        timer.start();
        verified.start(
            QStringLiteral("/bin/sh"),
            {QStringLiteral("-c"),
             QString(sh).replace(QStringLiteral(" & done"), QStringLiteral(" & echo $!; done"))});
        const qint64 verifiedGroup = verified.processId();
        verified.waitForFinished(30000);
        const QList<QByteArray> pids = verified.readAllStandardOutput().split('\n');
        QList<qint64> children;
        for (const QByteArray &pid : pids) {
            if (!pid.isEmpty() && pid != "started")
                children << pid.toLongLong();
        }
        while (timer.elapsed() < 30000) {
            int execd = 0;
            for (qint64 pid : std::as_const(children)) {
                QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
                if (!cmdline.open(QIODevice::ReadOnly))
                    continue;
                const QList<QByteArray> words = cmdline.readAll().split('\0');
                if (words.value(1) != "-c" && words.value(0) != "setsid")
                    ++execd;
            }
            if (execd >= Replicas)
                break;
            QThread::usleep(100);
        }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (verifiedGroup > 1)
            ::kill(-pid_t(verifiedGroup), SIGKILL);
        for (qint64 pid : std::as_const(children))
            ::kill(-pid_t(pid), SIGKILL); // the ones in sessions of their own
        return ms;
    };

    QList<double> ours;
    QList<double>
        cliPart;         // until the submit command exited (validation, job creation, owner start)
    QList<double> other; // BENCH_LAUNCH_COMPARE's, interleaved with ours
    QList<double> shell;
    QList<double> shellExecd;    // the shell's, until each child has exec'd its trainer
    QList<double> shellSessions; // the same, each child in a session of its own
    for (int run = 0; run < runs; ++run) {
        double ms = 0;
        double submitMs = 0;
        // With a compared build, who goes first alternates: the second launch of a round pays
        // for what the first leaves behind (about 15 % here), which must not favour either.
        const bool compareFirst = !compare.isEmpty() && run % 2 == 1;
        if (compareFirst) {
            if (!launch(compare, QStringLiteral("compare_%1").arg(run), &ms, &submitMs))
                return 1;
            other << ms;
        }
        if (!launch(harness, QStringLiteral("bench_%1").arg(run), &ms, &submitMs))
            return 1;
        ours << ms;
        cliPart << submitMs;
        if (!compare.isEmpty() && !compareFirst) {
            if (!launch(compare, QStringLiteral("compare_%1").arg(run), &ms, &submitMs))
                return 1;
            other << ms;
        }

        // The same processes started by a shell script, in a session of its own.
        const QString program = python ? interpreter : script;
        const QString programArgs = python ? QStringLiteral(" -m bench_sleeper") : QString();
        const QString sh = QStringLiteral("cd %1; for i in $(seq %2); do %3%4 & done; echo started")
                               .arg(tmp.filePath(QStringLiteral("pkg")))
                               .arg(Replicas)
                               .arg(program, programArgs);
        QProcess baseline;
        baseline.setChildProcessModifier([] { ::setsid(); });
        QElapsedTimer timer;
        timer.start();
        baseline.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), sh});
        const qint64 group = baseline.processId(); // the script leads its session and group
        baseline.waitForFinished(30000);
        shell << double(timer.nsecsElapsed()) / 1e6;
        if (group > 1)
            ::kill(-pid_t(group), SIGKILL);

        // The same again, until every child has exec'd its trainer (what RUNNING means for
        // ours), and once more with each child in a session of its own as every replica is
        // (setsid(1) calls setsid() and execs the trainer; under the kernel's autogroup
        // scheduling a new session is a new scheduling group, placed behind the running ones).
        shellExecd << untilExecd(sh);
        shellSessions << untilExecd(
            QString(sh).replace(QStringLiteral(" do "), QStringLiteral(" do setsid ")));
    }
    const double a = median(ours);
    const double b = median(shell);
    std::printf("bench_launch: %d runs, 1 master + %d workers + %d ps, trainer %s\n", runs, Workers,
                ParameterServers, python ? "python3 -m (sleep)" : "sh script (exec sleep)");
    std::printf("  trainyard submit --async -> all %d replicas RUNNING: median %.1f ms\n", Replicas,
                a);
    std::printf("    of which the submit command (validate, create, start owner): median %.1f ms\n",
                median(cliPart));
    std::printf("  shell script forking the same %d processes:        median %.1f ms\n", Replicas,
                b);
    std::printf("  ratio: %.1fx\n", b > 0 ? a / b : 0.0);
    const double e = median(shellExecd);
    std::printf("  shell script, until all %d have exec'd their trainer: median %.1f ms, "
                "ratio %.2fx\n",
                Replicas, e, e > 0 ? a / e : 0.0);
    const double f = median(shellSessions);
    std::printf("  the same, each child in a session of its own (setsid, as every replica):"
                " median %.1f ms, ratio %.2fx\n",
                f, f > 0 ? a / f : 0.0);
    if (!other.isEmpty()) {
        const double c = median(other);
        std::printf("  compared build (%s): median %.1f ms, ratio %.1fx; ours / compared: %.2f\n",
                    qPrintable(compare), c, b > 0 ? c / b : 0.0, c > 0 ? a / c : 0.0);
    }
    return 0;
}
