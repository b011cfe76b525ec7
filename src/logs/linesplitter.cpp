// SPDX-License-Identifier: MIT
#include "logs/linesplitter.h"

namespace trainyard::logs {

namespace {

int sequenceLength(unsigned char lead)
{
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    return 1; // ASCII, a stray continuation byte or an invalid lead: cut anywhere
}

} // namespace

qsizetype LineSplitter::cutPoint(const char *data, qsizetype max)
{
    // Look at the last (up to) 3 bytes for the lead byte of a sequence that would not fit.
    const auto *u = reinterpret_cast<const unsigned char *>(data);
    for (qsizetype back = 1; back <= 3 && back < max; ++back) {
        const unsigned char c = u[max - back];
        if ((c & 0xC0) != 0x80) { // not a continuation byte: a lead or ASCII
            const int need = sequenceLength(c);
            if (need > back) {
                // Only move the cut if the bytes we have really continue this sequence.
                for (qsizetype k = max - back + 1; k < max; ++k) {
                    if ((u[k] & 0xC0) != 0x80)
                        return max;
                }
                return max - back;
            }
            return max;
        }
    }
    return max;
}

QList<Line> LineSplitter::feed(const QByteArray &chunk)
{
    QList<Line> lines;
    feed(chunk.constData(), chunk.size(), [&lines](const char *data, qsizetype size, bool cont) {
        lines.append(Line{QByteArray(data, size), cont});
    });
    return lines;
}

QList<Line> LineSplitter::flush()
{
    QList<Line> lines;
    flush([&lines](const char *data, qsizetype size, bool cont) {
        lines.append(Line{QByteArray(data, size), cont});
    });
    return lines;
}

} // namespace trainyard::logs
