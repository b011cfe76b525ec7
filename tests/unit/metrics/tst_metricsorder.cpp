// SPDX-License-Identifier: MIT
// The step of a line written beside a progress bar on the other stream, through the real capture
// (LogCapture -> log file -> the log's line rule), with the writes of the real tqdm in the order
// it makes them (tests/fixtures/metrics/tqdm-4.64.1-write-two-streams.jsonl, README there): a
// transformers-like loop at 75 steps/s, its bar on stderr, a dict written through the bar every
// 4th step on stdout. However the two pipes' data fall into the owner's event-loop passes, every
// dict is at the step the trainer was at, once.
#include "logs/logcapture.h"
#include "logs/logreader.h"
#include "metrics/extract.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::metrics;

namespace {

struct Write
{
    logs::Stream stream;
    QByteArray bytes;
};

QList<Write> recordedWrites()
{
    QFile file(
        QStringLiteral(TRAINYARD_FIXTURES_DIR "/metrics/tqdm-4.64.1-write-two-streams.jsonl"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture");
    QList<Write> writes;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QJsonArray a = QJsonDocument::fromJson(line).array();
        if (a.size() == 2)
            writes.append(Write{a.at(0).toString() == QLatin1String("stderr")
                                    ? logs::Stream::Stderr
                                    : logs::Stream::Stdout,
                                a.at(1).toString().toUtf8()});
    }
    return writes;
}

// "loss" points of the log as step=value, through the log's line rule.
QStringList lossPoints(const QString &path)
{
    logs::LogReader reader(path);
    reader.refresh();
    LogLineState state;
    LineScan scan;
    std::vector<LogLineState::Point> points;
    QStringList loss;
    auto add = [&] {
        for (const LogLineState::Point &p : points) {
            if (QByteArray(p.name, p.size) == "loss")
                loss << QString::number(p.step) + QLatin1Char('=') + QString::number(p.value);
        }
        points.clear();
    };
    for (const logs::Record &r : reader.readRecords(0, reader.lineCount())) {
        MetricExtractor::scanBuiltIn(r.bytes.constData(), r.bytes.size(), &scan);
        state.take(scan, r.stream == logs::Stream::Stderr ? 1 : 0, r.timestamp, &points);
        add();
    }
    state.finish(&points);
    add();
    return loss;
}

} // namespace

class TestMetricsOrder : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dictsThroughABarTakeItsCounter_data();
    void dictsThroughABarTakeItsCounter();

private:
    QTemporaryDir m_dir;
};

void TestMetricsOrder::dictsThroughABarTakeItsCounter_data()
{
    QTest::addColumn<int>("seed"); // 0: each write its own pass; else passes of 1-8 writes
    QTest::newRow("one write a pass") << 0;
    for (int seed = 1; seed <= 40; ++seed)
        QTest::newRow(qPrintable(QStringLiteral("random passes %1").arg(seed))) << seed;
}

void TestMetricsOrder::dictsThroughABarTakeItsCounter()
{
    QFETCH(int, seed);
    const QList<Write> writes = recordedWrites();
    QVERIFY(writes.size() > 60);
    const QString path = m_dir.filePath(QStringLiteral("order-%1.log").arg(seed));
    {
        logs::LogWriter writer;
        QVERIFY(writer.open(path));
        logs::LogCapture capture(&writer, QStringLiteral("chief-0"));
        qint64 now = 1795341600000LL;
        capture.setClock([&now] { return now; });
        QRandomGenerator random{quint32(seed)};
        for (qsizetype i = 0; i < writes.size();) {
            const qsizetype n = seed == 0 ? 1 : 1 + random.bounded(8);
            QByteArray out;
            QByteArray err;
            for (qsizetype k = 0; k < n && i < writes.size(); ++k, ++i)
                (writes.at(i).stream == logs::Stream::Stdout ? out : err) += writes.at(i).bytes;
            capture.feedPass(out, err);
            now += 4; // a pass every few milliseconds
        }
        capture.finish();
    }
    // The dicts the trainer wrote, at steps 4, 8, ..., 40 (every 4th step), with their values.
    QStringList expected;
    int step = 0;
    for (const Write &w : writes) {
        if (!w.bytes.startsWith("{'loss': "))
            continue;
        step += 4;
        const QByteArray value = w.bytes.mid(9, w.bytes.indexOf(',') - 9);
        expected << QString::number(step) + QLatin1Char('=') + QString::fromLatin1(value);
    }
    QCOMPARE(expected.size(), 10);
    QCOMPARE(lossPoints(path), expected);
}

QTEST_GUILESS_MAIN(TestMetricsOrder)
#include "tst_metricsorder.moc"
