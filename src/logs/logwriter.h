// SPDX-License-Identifier: MIT
// Appends records to a log file in the format of record.h, with bounded buffering.
//
// Records are collected in a buffer and written when it reaches FlushBytes (256 KiB) or, with an
// event loop running, at most FlushIntervalMs (50 ms) after the first unwritten record; flush()
// writes at once. The buffer never holds more than FlushBytes plus one record (a record is at
// most 64 KiB + 37 bytes), so a trainer printing gigabytes does not grow memory. Every write
// ends on a record boundary, so a reader only ever sees a torn line while a write is in progress.
//
// If the file did not end with '\n' (a previous owner was killed mid-write) a '\n' is added on
// open, so the torn line stays one (unparseable, raw) line and new records start cleanly.
#pragma once

#include "logs/record.h"

#include <QFile>
#include <QObject>
#include <QTimer>

namespace trainyard::logs {

class LogWriter : public QObject
{
    Q_OBJECT

public:
    static constexpr qsizetype FlushBytes = 256 * 1024;
    static constexpr int FlushIntervalMs = 50;

    explicit LogWriter(QObject *parent = nullptr);
    ~LogWriter() override;

    // Opens (creating if needed) the file for appending. The directory must exist.
    bool open(const QString &path);
    bool isOpen() const { return m_file.isOpen(); }
    QString fileName() const { return m_file.fileName(); }
    QString errorString() const { return m_error; }

    // `data` is one line without its end. A '\n' inside it (never produced by LineSplitter)
    // is treated as a line end: the rest goes into a continuation record.
    void append(qint64 msecs, Stream stream, Severity severity, bool continuation,
                const char *data, qsizetype size);
    void append(const Record &record)
    {
        append(record.timestamp, record.stream, record.severity, record.continuation,
               record.bytes.constData(), record.bytes.size());
    }

    bool flush();
    void close();

    qint64 recordsWritten() const { return m_records; }
    // The file offset just after the last appended record once it is written (buffered bytes
    // included): where a reader resumes after that record.
    qint64 endOffset() const { return m_base + m_bytes + m_buffer.size(); }
    qint64 bytesWritten() const { return m_bytes; }
    qint64 recordsDropped() const { return m_dropped; } // lost to write errors (disk full)
    qsizetype bufferedBytes() const { return m_buffer.size(); }

Q_SIGNALS:
    // Emitted once per failure streak (e.g. disk full); records are dropped until writes work.
    void writeFailed(const QString &message);

private:
    // Appends one whole stderr record with `text`, or nothing (cut off again on failure).
    void writeNote(const QString &text);

    QFile m_file;
    QByteArray m_buffer;
    QTimer m_timer;
    QString m_error;
    qint64 m_records = 0;
    qint64 m_bytes = 0;
    qint64 m_base = 0; // file size when opened, less m_bytes
    qint64 m_dropped = 0;
    qint64 m_bufferedRecords = 0;
    bool m_failing = false;
};

} // namespace trainyard::logs
