// SPDX-License-Identifier: MIT
// The console watching the store (issue 13): file-system notifications instead of re-reading every
// job, dead owners recovered by the console itself (real owner processes, SIGKILLed), broken job
// folders listed as broken, the low-disk-space banner and the log size cap seen in the Logs tab.
// With TRAINYARD_SCREENSHOT_DIR set it saves console-broken.png, console-space-banner.png and
// console-log-cap.png there.
#include "consoletesthelpers.h"
#include "jobs/diskspacemonitor.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/joblistmodel.h"
#include "jobspec/yamlio.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"
#include "logs/logview.h"
#include "logs/logwriter.h"
#include "store/jobstore.h"
#include "store/ownerlock.h"
#include "store/recovery.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFileInfo>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <limits>
#include <signal.h>
#include <sys/stat.h>

using namespace trainyard;
using trainyard::store::JobStatus;
using trainyard::ui::jobs::JobConsole;
using trainyard::ui::jobs::JobListModel;
using trainyard::ui::jobs::JobRow;

namespace {

QByteArray minimalConfig(const QString &jobId)
{
    return QStringLiteral("jobId: %1\ntrainingInput:\n  scaleTier: BASIC\n  region: us-central1\n"
                          "  pythonModule: trainer.task\n  runtimeVersion: \"2.11\"\n"
                          "  pythonVersion: \"3.7\"\n")
        .arg(jobId)
        .toUtf8();
}

// A job of the fixture trainer `module` with `args`, one replica.
jobspec::Job fixtureJob(const QString &jobId, const QString &module, const QStringList &args)
{
    QString list;
    for (const QString &a : args)
        list += (list.isEmpty() ? QString() : QStringLiteral(", ")) + u'"' + a + u'"';
    const QByteArray yaml =
        QStringLiteral("jobId: %1\ntrainingInput:\n  scaleTier: BASIC\n  region: us-central1\n"
                       "  runtimeVersion: \"2.11\"\n  pythonVersion: \"3.7\"\n"
                       "  pythonModule: %2\n  args: [%3]\n"
                       "trainyardLocal:\n  packagePath: %4\n")
            .arg(jobId, module, list, QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer"))
            .toUtf8();
    const jobspec::ImportResult imported = jobspec::importJob(yaml, QStringLiteral("fixture.yaml"));
    return imported.job;
}

void setState(const store::JobStore &store, const QString &id, JobStatus status)
{
    store::JobState state = store.readState(id).state;
    state.state = status;
    if (store::isTerminal(status))
        state.endTime = QDateTime::currentDateTimeUtc();
    QVERIFY(store.writeState(id, state));
}

void ageFolder(const QString &path, int seconds)
{
    const struct timespec now = {::time(nullptr) - seconds, 0};
    const struct timespec times[2] = {now, now};
    QCOMPARE(::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, 0), 0);
}

void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QVERIFY(widget->grab().save(dir + u'/' + name, "PNG", 0));
}

QString stateText(const JobListModel &model, const QString &id)
{
    const int row = model.rowOf(id);
    return row < 0 ? QString() : model.index(row, JobListModel::StateColumn).data().toString();
}

} // namespace

class TestConsoleWatch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void finishedJobsAreReadOnce();
    void deadOwnerEndsAndCanBeDeleted();
    void cancelEndsJobOfDeadOwner();
    void brokenFoldersListed();
    void lowDiskSpaceBanner();
    void lowDiskSpaceOnRealSmallFileSystem();
    void logCapShownInLogsTab();

private:
    QTemporaryDir m_tmp;
};

void TestConsoleWatch::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_consolewatch"));
    QSettings().clear();
    QVERIFY(m_tmp.isValid());
}

void TestConsoleWatch::finishedJobsAreReadOnce()
{
    const QString root = m_tmp.filePath(QStringLiteral("watched"));
    store::JobStore store(root);
    for (int i = 0; i < 30; ++i) {
        const QString id = QStringLiteral("done_%1").arg(i, 2, 10, QLatin1Char('0'));
        QVERIFY(store.createJob(id, minimalConfig(id)));
        setState(store, id, JobStatus::Succeeded);
    }
    JobListModel model(root);
    model.setRefreshInterval(100);
    QSignalSpy refreshed(&model, &JobListModel::refreshed);
    model.start();
    QTRY_COMPARE(model.rowCount(), 30);
    // Idle: finished jobs are not read again, whatever the timer does; only the store's folder
    // is watched.
    const int passes = model.passCount();
    QTest::qWait(1000);
    QCOMPARE(model.passCount(), passes);
    QCOMPARE(model.watchedPaths(), QStringList{root});

    // From now on only notifications can bring changes: the timer is an hour away.
    model.setRefreshInterval(3600 * 1000);
    const QString id = QStringLiteral("new_running");
    QVERIFY(store.createJob(id, minimalConfig(id)));
    QTRY_VERIFY_WITH_TIMEOUT(model.rowOf(id) >= 0, 5000);
    QVERIFY(model.watchedPaths().contains(store.jobDir(id)));
    // Its owner holds the lock (so recovery leaves it alone) and records RUNNING.
    store::OwnerLock lock;
    QVERIFY(lock.tryAcquire(store.ownerLockPath(id)));
    setState(store, id, JobStatus::Running);
    QTRY_COMPARE_WITH_TIMEOUT(stateText(model, id), QStringLiteral("Running"), 5000);
    QSignalSpy ended(&model, &JobListModel::jobEnded);
    setState(store, id, JobStatus::Succeeded);
    QTRY_COMPARE_WITH_TIMEOUT(stateText(model, id), QStringLiteral("Succeeded"), 5000);
    QCOMPARE(ended.count(), 1);
    QTRY_COMPARE(model.watchedPaths(), QStringList{root}); // read once, no longer watched
    lock.release();

    // A job deleted by another console goes from the list.
    QVERIFY(store.deleteJob(QStringLiteral("done_07")));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowOf(QStringLiteral("done_07")), -1, 5000);
    QCOMPARE(model.rowCount(), 30);
}

void TestConsoleWatch::deadOwnerEndsAndCanBeDeleted()
{
    // A real job whose owner (`trainyard supervise`) is SIGKILLed: the console recovers it as the
    // CLI would, shows its true end (FAILED, interrupted) and lets it be deleted.
    const QString root = m_tmp.filePath(QStringLiteral("orphans"));
    const jobspec::Job job =
        fixtureJob(QStringLiteral("orphan_console"), QStringLiteral("fixtrainer.sleeper"),
                   {QStringLiteral("--expect"), QStringLiteral("99")});
    QVERIFY(!job.jobId.isEmpty());
    exec::RunSettings settings;
    settings.startPort = 29810;
    settings.graceMs = 1000;
    settings.jobDir = m_tmp.filePath(QStringLiteral("orphan-out"));

    JobConsole console(root);
    console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console.model()->setRefreshInterval(200);
    console.resize(1000, 600);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QString error;
    QVERIFY2(submitAndWait(console, job, settings, &error), qPrintable(error));
    const store::JobStore store(root);
    QTRY_VERIFY_WITH_TIMEOUT(console.model()->job(job.jobId) &&
                                 console.model()->job(job.jobId)->state.state == JobStatus::Running,
                             30000);
    const qint64 owner = store.readState(job.jobId).state.ownerPid;
    QVERIFY(owner > 1);
    console.selectJob(job.jobId);
    QTRY_COMPARE(console.currentJobId(), job.jobId);
    QVERIFY(!console.deleteAction()->isEnabled());

    QSignalSpy ended(&console, &JobConsole::jobEnded);
    QCOMPARE(::kill(pid_t(owner), SIGKILL), 0);
    QTRY_VERIFY_WITH_TIMEOUT(console.model()->job(job.jobId)->state.isTerminal(), 15000);
    const JobRow *row = console.model()->job(job.jobId);
    QCOMPARE(row->state.state, JobStatus::Failed);
    QCOMPARE(row->state.errorMessage, store::interruptedErrorMessage());
    QCOMPARE(stateText(*console.model(), job.jobId), QStringLiteral("Failed"));
    QCOMPARE(ended.count(), 1);
    // On disk too: the next CLI command sees the same end.
    QCOMPARE(store.readState(job.jobId).state.state, JobStatus::Failed);
    QTRY_VERIFY(console.deleteAction()->isEnabled());
    QVERIFY(!console.cancelAction()->isEnabled());
    QVERIFY2(console.deleteJob(job.jobId, &error), qPrintable(error));
    QTRY_COMPARE(console.model()->rowOf(job.jobId), -1);
}

void TestConsoleWatch::cancelEndsJobOfDeadOwner()
{
    const QString root = m_tmp.filePath(QStringLiteral("orphancancel"));
    const jobspec::Job job =
        fixtureJob(QStringLiteral("orphan_cancel"), QStringLiteral("fixtrainer.sleeper"),
                   {QStringLiteral("--expect"), QStringLiteral("99")});
    exec::RunSettings settings;
    settings.startPort = 29830;
    settings.graceMs = 1000;
    settings.jobDir = m_tmp.filePath(QStringLiteral("orphancancel-out"));

    JobConsole console(root);
    console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console.model()->setRefreshInterval(200);
    console.resize(1000, 600);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QString error;
    QVERIFY2(submitAndWait(console, job, settings, &error), qPrintable(error));
    const store::JobStore store(root);
    QTRY_VERIFY_WITH_TIMEOUT(console.model()->job(job.jobId) &&
                                 console.model()->job(job.jobId)->state.state == JobStatus::Running,
                             30000);
    console.selectJob(job.jobId);
    QTRY_COMPARE(console.currentJobId(), job.jobId);
    // The timer is out of the way: only Cancel can make the console look.
    console.model()->setRefreshInterval(3600 * 1000);
    QTest::qWait(300);
    QCOMPARE(::kill(pid_t(store.readState(job.jobId).state.ownerPid), SIGKILL), 0);
    QTest::qWait(500);
    QVERIFY(!console.model()->job(job.jobId)->state.isTerminal());
    QVERIFY(console.cancelAction()->isEnabled());
    QVERIFY(cancelAndConfirm(console));
    QTRY_VERIFY_WITH_TIMEOUT(console.model()->job(job.jobId)->state.isTerminal(), 10000);
    QTRY_VERIFY(console.deleteAction()->isEnabled());
}

void TestConsoleWatch::brokenFoldersListed()
{
    const QString root = m_tmp.filePath(QStringLiteral("broken"));
    store::JobStore store(root);
    for (const char *id : {"good_finished", "good_running"}) {
        const QString jobId = QString::fromLatin1(id);
        QVERIFY(store.createJob(jobId, minimalConfig(jobId)));
    }
    setState(store, QStringLiteral("good_finished"), JobStatus::Succeeded);
    store::OwnerLock lock;
    QVERIFY(lock.tryAcquire(store.ownerLockPath(QStringLiteral("good_running"))));
    setState(store, QStringLiteral("good_running"), JobStatus::Running);
    // A folder without state.json, left long ago; one just made (a job being created); and a
    // state.json that is not JSON.
    QVERIFY(QDir().mkpath(store.jobDir(QStringLiteral("no_state_old"))));
    ageFolder(store.jobDir(QStringLiteral("no_state_old")), 3600);
    QVERIFY(QDir().mkpath(store.jobDir(QStringLiteral("no_state_new"))));
    QVERIFY(
        store.createJob(QStringLiteral("torn_state"), minimalConfig(QStringLiteral("torn_state"))));
    {
        QFile f(store.statePath(QStringLiteral("torn_state")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"state\": \"RUNN");
    }

    JobConsole console(root);
    console.resize(1000, 640);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    JobListModel *model = console.model();
    QTRY_COMPARE(model->rowCount(), 5);
    QCOMPARE(stateText(*model, QStringLiteral("no_state_old")),
             QStringLiteral("Broken: no state.json"));
    QCOMPARE(stateText(*model, QStringLiteral("torn_state")),
             QStringLiteral("Broken: state.json unreadable"));
    QCOMPARE(stateText(*model, QStringLiteral("no_state_new")), QStringLiteral("Queued"));
    QCOMPARE(stateText(*model, QStringLiteral("good_running")), QStringLiteral("Running"));
    const QModelIndex torn =
        model->index(model->rowOf(QStringLiteral("torn_state")), JobListModel::StateColumn);
    QVERIFY2(torn.data(Qt::ToolTipRole).toString().contains(QStringLiteral("state.json")),
             qPrintable(torn.data(Qt::ToolTipRole).toString()));
    QCOMPARE(torn.data(JobListModel::StatusRole).toInt(), -1);
    QVERIFY(model->index(model->rowOf(QStringLiteral("no_state_old")), 0)
                .data(Qt::DisplayRole)
                .isValid());
    const QString reason = model->job(QStringLiteral("no_state_old"))->stateError;
    QVERIFY2(reason.contains(QStringLiteral("no state.json")), qPrintable(reason));

    // A broken job can be deleted; a running one cannot.
    console.selectJob(QStringLiteral("torn_state"));
    QTRY_COMPARE(console.currentJobId(), QStringLiteral("torn_state"));
    QVERIFY(console.deleteAction()->isEnabled());
    QVERIFY(!console.cancelAction()->isEnabled());
    saveShot(&console, QStringLiteral("console-broken.png"));
    console.selectJob(QStringLiteral("good_running"));
    QTRY_COMPARE(console.currentJobId(), QStringLiteral("good_running"));
    QVERIFY(!console.deleteAction()->isEnabled());

    // Repaired (a state appears): the row shows the true state again.
    setState(store, QStringLiteral("good_finished"), JobStatus::Succeeded);
    store::JobState state;
    state.state = JobStatus::Cancelled;
    state.createTime = QDateTime::currentDateTimeUtc();
    QVERIFY(store.writeState(QStringLiteral("no_state_old"), state));
    QTRY_COMPARE_WITH_TIMEOUT(stateText(*model, QStringLiteral("no_state_old")),
                              QStringLiteral("Cancelled"), 5000);
}

void TestConsoleWatch::lowDiskSpaceBanner()
{
    const QString root = m_tmp.filePath(QStringLiteral("space"));
    JobConsole console(root);
    console.resize(1000, 640);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    ui::jobs::DiskSpaceMonitor *monitor = console.diskSpace();
    QSignalSpy checked(monitor, &ui::jobs::DiskSpaceMonitor::checked);
    QTRY_VERIFY(monitor->last().valid); // the first check runs at start
    QVERIFY(monitor->last().totalBytes > 0);
    // Whatever this disk has free is "little" when the threshold is above it.
    monitor->setLowThreshold(std::numeric_limits<qint64>::max());
    monitor->check();
    QTRY_VERIFY(console.spaceBanner()->isVisible());
    const QString text = console.spaceBannerText();
    QVERIFY2(text.contains(root), qPrintable(text));
    QVERIFY2(text.contains(QLocale().formattedDataSize(monitor->last().availableBytes)),
             qPrintable(text));
    monitor->setLowThreshold(0);
    monitor->check();
    QTRY_VERIFY(!console.spaceBanner()->isVisible());
}

void TestConsoleWatch::lowDiskSpaceOnRealSmallFileSystem()
{
    // A 16 MB tmpfs as the store, filled to 1 MB free: the default rule (below a tenth of the
    // file system) shows the banner; freeing space hides it.
    const QString mountPoint = m_tmp.filePath(QStringLiteral("smallfs"));
    QVERIFY(QDir().mkpath(mountPoint));
    QProcess mount;
    mount.start(QStringLiteral("mount"),
                {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                 QStringLiteral("size=16m"), QStringLiteral("tmpfs"), mountPoint});
    if (!mount.waitForFinished(10000) || mount.exitStatus() != QProcess::NormalExit ||
        mount.exitCode() != 0)
        QSKIP("cannot mount a tmpfs here (needs root and CAP_SYS_ADMIN)");
    const auto unmount = qScopeGuard([&] {
        QProcess::execute(QStringLiteral("umount"), {QStringLiteral("-l"), mountPoint});
    });
    const QString root = mountPoint + QStringLiteral("/jobs");
    const QString filler = mountPoint + QStringLiteral("/filler");
    {
        QFile f(filler);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.write(QByteArray(15 * 1024 * 1024, 'x')) == 15 * 1024 * 1024);
    }
    JobConsole console(root);
    console.resize(1000, 640);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_VERIFY(console.spaceBanner()->isVisible());
    QVERIFY(console.spaceBannerText().contains(root));
    saveShot(&console, QStringLiteral("console-space-banner.png"));
    QVERIFY(QFile::remove(filler));
    console.diskSpace()->check();
    QTRY_VERIFY(!console.spaceBanner()->isVisible());
}

void TestConsoleWatch::logCapShownInLogsTab()
{
    // A real replica printing 4 MB with a 1 MB cap: its log stays under the cap and the Logs tab
    // starts with the note that earlier lines were dropped.
    const QString root = m_tmp.filePath(QStringLiteral("logcap"));
    const jobspec::Job job =
        fixtureJob(QStringLiteral("capped_log"), QStringLiteral("fixtrainer.flood"),
                   {QStringLiteral("--long-mb"), QStringLiteral("0"), QStringLiteral("--mb"),
                    QStringLiteral("4")});
    exec::RunSettings settings;
    settings.startPort = 29850;
    settings.logCapMB = 1;
    settings.jobDir = m_tmp.filePath(QStringLiteral("logcap-out"));

    JobConsole console(root);
    console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console.model()->setRefreshInterval(200);
    console.resize(1100, 700);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QString error;
    QVERIFY2(submitAndWait(console, job, settings, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(console.model()->job(job.jobId) &&
                                 console.model()->job(job.jobId)->state.isTerminal(),
                             60000);
    QCOMPARE(console.model()->job(job.jobId)->state.state, JobStatus::Succeeded);
    const store::JobStore store(root);
    const QStringList logs =
        QDir(store.logsDir(job.jobId)).entryList({QStringLiteral("*.log")}, QDir::Files);
    QCOMPARE(logs.size(), 1);
    const QString log = store.logsDir(job.jobId) + u'/' + logs.first();
    QVERIFY2(QFileInfo(log).size() > 0, qPrintable(log));
    QVERIFY2(QFileInfo(log).size() <= 1024 * 1024,
             qPrintable(QString::number(QFileInfo(log).size())));

    console.selectJob(job.jobId);
    QTRY_COMPARE(console.currentJobId(), job.jobId);
    console.detail()->tabs()->setCurrentIndex(ui::jobs::JobDetail::LogsTab);
    ui::logs::LogModel *logModel = console.detail()->logPanel()->model();
    QAbstractItemModelTester logTester(logModel,
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_VERIFY_WITH_TIMEOUT(logModel->rowCount() > 100 && logModel->isCaughtUp(), 10000);
    const QString first = logModel->line(0).text;
    QVERIFY2(first.contains(QStringLiteral("earlier lines dropped (cap 1 MB)")), qPrintable(first));
    QVERIFY(logs::LogWriter::isCapMarker(first.toUtf8()));
    // The last lines are the newest output, intact.
    QVERIFY(logModel->line(logModel->rowCount() - 1).text.contains(QStringLiteral("flood")));
    console.detail()->logPanel()->view()->setFollowing(false);
    console.detail()->logPanel()->view()->showRow(0);
    saveShot(&console, QStringLiteral("console-log-cap.png"));
}

QTEST_MAIN(TestConsoleWatch)
#include "tst_consolewatch.moc"
