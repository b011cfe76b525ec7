// SPDX-License-Identifier: MIT
// LineSplitter: lines come out the same wherever QProcess happens to cut the stream.
#include "logs/linesplitter.h"

#include <QTest>

using trainyard::logs::Line;
using trainyard::logs::LineSplitter;

namespace {

constexpr qsizetype Max = LineSplitter::MaxLineBytes;

QByteArray bytes(const char *s, qsizetype n)
{
    return QByteArray(s, n);
}

QList<Line> splitInChunks(const QByteArray &input, qsizetype chunk)
{
    LineSplitter splitter;
    QList<Line> lines;
    for (qsizetype i = 0; i < input.size(); i += chunk)
        lines += splitter.feed(input.mid(i, chunk));
    lines += splitter.flush();
    return lines;
}

QList<Line> plain(const QList<QByteArray> &texts)
{
    QList<Line> lines;
    for (const QByteArray &t : texts)
        lines.append(Line{t, false});
    return lines;
}

char *describe(const QList<Line> &lines)
{
    QByteArray out;
    for (const Line &l : lines)
        out += (l.continuation ? "+[" : "[") + l.bytes.left(40).toPercentEncoding(" :") + "](" +
               QByteArray::number(l.bytes.size()) + ") ";
    return qstrdup(out.constData());
}

} // namespace

namespace QTest {
template<>
char *toString(const QList<Line> &lines)
{
    return describe(lines);
}
} // namespace QTest

class TestLineSplitter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lineEnds_data();
    void lineEnds();
    void everySplitPoint_data();
    void everySplitPoint();
    void longLines_data();
    void longLines();
    void longLineCutKeepsUtf8Sequences();
    void tailIsBounded();
    void flushEmitsTail();
};

void TestLineSplitter::lineEnds_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QList<QByteArray>>("expected");

    QTest::newRow("lf") << QByteArray("a\nb\n") << QList<QByteArray>{"a", "b"};
    QTest::newRow("crlf") << QByteArray("a\r\nb\r\n") << QList<QByteArray>{"a", "b"};
    QTest::newRow("bare cr ends a line")
        << QByteArray("10%\r20%\r30%\n") << QList<QByteArray>{"10%\r", "20%\r", "30%"};
    QTest::newRow("progress bar starting with cr")
        << QByteArray("\rstep 1\rstep 2\n") << QList<QByteArray>{"step 1\r", "step 2"};
    QTest::newRow("empty lines are kept")
        << QByteArray("a\n\n\r\nb\n") << QList<QByteArray>{"a", "", "", "b"};
    QTest::newRow("cr cr lf") << QByteArray("a\r\r\nb\n") << QList<QByteArray>{"a\r", "", "b"};
    QTest::newRow("lf cr") << QByteArray("a\n\rb\n") << QList<QByteArray>{"a", "b"};
    QTest::newRow("nul bytes") << bytes("a\0b\n\0\n", 6)
                               << QList<QByteArray>{bytes("a\0b", 3), bytes("\0", 1)};
    QTest::newRow("invalid utf-8") << QByteArray("\xff\xfe\xc3(\xed\xa0\x80\n")
                                   << QList<QByteArray>{"\xff\xfe\xc3(\xed\xa0\x80"};
    QTest::newRow("no end") << QByteArray("unterminated") << QList<QByteArray>{"unterminated"};
    QTest::newRow("nothing") << QByteArray() << QList<QByteArray>{};
}

void TestLineSplitter::lineEnds()
{
    QFETCH(QByteArray, input);
    QFETCH(QList<QByteArray>, expected);
    QCOMPARE(splitInChunks(input, qMax<qsizetype>(1, input.size())), plain(expected));
    QCOMPARE(splitInChunks(input, 1), plain(expected)); // every byte its own chunk
}

void TestLineSplitter::everySplitPoint_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QList<QByteArray>>("expected");
    static const char raw[] = "alpha\nbeta\r\ngamma\rdelta\r\r\n\rprogress 1\rprogress 2\n"
                              "\n\xff\xfe bad \xc3\n"
                              "a\0b\r\n"
                              "\r\r\rtail without end";
    const QByteArray sample = bytes(raw, sizeof(raw) - 1);
    QTest::newRow("mixed sample")
        << sample
        << QList<QByteArray>{
               "alpha",           "beta",       "gamma\r", "delta\r",           "",
               "progress 1\r",    "progress 2", "",        "\xff\xfe bad \xc3", bytes("a\0b", 3),
               "tail without end"};
    QTest::newRow("ends with cr") << QByteArray("x\r") << QList<QByteArray>{"x\r"};
    QTest::newRow("ends with crlf") << QByteArray("x\r\n\r\n") << QList<QByteArray>{"x", ""};
}

void TestLineSplitter::everySplitPoint()
{
    QFETCH(QByteArray, input);
    QFETCH(QList<QByteArray>, expected);
    for (qsizetype cut = 0; cut <= input.size(); ++cut) {
        LineSplitter splitter;
        QList<Line> lines = splitter.feed(input.left(cut));
        lines += splitter.feed(input.mid(cut));
        lines += splitter.flush();
        QVERIFY2(lines == plain(expected), qPrintable(QStringLiteral("cut at byte %1").arg(cut)));
    }
    // And two cuts: every pair of positions.
    for (qsizetype a = 0; a <= input.size(); ++a) {
        for (qsizetype b = a; b <= input.size(); ++b) {
            LineSplitter splitter;
            QList<Line> lines = splitter.feed(input.left(a));
            lines += splitter.feed(input.mid(a, b - a));
            lines += splitter.feed(input.mid(b));
            lines += splitter.flush();
            QVERIFY2(lines == plain(expected),
                     qPrintable(QStringLiteral("cuts at bytes %1 and %2").arg(a).arg(b)));
        }
    }
}

void TestLineSplitter::longLines_data()
{
    QTest::addColumn<qsizetype>("length");
    QTest::addColumn<qsizetype>("chunk");
    QTest::addColumn<QList<qsizetype>>("pieces");

    const QList<qsizetype> chunks{0, 4096, 1000, 65537, 7};
    for (qsizetype chunk : chunks) {
        const QByteArray c = QByteArray::number(chunk);
        QTest::newRow(QByteArray("64 KiB fits, chunk " + c).constData())
            << Max << chunk << QList<qsizetype>{Max};
        QTest::newRow(QByteArray("64 KiB + 1 splits in two, chunk " + c).constData())
            << Max + 1 << chunk << QList<qsizetype>{Max, 1};
        QList<qsizetype> mib(16, Max);
        QTest::newRow(QByteArray("1 MiB, chunk " + c).constData())
            << qsizetype(1024 * 1024) << chunk << mib;
        mib.append(5);
        QTest::newRow(QByteArray("1 MiB + 5, chunk " + c).constData())
            << qsizetype(1024 * 1024 + 5) << chunk << mib;
    }
}

void TestLineSplitter::longLines()
{
    QFETCH(qsizetype, length);
    QFETCH(qsizetype, chunk);
    QFETCH(QList<qsizetype>, pieces);

    QByteArray line(length, Qt::Uninitialized);
    for (qsizetype i = 0; i < length; ++i)
        line[i] = char('a' + i % 26);
    const QByteArray input = "before\n" + line + "\r\nafter\n";
    const QList<Line> lines = splitInChunks(input, chunk == 0 ? input.size() : chunk);

    QCOMPARE(lines.size(), pieces.size() + 2);
    QCOMPARE(lines.first(), (Line{"before", false}));
    QCOMPARE(lines.last(), (Line{"after", false}));
    QByteArray joined;
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const Line &piece = lines.at(i + 1);
        QCOMPARE(piece.bytes.size(), pieces.at(i));
        QCOMPARE(piece.continuation, i > 0); // only the pieces after the first are marked
        joined += piece.bytes;
    }
    QCOMPARE(joined, line); // nothing lost, nothing added
}

void TestLineSplitter::longLineCutKeepsUtf8Sequences()
{
    // "é" (C3 A9) straddles the 64 KiB boundary: the cut moves before it.
    const QByteArray line = QByteArray(Max - 1, 'a') + "\xc3\xa9" + "b";
    const QList<Line> lines = splitInChunks(line + '\n', 3000);
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines.at(0).bytes.size(), Max - 1);
    QCOMPARE(lines.at(1), (Line{"\xc3\xa9"
                                "b",
                                true}));

    // Invalid bytes at the boundary are cut where the limit is (byte-safe, nothing dropped).
    const QByteArray bad = QByteArray(Max - 1, 'a') + "\xff\xff";
    const QList<Line> badLines = splitInChunks(bad + '\n', 3000);
    QCOMPARE(badLines.size(), 2);
    QCOMPARE(badLines.at(0).bytes.size(), Max);
    QCOMPARE(QByteArray(badLines.at(0).bytes + badLines.at(1).bytes), bad);
}

void TestLineSplitter::tailIsBounded()
{
    LineSplitter splitter;
    const QByteArray chunk(100 * 1024, 'x');
    qsizetype emitted = 0;
    for (int i = 0; i < 50; ++i) { // 5 MB without a line end
        splitter.feed(chunk, [&emitted](const char *, qsizetype size, bool) { emitted += size; });
        QVERIFY(splitter.pendingBytes() <= Max);
    }
    splitter.flush([&emitted](const char *, qsizetype size, bool) { emitted += size; });
    QCOMPARE(emitted, 50 * chunk.size());
    QCOMPARE(splitter.pendingBytes(), 0);
}

void TestLineSplitter::flushEmitsTail()
{
    LineSplitter splitter;
    QCOMPARE(splitter.feed("one\ntw"), plain({"one"}));
    QCOMPARE(splitter.pendingBytes(), 2);
    QCOMPARE(splitter.feed("o"), plain({}));
    QCOMPARE(splitter.flush(), plain({"two"}));
    QCOMPARE(splitter.flush(), plain({})); // nothing twice
    // A "\r" at the end of a chunk waits for the next ("\r\n" or a bare "\r"); the end of the
    // stream makes it a bare one, kept at the end of the line, and no phantom line follows.
    QCOMPARE(splitter.feed("x\r"), plain({}));
    QCOMPARE(splitter.flush(), plain({"x\r"}));
    QCOMPARE(splitter.flush(), plain({}));
    // After a flush the splitter starts a fresh stream ("\n" is not swallowed).
    QCOMPARE(splitter.feed("\nz\n"), plain({"", "z"}));
}

QTEST_GUILESS_MAIN(TestLineSplitter)
#include "tst_linesplitter.moc"
