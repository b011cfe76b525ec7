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
//
// Size cap (setSizeCap, off by default): when a flush takes the file past the cap, the oldest
// part is dropped in place: the newest half of the cap (cut at a record boundary) moves to the
// start of the same file, behind one marker record "earlier lines dropped (cap N MB)", and the
// file is truncated. Readers see a file that got shorter and start over (LogReader's
// generation()), and the marker is an ordinary record, so every reader shows it as a line. No
// second file is needed, so dropping works on a full disk too.
#pragma once

#include "logs/record.h"

#include <QFile>
#include <QObject>
#include <QTimer>
#include <algorithm>

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
    void append(qint64 msecs, Stream stream, Severity severity, bool continuation, const char *data,
                qsizetype size);
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

    // Per-file cap in bytes; 0 (default): none. At least MinimumCapBytes when set.
    static constexpr qint64 MinimumCapBytes = 64 * 1024;
    void setSizeCap(qint64 bytes) { m_cap = bytes <= 0 ? 0 : std::max(bytes, MinimumCapBytes); }
    qint64 sizeCap() const { return m_cap; }
    // How often the oldest part was dropped, and how many bytes went.
    int capDrops() const { return m_capDrops; }
    qint64 bytesDroppedByCap() const { return m_capDroppedBytes; }
    // The marker record's text: "trainyard: earlier lines dropped (cap N MB)", then with
    // droppedBytes > 0 "; D bytes dropped so far".
    static QByteArray capMarkerText(qint64 capBytes, qint64 droppedBytes = 0);
    // True for a record that is such a marker (the view points it out).
    static bool isCapMarker(const QByteArray &bytes);

Q_SIGNALS:
    // Emitted once when a write fails (e.g. disk full): the note "log capture stopped here:
    // <why, with the OS reason>" ends the file and every later record is dropped (counted in
    // recordsDropped()) until the file is opened again.
    void writeFailed(const QString &message);
    // Emitted with writeFailed() when the capture stops there: errno of the failed write and
    // when it failed (ms since the epoch, UTC).
    void stopped(int error, qint64 atMs);

private:
    bool dropOldest();
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
    qint64 m_cap = 0;
    int m_capDrops = 0;
    qint64 m_capDroppedBytes = 0;
};

} // namespace trainyard::logs
