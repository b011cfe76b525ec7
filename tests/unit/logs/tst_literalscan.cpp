// SPDX-License-Identifier: MIT
// The log search's prefilter (logs/literalscan.h): every block width finds what a plain loop
// finds, at every alignment and up to the last byte; without case the two characters PCRE2
// folds to ASCII ('s' to U+017F, 'k' to U+212A) are candidates; and the literals read from a
// regular expression are ones every match holds, checked against PCRE2 itself on sample text.
#include "logs/literalscan.h"
#include "logs/logsearch.h"

#include <QTest>

using trainyard::logs::chooseLiteral;
using trainyard::logs::LiteralScan;
using trainyard::logs::requiredLiterals;

namespace {

// The first start of `literal` in [from, end) by plain comparison (ASCII case folded when asked).
const char *naiveFind(const char *from, const char *end, const QByteArray &literal, bool caseless)
{
    const auto fold = [caseless](char c) {
        return caseless && c >= 'A' && c <= 'Z' ? char(c | 0x20) : c;
    };
    for (const char *p = from; p + literal.size() <= end; ++p) {
        qsizetype i = 0;
        while (i < literal.size() && fold(p[i]) == fold(literal.at(i)))
            ++i;
        if (i == literal.size())
            return p;
    }
    return nullptr;
}

const LiteralScan::Blocks AllBlocks[] = {LiteralScan::Blocks::Widest, LiteralScan::Blocks::Sse2,
                                         LiteralScan::Blocks::None};

} // namespace

class TestLiteralScan : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyWidthEqualsPlainLoop_data();
    void everyWidthEqualsPlainLoop();
    void foldedCharactersAreCandidates();
    void requiredRuns_data();
    void requiredRuns();
    void requiredRunsHoldInEveryMatch();
    void choice();
};

void TestLiteralScan::everyWidthEqualsPlainLoop_data()
{
    QTest::addColumn<QByteArray>("literal");
    QTest::addColumn<bool>("caseless");
    QTest::newRow("one byte") << QByteArray("q") << false;
    QTest::newRow("two bytes") << QByteArray("ab") << false;
    QTest::newRow("two bytes, no case") << QByteArray("aB") << true;
    QTest::newRow("digits") << QByteArray("=0.00") << true;
    QTest::newRow("17 bytes across blocks") << QByteArray("abacabadabacabaZz") << false;
    QTest::newRow("40 bytes, no case")
        << QByteArray("CUDA error: an illegal memory acce ABCD") << true;
    QTest::newRow("punctuation next to letters, no case") << QByteArray("@[`{") << true;
}

void TestLiteralScan::everyWidthEqualsPlainLoop()
{
    QFETCH(QByteArray, literal);
    QFETCH(bool, caseless);
    const LiteralScan scan(literal, caseless);
    // Text over a small alphabet, so partial matches are everywhere; the literal planted at
    // chosen places, in mixed case when caseless.
    quint32 x = 12345;
    QByteArray text;
    const char alphabet[] = "abcdABCD=0.@[`{ Zz";
    for (int i = 0; i < 3000; ++i) {
        x = x * 1664525u + 1013904223u;
        text += alphabet[(x >> 8) % (sizeof alphabet - 1)];
    }
    QByteArray planted = literal;
    if (caseless) {
        for (qsizetype i = 0; i < planted.size(); i += 2) {
            if (planted.at(i) >= 'a' && planted.at(i) <= 'z')
                planted[i] = char(planted.at(i) - 'a' + 'A');
        }
    }
    for (qsizetype at :
         {qsizetype(5), qsizetype(700), qsizetype(1500), text.size() - planted.size()})
        text.replace(at, planted.size(), planted);
    for (LiteralScan::Blocks blocks : AllBlocks) {
        // Every start, and ends that cut the text short, so the tails are exercised too.
        for (qsizetype start = 0; start < 80; ++start) {
            for (qsizetype cut :
                 {qsizetype(0), qsizetype(1), qsizetype(literal.size() - 1), qsizetype(33)}) {
                const char *from = text.constData() + start;
                const char *end = text.constData() + text.size() - cut;
                const char *expected = naiveFind(from, end, literal, caseless);
                const char *got = scan.find(from, end, blocks);
                QVERIFY2(got == expected,
                         qPrintable(QStringLiteral("blocks %1, start %2, cut %3: %4 instead of %5")
                                        .arg(int(blocks))
                                        .arg(start)
                                        .arg(cut)
                                        .arg(got ? got - text.constData() : -1)
                                        .arg(expected ? expected - text.constData() : -1)));
            }
        }
        // Walking from hit to hit finds every planted copy.
        int hits = 0;
        for (const char *p = text.constData();
             (p = scan.find(p, text.constData() + text.size(), blocks)) != nullptr; ++p)
            ++hits;
        int expectedHits = 0;
        for (const char *p = text.constData();
             (p = naiveFind(p, text.constData() + text.size(), literal, caseless)) != nullptr; ++p)
            ++expectedHits;
        QCOMPARE(hits, expectedHits);
        QVERIFY(hits >= 4);
    }
}

void TestLiteralScan::foldedCharactersAreCandidates()
{
    // "loſs" (U+017F) is "LOSS" to PCRE2 without case, and "\u212Aey" (KELVIN SIGN) is "key".
    const QByteArray longS = QByteArray(100, '.') + "lo\xc5\xbfs" + QByteArray(100, '.');
    const QByteArray kelvin = QByteArray(70, '-') +
                              "\xe2\x84\xaa"
                              "ey" +
                              QByteArray(70, '-');
    for (LiteralScan::Blocks blocks : AllBlocks) {
        const LiteralScan loss("LOSS", true);
        const char *hit = loss.find(longS.constData(), longS.constData() + longS.size(), blocks);
        QVERIFY(hit != nullptr);
        QVERIFY(hit <= longS.constData() + 102); // at or before the U+017F
        const LiteralScan key("KEY", true);
        QCOMPARE(key.find(kelvin.constData(), kelvin.constData() + kelvin.size(), blocks),
                 kelvin.constData() + 70);
        // With case, or for a literal without s or k, those bytes are not candidates.
        QCOMPARE(LiteralScan("loss", false)
                     .find(longS.constData(), longS.constData() + longS.size(), blocks),
                 nullptr);
        QCOMPARE(LiteralScan("ey-x", true)
                     .find(kelvin.constData(), kelvin.constData() + kelvin.size(), blocks),
                 nullptr);
    }
    // The search as a whole: PCRE2's answer, with and without the prefilter in front.
    trainyard::logs::SearchOptions options{QStringLiteral("LOSS"), false, false, false, 0};
    const auto matcher = trainyard::logs::Matcher::create(options, nullptr);
    QVERIFY(matcher);
    QVERIFY(matcher->matches("lo\xc5\xbfs", 5));
    const char *c = matcher->findCandidate(longS.constData(), longS.constData() + longS.size());
    QVERIFY(c != nullptr && c <= longS.constData() + 102);
}

void TestLiteralScan::requiredRuns_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QList<QByteArray>>("runs");
    using L = QList<QByteArray>;
    QTest::newRow("plain") << QByteArray("needle") << L{"needle"};
    QTest::newRow("escaped dot, class, plus")
        << QByteArray("loss=0\\.00[0-9]+ acc") << L{"loss=0.00", " acc"};
    QTest::newRow("optional and starred characters")
        << QByteArray("colou?r gr*ey") << L{"colo", "r g", "ey"};
    QTest::newRow("counted") << QByteArray("ab{2}c x{1,}y") << L{"a", "c ", "y"};
    QTest::newRow("plus keeps its character") << QByteArray("ab+c") << L{"ab", "c"};
    QTest::newRow("anchors and any") << QByteArray("^step .* done$") << L{"step ", " done"};
    QTest::newRow("classes by escape") << QByteArray("\\bERROR\\b: \\d+") << L{"ERROR", ": "};
    QTest::newRow("group skipped") << QByteArray("epoch (1|2) of") << L{"epoch ", " of"};
    QTest::newRow("non-capturing group") << QByteArray("a(?:b|c)d") << L{"a", "d"};
    QTest::newRow("class with bracket and posix") << QByteArray("x[]a[:digit:]]y") << L{"x", "y"};
    QTest::newRow("UTF-8 kept whole") << QByteArray("größe?") << L{"grö\xc3\x9f"};
    QTest::newRow("top-level alternation") << QByteArray("loss|error") << L{};
    QTest::newRow("inline option") << QByteArray("(?i)loss") << L{};
    QTest::newRow("verb") << QByteArray("(*UCP)loss") << L{};
    QTest::newRow("hex escape") << QByteArray("a\\x{41}b") << L{};
    QTest::newRow("quoting") << QByteArray("\\Qa.b\\E") << L{};
    QTest::newRow("back reference") << QByteArray("(a)\\1") << L{};
    QTest::newRow("brace that is no quantifier") << QByteArray("a{x}") << L{};
}

void TestLiteralScan::requiredRuns()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QList<QByteArray>, runs);
    QCOMPARE(requiredLiterals(pattern), runs);
}

void TestLiteralScan::requiredRunsHoldInEveryMatch()
{
    // For each pattern, every line PCRE2 matches contains each run it was given.
    const QStringList patterns{QStringLiteral("lo+ss=0\\.[0-9]{2,}"), QStringLiteral("colou?r"),
                               QStringLiteral("ab*c(de|f)g"), QStringLiteral("x\\.?y+z"),
                               QStringLiteral("^[a-c]+d{0}e")};
    const QList<QByteArray> lines{"looss=0.125", "loss=0.12", "color", "colour", "acdeg",
                                  "abbbcfg",     "xyz",       "x.yyz", "ccbae",  "ae",
                                  "loss=0.1 no", "colr",      "acg",   "x..yz",  "de"};
    for (const QString &pattern : patterns) {
        trainyard::logs::SearchOptions options{pattern, true, true, false, 0};
        QString error;
        const auto matcher = trainyard::logs::Matcher::create(options, &error);
        QVERIFY2(matcher, qPrintable(error));
        const QList<QByteArray> runs = requiredLiterals(pattern.toUtf8());
        int matched = 0;
        for (const QByteArray &line : lines) {
            if (!matcher->matches(line.constData(), line.size()))
                continue;
            ++matched;
            for (const QByteArray &run : runs)
                QVERIFY2(line.contains(run),
                         qPrintable(pattern + QLatin1String(": ") + QString::fromUtf8(line)));
        }
        QVERIFY2(matched > 0, qPrintable(pattern));
    }
}

void TestLiteralScan::choice()
{
    // The longest run; without case the longest ASCII piece, folded.
    QCOMPARE(chooseLiteral({"ab", "loss=0.00", " acc"}, false).literal(), QByteArray("loss=0.00"));
    QCOMPARE(chooseLiteral({"Größenwert"}, true).literal(), QByteArray("enwert"));
    QVERIFY(chooseLiteral({"Größenwert"}, true).isCaseless());
    QVERIFY(chooseLiteral({"ab", "c"}, false, 3).isNull());
    QVERIFY(chooseLiteral({}, false).isNull());
}

QTEST_GUILESS_MAIN(TestLiteralScan)
#include "tst_literalscan.moc"
