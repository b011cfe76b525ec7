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
// Not a QObject: a view polls it (e.g. on a QTimer) or runs refresh() in a worker thread. The
// reader is not thread-safe; use one reader per thread.
#pragma once

#include "logs/record.h"

#include <QFile>
#include <QList>
#include <QString>

namespace trainyard::logs {

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
    qsizetype indexMemoryBytes() const { return m_checkpoints.capacity() * qsizetype(sizeof(qint64)); }

    // Lines first .. first+count-1 (clamped to lineCount()), without their '\n'.
    QList<QByteArray> readRawLines(qint64 first, qint64 count);
    // The same lines parsed (see parseRecordLine); replica() is set on each.
    Records readRecords(qint64 first, qint64 count);
    Record readRecord(qint64 line);

    // The first line whose timestamp is >= msecs, assuming timestamps do not decrease along the
    // file (they are taken when the owner reads the output). lineCount() if none.
    qint64 lineAtTime(qint64 msecs);

    QString errorString() const { return m_error; }

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
    QByteArray m_head;  // the first line as indexed (readFirstLine)
};

} // namespace trainyard::logs
