// SPDX-License-Identifier: MIT
// libFuzzer target for TensorBoard event files (build with -DTRAINYARD_FUZZ=ON and clang).
// The input is an event file: scanned whole and again in pieces split where the input's first
// bytes say (a file read while it grows), then followed from disk by the EventFileFollower,
// also after being replaced by a truncated copy. Nothing may crash, hang or read out of bounds;
// scanning in pieces must hand over exactly the records of one whole scan, and every result
// must stay inside the bytes given.
#include "metrics/tfevents/eventfilefollower.h"
#include "metrics/tfevents/events.h"
#include "metrics/tfevents/records.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

using namespace trainyard::metrics::tfevents;

namespace {

struct Scanned
{
    std::vector<QByteArray> records;
    qint64 consumed = 0;
};

// Scans data in pieces of `step` bytes the way the follower does: what a call did not consume
// is offered again with the next piece; an oversized record is skipped once it is all there.
Scanned scanInPieces(const QByteArray &data, qint64 step, qint64 maxRecord)
{
    Scanned out;
    RecordScanner scanner(maxRecord);
    qint64 offset = 0;
    qint64 end = 0;
    qint64 skipTo = -1;
    const auto keep = [&](const char *p, std::size_t n) {
        out.records.emplace_back(p, qsizetype(n));
    };
    while (true) {
        end = std::min<qint64>(data.size(), end + step);
        if (skipTo >= 0) {
            if (end < skipTo) {
                if (end == data.size())
                    break;
                continue;
            }
            offset = skipTo;
            skipTo = -1;
        }
        const RecordScanner::Result r = scanner.scan(data.constData() + offset, end - offset, keep);
        if (r.consumed < 0 || r.consumed > end - offset || r.skip < 0 || r.wanted < 0)
            std::abort();
        if (r.wanted && r.wanted <= r.consumed)
            std::abort();
        offset += r.consumed;
        if (r.skip)
            skipTo = r.skip > std::numeric_limits<qint64>::max() - offset
                         ? std::numeric_limits<qint64>::max()
                         : offset + r.skip;
        if (end == data.size() && r.consumed == 0 && (skipTo < 0 || skipTo > end))
            break;
    }
    out.consumed = offset;
    return out;
}

QCoreApplication *app()
{
    static int argc = 1;
    static char name[] = "fuzz_tfevents";
    static char *argv[] = {name, nullptr};
    static auto *instance = new QCoreApplication(argc, argv);
    return instance;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *bytes, std::size_t size)
{
    app();
    const QByteArray data(reinterpret_cast<const char *>(bytes), qsizetype(size));
    const qint64 step = size > 0 ? 1 + bytes[0] % 64 : 1;
    const qint64 maxRecord = 4096;

    const Scanned whole = scanInPieces(data, std::max<qint64>(1, data.size()), maxRecord);
    const Scanned pieces = scanInPieces(data, step, maxRecord);
    if (whole.records != pieces.records) {
        std::fprintf(stderr, "size %lld step %lld: %zu records whole, %zu in pieces\n",
                     qint64(size), step, whole.records.size(), pieces.records.size());
        std::abort();
    }

    EventDecoder decoder(QStringLiteral("run"));
    ScalarPoints points;
    for (const QByteArray &r : whole.records)
        decoder.decode(r.constData(), std::size_t(r.size()), points);

    // From disk: the follower, then the file replaced by a truncated copy (new inode).
    static QTemporaryDir dir;
    const QString path = dir.path() + QStringLiteral("/events.out.tfevents.1.fuzz");
    QFile::remove(path);
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
            std::abort();
    }
    EventFileFollower follower;
    follower.addRoot(dir.path());
    follower.setMaxBytesPerTick(1 + step * 97);
    int polls = 0;
    do {
        follower.poll();
        if (++polls > 4 * (data.size() + 16))
            std::abort(); // a follower that never catches up on a file that does not grow
    } while (!follower.isCaughtUp());
    if (follower.stats().records != qint64(whole.records.size()))
        std::abort();
    {
        const QString next = path + QStringLiteral(".new");
        QFile f(next);
        if (!f.open(QIODevice::WriteOnly) || f.write(data.left(data.size() / 2)) < 0)
            std::abort();
        f.close();
        QFile::remove(path);
        if (!QFile::rename(next, path))
            std::abort();
    }
    polls = 0;
    do {
        follower.poll();
        if (++polls > 4 * (data.size() + 16))
            std::abort();
    } while (!follower.isCaughtUp());
    return 0;
}
