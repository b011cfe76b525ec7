// SPDX-License-Identifier: MIT
// The log search engine against the real grep: the same text as a plain file (what the trainer
// printed) and as a record file (what the log keeps); grep -n over the first must select the
// same lines as searchLog over the second, for fixed strings, regular expressions, case, invert
// and context, with windows so small that lines straddle them, with a long line cut into
// 64 KiB pieces, and over a file searched as it grows. Also the worker's cancellation.
#include "logs/linesplitter.h"
#include "logs/logreader.h"
#include "logs/logsearch.h"
#include "logs/logsearcher.h"
#include "logs/record.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <set>

using namespace trainyard::logs;

namespace {

constexpr qint64 T0 = 1795341600000LL;

struct Selected
{
    qint64 line;
    bool context;
    bool operator==(const Selected &o) const { return line == o.line && context == o.context; }
    bool operator<(const Selected &o) const { return line < o.line; }
};

QString describe(const std::vector<Selected> &v)
{
    QStringList out;
    for (std::size_t i = 0; i < v.size() && i < 40; ++i)
        out.append(QString::number(v[i].line + 1) +
                   (v[i].context ? QStringLiteral("-") : QStringLiteral(":")));
    return out.join(QLatin1Char(' ')) + QStringLiteral(" (%1 in all)").arg(v.size());
}

// What the trainer printed: varied lines, some UTF-8, a line over 64 KiB.
QList<QByteArray> trainerLines(int count, quint32 seed)
{
    static const char *const words[] = {"loss",  "Loss",   "LOSS",       "accuracy",   "epoch",
                                        "step",  "ERROR",  "error:",     "Warning",    "needle",
                                        "äpfel", "ÄPFEL",  "value=0.25", "loss=0.125", "loss=0.5",
                                        "done",  "[x]",    "a.c(",       "tab\there",  "größe",
                                        "loſs",  "colour", "color"};
    QList<QByteArray> lines;
    quint32 x = seed;
    const auto next = [&x] {
        x = x * 1664525u + 1013904223u;
        return x >> 8;
    };
    for (int i = 0; i < count; ++i) {
        QByteArray line;
        if (next() % 17 == 0) {
            line = "step " + QByteArray::number(i) + " done";
        } else {
            const int n = int(next() % 7);
            for (int k = 0; k < n; ++k) {
                if (k > 0)
                    line += ' ';
                line += words[next() % (sizeof words / sizeof *words)];
            }
        }
        lines.append(line);
    }
    // A long line with a match across the 64 KiB cut and one near its end.
    QByteArray longLine(70000, 'x');
    longLine.replace(LineSplitter::MaxLineBytes - 3, 6, "needle");
    longLine.replace(69000, 4, "LOSS");
    lines.insert(count / 2, longLine);
    return lines;
}

// Writes the lines as records (through the real splitter, so long lines become pieces).
// Returns, for each record line, the index of the trainer line it belongs to.
std::vector<qint64> writeRecords(const QString &path, const QList<QByteArray> &lines, int first,
                                 int count)
{
    std::vector<qint64> owner;
    QByteArray out;
    for (int i = first; i < first + count; ++i) {
        LineSplitter splitter;
        const auto sink = [&](const char *data, qsizetype size, bool continuation) {
            appendRecordLine(out, T0 + i, i % 11 == 0 ? Severity::Error : Severity::Info,
                             Stream::Stdout, continuation, data, size);
            owner.push_back(i);
        };
        splitter.feed(lines.at(i) + '\n', sink);
        splitter.flush(sink);
    }
    QFile f(path);
    if (!f.open(QIODevice::Append) || f.write(out) != out.size())
        qFatal("cannot write %s", qPrintable(path));
    return owner;
}

std::vector<Selected> runGrep(const QString &plainPath, const QStringList &flags,
                              const QString &pattern)
{
    QProcess grep;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    grep.setProcessEnvironment(env);
    grep.start(QStringLiteral("grep"), QStringList{QStringLiteral("-n")} + flags +
                                           QStringList{QStringLiteral("-e"), pattern, plainPath});
    if (!grep.waitForFinished(30000))
        qFatal("grep did not finish");
    std::vector<Selected> out;
    const QList<QByteArray> lines = grep.readAllStandardOutput().split('\n');
    for (const QByteArray &l : lines) {
        if (l.isEmpty() || l == "--")
            continue;
        qsizetype i = 0;
        while (i < l.size() && l.at(i) >= '0' && l.at(i) <= '9')
            ++i;
        out.push_back(Selected{l.left(i).toLongLong() - 1, l.at(i) == '-'});
    }
    return out;
}

std::vector<Selected> toTrainerLines(const std::vector<SearchHit> &hits,
                                     const std::vector<qint64> &owner)
{
    std::vector<Selected> out;
    for (const SearchHit &h : hits)
        out.push_back(Selected{owner.at(std::size_t(h.line)), h.context});
    return out;
}

} // namespace

class TestLogSearch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void equalsGrep_data();
    void equalsGrep();
    void growingFileEqualsGrep();
    void hitCarriesTimeAndSeverity();
    void invalidPatternIsReported();
    void progressBarRedrawsAreOneLine();
    void firstSeverity();
    void workerCancels();

private:
    QTemporaryDir m_tmp;
    QList<QByteArray> m_lines;
    QString m_plain;
    QString m_records;
    std::vector<qint64> m_owner;
};

void TestLogSearch::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_lines = trainerLines(3000, 7);
    m_plain = m_tmp.filePath(QStringLiteral("plain.txt"));
    m_records = m_tmp.filePath(QStringLiteral("chief-0.log"));
    QFile plain(m_plain);
    QVERIFY(plain.open(QIODevice::WriteOnly));
    for (const QByteArray &l : std::as_const(m_lines))
        plain.write(l + '\n');
    plain.close();
    m_owner = writeRecords(m_records, m_lines, 0, int(m_lines.size()));
}

void TestLogSearch::equalsGrep_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("regex");
    QTest::addColumn<bool>("caseSensitive");
    QTest::addColumn<bool>("invert");
    QTest::addColumn<int>("context");
    QTest::addColumn<qint64>("window");
    const qint64 big = 16 * 1024 * 1024;
    QTest::newRow("fixed") << "loss" << false << true << false << 0 << big;
    QTest::newRow("fixed, tiny windows") << "loss" << false << true << false << 0 << qint64(1);
    QTest::newRow("fixed, 97-byte windows")
        << "needle" << false << true << false << 0 << qint64(97);
    QTest::newRow("fixed, ignore case") << "loss" << false << false << false << 0 << qint64(4096);
    QTest::newRow("fixed, non-ASCII ignore case") << "äpfel" << false << false << false << 0 << big;
    // PCRE2 and grep -i both match 's' to U+017F (long s): "loſs" is a match for LOSS.
    QTest::newRow("fixed, ignore case, long s") << "LOSS" << false << false << false << 0 << big;
    QTest::newRow("fixed, regex characters") << "a.c(" << false << true << false << 0 << big;
    QTest::newRow("fixed, across the 64 KiB cut")
        << "xxneedlexx" << false << true << false << 0 << big;
    QTest::newRow("regex") << "loss=0\\.[0-9]+" << true << true << false << 0 << big;
    QTest::newRow("regex, small windows")
        << "loss=0\\.[0-9]+" << true << true << false << 0 << qint64(50);
    QTest::newRow("regex, ignore case") << "(loss|error)" << true << false << false << 0 << big;
    QTest::newRow("regex, literal runs around a repeat")
        << "lo+ss=0\\.[0-9]+" << true << true << false << 0 << qint64(61);
    QTest::newRow("regex, literal runs, ignore case")
        << "LOSS=0\\.1[0-9]*" << true << false << false << 0 << big;
    QTest::newRow("regex, optional letter") << "colou?r" << true << true << false << 0 << big;
    QTest::newRow("regex, anchors")
        << "^step [0-9]+ done$" << true << true << false << 0 << qint64(333);
    QTest::newRow("regex, word boundary") << "\\bERROR\\b" << true << true << false << 0 << big;
    QTest::newRow("regex, class") << "[[:upper:]]{4}" << true << true << false << 0 << big;
    QTest::newRow("invert") << "loss" << false << false << true << 0 << qint64(200);
    QTest::newRow("context 2") << "needle" << false << true << false << 2 << big;
    QTest::newRow("context 3, tiny windows") << "ERROR" << false << true << false << 3 << qint64(7);
    QTest::newRow("invert with context") << "e" << false << false << true << 1 << big;
    QTest::newRow("regex, context 1") << "done$" << true << true << false << 1 << big;
}

void TestLogSearch::equalsGrep()
{
    QFETCH(QString, pattern);
    QFETCH(bool, regex);
    QFETCH(bool, caseSensitive);
    QFETCH(bool, invert);
    QFETCH(int, context);
    QFETCH(qint64, window);
    QStringList flags{regex ? QStringLiteral("-E") : QStringLiteral("-F")};
    if (!caseSensitive)
        flags << QStringLiteral("-i");
    if (invert)
        flags << QStringLiteral("-v");
    if (context > 0)
        flags << QStringLiteral("-C") << QString::number(context);
    const std::vector<Selected> expected = runGrep(m_plain, flags, pattern);
    QVERIFY2(!expected.empty(), "the generated log has no match: a useless case");

    LogReader reader(m_records);
    reader.refresh();
    SearchOptions options{pattern, regex, caseSensitive, invert, context};
    QString error;
    const auto matcher = Matcher::create(options, &error);
    QVERIFY2(matcher, qPrintable(error));
    SearchCursor cursor;
    std::vector<SearchHit> hits;
    std::atomic<bool> cancel{false};
    QVERIFY(searchLog(SearchSnapshot::of(reader), *matcher, options, &cursor, &hits, cancel, &error,
                      {}, window));
    const std::vector<Selected> got = toTrainerLines(hits, m_owner);
    QVERIFY2(
        got == expected,
        qPrintable(QStringLiteral("grep: %1\nours: %2").arg(describe(expected), describe(got))));
}

void TestLogSearch::growingFileEqualsGrep()
{
    // The same file written in three parts, searched after each: the result is grep's.
    const QString path = m_tmp.filePath(QStringLiteral("growing.log"));
    std::vector<qint64> owner;
    LogReader reader(path);
    SearchOptions options{QStringLiteral("ERROR"), false, true, false, 2};
    QString error;
    const auto matcher = Matcher::create(options, &error);
    SearchCursor cursor;
    std::vector<SearchHit> hits;
    std::atomic<bool> cancel{false};
    const int n = int(m_lines.size());
    for (const auto &[first, count] :
         {std::pair{0, 1000}, std::pair{1000, 1}, std::pair{1001, n - 1001}}) {
        const std::vector<qint64> part = writeRecords(path, m_lines, first, count);
        owner.insert(owner.end(), part.cbegin(), part.cend());
        reader.refresh();
        QVERIFY(searchLog(SearchSnapshot::of(reader), *matcher, options, &cursor, &hits, cancel,
                          &error, {}, 1000));
    }
    const std::vector<Selected> expected =
        runGrep(m_plain, {QStringLiteral("-F"), QStringLiteral("-C"), QStringLiteral("2")},
                QStringLiteral("ERROR"));
    const std::vector<Selected> got = toTrainerLines(hits, owner);
    QVERIFY2(
        got == expected,
        qPrintable(QStringLiteral("grep: %1\nours: %2").arg(describe(expected), describe(got))));
}

void TestLogSearch::hitCarriesTimeAndSeverity()
{
    LogReader reader(m_records);
    reader.refresh();
    SearchOptions options{QStringLiteral(" done"), false, true, false, 0};
    const auto matcher = Matcher::create(options, nullptr);
    SearchCursor cursor;
    std::vector<SearchHit> hits;
    std::atomic<bool> cancel{false};
    QVERIFY(
        searchLog(SearchSnapshot::of(reader), *matcher, options, &cursor, &hits, cancel, nullptr));
    QVERIFY(hits.size() > 10);
    int errors = 0;
    for (const SearchHit &h : hits) {
        const qint64 i = m_owner.at(std::size_t(h.line));
        QVERIFY(m_lines.at(i).contains(" done"));
        QCOMPARE(h.timestamp, T0 + i);
        // every 11th line was written as an error
        QCOMPARE(h.severity, i % 11 == 0 ? Severity::Error : Severity::Info);
        errors += h.severity == Severity::Error ? 1 : 0;
    }
    QVERIFY(errors > 0);
}

void TestLogSearch::invalidPatternIsReported()
{
    QString error;
    QVERIFY(
        !Matcher::create(SearchOptions{QStringLiteral("loss=(0"), true, true, false, 0}, &error));
    QVERIFY2(error.contains(QStringLiteral("character 8")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("missing closing parenthesis")), qPrintable(error));
}

void TestLogSearch::progressBarRedrawsAreOneLine()
{
    // tqdm's way: "\r" before each redraw, the line ends with "\n". A match in any redraw is a
    // match of the one line (grep sees one line too), reported on the group's first record.
    const QString path = m_tmp.filePath(QStringLiteral("bar.log"));
    QByteArray out;
    LineSplitter splitter;
    const auto sink = [&](const char *data, qsizetype size, bool continuation) {
        appendRecordLine(out, T0, Severity::Info, Stream::Stderr, continuation, data, size);
    };
    splitter.feed(QByteArray("before\n\r  0%|          | 0/3\r 33%|###       | 1/3\r"
                             " 67%|######    | 2/3\r100%|##########| 3/3\nafter 1/3\n"),
                  sink);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(out);
    f.close();
    LogReader reader(path);
    reader.refresh();
    QCOMPARE(reader.lineCount(), qint64(6));
    QCOMPARE(reader.hiddenRanges().size(), 1);
    QCOMPARE(reader.hiddenRanges().first().first, qint64(2));
    QCOMPARE(reader.hiddenRanges().first().count, qint64(3));
    QCOMPARE(reader.groupEnd(1), qint64(4));
    SearchOptions options{QStringLiteral("1/3"), false, true, false, 0};
    const auto matcher = Matcher::create(options, nullptr);
    SearchCursor cursor;
    std::vector<SearchHit> hits;
    std::atomic<bool> cancel{false};
    QVERIFY(
        searchLog(SearchSnapshot::of(reader), *matcher, options, &cursor, &hits, cancel, nullptr));
    QCOMPARE(hits.size(), std::size_t(2));
    QCOMPARE(hits[0].line, qint64(1)); // the bar
    QCOMPARE(hits[1].line, qint64(5)); // "after 1/3"
}

void TestLogSearch::firstSeverity()
{
    LogReader reader(m_records);
    reader.refresh();
    std::atomic<bool> cancel{false};
    const SearchSnapshot snap = SearchSnapshot::of(reader);
    QCOMPARE(findFirstSeverity(snap, Severity::Error, 0, cancel), qint64(0));
    QCOMPARE(m_owner.at(std::size_t(findFirstSeverity(snap, Severity::Error, 1, cancel))),
             qint64(11));
    QCOMPARE(findFirstSeverity(snap, Severity::Critical, 0, cancel), qint64(-1));
}

void TestLogSearch::workerCancels()
{
    // A bigger file, so the first search is still running when the second starts.
    const QString path = m_tmp.filePath(QStringLiteral("big.log"));
    {
        QByteArray out;
        for (int i = 0; i < 300000; ++i) {
            const QByteArray text = "line " + QByteArray::number(i) + (i % 1000 == 0 ? " hit" : "");
            appendRecordLine(out, T0 + i, Severity::Info, Stream::Stdout, false, text.constData(),
                             text.size());
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out);
    }
    LogReader reader(path);
    reader.refresh();
    LogSearcher searcher;
    QSignalSpy hits(&searcher, &LogSearcher::hitsReady);
    QSignalSpy finished(&searcher, &LogSearcher::finished);
    const QList<LogSearcher::SourceJob> jobs{{0, SearchSnapshot::of(reader), {}}};
    // A regex that matches every line is slow enough to be cancelled midway.
    const int first =
        searcher.start(SearchOptions{QStringLiteral("l.*e"), true, false, false, 0}, jobs);
    const int second =
        searcher.start(SearchOptions{QStringLiteral("hit"), false, true, false, 0}, jobs);
    QVERIFY(second != first);
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toInt(), second);
    QCOMPARE(hits.count(), 1);
    QCOMPARE(hits.first().at(0).toInt(), second);
    QCOMPARE(hits.first().at(2).value<std::vector<SearchHit>>().size(), std::size_t(300));
    // cancel(): nothing more arrives, and the searcher is idle at once.
    searcher.start(SearchOptions{QStringLiteral("l.*e"), true, false, false, 0}, jobs);
    searcher.cancel();
    QVERIFY(!searcher.isRunning());
    QTest::qWait(300);
    QCOMPARE(hits.count(), 1);
    QCOMPARE(finished.count(), 1);
}

QTEST_GUILESS_MAIN(TestLogSearch)
#include "tst_logsearch.moc"
