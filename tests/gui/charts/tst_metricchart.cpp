// SPDX-License-Identifier: MIT
// A metric chart as a user reads it (offscreen): a dense noisy 20,000-step loss at smoothing 0.98
// is a bold smoothed line over a faint raw band, zoomed in or not; hovering shows every series'
// value at the cursor's x; a box zoom narrows y as well as x; the Export button writes the points
// as CSV with shortest numbers; axis labels read 2M, 500k, 1e-4; the Metrics tab offers the Epoch
// x axis only when the job has an epoch series.
//
// Set TRAINYARD_SCREENSHOT_DIR to save chart-smoothed.png and chart-hover.png.
#include "chartfixture.h"
#include "charts/metricchart.h"
#include "charts/metricspanel.h"
#include "metrics/metricstore.h"
#include "metrics/storefollower.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QValueAxis>
#include <cmath>

using namespace trainyard;
using ui::charts::MetricChartView;

namespace {

void writeSeries(const QString &dir, const QString &source, const QString &metric, qint64 n,
                 const std::function<std::pair<double, double>(qint64)> &point)
{
    QDir().mkpath(dir);
    metrics::SeriesWriter w;
    QVERIFY(w.open(dir, {metrics::kinds::Log, source, metric}, -1, nullptr));
    for (qint64 i = 0; i < n; ++i) {
        const auto [step, value] = point(i);
        w.append({step, 1763800000000 + i * 100, value});
    }
    QVERIFY(w.flush());
}

using test::shot;

using test::Chart;

QValueAxis *axis(MetricChartView &view, Qt::Orientation o)
{
    return qobject_cast<QValueAxis *>(view.chart()->axes(o).value(0));
}

} // namespace

class TestMetricChart : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void smoothedLineOverRawBand();
    void hoverShowsEverySeries();
    void boxZoomZoomsBothAxes();
    void exportButtonWritesShortestCsv();
    void axisLabels();
    void epochAxisOnlyWithEpochSeries();

private:
    QTemporaryDir m_tmp;
};

void TestMetricChart::smoothedLineOverRawBand()
{
    const QString dir = m_tmp.filePath(QStringLiteral("dense"));
    writeSeries(dir, QStringLiteral("chief-0"), QStringLiteral("loss"), 20000, [](qint64 i) {
        return std::pair{double(i), 2.0 * std::exp(-i / 5000.0) + 0.5 * std::sin(i * 12.9898)};
    });
    Chart c(dir, QStringLiteral("loss"));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.view.setSmoothing(0.98);
    c.view.updateSeries();
    for (bool zoomed : {false, true}) {
        if (zoomed) {
            QTest::keyClick(&c.view, Qt::Key_Plus);
            QTest::keyClick(&c.view, Qt::Key_Plus);
            QTest::keyClick(&c.view, Qt::Key_Plus);
            QVERIFY(c.view.isZoomed());
        }
        QCOMPARE(c.view.lineSeries().size(), 1);
        QLineSeries *line = c.view.lineSeries().first();
        QLineSeries *raw = c.view.rawSeries().first();
        QVERIFY(line->count() > 50);
        QVERIFY(raw->count() >= line->count());
        // Bold over faint.
        QVERIFY(line->pen().widthF() >= 2 * raw->pen().widthF());
        QVERIFY(raw->pen().color().alphaF() < 0.5);
        QCOMPARE(line->pen().color().alphaF(), 1.0);
        QCOMPARE(raw->pen().color().rgb(), line->pen().color().rgb());
        // The band spans the noise; the line moves little from one point to the next.
        double lo = 1e9, hi = -1e9, jump = 0;
        for (const QPointF &p : raw->points()) {
            lo = std::min(lo, p.y());
            hi = std::max(hi, p.y());
        }
        const QList<QPointF> points = line->points();
        for (int i = 1; i < points.size(); ++i) {
            if (points.at(i).x() > 500 || zoomed)
                jump = std::max(jump, std::abs(points.at(i).y() - points.at(i - 1).y()));
        }
        QVERIFY2(hi - lo > 0.9, qPrintable(QString::number(hi - lo)));
        QVERIFY2(jump < (hi - lo) / 15,
                 qPrintable(QStringLiteral("%1 of %2").arg(jump).arg(hi - lo)));
        // Only the line is in the legend.
        int visibleMarkers = 0;
        for (QLegendMarker *m : c.view.chart()->legend()->markers())
            visibleMarkers += m->isVisible() ? 1 : 0;
        QCOMPARE(visibleMarkers, 1);
        if (!zoomed)
            shot(&c.view, QStringLiteral("chart-smoothed.png"));
    }
    // No smoothing: the raw points are the line, no band.
    c.view.setSmoothing(0);
    QCOMPARE(c.view.rawSeries().first()->count(), 0);
    QVERIFY(c.view.lineSeries().first()->count() > 0);
}

void TestMetricChart::hoverShowsEverySeries()
{
    const QString dir = m_tmp.filePath(QStringLiteral("three"));
    // Three replicas logging at different rates: the cursor is within 3 px of none of them.
    writeSeries(dir, QStringLiteral("chief-0"), QStringLiteral("loss"), 1001, [](qint64 i) {
        return std::pair{double(i), 1.0 + i / 1000.0};
    });
    writeSeries(dir, QStringLiteral("worker-0"), QStringLiteral("loss"), 101, [](qint64 i) {
        return std::pair{double(i * 10), 5.0 + i / 100.0};
    });
    writeSeries(dir, QStringLiteral("worker-1"), QStringLiteral("loss"), 11, [](qint64 i) {
        return std::pair{double(i * 100), 9.0 + i};
    });
    Chart c(dir, QStringLiteral("loss"));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.view.setSmoothing(0);
    c.view.updateSeries();
    QCOMPARE(c.view.lineSeries().size(), 3);
    QVERIFY(!c.view.crosshairVisible());
    // Step 500 sits in the plot area's middle; the cursor there is at y of none of the lines.
    const QPointF scene =
        c.view.chart()->mapToPosition(QPointF(500, 3.5), c.view.lineSeries().first());
    const QPoint pos = c.view.mapFromScene(scene);
    QTest::mouseMove(c.view.viewport(), pos);
    QTRY_VERIFY(c.view.crosshairVisible());
    const QStringList rows = c.view.hoverText().split(QLatin1Char('\n'));
    QCOMPARE(rows.size(), 4);
    QVERIFY2(rows.at(0).startsWith(QStringLiteral("step ")), qPrintable(rows.at(0)));
    const double x = rows.at(0).section(QLatin1Char(' '), 1).toDouble();
    QVERIFY2(std::abs(x - 500) < 20, qPrintable(rows.at(0))); // the cursor's step (a few px off)
    QCOMPARE(rows.at(1), QStringLiteral("chief-0: ") + QString::number(1.0 + x / 1000.0, 'g', 6));
    // The others: their point nearest to that step (every 10 and every 100 steps).
    QCOMPARE(rows.at(2), QStringLiteral("worker-0: ") +
                             QString::number(5.0 + std::round(x / 10) / 100.0, 'g', 6));
    QCOMPARE(rows.at(3),
             QStringLiteral("worker-1: ") + QString::number(9.0 + std::round(x / 100), 'g', 6));
    shot(&c.view, QStringLiteral("chart-hover.png"));
    // Outside the plot area: gone.
    QTest::mouseMove(c.view.viewport(), QPoint(3, 3));
    QTRY_VERIFY(!c.view.crosshairVisible());
    QVERIFY(c.view.hoverText().isEmpty());
}

void TestMetricChart::boxZoomZoomsBothAxes()
{
    const QString dir = m_tmp.filePath(QStringLiteral("box"));
    writeSeries(dir, QStringLiteral("chief-0"), QStringLiteral("loss"), 1000, [](qint64 i) {
        return std::pair{double(i), double(i % 100)};
    });
    Chart c(dir, QStringLiteral("loss"));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.view.updateSeries();
    QValueAxis *x = axis(c.view, Qt::Horizontal);
    QValueAxis *y = axis(c.view, Qt::Vertical);
    QVERIFY(x && y);
    const double xSpan = x->max() - x->min();
    const double ySpan = y->max() - y->min();
    const QRectF plot = c.view.chart()->plotArea();
    const QPoint from =
        c.view.mapFromScene(plot.topLeft() + QPointF(plot.width() * 0.3, plot.height() * 0.3));
    const QPoint to =
        c.view.mapFromScene(plot.topLeft() + QPointF(plot.width() * 0.6, plot.height() * 0.6));
    QTest::mousePress(c.view.viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(c.view.viewport(), (from + to) / 2);
    QTest::mouseMove(c.view.viewport(), to);
    QTest::mouseRelease(c.view.viewport(), Qt::LeftButton, {}, to);
    QVERIFY(c.view.isZoomed());
    QVERIFY2(x->max() - x->min() < xSpan * 0.4, qPrintable(QString::number(x->max() - x->min())));
    QVERIFY2(y->max() - y->min() < ySpan * 0.4, qPrintable(QString::number(y->max() - y->min())));
    // The labels follow the zoomed range.
    const QStringList labels = c.view.axisLabels(Qt::Vertical);
    QVERIFY(labels.size() >= 3);
    QTest::keyClick(&c.view, Qt::Key_Home);
    QVERIFY(!c.view.isZoomed());
    QCOMPARE(y->max() - y->min(), ySpan);
}

void TestMetricChart::exportButtonWritesShortestCsv()
{
    const QString dir = m_tmp.filePath(QStringLiteral("export"));
    const double values[] = {0.656, 0.1 + 0.2, 1e-4, 2.5};
    writeSeries(dir, QStringLiteral("chief-0"), QStringLiteral("accuracy"), 4, [&values](qint64 i) {
        return std::pair{double(i * 1000000), values[i]};
    });
    Chart c(dir, QStringLiteral("accuracy"));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    QToolButton *button = c.view.exportButton();
    QVERIFY(button->isVisible());
    QVERIFY(c.view.rect().contains(button->geometry()));
    QVERIFY(button->menu());
    QAction *csv = nullptr;
    for (QAction *a : button->menu()->actions()) {
        if (a->text().contains(QStringLiteral("CSV")))
            csv = a;
    }
    QVERIFY(csv);
    const QString path = m_tmp.filePath(QStringLiteral("accuracy.csv"));
    // The save dialog: the file name typed, then accepted.
    bool answered = false;
    QTimer::singleShot(0, this, [&] {
        QTRY_VERIFY(qobject_cast<QFileDialog *>(QApplication::activeModalWidget()));
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        dialog->selectFile(path);
        static_cast<QDialog *>(dialog)->accept();
        answered = true;
    });
    csv->trigger();
    QVERIFY(answered);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 5);
    QCOMPARE(lines.at(0), QByteArray("source,step,wall_time,value"));
    QCOMPARE(lines.at(1), QByteArray("\"chief-0\",0,2025-11-22T08:26:40.000Z,0.656"));
    QVERIFY(lines.at(2).startsWith("\"chief-0\",1000000,"));
    QVERIFY(lines.at(2).endsWith(",0.30000000000000004"));
    QVERIFY(lines.at(3).endsWith(",1e-04"));
    QVERIFY(lines.at(4).endsWith(",2.5"));
}

void TestMetricChart::axisLabels()
{
    QCOMPARE(MetricChartView::formatTick(2e6, 5e5), QStringLiteral("2M"));
    QCOMPARE(MetricChartView::formatTick(1.5e6, 5e5), QStringLiteral("1.5M"));
    QCOMPARE(MetricChartView::formatTick(5e5, 5e5), QStringLiteral("500k"));
    QCOMPARE(MetricChartView::formatTick(1e-4, 1e-4), QStringLiteral("1e-4"));
    QCOMPARE(MetricChartView::formatTick(2.5e-5, 5e-6), QStringLiteral("2.5e-5"));
    QCOMPARE(MetricChartView::formatTick(0.25, 0.05), QStringLiteral("0.25"));
    QCOMPARE(MetricChartView::formatTick(0, 0.05), QStringLiteral("0"));
    QCOMPARE(MetricChartView::formatTick(-1200, 200), QStringLiteral("-1.2k"));

    // A 2,000,000-step run of a learning rate between 1e-4 and 5e-4.
    const QString dir = m_tmp.filePath(QStringLiteral("labels"));
    writeSeries(dir, QStringLiteral("chief-0"), QStringLiteral("learning_rate"), 2001,
                [](qint64 i) {
                    return std::pair{double(i * 1000), 1e-4 + 4e-4 * double(i) / 2000.0};
                });
    Chart c(dir, QStringLiteral("learning_rate"));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.view.setSmoothing(0);
    c.view.updateSeries();
    const QStringList x = c.view.axisLabels(Qt::Horizontal);
    QCOMPARE(x, (QStringList{QStringLiteral("0"), QStringLiteral("500k"), QStringLiteral("1M"),
                             QStringLiteral("1.5M"), QStringLiteral("2M")}));
    const QStringList y = c.view.axisLabels(Qt::Vertical);
    QVERIFY2(y.contains(QStringLiteral("1e-4")) && y.contains(QStringLiteral("5e-4")),
             qPrintable(y.join(QLatin1Char(' '))));
    for (const QString &label : y)
        QVERIFY2(!label.contains(QStringLiteral("e-0")) && !label.contains(QStringLiteral("e+")),
                 qPrintable(label));
}

void TestMetricChart::epochAxisOnlyWithEpochSeries()
{
    const QString dir = m_tmp.filePath(QStringLiteral("job/metrics"));
    writeSeries(dir, QStringLiteral("chief-0"), QStringLiteral("loss"), 301, [](qint64 i) {
        return std::pair{double(i), 1.0 / (i + 1)};
    });
    ui::charts::MetricsPanel panel;
    panel.resize(1000, 600);
    panel.show();
    QComboBox *xMode = panel.findChild<QComboBox *>();
    QVERIFY(xMode);
    auto items = [xMode] {
        QStringList texts;
        for (int i = 0; i < xMode->count(); ++i)
            texts.append(xMode->itemText(i));
        return texts;
    };
    panel.setJobDirs(dir, QString(), QString());
    QTRY_VERIFY(panel.chart(QStringLiteral("loss")));
    QCOMPARE(items(), (QStringList{QStringLiteral("Step"), QStringLiteral("Time since start")}));

    // The trainer logs its epoch (100 steps each): the Epoch axis is offered.
    writeSeries(dir, QStringLiteral("chief-0"), QStringLiteral("epoch"), 31, [](qint64 i) {
        return std::pair{double(i * 10), i / 10.0};
    });
    QTRY_VERIFY_WITH_TIMEOUT(items().contains(QStringLiteral("Epoch")), 5000);
    xMode->setCurrentIndex(xMode->findText(QStringLiteral("Epoch")));
    MetricChartView *loss = panel.chart(QStringLiteral("loss"));
    QCOMPARE(loss->chart()->axes(Qt::Horizontal).value(0)->titleText(), QStringLiteral("Epoch"));
    QTRY_VERIFY(!loss->lineSeries().isEmpty() && loss->lineSeries().first()->count() > 0);
    QTRY_COMPARE(loss->lineSeries().first()->points().last().x(), 3.0);

    // Another job without one: gone again, and the step axis chosen.
    const QString other = m_tmp.filePath(QStringLiteral("job2/metrics"));
    writeSeries(other, QStringLiteral("chief-0"), QStringLiteral("loss"), 10, [](qint64 i) {
        return std::pair{double(i), 1.0};
    });
    panel.setJobDirs(other, QString(), QString());
    QVERIFY(!items().contains(QStringLiteral("Epoch")));
    QCOMPARE(xMode->currentText(), QStringLiteral("Step"));
}

QTEST_MAIN(TestMetricChart)
#include "tst_metricchart.moc"
