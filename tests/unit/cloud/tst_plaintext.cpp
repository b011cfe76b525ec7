// SPDX-License-Identifier: MIT
// text::plainText, the one sanitiser of outside text bound for a terminal or a label: escape
// sequences (OSC 52 clipboard writes, title changes, screen clears, 8-bit CSI), C0/C1 controls
// and bidirectional overrides become visible escapes; ordinary text, tabs and (when kept)
// newlines stay.
#include "text/plaintext.h"

#include <QtTest>

using trainyard::text::Newlines;
using trainyard::text::plainText;

class TestPlainText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escapes_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << QStringLiteral("customJobs/1 läuft ✓ 日本")
                               << QStringLiteral("customJobs/1 läuft ✓ 日本");
        QTest::newRow("tab stays") << QStringLiteral("a\tb") << QStringLiteral("a\tb");
        QTest::newRow("OSC 52 clipboard write") << QStringLiteral("x\x1b]52;c;cm0gLXJmIH4=\x07y")
                                                << QStringLiteral("x\\x1b]52;c;cm0gLXJmIH4=\\x07y");
        QTest::newRow("title change, ST")
            << QStringLiteral("\x1b]0;pwned\x1b\\") << QStringLiteral("\\x1b]0;pwned\\x1b\\");
        QTest::newRow("screen clear")
            << QStringLiteral("\x1b[2J\x1b[H") << QStringLiteral("\\x1b[2J\\x1b[H");
        QTest::newRow("8-bit CSI")
            << QString(QChar(0x9b)) + QStringLiteral("2J") << QStringLiteral("\\x9b2J");
        QTest::newRow("carriage return")
            << QStringLiteral("ok\rFAILED") << QStringLiteral("ok\\x0dFAILED");
        QTest::newRow("newline in one line") << QStringLiteral("a\nb") << QStringLiteral("a\\x0ab");
        QTest::newRow("DEL and NUL")
            << QString(QChar(0x7f)) + QChar(0) << QStringLiteral("\\x7f\\x00");
        QTest::newRow("RTL override") << QString(QChar(0x202e)) + QStringLiteral("txt.exe")
                                      << QStringLiteral("\\u202etxt.exe");
        QTest::newRow("isolate") << QString(QChar(0x2067)) << QStringLiteral("\\u2067");
        QTest::newRow("line separator") << QString(QChar(0x2028)) << QStringLiteral("\\u2028");
        QTest::newRow("lone surrogate")
            << QString(QChar(0xd800)) + QLatin1Char('x') << QStringLiteral("\\ud800x");
        QTest::newRow("emoji pair stays") << QStringLiteral("🚆") << QStringLiteral("🚆");
    }
    void escapes()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(plainText(in), out);
        QCOMPARE(trainyard::text::isPlain(in), in == out);
    }

    void keepsNewlinesForLabels()
    {
        QCOMPARE(plainText(QStringLiteral("Not submitted:\n\x1b[31mred"), Newlines::Keep),
                 QStringLiteral("Not submitted:\n\\x1b[31mred"));
    }
};

QTEST_GUILESS_MAIN(TestPlainText)
#include "tst_plaintext.moc"
