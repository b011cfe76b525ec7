// SPDX-License-Identifier: MIT
// Live capture of real child processes into the log file, and consoles following that file.
#include "logs/logcapture.h"
#include "logs/logfollower.h"
#include "logs/logreader.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard::logs;

namespace {

constexpr qint64 T0 = 1795341600000LL;

// Runs program with args, capturing into path; returns the capture's stderr tail.
bool runCaptured(const QString &path, const QString &program, const QStringList &args,
                 QList<QByteArray> *lastErr = nullptr)
{
    LogWriter writer;
    if (!writer.open(path))
        return false;
    LogCapture capture(&writer, QStringLiteral("master-replica-0"));
    QProcess process;
    capture.attach(&process);
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(program, args);
    if (!process.waitForStarted(10000))
        return false;
    if (!finished.wait(120000))
        return false;
    capture.finish();
    if (lastErr != nullptr)
        *lastErr = capture.lastStderrLines();
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

void writeRecords(LogWriter &writer, int from, int count)
{
    for (int i = from; i < from + count; ++i) {
        const QByteArray text = "record " + QByteArray::number(i);
        writer.append(T0 + i, Stream::Stdout, Severity::Info, false, text.constData(), text.size());
    }
    writer.flush();
}

} // namespace

class TestLogCapture : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void floodingChildArrivesInOrder();
    void childOutputForms_data();
    void childOutputForms();
    void barStaysOneGroupWhenPipesAreReadOutOfOrder();
    void followerPicksUpAppendedLines();
    void followerReadsAFloodInBoundedTicks();
    void followerOnTimerAndFromEnd();

private:
    QTemporaryDir m_dir;
};

void TestLogCapture::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestLogCapture::floodingChildArrivesInOrder()
{
    // 200,000 lines on stdout as fast as seq can print, plus errors on stderr.
    const QString path = m_dir.filePath(QStringLiteral("flood.log"));
    QList<QByteArray> lastErr;
    QVERIFY(runCaptured(
        path, QStringLiteral("/bin/sh"),
        {QStringLiteral("-c"), QStringLiteral("seq 1 200000; echo 'ERROR:root:boom' >&2; "
                                              "seq 1 30 >&2")},
        &lastErr));
    LogReader reader(path);
    reader.refresh();
    QCOMPARE(reader.lineCount(), 200000 + 31);
    qint64 expected = 1;
    int errors = 0;
    qint64 previousTime = 0;
    int stderrLines = 0;
    for (qint64 first = 0; first < reader.lineCount(); first += 10000) {
        const Records batch = reader.readRecords(first, 10000);
        for (const Record &r : batch) {
            QVERIFY(r.timestamp >= previousTime);
            previousTime = r.timestamp;
            if (r.stream == Stream::Stdout) {
                QCOMPARE(r.severity, Severity::Info);
                QCOMPARE(r.bytes, QByteArray::number(expected));
                ++expected;
            } else {
                ++stderrLines;
                if (r.severity == Severity::Error)
                    ++errors;
                else
                    QCOMPARE(r.severity, Severity::Warning);
            }
        }
    }
    QCOMPARE(expected, 200001);
    QCOMPARE(stderrLines, 31);
    QCOMPARE(errors, 1);
    // The last 20 stderr lines are kept for a failed job's message.
    QCOMPARE(lastErr.size(), LogCapture::KeptStderrLines);
    QCOMPARE(lastErr.last(), QByteArray("30"));
}

void TestLogCapture::childOutputForms_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QList<QByteArray>>("expected");
    QTest::newRow("progress bar with cr, no final newline")
        << QStringLiteral("printf '\\r10%%\\r50%%\\r100%%'")
        << QList<QByteArray>{"10%\r", "50%\r", "100%"}; // a redraw keeps its "\r"
    QTest::newRow("crlf") << QStringLiteral("printf 'a\\r\\nb\\r\\n'")
                          << QList<QByteArray>{"a", "b"};
    QTest::newRow("invalid utf-8 and nul") << QStringLiteral("printf 'x\\377\\376y\\000z\\n'")
                                           << QList<QByteArray>{QByteArray("x\xff\xfey\0z", 6)};
    QTest::newRow("slow pieces of one line")
        << QStringLiteral("printf 'par'; sleep 0.2; printf 'tial\\n'")
        << QList<QByteArray>{"partial"};
}

void TestLogCapture::childOutputForms()
{
    QFETCH(QString, script);
    QFETCH(QList<QByteArray>, expected);
    const QString path = m_dir.filePath(
        QStringLiteral("forms-%1.log").arg(QString::fromLatin1(QTest::currentDataTag()).size()));
    QFile::remove(path);
    QVERIFY(runCaptured(path, QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script}));
    LogReader reader(path);
    reader.refresh();
    QList<QByteArray> got;
    for (const Record &r : reader.readRecords(0, 100))
        got.append(r.bytes);
    QCOMPARE(got, expected);
}

// tqdm draws on stderr, then the trainer prints on stdout; both pipes are ready in one pass of
// the owner's event loop, which would read stdout first. The bar's stream goes first, so its
// redraws stay one group, one row; nothing waits beyond its pass.
void TestLogCapture::barStaysOneGroupWhenPipesAreReadOutOfOrder()
{
    const QString path = m_dir.filePath(QStringLiteral("order.log"));
    QFile::remove(path);
    LogWriter writer;
    QVERIFY(writer.open(path));
    LogCapture capture(&writer, QStringLiteral("chief-0"));
    qint64 now = T0;
    capture.setClock([&now] { return now; });
    capture.feedPass({}, QByteArray("\rtrain 1/3\rtrain 2/3\r"));
    now += 5;
    // One pass: the bar's last redraw and what was printed after it.
    capture.feedPass(QByteArray("epoch 1 done\nsaving\n"), QByteArray("train 3/3\n"));
    capture.feedPass(QByteArray("after\n"), {});
    // A bar that stays open: a line of the other stream in a later pass is stored at once, in
    // the middle of the bar's redraws (as a terminal shows it: above the bar).
    capture.feedPass({}, QByteArray("\rvalidate 1/9\rvalidate 2/9"));
    capture.feedPass(QByteArray("printed while validating\n"), {});
    now += 1000;
    capture.feedPass(QByteArray("later\n"), QByteArray("\rvalidate 3/9\n"));
    capture.finish();

    LogReader reader(path);
    reader.refresh();
    QList<QByteArray> got;
    QList<qint64> times;
    for (const Record &r : reader.readRecords(0, 100)) {
        got.append(r.bytes);
        times.append(r.timestamp);
    }
    QCOMPARE(got,
             (QList<QByteArray>{"train 1/3\r", "train 2/3\r", "train 3/3", "epoch 1 done", "saving",
                                "after", "validate 1/9\r", "printed while validating",
                                "validate 2/9\r", "validate 3/9", "later"}));
    QVERIFY(std::is_sorted(times.cbegin(), times.cend())); // the file stays in time order
    QCOMPARE(reader.groupEnd(0), qint64(2));               // the bar is one row
    QVERIFY(!reader.isHidden(3));
    QCOMPARE(times.at(7), T0 + 5); // stored in its own pass, not after a later one
}

void TestLogCapture::followerPicksUpAppendedLines()
{
    const QString path = m_dir.filePath(QStringLiteral("follow.log"));
    LogFollower follower;
    follower.addFile(path, QStringLiteral("worker-replica-0"));
    QSignalSpy spy(&follower, &LogFollower::newRecords);
    QCOMPARE(follower.poll(), 0); // no file yet

    LogWriter writer;
    QVERIFY(writer.open(path));
    writeRecords(writer, 0, 3);
    QCOMPARE(follower.poll(), 3);
    QCOMPARE(spy.size(), 1);
    const Records first = spy.at(0).at(0).value<Records>();
    QCOMPARE(first.at(2).bytes, QByteArray("record 2"));
    QCOMPARE(first.at(2).replica, QStringLiteral("worker-replica-0"));
    QCOMPARE(first.at(2).timestamp, T0 + 2);

    QCOMPARE(follower.poll(), 0); // nothing new: no signal
    QCOMPARE(spy.size(), 1);

    writeRecords(writer, 3, 2);
    // A torn line: only the complete part is emitted now, the rest with the next poll.
    const QByteArray torn =
        formatRecordLine(Record{T0 + 9, {}, Stream::Stderr, Severity::Error, false, "torn"});
    QFile raw(path);
    QVERIFY(raw.open(QIODevice::Append));
    raw.write(torn.left(20));
    raw.flush();
    QCOMPARE(follower.poll(), 2);
    QCOMPARE(spy.last().at(0).value<Records>().at(0).bytes, QByteArray("record 3"));
    raw.write(torn.mid(20));
    raw.flush();
    QCOMPARE(follower.poll(), 1);
    const Record last = spy.last().at(0).value<Records>().at(0);
    QCOMPARE(last.bytes, QByteArray("torn"));
    QCOMPARE(last.severity, Severity::Error);
    QCOMPARE(last.stream, Stream::Stderr);
}

void TestLogCapture::followerReadsAFloodInBoundedTicks()
{
    const QString a = m_dir.filePath(QStringLiteral("flood-a.log"));
    const QString b = m_dir.filePath(QStringLiteral("flood-b.log"));
    LogWriter wa;
    LogWriter wb;
    QVERIFY(wa.open(a));
    QVERIFY(wb.open(b));
    writeRecords(wa, 0, 50000); // ~2.5 MB each
    writeRecords(wb, 0, 50000);

    LogFollower follower;
    follower.setMaxBytesPerTick(256 * 1024);
    follower.addFile(a, QStringLiteral("a"));
    follower.addFile(b, QStringLiteral("b"));
    QSignalSpy spy(&follower, &LogFollower::newRecords);
    int ticks = 0;
    QHash<QString, int> next;
    do {
        follower.poll();
        ++ticks;
        QVERIFY(ticks < 1000);
    } while (!follower.isCaughtUp());
    for (const QList<QVariant> &args : std::as_const(spy)) {
        for (const Record &r : args.at(0).value<Records>()) {
            QCOMPARE(r.bytes, "record " + QByteArray::number(next[r.replica]));
            ++next[r.replica];
        }
    }
    QCOMPARE(next.value(QStringLiteral("a")), 50000);
    QCOMPARE(next.value(QStringLiteral("b")), 50000);
    // 5 MB at 256 KiB per tick: spread over many ticks, each bounded.
    QVERIFY2(ticks >= 18, qPrintable(QString::number(ticks)));
}

void TestLogCapture::followerOnTimerAndFromEnd()
{
    const QString path = m_dir.filePath(QStringLiteral("timer.log"));
    LogWriter writer;
    QVERIFY(writer.open(path));
    writeRecords(writer, 0, 10); // history the follower skips

    LogFollower follower;
    follower.setInterval(20);
    follower.addFile(path, QStringLiteral("chief"), LogFollower::StartAt::End);
    QSignalSpy spy(&follower, &LogFollower::newRecords);
    follower.start();
    QTest::qWait(60); // first ticks see nothing new
    QCOMPARE(spy.size(), 0);
    writeRecords(writer, 10, 1);
    QVERIFY(spy.wait(5000));
    const Records batch = spy.at(0).at(0).value<Records>();
    QCOMPARE(batch.size(), 1);
    QCOMPARE(batch.at(0).bytes, QByteArray("record 10"));
}

QTEST_GUILESS_MAIN(TestLogCapture)
#include "tst_logcapture.moc"
