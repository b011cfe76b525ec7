// SPDX-License-Identifier: MIT
// Log capture benchmark (prints figures; not a ctest case).
//
//   bench_logs [--lines N] [--child-lines N] [--runs R] [--dir DIR]
//
// (a) splitter + severity + writer on an in-memory stream of N 80-byte lines (64 KiB chunks,
//     as QProcess hands them over) into a log file;
// (b) a real child (`cat` of a file of 80-byte lines) through QProcess -> LogCapture -> file,
//     against `cat FILE > /dev/null`, `cat FILE | cat > /dev/null` and `cat FILE | cat > COPY`
//     (the pipe and the disk write alone); medians over R runs;
// (c) LogReader on the N-line file from (a): index build time and memory, median time to fetch
//     50 lines at a random position;
// (d) LogFollower reading the whole file in 4 MiB ticks (records/s a console can take in).
#include "benchmedian.h"
#include "logs/logcapture.h"
#include "logs/logfollower.h"
#include "logs/logreader.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <sys/resource.h>
#include <vector>

using trainyard::bench::median;

using namespace trainyard::logs;

namespace {

constexpr qsizetype LineBytes = 80;

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[std::min(v.size() - 1, std::size_t(double(v.size()) * p))];
}

long peakRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// 80-byte lines (79 + '\n') looking like trainer output; every 100th goes "ERROR:" and every
// 1000th is a Python traceback head, so the severity rules do real work.
QByteArray makeBlock(qint64 firstLine, qint64 lines)
{
    QByteArray block;
    block.reserve(lines * LineBytes);
    for (qint64 i = firstLine; i < firstLine + lines; ++i) {
        QByteArray line;
        if (i % 1000 == 999)
            line = "Traceback (most recent call last):";
        else if (i % 100 == 99)
            line = "ERROR:root:step " + QByteArray::number(i) + " failed to converge";
        else
            line = "step=" + QByteArray::number(i) + " loss=0.1234 accuracy=0.9876 lr=0.001";
        line = line.leftJustified(LineBytes - 1, '.', true);
        block += line;
        block += '\n';
    }
    return block;
}

double seconds(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e9;
}

// Runs a program to completion under an event loop; returns wall seconds (or -1).
double runProcess(const QString &program, const QStringList &args, LogCapture *capture)
{
    QProcess process;
    if (capture != nullptr)
        capture->attach(&process);
    else
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QEventLoop loop;
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QElapsedTimer t;
    t.start();
    process.start(program, args);
    if (!process.waitForStarted(10000))
        return -1;
    if (process.state() != QProcess::NotRunning)
        loop.exec();
    if (capture != nullptr) {
        capture->finish();
        capture->detach();
    }
    return process.exitCode() == 0 ? seconds(t) : -1;
}

QString argValue(const QStringList &args, const QString &name, const QString &fallback)
{
    const qsizetype i = args.indexOf(name);
    return i >= 0 && i + 1 < args.size() ? args.at(i + 1) : fallback;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qint64 lines =
        argValue(args, QStringLiteral("--lines"), QStringLiteral("10000000")).toLongLong();
    const qint64 childLines =
        argValue(args, QStringLiteral("--child-lines"), QStringLiteral("10000000")).toLongLong();
    const int runs = argValue(args, QStringLiteral("--runs"), QStringLiteral("5")).toInt();
    QTemporaryDir tmp(argValue(args, QStringLiteral("--dir"), QDir::tempPath()) +
                      QStringLiteral("/bench_logs-XXXXXX"));
    if (!tmp.isValid()) {
        std::fprintf(stderr, "cannot create a temporary directory\n");
        return 1;
    }
    const QString logPath = tmp.filePath(QStringLiteral("a.log"));
    std::printf("bench_logs: %lld lines of %lld bytes; child %lld lines; %d runs; dir %s\n", lines,
                qint64(LineBytes), childLines, runs, qPrintable(tmp.path()));

    // (a) in-memory stream -> LogCapture (splitter + severity + writer) -> file; first into
    // /dev/null (the CPU cost alone), then into the log file used by (c) and (d).
    for (const QString &target : {QStringLiteral("/dev/null"), logPath}) {
        constexpr qint64 BlockLines = 50000; // 4 MB of distinct text, reused
        const QByteArray block = makeBlock(0, BlockLines);
        LogWriter writer;
        if (!writer.open(target)) {
            std::fprintf(stderr, "%s\n", qPrintable(writer.errorString()));
            return 1;
        }
        LogCapture capture(&writer, QStringLiteral("master-replica-0"));
        constexpr qsizetype Chunk = 64 * 1024;
        QElapsedTimer t;
        t.start();
        qint64 done = 0;
        while (done < lines) {
            const qint64 n = std::min(BlockLines, lines - done);
            const qsizetype bytes = n * LineBytes;
            for (qsizetype off = 0; off < bytes; off += Chunk)
                capture.feed(Stream::Stdout, block.constData() + off, std::min(Chunk, bytes - off));
            done += n;
        }
        capture.finish();
        writer.close();
        const double s = seconds(t);
        const double mb = double(lines * LineBytes) / 1e6;
        std::printf("(a) splitter+severity+writer into %s: %lld lines in %.3f s = %.2f M lines/s, "
                    "%.0f MB/s in, %.0f MB out; captured %lld; peak RSS %ld KiB\n",
                    qPrintable(target), lines, s, double(lines) / s / 1e6, mb / s,
                    double(writer.bytesWritten()) / 1e6, capture.linesCaptured(), peakRssKiB());
    }

    // (b) real child through QProcess vs cat to /dev/null
    if (childLines > 0 && runs > 0) {
        const QString input = tmp.filePath(QStringLiteral("input.txt"));
        {
            QFile f(input);
            if (!f.open(QIODevice::WriteOnly))
                return 1;
            constexpr qint64 BlockLines = 50000;
            for (qint64 i = 0; i < childLines; i += BlockLines)
                f.write(makeBlock(i, std::min(BlockLines, childLines - i)));
        }
        const QString childLog = tmp.filePath(QStringLiteral("b.log"));
        const QString copy = tmp.filePath(QStringLiteral("copy.txt"));
        std::vector<double> capturedS, catNullS, catPipeS, catFileS;
        qint64 captured = 0;
        for (int r = 0; r < runs; ++r) {
            QFile::remove(childLog);
            LogWriter writer;
            writer.open(childLog);
            LogCapture capture(&writer, QStringLiteral("master-replica-0"));
            capturedS.push_back(runProcess(QStringLiteral("cat"), {input}, &capture));
            writer.close();
            captured = capture.linesCaptured();
            catNullS.push_back(runProcess(
                QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"), QStringLiteral("cat \"$0\" > /dev/null"), input}, nullptr));
            catPipeS.push_back(runProcess(
                QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"), QStringLiteral("cat \"$0\" | cat > /dev/null"), input},
                nullptr));
            catFileS.push_back(runProcess(
                QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"), QStringLiteral("cat \"$0\" | cat > \"$1\""), input, copy},
                nullptr));
            QFile::remove(copy);
        }
        const double mb = double(childLines * LineBytes) / 1e6;
        const double c = median(capturedS), n = median(catNullS), p = median(catPipeS);
        const double f = median(catFileS);
        std::printf("(b) child `cat` of %.0f MB through QProcess -> LogCapture -> log file: "
                    "median %.3f s = %.2f M lines/s, %.0f MB/s (captured %lld of %lld lines)\n",
                    mb, c, double(childLines) / c / 1e6, mb / c, captured, childLines);
        std::printf("    cat FILE > /dev/null: median %.3f s; ratio %.1fx\n", n, c / n);
        std::printf("    cat FILE | cat > /dev/null: median %.3f s (%.0f MB/s); ratio %.2fx\n", p,
                    mb / p, c / p);
        std::printf("    cat FILE | cat > COPY (same bytes to a file): median %.3f s (%.0f MB/s); "
                    "ratio %.2fx\n",
                    f, mb / f, c / f);
        std::printf("    peak RSS %ld KiB\n", peakRssKiB());
        QFile::remove(input);
        QFile::remove(childLog);
    }

    // (c) random access
    {
        LogReader reader(logPath);
        QElapsedTimer t;
        t.start();
        reader.refresh();
        const double build = seconds(t);
        std::printf("(c) index of %lld lines (%.0f MB) built in %.3f s (%.0f MB/s); index memory "
                    "%lld bytes\n",
                    reader.lineCount(), double(reader.indexedBytes()) / 1e6, build,
                    double(reader.indexedBytes()) / 1e6 / build, qint64(reader.indexMemoryBytes()));
        std::vector<double> fetch;
        QRandomGenerator rng(42);
        qint64 checksum = 0;
        for (int i = 0; i < 2000; ++i) {
            const qint64 first =
                qint64(rng.bounded(quint64(std::max<qint64>(1, reader.lineCount() - 50))));
            QElapsedTimer f;
            f.start();
            const Records window = reader.readRecords(first, 50);
            fetch.push_back(double(f.nsecsElapsed()) / 1e3);
            checksum += window.size();
        }
        std::printf("    fetch 50 records at a random line: median %.1f us, p99 %.1f us "
                    "(%lld records)\n",
                    median(fetch), percentile(fetch, 0.99), checksum);
        t.restart();
        const qint64 at = reader.lineAtTime(reader.readRecord(reader.lineCount() / 3).timestamp);
        std::printf("    lineAtTime: %.1f us (line %lld)\n", double(t.nsecsElapsed()) / 1e3, at);
    }

    // (d) follower throughput
    {
        LogFollower follower;
        follower.addFile(logPath, QStringLiteral("master-replica-0"));
        qint64 records = 0;
        QObject::connect(&follower, &LogFollower::newRecords, &follower,
                         [&records](const Records &batch) { records += batch.size(); });
        QElapsedTimer t;
        t.start();
        int ticks = 0;
        std::vector<double> tickMs;
        do {
            QElapsedTimer tick;
            tick.start();
            follower.poll();
            tickMs.push_back(double(tick.nsecsElapsed()) / 1e6);
            ++ticks;
        } while (!follower.isCaughtUp());
        const double s = seconds(t);
        std::printf(
            "(d) follower: %lld records in %d ticks of <= 4 MiB, %.3f s = %.2f M records/s; "
            "median tick %.1f ms, max tick %.1f ms\n",
            records, ticks, s, double(records) / s / 1e6, median(tickMs),
            *std::max_element(tickMs.begin(), tickMs.end()));
    }
    std::printf("peak RSS %ld KiB\n", peakRssKiB());
    return 0;
}
