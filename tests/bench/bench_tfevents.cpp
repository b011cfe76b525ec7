// SPDX-License-Identifier: MIT
// TensorBoard event-file reading benchmark (prints figures; not a ctest case).
//
//   bench_tfevents [--records N] [--runs R]
//
// Writes an event file of N scalar events (half simple_value, half TF2 tensor_content, two tags
// alternating, as tests/common/tfeventswriter writes them), then, R times each, medians of:
// (a) CRC-32C alone over the file's bytes (GB/s);
// (b) RecordScanner framing alone (both CRCs checked, no decoding), records/s;
// (c) framing + Event decoding into scalar points (EventDecoder), records/s;
// (d) EventFileFollower reading the whole file in its default 8 MiB ticks, points/s;
// (e) the follower's cost per tick on a file already read (nothing new): median µs per poll().
// (b)-(d) print wall time and this thread's CPU time: on a shared, loaded machine the CPU time
// is the figure that compares across runs.
#include "benchmedian.h"
#include "common/tfeventswriter.h"
#include "metrics/tfevents/crc32c.h"
#include "metrics/tfevents/eventfilefollower.h"
#include "metrics/tfevents/events.h"
#include "metrics/tfevents/records.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using trainyard::bench::median;

using namespace trainyard::metrics::tfevents;
using trainyard::test::TfEventsWriter;
using namespace Qt::Literals::StringLiterals;

namespace {

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    qint64 records = 1000000;
    int runs = 5;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == u"--records"_s)
            records = args[++i].toLongLong();
        else if (args[i] == u"--runs"_s)
            runs = args[++i].toInt();
    }

    QTemporaryDir dir;
    const QString path = dir.path() + u'/' + TfEventsWriter::fileName(1700000000);
    {
        // Encode once per encoding and step pattern would be unrealistic; encode every event.
        TfEventsWriter encoder(QString{});
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly))
            return 1;
        out.write(TfEventsWriter::frame(TfEventsWriter::fileVersionEvent(1700000000.0)));
        QByteArray block;
        for (qint64 i = 0; i < records; ++i) {
            const bool tf2 = (i / 2) % 2 == 1;
            block += TfEventsWriter::frame(encoder.scalarEvent(
                {{i % 2 ? u"epoch_accuracy"_s : u"epoch_loss"_s, 1.0 / double(i + 1)}}, i / 2,
                tf2 ? TfEventsWriter::Encoding::TensorContent
                    : TfEventsWriter::Encoding::SimpleValue,
                1700000000.0 + double(i) * 0.01));
            if (block.size() > (1 << 20)) {
                out.write(block);
                block.clear();
            }
        }
        out.write(block);
    }
    QFile in(path);
    if (!in.open(QIODevice::ReadOnly))
        return 1;
    const QByteArray bytes = in.readAll();
    const double mib = double(bytes.size()) / (1024.0 * 1024.0);
    std::printf("event file: %lld scalar events, %.1f MiB (%.1f bytes/record)\n",
                static_cast<long long>(records), mib, double(bytes.size()) / double(records + 1));

    std::vector<double> crcS, frameS, decodeS, followS, idleUs, frameCpu, decodeCpu, followCpu;
    qint64 lastPoints = 0;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer t;
        t.start();
        volatile std::uint32_t sink = crc32c(bytes.constData(), std::size_t(bytes.size()));
        (void)sink;
        crcS.push_back(double(t.nsecsElapsed()) / 1e9);

        RecordScanner scanner;
        qint64 n = 0;
        t.start();
        double cpu = threadCpuSeconds();
        scanner.scan(bytes.constData(), bytes.size(), [&](const char *, std::size_t) { ++n; });
        frameS.push_back(double(t.nsecsElapsed()) / 1e9);
        frameCpu.push_back(threadCpuSeconds() - cpu);
        if (n != records + 1)
            std::printf("framing: %lld records, expected %lld\n", static_cast<long long>(n),
                        static_cast<long long>(records + 1));

        RecordScanner scanner2;
        EventDecoder decoder(u"."_s);
        ScalarPoints points;
        points.reserve(std::size_t(records));
        t.start();
        cpu = threadCpuSeconds();
        scanner2.scan(bytes.constData(), bytes.size(),
                      [&](const char *d, std::size_t s) { decoder.decode(d, s, points); });
        decodeS.push_back(double(t.nsecsElapsed()) / 1e9);
        decodeCpu.push_back(threadCpuSeconds() - cpu);
        if (qint64(points.size()) != records)
            std::printf("decode: %zu points, expected %lld\n", points.size(),
                        static_cast<long long>(records));

        EventFileFollower follower;
        follower.addRoot(dir.path());
        qint64 got = 0;
        QObject::connect(&follower, &EventFileFollower::pointsAdded, &follower,
                         [&](const ScalarPoints &batch) { got += qint64(batch.size()); });
        t.start();
        cpu = threadCpuSeconds();
        do {
            follower.poll();
        } while (!follower.isCaughtUp());
        followS.push_back(double(t.nsecsElapsed()) / 1e9);
        followCpu.push_back(threadCpuSeconds() - cpu);
        lastPoints = got;

        std::vector<double> idle;
        for (int k = 0; k < 200; ++k) {
            t.start();
            follower.setRescanInterval(1 << 30);
            follower.poll();
            idle.push_back(double(t.nsecsElapsed()) / 1e3);
        }
        idleUs.push_back(median(idle));
    }

    const double n = double(records);
    std::printf("(a) crc32c:              %8.3f s  %7.2f GB/s\n", median(crcS),
                double(bytes.size()) / median(crcS) / 1e9);
    const auto line = [&](const char *what, const std::vector<double> &wall,
                          const std::vector<double> &cpuTimes, double count, const char *unit) {
        std::printf("%s wall %7.3f s  %6.2f M %s/s | CPU %7.3f s  %6.2f M %s/s  %5.0f MiB/s\n",
                    what, median(wall), count / median(wall) / 1e6, unit, median(cpuTimes),
                    count / median(cpuTimes) / 1e6, unit, mib / median(cpuTimes));
    };
    line("(b) framing (2 CRCs):     ", frameS, frameCpu, n, "records");
    line("(c) framing + decoding:   ", decodeS, decodeCpu, n, "records");
    line("(d) follower, 8 MiB ticks:", followS, followCpu, double(lastPoints), "points ");
    std::printf("(e) idle poll (1 file):  %8.1f µs median\n", median(idleUs));
    std::printf("medians of %d runs\n", runs);
    return 0;
}
