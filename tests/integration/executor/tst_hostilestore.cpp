// SPDX-License-Identifier: MIT
// Issue 21, the store under a hostile world, end to end with real processes: a job logging 300
// metrics (and writing 300 TensorBoard tags) under the usual desktop limit of 1,024 open files,
// with a replica restart. Every series must be stored and the restart must start. A job folder
// that turns read-only (a read-only bind mount in a private mount namespace of this test, so
// it holds for root too) while the job runs: the outcome is held and shown, stream-logs ends.
#include "metrics/metricstore.h"
#include "metrics/storefollower.h"
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <sched.h>
#include <sys/mount.h>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;

class TestHostileStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void manyMetricsUnderOpenFileLimit();
    void readOnlyJobFolderKeepsTheOutcome();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }

    QTemporaryDir m_tmp;
    QString m_home;
    QString m_prlimit;
};

void TestHostileStore::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    m_prlimit = QStandardPaths::findExecutable(QStringLiteral("prlimit"));
    if (m_prlimit.isEmpty())
        QSKIP("These tests need prlimit (util-linux)");
    QVERIFY(m_tmp.isValid());
    m_home = path(QStringLiteral("store"));
    QVERIFY(QDir().mkpath(m_home));
}

void TestHostileStore::manyMetricsUnderOpenFileLimit()
{
    // Before: each series kept 8 files open; the owner lost every series after ~126 and the
    // restart failed with "Resource error (fork failure): Too many open files".
    const int metricCount = 300;
    const int tagCount = 300;
    const int steps = 4;
    const QString jobId = QStringLiteral("three_hundred_metrics");
    const QString jobDir = path(jobId);
    const QString config = writeFile(
        path(jobId + QStringLiteral(".yaml")),
        customSpec(QStringLiteral("manymetrics"), 0, 0, 0, jobDir,
                   {QStringLiteral("--metrics"), QString::number(metricCount),
                    QStringLiteral("--steps"), QString::number(steps), QStringLiteral("--tfevents"),
                    QString::number(tagCount), QStringLiteral("--fail-first")}));
    // `ulimit -n 1024` (soft and hard) for the job commands, the owner and the replicas.
    const CliRun run =
        runCli(m_home,
               {QStringLiteral("--nofile=1024:1024"), QStringLiteral("--"),
                QStringLiteral(JOBS_HARNESS), QStringLiteral("jobs"), QStringLiteral("submit"),
                QStringLiteral("training"), jobId, QStringLiteral("--config"), config,
                QStringLiteral("--async"), QStringLiteral("--max-restarts"), QStringLiteral("1"),
                QStringLiteral("--grace-period"), QStringLiteral("2")},
               30000, QProcessEnvironment(), m_prlimit);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const store::JobStore jobs(m_home);
    const store::JobState state = waitForState(
        jobs, jobId, [](const store::JobState &s) { return s.isTerminal(); }, 90000);
    QVERIFY2(state.state == JobStatus::Succeeded, qPrintable(state.errorMessage));
    QCOMPARE(state.replicas.size(), 1);
    QCOMPARE(state.replicas.first().restartCount, 1); // the restart started

    // Every series, with the points of both runs.
    metrics::StoreFollower follower(jobs.metricsDir(jobId), QString(), QString(), {});
    follower.pollOnce();
    const metrics::StoreSummary summary = follower.summary();
    int logSeries = 0;
    int tensorBoardSeries = 0;
    for (const metrics::SeriesInfo &info : summary) {
        if (info.key.kind == metrics::kinds::Log) {
            ++logSeries;
            QCOMPARE(info.count, qint64(2 * steps));
            QCOMPARE(info.lastStep, double(2 * steps - 1));
        } else if (info.key.kind == metrics::kinds::TensorBoard) {
            ++tensorBoardSeries;
            QCOMPARE(info.count, qint64(2 * steps));
        }
    }
    QCOMPARE(logSeries, metricCount);
    QCOMPARE(tensorBoardSeries, tagCount);
    // A short series is one file (no empty pyramid levels).
    QCOMPARE(metrics::seriesFiles(jobs.metricsDir(jobId)).size(), metricCount + tagCount);
    const QStringList all = QDir(jobs.metricsDir(jobId)).entryList(QDir::Files);
    QVERIFY2(all.size() <= metricCount + tagCount + 4, qPrintable(all.mid(0, 20).join(u' ')));
    QFile log(jobs.logPath(jobId, QStringLiteral("chief-0")));
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QByteArray logBytes = log.readAll();
    QVERIFY(!logBytes.contains("Too many open files"));
    QCOMPARE(logBytes.count("layer299_grad_norm="), 2 * steps);
}

void TestHostileStore::readOnlyJobFolderKeepsTheOutcome()
{
    // Before: "The job ended SUCCEEDED but its state cannot be recorded; giving up": the job
    // showed RUNNING with a dead owner and stream-logs waited for ever.
    if (::unshare(CLONE_NEWNS) != 0 ||
        ::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
        QSKIP(qPrintable(QStringLiteral("no private mount namespace: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno)))));
    const QString jobId = QStringLiteral("folder_turns_read_only");
    const QString go = path(QStringLiteral("go"));
    const QString config = writeFile(
        path(jobId + QStringLiteral(".yaml")),
        customSpec(QStringLiteral("manymetrics"), 0, 0, 0, path(jobId),
                   {QStringLiteral("--metrics"), QStringLiteral("2"), QStringLiteral("--steps"),
                    QStringLiteral("3"), QStringLiteral("--wait-for"), go}));
    const CliRun submit = runCli(
        m_home, {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                 QStringLiteral("--grace-period"), QStringLiteral("2")});
    QVERIFY2(submit.exitCode == 0, submit.err.constData());
    store::JobStore jobs(m_home);
    const store::JobState running = waitForState(
        jobs, jobId, [](const store::JobState &s) { return s.state == JobStatus::Running; });
    QCOMPARE(running.state, JobStatus::Running);

    const QByteArray folder = QFile::encodeName(jobs.jobDir(jobId));
    QVERIFY2(::mount(folder.constData(), folder.constData(), nullptr, MS_BIND, nullptr) == 0,
             std::strerror(errno));
    QVERIFY2(::mount(nullptr, folder.constData(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY,
                     nullptr) == 0,
             std::strerror(errno));
    auto unmount = qScopeGuard([&] { ::umount2(folder.constData(), MNT_DETACH); });
    QVERIFY(!QFile(jobs.jobDir(jobId) + QStringLiteral("/probe")).open(QIODevice::WriteOnly));
    writeFile(go, "go");

    // stream-logs ends, saying why the end is not in the folder.
    const CliRun follow =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("stream-logs"), jobId}, 45000);
    QVERIFY2(follow.finished, "stream-logs did not end");
    const QByteArray said = follow.out + follow.err;
    QVERIFY2(said.contains("SUCCEEDED"), said.constData());
    QVERIFY2(said.contains("Read-only file system"), said.constData());

    // The outcome is held: SUCCEEDED with the reason, the owner gone, never RUNNING.
    const store::StateReadResult read = jobs.readState(jobId);
    QVERIFY2(read, qPrintable(read.errorMessage));
    QCOMPARE(read.state.state, JobStatus::Succeeded);
    QVERIFY2(read.state.errorMessage.contains(QLatin1String("Read-only file system")),
             qPrintable(read.state.errorMessage));
    QVERIFY(!jobs.isOwnerAlive(jobId));
    const CliRun describe =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), jobId});
    QVERIFY2(describe.out.contains("SUCCEEDED"), describe.out.constData());
    QVERIFY2(describe.out.contains("cannot be recorded in the job folder"),
             describe.out.constData());
    const CliRun list = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("list")});
    QVERIFY2(!list.out.contains("RUNNING"), list.out.constData());

    // Writable again and deleted: the held outcome goes with the job.
    unmount.dismiss();
    QCOMPARE(::umount2(folder.constData(), MNT_DETACH), 0);
    const store::StoreResult removed = jobs.deleteJob(jobId);
    QVERIFY2(removed, qPrintable(removed.errorMessage));
    QVERIFY(!QFile::exists(jobs.heldOutcomePath(jobId)));
}

QTEST_GUILESS_MAIN(TestHostileStore)
#include "tst_hostilestore.moc"
