// SPDX-License-Identifier: MIT
// The store with real processes: SIGKILL during state writes, owner liveness through the lock,
// recovery of jobs whose owner was killed, and races between processes.
#include "statesamples.h"
#include "store/endedjobs.h"
#include "store/jobstore.h"
#include "store/ownerlock.h"
#include "store/procidentity.h"
#include "store/recovery.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace trainyard::store;

namespace {

const QString helperPath = QStringLiteral(STORE_HELPER);

// Starts the helper and waits for its first line (the helper says when it is in position).
std::unique_ptr<QProcess> startHelper(const QStringList &args, QByteArray *firstLine)
{
    auto process = std::make_unique<QProcess>();
    process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process->start(helperPath, args);
    if (!process->waitForStarted(10000))
        return {};
    while (!process->canReadLine()) {
        if (!process->waitForReadyRead(10000))
            return {};
    }
    *firstLine = process->readLine().trimmed();
    return process;
}

void sigkill(QProcess *process)
{
    ::kill(pid_t(process->processId()), SIGKILL);
    process->waitForFinished(10000);
}

bool groupExists(pid_t pgid)
{
    // Reap the group leader if it became our child (we are a subreaper), so a killed process
    // does not linger as a zombie that kill(2) still finds.
    int status = 0;
    ::waitpid(pgid, &status, WNOHANG);
    return ::kill(-pgid, 0) == 0 || errno != ESRCH;
}

// Kills a process group when the test ends, however it ends.
class GroupGuard
{
public:
    explicit GroupGuard(pid_t pgid)
        : m_pgid(pgid)
    {}
    ~GroupGuard()
    {
        if (m_pgid > 1 && ::kill(-m_pgid, SIGKILL) == 0)
            ::waitpid(m_pgid, nullptr, 0);
    }
    void dismiss() { m_pgid = 0; } // the group is gone: never signal a number that may be reused
    GroupGuard(const GroupGuard &) = delete;
    GroupGuard &operator=(const GroupGuard &) = delete;

private:
    pid_t m_pgid;
};

JobState runningState(qint64 pgid)
{
    JobState s;
    s.state = JobStatus::Running;
    s.createTime = QDateTime::currentDateTimeUtc().addSecs(-5);
    s.startTime = s.createTime;
    s.ownerPid = 999999; // never read for liveness
    ReplicaState master;
    master.name = QStringLiteral("master-0");
    master.taskType = QStringLiteral("master");
    master.pid = pgid;
    master.pgid = pgid;
    master.state = ReplicaStatus::Running;
    ReplicaState worker = master;
    worker.name = QStringLiteral("worker-0");
    worker.taskType = QStringLiteral("worker");
    worker.state = ReplicaStatus::Succeeded;
    worker.exitCode = 0;
    s.replicas = {master, worker};
    return s;
}

} // namespace

class TestStoreProcesses : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void stateSurvivesSigkillDuringWrites();
    void ownerLockFollowsTheProcess();
    void ownerLockInProcess();
    void recoverKillsLeftoversAndFailsJob();
    void recoveryLeavesLiveAndFinishedJobsAlone_data();
    void recoveryLeavesLiveAndFinishedJobsAlone();
    void recoverySkipsJobLockedByAnotherConsole();
    void endedJobsAreNotReadAgain();
    void endedJobsCacheNeverHidesAnOrphan();
    void unclaimedQueuedJobHasGrace();
    void concurrentRecoveriesHandleEachJobOnce();
    void concurrentCreatesOfOneIdOneWins();
    void neverKillsOwnOrInitGroup();
    void killsOnlyTheRecordedProcess_data();
    void killsOnlyTheRecordedProcess();

private:
    std::unique_ptr<QTemporaryDir> m_home;
    QString m_root;
};

void TestStoreProcesses::initTestCase()
{
    QVERIFY2(QFileInfo(helperPath).isExecutable(), qPrintable(helperPath));
    // Orphaned grandchildren are re-parented to us, not to a PID 1 that may never reap them.
    QCOMPARE(::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), 0);
}

void TestStoreProcesses::init()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
    m_root = m_home->path() + QStringLiteral("/jobs");
    qputenv("TRAINYARD_HOME", QFile::encodeName(m_root));
}

void TestStoreProcesses::stateSurvivesSigkillDuringWrites()
{
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("crashy"), "jobId: crashy\n"));
    int lastSeen = 0;
    int advanced = 0;
    QElapsedTimer timer;
    timer.start();
    for (int round = 0; round < 50; ++round) {
        QByteArray line;
        auto writer =
            startHelper({QStringLiteral("write-loop"), m_root, QStringLiteral("crashy")}, &line);
        QVERIFY(writer);
        QCOMPARE(line, QByteArray("ready"));
        QTest::qSleep(int(QRandomGenerator::global()->bounded(21)));
        sigkill(writer.get());

        const StateReadResult read = store.readState(QStringLiteral("crashy"));
        QVERIFY2(read,
                 qPrintable(QStringLiteral("round %1: %2").arg(round).arg(read.errorMessage)));
        // Exactly one of the states the writer wrote, complete.
        QVERIFY(read.state.attempt >= 1);
        QVERIFY2(read.state == testing::sampleState(read.state.attempt),
                 qPrintable(QStringLiteral("round %1: state %2 is not as written")
                                .arg(round)
                                .arg(read.state.attempt)));
        QVERIFY(read.state.attempt >= lastSeen); // never an older state than before
        if (read.state.attempt != lastSeen)
            ++advanced;
        lastSeen = read.state.attempt;
    }
    // Proof that the kills did land among writes (not only before the first one).
    QVERIFY(advanced > 1);
    qInfo("the state advanced in %d of 50 rounds; %d states written in %lld ms", advanced, lastSeen,
          timer.elapsed());
    const QStringList files = QDir(store.jobDir(QStringLiteral("crashy"))).entryList(QDir::Files);
    qInfo("files in the job directory after 50 kills: %s",
          qPrintable(files.join(QLatin1Char(' '))));
    QVERIFY(!store.list().isEmpty());
    QVERIFY(store.list().constFirst().stateKnown());
}

void TestStoreProcesses::ownerLockFollowsTheProcess()
{
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("owned"), "jobId: owned\n"));
    QVERIFY(!store.isOwnerAlive(QStringLiteral("owned")));
    QByteArray line;
    auto owner = startHelper(
        {QStringLiteral("hold-lock"), store.ownerLockPath(QStringLiteral("owned"))}, &line);
    QVERIFY(owner);
    QCOMPARE(line, QByteArray("locked"));
    QVERIFY(store.isOwnerAlive(QStringLiteral("owned")));
    QVERIFY(store.isOwnerAlive(QStringLiteral("owned"))); // probing does not take it away

    // Nobody else can become the owner meanwhile.
    OwnerLock second;
    const LockResult busy = second.tryAcquire(store.ownerLockPath(QStringLiteral("owned")));
    QCOMPARE(busy.status, LockStatus::Busy);
    QVERIFY(!second.isHeld());

    sigkill(owner.get());
    QVERIFY(!store.isOwnerAlive(QStringLiteral("owned")));
    QVERIFY(second.tryAcquire(store.ownerLockPath(QStringLiteral("owned"))));
}

void TestStoreProcesses::ownerLockInProcess()
{
    const QString path = m_home->path() + QStringLiteral("/in-process.lock");
    QVERIFY(!isLockHeld(path)); // missing file: no owner
    OwnerLock a;
    const LockResult acquired = a.tryAcquire(path);
    QVERIFY2(acquired, qPrintable(acquired.errorMessage));
    QVERIFY(a.isHeld());
    QCOMPARE(a.path(), path);
    QVERIFY(isLockHeld(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().trimmed(), QByteArray::number(qint64(::getpid())));

    OwnerLock moved = std::move(a);
    QVERIFY(!a.isHeld());
    QVERIFY(moved.isHeld());
    QVERIFY(isLockHeld(path));
    moved.release();
    moved.release();
    QVERIFY(!isLockHeld(path));

    OwnerLock bad;
    const LockResult failed =
        bad.tryAcquire(m_home->path() + QStringLiteral("/no/such/dir/x.lock"));
    QCOMPARE(failed.status, LockStatus::Error);
    QVERIFY(failed.errorMessage.contains(QStringLiteral("x.lock")));
}

void TestStoreProcesses::recoverKillsLeftoversAndFailsJob()
{
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("orphaned"), "jobId: orphaned\n"));
    QByteArray line;
    auto owner = startHelper({QStringLiteral("orphan"), m_root, QStringLiteral("orphaned")}, &line);
    QVERIFY(owner);
    QVERIFY2(line.startsWith("ready "), line.constData());
    const pid_t pgid = pid_t(line.mid(6).toLongLong());
    QVERIFY(pgid > 1);
    GroupGuard guard(pgid); // no stray `sleep 1000` when a check below fails
    QVERIFY(groupExists(pgid));
    QVERIFY(store.isOwnerAlive(QStringLiteral("orphaned")));
    // While the owner lives, nobody touches the job.
    QVERIFY(recoverOrphans(store).isEmpty());
    QVERIFY(groupExists(pgid));

    sigkill(owner.get());
    // The replica outlives its owner (it does not inherit the lock), the owner reads as gone.
    QVERIFY(groupExists(pgid));
    QVERIFY(!store.isOwnerAlive(QStringLiteral("orphaned")));
    QCOMPARE(store.readState(QStringLiteral("orphaned")).state.state, JobStatus::Running);

    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    const QList<RecoveredJob> recovered = recoverOrphans(store);
    QCOMPARE(recovered.size(), 1);
    QCOMPARE(recovered.at(0).jobId, QStringLiteral("orphaned"));
    QCOMPARE(recovered.at(0).previousState, JobStatus::Running);
    QCOMPARE(recovered.at(0).killedGroups, QList<qint64>{pgid});
    QVERIFY(recovered.at(0));
    QTRY_VERIFY_WITH_TIMEOUT(!groupExists(pgid), 10000);
    guard.dismiss();

    const StateReadResult read = store.readState(QStringLiteral("orphaned"));
    QVERIFY(read);
    QCOMPARE(read.state.state, JobStatus::Failed);
    QCOMPARE(read.state.errorMessage,
             QStringLiteral("interrupted: the process running the job exited"));
    QVERIFY(read.state.endTime >= before);
    QCOMPARE(read.state.replicas.size(), 1);
    QCOMPARE(read.state.replicas.at(0).state, ReplicaStatus::Failed);

    // Done once: a second look changes nothing.
    QVERIFY(recoverOrphans(store).isEmpty());
    QVERIFY(store.readState(QStringLiteral("orphaned")).state == read.state);
}

void TestStoreProcesses::recoveryLeavesLiveAndFinishedJobsAlone_data()
{
    QTest::addColumn<JobStatus>("status");
    QTest::addColumn<bool>("ownerAlive");
    QTest::addColumn<bool>("recovered");
    const JobStatus all[] = {JobStatus::Queued,    JobStatus::Preparing, JobStatus::Running,
                             JobStatus::Succeeded, JobStatus::Failed,    JobStatus::Cancelling,
                             JobStatus::Cancelled};
    for (JobStatus s : all) {
        const QByteArray name = jobStatusName(s).toLatin1();
        QTest::addRow("%s, owner alive", name.constData()) << s << true << false;
        QTest::addRow("%s, owner gone", name.constData()) << s << false << !isTerminal(s);
    }
}

void TestStoreProcesses::recoveryLeavesLiveAndFinishedJobsAlone()
{
    QFETCH(JobStatus, status);
    QFETCH(bool, ownerAlive);
    QFETCH(bool, recovered);
    JobStore store;
    JobState s = runningState(0); // no process groups recorded
    s.state = status;
    s.ownerPid = 4242;
    s.tuning = TuningState(); // a tuning job: trial 1 ended, trial 2 was running
    s.tuning->trials = {TrialState(), TrialState()};
    s.tuning->trials[0].trialId = QStringLiteral("1");
    s.tuning->trials[0].state = JobStatus::Succeeded;
    s.tuning->trials[1].trialId = QStringLiteral("2");
    s.tuning->trials[1].state = JobStatus::Running;
    QVERIFY(store.createJob(QStringLiteral("job"), "jobId: job\n", s));
    OwnerLock owner;
    if (ownerAlive)
        QVERIFY(owner.tryAcquire(store.ownerLockPath(QStringLiteral("job"))));

    const QList<RecoveredJob> done = recoverOrphans(store);
    QCOMPARE(done.size(), recovered ? 1 : 0);
    const JobState after = store.readState(QStringLiteral("job")).state;
    if (recovered) {
        QCOMPARE(after.state, JobStatus::Failed);
        QCOMPARE(after.errorMessage, interruptedErrorMessage());
        QCOMPARE(after.replicas.at(0).state, ReplicaStatus::Failed);    // was RUNNING
        QCOMPARE(after.replicas.at(1).state, ReplicaStatus::Succeeded); // stays
        QVERIFY(after.endTime.isValid());
        QCOMPARE(after.tuning->trials.at(0).state, JobStatus::Succeeded); // stays
        QCOMPARE(after.tuning->trials.at(1).state, JobStatus::Failed);
        QCOMPARE(after.tuning->trials.at(1).errorMessage, interruptedErrorMessage());
    } else {
        QVERIFY(after == s);
    }
}

void TestStoreProcesses::recoverySkipsJobLockedByAnotherConsole()
{
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("job"), "jobId: job\n", runningState(0)));
    // Another console recovering this job right now holds the lock: we keep out.
    OwnerLock otherConsole;
    QVERIFY(otherConsole.tryAcquire(store.ownerLockPath(QStringLiteral("job"))));
    QVERIFY(recoverOrphans(store).isEmpty());
    QCOMPARE(store.readState(QStringLiteral("job")).state.state, JobStatus::Running);
    otherConsole.release();
    QCOMPARE(recoverOrphans(store).size(), 1);
}

void TestStoreProcesses::endedJobsAreNotReadAgain()
{
    JobStore store;
    JobState ended = runningState(0);
    ended.state = JobStatus::Succeeded;
    for (const QString &id : {QStringLiteral("done_1"), QStringLiteral("done_2")})
        QVERIFY(store.createJob(id, "jobId: x\n", ended));
    QVERIFY(recoverOrphans(store).isEmpty());
    QFile cache(store.root() + QLatin1Char('/') + EndedJobs::fileName());
    QVERIFY(cache.open(QIODevice::ReadOnly));
    const QByteArray listed = cache.readAll();
    QVERIFY2(listed.contains("\ndone_1 ") && listed.contains("\ndone_2 "), listed.constData());
    cache.close();

    // Each is known ended while its state file is the one seen: same device, inode, size, time.
    EndedJobs known(store);
    FileStamp stamp;
    QVERIFY(known.stamp(QStringLiteral("done_1"), &stamp));
    QVERIFY(known.isKnownEnded(QStringLiteral("done_1"), stamp));
    stamp.mtimeNs += 1;
    QVERIFY(!known.isKnownEnded(QStringLiteral("done_1"), stamp));

    // A deleted job leaves the cache with the next write of it.
    QVERIFY(store.deleteJob(QStringLiteral("done_2")));
    QVERIFY(store.createJob(QStringLiteral("done_3"), "jobId: x\n", ended));
    QVERIFY(recoverOrphans(store).isEmpty());
    QVERIFY(cache.open(QIODevice::ReadOnly));
    const QByteArray relisted = cache.readAll();
    QVERIFY2(!relisted.contains("\ndone_2 ") && relisted.contains("\ndone_3 "),
             relisted.constData());
}

void TestStoreProcesses::endedJobsCacheNeverHidesAnOrphan()
{
    // A job seen ended, whose state is then rewritten as RUNNING with no owner (a restored
    // backup, another version's console): the new file is read and the job recovered.
    JobStore store;
    JobState ended = runningState(0);
    ended.state = JobStatus::Succeeded;
    QVERIFY(store.createJob(QStringLiteral("job"), "jobId: job\n", ended));
    QVERIFY(recoverOrphans(store).isEmpty());
    QVERIFY(store.writeState(QStringLiteral("job"), runningState(0)));
    const QList<RecoveredJob> recovered = recoverOrphans(store);
    QCOMPARE(recovered.size(), 1);
    QCOMPARE(store.readState(QStringLiteral("job")).state.state, JobStatus::Failed);

    // A broken or forged cache costs reads, never a missed orphan.
    QVERIFY(store.writeState(QStringLiteral("job"), runningState(0)));
    QFile cache(store.root() + QLatin1Char('/') + EndedJobs::fileName());
    QVERIFY(cache.open(QIODevice::WriteOnly | QIODevice::Truncate));
    cache.write("trainyard-ended-jobs 1\njob 1 2 3 4\ngarbage\n\xff\xfe 1 2 3 4\n");
    cache.close();
    QCOMPARE(recoverOrphans(store).size(), 1);
}

void TestStoreProcesses::unclaimedQueuedJobHasGrace()
{
    // Just created, no owner claimed it yet: its console may be starting the owner right now.
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("fresh"), "jobId: fresh\n"));
    QVERIFY(recoverOrphans(store).isEmpty());
    QCOMPARE(store.readState(QStringLiteral("fresh")).state.state, JobStatus::Queued);
    RecoveryOptions noGrace;
    noGrace.unclaimedGraceMs = 0;
    QCOMPARE(recoverOrphans(store, noGrace).size(), 1);
    QCOMPARE(store.readState(QStringLiteral("fresh")).state.state, JobStatus::Failed);
}

void TestStoreProcesses::concurrentRecoveriesHandleEachJobOnce()
{
    JobStore store;
    QStringList ids;
    for (int i = 0; i < 12; ++i) {
        ids.append(QStringLiteral("orphan_%1").arg(i, 2, 10, QLatin1Char('0')));
        QVERIFY(store.createJob(ids.constLast(), "jobId: x\n", runningState(0)));
    }
    for (int round = 0; round < 3; ++round) {
        std::vector<std::unique_ptr<QProcess>> consoles;
        for (int i = 0; i < 3; ++i) {
            consoles.push_back(std::make_unique<QProcess>());
            consoles.back()->start(helperPath, {QStringLiteral("recover"), m_root});
        }
        QStringList handled;
        for (auto &console : consoles) {
            QVERIFY(console->waitForFinished(30000));
            QCOMPARE(console->exitCode(), 0);
            const QList<QByteArray> lines = console->readAllStandardOutput().split('\n');
            for (const QByteArray &l : lines) {
                if (!l.isEmpty())
                    handled.append(QString::fromUtf8(l));
            }
        }
        handled.sort();
        if (round == 0)
            QCOMPARE(handled, ids); // every job exactly once across all consoles
        else
            QVERIFY(handled.isEmpty());
        for (const QString &id : std::as_const(ids))
            QCOMPARE(store.readState(id).state.state, JobStatus::Failed);
        // Later rounds find nothing left to do.
    }
}

void TestStoreProcesses::concurrentCreatesOfOneIdOneWins()
{
    for (int i = 0; i < 10; ++i) {
        const QString id = QStringLiteral("race_%1").arg(i);
        std::vector<std::unique_ptr<QProcess>> creators;
        for (int c = 0; c < 3; ++c) {
            creators.push_back(std::make_unique<QProcess>());
            creators.back()->start(helperPath, {QStringLiteral("create"), m_root, id});
        }
        int created = 0;
        for (auto &creator : creators) {
            QVERIFY(creator->waitForFinished(30000));
            const QByteArray out = creator->readAllStandardOutput().trimmed();
            if (out == "created")
                ++created;
            else
                QVERIFY2(out.startsWith("refused: ") && out.contains(id.toUtf8()), out.constData());
        }
        QCOMPARE(created, 1);
        QVERIFY(JobStore().readState(id));
    }
}

void TestStoreProcesses::neverKillsOwnOrInitGroup()
{
    // A corrupted or hostile state naming our own group, init's, or "every process" (-1, 0)
    // must not take the console down with it.
    JobState s = runningState(0);
    const qint64 candidates[] = {0, 1, -1, qint64(::getpgrp())};
    s.replicas.clear();
    for (qint64 pgid : candidates) {
        ReplicaState r;
        r.name = QStringLiteral("r%1").arg(pgid);
        r.pgid = pgid;
        r.state = ReplicaStatus::Running;
        s.replicas.append(r);
    }
    QVERIFY(killReplicaProcessGroups(s).isEmpty());
    // Still here. A negative group never passes the state parser; the rest go through recovery.
    s.replicas.removeIf([](const ReplicaState &r) { return r.pgid < 0; });
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("hostile"), "jobId: h\n", s));
    QCOMPARE(recoverOrphans(store).size(), 1);
    QCOMPARE(store.readState(QStringLiteral("hostile")).state.state, JobStatus::Failed);
}

void TestStoreProcesses::killsOnlyTheRecordedProcess_data()
{
    QTest::addColumn<QString>("record"); // how the group's leader is recorded
    QTest::addColumn<bool>("killed");
    QTest::newRow("its identity") << QStringLiteral("same") << true;
    QTest::newRow("another start time") << QStringLiteral("start") << false;
    QTest::newRow("another boot") << QStringLiteral("boot") << false;
    QTest::newRow("no identity (old state)") << QStringLiteral("none") << false;
}

void TestStoreProcesses::killsOnlyTheRecordedProcess()
{
    // A live group whose number is recorded: only when its leader is provably the recorded
    // process (same start time, same boot) does recovery kill it; otherwise the number belongs
    // to somebody else now and the recorded process counts as gone.
    QFETCH(QString, record);
    QFETCH(bool, killed);
    QProcess sleeper;
    sleeper.setChildProcessModifier([] { ::setsid(); });
    sleeper.start(QStringLiteral("sleep"), {QStringLiteral("1000")});
    QVERIFY(sleeper.waitForStarted());
    const qint64 pgid = sleeper.processId(); // the sleeper leads its group; QProcess kills it
    const std::optional<ProcessIdentity> identity = processIdentity(pgid);
    QVERIFY(identity);
    JobState s = runningState(pgid);
    s.bootId = identity->bootId;
    for (ReplicaState &r : s.replicas)
        r.leaderStartTime = identity->startTime;
    if (record == QLatin1String("start")) {
        for (ReplicaState &r : s.replicas)
            r.leaderStartTime = identity->startTime + 1;
    } else if (record == QLatin1String("boot")) {
        s.bootId = QStringLiteral("00000000-0000-0000-0000-000000000000");
    } else if (record == QLatin1String("none")) {
        s.bootId.clear();
        for (ReplicaState &r : s.replicas)
            r.leaderStartTime = 0;
    }
    JobStore store;
    const QString id = QStringLiteral("identity_") + record;
    QVERIFY(store.createJob(id, "jobId: i\n", s));
    const QList<RecoveredJob> recovered = recoverOrphans(store);
    QCOMPARE(recovered.size(), 1);
    QCOMPARE(recovered.at(0).killedGroups.isEmpty(), !killed);
    QCOMPARE(store.readState(id).state.state, JobStatus::Failed);
    if (killed) {
        QVERIFY(sleeper.waitForFinished(10000));
    } else {
        QVERIFY(!sleeper.waitForFinished(300));
        QCOMPARE(sleeper.state(), QProcess::Running);
    }
}

QTEST_GUILESS_MAIN(TestStoreProcesses)
#include "tst_storeprocesses.moc"
