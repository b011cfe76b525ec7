// SPDX-License-Identifier: MIT
// Metric store benchmark (prints figures; not a ctest case).
//
// (a) a job with N points (default 10,000,000) in each of 2 series, written to its metric store;
//     the files' pages dropped from the page cache (posix_fadvise), then a new Metrics tab opens
//     the job: time until both charts show their lines, and the process's resident memory growth.
// (b) extraction while capturing: a real child (`cat` of L trainer lines "step=… loss=…
//     accuracy=…") through QProcess -> LogCapture -> log file, without and with the owner's
//     metric hook (extraction + store); the cost is the ratio of the medians.
// (c) the Compare view of J jobs (default 20) of N points × 2 series each: first paint and memory.
// (d) a 1,000,000-point series in a store-backed chart: redraw (request, envelope from the level
//     pyramid, replace) and paint.
// (f) `trainyard jobs metrics` of the job of (a), CSV and JSON: time and memory growth.
// (e) the extractor alone (prefilter, built-in forms, the log's line rule), in memory: lines
//     without metrics (targets >= 3 M lines/s), transformers dict lines and each form of issue 29
//     (step word pairs, XGBoost and LightGBM rounds, scikit-learn's MLP, Keras progress with its
//     counter; >= 1 M lines/s).
//
//   bench_metrics [--points N] [--lines L] [--jobs J] [--compare-points M] [--runs R] [--dir DIR]
//                 [--extraction-only]
#include "benchmedian.h"
#include "charts/metricchart.h"
#include "charts/metricspanel.h"
#include "cli/jobcommands.h"
#include "compare/compareview.h"
#include "logs/logcapture.h"
#include "logs/logwriter.h"
#include "metrics/extract.h"
#include "metrics/metricrecorder.h"
#include "metrics/metricstore.h"
#include "metrics/ownermetrics.h"
#include "metrics/storefollower.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QLineSeries>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

using trainyard::bench::median;

using namespace trainyard;

namespace {

qint64 rssKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

void dropCache(const QString &dir)
{
    const QStringList files = QDir(dir).entryList(QDir::Files);
    for (const QString &name : files) {
        const int fd = ::open(QFile::encodeName(QDir(dir).filePath(name)).constData(), O_RDONLY);
        if (fd >= 0) {
            ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
            ::close(fd);
        }
    }
}

// A job dir with `series` series of n points each in its store (as the owner writes them).
double writeJob(const QString &job, qint64 n, const QStringList &metricNames, double seed)
{
    QDir().mkpath(job + QStringLiteral("/logs"));
    QDir().mkpath(job + QStringLiteral("/hypertune"));
    metrics::MetricRecorder rec(job + QStringLiteral("/metrics"), {});
    if (!rec.open(0))
        return -1;
    QElapsedTimer t;
    t.start();
    for (qint64 i = 0; i < n; ++i) {
        for (int m = 0; m < metricNames.size(); ++m) {
            const double v = (m == 0 ? 2.0 * std::exp(-double(i) / (n / 5.0)) + seed
                                     : 1.0 - std::exp(-double(i) / (n / 4.0)) - seed) +
                             0.05 * std::sin(double(i) / 37.0 + m);
            rec.addPoint(metrics::SeriesKey{metrics::kinds::Log, QStringLiteral("chief-0"),
                                            metricNames.at(m)},
                         metrics::MetricPoint{double(i), 1763800000000 + i, v});
        }
    }
    rec.close();
    return t.nsecsElapsed() / 1e9;
}

bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

double runProcess(const QString &input, logs::LogCapture *capture)
{
    QProcess process;
    capture->attach(&process);
    QEventLoop loop;
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QElapsedTimer t;
    t.start();
    process.start(QStringLiteral("cat"), {input});
    if (!process.waitForStarted(10000))
        return -1;
    if (process.state() != QProcess::NotRunning)
        loop.exec();
    capture->finish();
    capture->detach();
    return t.nsecsElapsed() / 1e9;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    qint64 points = 10000000;
    qint64 lines = 2000000;
    int jobs = 20;
    qint64 comparePoints = -1; // per series in (c); default: as (a)
    int runs = 3;
    QString dirArg;
    const QStringList args = app.arguments();
    // Options with a value; --extraction-only (no value) may stand anywhere.
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--points"))
            points = args.at(i + 1).toLongLong();
        else if (args.at(i) == QLatin1String("--lines"))
            lines = args.at(i + 1).toLongLong();
        else if (args.at(i) == QLatin1String("--compare-points"))
            comparePoints = args.at(i + 1).toLongLong();
        else if (args.at(i) == QLatin1String("--jobs"))
            jobs = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--runs"))
            runs = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--dir"))
            dirArg = args.at(i + 1);
        else
            continue; // --extraction-only
        ++i;          // the option's value
    }
    QTemporaryDir tmp(dirArg.isEmpty() ? QDir::tempPath() + QStringLiteral("/bench_metrics-XXXXXX")
                                       : dirArg + QStringLiteral("/bench_metrics-XXXXXX"));
    const QString root = tmp.path();
    const QStringList names{QStringLiteral("loss"), QStringLiteral("accuracy")};

    // (f) `trainyard jobs metrics` of the job of (a), CSV and JSON: time and memory growth.
    // (e) the extractor alone.
    {
        const qint64 n = std::min<qint64>(lines, 2000000);
        // Lines a trainer prints between metrics: logging records, warnings, paths, text with
        // ':' (the prefilter lets those through to the forms) and without.
        const char *const plain[] = {
            "2026-11-22 10:00:00,123 INFO worker.py:42 loading shard 17 of 64 from "
            "/data/train-00017",
            "/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py:557: UserWarning: This "
            "DataLoader will create 8 worker processes in total.",
            "Epoch 3, global step 128: 'val_loss' reached 0.60200 (best 0.60200), saving model",
            "loading configuration file config.json from cache at /root/.cache/huggingface/hub",
            "  warnings.warn(",
            "Saving model checkpoint to out/checkpoint-500",
            "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]",
            "Seed set to 0"};
        std::vector<QByteArray> noMetrics;
        std::vector<QByteArray> dicts;
        noMetrics.reserve(std::size_t(n));
        dicts.reserve(std::size_t(n));
        for (qint64 i = 0; i < n; ++i) {
            noMetrics.emplace_back(plain[i % 8]);
            char text[160];
            const int len = std::snprintf(
                text, sizeof text,
                "{'loss': '%.4f', 'grad_norm': '%.4f', 'learning_rate': '%.4g', 'epoch': '%.5g'}",
                1.0 / double(i + 1), 0.5 + double(i % 97) / 100.0, 5e-4 * double(n - i) / double(n),
                double(i) / 12000.0);
            dicts.emplace_back(text, len);
        }
        const metrics::MetricExtractor extractor;
        auto through = [&extractor](const std::vector<QByteArray> &input, qint64 *found) {
            metrics::LineScan scan;
            metrics::LogLineState state;
            std::vector<metrics::LogLineState::Point> out;
            QElapsedTimer t;
            t.start();
            for (const QByteArray &line : input) {
                if (!extractor.mayHaveMetrics(line.constData(), line.size()))
                    continue;
                metrics::MetricExtractor::scanBuiltIn(line.constData(), line.size(), &scan);
                state.take(scan, &out);
                *found += qint64(out.size());
                out.clear();
            }
            return double(t.nsecsElapsed()) / 1e9;
        };
        std::vector<double> plainRates;
        std::vector<double> dictRates;
        qint64 plainPoints = 0;
        qint64 dictPoints = 0;
        for (int r = 0; r < std::max(runs, 5); ++r) {
            plainRates.push_back(double(n) / through(noMetrics, &plainPoints) / 1e6);
            dictRates.push_back(double(n) / through(dicts, &dictPoints) / 1e6);
        }
        std::printf(
            "(e) extractor, %lld lines in memory (medians of %d runs):\n"
            "    lines without metrics: %.2f M lines/s (target 3, ratio %.2f; %lld points)\n"
            "    transformers dict lines: %.2f M lines/s (target 1, ratio %.2f; 4 points a "
            "line)\n",
            static_cast<long long>(n), std::max(runs, 5), median(plainRates),
            median(plainRates) / 3.0, static_cast<long long>(plainPoints), median(dictRates),
            median(dictRates) / 1.0);
        // The forms of issue 29, each as its tool prints it (tests/fixtures/metrics).
        struct Form
        {
            const char *name;
            std::vector<QByteArray> lines;
            qint64 points = 0;
        };
        std::vector<Form> forms{{"step word pairs (step 12 loss 0.4321 acc 0.91)", {}},
                                {"XGBoost rounds ([0]\\ttrain-rmse:4.62228\\tvalid-rmse:...)", {}},
                                {"LightGBM rounds ([10]\\tvalid_0's l2: 0.1\\t...)", {}},
                                {"scikit-learn MLP (Iteration 3, loss = 0.41230000)", {}},
                                {"Keras progress (237/422 [====>...] - ETA: 7s - loss: ...)", {}}};
        for (Form &f : forms)
            f.lines.reserve(std::size_t(n));
        for (qint64 i = 0; i < n; ++i) {
            char text[200];
            const double v = 1.0 / double(i + 1);
            auto put = [&](Form &f, int len) { f.lines.emplace_back(text, len); };
            put(forms[0], std::snprintf(text, sizeof text, "step %lld loss %.4f acc %.3f",
                                        static_cast<long long>(i), v, 1 - v));
            put(forms[1],
                std::snprintf(text, sizeof text, "[%lld]\ttrain-rmse:%.5f\tvalid-rmse:%.5f",
                              static_cast<long long>(i), v, v + 0.1));
            put(forms[2],
                std::snprintf(text, sizeof text, "[%lld]\ttraining's l2: %g\tvalid_1's l2: %g",
                              static_cast<long long>(i + 1), v, v + 0.1));
            put(forms[3], std::snprintf(text, sizeof text, "Iteration %lld, loss = %.8f",
                                        static_cast<long long>(i + 1), v));
            put(forms[4], std::snprintf(text, sizeof text,
                                        "%lld/422 [===============>..............] - ETA: 7s - "
                                        "loss: %.4f - accuracy: %.4f",
                                        static_cast<long long>(i % 422 + 1), v, 1 - v));
        }
        std::printf("    the forms of issue 29 (target 1 M lines/s each):\n");
        bool formsOk = true;
        for (Form &f : forms) {
            std::vector<double> rates;
            for (int r = 0; r < std::max(runs, 5); ++r)
                rates.push_back(double(n) / through(f.lines, &f.points) / 1e6);
            std::printf("      %-62s %.2f M lines/s (ratio %.2f; %lld points)\n", f.name,
                        median(rates), median(rates) / 1.0, static_cast<long long>(f.points));
            formsOk = formsOk && f.points > 0;
        }
        std::fflush(stdout);
        if (!formsOk)
            return 1;
        if (args.contains(QLatin1String("--extraction-only")))
            return plainPoints == 0 && dictPoints == qint64(4) * n * std::max(runs, 5) ? 0 : 1;
    }

    // (a) open a job of 2 x N points.
    {
        const QString job = root + QStringLiteral("/big");
        const double writeS = writeJob(job, points, names, 0.0);
        std::printf("(a) store of 2 x %lld points written in %.2f s (%.1f M points/s), %.0f MB on "
                    "disk\n",
                    static_cast<long long>(points), writeS, 2.0 * double(points) / writeS / 1e6,
                    [&] {
                        qint64 bytes = 0;
                        for (const QFileInfo &fi :
                             QDir(job + QStringLiteral("/metrics")).entryInfoList(QDir::Files))
                            bytes += fi.size();
                        return double(bytes) / 1e6;
                    }());
        std::vector<double> shown;
        std::vector<double> growth;
        for (int r = 0; r < runs; ++r) {
            dropCache(job + QStringLiteral("/metrics"));
            const qint64 before = rssKiB();
            QElapsedTimer t;
            t.start();
            auto *panel = new ui::charts::MetricsPanel;
            panel->resize(1400, 800);
            panel->show();
            panel->setJobDirs(job + QStringLiteral("/metrics"), job + QStringLiteral("/logs"),
                              job + QStringLiteral("/hypertune"));
            const bool ok = waitFor(
                [&] {
                    for (const QString &m : names) {
                        ui::charts::MetricChartView *c = panel->chart(m);
                        if (!c || c->lineSeries().isEmpty() ||
                            c->lineSeries().first()->count() == 0)
                            return false;
                    }
                    return true;
                },
                60000);
            QCoreApplication::processEvents();
            shown.push_back(ok ? t.nsecsElapsed() / 1e6 : -1);
            growth.push_back(double(rssKiB() - before) / 1024.0);
            if (r == 0)
                std::printf("    drawn points per chart: %lld\n",
                            static_cast<long long>(
                                panel->chart(names.first())->lineSeries().first()->count()));
            delete panel;
            QCoreApplication::processEvents();
        }
        std::printf(
            "    Metrics tab, page cache dropped: both charts shown after %.0f ms (median of "
            "%d; target 200 ms, ratio %.2f), RSS growth %.1f MB (median; target 50 MB, "
            "ratio %.2f)\n",
            median(shown), runs, median(shown) / 200.0, median(growth), median(growth) / 50.0);

        // (f) `trainyard jobs metrics` of that job, CSV and JSON to /dev/null: streamed from the
        // series files, so the process grows by a block, not by the points.
        qputenv("TRAINYARD_HOME", QFile::encodeName(root));
        for (const char *format : {"--format=csv", "--format=json"}) {
            std::fflush(stdout);
            const int saved = ::dup(STDOUT_FILENO);
            const int null = ::open("/dev/null", O_WRONLY);
            ::dup2(null, STDOUT_FILENO);
            ::close(null);
            const qint64 before = rssKiB();
            QElapsedTimer t;
            t.start();
            const int rc = cli::runJobsMetrics({QStringLiteral("big"), QLatin1String(format)});
            const double seconds = double(t.nsecsElapsed()) / 1e9;
            const qint64 after = rssKiB();
            std::fflush(stdout);
            ::dup2(saved, STDOUT_FILENO);
            ::close(saved);
            std::printf("(f) jobs metrics %s of 2 x %lld points: %.2f s (%.1f M points/s), RSS "
                        "growth %.1f MB, exit %d\n",
                        format, static_cast<long long>(points), seconds,
                        2.0 * double(points) / seconds / 1e6, double(after - before) / 1024.0, rc);
        }
    }

    // (b) extraction while capturing.
    {
        const QString input = root + QStringLiteral("/trainer.txt");
        {
            QFile f(input);
            f.open(QIODevice::WriteOnly);
            QByteArray block;
            for (qint64 i = 0; i < lines; ++i) {
                char text[96];
                const int n = std::snprintf(
                    text, sizeof text, "step=%lld loss=%.6f accuracy=%.6f\n",
                    static_cast<long long>(i), 2.0 / double(i + 1), 1.0 - 1.0 / double(i + 2));
                block.append(text, n);
                if (block.size() > (1 << 20)) {
                    f.write(block);
                    block.clear();
                }
            }
            f.write(block);
        }
        const double mb = double(QFileInfo(input).size()) / 1e6;
        // In memory first (LogCapture::feed of the same bytes, as bench_logs (a)): the CPU cost
        // of the hook without the pipe.
        {
            QFile f(input);
            f.open(QIODevice::ReadOnly);
            const QByteArray bytes = f.readAll();
            std::vector<double> memPlain;
            std::vector<double> memHook;
            std::vector<double> memCaptured; // with the hook, until the capture returned
            for (int r = 0; r < runs; ++r) {
                for (bool withMetrics : {false, true}) {
                    const QString dir = root + QStringLiteral("/mem-%1-%2").arg(r).arg(withMetrics);
                    QDir().mkpath(dir + QStringLiteral("/logs"));
                    logs::LogWriter writer;
                    writer.open(dir + QStringLiteral("/logs/chief-0.log"));
                    logs::LogCapture capture(&writer, QStringLiteral("chief-0"));
                    metrics::OwnerMetrics owner(dir + QStringLiteral("/metrics"),
                                                dir + QStringLiteral("/hypertune"));
                    if (withMetrics) {
                        owner.start();
                        capture.setLineObserver(owner.observer(QStringLiteral("chief-0")));
                    }
                    QElapsedTimer t;
                    t.start();
                    for (qsizetype off = 0; off < bytes.size(); off += 65536)
                        capture.feed(logs::Stream::Stdout, bytes.constData() + off,
                                     std::min<qsizetype>(65536, bytes.size() - off));
                    capture.finish();
                    if (withMetrics) {
                        memCaptured.push_back(t.nsecsElapsed() / 1e9);
                        owner.stop();
                    }
                    (withMetrics ? memHook : memPlain).push_back(t.nsecsElapsed() / 1e9);
                    writer.close();
                    QDir(dir).removeRecursively();
                }
            }
            std::printf("(b) in memory, %lld lines: LogCapture -> log %.3f s, with the metric hook "
                        "%.3f s until the capture is done, %.3f s until every point is stored "
                        "(medians of %d)\n",
                        static_cast<long long>(lines), median(memPlain), median(memCaptured),
                        median(memHook), runs);
        }
        std::vector<double> plain;
        std::vector<double> extracting;
        std::vector<double> drained; // OwnerMetrics::stop(): the rest extracted and stored
        qint64 stored = 0;
        for (int r = 0; r < runs; ++r) {
            for (bool withMetrics : {false, true}) {
                const QString dir = root + QStringLiteral("/capture-%1-%2").arg(r).arg(withMetrics);
                QDir().mkpath(dir + QStringLiteral("/logs"));
                logs::LogWriter writer;
                writer.open(dir + QStringLiteral("/logs/chief-0.log"));
                logs::LogCapture capture(&writer, QStringLiteral("chief-0"));
                metrics::OwnerMetrics owner(dir + QStringLiteral("/metrics"),
                                            dir + QStringLiteral("/hypertune"));
                if (withMetrics) {
                    owner.start();
                    capture.setLineObserver(owner.observer(QStringLiteral("chief-0")));
                }
                const double s = runProcess(input, &capture);
                if (withMetrics) {
                    QElapsedTimer drain;
                    drain.start();
                    owner.stop();
                    drained.push_back(drain.nsecsElapsed() / 1e9);
                    extracting.push_back(s);
                    metrics::StoreFollower view(dir + QStringLiteral("/metrics"), QString(),
                                                QString(), {});
                    view.pollOnce();
                    stored = 0;
                    for (const metrics::SeriesInfo &info : view.summary())
                        stored += info.count;
                } else {
                    plain.push_back(s);
                }
                writer.close();
                QDir(dir).removeRecursively();
            }
        }
        const double p = median(plain);
        const double e = median(extracting);
        std::printf("(b) child `cat` of %lld metric lines (%.0f MB) -> LogCapture -> log: %.3f s "
                    "(%.2f M lines/s); with the metric hook (extract + store, %lld points): %.3f s "
                    "(%.2f M lines/s); cost %.1f%% of capture throughput (medians of %d; target "
                    "< 15%%)\n",
                    static_cast<long long>(lines), mb, p, double(lines) / p / 1e6,
                    static_cast<long long>(stored), e, double(lines) / e / 1e6,
                    (1.0 - p / e) * 100.0, runs);
        std::printf("    after the capture ended, OwnerMetrics::stop() stored the rest in %.3f s "
                    "(median; the worker follows the log file and may lag during a burst)\n",
                    median(drained));
    }

    // (c) the Compare view of J jobs.
    {
        QStringList dirs;
        const qint64 each = comparePoints > 0 ? comparePoints : points;
        for (int j = 0; j < jobs; ++j) {
            const QString job = root + QStringLiteral("/cmp-%1").arg(j, 2, 10, QLatin1Char('0'));
            writeJob(job, each, names, 0.01 * j);
            dirs.append(job);
            dropCache(job + QStringLiteral("/metrics"));
        }
        const qint64 before = rssKiB();
        QElapsedTimer t;
        t.start();
        ui::compare::CompareView view;
        view.resize(1400, 900);
        QList<ui::compare::CompareRun> runsList;
        for (int j = 0; j < jobs; ++j)
            runsList.append(ui::compare::CompareRun{
                QStringLiteral("job-%1").arg(j), QFileInfo(dirs.at(j)).fileName(), QString(), {}});
        view.setRuns(root, runsList);
        view.show();
        const bool ok = waitFor([&] { return view.isComplete(); }, 120000);
        (void)view.grab();
        const double paintMs = t.nsecsElapsed() / 1e6;
        const double growth = double(rssKiB() - before) / 1024.0;
        std::printf("(c) Compare view of %d jobs x 2 series x %lld points: first paint of both "
                    "charts (%d lines each) after %.0f ms%s (target 1 s, ratio %.2f), RSS growth "
                    "%.1f MB (target 200 MB, ratio %.2f)\n",
                    jobs, static_cast<long long>(each), jobs, paintMs, ok ? "" : " (timed out)",
                    paintMs / 1000.0, growth, growth / 200.0);
        for (const QString &d : std::as_const(dirs))
            QDir(d).removeRecursively();
    }

    // (d) 1,000,000-point series in a store-backed chart.
    {
        const QString job = root + QStringLiteral("/million");
        writeJob(job, 1000000, {QStringLiteral("loss")}, 0.0);
        metrics::StoreFollower store(job + QStringLiteral("/metrics"), QString(), QString(), {});
        store.pollOnce();
        ui::charts::MetricChartView chart(QStringLiteral("loss"), job + QStringLiteral("/metrics"));
        QObject::connect(
            &chart, &ui::charts::MetricChartView::drawRequested, &chart,
            [&](const metrics::DrawRequest &r) { chart.applyDrawn(store.compute(r)); });
        chart.resize(1200, 600);
        chart.show();
        chart.setSmoothing(0.6);
        chart.updateSeries();
        QCoreApplication::processEvents();
        std::vector<double> updates;
        std::vector<double> paints;
        for (int i = 0; i < runs * 5; ++i) {
            QElapsedTimer t;
            t.start();
            chart.updateSeries();
            updates.push_back(t.nsecsElapsed() / 1e6);
            t.restart();
            (void)chart.grab();
            paints.push_back(t.nsecsElapsed() / 1e6);
        }
        std::printf("(d) 1,000,000-point series, 1200x600 chart: redraw (envelope of %lld points "
                    "from the pyramid + EMA + replace) %.2f ms, paint (grab) %.1f ms, total %.1f "
                    "ms (medians of %d; target 16 ms, ratio %.2f)\n",
                    static_cast<long long>(chart.lineSeries().first()->count()), median(updates),
                    median(paints), median(updates) + median(paints), runs * 5,
                    (median(updates) + median(paints)) / 16.0);
    }
    return 0;
}
