// SPDX-License-Identifier: MIT
// A replica's process as the spawner starts it (exec/replicaprocess.h, exec/spawner.h), with real
// children: a replica whose exec or chdir fails is reported as such with its errno, also among
// others started at the same moment; a replica that exits at once is still seen starting and
// exiting with its status and output while the owner's reaping of adopted children runs beside
// it; a kill reaches the whole group, also one asked for before the child's number was known;
// a replica given up while it starts leaves no process behind; after the exit the group number
// is not ours any more.
#include "exec/containment.h"
#include "exec/replicaprocess.h"
#include "exec/spawner.h"
#include "store/procidentity.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <memory>
#include <signal.h>
#include <vector>

using namespace trainyard;
using exec::ReplicaLaunch;
using exec::ReplicaProcess;

namespace {

ReplicaLaunch launchOf(const QString &name, const QString &program, const QStringList &arguments,
                       const QString &workingDirectory = QString())
{
    ReplicaLaunch launch;
    launch.replica.name = name;
    launch.program = program;
    launch.arguments = arguments;
    launch.workingDirectory = workingDirectory;
    launch.environment = QProcessEnvironment::systemEnvironment();
    return launch;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Waits (running the event loop) until done() or timeoutMs.
template<typename Done>
bool waitUntil(Done &&done, int timeoutMs = 10000)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QTest::qSleep(1);
    }
    return true;
}

bool alive(qint64 pid)
{
    const std::optional<store::ProcessIdentity> id = store::processIdentity(pid);
    return id.has_value() && QFile::exists(QStringLiteral("/proc/%1").arg(pid)) &&
           !readAll(QStringLiteral("/proc/%1/stat").arg(pid)).contains(") Z ");
}

// Processes whose command line holds `marker`, and shells of ours not reaped (a zombie's
// command line is empty).
QList<qint64> processesWith(const QByteArray &marker)
{
    QList<qint64> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok || pid == QCoreApplication::applicationPid())
            continue;
        const QByteArray cmdline = readAll(QStringLiteral("/proc/%1/cmdline").arg(pid));
        const QByteArray stat = readAll(QStringLiteral("/proc/%1/stat").arg(pid));
        const QByteArray zombieOfOurs =
            "(sh) Z " + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
        if (cmdline.contains(marker) || stat.contains(zombieOfOurs))
            found << pid;
    }
    return found;
}

} // namespace

class TestReplicaProcess : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void execFailureIsReported_data();
    void execFailureIsReported();
    void failureAmongOthers();
    void spawnThreadForEveryWaitingStart();
    void exitBeforeRecorded();
    void killReachesTheGroup();
    void killAskedForWhileStarting();
    void givenUpWhileStarting();
    void groupNotOursAfterExit();

private:
    QString logPath(const QString &name) const
    {
        return m_tmp.filePath(name + QStringLiteral(".log"));
    }
    QTemporaryDir m_tmp;
};

void TestReplicaProcess::initTestCase()
{
    QVERIFY(m_tmp.isValid());
}

void TestReplicaProcess::execFailureIsReported_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("workingDirectory");
    QTest::addColumn<QString>("reason");
    const QString notExecutable = m_tmp.filePath(QStringLiteral("not-executable.sh"));
    QFile f(notExecutable);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\nexit 0\n");
    f.close();
    QTest::newRow("missing program")
        << m_tmp.filePath(QStringLiteral("no-such-trainer")) << QString()
        << QStringLiteral("execve: ") + QString::fromLocal8Bit(std::strerror(ENOENT));
    QTest::newRow("not executable")
        << notExecutable << QString()
        << QStringLiteral("execve: ") + QString::fromLocal8Bit(std::strerror(EACCES));
    QTest::newRow("missing working directory")
        << QStringLiteral("/bin/true") << m_tmp.filePath(QStringLiteral("no-such-dir"))
        << QStringLiteral("chdir: ") + QString::fromLocal8Bit(std::strerror(ENOENT));
}

void TestReplicaProcess::execFailureIsReported()
{
    QFETCH(QString, program);
    QFETCH(QString, workingDirectory);
    QFETCH(QString, reason);
    ReplicaProcess replica(launchOf(QStringLiteral("chief-0"), program, {}, workingDirectory),
                           logPath(QStringLiteral("fail")));
    QSignalSpy started(&replica, &ReplicaProcess::started);
    QSignalSpy failed(&replica, &ReplicaProcess::failedToStart);
    replica.start();
    QVERIFY(replica.isRunning()); // starting: the exec is under way on a spawn thread
    QVERIFY(failed.wait(10000));
    QCOMPARE(started.count(), 0);
    QVERIFY(!replica.isRunning());
    QCOMPARE(failed.first().first().toString(),
             QStringLiteral("%1 could not be started: %2").arg(program, reason));
}

void TestReplicaProcess::failureAmongOthers()
{
    // Eleven replicas started in one go, the sixth one's program missing: the others run, that
    // one is reported with its errno, and nothing is mixed up between them.
    std::vector<std::unique_ptr<ReplicaProcess>> replicas;
    QList<int> startedOnes;
    QList<int> failedOnes;
    QString failure;
    for (int i = 0; i < 11; ++i) {
        const QString program =
            i == 5 ? m_tmp.filePath(QStringLiteral("missing")) : QStringLiteral("/bin/sleep");
        replicas.push_back(std::make_unique<ReplicaProcess>(
            launchOf(QStringLiteral("worker-%1").arg(i), program, {QStringLiteral("30")}),
            logPath(QStringLiteral("batch-%1").arg(i))));
        connect(replicas.back().get(), &ReplicaProcess::started, this,
                [&startedOnes, i] { startedOnes << i; });
        connect(replicas.back().get(), &ReplicaProcess::failedToStart, this,
                [&failedOnes, &failure, i](const QString &message) {
                    failedOnes << i;
                    failure = message;
                });
    }
    for (auto &r : replicas)
        r->start();
    QVERIFY(waitUntil([&] { return startedOnes.size() + failedOnes.size() == 11; }));
    QCOMPARE(failedOnes, QList<int>{5});
    QVERIFY2(failure.endsWith(QString::fromLocal8Bit(std::strerror(ENOENT))), qPrintable(failure));
    QVERIFY(failure.contains(QStringLiteral("missing")));
    QSet<qint64> pids;
    for (int i = 0; i < 11; ++i) {
        if (i == 5)
            continue;
        QVERIFY(replicas[std::size_t(i)]->pid() > 1);
        QCOMPARE(replicas[std::size_t(i)]->pgid(), replicas[std::size_t(i)]->pid()); // setsid
        QVERIFY(alive(replicas[std::size_t(i)]->pid()));
        pids.insert(replicas[std::size_t(i)]->pid());
    }
    QCOMPARE(pids.size(), 10);
    replicas.clear(); // each kills its group and reaps its child
    for (qint64 pid : std::as_const(pids))
        QVERIFY(waitUntil([pid] { return !alive(pid); }, 5000));
}

void TestReplicaProcess::spawnThreadForEveryWaitingStart()
{
    // Replicas posted in one go are forked side by side, none behind another's exec: a post finds
    // a thread free to take it or starts one, also when the thread started for the post before
    // has not taken its job yet (before, 11 replicas posted at once were forked by two threads,
    // each waiting for one exec after another).
    using exec::detail::needsSpawnThread;
    constexpr int Max = 16;
    QVERIFY(needsSpawnThread(1, 0, 0, Max));      // the first post
    QVERIFY(needsSpawnThread(2, 1, 1, Max));      // the second, its thread not busy yet
    QVERIFY(needsSpawnThread(11, 10, 10, Max));   // the eleventh of a job's replicas
    QVERIFY(!needsSpawnThread(1, 1, 1, Max));     // a free thread takes it
    QVERIFY(!needsSpawnThread(3, 5, 8, Max));     // as do the threads of an earlier job
    QVERIFY(!needsSpawnThread(20, 16, Max, Max)); // never more than the cap
    QVERIFY(needsSpawnThread(4, 3, 15, Max));
}

void TestReplicaProcess::exitBeforeRecorded()
{
    // Replicas that exit at once, while the owner's reaping of adopted children runs all the
    // time beside them: each is still seen starting (its identity readable then), then exiting
    // with its own status, and what it printed is in its log.
    QTimer reaper;
    int reaped = 0;
    connect(&reaper, &QTimer::timeout, this,
            [&reaped] { reaped += exec::reapAdoptedChildren({}); });
    reaper.start(0);
    constexpr int Count = 16;
    std::vector<std::unique_ptr<ReplicaProcess>> replicas;
    QList<int> codes(Count, -100);
    QList<qint64> startTimes(Count, -1);
    for (int i = 0; i < Count; ++i) {
        replicas.push_back(std::make_unique<ReplicaProcess>(
            launchOf(QStringLiteral("worker-%1").arg(i), QStringLiteral("/bin/sh"),
                     {QStringLiteral("-c"),
                      QStringLiteral("echo out-%1; echo err-%1 >&2; exit %2").arg(i).arg(i % 7)}),
            logPath(QStringLiteral("quick-%1").arg(i))));
        ReplicaProcess *r = replicas.back().get();
        connect(r, &ReplicaProcess::started, this, [&startTimes, i](qint64 pid) {
            const std::optional<store::ProcessIdentity> id = store::processIdentity(pid);
            startTimes[i] = id ? id->startTime : 0;
        });
        connect(r, &ReplicaProcess::exited, this, [&codes, &startTimes, i](int code, bool crashed) {
            QVERIFY(startTimes[i] != -1); // started() came first
            codes[i] = crashed ? -code : code;
        });
    }
    for (auto &r : replicas)
        r->start();
    QVERIFY(waitUntil([&] { return !codes.contains(-100); }));
    reaper.stop();
    for (int i = 0; i < Count; ++i) {
        QCOMPARE(codes[i], i % 7);
        QVERIFY2(startTimes[i] > 0, "the identity of an exited but unreaped replica is readable");
        QVERIFY(!replicas[std::size_t(i)]->isRunning());
        const QByteArray log = readAll(logPath(QStringLiteral("quick-%1").arg(i)));
        const QByteArray out = "out-" + QByteArray::number(i);
        const QByteArray err = "err-" + QByteArray::number(i);
        QVERIFY2(log.contains(out), log.constData());
        QVERIFY2(log.contains(err), log.constData());
    }
    QCOMPARE(reaped, 0); // none of them was taken by the owner's reaper
}

void TestReplicaProcess::killReachesTheGroup()
{
    ReplicaProcess replica(
        launchOf(QStringLiteral("chief-0"), QStringLiteral("/bin/sh"),
                 {QStringLiteral("-c"), QStringLiteral("sleep 60 & echo child $!; wait")}),
        logPath(QStringLiteral("group")));
    QSignalSpy started(&replica, &ReplicaProcess::started);
    QSignalSpy exited(&replica, &ReplicaProcess::exited);
    replica.start();
    QVERIFY(started.wait(10000));
    qint64 child = 0;
    QVERIFY(waitUntil([&] {
        const QByteArray log = readAll(logPath(QStringLiteral("group")));
        const qsizetype at = log.indexOf("child ");
        if (at < 0)
            return false;
        child = log.mid(at + 6, log.indexOf('\n', at) - at - 6).toLongLong();
        return child > 1;
    }));
    QVERIFY(alive(child));
    QVERIFY(replica.groupIsOurs());
    replica.killGroup();
    QVERIFY(exited.count() == 1 || exited.wait(10000));
    QCOMPARE(exited.first().at(0).toInt(), int(SIGKILL));
    QVERIFY(exited.first().at(1).toBool());                  // killed by a signal
    QVERIFY(waitUntil([&] { return !alive(child); }, 5000)); // the whole group got it
}

void TestReplicaProcess::killAskedForWhileStarting()
{
    // A cancel right after start(), before the child's number is known: the kill waits for it.
    ReplicaProcess replica(
        launchOf(QStringLiteral("chief-0"), QStringLiteral("/bin/sleep"), {QStringLiteral("60")}),
        logPath(QStringLiteral("early")));
    QSignalSpy exited(&replica, &ReplicaProcess::exited);
    replica.start();
    QVERIFY(replica.groupAlive()); // starting: the owner waits for it before it may go on
    replica.killGroup();
    QVERIFY(exited.wait(10000));
    QCOMPARE(exited.first().at(0).toInt(), int(SIGKILL));
    QVERIFY(!replica.groupAlive());
}

void TestReplicaProcess::givenUpWhileStarting()
{
    // Objects deleted while their children are being started (some exec'd already, some not
    // yet): each child is killed and reaped by whoever hears of it next, nothing is left behind.
    const QByteArray marker = "given-up-" + QByteArray::number(QCoreApplication::applicationPid());
    std::vector<std::unique_ptr<ReplicaProcess>> replicas;
    for (int i = 0; i < 8; ++i) {
        replicas.push_back(std::make_unique<ReplicaProcess>(
            launchOf(QStringLiteral("worker-%1").arg(i), QStringLiteral("/bin/sh"),
                     {QStringLiteral("-c"),
                      QStringLiteral("sleep 60; : %1").arg(QString::fromLatin1(marker))}),
            logPath(QStringLiteral("given-up-%1").arg(i))));
    }
    for (auto &r : replicas)
        r->start();
    QTest::qSleep(5); // a few have exec'd by now, a few have not
    replicas.clear();
    // Once no spawn is under way, no process of ours carries the marker (none, not a zombie).
    QVERIFY(waitUntil([] { return !exec::mayBeUnclaimedChild(0); }));
    QVERIFY(waitUntil([&] { return processesWith(marker).isEmpty(); }, 5000));
}

void TestReplicaProcess::groupNotOursAfterExit()
{
    // Once the leader is reaped and nothing of ours is left in the group, its number may belong
    // to anybody: the replica neither claims nor signals it any more.
    ReplicaProcess replica(launchOf(QStringLiteral("chief-0"), QStringLiteral("/bin/true"), {}),
                           logPath(QStringLiteral("gone")));
    QSignalSpy exited(&replica, &ReplicaProcess::exited);
    replica.start();
    QVERIFY(exited.wait(10000));
    QVERIFY(replica.pgid() > 1);
    QVERIFY(!replica.isRunning());
    QVERIFY(!replica.groupIsOurs());
    QVERIFY(!replica.groupAlive());
    QVERIFY(!QFile::exists(QStringLiteral("/proc/%1").arg(replica.pid()))); // reaped
}

QTEST_GUILESS_MAIN(TestReplicaProcess)
#include "tst_replicaprocess.moc"
