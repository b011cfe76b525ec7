// SPDX-License-Identifier: MIT
// Issue 21: hostile event files. A CRC-valid record length of 2^63 (and up to 2^64 - 1) must
// not make the follower re-read the same block every tick; a file cut at any byte is read up
// to its last complete record; a file replaced under its name (new inode: a restarted writer)
// is followed like tail -F; 20,000 tags are all read (the 100,000-tag case is bench_manytags').
#include "common/tfeventswriter.h"
#include "metrics/tfevents/crc32c.h"
#include "metrics/tfevents/eventfilefollower.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <memory>

using namespace trainyard::metrics::tfevents;
using trainyard::test::TfEventsWriter;
using Enc = TfEventsWriter::Encoding;
using namespace Qt::Literals::StringLiterals;

namespace {

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
};

QString eventPath(const QString &dir, qint64 seconds = 1700000000, int uid = 0)
{
    return dir + u'/' + TfEventsWriter::fileName(seconds, QStringLiteral("host"), 99, uid);
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

} // namespace

class TestTfEventsHostile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hugeLengthNeverSpins_data();
    void hugeLengthNeverSpins();
    void everyTruncationRead();
    void replacedByNameFollowed();
    void manyTagsRead();
};

// A length header whose CRC matches: the framing is intact, the length absurd.
QByteArray lengthHeader(quint64 length)
{
    QByteArray h(12, '\0');
    for (int i = 0; i < 8; ++i)
        h[i] = char((length >> (8 * i)) & 0xff);
    const quint32 crc = maskedCrc32c(h.constData(), 8);
    for (int i = 0; i < 4; ++i)
        h[8 + i] = char((crc >> (8 * i)) & 0xff);
    return h;
}

void TestTfEventsHostile::hugeLengthNeverSpins_data()
{
    QTest::addColumn<quint64>("length");
    QTest::newRow("2^63") << (quint64(1) << 63);
    QTest::newRow("2^64-1") << ~quint64(0);
    QTest::newRow("2^63-16") << ((quint64(1) << 63) - 16);
    QTest::newRow("2^40") << (quint64(1) << 40);
}

void TestTfEventsHostile::hugeLengthNeverSpins()
{
    // Issue 21: a record length of 2^63 overflowed the skip position; the follower re-read the
    // same block every tick and never caught up (30-100 % of a core until the job ended).
    QFETCH(quint64, length);
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    {
        TfEventsWriter w(path);
        w.scalar(u"loss"_s, 1, 0.5);
        w.rawBytes(lengthHeader(length) + QByteArray(4096, 'z'));
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    f.setMaxBytesPerTick(1024);
    Collector c(f);
    f.poll();
    QVERIFY(f.isCaughtUp()); // nothing left that could ever be read: no backlog, no spin
    const qint64 read = f.stats().bytesRead;
    for (int i = 0; i < 20; ++i) {
        f.poll();
        QVERIFY(f.isCaughtUp());
    }
    QCOMPARE(f.stats().bytesRead, read);
    QCOMPARE(int(c.points.size()), 1);

    // The writer restarts (a new file under the name): followed again from its start.
    const QString next = path + u".new"_s;
    {
        TfEventsWriter w(next);
        w.scalar(u"loss"_s, 2, 0.25);
    }
    QVERIFY(QFile::remove(path));
    QVERIFY(QFile::rename(next, path));
    for (int i = 0; i < 5 && c.points.size() < 2; ++i)
        f.poll();
    QCOMPARE(int(c.points.size()), 2);
    QCOMPARE(c.points.back().value, 0.25);
}

void TestTfEventsHostile::everyTruncationRead()
{
    // A file cut at every byte: the complete records are read, the torn one never, nothing more.
    QTemporaryDir dir;
    TfEventsWriter encoder(QString{});
    QByteArray whole = TfEventsWriter::frame(TfEventsWriter::fileVersionEvent(1.0));
    std::vector<qsizetype> ends;
    for (int i = 0; i < 6; ++i) {
        whole += TfEventsWriter::frame(
            encoder.scalarEvent({{u"loss"_s, double(i)}}, i, Enc::SimpleValue, 1.0 + i));
        ends.push_back(whole.size());
    }
    for (qsizetype cut = 0; cut <= whole.size(); ++cut) {
        const QString sub = dir.path() + u'/' + QString::number(cut);
        QVERIFY(QDir().mkpath(sub));
        writeAll(eventPath(sub), whole.left(cut));
        EventFileFollower f;
        f.addRoot(sub);
        Collector c(f);
        for (int i = 0; i < 100 && (i == 0 || !f.isCaughtUp()); ++i)
            f.poll();
        QVERIFY(f.isCaughtUp());
        const int complete =
            int(std::count_if(ends.begin(), ends.end(), [cut](qsizetype e) { return e <= cut; }));
        QCOMPARE(int(c.points.size()), complete);
        QCOMPARE(f.stats().corruptRecords, qint64(0));
    }
}

void TestTfEventsHostile::replacedByNameFollowed()
{
    // Issue 21: a restarted writer replaces the file (new inode, same name, larger than what was
    // read). The follower stayed on the old inode and lost every new point.
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    auto old = std::make_unique<TfEventsWriter>(path);
    for (int i = 0; i < 5; ++i)
        old->scalar(u"loss"_s, i, i);
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QSignalSpy reset(&f, &EventFileFollower::fileReset);
    QCOMPARE(f.poll(), 5);
    old->scalar(u"loss"_s, 5, 5); // the old writer's last point, after the read
    const QString next = path + u".tmp"_s;
    {
        TfEventsWriter w(next);
        for (int i = 0; i < 20; ++i)
            w.scalar(u"loss"_s, 100 + i, 100 + i);
    }
    QVERIFY(QFile::remove(path)); // the old writer still has it open
    QVERIFY(QFile::rename(next, path));
    for (int i = 0; i < 5 && c.points.size() < 26; ++i)
        f.poll();
    QCOMPARE(int(c.points.size()), 26);
    QCOMPARE(c.points[5].step, qint64(5)); // the old file read to its end first
    QCOMPARE(c.points[6].step, qint64(100));
    QCOMPARE(c.points.back().step, qint64(119));
    QCOMPARE(reset.count(), 1);
    old.reset();
    // Growth of the new file is followed.
    {
        QFile f2(path);
        QVERIFY(f2.open(QIODevice::Append));
        TfEventsWriter enc(QString{});
        f2.write(
            TfEventsWriter::frame(enc.scalarEvent({{u"loss"_s, 7.0}}, 120, Enc::SimpleValue, 2.0)));
    }
    QCOMPARE(f.poll(), 1);
    QCOMPARE(c.points.back().step, qint64(120));
}

void TestTfEventsHostile::manyTagsRead()
{
    // 20,000 tags, one point each (the 100,000-tag case is bench_tfevents'): every one read.
    QTemporaryDir dir;
    const int tags = 20000;
    {
        TfEventsWriter w(eventPath(dir.path()));
        for (int i = 0; i < tags; ++i)
            w.record(w.scalarEvent({{u"layer%1/grad_norm"_s.arg(i), double(i)}}, 1,
                                   Enc::SimpleValue, 1.0));
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    for (int i = 0; i < 100 && (i == 0 || !f.isCaughtUp()); ++i)
        f.poll();
    QCOMPARE(int(c.points.size()), tags);
    QCOMPARE(c.points.back().tag, u"layer%1/grad_norm"_s.arg(tags - 1));
}

QTEST_GUILESS_MAIN(TestTfEventsHostile)
#include "tst_tfeventshostile.moc"
