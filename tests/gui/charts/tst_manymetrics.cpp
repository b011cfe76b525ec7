// SPDX-License-Identifier: MIT
// The Metrics tab of a job with 100,000 TensorBoard tags (issue 32): the store (written with
// the metric store's writer, as the owner's recorder writes event-file tags: one series per tag
// of run "train") opens without blocking the GUI thread, the list is built in the worker,
// charts exist only for the page shown, pages turn and the filter narrows the list, the GUI
// timer probe never seeing a gap over 250 ms. (Before, 3,000 tags blocked the GUI thread for
// about 60 s and grew the process to 1.5 GB.) bench_manytags prints the memory it costs.
// TRAINYARD_SCREENSHOT_DIR: saves metrics-many.png (page 2 of the 100,000 tags) and
// metrics-filtered.png.
#include "chartfixture.h"
#include "charts/metricspanel.h"
#include "common/guitimerprobe.h"
#include "metrics/metricstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace trainyard;
using namespace Qt::Literals::StringLiterals;
using ui::charts::MetricsPanel;

namespace {

constexpr int Tags = 100000;

QString tag(int i)
{
    return u"layer%1/grad_norm"_s.arg(i, 6, 10, QLatin1Char('0'));
}

} // namespace

class TestManyMetrics : public QObject
{
    Q_OBJECT

private:
    // In memory where the machine has /dev/shm: 100,000 series files written to and removed
    // from a disk took minutes (an ext4 mounted with discard), in memory seconds.
    QTemporaryDir m_tmp{QFileInfo(u"/dev/shm"_s).isWritable()
                            ? u"/dev/shm/tst_manymetrics-XXXXXX"_s
                            : QDir::tempPath() + u"/tst_manymetrics-XXXXXX"_s};
    QString m_store;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_tmp.isValid());
        m_store = m_tmp.filePath(u"job/metrics"_s);
        QVERIFY(QDir().mkpath(m_store));
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < Tags; ++i) {
            metrics::SeriesWriter w;
            QVERIFY(
                w.open(m_store, {metrics::kinds::TensorBoard, u"train"_s, tag(i)}, -1, nullptr));
            for (int step = 0; step < 3; ++step)
                w.append({double(step), 1763800000000 + step * 1000, 1.0 / (i + step + 1)});
            QVERIFY(w.flush());
        }
        qInfo("%d series written in %lld ms", Tags, timer.elapsed());
    }

    void hundredThousandTagsStayResponsive()
    {
        MetricsPanel panel;
        panel.resize(1200, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        test::GuiTimerProbe probe;
        probe.start();
        QElapsedTimer timer;
        timer.start();
        panel.setJobDirs(m_store, QString(), QString());
        QTRY_COMPARE_WITH_TIMEOUT(panel.metricCount(), qsizetype(Tags), 180000);
        QTRY_VERIFY(panel.chart(tag(0)) && panel.chart(tag(11)));
        qInfo("listed in %lld ms; longest GUI block %lld ms (gap %lld ms)", timer.elapsed(),
              probe.maxBlockedMs(), probe.maxGapMs());

        // One page of charts, made for it only.
        const QStringList first = panel.chartMetrics();
        QCOMPARE(first.size(), MetricsPanel::PageSize);
        QCOMPARE(first.first(), tag(0));
        QCOMPARE(first.last(), tag(11));
        QCOMPARE(panel.findChildren<ui::charts::MetricChartView *>().size(),
                 MetricsPanel::PageSize);
        QCOMPARE(panel.pageCount(), (Tags + MetricsPanel::PageSize - 1) / MetricsPanel::PageSize);
        const QString all = QLocale().toString(Tags); // "100,000", or "100000" in the C locale
        QCOMPARE(panel.pageLabel()->text(), u"Metrics 1–12 of %1"_s.arg(all));
        QTRY_VERIFY(!panel.chart(tag(0))->lineSeries().isEmpty() &&
                    panel.chart(tag(0))->lineSeries().first()->count() == 3);

        qInfo("first page drawn at %lld ms", timer.elapsed());
        // The next page: the charts of the first are gone, those of the second drawn.
        QSignalSpy shown(&panel, &MetricsPanel::pageShown);
        QTest::mouseClick(panel.findChild<QToolButton *>(u"nextPage"_s), Qt::LeftButton);
        QVERIFY(shown.count() > 0 || shown.wait(10000));
        QCOMPARE(panel.page(), 1);
        QCOMPARE(panel.chartMetrics().first(), tag(12));
        QVERIFY(!panel.chart(tag(0)));
        QCOMPARE(panel.findChildren<ui::charts::MetricChartView *>().size(),
                 MetricsPanel::PageSize);
        QTRY_VERIFY(!panel.chart(tag(23))->lineSeries().isEmpty() &&
                    panel.chart(tag(23))->lineSeries().first()->count() == 3);
        QCOMPARE(panel.pageLabel()->text(), u"Metrics 13–24 of %1"_s.arg(all));
        test::shot(&panel, u"metrics-many.png"_s);
        // Far ahead and back, as a user clicking quickly would (each click a turn of the event
        // loop, the charts of the pages passed over never all made).
        for (int i = 0; i < 20; ++i) {
            QTest::mouseClick(panel.findChild<QToolButton *>(u"nextPage"_s), Qt::LeftButton);
            QCoreApplication::processEvents();
        }
        QCOMPARE(panel.page(), 21);
        panel.setPage(panel.pageCount() - 1);
        QTRY_COMPARE(panel.chartMetrics().last(), tag(Tags - 1));

        // The filter (a regular expression, case-insensitive, typed as a user types it).
        QLineEdit *filter = panel.findChild<QLineEdit *>(u"metricFilter"_s);
        QVERIFY(filter && filter->isVisible());
        filter->setFocus();
        timer.restart();
        QTest::keyClicks(filter, u"LAYER00424[0-9]/"_s);
        QTRY_COMPARE_WITH_TIMEOUT(panel.shownCount(), qsizetype(10), 30000);
        qInfo("filtered in %lld ms", timer.elapsed());
        QTRY_COMPARE(panel.chartMetrics().size(), 10);
        QCOMPARE(panel.chartMetrics().first(), tag(4240));
        QCOMPARE(panel.page(), 0);
        QCOMPARE(panel.pageCount(), 1);
        QCOMPARE(panel.pageLabel()->text(), u"Metrics 1–10 of 10 matching (%1 in all)"_s.arg(all));
        QTRY_VERIFY(panel.chart(tag(4249)) && !panel.chart(tag(4249))->lineSeries().isEmpty());
        test::shot(&panel, u"metrics-filtered.png"_s);
        // Not a regular expression: matched as text, and said so.
        filter->clear();
        QTest::keyClicks(filter, u"layer000001/grad_norm("_s);
        QTRY_VERIFY_WITH_TIMEOUT(panel.pageLabel()->text().contains(u"Not a regular expression"_s),
                                 30000);
        QCOMPARE(panel.shownCount(), qsizetype(0));
        QVERIFY2(panel.pageLabel()->text().startsWith(u"No metric matches"_s),
                 qPrintable(panel.pageLabel()->text()));
        QVERIFY(panel.chartMetrics().isEmpty());
        filter->clear();
        QTRY_COMPARE_WITH_TIMEOUT(panel.shownCount(), qsizetype(Tags), 30000);
        QTRY_COMPARE(panel.chartMetrics().first(), tag(0));

        probe.stop();
        qInfo("longest GUI block over the whole test %lld ms (gap %lld ms)", probe.maxBlockedMs(),
              probe.maxGapMs());
        QVERIFY2(probe.maxBlockedMs() < 250, qPrintable(QString::number(probe.maxBlockedMs())));
    }
};

QTEST_MAIN(TestManyMetrics)
#include "tst_manymetrics.moc"
