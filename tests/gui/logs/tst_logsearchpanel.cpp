// SPDX-License-Identifier: MIT
// The Logs tab's search and filter (the worker-thread search of logs/logsearch.h through the
// model and the panel), and how real trainer output is shown: "Show matching lines only" equals
// grep (pattern, case, invert, context), live filtering while a real Python trainer writes,
// next/previous, go to a time and to the first error, and progress bars (the real tqdm and a
// Keras Progbar), ANSI colours, invalid UTF-8 and a line over 64 KiB as the user sees them.
// Set TRAINYARD_SCREENSHOT_DIR to save the rendered panel as console-logs-progress.png.
#include "logs/logcapture.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"
#include "logs/logview.h"
#include "logs/logwriter.h"
#include "logs/record.h"

#include <QAbstractItemModelTester>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;

namespace {

constexpr qint64 T0 = 1795341600000LL; // 2026-11-22T10:00:00Z

QStringList rowTexts(const ui::logs::LogModel *model)
{
    return model->fullText(0, model->rowCount());
}

QStringList grepLines(const QString &file, const QStringList &flags, const QString &pattern)
{
    QProcess grep;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    grep.setProcessEnvironment(env);
    grep.start(QStringLiteral("grep"), QStringList{QStringLiteral("--no-group-separator")} + flags +
                                           QStringList{QStringLiteral("-e"), pattern, file});
    grep.waitForFinished(30000);
    QStringList out = QString::fromUtf8(grep.readAllStandardOutput()).split(QLatin1Char('\n'));
    if (!out.isEmpty() && out.last().isEmpty())
        out.removeLast();
    return out;
}

// Runs a fixture trainer to its end with its output captured into dir/<replica>.log, the way
// the job's owner captures it.
class CapturedTrainer
{
public:
    CapturedTrainer(const QString &logPath, const QStringList &args)
        : m_capture(&m_writer, QStringLiteral("chief-0"))
    {
        m_writer.open(logPath);
        m_process.setWorkingDirectory(QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers"));
        m_process.setProgram(QStringLiteral("/usr/bin/python3"));
        m_process.setArguments(
            QStringList{QStringLiteral("-m"), QStringLiteral("fixtrainer.progress")} + args);
        m_capture.attach(&m_process);
        QObject::connect(&m_process, &QProcess::finished, &m_process,
                         [this] { m_capture.finish(); });
        m_process.start();
    }
    ~CapturedTrainer()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }
    QProcess &process() { return m_process; }
    // Waits for the trainer's end with the event loop running, as the owner does: each pass of
    // the loop is a pass of the capture. (waitForFinished() reads both pipes without one, so the
    // whole run would be a single pass and the two streams' order would be lost.)
    bool waitForEnd(int timeoutMs)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (m_process.state() != QProcess::NotRunning && !deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        QCoreApplication::processEvents(); // the capture's last pass and finish()
        return m_process.state() == QProcess::NotRunning;
    }

private:
    logs::LogWriter m_writer;
    logs::LogCapture m_capture;
    QProcess m_process;
};

} // namespace

class TestLogSearchPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void filterEqualsGrep_data();
    void filterEqualsGrep();
    void filterAllReplicasInterleaved();
    void nextPreviousAndCount();
    void goToTimeAndFirstError();
    void liveFilterWhileTrainerWrites();
    void trainerOutputAsShown();

private:
    QTemporaryDir m_tmp;
    QString m_logs;
    QString m_plain;
};

void TestLogSearchPanel::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_logs = m_tmp.filePath(QStringLiteral("gen/logs"));
    QVERIFY(QDir().mkpath(m_logs));
    m_plain = m_tmp.filePath(QStringLiteral("gen/plain.txt"));
    QFile plain(m_plain);
    QVERIFY(plain.open(QIODevice::WriteOnly));
    QByteArray records;
    for (int i = 0; i < 5000; ++i) {
        QByteArray text =
            "step " + QByteArray::number(i) + " loss=0." + QByteArray::number((i * 37) % 1000);
        if (i % 97 == 0)
            text += " Needle";
        if (i % 250 == 3)
            text = "ERROR:trainer:step " + QByteArray::number(i) + " failed";
        plain.write(text + '\n');
        logs::appendRecordLine(records, T0 + i * 1000,
                               text.startsWith("ERROR") ? logs::Severity::Error
                                                        : logs::Severity::Info,
                               logs::Stream::Stdout, false, text.constData(), text.size());
    }
    QFile f(m_logs + QStringLiteral("/chief-0.log"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(records);
}

void TestLogSearchPanel::filterEqualsGrep_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("regex");
    QTest::addColumn<bool>("caseSensitive");
    QTest::addColumn<bool>("invert");
    QTest::addColumn<int>("context");
    QTest::newRow("text, any case") << "needle" << false << false << false << 0;
    QTest::newRow("text, match case") << "needle" << false << true << false << 0; // none
    QTest::newRow("regex") << "loss=0\\.99[0-9]" << true << true << false << 0;
    QTest::newRow("regex with context 2") << "^ERROR:" << true << true << false << 2;
    QTest::newRow("invert") << "loss" << false << true << true << 0;
}

void TestLogSearchPanel::filterEqualsGrep()
{
    QFETCH(QString, pattern);
    QFETCH(bool, regex);
    QFETCH(bool, caseSensitive);
    QFETCH(bool, invert);
    QFETCH(int, context);
    QStringList flags{regex ? QStringLiteral("-E") : QStringLiteral("-F")};
    if (!caseSensitive)
        flags << QStringLiteral("-i");
    if (invert)
        flags << QStringLiteral("-v");
    if (context > 0)
        flags << QStringLiteral("-C") << QString::number(context);
    const QStringList expected = grepLines(m_plain, flags, pattern);

    ui::logs::LogPanel panel;
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.resize(900, 500);
    panel.setLogsDir(m_logs);
    QTRY_COMPARE(panel.model()->rowCount(), 5000);
    panel.setFilterRows(true);
    panel.setSearchOptions(caseSensitive, invert, context);
    panel.setSearch(pattern, regex);
    QTRY_VERIFY(!panel.isSearching());
    QTRY_COMPARE(panel.model()->rowCount(), int(expected.size()));
    QCOMPARE(rowTexts(panel.model()), expected);
    if (context > 0 && !qEnvironmentVariableIsEmpty("TRAINYARD_SCREENSHOT_DIR")) {
        panel.resize(1100, 330);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.view()->showRow(2);
        QVERIFY(panel.grab().save(qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR") +
                                  QStringLiteral("/console-logs-filter.png")));
    }
    // The count is of selected lines, context not included.
    const QStringList selected = grepLines(
        m_plain, QStringList(flags.mid(0, context > 0 ? flags.size() - 2 : flags.size())), pattern);
    QCOMPARE(panel.model()->matchCount(), qint64(selected.size()));
    QVERIFY2(panel.statusText().contains(QString::number(selected.size())),
             qPrintable(panel.statusText()));
    // Filter off: every line again.
    panel.setFilterRows(false);
    QTRY_COMPARE(panel.model()->rowCount(), 5000);
}

void TestLogSearchPanel::filterAllReplicasInterleaved()
{
    // Two replicas writing alternately: the filtered rows of "All replicas" are in time order,
    // and the severity filter applies to them too.
    const QString logs = m_tmp.filePath(QStringLiteral("two/logs"));
    QVERIFY(QDir().mkpath(logs));
    QByteArray a;
    QByteArray b;
    QStringList expected;
    QStringList expectedErrors;
    for (int i = 0; i < 2000; ++i) {
        const QByteArray text =
            (i % 2 ? "worker " : "chief ") + QByteArray::number(i) + (i % 7 == 0 ? " needle" : "");
        const bool error = i % 21 == 0;
        logs::appendRecordLine(i % 2 ? b : a, T0 + i,
                               error ? logs::Severity::Error : logs::Severity::Info,
                               logs::Stream::Stdout, false, text.constData(), text.size());
        if (i % 7 == 0) {
            expected << QString::fromLatin1(text);
            if (error)
                expectedErrors << QString::fromLatin1(text);
        }
    }
    for (const auto &[name, bytes] :
         {std::pair{"/chief-0.log", a}, std::pair{"/worker-0.log", b}}) {
        QFile f(logs + QLatin1String(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
    ui::logs::LogPanel panel;
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.resize(900, 500);
    panel.setLogsDir(logs);
    QTRY_COMPARE(panel.model()->rowCount(), 2000);
    panel.setFilterRows(true);
    panel.setSearch(QStringLiteral("needle"), false);
    QTRY_COMPARE(panel.model()->rowCount(), int(expected.size()));
    QCOMPARE(rowTexts(panel.model()), expected);
    panel.model()->setMinimumSeverity(logs::Severity::Error);
    panel.model()->refresh();
    QTRY_COMPARE(panel.model()->rowCount(), int(expectedErrors.size()));
    QCOMPARE(rowTexts(panel.model()), expectedErrors);
}

void TestLogSearchPanel::nextPreviousAndCount()
{
    ui::logs::LogPanel panel;
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.resize(900, 500);
    panel.setLogsDir(m_logs);
    QTRY_COMPARE(panel.model()->rowCount(), 5000);
    panel.setSearch(QStringLiteral("Needle"), false);
    QTRY_VERIFY(!panel.isSearching());
    QCOMPARE(panel.model()->matchCount(), qint64(51)); // 0, 97, ..., 4947 but 4753 (an error line)
    panel.view()->showRow(1000);
    QSignalSpy found(&panel, &ui::logs::LogPanel::searchFinished);
    panel.findNext();
    QCOMPARE(found.count(), 1); // at once: the matches are known
    QCOMPARE(panel.lastMatchRow(), 1067);
    panel.findNext();
    QCOMPARE(panel.lastMatchRow(), 1164);
    panel.findPrevious();
    QCOMPARE(panel.lastMatchRow(), 1067);
    panel.view()->showRow(4990);
    panel.findNext(); // wraps
    QCOMPARE(panel.lastMatchRow(), 0);
    // An invalid regex says why, and finds nothing.
    panel.setSearch(QStringLiteral("loss=(0"), true);
    QVERIFY2(panel.statusText().contains(QStringLiteral("missing closing parenthesis")),
             qPrintable(panel.statusText()));
}

void TestLogSearchPanel::goToTimeAndFirstError()
{
    ui::logs::LogPanel panel;
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.resize(900, 500);
    panel.setLogsDir(m_logs);
    QTRY_COMPARE(panel.model()->rowCount(), 5000);
    // Row i is at T0 + i s; the time is typed in local time.
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(T0 + 1234 * 1000).toLocalTime();
    QVERIFY(panel.goToTime(at.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
    QCOMPARE(panel.view()->currentRow(), 1234);
    QVERIFY(panel.goToTime(at.addSecs(7).toString(QStringLiteral("HH:mm:ss")))); // the shown day
    QCOMPARE(panel.view()->currentRow(), 1241);
    QVERIFY(!panel.goToTime(QStringLiteral("half past ten")));
    QVERIFY(panel.statusText().size() > 0);
    QSignalSpy jumped(&panel, &ui::logs::LogPanel::jumped);
    panel.goToFirstError();
    QVERIFY(jumped.wait(5000));
    QCOMPARE(jumped.first().first().toInt(), 3);
    QCOMPARE(panel.view()->currentRow(), 3);
}

void TestLogSearchPanel::liveFilterWhileTrainerWrites()
{
    const QString logs = m_tmp.filePath(QStringLiteral("live/logs"));
    QVERIFY(QDir().mkpath(logs));
    ui::logs::LogPanel panel;
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.resize(900, 500);
    panel.setLogsDir(logs);
    panel.setFilterRows(true);
    panel.setSearch(QStringLiteral("needle"), false);
    CapturedTrainer trainer(logs + QStringLiteral("/chief-0.log"),
                            {QStringLiteral("--tqdm"), QStringLiteral("5"),
                             QStringLiteral("--keras"), QStringLiteral("5"),
                             QStringLiteral("--live"), QStringLiteral("2.5")});
    // Matching lines show up while the trainer still runs...
    QTRY_VERIFY_WITH_TIMEOUT(panel.model()->rowCount() >= 3, 10000);
    QCOMPARE(trainer.process().state(), QProcess::Running);
    const int whileRunning = panel.model()->rowCount();
    QVERIFY(trainer.waitForEnd(20000));
    // ...and at the end every "needle" line of the trainer is a row, nothing else.
    QTRY_VERIFY(!panel.isSearching());
    QTRY_VERIFY(panel.model()->rowCount() > whileRunning);
    QTest::qWait(500);
    const QStringList rows = rowTexts(panel.model());
    for (const QString &row : rows)
        QVERIFY2(row.contains(QStringLiteral("needle")), qPrintable(row));
    const int steps = rows.last().section(QLatin1Char(' '), 1, 1).toInt();
    QCOMPARE(rows.size(), steps / 10 + 1); // step 0, 10, 20, ... each once
    QCOMPARE(panel.model()->matchCount(), qint64(rows.size()));
}

void TestLogSearchPanel::trainerOutputAsShown()
{
    const QString logs = m_tmp.filePath(QStringLiteral("shown/logs"));
    QVERIFY(QDir().mkpath(logs));
    {
        CapturedTrainer trainer(logs + QStringLiteral("/chief-0.log"),
                                {QStringLiteral("--tqdm"), QStringLiteral("300"),
                                 QStringLiteral("--keras"), QStringLiteral("40")});
        QVERIFY(trainer.waitForEnd(30000));
        QCOMPARE(trainer.process().exitCode(), 0);
        QTest::qWait(100);
    }
    ui::logs::LogPanel panel;
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.resize(1100, 330);
    panel.setLogsDir(logs);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    // One row per line the trainer wrote: 300 tqdm redraws and 40 Keras redraws are one row
    // each, a 70,009-byte line is one row.
    QTRY_COMPARE(panel.model()->rowCount(), 9);
    const QStringList rows = rowTexts(panel.model());
    QCOMPARE(rows.at(0), QStringLiteral("starting OK"));
    QCOMPARE(rows.at(1), QStringLiteral("ERROR:trainer:disk almost full (coloured)"));
    QVERIFY2(rows.at(3).startsWith(QStringLiteral("train: 100%|")), qPrintable(rows.at(3)));
    QVERIFY2(rows.at(3).contains(QStringLiteral("300/300")), qPrintable(rows.at(3)));
    QVERIFY2(rows.at(4).startsWith(
                 QStringLiteral("40/40 [==============================] - ETA: 0s - loss: 0.0250")),
             qPrintable(rows.at(4)));
    QVERIFY(!rows.at(4).contains(QChar(u'\b')));
    QCOMPARE(rows.at(5), QStringLiteral("invalid utf-8: \uFFFD\uFFFD end"));
    QCOMPARE(rows.at(6).size(), 70009);
    QVERIFY(rows.at(6).endsWith(QStringLiteral("LLL:end")));
    QCOMPARE(rows.at(8), QStringLiteral("training finished"));
    // Colour: the ERROR word red (palette 1) and the line an error by its level.
    const ui::logs::LogLine &error = panel.model()->line(1);
    QCOMPARE(error.severity, logs::Severity::Error);
    QCOMPARE(error.spans.size(), 1);
    QCOMPARE(error.spans.first().start, 0);
    QCOMPARE(error.spans.first().length, 5);
    QCOMPARE(error.spans.first().style.foreground, 1);
    // Search sees the long line whole (a match after the first 64 KiB piece) and the bar.
    panel.setSearch(QStringLiteral("LLL:end"), false);
    QTRY_COMPARE(panel.model()->matchCount(), qint64(1));
    panel.findNext();
    QCOMPARE(panel.lastMatchRow(), 6);
    // Copy has the long line whole.
    panel.view()->selectRows(6, 6);
    QVERIFY(panel.view()->selectedText().contains(QStringLiteral("LLL:end")));

    // What the user sees: red ERROR, no escape boxes, each bar once in its last state.
    panel.setSearch(QString(), false);
    QCoreApplication::processEvents();
    const QImage shot = panel.grab().toImage();
    bool red = false;
    for (int y = 0; y < shot.height() && !red; ++y) {
        for (int x = 0; x < shot.width() && !red; ++x) {
            const QColor c = shot.pixelColor(x, y);
            red = c.red() > 180 && c.green() < 60 && c.blue() < 60;
        }
    }
    QVERIFY2(red, "no red text: the ANSI colour is not drawn");
    const QByteArray dir = qgetenv("TRAINYARD_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(
            shot.save(QString::fromLocal8Bit(dir) + QStringLiteral("/console-logs-progress.png")));
}

QTEST_MAIN(TestLogSearchPanel)
#include "tst_logsearchpanel.moc"
