// SPDX-License-Identifier: MIT
// The job console's log and chart views: the virtual log model interleaving replicas by time,
// the view following the tail, search, and a chart downsampling, zooming and scaling.
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

class TestConsoleLogs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void logModelInterleavesAndFilters();
    void logInterleavingWaitsForLateLines();
    void logInterleavingAcrossSlices();
    void logViewFollowsTail();
    void logSearch_data();
    void logSearch();
    void chartDownsamplesZoomsAndScales();

private:
    QTemporaryDir m_tmp;
};

void TestConsoleLogs::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QSettings().clear(); // no remembered layout from an earlier run
    QVERIFY(m_tmp.isValid());
}

void TestConsoleLogs::logModelInterleavesAndFilters()
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

void TestConsoleLogs::logInterleavingWaitsForLateLines()
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

void TestConsoleLogs::logInterleavingAcrossSlices()
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

void TestConsoleLogs::logViewFollowsTail()
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

void TestConsoleLogs::logSearch_data()
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

void TestConsoleLogs::logSearch()
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

void TestConsoleLogs::chartDownsamplesZoomsAndScales()
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

QTEST_MAIN(TestConsoleLogs)
#include "tst_consolelogs.moc"
