// SPDX-License-Identifier: MIT
// Issue 13 with real processes: nothing outlives a job and nothing unrelated is touched.
//  - a trainer whose grandchild starts a session of its own (a daemon): gone after success,
//    failure, cancel, and after the owner is SIGKILLed (the next look at the store ends it);
//  - a process number forced onto an unrelated program (ns_last_pid, in a private pid
//    namespace) survives recovery;
//  - runs started in the same second get IDs of their own;
//  - SIGTERM and SIGHUP to a foreground run cancel it as Ctrl-C does;
//  - broken job folders are listed as broken with the reason; stream-logs returns.
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <ctime>
#include <memory>
#include <signal.h>
#include <sys/stat.h>
#include <utime.h>
#include <vector>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;

class TestContainment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void daemonEndsWithTheJob_data();
    void daemonEndsWithTheJob();
    void reusedNumberIsNotKilled();
    void runsInTheSameSecondGetTheirOwnIds();
    void stopSignalCancelsForegroundRun_data();
    void stopSignalCancelsForegroundRun();
    void brokenFoldersAreListed();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    store::JobStore jobStore() const { return store::JobStore(m_home); }
    CliRun cli(const QStringList &args, int deadlineMs = 60000) const
    {
        return runCli(m_home, args, deadlineMs);
    }

    QTemporaryDir m_tmp;
    QString m_home;
};

void TestContainment::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    QVERIFY(m_tmp.isValid());
    m_home = path(QStringLiteral("store"));
    QVERIFY(QDir().mkpath(m_home));
}

void TestContainment::daemonEndsWithTheJob_data()
{
    QTest::addColumn<QString>("then");   // what the trainer does after starting its daemon
    QTest::addColumn<QString>("ending"); // how the job ends
    QTest::addColumn<int>("expected");   // JobStatus
    const auto row = [](const char *tag, const char *then, const char *ending, JobStatus end) {
        QTest::newRow(tag) << QString::fromLatin1(then) << QString::fromLatin1(ending) << int(end);
    };
    row("success", "succeed", "itself", JobStatus::Succeeded);
    row("failure", "fail", "itself", JobStatus::Failed);
    row("cancel", "wait", "cancel", JobStatus::Cancelled);
    row("owner SIGKILL", "wait", "owner-killed", JobStatus::Failed);
}

void TestContainment::daemonEndsWithTheJob()
{
    QFETCH(QString, then);
    QFETCH(QString, ending);
    QFETCH(int, expected);
    const QString job =
        QStringLiteral("daemon_") +
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
    const QString out = path(job);
    const QString config = writeFile(
        path(job + QStringLiteral(".yaml")),
        customSpec(QStringLiteral("daemonizer"), 0, 0, 0, out, {QStringLiteral("--then"), then}));
    const CliRun submit =
        cli({QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"), job,
             QStringLiteral("--config"), config, QStringLiteral("--async"),
             QStringLiteral("--grace-period"), QStringLiteral("1")});
    QVERIFY2(submit.exitCode == 0, submit.err.constData());

    // The primary is chief-0 (runtime 2.x spec).
    const QString daemonFile = out + QStringLiteral("/daemon-chief-0");
    QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(daemonFile); }, 30000));
    const int daemon = readPid(daemonFile);
    QVERIFY(daemon > 0);
    // The daemon is in a session of its own: not in the replica's group.
    QVERIFY(processExists(daemon));
    QVERIFY(::getsid(pid_t(daemon)) == daemon);

    if (ending == QLatin1String("cancel")) {
        const CliRun cancel = cli({QStringLiteral("jobs"), QStringLiteral("cancel"), job});
        QVERIFY2(cancel.exitCode == 0, cancel.err.constData());
    } else if (ending == QLatin1String("owner-killed")) {
        // The owner records the daemon's identity for recovery; then it dies.
        const store::JobState running =
            waitForState(jobStore(), job, [daemon](const store::JobState &s) {
                return std::any_of(s.processes.cbegin(), s.processes.cend(),
                                   [daemon](const auto &p) { return p.pid == daemon; });
            });
        QVERIFY2(running.ownerPid > 0 && !running.processes.isEmpty(),
                 "the owner never recorded the daemon");
        QCOMPARE(::kill(pid_t(running.ownerPid), SIGKILL), 0);
        QVERIFY(QTest::qWaitFor([&] { return !jobStore().isOwnerAlive(job); }, 10000));
        // The next look at the store finishes the job.
        const CliRun list = cli({QStringLiteral("jobs"), QStringLiteral("list")});
        QCOMPARE(list.exitCode, 0);
    }
    const store::JobState final = waitForState(
        jobStore(), job, [](const store::JobState &s) { return s.isTerminal(); }, 60000);
    QCOMPARE(int(final.state), expected);
    QVERIFY2(QTest::qWaitFor([&] { return !processExists(daemon); }, 5000),
             qPrintable(QStringLiteral("the daemon %1 outlived the job").arg(daemon)));
    QVERIFY(final.processes.isEmpty() || ending == QLatin1String("owner-killed"));
}

void TestContainment::reusedNumberIsNotKilled()
{
    const QString unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
    if (unshare.isEmpty())
        QSKIP("unshare (util-linux) is not installed");
    const QString home = path(QStringLiteral("pidreuse-store"));
    QVERIFY(QDir().mkpath(home));
    const QString config = writeFile(
        path(QStringLiteral("pidreuse.yaml")),
        customSpec(QStringLiteral("stubborn"), 0, 0, 0, path(QStringLiteral("pidreuse-out"))));
    QProcess run;
    run.setProcessChannelMode(QProcess::MergedChannels);
    // pid 1 of a private pid namespace: nothing else forks there, so ns_last_pid decides the
    // next number exactly.
    run.start(unshare,
              {QStringLiteral("--pid"), QStringLiteral("--fork"), QStringLiteral("--mount-proc"),
               QStringLiteral("/usr/bin/python3"),
               QStringLiteral(TRAINYARD_SOURCE_DIR "/tests/integration/executor/pidreuse.py"),
               QStringLiteral(JOBS_HARNESS), home, config});
    QVERIFY(run.waitForStarted());
    QVERIFY(run.waitForFinished(180000));
    const QByteArray output = run.readAll();
    if (output.contains("unshare failed") || output.contains("unshare:"))
        QSKIP(qPrintable(QStringLiteral("the kernel refuses a private pid namespace: %1")
                             .arg(QString::fromUtf8(output.trimmed()))));
    if (run.exitCode() == 77)
        QSKIP(qPrintable(QString::fromUtf8(output.trimmed())));
    QVERIFY2(run.exitCode() == 0, output.constData());
}

void TestContainment::runsInTheSameSecondGetTheirOwnIds()
{
    // Three `local train` of the same module at the same moment: the IDs carry the second only.
    constexpr int runs = 3;
    std::vector<std::unique_ptr<QProcess>> processes;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINYARD_HOME"), m_home);
    env.insert(QStringLiteral("TRAINYARD_PYTHON"), QStringLiteral("/usr/bin/python3"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), path(QStringLiteral("no-config")));
    for (int i = 0; i < runs; ++i) {
        auto process = std::make_unique<QProcess>();
        process->setProcessEnvironment(env);
        process->setProgram(QStringLiteral(JOBS_HARNESS));
        process->setArguments(
            {QStringLiteral("local"), QStringLiteral("train"), QStringLiteral("--module-name"),
             QStringLiteral("fixtrainer.sleeper"), QStringLiteral("--package-path"),
             fixturePackage(), QStringLiteral("--job-dir"),
             path(QStringLiteral("same-second-%1").arg(i))});
        processes.push_back(std::move(process));
    }
    for (auto &process : processes)
        process->start();
    QSet<QString> ids;
    static const QRegularExpression idPattern(QStringLiteral("Job \\[([^\\]]+)\\] started"));
    for (auto &process : processes) {
        QVERIFY(process->waitForFinished(60000));
        const QByteArray err = process->readAllStandardError();
        QVERIFY2(process->exitCode() == 0, err.constData());
        const QRegularExpressionMatch m = idPattern.match(QString::fromUtf8(err));
        QVERIFY2(m.hasMatch(), err.constData());
        ids.insert(m.captured(1));
    }
    QCOMPARE(ids.size(), runs);
}

void TestContainment::stopSignalCancelsForegroundRun_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("signal");
    QTest::newRow("local train SIGTERM") << QStringLiteral("local") << int(SIGTERM);
    QTest::newRow("local train SIGHUP") << QStringLiteral("local") << int(SIGHUP);
    QTest::newRow("submit SIGTERM") << QStringLiteral("submit") << int(SIGTERM);
    QTest::newRow("submit SIGHUP") << QStringLiteral("submit") << int(SIGHUP);
}

void TestContainment::stopSignalCancelsForegroundRun()
{
    QFETCH(QString, command);
    QFETCH(int, signal);
    const QString tag =
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
    const QString out = path(QStringLiteral("signal-") + tag);
    QStringList args;
    if (command == QLatin1String("local")) {
        args = {QStringLiteral("local"),          QStringLiteral("train"),
                QStringLiteral("--module-name"),  QStringLiteral("fixtrainer.stubborn"),
                QStringLiteral("--package-path"), fixturePackage(),
                QStringLiteral("--job-dir"),      out,
                QStringLiteral("--grace-period"), QStringLiteral("1")};
    } else {
        const QString config = writeFile(out + QStringLiteral(".yaml"),
                                         customSpec(QStringLiteral("stubborn"), 0, 0, 0, out));
        args = {QStringLiteral("jobs"),           QStringLiteral("submit"),
                QStringLiteral("training"),       QStringLiteral("sig_") + tag,
                QStringLiteral("--config"),       config,
                QStringLiteral("--grace-period"), QStringLiteral("1")};
    }
    QProcess run;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINYARD_HOME"), m_home);
    env.insert(QStringLiteral("TRAINYARD_PYTHON"), QStringLiteral("/usr/bin/python3"));
    run.setProcessEnvironment(env);
    run.start(QStringLiteral(JOBS_HARNESS), args);
    QVERIFY(run.waitForStarted());
    // local train's primary is master-0, a submitted 2.x spec's chief-0.
    const QString grandchildFile =
        out + (command == QLatin1String("local") ? QStringLiteral("/grandchild-master-0")
                                                 : QStringLiteral("/grandchild-chief-0"));
    QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(grandchildFile); }, 30000));
    const int grandchild = readPid(grandchildFile);
    ::kill(pid_t(run.processId()), signal);
    QVERIFY(run.waitForFinished(30000));
    QCOMPARE(run.exitStatus(), QProcess::NormalExit); // not killed by the signal
    QCOMPARE(run.exitCode(), 1);
    const QByteArray err = run.readAllStandardError();
    QVERIFY2(err.contains("Cancelling job") && err.contains("CANCELLED"), err.constData());
    QVERIFY(!processExists(grandchild));
}

void TestContainment::brokenFoldersAreListed()
{
    const QString home = path(QStringLiteral("broken-store"));
    store::JobStore store(home);
    QVERIFY(store.createJob(QStringLiteral("good"), QByteArray("jobId: good\n")));
    // A folder without state.json, older than a job being created.
    QVERIFY(QDir().mkpath(store.jobDir(QStringLiteral("no_state"))));
    const QByteArray noState = QFile::encodeName(store.jobDir(QStringLiteral("no_state")));
    struct utimbuf old = {::time(nullptr) - 3600, ::time(nullptr) - 3600};
    QCOMPARE(::utime(noState.constData(), &old), 0);
    // A state.json that is not a file.
    QVERIFY(
        QDir().mkpath(store.jobDir(QStringLiteral("state_dir")) + QStringLiteral("/state.json")));

    const QList<store::JobEntry> entries = store.list();
    QCOMPARE(entries.size(), 3);
    for (const store::JobEntry &entry : entries) {
        QCOMPARE(entry.isBroken(), entry.jobId != QLatin1String("good"));
        if (entry.jobId == QLatin1String("no_state"))
            QVERIFY2(entry.errorMessage.contains(QStringLiteral("has no state.json")),
                     qPrintable(entry.errorMessage));
    }

    const CliRun list = runCli(home, {QStringLiteral("jobs"), QStringLiteral("list")});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains("no_state") && list.out.contains("BROKEN"), list.out.constData());
    QVERIFY2(list.err.contains("Job no_state is broken: the job folder") &&
                 list.err.contains("has no state.json"),
             list.err.constData());
    QVERIFY2(list.err.contains("Job state_dir is broken"), list.err.constData());

    for (const char *id : {"no_state", "state_dir"}) {
        for (const char *sub : {"describe", "stream-logs"}) {
            const CliRun run =
                runCli(home, {QStringLiteral("jobs"), QLatin1String(sub), QLatin1String(id)},
                       20000); // a hang guard
            QVERIFY2(run.finished, sub);
            QCOMPARE(run.exitCode, 1);
            QVERIFY2(run.err.contains("is broken"), run.err.constData());
        }
    }
}

QTEST_GUILESS_MAIN(TestContainment)
#include "tst_containment.moc"
