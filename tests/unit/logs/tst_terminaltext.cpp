// SPDX-License-Identifier: MIT
// How a line of trainer output is shown: played like a terminal plays it.
#include "logs/terminaltext.h"

#include <QTest>

using namespace trainyard::logs;

class TestTerminalText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void text_data();
    void text();
    void sgrSpans();
    void colours256AndTrueColour();
    void safeSgrForTerminals();
};

void TestTerminalText::text_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("shown");
    QTest::newRow("plain") << QByteArray("loss: 0.5") << QStringLiteral("loss: 0.5");
    // tqdm (std.py, print_status): "\r" + the bar + spaces up to the last length
    QTest::newRow("tqdm redraws") << QByteArray("\r 50%|#####     | 5/10\r100%|##########| 10/10")
                                  << QStringLiteral("100%|##########| 10/10");
    // Keras Progbar (generic_utils.py, dynamic display): "\b" * prev_total_width + "\r" + bar
    QTest::newRow("keras backspaces")
        << QByteArray("1/3 [=>....] - loss: 0.9\b\b\b\b\b\b\b\b\b\r2/3 [===>..] - loss: 0.5")
        << QStringLiteral("2/3 [===>..] - loss: 0.5");
    QTest::newRow("trailing cr") << QByteArray("epoch 1\r") << QStringLiteral("epoch 1");
    QTest::newRow("shorter redraw keeps the rest")
        << QByteArray("abcdef\rXY") << QStringLiteral("XYcdef");
    QTest::newRow("erase to end") << QByteArray("abcdef\rXY\x1b[K") << QStringLiteral("XY");
    QTest::newRow("colours are not text")
        << QByteArray("\x1b[31mERROR\x1b[0m done") << QStringLiteral("ERROR done");
    QTest::newRow("cursor moves are dropped")
        << QByteArray("\x1b[2Aup\x1b]0;title\x07!") << QStringLiteral("up!");
    QTest::newRow("invalid UTF-8") << QByteArray("a\xff"
                                                 "b\xc3")
                                   << QStringLiteral("a\uFFFDb\uFFFD");
    QTest::newRow("UTF-8 kept") << QByteArray("Größe 🚀") << QStringLiteral("Größe 🚀");
    QTest::newRow("NUL and BEL visible")
        << QByteArray("a\0b\x07", 4) << QStringLiteral("a\u2400b\u2407");
    QTest::newRow("tab") << QByteArray("a\tb") << QStringLiteral("a\tb");
}

void TestTerminalText::text()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, shown);
    QCOMPARE(terminalText(bytes), shown);
}

void TestTerminalText::sgrSpans()
{
    const StyledText t = renderTerminalLine("\x1b[1;31mERROR\x1b[0m and \x1b[32mok\x1b[39m.");
    QCOMPARE(t.text, QStringLiteral("ERROR and ok."));
    QCOMPARE(t.spans.size(), 2);
    QCOMPARE(t.spans[0].start, 0);
    QCOMPARE(t.spans[0].length, 5);
    QCOMPARE(t.spans[0].style.foreground, 1);
    QVERIFY(t.spans[0].style.bold);
    QCOMPARE(t.spans[1].start, 10);
    QCOMPARE(t.spans[1].length, 2);
    QCOMPARE(t.spans[1].style.foreground, 2);
    QVERIFY(!t.spans[1].style.bold);
}

void TestTerminalText::colours256AndTrueColour()
{
    const StyledText t = renderTerminalLine("\x1b[38;5;208mA\x1b[48;2;1;2;3mB\x1b[94mC");
    QCOMPARE(t.spans.size(), 3);
    QCOMPARE(t.spans[0].style.foreground, 208);
    QCOMPARE(t.spans[1].style.background, TextStyle::TrueColor | 0x010203);
    QCOMPARE(t.spans[2].style.foreground, 12); // bright blue
    QCOMPARE(paletteRgb(1), 0xcd0000u);
    QCOMPARE(paletteRgb(208), 0xff8700u);
    QCOMPARE(paletteRgb(232), 0x080808u);
}

void TestTerminalText::safeSgrForTerminals()
{
    QCOMPARE(terminalSafeSgr("\x1b[31mred\x1b[0m plain"), QByteArray("\x1b[0;31mred\x1b[0m plain"));
    QCOMPARE(terminalSafeSgr("x\x1b[2J\x1b]0;evil\x07y"), QByteArray("xy"));
    QCOMPARE(terminalSafeSgr("a\x1b[1mb"), QByteArray("a\x1b[0;1mb\x1b[0m"));
    QCOMPARE(terminalSafeSgr("10%\r20%\r"), QByteArray("20%"));
    // C1 CSI and a right-to-left override are shown as codes, never sent.
    QCOMPARE(terminalSafeSgr("a\xc2\x9b"
                             "2Jb\xe2\x80\xae"
                             "c"),
             QByteArray("a\\u009b2Jb\\u202ec"));
}

QTEST_GUILESS_MAIN(TestTerminalText)
#include "tst_terminaltext.moc"
