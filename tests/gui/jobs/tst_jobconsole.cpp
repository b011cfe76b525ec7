// SPDX-License-Identifier: MIT
// The job console: job list model and proxy, and real runs of the example trainer and a flooding
// trainer through the console's own code path (its log and chart views: tst_consolelogs).
#include "charts/metricchart.h"
#include "charts/metricspanel.h"
#include "common/guitimerprobe.h"
#include "consoletesthelpers.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/jobfilterproxy.h"
#include "jobs/joblistmodel.h"
#include "jobs/replicamodel.h"
#include "jobspec/yamlio.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"
#include "logs/logview.h"
#include "logs/record.h"
#include "metrics/metricstore.h"
#include "metrics/storefollower.h"
#include "store/jobstore.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QElapsedTimer>
#include <QImage>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

using namespace trainyard;
using trainyard::store::JobStatus;
using trainyard::ui::jobs::JobFilterProxy;
using trainyard::ui::jobs::JobListModel;
using trainyard::ui::jobs::JobRow;
using trainyard::ui::logs::LogModel;

namespace {

QByteArray minimalConfig(const QString &jobId,
                         const QString &region = QStringLiteral("us-central1"))
{
    return QStringLiteral("jobId: %1\ntrainingInput:\n  scaleTier: BASIC\n  region: %2\n"
                          "  pythonModule: trainer.task\n  runtimeVersion: \"2.11\"\n"
                          "  pythonVersion: \"3.7\"\n")
        .arg(jobId, region)
        .toUtf8();
}

JobRow row(const QString &id, JobStatus status = JobStatus::Running)
{
    JobRow r;
    r.jobId = id;
    r.state.state = status;
    r.state.createTime = QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
    return r;
}

} // namespace

class TestJobConsole : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void listMerge_data();
    void listMerge();
    void listFromStoreAndProxy();
    void runExampleTrainer();
    void floodKeepsGuiResponsive();
    void trialsInOverview();

private:
    QTemporaryDir m_tmp;
};

void TestJobConsole::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QSettings().clear(); // no remembered layout from an earlier run
    QVERIFY(m_tmp.isValid());
}

void TestJobConsole::listMerge_data()
{
    QTest::addColumn<QStringList>("before");
    QTest::addColumn<QStringList>("after");
    QTest::addColumn<int>("inserted");
    QTest::addColumn<int>("removed");

    const auto l = [](const char *s) {
        return QString::fromLatin1(s).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    };
    QTest::newRow("first scan") << QStringList() << l("a b c") << 1 << 0;
    QTest::newRow("append") << l("a b") << l("a b c d") << 1 << 0;
    QTest::newRow("insert in the middle") << l("a d") << l("a b c d") << 1 << 0;
    QTest::newRow("remove") << l("a b c d") << l("a d") << 0 << 1;
    QTest::newRow("replace") << l("a b") << l("c d") << 1 << 1;
    QTest::newRow("mixed") << l("a c e") << l("b c d f") << 3 << 2;
    QTest::newRow("all gone") << l("a b") << QStringList() << 0 << 1;
}

void TestJobConsole::listMerge()
{
    QFETCH(QStringList, before);
    QFETCH(QStringList, after);
    QFETCH(int, inserted);
    QFETCH(int, removed);
    JobListModel model(m_tmp.filePath(QStringLiteral("unused")));
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QList<JobRow> rows;
    for (const QString &id : before)
        rows.append(row(id));
    model.merge(rows);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removes(&model, &QAbstractItemModel::rowsRemoved);
    rows.clear();
    for (const QString &id : after)
        rows.append(row(id));
    model.merge(rows);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(inserts.count(), inserted);
    QCOMPARE(removes.count(), removed);
    QStringList ids;
    for (int i = 0; i < model.rowCount(); ++i)
        ids << model.jobIdAt(i);
    QCOMPARE(ids, after);
}

void TestJobConsole::listFromStoreAndProxy()
{
    const QString root = m_tmp.filePath(QStringLiteral("liststore"));
    store::JobStore store(root);
    struct Seed
    {
        const char *id;
        JobStatus status;
        const char *region;
    };
    const Seed seeds[] = {{"beta_run", JobStatus::Running, "us-central1"},
                          {"alpha_done", JobStatus::Succeeded, "europe-west4"},
                          {"gamma_failed", JobStatus::Failed, "us-central1"}};
    for (const Seed &s : seeds) {
        const QString id = QString::fromLatin1(s.id);
        QVERIFY(store.createJob(id, minimalConfig(id, QString::fromLatin1(s.region))));
        store::JobState state = store.readState(id).state;
        state.state = s.status;
        state.startTime = state.createTime;
        store::ReplicaState replica;
        replica.name = QStringLiteral("master-0");
        replica.state = s.status == JobStatus::Running ? store::ReplicaStatus::Running
                                                       : store::ReplicaStatus::Succeeded;
        replica.restartCount = 2;
        state.replicas = {replica};
        QVERIFY(store.writeState(id, state));
    }
    JobListModel model(root);
    JobFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.merge(JobListModel::scan(root, {}));
    QCOMPARE(model.rowCount(), 3);
    // Sorted by job ID; state word, shape, region, replicas and restarts shown.
    QCOMPARE(proxy.index(0, JobListModel::JobIdColumn).data().toString(),
             QStringLiteral("alpha_done"));
    QCOMPARE(proxy.index(1, JobListModel::StateColumn).data().toString(),
             QStringLiteral("Running"));
    QCOMPARE(proxy.index(1, JobListModel::ShapeColumn).data().toString(), QStringLiteral("BASIC"));
    QCOMPARE(proxy.index(0, JobListModel::RegionColumn).data().toString(),
             QStringLiteral("europe-west4"));
    QCOMPARE(proxy.index(1, JobListModel::ReplicasColumn).data().toString(), QStringLiteral("1/1"));
    QCOMPARE(proxy.index(1, JobListModel::RestartsColumn).data().toInt(), 2);
    QVERIFY(!proxy.index(1, JobListModel::StateColumn)
                 .data(Qt::DecorationRole)
                 .value<QIcon>()
                 .isNull());

    proxy.setStateFilter(JobFilterProxy::StateFilter::Active);
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setStateFilter(JobFilterProxy::StateFilter::All);
    proxy.setTextFilter(QStringLiteral("US-CENTRAL"));
    QCOMPARE(proxy.rowCount(), 2);
    proxy.setTextFilter(QString());

    // The running job ends: one row changes and jobEnded is emitted; nothing is reset.
    QSignalSpy ended(&model, &JobListModel::jobEnded);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    store::JobState state = store.readState(QStringLiteral("beta_run")).state;
    state.state = JobStatus::Succeeded;
    QVERIFY(store.writeState(QStringLiteral("beta_run"), state));
    QVERIFY(store.deleteJob(QStringLiteral("gamma_failed")));
    QSignalSpy refreshed(&model, &JobListModel::refreshed);
    model.refresh(); // the worker-thread path
    QVERIFY(refreshed.wait(5000));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended.first().first().toString(), QStringLiteral("beta_run"));
    QCOMPARE(resets.count(), 0);
}

void TestJobConsole::runExampleTrainer()
{
    const QString root = m_tmp.filePath(QStringLiteral("store"));
    const QString examples = QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like");
    jobspec::ImportResult imported =
        jobspec::importJobFile(examples + QStringLiteral("/config.yaml"));
    QVERIFY(imported);
    jobspec::Job job = imported.job;
    job.jobId = QStringLiteral("mnist_console");
    job.trainingInput.args = {QStringLiteral("--epochs"),          QStringLiteral("3"),
                              QStringLiteral("--steps-per-epoch"), QStringLiteral("40"),
                              QStringLiteral("--learning-rate"),   QStringLiteral("0.5")};
    exec::RunSettings settings;
    settings.baseDirectory = examples;
    settings.startPort = 29730;
    settings.graceMs = 2000;

    ui::jobs::JobConsole console(root);
    console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console.model()->setRefreshInterval(100);
    console.resize(1100, 800);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QAbstractItemModelTester tester(console.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(console.proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester replicaTester(console.detail()->replicaModel(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester logTester(console.detail()->logPanel()->model(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSet<int> seen;
    connect(console.model(), &JobListModel::refreshed, this, [&] {
        if (const JobRow *r = console.model()->job(job.jobId))
            seen.insert(int(r->state.state));
    });
    QSignalSpy ended(&console, &ui::jobs::JobConsole::jobEnded);

    QString error;
    QVERIFY2(submitAndWait(console, job, settings, &error), qPrintable(error));
    console.selectJob(job.jobId);
    QTRY_COMPARE(console.currentJobId(), job.jobId);
    QTRY_VERIFY_WITH_TIMEOUT(seen.contains(int(JobStatus::Running)), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(seen.contains(int(JobStatus::Succeeded)), 60000);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(console.model()->job(job.jobId)->state.state, JobStatus::Succeeded);
    QVERIFY(!seen.contains(int(JobStatus::Failed)));

    // Overview: the replica table and a TF_CONFIG naming the chief's port.
    ui::jobs::JobDetail *detail = console.detail();
    QTRY_COMPARE(detail->replicaModel()->rowCount(), 4);
    const QString tf = detail->tfConfigText(QStringLiteral("chief-0"));
    QVERIFY2(tf.contains(QStringLiteral("\"cluster\"")), qPrintable(tf));
    QVERIFY2(tf.contains(QStringLiteral("localhost:")), qPrintable(tf));
    QVERIFY(detail->configText().contains(QStringLiteral("mnist_console")));

    // Logs: the trainer's lines are in the view.
    detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::LogsTab);
    LogModel *logModel = detail->logPanel()->model();
    QTRY_VERIFY_WITH_TIMEOUT(logModel->rowCount() > 100 && logModel->isCaughtUp(), 10000);
    bool stepLine = false;
    for (int i = 0; i < logModel->rowCount() && !stepLine; ++i)
        stepLine = logModel->line(i).text.startsWith(QStringLiteral("step="));
    QVERIFY(stepLine);

    // Metrics: a loss chart whose chief series falls.
    detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::MetricsTab);
    ui::charts::MetricsPanel *metrics = detail->metricsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(metrics->chart(QStringLiteral("loss")) != nullptr, 10000);
    ui::charts::MetricChartView *loss = metrics->chart(QStringLiteral("loss"));
    QLineSeries *chief = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (QLineSeries *s : loss->lineSeries()) {
                if (s->name() == QStringLiteral("chief-0") && s->count() >= 50)
                    chief = s;
            }
            return chief != nullptr;
        }(),
        10000);
    const QList<QPointF> points = chief->points();
    QVERIFY2(points.first().y() > points.last().y() * 1.5,
             qPrintable(QStringLiteral("%1 -> %2").arg(points.first().y()).arg(points.last().y())));
    QVERIFY(metrics->chart(QStringLiteral("accuracy")));

    // CSV export: every point, one line each, plus the header (streamed from the store, which
    // may still grow while the job runs: compared once the panel has seen the same points).
    const QString csv = m_tmp.filePath(QStringLiteral("loss.csv"));
    auto csvMatchesStore = [&] {
        if (!loss->exportCsv(csv))
            return false;
        QFile f(csv);
        if (!f.open(QIODevice::ReadOnly))
            return false;
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        qsizetype total = 0;
        for (const QString &source : metrics->sources(QStringLiteral("loss")))
            total += metrics->pointCount(QStringLiteral("loss"), source);
        return total > 0 && lines.size() == total + 1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(csvMatchesStore(), 20000);

    // Clone into wizard gets a new, unused ID.
    jobspec::Job clone;
    QVERIFY(console.cloneSpec(job.jobId, &clone));
    QCOMPARE(clone.jobId, QStringLiteral("mnist_console_run2"));
    QCOMPARE(clone.trainingInput.args, job.trainingInput.args);

    // A finished job can be deleted.
    QVERIFY2(console.deleteJob(job.jobId, &error), qPrintable(error));
    QTRY_COMPARE(console.model()->rowCount(), 0);
    // Its files go too (removed on a worker thread): nothing is left in the store's folder.
    const auto leftovers = [&] {
        QStringList left;
        const QDir::Filters all = QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot;
        for (const QString &name : QDir(root).entryList(all)) {
            if (name == job.jobId || name.startsWith(QLatin1String(".deleted")))
                left.append(name);
        }
        return left;
    };
    QTRY_COMPARE(leftovers(), QStringList());
}

void TestJobConsole::floodKeepsGuiResponsive()
{
    // A trainer writing 1 KiB lines as fast as the pipe takes them while the Logs tab follows
    // it: a timer on the GUI thread must keep firing (the responsiveness check).
    const QString root = m_tmp.filePath(QStringLiteral("floodstore"));
    const QByteArray yaml =
        QStringLiteral(
            "jobId: flood_console\ntrainingInput:\n  scaleTier: CUSTOM\n  region: us-central1\n"
            "  runtimeVersion: \"2.11\"\n  pythonVersion: \"3.7\"\n  pythonModule: "
            "fixtrainer.flood\n"
            "  args: [\"--long-mb\", \"1\", \"--mb\", \"48\"]\n  masterType: n1-standard-4\n"
            "trainyardLocal:\n  packagePath: %1\n")
            .arg(QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer"))
            .toUtf8();
    jobspec::ImportResult imported = jobspec::importJob(yaml, QStringLiteral("flood.yaml"));
    QVERIFY(imported);
    exec::RunSettings settings;
    settings.startPort = 29760;
    settings.jobDir = m_tmp.filePath(QStringLiteral("flood-out"));

    ui::jobs::JobConsole console(root);
    console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console.model()->setRefreshInterval(250);
    console.resize(1100, 800);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QString error;
    QVERIFY2(submitAndWait(console, imported.job, settings, &error), qPrintable(error));
    console.selectJob(QStringLiteral("flood_console"));
    QTRY_COMPARE(console.currentJobId(), QStringLiteral("flood_console"));
    console.detail()->tabs()->setCurrentIndex(ui::jobs::JobDetail::LogsTab);

    test::GuiTimerProbe probe;
    probe.start();
    LogModel *logModel = console.detail()->logPanel()->model();
    auto done = [&] {
        const JobRow *r = console.model()->job(QStringLiteral("flood_console"));
        return r && r->state.isTerminal() && logModel->isCaughtUp() &&
               logModel->rowCount() > 48 * 1024;
    };
    QTRY_VERIFY_WITH_TIMEOUT(done(), 120000);
    probe.stop();
    const qint64 maxGap = probe.maxGapMs();
    const qint64 blocked = probe.maxBlockedMs();
    QCOMPARE(console.model()->job(QStringLiteral("flood_console"))->state.state,
             JobStatus::Succeeded);
    QVERIFY(console.detail()->logPanel()->view()->isFollowing());
    qInfo("flood: %d rows, longest gap between GUI timer ticks %lld ms, %lld ms of it not "
          "waiting for a CPU",
          logModel->rowCount(), maxGap, blocked);
    QVERIFY2(blocked < 100,
             qPrintable(QStringLiteral("GUI thread blocked %1 ms (longest gap %2 ms)")
                            .arg(blocked)
                            .arg(maxGap)));
}

void TestJobConsole::trialsInOverview()
{
    ui::jobs::JobDetail detail(m_tmp.filePath(QStringLiteral("trials-store")));
    detail.setJob(QStringLiteral("hp_job"));
    store::JobState state;
    state.state = store::JobStatus::Running;
    detail.setState(state, true, QString());
    QVERIFY(detail.trialsText().isEmpty()); // not a tuning job

    store::TuningState tuning;
    tuning.hyperparameterMetricTag = QStringLiteral("accuracy");
    tuning.maxTrials = 20;
    tuning.localTrials = 3;
    store::TrialState done;
    done.trialId = QStringLiteral("1");
    done.state = store::JobStatus::Succeeded;
    done.finalMetric = store::TrialMetric{30, 0.5};
    store::TrialState running;
    running.trialId = QStringLiteral("2");
    running.state = store::JobStatus::Running;
    tuning.trials = {done, running};
    state.tuning = tuning;
    detail.setState(state, true, QString());
    QCOMPARE(detail.trialsText(),
             QStringLiteral("2 of 3 run locally (maxTrials 20), 1 succeeded; best: trial 1, "
                            "accuracy = 0.5"));
}

QTEST_MAIN(TestJobConsole)
#include "tst_jobconsole.moc"
