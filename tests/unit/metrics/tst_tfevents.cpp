// SPDX-License-Identifier: MIT
// TensorBoard event files as a metric source: CRC-32C and its masking, TFRecord framing (corrupt
// and torn records), both scalar encodings, run and tag names, and a file followed while it
// grows. Files are written by tests/common/tfeventswriter (protobuf, as TensorFlow writes them)
// and, for an independent check of the format, by tfevents_py.py (standard library only).
#include "common/tfeventswriter.h"
#include "metrics/tfevents/crc32c.h"
#include "metrics/tfevents/eventfilefollower.h"
#include "metrics/tfevents/events.h"
#include "metrics/tfevents/records.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace trainyard::metrics::tfevents;
using trainyard::test::TfEventsWriter;
using Enc = TfEventsWriter::Encoding;
using namespace Qt::Literals::StringLiterals;

Q_DECLARE_METATYPE(TfEventsWriter::Encoding)

namespace {

// Everything the follower emits, collected.
struct Collector
{
    explicit Collector(EventFileFollower &f)
    {
        QObject::connect(&f, &EventFileFollower::pointsAdded, &f,
                         [this](const ScalarPoints &batch) {
                             points.insert(points.end(), batch.begin(), batch.end());
                         });
    }
    std::vector<ScalarPoint> points;

    std::vector<ScalarPoint> of(const QString &run, const QString &tag) const
    {
        std::vector<ScalarPoint> out;
        for (const ScalarPoint &p : points) {
            if (p.run == run && p.tag == tag)
                out.push_back(p);
        }
        return out;
    }
    QStringList runs() const
    {
        QStringList out;
        for (const ScalarPoint &p : points) {
            if (!out.contains(p.run))
                out.append(p.run);
        }
        out.sort();
        return out;
    }
};

QString eventPath(const QString &dir, qint64 seconds = 1700000000, int uid = 0)
{
    return dir + u'/' + TfEventsWriter::fileName(seconds, QStringLiteral("host"), 99, uid);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

QString python()
{
    const QString debian = QStringLiteral("/usr/bin/python3");
    return QFile::exists(debian) ? debian : QStandardPaths::findExecutable(u"python3"_s);
}

} // namespace

class TestTfEvents : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void crc32cKnownValues();
    void maskRoundTrip();
    void scalarEncodings_data();
    void scalarEncodings();
    void kerasEpochEvent();
    void nonScalarValuesSkipped();
    void corruptDataCrcSkippedAndCounted();
    void corruptLengthCrcResyncs();
    void unparsableRecordSkipped();
    void randomBytesNeverCrash();
    void truncatedTailReadLater();
    void byteByByteGrowthEqualsOneRead();
    void oversizedRecordSkipped();
    void growingFileFollowed();
    void backlogReadWithoutWaiting();
    void nestedRunsNamedLikeTensorBoard();
    void runNames_data();
    void runNames();
    void overlappingRootsReadOnce();
    void replacedFileReadAgain();
    void seriesUpdates();
    void pythonWriterReadByUs();
    void ourWriterCheckedByPython();
};

void TestTfEvents::crc32cKnownValues()
{
    // RFC 3720 (iSCSI) B.4 test vectors and the classic check value.
    QCOMPARE(crc32c("123456789", 9), 0xE3069283u);
    const QByteArray zeros(32, '\0');
    QCOMPARE(crc32c(zeros.constData(), 32), 0x8A9136AAu);
    const QByteArray ones(32, '\xff');
    QCOMPARE(crc32c(ones.constData(), 32), 0x62A8AB43u);
    QByteArray inc;
    for (int i = 0; i < 32; ++i)
        inc.append(char(i));
    QCOMPARE(crc32c(inc.constData(), 32), 0x46DD794Eu);
    // Incremental over odd splits equals one pass (slicing-by-8 vs the byte loop).
    const QByteArray text = QByteArrayLiteral("The quick brown fox jumps over the lazy dog.");
    const std::uint32_t whole = crc32c(text.constData(), std::size_t(text.size()));
    for (int cut = 0; cut <= text.size(); ++cut) {
        const std::uint32_t a = crc32c(text.constData(), std::size_t(cut));
        QCOMPARE(crc32c(text.constData() + cut, std::size_t(text.size() - cut), a), whole);
        const std::uint32_t b = crc32cPortable(text.constData(), std::size_t(cut));
        QCOMPARE(crc32cPortable(text.constData() + cut, std::size_t(text.size() - cut), b), whole);
    }
    // The hardware path (where there is one) and the table agree on every length and offset.
    QByteArray noise(300, '\0');
    for (int i = 0; i < noise.size(); ++i)
        noise[i] = char((i * 131 + 7) & 0xff);
    for (int start = 0; start < 9; ++start) {
        for (int len = 0; len + start <= noise.size(); len += 13) {
            QCOMPARE(crc32c(noise.constData() + start, std::size_t(len)),
                     crc32cPortable(noise.constData() + start, std::size_t(len)));
        }
    }
    QCOMPARE(crc32cPortable("123456789", 9), 0xE3069283u);
}

void TestTfEvents::maskRoundTrip()
{
    for (std::uint32_t v : {0u, 1u, 0xE3069283u, 0xffffffffu, 0x12345678u}) {
        QCOMPARE(unmaskCrc(maskCrc(v)), v);
        // TensorFlow's definition, spelled out.
        QCOMPARE(maskCrc(v), std::uint32_t(((v >> 15) | (v << 17)) + 0xa282ead8u));
    }
    // A masked CRC is not the raw one (that is the point of masking).
    QVERIFY(maskedCrc32c("123456789", 9) != 0xE3069283u);
}

void TestTfEvents::scalarEncodings_data()
{
    QTest::addColumn<TfEventsWriter::Encoding>("encoding");
    QTest::addColumn<double>("tolerance");
    QTest::newRow("simple_value (TF1, torch)") << Enc::SimpleValue << 1e-6;
    QTest::newRow("tensor_content float (TF2, Keras)") << Enc::TensorContent << 1e-6;
    QTest::newRow("float_val (torch new_style)") << Enc::FloatVal << 1e-6;
    QTest::newRow("double_val") << Enc::DoubleVal << 0.0;
    QTest::newRow("tensor_content double") << Enc::DoubleContent << 0.0;
    QTest::newRow("half_val") << Enc::HalfVal << 1e-3;
    QTest::newRow("tensor_content half") << Enc::HalfContent << 1e-3;
}

void TestTfEvents::scalarEncodings()
{
    QFETCH(TfEventsWriter::Encoding, encoding);
    QFETCH(double, tolerance);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    {
        TfEventsWriter w(eventPath(dir.path()));
        QVERIFY(w.isOpen());
        for (int step = 0; step < 5; ++step) {
            w.scalar(u"loss"_s, step, 1.0 / (step + 1), encoding, 1700000100.25 + step);
            w.scalar(u"train/accuracy"_s, step * 10, 0.125 * step, encoding);
        }
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QCOMPARE(f.poll(), 10);
    const auto loss = c.of(u"."_s, u"loss"_s);
    QCOMPARE(int(loss.size()), 5);
    for (int step = 0; step < 5; ++step) {
        QCOMPARE(loss[std::size_t(step)].step, qint64(step));
        QCOMPARE(loss[std::size_t(step)].wallTime, 1700000100.25 + step);
        QVERIFY2(std::abs(loss[std::size_t(step)].value - 1.0 / (step + 1)) <= tolerance,
                 qPrintable(QString::number(loss[std::size_t(step)].value)));
    }
    const auto acc = c.of(u"."_s, u"train/accuracy"_s);
    QCOMPARE(int(acc.size()), 5);
    QCOMPARE(acc[4].step, qint64(40));
    QCOMPARE(acc[4].value, 0.5);
    const FollowerStats s = f.stats();
    QCOMPARE(s.records, qint64(11)); // file_version + 10
    QCOMPARE(s.corruptRecords, qint64(0));
    QCOMPARE(s.points, qint64(10));
    QVERIFY(f.isCaughtUp());
    QCOMPARE(f.poll(), 0); // nothing new
}

void TestTfEvents::kerasEpochEvent()
{
    // Keras writes one event per epoch with several values; the decoder sees file_version.
    TfEventsWriter w(QString{}); // unused file; only the encoder
    EventDecoder d(u"train"_s);
    ScalarPoints out;
    const QByteArray v = TfEventsWriter::fileVersionEvent(1.5);
    QVERIFY(d.decode(v.constData(), std::size_t(v.size()), out));
    QCOMPARE(d.stats().fileVersion, u"brain.Event:2"_s);
    const QByteArray e = w.scalarEvent({{u"epoch_loss"_s, 0.75}, {u"epoch_accuracy"_s, 0.5}}, 3,
                                       Enc::TensorContent, 12.5);
    QVERIFY(d.decode(e.constData(), std::size_t(e.size()), out));
    QCOMPARE(int(out.size()), 2);
    QCOMPARE(out[0].run, u"train"_s);
    QCOMPARE(out[0].tag, u"epoch_loss"_s);
    QCOMPARE(out[1].tag, u"epoch_accuracy"_s);
    QCOMPARE(out[1].step, qint64(3));
    QCOMPARE(out[1].wallTime, 12.5);
    QCOMPARE(d.pluginOf(u"epoch_loss"_s), u"scalars"_s);
}

void TestTfEvents::nonScalarValuesSkipped()
{
    QTemporaryDir dir;
    {
        TfEventsWriter w(eventPath(dir.path()));
        w.text(u"notes"_s, 1, u"hello"_s);
        w.scalar(u"loss"_s, 1, 0.5, Enc::TensorContent);
        w.text(u"notes"_s, 2, u"again"_s);
        // A tensor under a tag whose first metadata named another plugin is not a scalar,
        // even if it holds one float (TensorBoard keeps a tag's first metadata).
        w.scalar(u"notes"_s, 3, 1.0, Enc::TensorContent);
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QCOMPARE(f.poll(), 1);
    QCOMPARE(c.points[0].tag, u"loss"_s);
    QCOMPARE(f.stats().corruptRecords, qint64(0));
}

void TestTfEvents::corruptDataCrcSkippedAndCounted()
{
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    qint64 secondStart = 0;
    {
        TfEventsWriter w(path);
        w.scalar(u"loss"_s, 1, 1.0);
        secondStart = QFileInfo(path).size();
        w.scalar(u"loss"_s, 2, 2.0);
        w.scalar(u"loss"_s, 3, 3.0);
    }
    QByteArray bytes = readAll(path);
    // Flip one bit inside the second scalar record's data (after its 12-byte header).
    bytes[int(secondStart) + 14] = char(bytes[int(secondStart) + 14] ^ 0x10);
    writeAll(path, bytes);

    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QSignalSpy stats(&f, &EventFileFollower::statsChanged);
    QCOMPARE(f.poll(), 2);
    QCOMPARE(c.points[0].step, qint64(1));
    QCOMPARE(c.points[1].step, qint64(3));
    QCOMPARE(f.stats().corruptRecords, qint64(1));
    QCOMPARE(stats.count(), 1);
    QCOMPARE(stats.at(0).at(0).value<FollowerStats>().corruptRecords, qint64(1));
}

void TestTfEvents::corruptLengthCrcResyncs()
{
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    qint64 secondStart = 0;
    {
        TfEventsWriter w(path);
        w.scalar(u"loss"_s, 1, 1.0);
        secondStart = QFileInfo(path).size();
        w.scalar(u"loss"_s, 2, 2.0);
        w.scalar(u"loss"_s, 3, 3.0);
        w.scalar(u"loss"_s, 4, 4.0);
    }
    QByteArray bytes = readAll(path);
    bytes[int(secondStart) + 1] = char(bytes[int(secondStart) + 1] ^ 0x01); // its length
    writeAll(path, bytes);

    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QCOMPARE(f.poll(), 3);
    QCOMPARE(c.points[1].step, qint64(3));
    QCOMPARE(c.points[2].step, qint64(4));
    QCOMPARE(f.stats().corruptRecords, qint64(1)); // one lost stretch, counted once
}

void TestTfEvents::unparsableRecordSkipped()
{
    QTemporaryDir dir;
    {
        TfEventsWriter w(eventPath(dir.path()));
        w.record(QByteArrayLiteral("\xff\xff\xff\xff not a protobuf"));
        w.scalar(u"loss"_s, 7, 0.25);
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QCOMPARE(f.poll(), 1);
    QCOMPARE(c.points[0].step, qint64(7));
    QCOMPARE(f.stats().unparsableRecords, qint64(1));
    QCOMPARE(f.stats().corruptRecords, qint64(0));
}

void TestTfEvents::randomBytesNeverCrash()
{
    QTemporaryDir dir;
    auto *rng = QRandomGenerator::global();
    for (int round = 0; round < 20; ++round) {
        const QString path = eventPath(dir.path(), 1700000000 + round);
        QByteArray bytes;
        {
            TfEventsWriter w(path);
            for (int i = 0; i < 20; ++i)
                w.scalar(u"loss"_s, i, i, i % 2 ? Enc::TensorContent : Enc::SimpleValue);
        }
        bytes = readAll(path);
        // Damage: random bytes overwritten, or pure noise.
        if (round % 4 == 3) {
            bytes = QByteArray(4096, '\0');
            for (char &ch : bytes)
                ch = char(rng->bounded(256));
        } else {
            for (int k = 0; k < 1 + round; ++k)
                bytes[int(rng->bounded(bytes.size()))] = char(rng->bounded(256));
        }
        writeAll(path, bytes);
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    for (int i = 0; i < 5; ++i)
        f.poll();
    QVERIFY(f.isCaughtUp());
    QCOMPARE(f.stats().files, 20);
    // Every emitted point is one that was written.
    for (const ScalarPoint &p : c.points)
        QCOMPARE(p.value, double(p.step));
}

void TestTfEvents::truncatedTailReadLater()
{
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    TfEventsWriter w(path);
    w.scalar(u"loss"_s, 1, 1.0);
    TfEventsWriter encoder(QString{});
    const QByteArray next =
        TfEventsWriter::frame(encoder.scalarEvent({{u"loss"_s, 2.0}}, 2, Enc::TensorContent, 2.0));

    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QCOMPARE(f.poll(), 1);
    // The writer is mid-record: first 5 bytes (less than a header), then all but the last byte.
    w.rawBytes(next.left(5));
    QCOMPARE(f.poll(), 0);
    w.rawBytes(next.mid(5, next.size() - 6));
    QCOMPARE(f.poll(), 0);
    QCOMPARE(f.stats().corruptRecords, qint64(0));
    w.rawBytes(next.right(1));
    QCOMPARE(f.poll(), 1);
    QCOMPARE(c.points.back().step, qint64(2));
    QCOMPARE(c.points.back().value, 2.0);
    QCOMPARE(f.stats().corruptRecords, qint64(0));
    QCOMPARE(f.stats().bytesRead, QFileInfo(path).size());
}

void TestTfEvents::byteByByteGrowthEqualsOneRead()
{
    // A file (with a corrupt record and a stretch of garbage) that appears a few bytes at a time
    // while followed with a tiny budget gives the same points and counts as reading it at once.
    QTemporaryDir dir;
    const QString whole = dir.path() + u"/whole/"_s + TfEventsWriter::fileName(1700000000);
    {
        TfEventsWriter w(whole);
        for (int i = 0; i < 30; ++i) {
            w.scalar(u"loss"_s, i, i * 0.5, i % 3 ? Enc::TensorContent : Enc::SimpleValue);
            if (i == 10)
                w.rawBytes(QByteArrayLiteral("garbage between records, 37 bytes..."));
        }
    }
    QByteArray bytes = readAll(whole);
    bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x40); // one record's data

    EventFileFollower once;
    once.addRoot(dir.path() + u"/whole"_s);
    writeAll(whole, bytes);
    Collector a(once);
    once.poll();

    const QString grown = dir.path() + u"/grown/"_s + TfEventsWriter::fileName(1700000000);
    QDir().mkpath(dir.path() + u"/grown"_s);
    QFile out(grown);
    QVERIFY(out.open(QIODevice::WriteOnly));
    EventFileFollower f;
    f.addRoot(dir.path() + u"/grown"_s);
    f.setMaxBytesPerTick(16);
    Collector b(f);
    QRandomGenerator rng(11);
    for (int pos = 0; pos < bytes.size();) {
        const int n = std::min(int(rng.bounded(1, 40)), int(bytes.size()) - pos);
        out.write(bytes.constData() + pos, n);
        out.flush();
        pos += n;
        f.poll();
    }
    for (int i = 0; i < 1000 && !f.isCaughtUp(); ++i)
        f.poll();
    f.poll();

    QVERIFY(once.stats().corruptRecords >= 2); // the flipped record and the garbage
    QCOMPARE(f.stats().corruptRecords, once.stats().corruptRecords);
    QCOMPARE(f.stats().records, once.stats().records);
    QCOMPARE(int(b.points.size()), int(a.points.size()));
    QCOMPARE(int(a.points.size()), 29);
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        QCOMPARE(b.points[i].step, a.points[i].step);
        QCOMPARE(b.points[i].value, a.points[i].value);
    }
}

void TestTfEvents::oversizedRecordSkipped()
{
    // A record larger than the scanner's limit is skipped once all of it is there.
    TfEventsWriter encoder(QString{});
    const QByteArray big = TfEventsWriter::frame(QByteArray(1000, 'x'));
    const QByteArray small =
        TfEventsWriter::frame(encoder.scalarEvent({{u"loss"_s, 1.0}}, 1, Enc::SimpleValue, 1.0));
    RecordScanner scanner(100);
    int records = 0;
    const auto count = [&](const char *, std::size_t) { ++records; };
    const QByteArray all = big + small;
    RecordScanner::Result r = scanner.scan(all.constData(), all.size(), count);
    QCOMPARE(r.consumed, qint64(0));
    QCOMPARE(r.skip, qint64(big.size()));
    r = scanner.scan(all.constData() + big.size(), small.size(), count);
    QCOMPARE(r.consumed, qint64(small.size()));
    QCOMPARE(records, 1);

    // The follower does the skipping (limit: default 64 MiB; here through a tiny budget the big
    // record is still read whole, as one record is always read when it is first in a tick).
    QTemporaryDir dir;
    {
        TfEventsWriter w(eventPath(dir.path()));
        w.record(encoder.scalarEvent({{u"big"_s, 1.0}}, 1, Enc::SimpleValue, 1.0) +
                 QByteArray()); // normal
        w.record(QByteArray(200 * 1024, 'y'));
        w.scalar(u"after"_s, 2, 2.0);
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    f.setMaxBytesPerTick(1024);
    Collector c(f);
    for (int i = 0; i < 10 && !(c.points.size() == 2 && f.isCaughtUp()); ++i)
        f.poll();
    QCOMPARE(int(c.points.size()), 2);
    QCOMPARE(c.points[1].tag, u"after"_s);
    QCOMPARE(f.stats().unparsableRecords, qint64(1)); // 'yyy…' is not an Event
}

void TestTfEvents::growingFileFollowed()
{
    QTemporaryDir dir;
    EventFileFollower f;
    f.addRoot(dir.path());
    f.setInterval(20);
    f.setRescanInterval(50);
    Collector c(f);
    f.start();
    QVERIFY(f.isActive());

    TfEventsWriter w(eventPath(dir.path() + u"/train"_s));
    for (int step = 0; step < 3; ++step)
        w.scalar(u"loss"_s, step, step, Enc::TensorContent);
    QTRY_COMPARE(int(c.points.size()), 3);
    for (int step = 3; step < 10; ++step) {
        w.scalar(u"loss"_s, step, step, Enc::TensorContent);
        QTest::qWait(5);
    }
    QTRY_COMPARE(int(c.points.size()), 10);
    // A second writer (a new run directory) appears while followed.
    TfEventsWriter w2(eventPath(dir.path() + u"/validation"_s, 1700000500));
    w2.scalar(u"loss"_s, 9, 0.5, Enc::SimpleValue);
    QTRY_COMPARE(int(c.points.size()), 11);
    f.stop();
    QVERIFY(!f.isActive());

    const auto train = c.of(u"train"_s, u"loss"_s);
    QCOMPARE(int(train.size()), 10);
    for (int step = 0; step < 10; ++step)
        QCOMPARE(train[std::size_t(step)].value, double(step)); // in order, none twice
    QCOMPARE(c.of(u"validation"_s, u"loss"_s).size(), std::size_t(1));
}

void TestTfEvents::backlogReadWithoutWaiting()
{
    // One file with a backlog, one with nothing new: the poll is not "caught up", and a started
    // follower reads the backlog in back-to-back ticks, not one per interval.
    QTemporaryDir dir;
    {
        TfEventsWriter big(eventPath(dir.path() + u"/a"_s));
        for (int i = 0; i < 2000; ++i)
            big.scalar(u"loss"_s, i, i);
        TfEventsWriter(eventPath(dir.path() + u"/b"_s));
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    f.setMaxBytesPerTick(1024);
    Collector c(f);
    f.poll();
    QVERIFY(!f.isCaughtUp());
    QVERIFY(c.points.size() < 2000);

    EventFileFollower g;
    g.addRoot(dir.path());
    g.setMaxBytesPerTick(1024);
    g.setInterval(60 * 60 * 1000); // an hour: only back-to-back ticks can finish in time
    Collector d(g);
    g.start();
    QTRY_COMPARE_WITH_TIMEOUT(int(d.points.size()), 2000, 20000);
    QVERIFY(g.isCaughtUp());
    for (int i = 0; i < 2000; ++i)
        QCOMPARE(d.points[std::size_t(i)].step, qint64(i));
}

void TestTfEvents::nestedRunsNamedLikeTensorBoard()
{
    QTemporaryDir dir;
    const QString root = dir.path();
    TfEventsWriter(eventPath(root)).scalar(u"a"_s, 1, 1);
    TfEventsWriter(eventPath(root + u"/train"_s)).scalar(u"epoch_loss"_s, 1, 1);
    TfEventsWriter(eventPath(root + u"/validation"_s)).scalar(u"epoch_loss"_s, 1, 2);
    TfEventsWriter(eventPath(root + u"/trial 3/logs/train"_s))
        .scalar(u"batch/loss"_s, 1, 3, Enc::TensorContent);
    // Two files in one run directory (a restarted writer): one run, both files.
    TfEventsWriter(eventPath(root + u"/train"_s, 1700000999, 1)).scalar(u"epoch_loss"_s, 2, 4);
    // Not an event file.
    writeAll(root + u"/train/checkpoint"_s, QByteArrayLiteral("x"));

    EventFileFollower f;
    f.addRoot(root);
    Collector c(f);
    QCOMPARE(f.poll(), 5);
    QCOMPARE(c.runs(), QStringList({u"."_s, u"train"_s, u"trial 3/logs/train"_s, u"validation"_s}));
    QCOMPARE(f.stats().files, 5);
    QCOMPARE(c.of(u"train"_s, u"epoch_loss"_s).size(), std::size_t(2));
    QCOMPARE(c.of(u"trial 3/logs/train"_s, u"batch/loss"_s).size(), std::size_t(1));
    QCOMPARE(f.runOf(eventPath(root + u"/validation"_s)), u"validation"_s);

    // With a run prefix (TensorBoard's `name`): "<prefix>" for the root, "<prefix>/<dir>" below.
    EventFileFollower g;
    g.addRoot(root + u"/trial 3"_s, u"trial-3/"_s);
    g.addRoot(root + u"/train"_s, u"job"_s);
    Collector d(g);
    g.poll();
    QCOMPARE(d.runs(), QStringList({u"job"_s, u"trial-3/logs/train"_s}));
}

void TestTfEvents::runNames_data()
{
    QTest::addColumn<QString>("root");
    QTest::addColumn<QString>("directory");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("run");
    QTest::newRow("root") << u"/logs"_s << u"/logs"_s << QString() << u"."_s;
    QTest::newRow("root slash") << u"/logs/"_s << u"/logs"_s << QString() << u"."_s;
    QTest::newRow("child") << u"/logs"_s << u"/logs/train"_s << QString() << u"train"_s;
    QTest::newRow("nested") << u"/logs"_s << u"/logs/a/b/c"_s << QString() << u"a/b/c"_s;
    QTest::newRow("prefix root") << u"/j"_s << u"/j"_s << u"t1"_s << u"t1"_s;
    QTest::newRow("prefix child") << u"/j"_s << u"/j/eval"_s << u"t1"_s << u"t1/eval"_s;
}

void TestTfEvents::runNames()
{
    QFETCH(QString, root);
    QFETCH(QString, directory);
    QFETCH(QString, prefix);
    QFETCH(QString, run);
    QCOMPARE(EventFileFollower::runName(root, directory, prefix), run);
    QVERIFY(EventFileFollower::isEventFile(u"/x/events.out.tfevents.1700000000.host.1.0"_s));
    QVERIFY(EventFileFollower::isEventFile(u"events.out.tfevents.1.h.profile-empty"_s));
    QVERIFY(!EventFileFollower::isEventFile(u"/tfevents/checkpoint"_s));
}

void TestTfEvents::overlappingRootsReadOnce()
{
    // AIP_TENSORBOARD_LOG_DIR (<job>/logs) lies inside the job dir: its files are read once.
    QTemporaryDir dir;
    TfEventsWriter(eventPath(dir.path() + u"/logs"_s)).scalar(u"loss"_s, 1, 1);
    EventFileFollower f;
    f.addRoot(dir.path() + u"/logs"_s);
    f.addRoot(dir.path());
    f.addRoot(dir.path() + u"/does-not-exist-yet"_s);
    Collector c(f);
    QCOMPARE(f.poll(), 1);
    QCOMPARE(c.points[0].run, u"."_s); // named for the root added first
    QCOMPARE(f.files().size(), 1);
}

void TestTfEvents::replacedFileReadAgain()
{
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    {
        TfEventsWriter w(path);
        for (int i = 0; i < 5; ++i)
            w.scalar(u"loss"_s, i, i);
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QSignalSpy reset(&f, &EventFileFollower::fileReset);
    QCOMPARE(f.poll(), 5);
    {
        TfEventsWriter w(path); // truncates: a shorter file
        w.scalar(u"loss"_s, 0, 42);
    }
    QCOMPARE(f.poll(), 1);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(c.points.back().value, 42.0);
}

void TestTfEvents::seriesUpdates()
{
    ScalarPoints points{{u"train"_s, u"loss"_s, 1, 1700000000.5, 0.5},
                        {u"eval"_s, u"loss"_s, 1, 1700000001.0, 0.7},
                        {u"train"_s, u"loss"_s, 2, 1700000002.0, 0.4}};
    const auto updates = toSeriesUpdates(points, u"tb:"_s);
    QCOMPARE(updates.size(), 2);
    QCOMPARE(updates[0].metric, u"loss"_s);
    QCOMPARE(updates[0].source, u"tb:train"_s);
    QCOMPARE(updates[0].points.size(), 2);
    QCOMPARE(updates[0].points[0].wallMs, qint64(1700000000500));
    QCOMPARE(updates[0].points[1].step, 2.0);
    QCOMPARE(updates[1].source, u"tb:eval"_s);
}

void TestTfEvents::pythonWriterReadByUs()
{
    const QString py = python();
    if (py.isEmpty())
        QSKIP("no python3");
    QTemporaryDir dir;
    const QString path = eventPath(dir.path() + u"/py"_s);
    QDir().mkpath(dir.path() + u"/py"_s);
    QProcess p;
    p.start(py, {QStringLiteral(TRAINYARD_SOURCE_DIR "/tests/unit/metrics/tfevents_py.py"),
                 u"write"_s, path});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QCOMPARE(f.poll(), 10);
    const auto simple = c.of(u"py"_s, u"py/simple"_s);
    const auto tensor = c.of(u"py"_s, u"py/tensor"_s);
    QCOMPARE(int(simple.size()), 5);
    QCOMPARE(int(tensor.size()), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(simple[std::size_t(i)].value, i * 0.5);
        QCOMPARE(tensor[std::size_t(i)].value, i * 0.25);
        QCOMPARE(tensor[std::size_t(i)].wallTime, 1700000000.5 + i);
    }
    QCOMPARE(f.stats().corruptRecords, qint64(0));
}

void TestTfEvents::ourWriterCheckedByPython()
{
    const QString py = python();
    if (py.isEmpty())
        QSKIP("no python3");
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    {
        TfEventsWriter w(path);
        for (int i = 0; i < 7; ++i)
            w.scalar(u"loss"_s, i, i, i % 2 ? Enc::TensorContent : Enc::SimpleValue);
    }
    QProcess p;
    p.start(py, {QStringLiteral(TRAINYARD_SOURCE_DIR "/tests/unit/metrics/tfevents_py.py"),
                 u"check"_s, path});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(p.readAllStandardOutput().trimmed(),
             QByteArrayLiteral("records=8 first=brain.Event:2"));
}

QTEST_GUILESS_MAIN(TestTfEvents)
#include "tst_tfevents.moc"
