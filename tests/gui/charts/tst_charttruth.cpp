// SPDX-License-Identifier: MIT
// Charts that tell the truth (offscreen), as in the issue a user filed: four idle GPUs at 75 W
// drawn with the default smoothing fell from top to bottom with smeared labels. Here:
// - a constant series is a flat line at its value at smoothing 0.6 and 0.99 (values and
//   pixels), drawn from the points and from the pyramid, with labels around its value;
// - smoothing never pulls the start toward 0 (TensorBoard's debiased EMA);
// - a nearly flat series keeps labels that differ;
// - the crosshair names the raw value and the smoothed one;
// - a hypertune series on the trainer's global step gets a second step axis instead of
//   squeezing the log's series into a third of the width, unless asked for one axis.
// Set TRAINYARD_SCREENSHOT_DIR to save truth-flat.png and truth-second-axis.png.
#include "chartfixture.h"
#include "charts/charttable.h"
#include "charts/metricchart.h"
#include "metrics/metricstore.h"
#include "metrics/storefollower.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QImage>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <cmath>
#include <functional>

using namespace trainyard;
using ui::charts::MetricChartView;

namespace {

constexpr qint64 T0 = 1795341600000LL;

void writeSeries(const QString &dir, const QString &kind, const QString &metric, qint64 n,
                 const std::function<std::pair<double, double>(qint64)> &point)
{
    QDir().mkpath(dir);
    metrics::SeriesWriter w;
    QVERIFY(w.open(dir, {kind, QStringLiteral("chief-0"), metric}, -1, nullptr));
    for (qint64 i = 0; i < n; ++i) {
        const auto [step, value] = point(i);
        w.append({step, T0 + i * 100, value});
    }
    QVERIFY(w.flush());
}

using test::Chart;

using test::shot;

int colourDistance(QRgb a, QRgb b)
{
    return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
           std::abs(qBlue(a) - qBlue(b));
}

} // namespace

class TestChartTruth : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void constantSeriesIsFlat_data();
    void constantSeriesIsFlat();
    void startIsNotPulledToZero_data();
    void startIsNotPulledToZero();
    void nearlyFlatLabelsDiffer();
    void hoverNamesRawAndSmoothed();
    void otherStepScaleGetsItsOwnAxis();

private:
    QTemporaryDir m_tmp;
};

void TestChartTruth::constantSeriesIsFlat_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("smoothing");
    QTest::addColumn<int>("points"); // 5,000: drawn from the pyramid's buckets
    for (const double value : {75.0, 0.1, 74.93}) {
        for (const double smoothing : {0.6, 0.99}) {
            for (const int points : {300, 5000}) {
                QTest::addRow("%g W at %g, %d points", value, smoothing, points)
                    << value << smoothing << points;
            }
        }
    }
}

void TestChartTruth::constantSeriesIsFlat()
{
    QFETCH(double, value);
    QFETCH(double, smoothing);
    QFETCH(int, points);
    const QString dir = m_tmp.filePath(QStringLiteral("flat-%1-%2").arg(value).arg(points));
    if (!QDir(dir).exists())
        writeSeries(dir, metrics::kinds::Log, QStringLiteral("gpu_power"), points,
                    [value](qint64 i) {
                        return std::pair{double(i), value};
                    });
    Chart c(dir, QStringLiteral("gpu_power"));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.view.setSmoothing(smoothing);
    c.view.updateSeries();
    QCOMPARE(c.view.lineSeries().size(), 1);
    QLineSeries *line = c.view.lineSeries().first();
    QVERIFY(line->count() > 10);
    // Every smoothed point and every raw point is the value itself.
    for (const QPointF &p : line->points())
        QCOMPARE(p.y(), value);
    for (const QPointF &p : c.view.rawSeries().first()->points())
        QCOMPARE(p.y(), value);
    // The value in the middle of the y axis, labels around it that differ and read it.
    const auto [lo, hi] = c.view.yRange();
    QVERIFY2(lo < value && value < hi, qPrintable(QStringLiteral("%1..%2").arg(lo).arg(hi)));
    QVERIFY(std::abs((lo + hi) / 2 - value) < (hi - lo) * 0.01);
    QVERIFY((hi - lo) < std::abs(value)); // not a range of rounding noise, nor a huge one
    const QStringList labels = c.view.axisLabels(Qt::Vertical);
    QVERIFY2(labels.size() >= 3, qPrintable(labels.join(u' ')));
    QCOMPARE(QSet<QString>(labels.cbegin(), labels.cend()).size(), labels.size());
    if (value != 74.93)
        QVERIFY2(labels.contains(QString::number(value)), qPrintable(labels.join(u' ')));

    // In pixels: the line's colour only on the row of the value (anti-aliasing: ±2 px).
    const QImage image = c.view.grab().toImage();
    const QRectF plot = c.view.chart()->plotArea();
    const int y = c.view.mapFromScene(c.view.chart()->mapToPosition(QPointF(0, value), line)).y();
    const QRgb pen = line->pen().color().rgb();
    int onRow = 0;
    int elsewhere = 0;
    for (int px = int(plot.left()) + 4; px < int(plot.right()) - 4; ++px) {
        for (int py = int(plot.top()) + 2; py < int(plot.bottom()) - 2; ++py) {
            if (colourDistance(image.pixel(px, py), pen) > 60)
                continue;
            if (std::abs(py - y) <= 2)
                ++onRow;
            else
                ++elsewhere;
        }
    }
    QVERIFY2(
        onRow > plot.width() / 2 && elsewhere == 0,
        qPrintable(
            QStringLiteral("%1 px on the value's row, %2 elsewhere").arg(onRow).arg(elsewhere)));
    if (value == 75.0 && smoothing == 0.6 && points == 5000)
        shot(&c.view, QStringLiteral("truth-flat.png"));
}

void TestChartTruth::startIsNotPulledToZero_data()
{
    QTest::addColumn<double>("smoothing");
    QTest::addColumn<int>("points");
    for (const double smoothing : {0.6, 0.99})
        for (const int points : {200, 20000})
            QTest::addRow("%g, %d points", smoothing, points) << smoothing << points;
}

// Debiased: the smoothed line starts at the first value, not at a fraction of it.
void TestChartTruth::startIsNotPulledToZero()
{
    QFETCH(double, smoothing);
    QFETCH(int, points);
    const QString dir = m_tmp.filePath(QStringLiteral("start-%1").arg(points));
    if (!QDir(dir).exists())
        writeSeries(dir, metrics::kinds::Log, QStringLiteral("loss"), points, [](qint64 i) {
            return std::pair{double(i), 2.0 + 0.3 * std::sin(i * 0.37) - i * 1e-5};
        });
    Chart c(dir, QStringLiteral("loss"));
    c.view.setSmoothing(smoothing);
    c.view.updateSeries();
    const QList<QPointF> line = c.view.lineSeries().first()->points();
    QVERIFY(!line.isEmpty());
    QCOMPARE(line.first().y(), 2.0);
    // Never below the lowest value nor above the highest.
    for (const QPointF &p : line)
        QVERIFY(p.y() >= 2.0 - 0.3 - 0.2 - 1e-9 && p.y() <= 2.3 + 1e-9);
}

// Values that differ in their eighth digit: the labels still differ from each other.
void TestChartTruth::nearlyFlatLabelsDiffer()
{
    const QString dir = m_tmp.filePath(QStringLiteral("nearly"));
    writeSeries(dir, metrics::kinds::Log, QStringLiteral("gpu_power"), 500, [](qint64 i) {
        return std::pair{double(i), 75.0 + 1e-7 * std::sin(i * 0.1)};
    });
    Chart c(dir, QStringLiteral("gpu_power"));
    c.view.setSmoothing(0);
    c.view.updateSeries();
    const QStringList labels = c.view.axisLabels(Qt::Vertical);
    QVERIFY2(labels.size() >= 3, qPrintable(labels.join(u' ')));
    QCOMPARE(QSet<QString>(labels.cbegin(), labels.cend()).size(), labels.size());
    const auto [lo, hi] = c.view.yRange();
    QVERIFY(lo < 75.0 - 1e-7 && hi > 75.0 + 1e-7);
}

// The crosshair names each series' value and its smoothed value; drawn from buckets, the
// bucket's lowest and highest value.
void TestChartTruth::hoverNamesRawAndSmoothed()
{
    const QString dir = m_tmp.filePath(QStringLiteral("hover"));
    const auto value = [](qint64 i) { return 0.5 + 0.4 * std::sin(i * 1.3); };
    writeSeries(dir, metrics::kinds::Log, QStringLiteral("loss"), 201, [value](qint64 i) {
        return std::pair{double(i), value(i)};
    });
    Chart c(dir, QStringLiteral("loss"));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    for (const double smoothing : {0.6, 0.0}) {
        c.view.setSmoothing(smoothing);
        c.view.updateSeries();
        QLineSeries *line = c.view.lineSeries().first();
        const QPoint pos =
            c.view.mapFromScene(c.view.chart()->mapToPosition(QPointF(100, 0.5), line));
        c.view.hoverAt(pos);
        QVERIFY(c.view.crosshairVisible());
        const QStringList rows = c.view.hoverText().split(QLatin1Char('\n'));
        QCOMPARE(rows.size(), 2);
        const qint64 step = qint64(rows.at(0).section(QLatin1Char(' '), 1).toDouble());
        QVERIFY(std::abs(step - 100) <= 2);
        const QString raw = QString::number(value(step), 'g', 6);
        if (smoothing > 0) {
            const QString smoothed = QString::number(line->at(int(step)).y(), 'g', 6);
            QCOMPARE(rows.at(1), QStringLiteral("chief-0: %1 (smoothed %2)").arg(raw, smoothed));
            QVERIFY(raw != smoothed);
        } else {
            QCOMPARE(rows.at(1), QStringLiteral("chief-0: %1").arg(raw));
        }
    }
    // 20,000 points: a bucket's range and the smoothed value.
    const QString dense = m_tmp.filePath(QStringLiteral("hover-dense"));
    writeSeries(dense, metrics::kinds::Log, QStringLiteral("loss"), 20000, [value](qint64 i) {
        return std::pair{double(i), value(i)};
    });
    Chart d(dense, QStringLiteral("loss"));
    QVERIFY(QTest::qWaitForWindowExposed(&d.view));
    d.view.setSmoothing(0.9);
    d.view.updateSeries();
    QLineSeries *line = d.view.lineSeries().first();
    d.view.hoverAt(d.view.mapFromScene(d.view.chart()->mapToPosition(QPointF(10000, 0.5), line)));
    const QString row = d.view.hoverText().split(QLatin1Char('\n')).value(1);
    QVERIFY2(row.contains(QStringLiteral(" to ")) && row.contains(QStringLiteral("(smoothed ")),
             qPrintable(row));
}

// accuracy from the log (steps 0..100) and from the hypertune file (the trainer's global step,
// 0..300): two step axes, the log's series across the whole width; one axis when asked; on a time
// axis one axis.
void TestChartTruth::otherStepScaleGetsItsOwnAxis()
{
    const QString dir = m_tmp.filePath(QStringLiteral("hypertune"));
    writeSeries(dir, metrics::kinds::Log, QStringLiteral("accuracy"), 101, [](qint64 i) {
        return std::pair{double(i), 0.5 + 0.4 * (1 - std::exp(-i / 30.0))};
    });
    writeSeries(dir, metrics::kinds::Hypertune, QStringLiteral("accuracy"), 31, [](qint64 i) {
        return std::pair{double(i * 10), 0.5 + 0.4 * (1 - std::exp(-i / 9.0))};
    });
    Chart c(dir, QStringLiteral("accuracy"));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.view.setSmoothing(0);
    c.view.updateSeries();
    QTest::qWait(50); // the chart's layout with the second axis
    QCOMPARE(c.view.lineSeries().size(), 2);
    QCOMPARE(c.view.secondAxisKinds(), QStringList{metrics::kinds::Hypertune});
    QCOMPARE(c.view.secondAxisTitle(), QStringLiteral("Step (hypertune)"));
    const QList<QAbstractAxis *> horizontal = c.view.chart()->axes(Qt::Horizontal);
    QCOMPARE(horizontal.size(), 2);
    auto *bottom = qobject_cast<QValueAxis *>(horizontal.at(0));
    auto *top = qobject_cast<QValueAxis *>(horizontal.at(1));
    QCOMPARE(bottom->max(), 100.0);
    QCOMPARE(top->max(), 300.0);
    QCOMPARE(top->alignment(), Qt::AlignTop);
    // Both series end at the plot's right edge.
    const QRectF plot = c.view.chart()->plotArea();
    for (QLineSeries *line : c.view.lineSeries()) {
        const QPointF end = c.view.chart()->mapToPosition(line->points().constLast(), line);
        QVERIFY2(std::abs(end.x() - plot.right()) < 2, qPrintable(line->name()));
    }
    QVERIFY(c.view.summary().contains(QStringLiteral("Step (hypertune) on a second step axis")));
    // The crosshair: the log's step, then the second axis' step and its series.
    c.view.hoverAt(c.view.mapFromScene(
        c.view.chart()->mapToPosition(QPointF(50, 0.7), c.view.lineSeries().first())));
    const QStringList rows = c.view.hoverText().split(QLatin1Char('\n'));
    QCOMPARE(rows.size(), 4);
    QVERIFY2(rows.at(0).startsWith(QStringLiteral("step 5")), qPrintable(rows.at(0)));
    QVERIFY2(rows.at(2).startsWith(QStringLiteral("Step (hypertune) 1")), qPrintable(rows.at(2)));
    QVERIFY(rows.at(3).startsWith(QStringLiteral("chief-0 (hypertune): ")));
    shot(&c.view, QStringLiteral("truth-second-axis.png"));
    // The table says which axis a step is on.
    ui::charts::ChartTableDialog table(&c.view);
    QAbstractItemModelTester tester(table.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(table.model()->rowCount(), 132);
    QCOMPARE(table.model()->index(131, 1).data().toString(),
             QStringLiteral("300 (Step (hypertune))"));

    // Asked for one axis: both on the bottom one, 0..300.
    c.view.setOneStepAxis(true);
    QVERIFY(c.view.secondAxisKinds().isEmpty());
    QCOMPARE(c.view.chart()->axes(Qt::Horizontal).size(), 1);
    QCOMPARE(qobject_cast<QValueAxis *>(c.view.chart()->axes(Qt::Horizontal).first())->max(),
             300.0);
    c.view.setOneStepAxis(false);
    QCOMPARE(c.view.chart()->axes(Qt::Horizontal).size(), 2);
    // Time is time: one axis.
    c.view.setXMode(ui::charts::XMode::Time);
    QVERIFY(c.view.secondAxisKinds().isEmpty());
    QCOMPARE(c.view.chart()->axes(Qt::Horizontal).size(), 1);
}

QTEST_MAIN(TestChartTruth)
#include "tst_charttruth.moc"
