// SPDX-License-Identifier: MIT
// Issue 21: the metric store with thousands of series. The writers and readers hold no file
// open (a job's 1,024 descriptors are its replicas'), a short series is one file (no empty
// pyramid levels: 5,000 TensorBoard tags make 5,000 files, not 40,000), a full disk stops a
// series with the OS reason, and the console's follower maps only the series it draws.
#include "common/tfeventswriter.h"
#include "metrics/metricrecorder.h"
#include "metrics/metricstore.h"
#include "metrics/storefollower.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <sys/resource.h>
#include <sys/stat.h>

using namespace trainyard::metrics;
using trainyard::test::TfEventsWriter;

namespace {

int openDescriptors()
{
    return int(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::Files | QDir::System).size());
}

// The inode of a file (-1: none): a replaced file has a new one, a kept file the same.
qint64 inodeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? qint64(st.st_ino) : -1;
}

int mappings()
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    return maps.open(QIODevice::ReadOnly) ? int(maps.readAll().count('\n')) : -1;
}

// The soft limit lowered for the lifetime of the object (children and this process).
class DescriptorLimit
{
public:
    explicit DescriptorLimit(rlim_t soft)
    {
        ::getrlimit(RLIMIT_NOFILE, &m_saved);
        rlimit lowered = m_saved;
        lowered.rlim_cur = std::min(soft, m_saved.rlim_max);
        ::setrlimit(RLIMIT_NOFILE, &lowered);
    }
    ~DescriptorLimit() { ::setrlimit(RLIMIT_NOFILE, &m_saved); }

private:
    rlimit m_saved = {};
};

} // namespace

class TestMetricStoreLimits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void thousandsOfSeriesUnderDescriptorLimit();
    void manyTensorBoardTagsFewFiles();
    void levelFilesAppearWithTheirFirstBucket();
    void progressKeepsAnyNameAndCount();
    void unchangedProgressIsNotRewritten();
    void everyProgressFieldChangeIsSaved();
    void systemPointsLeaveProgressAlone();
    void longNamesReadBack_data();
    void longNamesReadBack();
};

void TestMetricStoreLimits::thousandsOfSeriesUnderDescriptorLimit()
{
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("metrics"));
    const int series = 2000;
    const DescriptorLimit limit(1024);
    const int before = openDescriptors();
    {
        MetricRecorder recorder(store, {});
        QVERIFY(recorder.open(0));
        for (int round = 0; round < 3; ++round) {
            for (int i = 0; i < series; ++i) {
                recorder.addPoint(SeriesKey{kinds::Log, QStringLiteral("chief-0"),
                                            QStringLiteral("layer%1_grad_norm").arg(i)},
                                  MetricPoint{double(round), 1700000000000 + round, double(i)});
            }
            QString error;
            QVERIFY2(recorder.flush(&error), qPrintable(error));
            // The lock file at most: no series holds a descriptor between flushes.
            QVERIFY2(openDescriptors() <= before + 2,
                     qPrintable(QString::number(openDescriptors() - before)));
        }
    }
    QCOMPARE(seriesFiles(store).size(), series);

    // The console's follower: a summary of every series, a mapping only for what it draws.
    const int mapsBefore = mappings();
    StoreFollower follower(store, QString(), QString(), {});
    QVERIFY(follower.pollOnce());
    QCOMPARE(follower.summary().size(), series);
    for (const SeriesInfo &info : follower.summary())
        QCOMPARE(info.count, qint64(3));
    QVERIFY(openDescriptors() <= before + 1);
    QVERIFY2(mappings() - mapsBefore < 100, qPrintable(QString::number(mappings() - mapsBefore)));
    DrawRequest request;
    request.metric = QStringLiteral("layer1234_grad_norm");
    const DrawResult drawn = follower.compute(request);
    QCOMPARE(drawn.series.size(), 1);
    QCOMPARE(drawn.series.first().points.size(), 3);
    QCOMPARE(drawn.series.first().points.last().y(), 1234.0);
    QVERIFY(openDescriptors() <= before + 1);
    // An unchanged store is not looked at again.
    QVERIFY(!follower.pollOnce());
}

void TestMetricStoreLimits::manyTensorBoardTagsFewFiles()
{
    // 5,000 tags (the 100,000-tag store is bench_metrics'): one file per series.
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("metrics"));
    const QString logs = dir.filePath(QStringLiteral("output"));
    const int tags = 5000;
    {
        TfEventsWriter w(logs + QLatin1Char('/') + TfEventsWriter::fileName(1700000000));
        for (int i = 0; i < tags; ++i)
            w.record(w.scalarEvent({{QStringLiteral("tag%1").arg(i), double(i)}}, 1,
                                   TfEventsWriter::Encoding::SimpleValue, 1700000000.0));
    }
    const DescriptorLimit limit(1024);
    MetricRecorder recorder(store, {});
    QVERIFY(recorder.open(0));
    int points = 0;
    for (int i = 0; i < 50 && points < tags; ++i)
        points += recorder.syncTensorBoard({logs}, 64 * 1024 * 1024);
    QCOMPARE(points, tags);
    QString error;
    QVERIFY2(recorder.flush(&error), qPrintable(error));
    recorder.close();
    QCOMPARE(seriesFiles(store).size(), tags);
    // The series, progress.json and the lock: nothing else.
    QVERIFY(QDir(store).entryList(QDir::Files | QDir::Hidden).size() <= tags + 2);
}

void TestMetricStoreLimits::levelFilesAppearWithTheirFirstBucket()
{
    QTemporaryDir dir;
    const SeriesKey key{kinds::Log, QStringLiteral("chief-0"), QStringLiteral("loss")};
    const QString path = QDir(dir.path()).filePath(seriesFileName(key));
    SeriesWriter w;
    QVERIFY(w.open(dir.path(), key, -1, nullptr));
    for (int i = 0; i < 31; ++i)
        w.append(MetricPoint{double(i), 0, double(i)});
    QVERIFY(w.flush());
    QVERIFY(!QFile::exists(seriesLevelPath(path, 1)));
    w.append(MetricPoint{31, 0, 31});
    QVERIFY(w.flush());
    QVERIFY(QFile::exists(seriesLevelPath(path, 1)));
    QVERIFY(!QFile::exists(seriesLevelPath(path, 2)));
    for (int i = 32; i < 256; ++i)
        w.append(MetricPoint{double(i), 0, double(i)});
    QVERIFY(w.flush());
    QVERIFY(QFile::exists(seriesLevelPath(path, 2)));
    QVERIFY(!QFile::exists(seriesLevelPath(path, 3)));
    SeriesReader r;
    QVERIFY(r.open(path));
    QCOMPARE(r.count(), qint64(256));
    QCOMPARE(r.bucketCount(1), qint64(8));
    QCOMPARE(r.bucketCount(2), qint64(1));
    double lo = 0;
    double hi = 0;
    QVERIFY(r.minMax(0, 256, &lo, &hi));
    QCOMPARE(lo, 0.0);
    QCOMPARE(hi, 255.0);
}

// progress.json is written as text, not through QJsonObject (quadratic in the number of
// series): whatever a log or an event file is named, and however large a count, it reads back
// as it was written.
void TestMetricStoreLimits::progressKeepsAnyNameAndCount()
{
    QTemporaryDir dir;
    StoreProgress progress;
    progress.patterns = {QStringLiteral("(?P<name>loss)=\"(?P<value>[0-9.]+)\"\\t")};
    progress.tensorBoardRoots = {QStringLiteral("/runs/\u00dcbung \"eins\"")};
    const QStringList names = {
        QStringLiteral("chief-0.log"), QStringLiteral("quote\"back\\slash.log"),
        QStringLiteral("new\nline\ttab\x01bell.log"), QStringLiteral("\u00fcbung-\U0001F600.log")};
    qint64 offset = 1;
    for (const QString &name : names) {
        progress.logOffsets.insert(name, offset);
        progress.fileMarks.insert(QStringLiteral("tensorboard:") + name, offset * 7);
        offset *= 1000;
    }
    progress.lastSteps.insert(names.at(1), 12.5);
    progress.lastSteps.insert(names.at(2), 1e300);
    for (int i = 0; i < 1000; ++i)
        progress.seriesCounts.insert(QStringLiteral("%1.tyms").arg(i, 16, 16, QLatin1Char('0')),
                                     qint64(i) * 4096);
    progress.seriesCounts.insert(QStringLiteral("big.tyms"), qint64(1) << 52);
    QString error;
    QVERIFY2(progress.save(dir.path(), &error), qPrintable(error));

    QFile file(dir.filePath(QStringLiteral("progress.json")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonParseError parse;
    QJsonDocument::fromJson(file.readAll(), &parse);
    QCOMPARE(parse.error, QJsonParseError::NoError);

    const StoreProgress back = StoreProgress::load(dir.path());
    QVERIFY(back.valid);
    QCOMPARE(back.patterns, progress.patterns);
    QCOMPARE(back.tensorBoardRoots, progress.tensorBoardRoots);
    QCOMPARE(back.logOffsets, progress.logOffsets);
    QCOMPARE(back.lastSteps, progress.lastSteps);
    QCOMPARE(back.fileMarks, progress.fileMarks);
    QCOMPARE(back.seriesCounts, progress.seriesCounts);
    QCOMPARE(back.toJson(), progress.toJson());
}

// A store whose series did not move is not written again every second (with 100,000 series
// that was a 3 MB file, rewritten and synced each time).
void TestMetricStoreLimits::unchangedProgressIsNotRewritten()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("progress.json"));
    const auto inode = [&path] { return inodeOf(path); };
    StoreProgress progress;
    progress.seriesCounts.insert(QStringLiteral("a.tyms"), 1);
    QVERIFY(progress.save(dir.path(), nullptr));
    const qint64 first = inode();
    QVERIFY(first > 0);
    QVERIFY(progress.save(dir.path(), nullptr));
    QCOMPARE(inode(), first); // the same file: not replaced
    progress.seriesCounts.insert(QStringLiteral("a.tyms"), 2);
    QVERIFY(progress.save(dir.path(), nullptr));
    QVERIFY(inode() != first); // replaced atomically, as every store file is
    QCOMPARE(StoreProgress::load(dir.path()).seriesCounts.value(QStringLiteral("a.tyms")), 2);
    // A progress read back from the file writes it again once (it knows nothing of the file).
    StoreProgress reread = StoreProgress::load(dir.path());
    const qint64 second = inode();
    QVERIFY(reread.save(dir.path(), nullptr));
    QVERIFY(reread.save(dir.path(), nullptr));
    QVERIFY(inode() != second);
}

// save() knows an untouched progress without building its text (the containers still share
// their data with its last copies). Any change of any field must still reach the file, also a
// change to a value it had before; an insert of the same value detaches a container but writes
// nothing.
void TestMetricStoreLimits::everyProgressFieldChangeIsSaved()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("progress.json"));
    const auto inode = [&path] { return inodeOf(path); };
    StoreProgress progress;
    progress.valid = true;
    progress.seriesCounts.insert(QStringLiteral("a.tyms"), 1);
    QVERIFY(progress.save(dir.path(), nullptr));
    qint64 last = inode();
    progress.seriesCounts.insert(QStringLiteral("a.tyms"), 1); // the same value
    QVERIFY(progress.save(dir.path(), nullptr));
    QCOMPARE(inode(), last);

    const QList<std::function<void(StoreProgress &)>> changes = {
        [](StoreProgress &p) { p.patterns = {QStringLiteral("acc=(?<value>\\S+)")}; },
        [](StoreProgress &p) { p.logOffsets.insert(QStringLiteral("chief-0.log"), 4096); },
        [](StoreProgress &p) { p.lastSteps.insert(QStringLiteral("chief-0.log"), 12.0); },
        [](StoreProgress &p) { p.fileMarks.insert(QStringLiteral("tensorboard:/x"), 77); },
        [](StoreProgress &p) { p.seriesCounts.insert(QStringLiteral("b.tyms"), 3); },
        [](StoreProgress &p) { p.tensorBoardRoots = {QStringLiteral("/jobs/x")}; },
        [](StoreProgress &p) { p.seriesCounts.insert(QStringLiteral("a.tyms"), 2); },
        [](StoreProgress &p) { p.seriesCounts.insert(QStringLiteral("a.tyms"), 1); }, // back
    };
    for (int i = 0; i < changes.size(); ++i) {
        changes.at(i)(progress);
        QVERIFY(progress.save(dir.path(), nullptr));
        QVERIFY2(inode() != last, qPrintable(QStringLiteral("change %1 not saved").arg(i)));
        last = inode();
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), progress.toJson());
    }
}

// The owner of a job whose trainer is idle stores the system series' point every second; the
// progress file (2.7 MB with 100,000 series) is not rewritten for them: their count is not in
// it, and a writer opening them again keeps every complete record.
void TestMetricStoreLimits::systemPointsLeaveProgressAlone()
{
    QTemporaryDir dir;
    const QString progress = dir.filePath(QStringLiteral("progress.json"));
    const SeriesKey loss{kinds::TensorBoard, QStringLiteral("train"), QStringLiteral("loss")};
    const SeriesKey cpu{kinds::System, QStringLiteral("chief-0"),
                        QStringLiteral("system/cpu_percent")};
    {
        MetricRecorder recorder(dir.path(), {});
        QVERIFY(recorder.open(0));
        recorder.addPoint(loss, MetricPoint{1, 1000, 0.5});
        recorder.addPoint(cpu, MetricPoint{0, 1000, 12});
        QVERIFY(recorder.flush());
        const qint64 written = inodeOf(progress);
        QVERIFY(written > 0);
        StoreFollower follower(dir.path(), QString(), QString(), {}); // the console's
        follower.pollOnce();
        const auto cpuCount = [&follower, &cpu] {
            for (const SeriesInfo &info : follower.summary()) {
                if (info.key == cpu)
                    return info.count;
            }
            return qint64(-1);
        };
        QCOMPARE(cpuCount(), qint64(1));
        for (int second = 1; second <= 5; ++second) { // the sampler's points, nothing else
            recorder.addPoint(cpu, MetricPoint{double(second), 1000 + second * 1000, 10.0});
            QVERIFY(recorder.flush());
            QCOMPARE(inodeOf(progress), written);
            // The console still sees each point at its next round.
            QVERIFY(follower.pollOnce());
            QCOMPARE(cpuCount(), qint64(second + 1));
        }
        recorder.addPoint(loss, MetricPoint{2, 7000, 0.25}); // a training point: saved
        QVERIFY(recorder.flush());
        QVERIFY(inodeOf(progress) != written);
        QVERIFY(!StoreProgress::load(dir.path()).seriesCounts.contains(seriesFileName(cpu)));
    }
    // Opened again (the owner of a restarted job, or after it died between flushes): the system
    // points stay, the next ones follow them.
    MetricRecorder again(dir.path(), {});
    QVERIFY(again.open(0));
    again.addPoint(cpu, MetricPoint{6, 7000, 9});
    QVERIFY(again.flush());
    again.close();
    SeriesReader reader;
    QVERIFY(reader.open(dir.filePath(seriesFileName(cpu))));
    QCOMPARE(reader.count(), qint64(7));
    QCOMPARE(reader.point(6).value, 9.0);
}

void TestMetricStoreLimits::longNamesReadBack_data()
{
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("expected"); // UTF-8 bytes of the name read back
    QTest::newRow("4,096 bytes") << 4096 << 4096;
    QTest::newRow("5,000 bytes (over the first read)") << 5000 << 5000;
    QTest::newRow("65,535 bytes (the most a header holds)") << 65535 << 65535;
    QTest::newRow("70,000 bytes: cut at 65,534, a character's start") << 70000 << 65534;
}

// A metric name (a TensorBoard tag, a log line's key) of any length reads back: the header was
// read in its first 4,096 bytes, so a series named longer was stored and never shown. Over the
// 65,535 bytes a header field holds, the name is cut at a character's start, and the series
// opens again with the name it was given.
void TestMetricStoreLimits::longNamesReadBack()
{
    QFETCH(int, length);
    QFETCH(int, expected);
    QTemporaryDir dir;
    QString name;
    while (name.toUtf8().size() + 2 <= length) // "é" is 2 bytes: a cut may fall inside one
        name += QChar(0x00E9);
    if (name.toUtf8().size() < length)
        name += QLatin1Char('x');
    QCOMPARE(int(name.toUtf8().size()), length);
    const SeriesKey key{kinds::TensorBoard, QStringLiteral("train"), name};
    {
        MetricRecorder recorder(dir.path(), {});
        QVERIFY(recorder.open(0));
        recorder.addPoint(key, MetricPoint{1, 1000, 0.5});
        QVERIFY(recorder.flush());
    }
    StoreFollower follower(dir.path(), QString(), QString(), {});
    follower.pollOnce();
    QCOMPARE(follower.summary().size(), 1);
    const QString back = follower.summary().first().key.metric;
    QCOMPARE(int(back.toUtf8().size()), expected);
    QVERIFY(name.startsWith(back));
    QCOMPARE(follower.summary().first().count, qint64(1));
    // The writer opens it again and appends (no "holds another series").
    MetricRecorder again(dir.path(), {});
    QVERIFY(again.open(0));
    again.addPoint(key, MetricPoint{2, 2000, 0.25});
    QString error;
    QVERIFY2(again.flush(&error), qPrintable(error));
    again.close();
    follower.pollOnce();
    QCOMPARE(follower.summary().first().count, qint64(2));
}

QTEST_GUILESS_MAIN(TestMetricStoreLimits)
#include "tst_metricstorelimits.moc"
