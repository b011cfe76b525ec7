// SPDX-License-Identifier: MIT
// The on-disk log: format, writer, reader with its sparse index, and following a growing file.
#include "logs/logmerge.h"
#include "logs/logreader.h"
#include "logs/logwriter.h"

#include <QDateTime>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard::logs;

namespace {

QByteArray raw(const char *s, qsizetype n)
{
    return QByteArray(s, n);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void appendRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    QCOMPARE(f.write(bytes), bytes.size());
}

// "2026-11-22T10:00:00.000Z" + i ms
constexpr qint64 T0 = 1795341600000LL;

} // namespace

class TestLogFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void timestamp_data();
    void timestamp();
    void recordLine_data();
    void recordLine();
    void unparseableLineIsKeptRaw();
    void writerReaderRoundTrip();
    void writerKeepsOneRecordPerLine();
    void writerRepairsTornLastLine();
    void readerIndexRandomAccess();
    void readerIgnoresTornLineUntilComplete();
    void readerRestartsOnTruncation();
    void readerLineAtTime();
    void mergedWindowAcrossReplicas();

private:
    QTemporaryDir m_dir;
};

void TestLogFile::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestLogFile::timestamp_data()
{
    QTest::addColumn<qint64>("msecs");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("epoch") << qint64(0) << QByteArray("1970-01-01T00:00:00.000Z");
    QTest::newRow("example") << T0 + 123 << QByteArray("2026-11-22T10:00:00.123Z");
    QTest::newRow("leap day")
        << QDateTime(QDate(2024, 2, 29), QTime(23, 59, 59, 999), Qt::UTC).toMSecsSinceEpoch()
        << QByteArray("2024-02-29T23:59:59.999Z");
    QTest::newRow("before epoch") << qint64(-1) << QByteArray("1969-12-31T23:59:59.999Z");
    QTest::newRow("year 2100")
        << QDateTime(QDate(2100, 3, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch()
        << QByteArray("2100-03-01T00:00:00.000Z");
}

void TestLogFile::timestamp()
{
    QFETCH(qint64, msecs);
    QFETCH(QByteArray, text);
    QCOMPARE(formatTimestamp(msecs), text);
    // Agrees with Qt's calendar.
    QCOMPARE(QString::fromLatin1(text),
             QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC).toString(Qt::ISODateWithMs));
    qint64 back = 0;
    QVERIFY(parseTimestamp(text.constData(), text.size(), &back));
    QCOMPARE(back, msecs);
}

void TestLogFile::recordLine_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<Severity>("severity");
    QTest::addColumn<Stream>("stream");
    QTest::addColumn<bool>("continuation");
    QTest::addColumn<QByteArray>("line");

    QTest::newRow("info stdout") << QByteArray("step 1 loss=0.5") << Severity::Info
                                 << Stream::Stdout << false
                                 << QByteArray(
                                        "2026-11-22T10:00:00.123Z I stdout - step 1 loss=0.5\n");
    QTest::newRow("error stderr") << QByteArray("ERROR:root:boom") << Severity::Error
                                  << Stream::Stderr << false
                                  << QByteArray(
                                         "2026-11-22T10:00:00.123Z E stderr - ERROR:root:boom\n");
    QTest::newRow("continuation") << QByteArray("rest") << Severity::Warning << Stream::Stderr
                                  << true
                                  << QByteArray("2026-11-22T10:00:00.123Z W stderr + rest\n");
    QTest::newRow("empty") << QByteArray() << Severity::Debug << Stream::Stdout << false
                           << QByteArray("2026-11-22T10:00:00.123Z D stdout - \n");
    QTest::newRow("invalid utf-8 kept")
        << QByteArray("\xff\xfe\xc3(") << Severity::Critical << Stream::Stdout << false
        << QByteArray("2026-11-22T10:00:00.123Z C stdout - \xff\xfe\xc3(\n");
    QTest::newRow("nul and cr kept")
        << raw("a\0b\rc", 5) << Severity::Info << Stream::Stdout << false
        << raw("2026-11-22T10:00:00.123Z I stdout - a\0b\rc\n", 42);
}

void TestLogFile::recordLine()
{
    QFETCH(QByteArray, bytes);
    QFETCH(Severity, severity);
    QFETCH(Stream, stream);
    QFETCH(bool, continuation);
    QFETCH(QByteArray, line);

    Record r;
    r.timestamp = T0 + 123;
    r.severity = severity;
    r.stream = stream;
    r.continuation = continuation;
    r.bytes = bytes;
    QCOMPARE(formatRecordLine(r), line);

    Record back;
    QVERIFY(parseRecordLine(line.constData(), line.size() - 1, &back));
    QCOMPARE(back.timestamp, r.timestamp);
    QCOMPARE(back.severity, severity);
    QCOMPARE(back.stream, stream);
    QCOMPARE(back.continuation, continuation);
    QCOMPARE(back.bytes, bytes);
}

void TestLogFile::unparseableLineIsKeptRaw()
{
    const QByteArray line("2026-11-22T10:00:0");
    Record r;
    QVERIFY(!parseRecordLine(line.constData(), line.size(), &r));
    QCOMPARE(r.bytes, line);
    QCOMPARE(r.severity, Severity::Info);
}

void TestLogFile::writerReaderRoundTrip()
{
    const QString path = m_dir.filePath(QStringLiteral("roundtrip.log"));
    QList<Record> written;
    {
        LogWriter writer;
        QVERIFY2(writer.open(path), qPrintable(writer.errorString()));
        for (int i = 0; i < 5000; ++i) {
            Record r;
            r.timestamp = T0 + i;
            r.stream = i % 3 == 0 ? Stream::Stderr : Stream::Stdout;
            r.severity = Severity(i % 5);
            r.continuation = i % 7 == 1;
            r.bytes = "line " + QByteArray::number(i);
            if (i % 10 == 0)
                r.bytes += raw("\0\xff\xfe\xc3", 4); // NUL and invalid UTF-8
            writer.append(r);
            written.append(r);
        }
        QVERIFY(writer.bufferedBytes() <= LogWriter::FlushBytes);
        QVERIFY(writer.flush());
        QCOMPARE(writer.recordsWritten(), 5000);
    }
    LogReader reader(path, QStringLiteral("worker-replica-1"));
    QCOMPARE(reader.refresh(), 5000);
    QVERIFY(reader.isIndexComplete());
    const Records back = reader.readRecords(0, 10000);
    QCOMPARE(back.size(), written.size());
    for (qsizetype i = 0; i < back.size(); ++i) {
        const Record &a = written.at(i);
        const Record &b = back.at(i);
        QCOMPARE(b.bytes, a.bytes);
        QCOMPARE(b.timestamp, a.timestamp);
        QCOMPARE(b.stream, a.stream);
        QCOMPARE(b.severity, a.severity);
        QCOMPARE(b.continuation, a.continuation);
        QCOMPARE(b.replica, QStringLiteral("worker-replica-1"));
    }
    // Invalid bytes are on disk as they were written, not replaced.
    QVERIFY(readAll(path).contains(raw("line 10\0\xff\xfe\xc3\n", 12)));
}

void TestLogFile::writerKeepsOneRecordPerLine()
{
    const QString path = m_dir.filePath(QStringLiteral("embedded-lf.log"));
    LogWriter writer;
    QVERIFY(writer.open(path));
    writer.append(T0, Stream::Stdout, Severity::Info, false, "a\nb", 3);
    writer.flush();
    LogReader reader(path);
    QCOMPARE(reader.refresh(), 2);
    const Records r = reader.readRecords(0, 2);
    QCOMPARE(r.at(0).bytes, QByteArray("a"));
    QCOMPARE(r.at(1).bytes, QByteArray("b"));
    QVERIFY(r.at(1).continuation);
}

void TestLogFile::writerRepairsTornLastLine()
{
    const QString path = m_dir.filePath(QStringLiteral("torn.log"));
    appendRaw(path, "2026-11-22T10:00:00.000Z I stdout - complete\n2026-11-22T10:00:00.0");
    LogWriter writer;
    QVERIFY(writer.open(path));
    writer.append(T0 + 5, Stream::Stdout, Severity::Info, false, "after restart", 13);
    writer.close();
    LogReader reader(path);
    QCOMPARE(reader.refresh(), 3);
    const Records r = reader.readRecords(0, 3);
    QCOMPARE(r.at(0).bytes, QByteArray("complete"));
    QCOMPARE(r.at(1).bytes, QByteArray("2026-11-22T10:00:00.0")); // raw, not hidden
    QCOMPARE(r.at(2).bytes, QByteArray("after restart"));
    QCOMPARE(r.at(2).timestamp, T0 + 5);
}

void TestLogFile::readerIndexRandomAccess()
{
    const QString path = m_dir.filePath(QStringLiteral("million.log"));
    constexpr qint64 Lines = 1000000;
    {
        LogWriter writer;
        QVERIFY(writer.open(path));
        for (qint64 i = 0; i < Lines; ++i) {
            const QByteArray text = "line " + QByteArray::number(i);
            writer.append(T0 + i / 100, Stream::Stdout, Severity::Info, false, text.constData(),
                          text.size());
        }
        QVERIFY(writer.flush());
    }
    LogReader reader(path);
    // Built in slices, as a GUI would do it between events.
    qint64 total = 0;
    int slices = 0;
    do {
        total += reader.refresh(4 * 1024 * 1024);
        ++slices;
    } while (!reader.isIndexComplete());
    QCOMPARE(total, Lines);
    QCOMPARE(reader.lineCount(), Lines);
    QVERIFY(slices > 1);
    // ~1000 offsets, not a million.
    QVERIFY2(reader.indexMemoryBytes() < 32 * 1024,
             qPrintable(QString::number(reader.indexMemoryBytes())));

    const QList<qint64> probes{777777, 0, 1, 1023, 1024, 1025, 2047, 2048, Lines - 1};
    for (qint64 n : probes) {
        const Record r = reader.readRecord(n);
        QCOMPARE(r.bytes, "line " + QByteArray::number(n));
        QCOMPARE(r.timestamp, T0 + n / 100);
    }
    const QList<QByteArray> window = reader.readRawLines(777770, 50);
    QCOMPARE(window.size(), 50);
    for (int i = 0; i < 50; ++i)
        QVERIFY(window.at(i).endsWith(QByteArray(" line " + QByteArray::number(777770 + i))));
    QCOMPARE(reader.readRawLines(Lines - 2, 50).size(), 2); // clamped at the end
    QVERIFY(reader.readRawLines(Lines, 1).isEmpty());
    QVERIFY(reader.readRawLines(-1, 1).isEmpty());
}

void TestLogFile::readerIgnoresTornLineUntilComplete()
{
    const QString path = m_dir.filePath(QStringLiteral("growing.log"));
    LogReader reader(path);
    QCOMPARE(reader.refresh(), 0); // not there yet: no lines, no error
    QCOMPARE(reader.lineCount(), 0);

    const QByteArray line =
        formatRecordLine(Record{T0, {}, Stream::Stdout, Severity::Info, false, "one"});
    appendRaw(path, line + line.left(10));
    QCOMPARE(reader.refresh(), 1);
    QCOMPARE(reader.lineCount(), 1);
    appendRaw(path, line.mid(10));
    QCOMPARE(reader.refresh(), 1);
    QCOMPARE(reader.lineCount(), 2);
    QCOMPARE(reader.readRecord(1).bytes, QByteArray("one"));
    QCOMPARE(reader.refresh(), 0);
}

void TestLogFile::readerRestartsOnTruncation()
{
    const QString path = m_dir.filePath(QStringLiteral("truncated.log"));
    const QByteArray line =
        formatRecordLine(Record{T0, {}, Stream::Stdout, Severity::Info, false, "x"});
    appendRaw(path, line + line + line);
    LogReader reader(path);
    QCOMPARE(reader.refresh(), 3);
    const int generation = reader.generation();
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(line);
    f.close();
    QCOMPARE(reader.refresh(), 1);
    QCOMPARE(reader.lineCount(), 1);
    QVERIFY(reader.generation() != generation);
}

void TestLogFile::readerLineAtTime()
{
    const QString path = m_dir.filePath(QStringLiteral("times.log"));
    {
        LogWriter writer;
        QVERIFY(writer.open(path));
        for (int i = 0; i < 5000; ++i) // 10 lines per millisecond
            writer.append(T0 + i / 10, Stream::Stdout, Severity::Info, false, "x", 1);
    }
    LogReader reader(path);
    reader.refresh();
    QCOMPARE(reader.lineAtTime(T0 - 1), 0);
    QCOMPARE(reader.lineAtTime(T0), 0);
    QCOMPARE(reader.lineAtTime(T0 + 1), 10);
    QCOMPARE(reader.lineAtTime(T0 + 102), 1020);
    QCOMPARE(reader.lineAtTime(T0 + 103), 1030);
    QCOMPARE(reader.lineAtTime(T0 + 499), 4990);
    QCOMPARE(reader.lineAtTime(T0 + 500), 5000);
}

void TestLogFile::mergedWindowAcrossReplicas()
{
    // Three replicas writing at different rates; the interleaved view is in time order and
    // ties keep the replicas' order.
    const QStringList names{QStringLiteral("chief"), QStringLiteral("worker-0"),
                            QStringLiteral("ps-0")};
    const QList<int> every{1, 2, 5}; // a line every N ms
    std::vector<std::unique_ptr<LogReader>> owned;
    QList<LogReader *> readers;
    for (int k = 0; k < names.size(); ++k) {
        const QString path = m_dir.filePath(names.at(k) + QStringLiteral(".log"));
        {
            LogWriter writer;
            QVERIFY(writer.open(path));
            for (int t = 0; t < 3000; t += every.at(k)) {
                const QByteArray text = names.at(k).toLatin1() + ' ' + QByteArray::number(t);
                writer.append(T0 + t, Stream::Stdout, Severity::Info, false, text.constData(),
                              text.size());
            }
        }
        owned.push_back(std::make_unique<LogReader>(path, names.at(k)));
        owned.back()->refresh();
        readers.append(owned.back().get());
    }
    const Records window = readMergedWindow(readers, T0 + 2000, 17);
    QCOMPARE(window.size(), 17);
    const QList<QByteArray> expected{
        "chief 2000",    "worker-0 2000", "ps-0 2000",     "chief 2001",    "chief 2002",
        "worker-0 2002", "chief 2003",    "chief 2004",    "worker-0 2004", "chief 2005",
        "ps-0 2005",     "chief 2006",    "worker-0 2006", "chief 2007",    "chief 2008",
        "worker-0 2008", "chief 2009"};
    for (int i = 0; i < 17; ++i)
        QCOMPARE(window.at(i).bytes, expected.at(i));
    QCOMPARE(window.at(2).replica, QStringLiteral("ps-0"));
    QVERIFY(readMergedWindow(readers, T0 + 5000, 10).isEmpty());
}

QTEST_GUILESS_MAIN(TestLogFile)
#include "tst_logfile.moc"
