// SPDX-License-Identifier: MIT
// TFRecord framing, the container of TensorFlow event files. Each record is
//     uint64 length (little-endian) | uint32 masked CRC-32C of those 8 bytes
//     | length bytes of data       | uint32 masked CRC-32C of the data
// (tensorflow/core/lib/io/record_writer.cc; TensorBoard's pure-Python
// tensorboard/summary/writer/record_writer.py writes the same).
//
// RecordScanner splits complete records off the front of a byte range read from a file that may
// still be growing:
//  - a record whose bytes are not all there yet (the writer is mid-record) is not consumed: the
//    caller reads it again, with what was appended, next time;
//  - a record whose data CRC does not match is skipped and counted (its length was intact);
//  - a length whose CRC does not match means the framing is lost: the scanner moves byte by byte
//    to the next position where a length and its CRC agree, and counts the lost stretch as one
//    corrupt record (a random match is 1 in 2^32);
//  - a record longer than maxRecordBytes (a huge graph, never a scalar) is skipped unread once
//    the file holds all of it.
// Nothing here throws or crashes on any input; the scanner is fuzz-safe by construction (every
// read is bounds-checked against size).
#pragma once

#include <QtGlobal>
#include <cstdint>
#include <functional>

namespace trainyard::metrics::tfevents {

struct FramingStats
{
    qint64 records = 0;        // intact records handed to the callback
    qint64 corruptRecords = 0; // data CRC mismatches + stretches of lost framing
    qint64 corruptBytes = 0;   // bytes given up in those
    qint64 oversizedRecords = 0;
};

class RecordScanner
{
public:
    static constexpr qint64 HeaderBytes = 12;
    static constexpr qint64 FooterBytes = 4;
    static constexpr qint64 DefaultMaxRecordBytes = 64 * 1024 * 1024;

    using Callback = std::function<void(const char *data, std::size_t size)>;

    struct Result
    {
        qint64 consumed = 0; // bytes fully dealt with, from the start of the range
        // When a record is incomplete: the range length (from the start of the range) that
        // would hold it, so the caller can read that much at once. 0 otherwise.
        qint64 wanted = 0;
        // A record longer than maxRecordBytes starts at `consumed`; its total size on disk.
        // The caller skips it (consumed + skip) once the file is that long.
        qint64 skip = 0;
    };

    explicit RecordScanner(qint64 maxRecordBytes = DefaultMaxRecordBytes)
        : m_maxRecordBytes(maxRecordBytes)
    {}

    // data[0, size) starts where the previous call's consumed bytes ended.
    Result scan(const char *data, qint64 size, const Callback &onRecord);

    const FramingStats &stats() const { return m_stats; }
    // The caller skipped an oversized record it was told about.
    void noteOversizedSkipped() { ++m_stats.oversizedRecords; }
    // Start over (the file was replaced): stats are kept, the resync state is not.
    void reset() { m_lost = false; }

    // A length header at p (12 bytes) whose CRC matches.
    static bool headerValid(const char *p, std::uint64_t *length);

private:
    FramingStats m_stats;
    qint64 m_maxRecordBytes;
    bool m_lost = false; // inside a stretch of lost framing (already counted)
};

} // namespace trainyard::metrics::tfevents
