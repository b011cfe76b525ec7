// SPDX-License-Identifier: MIT
// Log search benchmark (prints figures; not a ctest case), side by side with grep in one run.
//
//   bench_search [--lines N] [--runs R] [--dir DIR]
//
// An N-line replica log (default 10,000,000 records of ~120 bytes, ~1.2 GB) is written once and
// read once by grep so both start from the page cache. Then, R times each (medians printed):
//  (a) a string that occurs once, in the last lines: `grep -F -n` (the process, wall time)
//      against the Logs tab (LogPanel, offscreen): from setting the pattern to the match known
//      and shown by findNext (the search runs on the model's worker thread), and the engine
//      alone (searchLog on this thread); ratio to grep. Target: within 2x grep.
//  (b) a regex that matches 1% of the lines: `grep -E -c` against "Show matching lines only":
//      from setting the filter to every matching line being a row. Target: within 3x grep.
// During (a) and (b) a 10 ms timer on the GUI thread records its longest gap (target < 50 ms).
#include "benchmedian.h"
#include "common/guitimerprobe.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"
#include "logs/logreader.h"
#include "logs/logsearch.h"
#include "logs/logview.h"
#include "logs/record.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using trainyard::bench::median;

using namespace trainyard;

namespace {

const char Needle[] = "CUDA error: an illegal memory access was encountered";
const char Regex[] = "loss=0\\.00[0-9]+ acc";

void writeLog(const QString &path, qint64 lines)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    const qint64 t0 = 1763800000000;
    QByteArray out;
    for (qint64 i = 0; i < lines; ++i) {
        char text[160];
        int n;
        if (i == lines - 3) {
            n = std::snprintf(text, sizeof text, "RuntimeError: %s", Needle);
        } else {
            const long long v = (i * 7919) % 100000000;
            n = std::snprintf(text, sizeof text,
                              "epoch %lld step=%012lld loss=0.%08lld acc=0.%04lld lr=0.0001 "
                              "throughput=%lld samples/s gpu_mem=11.2G",
                              i / 100000, i, v, (i * 31) % 10000, 1000 + i % 997);
        }
        logs::appendRecordLine(out, t0 + i / 100,
                               i % 50 == 0 ? logs::Severity::Warning : logs::Severity::Info,
                               logs::Stream::Stdout, false, text, n);
        if (out.size() > (8 << 20)) {
            f.write(out);
            out.clear();
        }
    }
    f.write(out);
}

// Runs grep; returns the wall time in seconds and its output.
double runGrep(const QStringList &args, QByteArray *output)
{
    QProcess grep;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    grep.setProcessEnvironment(env);
    QElapsedTimer t;
    t.start();
    grep.start(QStringLiteral("grep"), args);
    grep.waitForFinished(-1);
    const double s = t.nsecsElapsed() / 1e9;
    if (output != nullptr)
        *output = grep.readAllStandardOutput();
    return s;
}

// Runs the event loop until done(), sleeping between events as the application's loop does (a
// loop that polls without sleeping takes a core from the search worker on a 2-core machine:
// 0.52 s instead of 0.26 s for (a) under load). The GUI timer probe's 10 ms timer and the
// panel's refresh timer wake it at least that often.
template<typename Done>
double waitUntil(Done &&done)
{
    QElapsedTimer t;
    t.start();
    while (!done())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    return t.nsecsElapsed() / 1e9;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    qint64 lines = 10000000;
    int runs = 5;
    QString dir;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); i += 2) {
        if (args.at(i) == QLatin1String("--lines"))
            lines = args.at(i + 1).toLongLong();
        else if (args.at(i) == QLatin1String("--runs"))
            runs = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--dir"))
            dir = args.at(i + 1);
    }
    QTemporaryDir tmp;
    if (dir.isEmpty())
        dir = tmp.path();
    const QString logs = dir + QStringLiteral("/search/logs");
    QDir().mkpath(logs);
    const QString path = logs + QStringLiteral("/chief-0.log");
    QElapsedTimer setup;
    setup.start();
    writeLog(path, lines);
    QByteArray grepOut;
    runGrep({QStringLiteral("-c"), QStringLiteral("-F"), QStringLiteral("no such text"), path},
            nullptr);
    std::printf("log: %lld lines, %.2f GB, written in %.1f s\n", static_cast<long long>(lines),
                double(QFileInfo(path).size()) / 1e9, setup.nsecsElapsed() / 1e9);

    ui::logs::LogPanel panel;
    panel.resize(1200, 700);
    panel.show();
    setup.restart();
    panel.setLogsDir(logs);
    waitUntil([&] { return panel.model()->rowCount() >= lines && panel.model()->isCaughtUp(); });
    std::printf("the Logs tab has every row after %.1f s (setup, not measured below)\n",
                setup.nsecsElapsed() / 1e9);

    // Baseline: the longest gap of the same timer with nothing to do (a loaded machine shows
    // its own gaps; compare the figures below with this one).
    {
        test::GuiTimerProbe idle;
        idle.start();
        waitUntil([t = QElapsedTimer()]() mutable {
            if (!t.isValid())
                t.start();
            return t.elapsed() > 3000;
        });
        idle.stop();
        double load[3] = {0, 0, 0};
        if (getloadavg(load, 3) < 0)
            load[0] = -1;
        std::printf(
            "baseline: longest GUI timer gap while idle %lld ms over 3 s (load average %.1f "
            "on %d cores)\n",
            static_cast<long long>(idle.maxGapMs()), load[0], QThread::idealThreadCount());
    }

    // (a) one match at the end
    std::vector<double> grepF, ours, engine, gapsA;
    qint64 grepLine = -1;
    for (int run = 0; run < runs; ++run) {
        grepF.push_back(
            runGrep({QStringLiteral("-F"), QStringLiteral("-n"), QString::fromLatin1(Needle), path},
                    &grepOut));
        grepLine = grepOut.left(grepOut.indexOf(':')).toLongLong() - 1;

        panel.setSearch(QString(), false);
        panel.view()->showRow(0);
        test::GuiTimerProbe probe;
        probe.start();
        QElapsedTimer t;
        t.start();
        panel.setSearch(QString::fromLatin1(Needle), false); // applies at once (no typing delay)
        panel.findNext();
        waitUntil([&] { return panel.lastMatchRow() >= 0; });
        ours.push_back(t.nsecsElapsed() / 1e9);
        probe.stop();
        gapsA.push_back(double(probe.maxGapMs()));
        if (panel.lastMatchRow() != grepLine)
            std::printf("MISMATCH: the Logs tab found row %d, grep line %lld\n",
                        panel.lastMatchRow(), static_cast<long long>(grepLine));

        logs::LogReader reader(path);
        reader.refresh();
        // The options the Logs tab uses by default: a fixed string without case.
        const logs::SearchOptions options{QString::fromLatin1(Needle), false, false, false, 0};
        const auto matcher = logs::Matcher::create(options, nullptr);
        logs::SearchCursor cursor;
        std::vector<logs::SearchHit> hits;
        std::atomic<bool> cancel{false};
        t.restart();
        logs::searchLog(logs::SearchSnapshot::of(reader), *matcher, options, &cursor, &hits, cancel,
                        nullptr);
        engine.push_back(t.nsecsElapsed() / 1e9);
    }
    std::printf("(a) a string once at the end (line %lld): grep -F %.3f s; Logs tab search + jump "
                "%.3f s (%.2fx grep); engine alone %.3f s (%.2fx grep); longest GUI timer gap "
                "%.0f ms (medians of %d)\n",
                static_cast<long long>(grepLine + 1), median(grepF), median(ours),
                median(ours) / median(grepF), median(engine), median(engine) / median(grepF),
                median(gapsA), runs);

    // (b) a regex matching 1% of the lines, filtered view
    std::vector<double> grepE, filtered, gapsB;
    qint64 expected = 0;
    for (int run = 0; run < runs; ++run) {
        grepE.push_back(
            runGrep({QStringLiteral("-E"), QStringLiteral("-c"), QString::fromLatin1(Regex), path},
                    &grepOut));
        expected = grepOut.trimmed().toLongLong();
        panel.setSearch(QString(), false);
        panel.setFilterRows(true);
        test::GuiTimerProbe probe;
        probe.start();
        QElapsedTimer t;
        t.start();
        panel.setSearch(QString::fromLatin1(Regex), true);
        waitUntil([&] {
            return !panel.model()->isSearchRunning() && panel.model()->rowCount() >= expected;
        });
        filtered.push_back(t.nsecsElapsed() / 1e9);
        probe.stop();
        gapsB.push_back(double(probe.maxGapMs()));
        if (panel.model()->rowCount() != expected)
            std::printf("MISMATCH: %d rows, grep -c %lld\n", panel.model()->rowCount(),
                        static_cast<long long>(expected));
        panel.setFilterRows(false);
    }
    std::printf(
        "(b) a regex matching %lld lines (%.2f%%): grep -E -c %.3f s; filtered view complete "
        "%.3f s (%.2fx grep); longest GUI timer gap %.0f ms (medians of %d)\n",
        static_cast<long long>(expected), 100.0 * double(expected) / double(lines), median(grepE),
        median(filtered), median(filtered) / median(grepE), median(gapsB), runs);
    panel.setLogsDir(QString());
    QDir(logs).removeRecursively();
    return 0;
}
