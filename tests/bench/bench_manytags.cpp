// SPDX-License-Identifier: MIT
// 100,000 TensorBoard tags (issue 21): an event file of TAGS tags × POINTS steps read into a
// job's metric store by the recorder (as the owner does), then followed by the console's
// StoreFollower. Prints medians/figures; asserts nothing.
//
//   bench_manytags [TAGS=100000] [POINTS=10]
//
// Figures: time to store, files in the store (before: 3 per short series and up to 8 open
// descriptors each), the recorder's peak open descriptors, the follower's first round, its
// round on an unchanged store (median of 21, µs) and the console process's resident memory;
// then the job console's Metrics tab (ui::charts::MetricsPanel, offscreen) opening the store in a
// process of its own: until its first page of charts is drawn, the longest the GUI thread was
// blocked (GuiTimerProbe), a page turned (median), and the process's resident memory (target:
// under 300 MB at 100,000 tags; before, 3,000 tags took 1.5 GB and blocked the GUI thread for
// about 60 s).
#include "benchmedian.h"
#include "charts/metricspanel.h"
#include "common/guitimerprobe.h"
#include "common/tfeventswriter.h"
#include "metrics/metricrecorder.h"
#include "metrics/metricstore.h"
#include "metrics/storefollower.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLineSeries>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace trainyard::metrics;
using trainyard::test::TfEventsWriter;

namespace {

int openDescriptors()
{
    return int(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::Files | QDir::System).size());
}

qint64 residentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return 0;
}

// The Metrics tab (ui::charts::MetricsPanel) opening `store` in this fresh process: until its
// first page is drawn, the GUI thread's longest block, a page turned, and the resident memory.
int openPanel(const QString &store, int tags)
{
    using trainyard::ui::charts::MetricsPanel;
    const qint64 rssBefore = residentKiB();
    MetricsPanel panel;
    panel.resize(1200, 900);
    panel.show();
    trainyard::test::GuiTimerProbe probe;
    probe.start();
    QElapsedTimer timer;
    timer.start();
    panel.setJobDirs(store, QString(), QString());
    const auto pageDrawn = [&panel] {
        const QStringList page = panel.chartMetrics();
        if (page.isEmpty())
            return false;
        for (const QString &metric : page) {
            const auto *chart = panel.chart(metric);
            if (!chart || chart->lineSeries().isEmpty() ||
                chart->lineSeries().first()->count() == 0)
                return false;
        }
        return true;
    };
    while ((panel.metricCount() < tags || !pageDrawn()) && timer.elapsed() < 600000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    const qint64 openMs = timer.elapsed();
    const qint64 blocked = probe.maxBlockedMs();
    std::vector<qint64> turns;
    for (int i = 0; i < 9; ++i) {
        timer.restart();
        panel.setPage(panel.page() + 1);
        while (!pageDrawn() && timer.elapsed() < 60000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        turns.push_back(timer.elapsed());
    }
    std::printf("Metrics tab (a process of its own): %lld metrics listed, first page drawn in %lld "
                "ms; longest GUI block %lld ms; a page turned and drawn: median %.0f ms; resident "
                "memory %lld MB (%lld MB before the tab opened; target < 300 MB)\n",
                qint64(panel.metricCount()), openMs,
                probe.maxBlockedMs() > blocked ? probe.maxBlockedMs() : blocked,
                trainyard::bench::median(turns), residentKiB() / 1024, rssBefore / 1024);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const QStringList args = app.arguments();
    if (args.size() > 3 && args.at(1) == QLatin1String("--panel"))
        return openPanel(args.at(2), args.at(3).toInt());
    const int tags = args.size() > 1 ? args.at(1).toInt() : 100000;
    const int points = args.size() > 2 ? args.at(2).toInt() : 10;
    QTemporaryDir dir;
    const QString logs = dir.filePath(QStringLiteral("output"));
    const QString store = dir.filePath(QStringLiteral("metrics"));
    {
        TfEventsWriter w(logs + QLatin1Char('/') + TfEventsWriter::fileName(1700000000));
        for (int step = 0; step < points; ++step) {
            for (int i = 0; i < tags; ++i)
                w.record(w.scalarEvent(
                    {{QStringLiteral("layer%1/grad_norm").arg(i), 1.0 / (i + 1)}}, step,
                    TfEventsWriter::Encoding::SimpleValue, 1700000000.0 + step));
        }
    }
    std::printf("event file: %d tags x %d steps, %lld MB\n", tags, points,
                QFileInfo(logs + QLatin1Char('/') + TfEventsWriter::fileName(1700000000)).size() /
                    1000000);

    QElapsedTimer timer;
    timer.start();
    int peakFds = openDescriptors();
    qint64 added = 0;
    qint64 storeMs = 0;
    std::vector<qint64> idleRounds;
    {
        MetricRecorder recorder(store, {});
        if (!recorder.open(0))
            return 1;
        int got = 0;
        do {
            got = recorder.syncTensorBoard({logs}, 16 * 1024 * 1024);
            added += got;
            recorder.flush();
            peakFds = std::max(peakFds, openDescriptors());
        } while (got > 0);
        storeMs = timer.elapsed();
        // The owner's round every second while the trainer writes nothing new: poll the event
        // files, flush (progress.json included).
        for (int i = 0; i < 7; ++i) {
            timer.restart();
            recorder.syncTensorBoard({logs}, 16 * 1024 * 1024);
            recorder.flush();
            idleRounds.push_back(timer.nsecsElapsed() / 1000);
        }
    }
    const int files = int(QDir(store).entryList(QDir::Files | QDir::Hidden).size());
    std::printf("stored %lld points in %lld ms; %d files in the store; peak open descriptors %d\n",
                added, storeMs, files, peakFds);
    std::printf("owner round with nothing new (poll the event files, flush): median %.0f us\n",
                trainyard::bench::median(idleRounds));

    // progress.json, which the owner saves after every flush (once a second): the text of all
    // the series' counts, and a save with one count changed (an unchanged one is not written).
    {
        StoreProgress progress = StoreProgress::load(store);
        std::vector<qint64> text;
        std::vector<qint64> saves;
        for (int i = 0; i < 7; ++i) {
            timer.restart();
            const QByteArray json = progress.toJson();
            text.push_back(timer.nsecsElapsed() / 1000);
            progress.seriesCounts.insert(QStringLiteral("bench.tyms"), i);
            timer.restart();
            progress.save(store, nullptr);
            saves.push_back(timer.nsecsElapsed() / 1000);
        }
        std::vector<qint64> unchanged; // the owner's every second while no series moves
        for (int i = 0; i < 7; ++i) {
            timer.restart();
            progress.save(store, nullptr);
            unchanged.push_back(timer.nsecsElapsed() / 1000);
        }
        std::printf("progress.json: %lld series, %lld KB; text median %.0f us, save with one "
                    "change median %.0f us, unchanged save median %.0f us\n",
                    qint64(progress.seriesCounts.size()), qint64(progress.toJson().size() / 1024),
                    trainyard::bench::median(text), trainyard::bench::median(saves),
                    trainyard::bench::median(unchanged));
    }

    const qint64 rssBefore = residentKiB();
    StoreFollower follower(store, QString(), QString(), {});
    timer.restart();
    follower.pollOnce();
    const qint64 firstMs = timer.elapsed();
    std::vector<qint64> idle;
    for (int i = 0; i < 21; ++i) {
        timer.restart();
        follower.pollOnce();
        idle.push_back(timer.nsecsElapsed() / 1000);
    }
    std::sort(idle.begin(), idle.end());
    DrawRequest request;
    request.metric = QStringLiteral("layer4242/grad_norm");
    timer.restart();
    const DrawResult drawn = follower.compute(request);
    const qint64 drawUs = timer.nsecsElapsed() / 1000;
    std::printf("console: %lld series summarized in %lld ms; unchanged-store round median %lld us;"
                " one chart drawn in %lld us (%lld points); resident growth %lld MB; open "
                "descriptors %d\n",
                qint64(follower.summary().size()), firstMs, idle[idle.size() / 2], drawUs,
                drawn.series.isEmpty() ? 0 : qint64(drawn.series.first().points.size()),
                (residentKiB() - rssBefore) / 1024, openDescriptors());

    // The Metrics tab on the same store, in a process of its own (as the window is: its
    // resident memory is the figure, not this process's recorder and follower).
    std::fflush(stdout);
    QProcess panel;
    panel.setProcessChannelMode(QProcess::ForwardedChannels);
    panel.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("--panel"), store, QString::number(tags)});
    panel.waitForFinished(-1);
    return 0;
}
