// SPDX-License-Identifier: MIT
// The job console: job list model and proxy, the virtual log model and view, and real runs of
// the example trainer and a flooding trainer through the console's own code path.
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

QByteArray record(qint64 ms, logs::Severity severity, const QByteArray &text)
{
    QByteArray out;
    logs::appendRecordLine(out, ms, severity, logs::Stream::Stdout, false, text.constData(),
                           text.size());
    return out;
}

void appendFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    f.write(bytes);
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
    void logModelInterleavesAndFilters();
    void logInterleavingWaitsForLateLines();
    void logInterleavingAcrossSlices();
    void logViewFollowsTail();
    void logSearch_data();
    void logSearch();
    void chartDownsamplesZoomsAndScales();
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

void TestJobConsole::logModelInterleavesAndFilters()
{
    const QString dir = m_tmp.filePath(QStringLiteral("logs1"));
    QVERIFY(QDir().mkpath(dir));
    using S = logs::Severity;
    appendFile(dir + QStringLiteral("/chief-0.log"),
               record(1000, S::Info, "c1") + record(3000, S::Warning, "c3 <b>not bold</b>") +
                   record(5000, S::Info, "c5"));
    appendFile(dir + QStringLiteral("/worker-0.log"),
               record(2000, S::Info, "w2") + record(4000, S::Error, "w4"));
    LogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLogsDir(dir);
    model.refresh();
    QCOMPARE(model.rowCount(), 5);
    QStringList texts;
    for (int i = 0; i < model.rowCount(); ++i)
        texts << model.index(i, LogModel::MessageColumn).data().toString();
    QCOMPARE(texts, QStringList({QStringLiteral("c1"), QStringLiteral("w2"),
                                 QStringLiteral("c3 <b>not bold</b>"), QStringLiteral("w4"),
                                 QStringLiteral("c5")}));
    QCOMPARE(model.index(1, LogModel::ReplicaColumn).data().toString(), QStringLiteral("worker-0"));
    QCOMPARE(model.index(3, LogModel::SeverityColumn).data().toString(), QStringLiteral("ERROR"));

    model.setMinimumSeverity(S::Warning);
    model.refresh();
    QCOMPARE(model.rowCount(), 2);
    model.setMinimumSeverity(S::Debug);
    model.setReplicaFilter(QStringLiteral("worker-0"));
    model.refresh();
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.rowMapRuns(), 1); // one replica: one run, however long

    // Growth inserts rows; it never resets.
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
    appendFile(dir + QStringLiteral("/worker-0.log"), record(6000, S::Info, "w6"));
    QCOMPARE(model.refresh(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(inserts.count(), 1);
    QCOMPARE(model.index(2, LogModel::MessageColumn).data().toString(), QStringLiteral("w6"));
}

void TestJobConsole::logInterleavingWaitsForLateLines()
{
    // A replica's line reaches the disk after another replica's newer one (the owner flushes
    // each log every 50 ms): "all replicas" must still show it first.
    const QString dir = m_tmp.filePath(QStringLiteral("logs-late"));
    QVERIFY(QDir().mkpath(dir));
    using S = logs::Severity;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    appendFile(dir + QStringLiteral("/chief-0.log"),
               record(now - 60000, S::Info, "old chief") + record(now - 100, S::Info, "new chief"));
    appendFile(dir + QStringLiteral("/worker-0.log"), QByteArray());
    LogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setHoldBackMs(2000);
    model.setLogsDir(dir);
    model.refresh();
    QCOMPARE(model.rowCount(), 1); // "new chief" is younger than the hold-back time: it waits
    appendFile(dir + QStringLiteral("/worker-0.log"), record(now - 150, S::Info, "late worker"));
    QTRY_VERIFY_WITH_TIMEOUT((model.refresh(), model.rowCount() == 3), 10000);
    QStringList texts;
    for (int i = 0; i < model.rowCount(); ++i)
        texts << model.line(i).text;
    QCOMPARE(texts, QStringList({QStringLiteral("old chief"), QStringLiteral("late worker"),
                                 QStringLiteral("new chief")}));
}

void TestJobConsole::logInterleavingAcrossSlices()
{
    // Two long finished logs whose lines alternate in time, one with much longer lines: each
    // refresh round reads a slice of bytes per file, which covers a different stretch of time
    // in each. The rows must still be in time order across rounds.
    const QString dir = m_tmp.filePath(QStringLiteral("logs-slices"));
    QVERIFY(QDir().mkpath(dir));
    using S = logs::Severity;
    QByteArray chief;
    QByteArray worker;
    const QByteArray longText(300, 'c');
    const int lines = 12000; // chief: ~3.9 MB, several slices; worker: ~0.6 MB
    for (int i = 0; i < lines; ++i) {
        chief += record(1000000 + 2 * i, S::Info, longText);
        worker += record(1000000 + 2 * i + 1, S::Info, "w");
    }
    QVERIFY(chief.size() > 3 * LogModel::SliceBytes);
    appendFile(dir + QStringLiteral("/chief-0.log"), chief);
    appendFile(dir + QStringLiteral("/worker-0.log"), worker);
    LogModel model;
    model.setLogsDir(dir);
    QTRY_VERIFY_WITH_TIMEOUT((model.refresh(), model.isCaughtUp() && model.rowCount() == 2 * lines),
                             20000);
    qint64 previous = 0;
    for (int i = 0; i < model.rowCount(); ++i) {
        const qint64 t = model.line(i).timestamp;
        QVERIFY2(t >= previous,
                 qPrintable(QStringLiteral("row %1 at %2 after %3").arg(i).arg(t).arg(previous)));
        previous = t;
    }
}

void TestJobConsole::logViewFollowsTail()
{
    const QString dir = m_tmp.filePath(QStringLiteral("logs2"));
    QVERIFY(QDir().mkpath(dir));
    QByteArray bytes;
    for (int i = 0; i < 1000; ++i)
        bytes += record(1000 + i, logs::Severity::Info, "line " + QByteArray::number(i));
    appendFile(dir + QStringLiteral("/chief-0.log"), bytes);
    ui::logs::LogPanel panel;
    panel.resize(700, 400);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setLogsDir(dir);
    ui::logs::LogView *view = panel.view();
    QTRY_COMPARE(panel.model()->rowCount(), 1000);
    QVERIFY(view->isFollowing());
    QCOMPARE(view->firstVisibleRow(), 1000 - view->visibleRowCount());

    // Scrolling up pauses following: new lines do not move the view.
    view->verticalScrollBar()->setValue(10);
    QVERIFY(!view->isFollowing());
    appendFile(dir + QStringLiteral("/chief-0.log"), record(5000, logs::Severity::Info, "more"));
    QTRY_COMPARE(panel.model()->rowCount(), 1001);
    QCOMPARE(view->firstVisibleRow(), 10);
    // Back at the bottom it resumes.
    view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum());
    QVERIFY(view->isFollowing());
    appendFile(dir + QStringLiteral("/chief-0.log"), record(6000, logs::Severity::Info, "last"));
    QTRY_COMPARE(panel.model()->rowCount(), 1002);
    QCOMPARE(view->firstVisibleRow(), 1002 - view->visibleRowCount());

    // Copy: the selected lines as plain text.
    view->selectRows(1000, 1001);
    QVERIFY(view->selectedText().endsWith(QStringLiteral("chief-0 INFO last")));
}

void TestJobConsole::logSearch_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("regex");
    QTest::addColumn<bool>("forward");
    QTest::addColumn<int>("expected"); // -1: no match

    QTest::newRow("text, forward") << QStringLiteral("NEEDLE") << false << true << 7000;
    QTest::newRow("text, backward wraps") << QStringLiteral("needle") << false << false << 7000;
    QTest::newRow("regex") << QStringLiteral("line 12\\d{3}$") << true << true << 12000;
    QTest::newRow("regex chars as text") << QStringLiteral("a.c(") << false << true << 15000;
    QTest::newRow("no match") << QStringLiteral("absent") << false << true << -1;
}

void TestJobConsole::logSearch()
{
    QFETCH(QString, pattern);
    QFETCH(bool, regex);
    QFETCH(bool, forward);
    QFETCH(int, expected);
    const QString dir = m_tmp.filePath(QStringLiteral("logs3"));
    if (!QFileInfo::exists(dir)) {
        QVERIFY(QDir().mkpath(dir));
        QByteArray bytes;
        for (int i = 0; i < 20000; ++i) {
            QByteArray text = "line " + QByteArray::number(i);
            if (i == 7000)
                text += " the needle";
            if (i == 15000)
                text += " a.c(";
            bytes += record(1000 + i, logs::Severity::Info, text);
        }
        appendFile(dir + QStringLiteral("/chief-0.log"), bytes);
    }
    ui::logs::LogPanel panel;
    panel.resize(700, 400);
    panel.setLogsDir(dir);
    QTRY_COMPARE(panel.model()->rowCount(), 20000);
    panel.view()->showRow(10000);
    panel.setSearch(pattern, regex);
    QSignalSpy finished(&panel, &ui::logs::LogPanel::searchFinished);
    forward ? panel.findNext() : panel.findPrevious();
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toBool(), expected >= 0);
    if (expected >= 0) {
        QCOMPARE(panel.lastMatchRow(), expected);
        QCOMPARE(panel.view()->currentRow(), expected);
    }
}

void TestJobConsole::chartDownsamplesZoomsAndScales()
{
    // A store of one 200,000-point series; the chart draws what the store's follower computes.
    const QString storeDir = m_tmp.filePath(QStringLiteral("chartstore"));
    QVERIFY(QDir().mkpath(storeDir));
    {
        metrics::SeriesWriter w;
        QVERIFY(w.open(storeDir,
                       {metrics::kinds::Log, QStringLiteral("chief-0"), QStringLiteral("loss")}, -1,
                       nullptr));
        for (int i = 0; i < 200000; ++i)
            w.append({double(i), 1000 + i, i == 123456 ? 50.0 : 1.0 + std::sin(i / 500.0)});
        QVERIFY(w.flush());
    }
    metrics::StoreFollower follower(storeDir, QString(), QString(), {});
    follower.pollOnce();
    ui::charts::MetricChartView view(QStringLiteral("loss"), storeDir);
    connect(&view, &ui::charts::MetricChartView::drawRequested, this,
            [&](const metrics::DrawRequest &r) { view.applyDrawn(follower.compute(r)); });
    view.resize(800, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSmoothing(0.0);
    view.updateSeries();
    QLineSeries *series = view.lineSeries().value(0);
    QVERIFY(series);
    const int width = int(view.chart()->plotArea().width());
    QVERIFY2(series->count() <= 2 * std::max(width, 100),
             qPrintable(QString::number(series->count())));
    QCOMPARE(series->points().first().x(), 0.0);
    QCOMPARE(series->points().last().x(), 199999.0);
    bool spike = false;
    for (const QPointF &p : series->points())
        spike = spike || p.y() == 50.0;
    QVERIFY(spike);

    // Zoom (keyboard '+'): the drawn points cover the visible range only, in more detail.
    QTest::keyClick(&view, Qt::Key_Plus);
    QVERIFY(view.isZoomed());
    auto *x = qobject_cast<QValueAxis *>(view.chart()->axes(Qt::Horizontal).value(0));
    QVERIFY(x);
    QVERIFY(x->max() - x->min() < 150000);
    QVERIFY(series->points().last().x() - series->points().first().x() < 160000);
    QTest::keyClick(&view, Qt::Key_Home); // reset
    QVERIFY(!view.isZoomed());
    QCOMPARE(series->points().last().x(), 199999.0);

    // Log scale: a logarithmic y axis; non-positive values are left out.
    view.setLogScale(true);
    QVERIFY(qobject_cast<QLogValueAxis *>(view.chart()->axes(Qt::Vertical).value(0)));
    for (const QPointF &p : series->points())
        QVERIFY(p.y() > 0);

    // Smoothing changes the drawn values but not the kept points.
    view.setLogScale(false);
    view.setSmoothing(0.99);
    bool flattened = true;
    for (const QPointF &p : series->points())
        flattened = flattened && p.y() < 50.0;
    QVERIFY(flattened);
    metrics::SeriesReader stored;
    QVERIFY(stored.open(QDir(storeDir).filePath(metrics::seriesFileName(
        {metrics::kinds::Log, QStringLiteral("chief-0"), QStringLiteral("loss")}))));
    QCOMPARE(stored.point(123456).value, 50.0);

    const QString png = m_tmp.filePath(QStringLiteral("chart.png"));
    QVERIFY(view.exportPng(png));
    QVERIFY(!QImage(png).isNull());
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
