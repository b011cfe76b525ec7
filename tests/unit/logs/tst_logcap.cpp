// SPDX-License-Identifier: MIT
// LogWriter's size cap: past it the oldest part of the file is dropped in place, behind one
// marker record, on record boundaries; readers following the file start over.
#include "logs/logfollower.h"
#include "logs/logreader.h"
#include "logs/logwriter.h"
#include "logs/record.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard::logs;

class TestLogCap : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void markerText();
    void dropsOldestKeepsNewest();
    void noCapKeepsEverything();

private:
    QTemporaryDir m_tmp;
};

void TestLogCap::markerText()
{
    QCOMPARE(LogWriter::capMarkerText(3 * 1024 * 1024),
             QByteArray("trainyard: earlier lines dropped (cap 3 MB)"));
    QVERIFY(LogWriter::isCapMarker(LogWriter::capMarkerText(512 * 1024)));
    QCOMPARE(LogWriter::capMarkerText(2 * 1024 * 1024, 5000),
             QByteArray("trainyard: earlier lines dropped (cap 2 MB); 5000 bytes dropped so far"));
    QVERIFY(!LogWriter::isCapMarker("earlier lines dropped"));
}

void TestLogCap::dropsOldestKeepsNewest()
{
    const QString path = m_tmp.filePath(QStringLiteral("capped.log"));
    constexpr qint64 cap = 200 * 1024;
    LogWriter writer;
    QVERIFY(writer.open(path));
    writer.setSizeCap(cap);
    LogReader follower(path, QStringLiteral("chief-0"));
    LogFollower stream; // what `jobs stream-logs` uses
    stream.addFile(path, QStringLiteral("chief-0"), LogFollower::StartAt::Beginning);
    QSignalSpy resets(&stream, &LogFollower::fileReset);
    const int total = 20000; // about 1.4 MB of records
    for (int i = 0; i < total; ++i) {
        const QByteArray text = "line " + QByteArray::number(i) + " of the trainer's output";
        writer.append(1000 + i, Stream::Stdout, Severity::Info, false, text.constData(),
                      text.size());
        if (i == 1000) {
            QVERIFY(writer.flush());
            QVERIFY(follower.refresh() > 1000);
            QVERIFY(stream.poll() > 1000);
        }
        if (i % 3000 == 0) // never over the cap after a write
            QVERIFY(QFileInfo(path).size() <= cap);
    }
    QVERIFY(writer.flush());
    QVERIFY(QFileInfo(path).size() <= cap);
    QVERIFY(QFileInfo(path).size() >= cap / 4);
    QVERIFY(writer.capDrops() > 0);
    QVERIFY(writer.bytesDroppedByCap() > 1000 * 1000);

    // Every line parses; the first is the marker, the rest are consecutive and end with the last.
    LogReader reader(path, QStringLiteral("chief-0"));
    reader.refresh();
    QVERIFY(reader.lineCount() > 100);
    const QList<QByteArray> lines = reader.readRawLines(0, reader.lineCount());
    Record first;
    QVERIFY(parseRecordLine(lines.first().constData(), lines.first().size(), &first));
    QVERIFY2(LogWriter::isCapMarker(first.bytes), first.bytes.constData());
    QCOMPARE(first.severity, Severity::Warning);
    int expected = -1;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        Record r;
        QVERIFY2(parseRecordLine(lines.at(i).constData(), lines.at(i).size(), &r),
                 lines.at(i).constData());
        const int n = r.bytes.split(' ').at(1).toInt();
        if (expected >= 0)
            QCOMPARE(n, expected);
        expected = n + 1;
    }
    QCOMPARE(expected, total);

    // A reader that had indexed the old file sees it shrink and starts over.
    const int generation = follower.generation();
    follower.refresh();
    QVERIFY(follower.generation() != generation);
    QCOMPARE(follower.lineCount(), reader.lineCount());
    QVERIFY(LogWriter::isCapMarker(follower.readRecord(0).bytes));
    // The follower too: it starts over and its first record is the marker.
    QSignalSpy batches(&stream, &LogFollower::newRecords);
    stream.poll();
    QCOMPARE(resets.count(), 1);
    QVERIFY(!batches.isEmpty());
    QVERIFY(LogWriter::isCapMarker(batches.first().first().value<Records>().first().bytes));
}

void TestLogCap::noCapKeepsEverything()
{
    const QString path = m_tmp.filePath(QStringLiteral("uncapped.log"));
    LogWriter writer;
    QVERIFY(writer.open(path));
    for (int i = 0; i < 5000; ++i) {
        const QByteArray text = "line " + QByteArray::number(i);
        writer.append(1000 + i, Stream::Stdout, Severity::Info, false, text.constData(),
                      text.size());
    }
    QVERIFY(writer.flush());
    QCOMPARE(writer.capDrops(), 0);
    LogReader reader(path);
    QCOMPARE(reader.refresh(), 5000);
}

QTEST_GUILESS_MAIN(TestLogCap)
#include "tst_logcap.moc"
