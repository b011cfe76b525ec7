// SPDX-License-Identifier: MIT
#include "logs/logreader.h"

#include <QCoreApplication>
#include <algorithm>
#include <cstring>

namespace trainyard::logs {

namespace {
constexpr qint64 IndexBlock = 1024 * 1024; // bytes read per step while indexing
constexpr qint64 ReadBlock = 64 * 1024;    // bytes read per step while fetching lines
} // namespace

LogReader::LogReader(const QString &path, const QString &replica)
    : m_replica(replica)
{
    m_checkpoints.append(0);
    if (!path.isEmpty())
        m_file.setFileName(path);
}

void LogReader::setFileName(const QString &path)
{
    if (m_file.isOpen())
        m_file.close();
    m_file.setFileName(path);
    resetIndex();
    ++m_generation;
}

bool LogReader::ensureOpen()
{
    if (m_file.isOpen())
        return true;
    if (m_file.fileName().isEmpty() || !m_file.exists())
        return false;
    if (!m_file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        m_error = QCoreApplication::translate("trainyard::logs", "Cannot open the log file %1: %2")
                      .arg(m_file.fileName(), m_file.errorString());
        return false;
    }
    m_error.clear();
    return true;
}

void LogReader::resetIndex()
{
    m_checkpoints.clear();
    m_checkpoints.append(0);
    m_lineCount = 0;
    m_indexedEnd = 0;
    m_complete = false;
    m_hidden.clear();
    m_continued.clear();
    m_prevEndsCr = false;
    m_prevStream = 0;
    m_head.clear();
}

namespace {
void addToRanges(QList<LineRange> &ranges, qint64 line)
{
    if (!ranges.isEmpty() && ranges.last().end() == line)
        ++ranges.last().count;
    else
        ranges.append(LineRange{line, 1});
}
} // namespace

bool LogReader::inRanges(const QList<LineRange> &ranges, qint64 line)
{
    return rangeOf(ranges, line) != nullptr;
}

const LineRange *LogReader::rangeOf(const QList<LineRange> &ranges, qint64 line)
{
    auto it = std::upper_bound(ranges.cbegin(), ranges.cend(), line,
                               [](qint64 l, const LineRange &r) { return l < r.first; });
    if (it == ranges.cbegin())
        return nullptr;
    --it;
    return line < it->end() ? &*it : nullptr;
}

qint64 LogReader::groupEnd(qint64 line) const
{
    const LineRange *r = rangeOf(m_hidden, line + 1);
    return r != nullptr && r->first == line + 1 ? r->end() - 1 : line;
}

qint64 LogReader::groupStart(qint64 line) const
{
    const LineRange *r = rangeOf(m_hidden, line);
    return r != nullptr ? r->first - 1 : line;
}

QByteArray readFirstLine(QFile &file, qsizetype maxBytes)
{
    QByteArray head(maxBytes, Qt::Uninitialized);
    if (!file.seek(0))
        return {};
    const qint64 got = file.read(head.data(), maxBytes);
    head.resize(got > 0 ? qsizetype(got) : 0);
    const qsizetype nl = head.indexOf('\n');
    if (nl >= 0)
        head.truncate(nl + 1);
    return head;
}

qint64 LogReader::refresh(qint64 maxBytes)
{
    if (!ensureOpen()) {
        m_complete = true;
        return 0;
    }
    const qint64 size = m_file.size();
    qint64 added = 0;
    if (size < m_indexedEnd || (!m_head.isEmpty() && readFirstLine(m_file) != m_head)) {
        // truncated, replaced or rewritten in place: start over
        resetIndex();
        ++m_generation;
    }
    qint64 limit = size;
    if (maxBytes >= 0) // at least one block, so a long line cannot stall the index
        limit = std::min(size, m_indexedEnd + std::max(maxBytes, IndexBlock));
    qint64 pos = m_indexedEnd;
    m_block.resize(IndexBlock);
    while (pos < limit) {
        const qint64 want = std::min(IndexBlock, limit - pos);
        if (!m_file.seek(pos))
            break;
        const qint64 got = m_file.read(m_block.data(), want);
        if (got <= 0)
            break;
        const char *const base = m_block.constData();
        const char *p = base;
        const char *const end = base + got;
        while (p < end) {
            const auto *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
            if (nl == nullptr)
                break;
            // The block starts at a line start (see below), so p is this line's first byte.
            const qsizetype len = nl - p;
            const bool framed = len >= RecordPrefixSize && p[23] == 'Z' && p[24] == ' ' &&
                                p[26] == ' ' && p[33] == ' ' && p[35] == ' ';
            const bool continuation = framed && p[34] == '+';
            const char stream = framed ? p[32] : 0;
            if (continuation)
                addToRanges(m_continued, m_lineCount);
            if (continuation || (m_prevEndsCr && stream == m_prevStream))
                addToRanges(m_hidden, m_lineCount);
            m_prevEndsCr = framed && len > RecordPrefixSize && nl[-1] == '\r';
            m_prevStream = stream;
            const qint64 lineEnd = pos + (nl - base) + 1;
            ++m_lineCount;
            ++added;
            m_indexedEnd = lineEnd;
            if (m_lineCount % IndexStride == 0)
                m_checkpoints.append(lineEnd);
            p = nl + 1;
        }
        // Go on at the start of the unfinished line (a record is far shorter than a block); a
        // block without any line end (not a record file) is skipped over.
        pos = p > base ? m_indexedEnd : pos + got;
    }
    m_complete = m_indexedEnd >= size || pos >= size;
    if (m_head.isEmpty() && m_lineCount > 0)
        m_head = readFirstLine(m_file);
    return added;
}

template<typename F>
bool LogReader::scanLines(qint64 first, qint64 count, F &&onLine)
{
    if (first < 0 || first >= m_lineCount || count <= 0 || !ensureOpen())
        return false;
    count = std::min(count, m_lineCount - first);
    const qint64 cp = first / IndexStride;
    qint64 filePos = m_checkpoints.at(cp);
    qint64 skip = first - cp * IndexStride;
    QByteArray &buf = m_block;
    buf.resize(0);
    qsizetype start = 0;
    while (count > 0) {
        const char *p = buf.constData() + start;
        const void *nl = std::memchr(p, '\n', size_t(buf.size() - start));
        if (nl != nullptr) {
            const qsizetype len = static_cast<const char *>(nl) - p;
            if (skip > 0) {
                --skip;
            } else {
                onLine(p, len);
                --count;
            }
            start += len + 1;
            continue;
        }
        // Need more bytes: keep the partial line, read the next block.
        buf.remove(0, start);
        start = 0;
        const qint64 want = std::min(ReadBlock, m_indexedEnd - filePos);
        if (want <= 0 || !m_file.seek(filePos))
            return false;
        const qsizetype old = buf.size();
        buf.resize(old + want);
        const qint64 got = m_file.read(buf.data() + old, want);
        if (got <= 0) {
            buf.resize(old);
            return false; // the file shrank under us; the next refresh() notices
        }
        buf.resize(old + got);
        filePos += got;
    }
    return true;
}

QList<QByteArray> LogReader::readRawLines(qint64 first, qint64 count)
{
    QList<QByteArray> lines;
    if (count > 0 && first >= 0 && first < m_lineCount)
        lines.reserve(std::min(count, m_lineCount - first));
    scanLines(first, count,
              [&lines](const char *p, qsizetype n) { lines.append(QByteArray(p, n)); });
    return lines;
}

Records LogReader::readRecords(qint64 first, qint64 count)
{
    Records records;
    if (count > 0 && first >= 0 && first < m_lineCount)
        records.reserve(std::min(count, m_lineCount - first));
    scanLines(first, count, [this, &records](const char *p, qsizetype n) {
        Record r;
        parseRecordLine(p, n, &r);
        r.replica = m_replica;
        records.append(std::move(r));
    });
    return records;
}

Record LogReader::readRecord(qint64 line)
{
    const Records one = readRecords(line, 1);
    return one.isEmpty() ? Record{} : one.first();
}

qint64 LogReader::timestampOfLine(qint64 line)
{
    qint64 ts = 0;
    scanLines(line, 1, [&ts](const char *p, qsizetype n) {
        if (!parseTimestamp(p, n, &ts))
            ts = 0;
    });
    return ts;
}

qint64 LogReader::lineAtTime(qint64 msecs)
{
    // Binary search over the checkpoints (one short read each), then a scan inside one stride.
    qint64 lo = 0;
    qint64 hi = (m_lineCount + IndexStride - 1) / IndexStride; // checkpoints that are lines
    while (lo < hi) {
        const qint64 mid = (lo + hi) / 2;
        if (timestampOfLine(mid * IndexStride) < msecs)
            lo = mid + 1;
        else
            hi = mid;
    }
    // Checkpoint lo is the first at or after msecs; the answer lies in the stride before it.
    if (lo == 0)
        return 0;
    const qint64 from = (lo - 1) * IndexStride;
    qint64 found = -1;
    qint64 index = from;
    scanLines(from, IndexStride, [&](const char *p, qsizetype n) {
        qint64 ts = 0;
        if (found < 0 && parseTimestamp(p, n, &ts) && ts >= msecs)
            found = index;
        ++index;
    });
    if (found >= 0)
        return found;
    return std::min(lo * IndexStride, m_lineCount);
}

} // namespace trainyard::logs
