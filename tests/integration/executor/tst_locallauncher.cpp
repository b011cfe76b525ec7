// SPDX-License-Identifier: MIT
// exec::LocalLauncher with real owner processes (the jobs harness) and real Python trainers:
// started/failed/finished, a start that does not block the caller, cancel, a dead owner's job
// ending through the store's recovery, and the blocking start the CLI uses.
#include "exec/locallauncher.h"
#include "exec/ownerstandby.h"
#include "jobspec/yamlio.h"
#include "store/jobstore.h"
#include "store/recovery.h"
#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <signal.h>
#include <unistd.h>

using namespace trainyard;
using store::JobStatus;

namespace {

// A one-replica job of fixtrainer.sleeper: it exits 0 once `expect` pid files exist (1: at
// once), else waits (up to 30 s).
jobspec::Job sleeperJob(const QString &jobId, int expect)
{
    const QByteArray yaml =
        QStringLiteral("jobId: %1\ntrainingInput:\n  scaleTier: BASIC\n  region: us-central1\n"
                       "  runtimeVersion: \"2.11\"\n  pythonVersion: \"3.7\"\n"
                       "  pythonModule: fixtrainer.sleeper\n  args: [\"--expect\", \"%2\"]\n"
                       "trainyardLocal:\n  packagePath: %3\n")
            .arg(jobId)
            .arg(expect)
            .arg(testing::fixturePackage())
            .toUtf8();
    return jobspec::importJob(yaml, QStringLiteral("sleeper.yaml")).job;
}

bool noStandbyWithin(const QString &root, int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (!testing::standbyOwners(root).isEmpty()) {
        if (timer.elapsed() > ms)
            return false;
        QTest::qWait(20);
    }
    return true;
}

QByteArray cmdlineOf(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/cmdline").arg(pid));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestLocalLauncher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void startFollowFinish();
    void idTakenFails();
    void ownerThatCannotStartFails();
    void cancelEndsCancelled();
    void deadOwnerEndsFailed();
    void startNowForTheCli();
    void standbyOwnerRunsTheJob();
    void standbyWithoutAJobLeaves();
    void standbyThatIsGoneIsReplaced();

private:
    exec::RunSettings settings(const QString &name, quint16 port) const
    {
        exec::RunSettings s;
        s.startPort = port;
        s.graceMs = 1000;
        s.jobDir = m_tmp.filePath(name + QStringLiteral("-out"));
        return s;
    }
    QTemporaryDir m_tmp;
};

void TestLocalLauncher::startFollowFinish()
{
    const QString root = m_tmp.filePath(QStringLiteral("finish"));
    exec::LocalLauncher launcher(root);
    launcher.setOwnerProgram(QStringLiteral(JOBS_HARNESS));
    launcher.setFollowStarted(true);
    launcher.setFollowInterval(100);
    QSignalSpy started(&launcher, &exec::LocalLauncher::started);
    QSignalSpy failed(&launcher, &exec::LocalLauncher::failed);
    QSignalSpy finished(&launcher, &exec::LocalLauncher::finished);
    const jobspec::Job job = sleeperJob(QStringLiteral("launch_ok"), 1);
    QVERIFY(!job.jobId.isEmpty());
    launcher.start(job, settings(QStringLiteral("finish"), 29910));
    // The store's writes and the owner's start run in a worker: nothing has been reported yet.
    QVERIFY(launcher.isStarting(job.jobId));
    QCOMPARE(started.count(), 0);
    QVERIFY(started.wait(30000));
    QCOMPARE(failed.count(), 0);
    QCOMPARE(started.first().at(0).toString(), job.jobId);
    QVERIFY(!launcher.isStarting());
    QVERIFY(launcher.isFollowing(job.jobId));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QCOMPARE(finished.first().at(0).toString(), job.jobId);
    QCOMPARE(finished.first().at(1).value<JobStatus>(), JobStatus::Succeeded);
    QVERIFY(!launcher.isFollowing(job.jobId));
    QCOMPARE(store::JobStore(root).readState(job.jobId).state.state, JobStatus::Succeeded);
}

void TestLocalLauncher::idTakenFails()
{
    const QString root = m_tmp.filePath(QStringLiteral("taken"));
    store::JobStore store(root);
    const jobspec::Job job = sleeperJob(QStringLiteral("launch_taken"), 1);
    QVERIFY(store.createJob(job));
    exec::LocalLauncher launcher(root);
    launcher.setOwnerProgram(QStringLiteral(JOBS_HARNESS));
    QSignalSpy started(&launcher, &exec::LocalLauncher::started);
    QSignalSpy failed(&launcher, &exec::LocalLauncher::failed);
    launcher.start(job, settings(QStringLiteral("taken"), 29915));
    QVERIFY(failed.wait(30000));
    QCOMPARE(started.count(), 0);
    QCOMPARE(failed.first().at(0).toString(), job.jobId);
    QVERIFY2(failed.first().at(1).toString().contains(QStringLiteral("already exists")),
             qPrintable(failed.first().at(1).toString()));
    QCOMPARE(failed.first().at(2).toBool(), true); // the caller may try another ID
    // The sentence every window shows.
    QCOMPARE(exec::LocalLauncher::startFailedMessage(job.jobId, QStringLiteral("why")),
             QStringLiteral("The job launch_taken could not be started: why"));
}

void TestLocalLauncher::ownerThatCannotStartFails()
{
    const QString root = m_tmp.filePath(QStringLiteral("noowner"));
    exec::LocalLauncher launcher(root);
    launcher.setOwnerProgram(m_tmp.filePath(QStringLiteral("no-such-program")));
    QSignalSpy failed(&launcher, &exec::LocalLauncher::failed);
    const jobspec::Job job = sleeperJob(QStringLiteral("launch_noowner"), 1);
    launcher.start(job, settings(QStringLiteral("noowner"), 29920));
    QVERIFY(failed.wait(30000));
    const QString reason = failed.first().at(1).toString();
    QVERIFY(!reason.isEmpty());
    QCOMPARE(failed.first().at(2).toBool(), false);
    // The stored job is recorded as FAILED with that reason.
    const store::StateReadResult read = store::JobStore(root).readState(job.jobId);
    QVERIFY(read);
    QCOMPARE(read.state.state, JobStatus::Failed);
    QCOMPARE(read.state.errorMessage, reason);
}

void TestLocalLauncher::cancelEndsCancelled()
{
    const QString root = m_tmp.filePath(QStringLiteral("cancel"));
    exec::LocalLauncher launcher(root);
    launcher.setOwnerProgram(QStringLiteral(JOBS_HARNESS));
    launcher.setFollowStarted(true);
    launcher.setFollowInterval(100);
    QSignalSpy started(&launcher, &exec::LocalLauncher::started);
    QSignalSpy finished(&launcher, &exec::LocalLauncher::finished);
    const jobspec::Job job = sleeperJob(QStringLiteral("launch_cancel"), 99);
    launcher.start(job, settings(QStringLiteral("cancel"), 29925));
    QVERIFY(started.wait(30000));
    const store::JobStore store(root);
    testing::waitForState(store, job.jobId,
                          [](const store::JobState &s) { return s.state == JobStatus::Running; });
    QVERIFY(launcher.cancel(job.jobId));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QCOMPARE(finished.first().at(1).value<JobStatus>(), JobStatus::Cancelled);
    // A job the store does not have cannot be cancelled.
    const store::StoreResult none = launcher.cancel(QStringLiteral("no_such_job"));
    QVERIFY(!none);
    QVERIFY(none.errorMessage.contains(QStringLiteral("no_such_job")));
}

void TestLocalLauncher::deadOwnerEndsFailed()
{
    const QString root = m_tmp.filePath(QStringLiteral("dead"));
    exec::LocalLauncher launcher(root);
    launcher.setOwnerProgram(QStringLiteral(JOBS_HARNESS));
    launcher.setFollowInterval(100);
    QSignalSpy started(&launcher, &exec::LocalLauncher::started);
    QSignalSpy finished(&launcher, &exec::LocalLauncher::finished);
    const jobspec::Job job = sleeperJob(QStringLiteral("launch_dead"), 99);
    launcher.start(job, settings(QStringLiteral("dead"), 29930));
    QVERIFY(started.wait(30000));
    QVERIFY(!launcher.isFollowing(job.jobId)); // not asked to
    launcher.follow(job.jobId);
    const store::JobStore store(root);
    const store::JobState running = testing::waitForState(
        store, job.jobId, [](const store::JobState &s) { return s.state == JobStatus::Running; });
    QVERIFY(running.ownerPid > 1);
    QCOMPARE(::kill(pid_t(running.ownerPid), SIGKILL), 0);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QCOMPARE(finished.first().at(1).value<JobStatus>(), JobStatus::Failed);
    const store::JobState after = store.readState(job.jobId).state;
    QCOMPARE(after.errorMessage, store::interruptedErrorMessage());
    // Nothing of the job is left running.
    for (const store::ReplicaState &r : after.replicas)
        QTRY_VERIFY_WITH_TIMEOUT(!testing::groupExists(r.pgid), 10000);
}

void TestLocalLauncher::startNowForTheCli()
{
    const QString root = m_tmp.filePath(QStringLiteral("now"));
    exec::LocalLauncher launcher(root);
    launcher.setOwnerProgram(QStringLiteral(JOBS_HARNESS));
    QSignalSpy started(&launcher, &exec::LocalLauncher::started);
    const jobspec::Job job = sleeperJob(QStringLiteral("launch_now"), 1);
    const exec::StartResult result = launcher.startNow(job, settings(QStringLiteral("now"), 29935));
    QVERIFY2(result, qPrintable(result.errorMessage));
    QCOMPARE(started.count(), 1); // before startNow() returned
    QVERIFY(store::JobStore(root).contains(job.jobId));
    const exec::StartResult again = launcher.startNow(job, settings(QStringLiteral("now"), 29935));
    QVERIFY(!again);
    QVERIFY(again.idTaken);
    testing::waitForState(store::JobStore(root), job.jobId,
                          [](const store::JobState &s) { return s.isTerminal(); });
}

void TestLocalLauncher::standbyOwnerRunsTheJob()
{
    const QString root = m_tmp.filePath(QStringLiteral("standby"));
    QVERIFY(QDir().mkpath(root));
    exec::OwnerStandby standby = exec::OwnerStandby::start(QStringLiteral(JOBS_HARNESS), root);
    QVERIFY(standby.isValid());
    exec::LocalLauncher launcher(root);
    launcher.setOwnerProgram(m_tmp.filePath(QStringLiteral("no-such-program"))); // not needed
    const jobspec::Job job = sleeperJob(QStringLiteral("stood_by"), 2); // waits for a 2nd pid
    const exec::StartResult result =
        launcher.startNow(job, settings(QStringLiteral("standby"), 29940), &standby);
    QVERIFY2(result, qPrintable(result.errorMessage));
    QVERIFY(!standby.isValid()); // spent
    const store::JobStore store(root);
    const store::JobState running =
        testing::waitForState(store, job.jobId, [](const store::JobState &s) {
            return s.state == JobStatus::Running || s.isTerminal();
        });
    QCOMPARE(running.state, JobStatus::Running);
    // The owner is the process that stood by, in a session of its own, logging to owner.log.
    QVERIFY(cmdlineOf(running.ownerPid).endsWith(QByteArrayLiteral("--standby\0")));
    QCOMPARE(qint64(::getsid(pid_t(running.ownerPid))), running.ownerPid);
    QVERIFY(QFileInfo(QDir(root).filePath(QStringLiteral("stood_by/owner.log"))).exists());
    QVERIFY(launcher.cancel(job.jobId));
    const store::JobState ended = testing::waitForState(
        store, job.jobId, [](const store::JobState &s) { return s.isTerminal(); });
    QCOMPARE(ended.state, JobStatus::Cancelled);
}

void TestLocalLauncher::standbyWithoutAJobLeaves()
{
    const QString root = m_tmp.filePath(QStringLiteral("unused"));
    QVERIFY(QDir().mkpath(root));
    {
        // Dropped without a job (the spec had errors): it exits.
        exec::OwnerStandby unused = exec::OwnerStandby::start(QStringLiteral(JOBS_HARNESS), root);
        QVERIFY(unused.isValid());
        QTRY_VERIFY_WITH_TIMEOUT(!testing::standbyOwners(root).isEmpty(), 10000);
    }
    QVERIFY(noStandbyWithin(root, 10000));
    // Given a job the store does not have: it refuses and exits, touching nothing.
    exec::OwnerStandby misled = exec::OwnerStandby::start(QStringLiteral(JOBS_HARNESS), root);
    QString error;
    QCOMPARE(misled.assign(QStringLiteral("no_such_job"), 30000, &error), qint64(0));
    QVERIFY(!error.isEmpty());
    QVERIFY(noStandbyWithin(root, 10000));
    QCOMPARE(QDir(root).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
}

void TestLocalLauncher::standbyThatIsGoneIsReplaced()
{
    // A standby that exits without taking the job (here a program that is no owner at all)
    // is replaced: the job gets an owner the usual way.
    const QString root = m_tmp.filePath(QStringLiteral("replaced"));
    QVERIFY(QDir().mkpath(root));
    exec::OwnerStandby gone = exec::OwnerStandby::start(QStringLiteral("/bin/true"), root);
    QVERIFY(gone.isValid());
    exec::LocalLauncher launcher(root);
    launcher.setOwnerProgram(QStringLiteral(JOBS_HARNESS));
    const jobspec::Job job = sleeperJob(QStringLiteral("replaced_owner"), 1);
    const exec::StartResult result =
        launcher.startNow(job, settings(QStringLiteral("replaced"), 29945), &gone);
    QVERIFY2(result, qPrintable(result.errorMessage));
    const store::JobState ended = testing::waitForState(
        store::JobStore(root), job.jobId, [](const store::JobState &s) { return s.isTerminal(); });
    QCOMPARE(ended.state, JobStatus::Succeeded);

    // One that cannot be started at all is no standby; the caller starts owners as before.
    QVERIFY(!exec::OwnerStandby::start(m_tmp.filePath(QStringLiteral("no-such-program")), root)
                 .isValid());
}

QTEST_GUILESS_MAIN(TestLocalLauncher)
#include "tst_locallauncher.moc"
