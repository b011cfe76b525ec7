// SPDX-License-Identifier: MIT
// The metric recorder: extraction from real log files into the store (catch-up, a crash between
// flushes, other patterns), the owner hook that sees every line, and the owner following a log
// live; the store view drawing and exporting, TensorBoard event files followed.
#include "common/tfeventswriter.h"
#include "logs/logcapture.h"
#include "logs/logwriter.h"
#include "metrics/metricrecorder.h"
#include "metrics/metricstore.h"
#include "metrics/ownermetrics.h"
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

class TestMetricRecorder : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void recorderCatchUpAndProgress();
    void recorderCrashBeforeProgressStoresNoDuplicate();
    void recorderOtherPatternsExtractAgain();
    void ownerHookSeesEveryLine();
    void catchUpMatchesExtractor();
    void ownerFollowsTheLogLive();
    void storeViewDrawsAndExports();
    void tensorBoardEventFilesFollowed();
};

namespace {

bool samePoint(const MetricPoint &a, const MetricPoint &b)
{
    return a.step == b.step && a.wallMs == b.wallMs &&
           (a.value == b.value || (std::isnan(a.value) && std::isnan(b.value)));
}

void writeLog(const QString &path, const QList<QByteArray> &lines, qint64 t0 = 1700000000000)
{
    trainyard::logs::LogWriter writer;
    QVERIFY(writer.open(path));
    qint64 t = t0;
    for (const QByteArray &line : lines)
        writer.append(t++, trainyard::logs::Stream::Stdout, trainyard::logs::Severity::Info, false,
                      line.constData(), line.size());
    writer.close();
}

} // namespace

void TestMetricRecorder::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestMetricRecorder::recorderCatchUpAndProgress()
{
    QTemporaryDir job;
    QDir(job.path()).mkpath(QStringLiteral("logs"));
    QDir(job.path()).mkpath(QStringLiteral("hypertune"));
    const QString logs = job.filePath(QStringLiteral("logs"));
    const QString store = job.filePath(QStringLiteral("metrics"));
    writeLog(logs + QStringLiteral("/chief-0.log"),
             {"starting", "step=1 loss=0.9 accuracy=0.5", "step=2 loss=0.8",
              "20/20 [====] - 0s - loss: 0.75 - accuracy: 0.6"});
    QFile ht(job.filePath(QStringLiteral("hypertune/chief-0.metrics")));
    QVERIFY(ht.open(QIODevice::WriteOnly));
    ht.write(R"({"timestamp": 1700000000.5, "trial": "0", "global_step": "7", "auc": 0.91})"
             "\n");
    ht.close();
    {
        MetricRecorder rec(store, {});
        QVERIFY(rec.open(0));
        // A second writer is refused while the first holds the store.
        MetricRecorder other(store, {});
        QVERIFY(!other.open(0));
        QVERIFY(rec.catchUpLogs(logs, 1 << 20) > 0);
        QCOMPARE(rec.catchUpLogs(logs, 1 << 20), 0);
        QCOMPARE(rec.pollHypertune(job.filePath(QStringLiteral("hypertune"))), 1);
        QVERIFY(rec.flush());
    }
    // More lines arrive; the next reader continues where the progress says.
    {
        trainyard::logs::LogWriter writer;
        QVERIFY(writer.open(logs + QStringLiteral("/chief-0.log")));
        const QByteArray line("step=3 loss=0.7");
        writer.append(1700000001000, trainyard::logs::Stream::Stdout,
                      trainyard::logs::Severity::Info, false, line.constData(), line.size());
    }
    StoreFollower view(store, logs, job.filePath(QStringLiteral("hypertune")), {});
    view.pollOnce();
    QVERIFY(view.caughtUp());
    QHash<QString, qint64> counts;
    for (const SeriesInfo &info : view.summary())
        counts.insert(info.key.metric + QLatin1Char('/') + info.display, info.count);
    QCOMPARE(counts.value(QStringLiteral("loss/chief-0")), 3);
    QCOMPARE(counts.value(QStringLiteral("accuracy/chief-0")), 1);
    // The Keras epoch line after per-step lines: its own series, at its batch (20).
    QCOMPARE(counts.value(QStringLiteral("loss (epoch)/chief-0")), 1);
    QCOMPARE(counts.value(QStringLiteral("accuracy (epoch)/chief-0")), 1);
    QCOMPARE(counts.value(QStringLiteral("auc/chief-0 (hypertune)")), 1);
    for (const SeriesInfo &info : view.summary()) {
        if (info.key.metric == QLatin1String("loss")) {
            QCOMPARE(info.last, 0.7);
            QCOMPARE(info.min, 0.7);
            QCOMPARE(info.max, 0.9);
            QCOMPARE(info.lastStep, 3.0);
        }
    }
    SeriesReader r;
    QVERIFY(r.open(QDir(store).filePath(seriesFileName(
        SeriesKey{kinds::Log, QStringLiteral("chief-0"), QStringLiteral("loss (epoch)")}))));
    QCOMPARE(r.point(0).step, 20.0);
    QCOMPARE(r.point(0).value, 0.75);
}

void TestMetricRecorder::recorderCrashBeforeProgressStoresNoDuplicate()
{
    QTemporaryDir job;
    QDir(job.path()).mkpath(QStringLiteral("logs"));
    const QString logs = job.filePath(QStringLiteral("logs"));
    const QString store = job.filePath(QStringLiteral("metrics"));
    QList<QByteArray> lines;
    for (int i = 0; i < 100; ++i)
        lines.append("step=" + QByteArray::number(i) + " loss=" + QByteArray::number(i * 0.5));
    writeLog(logs + QStringLiteral("/w.log"), lines);
    {
        MetricRecorder rec(store, {});
        QVERIFY(rec.open(0));
        QVERIFY(rec.catchUpLogs(logs, 1 << 20) > 0);
        QVERIFY(rec.flush());
    }
    // A "crash": points written to the series after the last progress file.
    const SeriesKey key{kinds::Log, QStringLiteral("w"), QStringLiteral("loss")};
    {
        SeriesWriter w;
        QVERIFY(w.open(store, key, -1, nullptr));
        for (int i = 0; i < 10; ++i)
            w.append(MetricPoint{999, 0, 999});
        w.flush();
    }
    {
        MetricRecorder rec(store, {});
        QVERIFY(rec.open(0));
        QCOMPARE(rec.catchUpLogs(logs, 1 << 20), 0);
        QVERIFY(rec.flush());
    }
    SeriesReader r;
    QVERIFY(r.open(QDir(store).filePath(seriesFileName(key))));
    QCOMPARE(r.count(), 100);
    QCOMPARE(r.point(99).value, 49.5);
}

void TestMetricRecorder::recorderOtherPatternsExtractAgain()
{
    QTemporaryDir job;
    QDir(job.path()).mkpath(QStringLiteral("logs"));
    const QString logs = job.filePath(QStringLiteral("logs"));
    const QString store = job.filePath(QStringLiteral("metrics"));
    writeLog(logs + QStringLiteral("/w.log"), {"step=1 loss=1", "eval auc 0.5", "eval auc 0.7"});
    {
        MetricRecorder rec(store, {});
        QVERIFY(rec.open(0));
        rec.catchUpLogs(logs, 1 << 20);
        rec.flush();
    }
    const QStringList patterns{QStringLiteral(R"(eval auc (?<auc>[0-9.]+))")};
    {
        MetricRecorder rec(store, patterns);
        QVERIFY(rec.open(0));
        QVERIFY(rec.reextracting());
        rec.catchUpLogs(logs, 1 << 20);
        rec.flush();
    }
    StoreFollower view(store, QString(), QString(), patterns);
    view.pollOnce();
    QStringList names;
    for (const SeriesInfo &info : view.summary())
        names.append(info.key.metric + QLatin1Char('=') + QString::number(info.count));
    QCOMPARE(names, (QStringList{QStringLiteral("auc=2"), QStringLiteral("loss=1")}));
}

void TestMetricRecorder::ownerHookSeesEveryLine()
{
    // LogCapture -> observer -> recorder, as the owner wires it: the store then equals what a
    // later catch-up from the log finds, and the progress offset is the log's size.
    QTemporaryDir job;
    QDir(job.path()).mkpath(QStringLiteral("logs"));
    const QString logPath = job.filePath(QStringLiteral("logs/chief-0.log"));
    const QString store = job.filePath(QStringLiteral("metrics"));
    trainyard::logs::LogWriter writer;
    QVERIFY(writer.open(logPath));
    trainyard::logs::LogCapture capture(&writer, QStringLiteral("chief-0"));
    MetricRecorder rec(store, {});
    QVERIFY(rec.open(0));
    capture.setLineObserver(
        [&rec](qint64 wall, bool cont, const char *data, qsizetype size, qint64 end) {
            rec.addLine(QStringLiteral("chief-0"), wall, cont, data, size, end);
        });
    QByteArray out;
    for (int i = 0; i < 500; ++i)
        out +=
            "step=" + QByteArray::number(i) + " loss=" + QByteArray::number(1.0 / (i + 1)) + "\n";
    capture.feed(trainyard::logs::Stream::Stdout, out.left(777));
    capture.feed(trainyard::logs::Stream::Stdout, out.mid(777));
    capture.finish();
    rec.close();
    const StoreProgress progress = StoreProgress::load(store);
    QCOMPARE(progress.logOffsets.value(QStringLiteral("chief-0")), QFileInfo(logPath).size());
    StoreFollower view(store, job.filePath(QStringLiteral("logs")), QString(), {});
    view.pollOnce();
    QCOMPARE(view.summary().size(), 1);
    QCOMPARE(view.summary().first().count, 500);
    QCOMPARE(view.summary().first().last, 1.0 / 500);
}

void TestMetricRecorder::catchUpMatchesExtractor()
{
    // The catch-up's allocation-free extraction (and its prefilter) stores exactly what
    // MetricExtractor::extract() finds on each line, with the same step rules.
    const QList<QByteArray> lines{"no metrics here", "loss=1.5 loss=2.5 acc=0.25",
                                  "global_step=7 step=3 x=1e-3", "step=4 global_step=9 x=-2",
                                  // (names of its own: a Keras line's loss beside per-step
                                  // losses is "loss (epoch)", linestate.h)
                                  "20/20 [====] - 0s 2ms/step - val_loss: 0.5 - val_acc: nan",
                                  "ERROR: boom", "iteration=11 y=+3 z=inf w=1e999 v=0x10 u=1-2",
                                  "(lr=0.1, momentum=.9]", "global_step=12 x=2"};
    QTemporaryDir job;
    QDir(job.path()).mkpath(QStringLiteral("logs"));
    const QString logs = job.filePath(QStringLiteral("logs"));
    const QString store = job.filePath(QStringLiteral("metrics"));
    writeLog(logs + QStringLiteral("/w.log"), lines);
    {
        MetricRecorder rec(store, {});
        QVERIFY(rec.open(0));
        QVERIFY(rec.catchUpLogs(logs, 1 << 20) > 0);
        QVERIFY(rec.flush());
    }
    // The expected series, line by line with extract().
    QMap<QString, QList<MetricPoint>> expected;
    MetricExtractor extractor;
    double lastStep = -1;
    qint64 t = 1700000000000;
    for (const QByteArray &line : lines) {
        const ExtractedLine e = extractor.extract(line);
        const qint64 wall = t++;
        if (e.step)
            lastStep = *e.step;
        for (const MetricValue &v : e.values) {
            QList<MetricPoint> &points = expected[v.name];
            points.append(
                MetricPoint{lastStep < 0 ? double(points.size()) : lastStep, wall, v.value});
        }
    }
    QVERIFY(expected.size() >= 6);
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        SeriesReader r;
        QVERIFY2(r.open(QDir(store).filePath(
                     seriesFileName(SeriesKey{kinds::Log, QStringLiteral("w"), it.key()}))),
                 qPrintable(it.key()));
        QCOMPARE(r.count(), it.value().size());
        for (qsizetype i = 0; i < it.value().size(); ++i)
            QVERIFY2(samePoint(r.point(i), it.value().at(i)), qPrintable(it.key()));
    }
    QCOMPARE(seriesFiles(store).size(), expected.size());
}

void TestMetricRecorder::ownerFollowsTheLogLive()
{
    // The owner as it wires it: the capture's observer only wakes the worker, which
    // follows the log file. Points show up in the store while the capture runs (within about a
    // second), every one exactly once, and the progress ends at the log's size.
    QTemporaryDir job;
    QDir(job.path()).mkpath(QStringLiteral("logs"));
    const QString logPath = job.filePath(QStringLiteral("logs/chief-0.log"));
    const QString store = job.filePath(QStringLiteral("metrics"));
    trainyard::logs::LogWriter writer;
    QVERIFY(writer.open(logPath));
    trainyard::logs::LogCapture capture(&writer, QStringLiteral("chief-0"));
    OwnerMetrics owner(store, job.filePath(QStringLiteral("hypertune")));
    QVERIFY(owner.start());
    capture.setLineObserver(owner.observer(QStringLiteral("chief-0")));
    auto lines = [](int from, int to) {
        QByteArray out;
        for (int i = from; i < to; ++i)
            out += "step=" + QByteArray::number(i) + " loss=" + QByteArray::number(1.0 / (i + 1)) +
                   "\nplain text line " + QByteArray::number(i) + "\n";
        return out;
    };
    const QByteArray first = lines(0, 300);
    capture.feed(trainyard::logs::Stream::Stdout, first.left(1001));
    capture.feed(trainyard::logs::Stream::Stdout, first.mid(1001));
    auto stored = [&store] {
        StoreFollower view(store, QString(), QString(), {});
        view.pollOnce();
        return view.summary().isEmpty() ? qint64(0) : view.summary().first().count;
    };
    QTRY_COMPARE_WITH_TIMEOUT(stored(), qint64(300), 5000);
    // A line of 100 KiB is stored as a record and its continuation; the metric is on the first.
    capture.feed(trainyard::logs::Stream::Stdout,
                 "step=300 loss=0.5 " + QByteArray(100 * 1024, 'x') + "\n" + lines(301, 500));
    capture.finish();
    owner.stop();
    QCOMPARE(StoreProgress::load(store).logOffsets.value(QStringLiteral("chief-0")),
             QFileInfo(logPath).size());
    SeriesReader r;
    QVERIFY(r.open(QDir(store).filePath(
        seriesFileName(SeriesKey{kinds::Log, QStringLiteral("chief-0"), QStringLiteral("loss")}))));
    QCOMPARE(r.count(), 500);
    for (qint64 i = 0; i < 500; ++i)
        QCOMPARE(r.point(i).step, double(i));
    QCOMPARE(r.point(300).value, 0.5);
    QCOMPARE(r.point(499).value, 1.0 / 500);
}

void TestMetricRecorder::storeViewDrawsAndExports()
{
    QTemporaryDir dir;
    for (const QString &source : {QStringLiteral("a"), QStringLiteral("b")}) {
        SeriesWriter w;
        QVERIFY(
            w.open(dir.path(), SeriesKey{kinds::Log, source, QStringLiteral("loss")}, -1, nullptr));
        for (int i = 0; i < 100000; ++i)
            w.append(MetricPoint{double(i), 1700000000000 + i * 10, i == 54321 ? 1e6 : 1.0});
        w.flush();
    }
    StoreFollower view(dir.path(), QString(), QString(), {});
    view.pollOnce();
    DrawRequest req;
    req.metric = QStringLiteral("loss");
    req.width = 500;
    const DrawResult all = view.compute(req);
    QCOMPARE(all.series.size(), 2);
    for (const DrawnSeries &s : all.series) {
        QVERIFY(s.bucket > 1);
        QVERIFY(s.points.size() <= 1200);
        double hi = 0;
        for (const QPointF &p : s.points)
            hi = std::max(hi, p.y());
        QCOMPARE(hi, 1e6); // the one spike survives downsampling
    }
    // Zoomed to 200 steps: every point of the range (plus one each side).
    req.zoomed = true;
    req.xMin = 1000;
    req.xMax = 1199;
    const DrawResult zoomed = view.compute(req);
    QCOMPARE(zoomed.series.first().bucket, 1);
    QCOMPARE(zoomed.series.first().points.size(), 202);
    // Time axis: seconds since the store's first point.
    req.byTime = true;
    req.width = 1000; // room for every point of the range
    req.xMin = 10;
    req.xMax = 20;
    const DrawResult timed = view.compute(req);
    QCOMPARE(timed.series.first().points.size(), 1003);
    QCOMPARE(timed.series.first().points.at(1).x(), 10.0);
    // CSV: every point.
    const QString csv = dir.filePath(QStringLiteral("loss.csv"));
    QString error;
    QVERIFY2(StoreFollower::exportCsv(dir.path(), QStringLiteral("loss"), csv, &error),
             qPrintable(error));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    qint64 lines = 0;
    while (!f.atEnd()) {
        f.readLine();
        ++lines;
    }
    QCOMPARE(lines, 200001);
}

void TestMetricRecorder::tensorBoardEventFilesFollowed()
{
    // Event files as TensorFlow writes them, in the owner's job dir (its AIP_TENSORBOARD_LOG_DIR
    // <job dir>/logs/ and a trial's <job dir>/2/logs/), both scalar encodings; the owner's
    // recorder follows them while they grow, and a reader after it finds the same points.
    using trainyard::test::TfEventsWriter;
    QTemporaryDir job;
    const QString output = job.filePath(QStringLiteral("output"));
    const QString store = job.filePath(QStringLiteral("metrics"));
    TfEventsWriter train(output + QStringLiteral("/logs/train/") +
                         TfEventsWriter::fileName(1700000000));
    TfEventsWriter trial(output + QStringLiteral("/2/logs/validation/") +
                         TfEventsWriter::fileName(1700000001));
    QVERIFY(train.isOpen() && trial.isOpen());
    for (int i = 0; i < 5; ++i) {
        train.scalar(QStringLiteral("epoch_loss"), i, 1.0 / (i + 1),
                     TfEventsWriter::Encoding::TensorContent, 1700000000.0 + i);
        trial.scalar(QStringLiteral("epoch_accuracy"), i, 0.5 + i * 0.1,
                     TfEventsWriter::Encoding::SimpleValue, 1700000000.0 + i);
    }
    MetricRecorder rec(store, {});
    QVERIFY(rec.open(0));
    rec.setTensorBoardRoots({output});
    QVERIFY(rec.tensorBoardBehind({output}));
    QCOMPARE(rec.syncTensorBoard({output}, 1 << 20), 10);
    QVERIFY(!rec.tensorBoardBehind({output}));
    QVERIFY(rec.flush());
    // The file grows while followed; a torn record at its end waits for the rest.
    train.scalar(QStringLiteral("epoch_loss"), 5, 0.125, TfEventsWriter::Encoding::TensorContent,
                 1700000005.0);
    const QByteArray next = TfEventsWriter::frame(
        train.scalarEvent({{QStringLiteral("epoch_loss"), 0.1}}, 6,
                          TfEventsWriter::Encoding::TensorContent, 1700000006.0));
    train.rawBytes(next.left(9));
    train.flush();
    QCOMPARE(rec.syncTensorBoard({output}, 1 << 20), 1);
    train.rawBytes(next.mid(9));
    train.flush();
    QCOMPARE(rec.syncTensorBoard({output}, 1 << 20), 1);
    rec.close();

    StoreFollower view(store, job.filePath(QStringLiteral("logs")), QString(), {});
    view.pollOnce();
    QHash<QString, SeriesInfo> byName;
    for (const SeriesInfo &info : view.summary())
        byName.insert(info.key.metric + QLatin1Char('@') + info.display, info);
    QCOMPARE(byName.size(), 2);
    const SeriesInfo loss = byName.value(QStringLiteral("epoch_loss@logs/train (TensorBoard)"));
    QCOMPARE(loss.key.kind, kinds::TensorBoard);
    QCOMPARE(loss.key.source, QStringLiteral("logs/train"));
    QCOMPARE(loss.count, 7);
    QCOMPARE(loss.last, double(0.1f)); // a float tensor, as TensorFlow stores it
    QCOMPARE(loss.max, 1.0);
    QCOMPARE(loss.lastStep, 6.0);
    QCOMPARE(loss.firstWallMs, 1700000000000);
    const SeriesInfo acc =
        byName.value(QStringLiteral("epoch_accuracy@2/logs/validation (TensorBoard)"));
    QCOMPARE(acc.count, 5);
    QCOMPARE(acc.last, double(float(0.9)));
    // Nothing new: a later reader does not read the files again.
    QVERIFY(!MetricRecorder::tensorBoardBehind(StoreProgress::load(store), {output}));
}

QTEST_GUILESS_MAIN(TestMetricRecorder)
#include "tst_metricrecorder.moc"
