// SPDX-License-Identifier: MIT
// TensorBoard event files as a metric source: CRC-32C and its masking, TFRecord framing (corrupt
// and torn records), both scalar encodings and tag names. Files are written by
// tests/common/tfeventswriter (protobuf, as TensorFlow writes them). Files followed while they
// grow, run names and the check against tfevents_py.py: tst_tfeventsfollow.
#include "common/tfeventswriter.h"
#include "metrics/tfevents/crc32c.h"
#include "metrics/tfevents/eventfilefollower.h"
#include "metrics/tfevents/events.h"
#include "metrics/tfevents/records.h"
#include "tfeventssuite.h"

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

using namespace tfeventssuite;

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

QTEST_GUILESS_MAIN(TestTfEvents)
#include "tst_tfevents.moc"
