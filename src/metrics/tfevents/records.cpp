// SPDX-License-Identifier: MIT
#include "metrics/tfevents/records.h"

#include "metrics/tfevents/crc32c.h"

#include <limits>

namespace trainyard::metrics::tfevents {

namespace {

std::uint32_t readLe32(const char *p)
{
    const auto *u = reinterpret_cast<const unsigned char *>(p);
    return std::uint32_t(u[0]) | std::uint32_t(u[1]) << 8 | std::uint32_t(u[2]) << 16 |
           std::uint32_t(u[3]) << 24;
}

std::uint64_t readLe64(const char *p)
{
    return std::uint64_t(readLe32(p)) | std::uint64_t(readLe32(p + 4)) << 32;
}

} // namespace

bool RecordScanner::headerValid(const char *p, std::uint64_t *length)
{
    if (maskedCrc32c(p, 8) != readLe32(p + 8))
        return false;
    *length = readLe64(p);
    return true;
}

RecordScanner::Result RecordScanner::scan(const char *data, qint64 size, const Callback &onRecord)
{
    Result result;
    qint64 pos = 0;
    while (size - pos >= HeaderBytes) {
        std::uint64_t length = 0;
        if (!headerValid(data + pos, &length)) {
            if (!m_lost) {
                m_lost = true;
                ++m_stats.corruptRecords;
            }
            ++m_stats.corruptBytes;
            ++pos;
            result.consumed = pos;
            continue;
        }
        m_lost = false;
        // Total bytes of this record on disk; lengths beyond any file are corrupt in effect,
        // but a CRC-valid header is trusted: the record is simply never complete.
        // (Saturated: a length near 2^64 must not wrap around to a small total.)
        constexpr std::uint64_t Framing = std::uint64_t(HeaderBytes + FooterBytes);
        constexpr std::uint64_t Largest = std::uint64_t(std::numeric_limits<qint64>::max());
        if (length > std::uint64_t(m_maxRecordBytes)) {
            result.skip = length > Largest - Framing ? qint64(Largest) : qint64(length + Framing);
            return result;
        }
        const qint64 total = qint64(length + Framing);
        if (size - pos < total) {
            result.wanted = pos + total;
            return result;
        }
        const char *payload = data + pos + HeaderBytes;
        const std::uint32_t stored = readLe32(payload + length);
        if (maskedCrc32c(payload, std::size_t(length)) == stored) {
            ++m_stats.records;
            onRecord(payload, std::size_t(length));
        } else {
            ++m_stats.corruptRecords;
            m_stats.corruptBytes += total;
        }
        pos += total;
        result.consumed = pos;
    }
    return result;
}

} // namespace trainyard::metrics::tfevents
