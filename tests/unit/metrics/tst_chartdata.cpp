// SPDX-License-Identifier: MIT
// What the charts draw and export, below the widgets: the one CSV writer (shortest round-trip
// numbers, quoting), the smoothed line drawn from the pyramid against TensorBoard's EMA over
// every point, the raw band under it, the Epoch x axis, which series belong to a trial, and a
// job's arguments as named values.
#include "jobspec/arguments.h"
#include "metrics/csvwriter.h"
#include "metrics/metricstore.h"
#include "metrics/seriescsv.h"
#include "metrics/storefollower.h"
#include "store/jobstate.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>

using namespace trainyard;
using namespace trainyard::metrics;

namespace {

void writeSeries(const QString &dir, const QString &source, const QString &metric,
                 const QList<std::pair<double, double>> &points)
{
    SeriesWriter w;
    QVERIFY(w.open(dir, SeriesKey{kinds::Log, source, metric}, -1, nullptr));
    qint64 wall = 1763800000000;
    for (const auto &[step, value] : points)
        w.append(MetricPoint{step, wall += 1000, value});
    QVERIFY(w.flush());
}

} // namespace

class TestChartData : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void csvNumbers_data();
    void csvNumbers();
    void csvQuotesText();
    void csvMetricsForm();
    void smoothedLineFromThePyramid();
    void epochAxis();
    void trialSources();
    void arguments();
};

void TestChartData::csvNumbers_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("0.656") << 0.656 << QByteArray("0.656");
    QTest::newRow("0.1+0.2") << 0.1 + 0.2 << QByteArray("0.30000000000000004");
    QTest::newRow("million") << 1e6 << QByteArray("1000000");
    QTest::newRow("2^40") << 1099511627776.0 << QByteArray("1099511627776");
    QTest::newRow("negative") << -2.5 << QByteArray("-2.5");
    QTest::newRow("tiny") << 1e-4 << QByteArray("1e-04");
    QTest::newRow("huge") << 1e300 << QByteArray("1e+300");
    QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << QByteArray("nan");
    QTest::newRow("inf") << std::numeric_limits<double>::infinity() << QByteArray("inf");
    QTest::newRow("-inf") << -std::numeric_limits<double>::infinity() << QByteArray("-inf");
}

void TestChartData::csvNumbers()
{
    QFETCH(double, value);
    QFETCH(QByteArray, text);
    QCOMPARE(CsvWriter::formatNumber(value), text);
    if (std::isfinite(value))
        QCOMPARE(text.toDouble(), value); // round trip
}

void TestChartData::csvQuotesText()
{
    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    {
        CsvWriter csv(&buffer);
        csv.text(u"say \"hi\", then go").number(0.656).empty().raw("2026-11-22T10:00:00.000Z");
        csv.endRow();
        csv.text(u"naïve").endRow();
    }
    QCOMPARE(buffer.data(),
             QByteArray("\"say \"\"hi\"\", then go\",0.656,,2026-11-22T10:00:00.000Z\n"
                        "\"na\xc3\xafve\"\n"));
    // A file that cannot be written: an error naming it.
    QString error;
    QVERIFY(!writeCsvFile(
        QStringLiteral("/nonexistent-dir/x.csv"), [](CsvWriter &) { return true; }, &error));
    QVERIFY2(error.contains(QStringLiteral("/nonexistent-dir/x.csv")), qPrintable(error));
}

// The form of `trainyard jobs metrics`: names quoted only where they must be, numbers in the
// shortest text with or without exponent; a row larger than the writer's chunk stays whole.
void TestChartData::csvMetricsForm()
{
    QCOMPARE(CsvWriter::minimalField(u"loss"), QByteArray("loss"));
    QCOMPARE(CsvWriter::minimalField(u"eval loss"), QByteArray("eval loss"));
    QCOMPARE(CsvWriter::minimalField(u"a,b"), QByteArray("\"a,b\""));
    QCOMPARE(CsvWriter::minimalField(u"q\"x"), QByteArray("\"q\"\"x\""));
    QCOMPARE(CsvWriter::minimalField(u" sp"), QByteArray("\" sp\""));
    QCOMPARE(CsvWriter::minimalField(u"two\nlines"), QByteArray("\"two\nlines\""));
    QCOMPARE(CsvWriter::formatShortest(1e5), QByteArray("1e+05"));
    QCOMPARE(CsvWriter::formatShortest(10000), QByteArray("10000"));
    QCOMPARE(CsvWriter::formatShortest(1e-4), QByteArray("1e-04"));
    QCOMPARE(CsvWriter::formatShortest(0.1 + 0.2), QByteArray("0.30000000000000004"));
    QCOMPARE(CsvWriter::formatShortest(-std::numeric_limits<double>::infinity()),
             QByteArray("-inf"));

    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    const QByteArray big(3 * 1024 * 1024, 'x');
    {
        CsvWriter csv(&buffer);
        csv.raw(CsvWriter::minimalField(u"a,b"))
            .shortestNumber(1e6)
            .shortestNumber(std::numeric_limits<double>::quiet_NaN());
        csv.endRow();
        csv.raw(big).shortestNumber(2.5).endRow();
        QVERIFY(csv.flush());
    }
    QCOMPARE(buffer.data(), QByteArray("\"a,b\",1e+06,nan\n") + big + QByteArray(",2.5\n"));
}

// A dense noisy series at smoothing 0.98: drawn from buckets, the line follows TensorBoard's EMA
// over every point (within the noise the EMA keeps), smooth, and the raw min/max band lies under
// it; zoomed in to raw points, the line is that EMA exactly.
void TestChartData::smoothedLineFromThePyramid()
{
    QTemporaryDir dir;
    QList<std::pair<double, double>> points;
    const int n = 20000;
    std::vector<double> ema(n);
    double last = 0;
    double debias = 0;
    const double w = 0.98;
    for (int i = 0; i < n; ++i) {
        const double value = 2.0 * std::exp(-i / 5000.0) + 0.5 * std::sin(i * 12.9898);
        points.append({double(i), value});
        last = last * w + (1 - w) * value;
        debias = debias * w + (1 - w);
        ema[i] = last / debias;
    }
    writeSeries(dir.path(), QStringLiteral("chief-0"), QStringLiteral("loss"), points);
    StoreFollower follower(dir.path(), QString(), QString(), {});
    follower.pollOnce();
    DrawRequest request;
    request.metric = QStringLiteral("loss");
    request.width = 600;
    request.smoothing = w;
    const DrawResult all = follower.compute(request);
    QCOMPARE(all.series.size(), 1);
    const DrawnSeries &s = all.series.first();
    QVERIFY(s.bucket > 1);
    QVERIFY(s.points.size() > 50 && s.points.size() <= 1300);
    QVERIFY(!s.raw.isEmpty());
    QCOMPARE(s.points.first().x(), 0.0);
    QCOMPARE(s.points.last().x(), double(n - 1));
    double rawLo = 1e9;
    double rawHi = -1e9;
    for (const QPointF &p : s.raw) {
        rawLo = std::min(rawLo, p.y());
        rawHi = std::max(rawHi, p.y());
    }
    QVERIFY(rawHi - rawLo > 2.5); // the noise band
    double maxJump = 0;
    for (int i = 1; i < s.points.size(); ++i) {
        const QPointF &p = s.points.at(i);
        if (p.x() < 200)
            continue; // the start, where a few points make the average (the EMA jumps too)
        maxJump = std::max(maxJump, std::abs(p.y() - s.points.at(i - 1).y()));
        QVERIFY2(
            std::abs(p.y() - ema[int(p.x())]) < 0.05,
            qPrintable(
                QStringLiteral("x %1: %2 against %3").arg(p.x()).arg(p.y()).arg(ema[int(p.x())])));
    }
    for (const QPointF &p : s.points)
        QVERIFY(p.y() >= rawLo && p.y() <= rawHi);
    // A line, not a band: from one drawn point to the next it moves by the trend (0.1 per 256
    // steps at the start), a small part of the band's height.
    QVERIFY2(maxJump < (rawHi - rawLo) / 20, qPrintable(QString::number(maxJump)));

    // Zoomed to 300 steps: raw points, and the line is TensorBoard's EMA over the whole series
    // there (the average carried into the range), not one restarted at the range's edge.
    request.zoomed = true;
    request.xMin = 10000;
    request.xMax = 10299;
    const DrawResult zoomed = follower.compute(request);
    const DrawnSeries &z = zoomed.series.first();
    QCOMPARE(z.bucket, 1);
    QCOMPARE(z.raw.size(), 302);
    QCOMPARE(z.points.size(), 302);
    QCOMPARE(z.raw.at(1), QPointF(10000, points.at(10000).second));
    for (const QPointF &p : z.points)
        QVERIFY2(
            std::abs(p.y() - ema[int(p.x())]) < 1e-3,
            qPrintable(
                QStringLiteral("x %1: %2 against %3").arg(p.x()).arg(p.y()).arg(ema[int(p.x())])));

    // Not smoothed: the line is the raw envelope, no band.
    request.smoothing = 0;
    request.zoomed = false;
    const DrawResult raw = follower.compute(request);
    QVERIFY(raw.series.first().raw.isEmpty());
    QCOMPARE(raw.series.first().points.first(), QPointF(0, points.first().second));
}

void TestChartData::epochAxis()
{
    QTemporaryDir dir;
    QList<std::pair<double, double>> loss;
    QList<std::pair<double, double>> epoch;
    for (int i = 0; i <= 400; ++i)
        loss.append({double(i), 1.0 / (i + 1)});
    for (int i = 0; i <= 400; i += 40)
        epoch.append({double(i), i / 100.0}); // 100 steps an epoch, logged every 40
    writeSeries(dir.path(), QStringLiteral("chief-0"), QStringLiteral("loss"), loss);
    StoreFollower follower(dir.path(), QString(), QString(), {});
    follower.pollOnce();
    QVERIFY(!hasEpoch(follower.summary()));
    writeSeries(dir.path(), QStringLiteral("chief-0"), EpochMetric, epoch);
    follower.pollOnce();
    QVERIFY(hasEpoch(follower.summary()));
    DrawRequest request;
    request.metric = QStringLiteral("loss");
    request.byEpoch = true;
    const DrawResult r = follower.compute(request);
    const QVector<QPointF> &p = r.series.first().points;
    QCOMPARE(p.size(), 401);
    QCOMPARE(p.at(0).x(), 0.0);
    QCOMPARE(p.at(250).x(), 2.5); // interpolated between the epoch points at steps 240 and 280
    QCOMPARE(p.at(400).x(), 4.0);
    // Zoomed to epochs 1..2: the steps 100..200, one point beyond each edge.
    request.zoomed = true;
    request.xMin = 1.0;
    request.xMax = 2.0;
    const DrawResult z = follower.compute(request);
    QVERIFY(z.series.first().points.first().x() <= 1.0);
    QVERIFY(z.series.first().points.last().x() >= 2.0);
    QVERIFY(z.series.first().points.size() < 140);
}

void TestChartData::trialSources()
{
    using store::sourceBelongsToTrial;
    const QString log = store::trialLogName(QStringLiteral("chief-0"), QStringLiteral("1"));
    QVERIFY(sourceBelongsToTrial(log, QStringLiteral("1"), false));
    QVERIFY(!sourceBelongsToTrial(log, QStringLiteral("11"), false));
    QVERIFY(
        !sourceBelongsToTrial(store::trialLogName(QStringLiteral("chief-0"), QStringLiteral("11")),
                              QStringLiteral("1"), false));
    QVERIFY(sourceBelongsToTrial(QStringLiteral("chief-0"), QString(), false));
    QVERIFY(sourceBelongsToTrial(QStringLiteral("2/train"), QStringLiteral("2"), true));
    QVERIFY(sourceBelongsToTrial(QStringLiteral("2"), QStringLiteral("2"), true));
    QVERIFY(!sourceBelongsToTrial(QStringLiteral("22/train"), QStringLiteral("2"), true));
    QCOMPARE(store::sourceWithoutTrial(log, QStringLiteral("1")), QStringLiteral("chief-0"));
    QCOMPARE(store::sourceWithoutTrial(QStringLiteral("worker-0"), QStringLiteral("1")),
             QStringLiteral("worker-0"));
}

void TestChartData::arguments()
{
    const QMap<QString, QString> map = jobspec::argumentMap(
        {QStringLiteral("--learning-rate=0.01"), QStringLiteral("--epochs"), QStringLiteral("3"),
         QStringLiteral("--fp16"), QStringLiteral("-b"), QStringLiteral("64"),
         QStringLiteral("--offset"), QStringLiteral("-1"), QStringLiteral("data.csv"),
         QStringLiteral("--verbose")});
    QCOMPARE(map.value(QStringLiteral("learning-rate")), QStringLiteral("0.01"));
    QCOMPARE(map.value(QStringLiteral("epochs")), QStringLiteral("3"));
    QCOMPARE(map.value(QStringLiteral("fp16")), QStringLiteral("true"));
    QCOMPARE(map.value(QStringLiteral("b")), QStringLiteral("64"));
    QCOMPARE(map.value(QStringLiteral("offset")), QStringLiteral("-1"));
    QCOMPARE(map.value(QStringLiteral("arg 1")), QStringLiteral("data.csv"));
    QCOMPARE(map.value(QStringLiteral("verbose")), QStringLiteral("true"));
    QCOMPARE(map.size(), 7);
}

QTEST_GUILESS_MAIN(TestChartData)
#include "tst_chartdata.moc"
