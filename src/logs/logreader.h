// SPDX-License-Identifier: MIT
// Random access to a (growing) log file: a sparse index of line offsets, built incrementally.
//
// The index keeps the offset of every IndexStride-th line (1024): 10 million lines cost about
// 10,000 offsets, 80 KB. Reading lines N..N+k seeks to the offset of line N rounded down to the
// stride and scans at most 1023 lines forward. Only complete lines (ending in '\n') are counted;
// a line the writer is still writing is picked up by a later refresh().
//
// refresh() follows growth: it re-checks the size and indexes the appended bytes, optionally
// capped so a huge file can be indexed in slices without blocking a GUI thread. A file that
// shrank (replaced or truncated), or whose first line changed (rewritten in place, as the log
// size cap does: see LogWriter::setSizeCap), is indexed again from the start and generation()
// changes.
//
// Display grouping: a record that continues a long line ('+' flag) and a record that follows a
// line ending in a bare "\r" (a progress-bar redraw, see LineSplitter) of the same stream belong
// to the line before them; they are "hidden" (hiddenRanges()), and a viewer shows one row per
// group: the first record's place, the group's last state. Decided while indexing, from the
// record before, so it never changes once a line is indexed.
//
// Not a QObject: a view polls it (e.g. on a QTimer) or runs refresh() in a worker thread. The
// reader is not thread-safe; use one reader per thread.
#pragma once

#include "logs/record.h"

#include <QFile>
#include <QList>
#include <QString>

namespace trainyard::logs {

struct LineRange
{
    qint64 first = 0;
    qint64 count = 0;
    qint64 end() const { return first + count; }
};

// The file's first line with its '\n' (at most maxBytes of it): how readers notice a file that
// was rewritten in place without getting shorter than what they had read.
QByteArray readFirstLine(QFile &file, qsizetype maxBytes = 256);

class LogReader
{
public:
    static constexpr qint64 IndexStride = 1024;

    explicit LogReader(const QString &path = {}, const QString &replica = {});

    void setFileName(const QString &path);
    QString fileName() const { return m_file.fileName(); }
    void setReplica(const QString &replica) { m_replica = replica; }
    QString replica() const { return m_replica; }

    // Indexes bytes appended since the last call, at most maxBytes of them (< 0: all).
    // Returns the number of new lines. A missing file is not an error: it has 0 lines.
    qint64 refresh(qint64 maxBytes = -1);
    // True when the last refresh() reached the end of the file as it was then.
    bool isIndexComplete() const { return m_complete; }
    // Changes whenever the file was found shorter than indexed and the index restarted.
    int generation() const { return m_generation; }

    qint64 lineCount() const { return m_lineCount; }
    qint64 indexedBytes() const { return m_indexedEnd; }
    qsizetype indexMemoryBytes() const
    {
        return m_checkpoints.capacity() * qsizetype(sizeof(qint64));
    }

    // Lines first .. first+count-1 (clamped to lineCount()), without their '\n'.
    QList<QByteArray> readRawLines(qint64 first, qint64 count);
    // The same lines parsed (see parseRecordLine); replica() is set on each.
    Records readRecords(qint64 first, qint64 count);
    Record readRecord(qint64 line);

    // The first line whose timestamp is >= msecs, assuming timestamps do not decrease along the
    // file (they are taken when the owner reads the output). lineCount() if none.
    qint64 lineAtTime(qint64 msecs);

    QString errorString() const { return m_error; }

    // Lines that belong to the line before them (see the header), as sorted, disjoint ranges.
    const QList<LineRange> &hiddenRanges() const { return m_hidden; }
    // Continuation records only (a subset of hiddenRanges()).
    const QList<LineRange> &continuationRanges() const { return m_continued; }
    bool isHidden(qint64 line) const { return inRanges(m_hidden, line); }
    // The last line of the group that starts at `line` (== line when nothing is hidden after it).
    qint64 groupEnd(qint64 line) const;
    // The line that starts the group `line` belongs to.
    qint64 groupStart(qint64 line) const;
    // The offset of every IndexStride-th line (for a search snapshot; shared, cheap to copy).
    const QList<qint64> &checkpoints() const { return m_checkpoints; }

    static bool inRanges(const QList<LineRange> &ranges, qint64 line);
    // The range containing `line`, or nullptr.
    static const LineRange *rangeOf(const QList<LineRange> &ranges, qint64 line);

private:
    bool ensureOpen();
    void resetIndex();
    template<typename F>
    bool scanLines(qint64 first, qint64 count, F &&onLine);
    qint64 timestampOfLine(qint64 line);

    QFile m_file;
    QString m_replica;
    QString m_error;
    QList<qint64> m_checkpoints; // m_checkpoints[k] = offset of line k * IndexStride
    qint64 m_lineCount = 0;
    qint64 m_indexedEnd = 0; // offset just after the last complete line
    int m_generation = 0;
    bool m_complete = false;
    QByteArray m_block; // scratch read buffer, reused
    QList<LineRange> m_hidden;
    QList<LineRange> m_continued;
    bool m_prevEndsCr = false; // the last indexed record ended with a bare "\r"
    char m_prevStream = 0;
    QByteArray m_head; // the first line as indexed (readFirstLine)
};

} // namespace trainyard::logs
