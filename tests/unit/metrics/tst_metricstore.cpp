// SPDX-License-Identifier: MIT
// The metric store on disk: round trips (append, reopen, torn tail, version header) and the level
// pyramid against the raw points (min and max of every bucket exact). The recorder that fills it
// from logs: tst_metricrecorder.
#include "common/tfeventswriter.h"
#include "logs/logcapture.h"
#include "logs/logwriter.h"
#include "metrics/metricrecorder.h"
#include "metrics/metricstore.h"
#include "metrics/storefollower.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>

using namespace trainyard::metrics;

class TestMetricStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void appendAndReopen();
    void tornTailIgnored();
    void versionHeader();
    void pyramidMatchesRawPoints_data();
    void pyramidMatchesRawPoints();
    void pyramidRebuiltAfterTruncation();
    void envelopeKeepsEveryPointWhenSmall();
};

namespace {

MetricPoint pointAt(qint64 i)
{
    return MetricPoint{double(i), 1700000000000 + i,
                       std::sin(double(i) / 17.0) * 100.0 + double(i % 7)};
}

bool samePoint(const MetricPoint &a, const MetricPoint &b)
{
    return a.step == b.step && a.wallMs == b.wallMs &&
           (a.value == b.value || (std::isnan(a.value) && std::isnan(b.value)));
}

} // namespace

void TestMetricStore::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestMetricStore::appendAndReopen()
{
    QTemporaryDir dir;
    const SeriesKey key{kinds::Log, QStringLiteral("chief-0"), QStringLiteral("loss")};
    {
        SeriesWriter w;
        QString error;
        QVERIFY2(w.open(dir.path(), key, -1, &error), qPrintable(error));
        for (int i = 0; i < 1000; ++i)
            w.append(pointAt(i));
        QVERIFY(w.flush());
        QCOMPARE(w.count(), 1000);
    }
    {
        SeriesWriter w; // reopened: appends continue after the stored points
        QVERIFY(w.open(dir.path(), key, -1, nullptr));
        QCOMPARE(w.count(), 1000);
        for (int i = 1000; i < 1500; ++i)
            w.append(pointAt(i));
        QVERIFY(w.flush());
    }
    SeriesReader r;
    QString error;
    QVERIFY2(r.open(QDir(dir.path()).filePath(seriesFileName(key)), &error), qPrintable(error));
    QCOMPARE(r.key(), key);
    QCOMPARE(r.count(), 1500);
    for (int i = 0; i < 1500; ++i)
        QVERIFY2(samePoint(r.point(i), pointAt(i)), qPrintable(QString::number(i)));
    // Another key gets another file.
    QVERIFY(seriesFileName(key) != seriesFileName(SeriesKey{kinds::Log, QStringLiteral("chief-0"),
                                                            QStringLiteral("acc")}));
}

void TestMetricStore::tornTailIgnored()
{
    QTemporaryDir dir;
    const SeriesKey key{kinds::Log, QStringLiteral("w"), QStringLiteral("loss")};
    const QString path = QDir(dir.path()).filePath(seriesFileName(key));
    {
        SeriesWriter w;
        QVERIFY(w.open(dir.path(), key, -1, nullptr));
        for (int i = 0; i < 100; ++i)
            w.append(pointAt(i));
        w.flush();
    }
    // A writer killed in the middle of a record: 11 bytes of the 101st point.
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        const MetricPoint p = pointAt(100);
        f.write(reinterpret_cast<const char *>(&p), 11);
    }
    SeriesReader r;
    QVERIFY(r.open(path));
    QCOMPARE(r.count(), 100);
    QVERIFY(samePoint(r.point(99), pointAt(99)));
    // The next writer drops the torn bytes and continues cleanly.
    {
        SeriesWriter w;
        QVERIFY(w.open(dir.path(), key, -1, nullptr));
        QCOMPARE(w.count(), 100);
        w.append(pointAt(100));
        w.flush();
    }
    QVERIFY(r.refresh());
    QCOMPARE(r.count(), 101);
    QVERIFY(samePoint(r.point(100), pointAt(100)));
}

void TestMetricStore::versionHeader()
{
    QTemporaryDir dir;
    const SeriesKey key{kinds::Hypertune, QStringLiteral("chief-0.trial-2"), QStringLiteral("auc")};
    const QString path = QDir(dir.path()).filePath(seriesFileName(key));
    {
        SeriesWriter w;
        QVERIFY(w.open(dir.path(), key, -1, nullptr));
        w.append(pointAt(0));
        w.flush();
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    const QByteArray head = f.read(32);
    QCOMPARE(head.left(8), QByteArray("TYSERIES"));
    quint32 version = 0;
    quint64 count = 0;
    std::memcpy(&version, head.constData() + 8, 4);
    std::memcpy(&count, head.constData() + 24, 8);
    QCOMPARE(version, SeriesVersion);
    QCOMPARE(count, quint64(1)); // the header's count follows flushes
    SeriesKey read;
    QVERIFY(readSeriesHeader(path, &read, nullptr, nullptr));
    QCOMPARE(read, key);
    // A future version is refused with the file named, never misread.
    const quint32 future = SeriesVersion + 1;
    f.seek(8);
    f.write(reinterpret_cast<const char *>(&future), 4);
    f.close();
    QString error;
    QVERIFY(!readSeriesHeader(path, nullptr, nullptr, &error));
    QVERIFY2(error.contains(path) && error.contains(QString::number(future)), qPrintable(error));
    SeriesReader r;
    QVERIFY(!r.open(path));
    SeriesWriter w;
    QVERIFY(!w.open(dir.path(), key, -1, &error));
    // Not a series file at all.
    QFile junk(QDir(dir.path()).filePath(QStringLiteral("junk.tyms")));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write("hello world, this is not a metric series file at all");
    junk.close();
    QVERIFY(!readSeriesHeader(junk.fileName(), nullptr, nullptr, &error));
    QVERIFY(error.contains(QStringLiteral("TYSERIES")));
}

void TestMetricStore::pyramidMatchesRawPoints_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("flushEvery");
    QTest::newRow("one level, partial bucket") << 100 << 1000;
    QTest::newRow("three levels, flushed often") << 70001 << 333;
    QTest::newRow("four levels, exact buckets") << 2048 * 9 << 5000;
}

void TestMetricStore::pyramidMatchesRawPoints()
{
    QFETCH(int, count);
    QFETCH(int, flushEvery);
    QTemporaryDir dir;
    const SeriesKey key{kinds::Log, QStringLiteral("w"), QStringLiteral("loss")};
    QVector<MetricPoint> raw;
    QRandomGenerator rng(7);
    {
        SeriesWriter w;
        QVERIFY(w.open(dir.path(), key, -1, nullptr));
        for (int i = 0; i < count; ++i) {
            MetricPoint p{double(i), 1000 + i, rng.generateDouble() * 10 - 5};
            if (i % 1001 == 5)
                p.value = std::numeric_limits<double>::quiet_NaN(); // skipped by min/max
            raw.append(p);
            w.append(p);
            if (i % flushEvery == 0)
                w.flush();
        }
    }
    SeriesReader r;
    QVERIFY(r.open(QDir(dir.path()).filePath(seriesFileName(key))));
    QCOMPARE(r.count(), qint64(count));
    for (int level = 1; level <= PyramidLevels; ++level) {
        const qint64 size = bucketSize(level);
        QCOMPARE(r.bucketCount(level), count / size);
        const Bucket *b = r.buckets(level);
        for (qint64 k = 0; k < r.bucketCount(level); ++k) {
            double lo = std::numeric_limits<double>::infinity();
            double hi = -lo;
            qint64 loAt = -1;
            qint64 hiAt = -1;
            for (qint64 i = k * size; i < (k + 1) * size; ++i) {
                const double v = raw.at(i).value;
                if (std::isnan(v))
                    continue;
                if (v < lo) {
                    lo = v;
                    loAt = i;
                }
                if (v > hi) {
                    hi = v;
                    hiAt = i;
                }
            }
            QCOMPARE(b[k].minValue, lo);
            QCOMPARE(b[k].maxValue, hi);
            QCOMPARE(b[k].minIndex, loAt);
            QCOMPARE(b[k].maxIndex, hiAt);
            QCOMPARE(b[k].minStep, raw.at(loAt).step);
            QCOMPARE(b[k].maxWall, raw.at(hiAt).wallMs);
            QCOMPARE(b[k].lastStep, raw.at((k + 1) * size - 1).step);
        }
    }
    // minMax over any range is exact (pyramid + records at the edges).
    for (auto [first, end] :
         {std::pair<qint64, qint64>{0, count}, {3, count - 7}, {count / 3, count / 2}}) {
        double lo = std::numeric_limits<double>::infinity();
        double hi = -lo;
        for (qint64 i = first; i < end; ++i) {
            if (!std::isnan(raw.at(i).value)) {
                lo = std::min(lo, raw.at(i).value);
                hi = std::max(hi, raw.at(i).value);
            }
        }
        double gotLo = 0;
        double gotHi = 0;
        QVERIFY(r.minMax(first, end, &gotLo, &gotHi));
        QCOMPARE(gotLo, lo);
        QCOMPARE(gotHi, hi);
    }
    // The envelope for 400 points keeps the global extremes and stays small.
    qint64 bucket = 0;
    const QVector<MetricPoint> env = r.envelope(0, count, 400, &bucket);
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const MetricPoint &p : env) {
        if (!std::isnan(p.value)) {
            lo = std::min(lo, p.value);
            hi = std::max(hi, p.value);
        }
    }
    double allLo = 0;
    double allHi = 0;
    QVERIFY(r.minMax(0, count, &allLo, &allHi));
    QCOMPARE(lo, allLo);
    QCOMPARE(hi, allHi);
    if (count > 400) {
        QVERIFY(bucket > 1);
        QVERIFY2(env.size() <= 400 + 4 * 2 * BucketFactor * 2 + 64,
                 qPrintable(QString::number(env.size())));
    }
    for (qsizetype i = 1; i < env.size(); ++i)
        QVERIFY(env.at(i - 1).step <= env.at(i).step); // in index order
}

void TestMetricStore::pyramidRebuiltAfterTruncation()
{
    QTemporaryDir dir;
    const SeriesKey key{kinds::Log, QStringLiteral("w"), QStringLiteral("loss")};
    {
        SeriesWriter w;
        QVERIFY(w.open(dir.path(), key, -1, nullptr));
        for (int i = 0; i < 5000; ++i)
            w.append(pointAt(i));
        w.flush();
    }
    // The progress vouches for 3000 points (a crash after 5000 were written): truncated, and the
    // levels follow; appending again gives the same pyramid as writing straight through.
    {
        SeriesWriter w;
        QVERIFY(w.open(dir.path(), key, 3000, nullptr));
        QCOMPARE(w.count(), 3000);
        for (int i = 3000; i < 6000; ++i)
            w.append(MetricPoint{double(i), 0, double(-i)});
        w.flush();
    }
    QTemporaryDir straight;
    {
        SeriesWriter w;
        QVERIFY(w.open(straight.path(), key, -1, nullptr));
        for (int i = 0; i < 3000; ++i)
            w.append(pointAt(i));
        for (int i = 3000; i < 6000; ++i)
            w.append(MetricPoint{double(i), 0, double(-i)});
        w.flush();
    }
    SeriesReader a;
    SeriesReader b;
    QVERIFY(a.open(QDir(dir.path()).filePath(seriesFileName(key))));
    QVERIFY(b.open(QDir(straight.path()).filePath(seriesFileName(key))));
    QCOMPARE(a.count(), b.count());
    for (int level = 1; level <= PyramidLevels; ++level) {
        QCOMPARE(a.bucketCount(level), b.bucketCount(level));
        QVERIFY(std::memcmp(a.buckets(level), b.buckets(level),
                            size_t(a.bucketCount(level)) * sizeof(Bucket)) == 0);
    }
}

void TestMetricStore::envelopeKeepsEveryPointWhenSmall()
{
    QTemporaryDir dir;
    const SeriesKey key{kinds::Log, QStringLiteral("w"), QStringLiteral("loss")};
    SeriesWriter w;
    QVERIFY(w.open(dir.path(), key, -1, nullptr));
    for (int i = 0; i < 300; ++i)
        w.append(pointAt(i));
    w.flush();
    SeriesReader r;
    QVERIFY(r.open(QDir(dir.path()).filePath(seriesFileName(key))));
    qint64 bucket = 0;
    const QVector<MetricPoint> env = r.envelope(10, 250, 1000, &bucket);
    QCOMPARE(bucket, 1);
    QCOMPARE(env.size(), 240);
    QVERIFY(samePoint(env.first(), pointAt(10)));
    QCOMPARE(r.lowerBound(100.5, false), 101);
    QCOMPARE(r.lowerBound(double(1700000000000 + 42), true), 42);
}

QTEST_GUILESS_MAIN(TestMetricStore)
#include "tst_metricstore.moc"
