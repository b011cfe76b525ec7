// SPDX-License-Identifier: MIT
// Job console benchmark (prints figures; not a ctest case).
//
//   bench_console [--lines N] [--flood-seconds S] [--runs R] [--dir DIR]
//
// (a) 10-million-line log in the Logs tab: an N-line file (80-byte lines, default 10,000,000)
//     is opened in a LogPanel (1200x700, offscreen); time until every line is a row, then
//     median paint time at random scroll positions; peak RSS of the process (VmHWM) against
//     the RSS before, and the model's row map size. Then the same lines split over 4 replica
//     files shown "all replicas by time" (the merge path, which parses every line).
// (b) Flood: a writer thread appends 80-byte records as fast as it can for S seconds while the
//     LogPanel follows the file on its timer; lines/s written, lines/s shown (rows the model
//     reached per second), and the longest gap of a 10 ms GUI timer; medians over R runs.
// (The 1,000,000-point chart redraw is bench_metrics (d), drawn from a metric store.)
#include "benchmedian.h"
#include "common/guitimerprobe.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"
#include "logs/logview.h"
#include "logs/record.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <vector>

using trainyard::bench::median;

using namespace trainyard;

namespace {

qint64 statusKiB(const char *key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith(key))
            return line.mid(qsizetype(qstrlen(key))).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

// 80-byte lines: 36-byte prefix + 43 bytes of text + '\n'.
QByteArray block(qint64 firstLine, int count, qint64 msecs)
{
    QByteArray out;
    out.reserve(count * 80);
    for (int i = 0; i < count; ++i) {
        char text[64];
        const int n = std::snprintf(text, sizeof text, "step=%012lld loss=0.%08lld xxxxxx",
                                    static_cast<long long>(firstLine + i),
                                    static_cast<long long>((firstLine + i) % 99999999));
        logs::appendRecordLine(out, msecs + (firstLine + i) / 1000, logs::Severity::Info,
                               logs::Stream::Stdout, false, text, n);
    }
    return out;
}

void waitMs(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

// replicas > 1: the lines are split over that many files with the same timestamps, shown
// "all replicas by time" (the merge path, which reads every line).
void benchTenMillion(const QString &dir, qint64 lines, int runs, int replicas)
{
    const QString logs = dir + QStringLiteral("/big%1/logs").arg(replicas);
    QDir().mkpath(logs);
    QString path;
    for (int r = 0; r < replicas; ++r) {
        path = logs + QStringLiteral("/worker-%1.log").arg(r);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return;
        const qint64 t0 = 1763800000000;
        const qint64 perReplica = lines / replicas;
        for (qint64 i = 0; i < perReplica; i += 100000)
            f.write(block(i, int(std::min<qint64>(100000, perReplica - i)), t0));
    }
    const qint64 rssBefore = statusKiB("VmRSS:");
    ui::logs::LogPanel panel;
    panel.resize(1200, 700);
    panel.show();
    QElapsedTimer t;
    t.start();
    panel.setLogsDir(logs);
    while (panel.model()->rowCount() < lines || !panel.model()->isCaughtUp())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    const double indexS = t.nsecsElapsed() / 1e9;
    ui::logs::LogView *view = panel.view();
    std::vector<double> paints;
    for (int i = 0; i < std::max(runs, 5) * 4; ++i) {
        view->verticalScrollBar()->setValue(
            int(QRandomGenerator::global()->bounded(view->verticalScrollBar()->maximum() + 1)));
        QElapsedTimer p;
        p.start();
        (void)view->viewport()->grab(); // renders now, also offscreen
        paints.push_back(p.nsecsElapsed() / 1e6);
    }
    std::printf("(a) %lld lines (%.0f MB) from %d replica file(s) in the log view: all rows after "
                "%.2f s (%.1f M lines/s); paint (grab) at a random position %.2f ms (median); RSS "
                "before %lld KiB, peak %lld KiB; row map %lld run(s)\n",
                static_cast<long long>(lines), double(QFileInfo(path).size()) * replicas / 1e6,
                replicas, indexS, double(lines) / indexS / 1e6, median(paints),
                static_cast<long long>(rssBefore), static_cast<long long>(statusKiB("VmHWM:")),
                static_cast<long long>(panel.model()->rowMapRuns()));
    panel.setLogsDir(QString());
    QDir(logs).removeRecursively();
}

void benchFlood(const QString &dir, int seconds, int runs)
{
    std::vector<double> written;
    std::vector<double> shown;
    std::vector<double> gaps;
    for (int run = 0; run < runs; ++run) {
        const QString logs = dir + QStringLiteral("/flood%1/logs").arg(run);
        QDir().mkpath(logs);
        const QString path = logs + QStringLiteral("/chief-0.log");
        QFile(path).open(QIODevice::WriteOnly);
        ui::logs::LogPanel panel;
        panel.resize(1200, 700);
        panel.show();
        panel.setLogsDir(logs);
        std::atomic<bool> stop{false};
        std::atomic<qint64> count{0};
        QThread *writer = QThread::create([&] {
            QFile f(path);
            if (!f.open(QIODevice::Append))
                return;
            qint64 n = 0;
            while (!stop.load()) {
                f.write(
                    block(n, 1000, 1763800000000)); // 1,000 lines per write, as a pipe hands over
                f.flush();
                n += 1000;
                count.store(n);
            }
        });
        QElapsedTimer clock;
        clock.start();
        test::GuiTimerProbe probe;
        probe.start();
        writer->start();
        waitMs(seconds * 1000);
        const double elapsed = clock.nsecsElapsed() / 1e9;
        const qint64 rows = panel.model()->rowCount();
        stop.store(true);
        writer->wait();
        delete writer;
        probe.stop();
        written.push_back(double(count.load()) / elapsed);
        shown.push_back(double(rows) / elapsed);
        gaps.push_back(double(probe.maxGapMs()));
        panel.setLogsDir(QString());
        QFile::remove(path);
    }
    std::printf("(b) flood of 80-byte lines, %d s x %d runs: written %.0f lines/s, shown %.0f "
                "lines/s (medians); longest GUI timer gap %.0f ms (median of runs)\n",
                seconds, runs, median(written), median(shown), median(gaps));
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    qint64 lines = 10000000;
    int seconds = 5;
    int runs = 3;
    QString dir;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); i += 2) {
        if (args.at(i) == QLatin1String("--lines"))
            lines = args.at(i + 1).toLongLong();
        else if (args.at(i) == QLatin1String("--flood-seconds"))
            seconds = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--runs"))
            runs = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--dir"))
            dir = args.at(i + 1);
    }
    QTemporaryDir tmp;
    if (dir.isEmpty())
        dir = tmp.path();
    benchTenMillion(dir, lines, runs, 1);
    benchTenMillion(dir, lines, runs, 4);
    benchFlood(dir, seconds, runs);
    return 0;
}
