// SPDX-License-Identifier: MIT
// One captured line of a replica's output, and how it looks on disk.
//
// ON-DISK FORMAT (logs/<replica>.log), append-only, one record per line:
//
//   2026-11-22T10:00:00.123Z I stdout - text bytes ...\n
//   |<---------- 24 -------->|1|  6  |1|<- raw bytes, any value except '\n' ->|
//
//   offset  0..23  timestamp, UTC, milliseconds: YYYY-MM-DDTHH:MM:SS.mmmZ
//   offset 24      ' '
//   offset 25      severity letter: D(ebug) I(nfo) W(arning) E(rror) C(ritical)
//   offset 26      ' '
//   offset 27..32  stream: "stdout" or "stderr"
//   offset 33      ' '
//   offset 34      flag: '-' a line (or the first piece of a long line)
//                        '+' continuation: this record continues the previous record's line
//                            (lines over 64 KiB are split into pieces, see LineSplitter)
//   offset 35      ' '
//   offset 36..    the line's bytes exactly as the trainer wrote them, without the line end;
//                  never re-encoded: invalid UTF-8, NUL and lone '\r' bytes are kept as they are.
//   then           '\n'
//
// The prefix has a fixed width (RecordPrefixSize = 36 bytes), so parsing is a few byte compares
// and `grep ' E stderr '` or `cut -c37-` work on the file. A line that does not parse (e.g. a torn
// last line after a crash) is read back as a raw record of its bytes; see parseRecordLine().
#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

namespace trainyard::logs {

enum class Severity : quint8 { Debug, Info, Warning, Error, Critical };
enum class Stream : quint8 { Stdout, Stderr };

struct Record
{
    qint64 timestamp = 0; // milliseconds since the epoch, UTC
    QString replica;      // e.g. "master-replica-0"; not stored in the file (the file names it)
    Stream stream = Stream::Stdout;
    Severity severity = Severity::Info;
    bool continuation = false; // continues the previous record's line (a line over 64 KiB)
    QByteArray bytes;          // the line without its end; raw bytes, never re-encoded

    // For display only: invalid UTF-8 becomes U+FFFD here, never in the file.
    QString text() const { return QString::fromUtf8(bytes); }
};

using Records = QList<Record>;

constexpr qsizetype RecordPrefixSize = 36;
constexpr qsizetype TimestampSize = 24;

char severityLetter(Severity severity);
bool severityFromLetter(char letter, Severity *severity);
// "DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL" (as Python logging and Cloud Logging name them)
QString severityName(Severity severity);

// Writes the 24-byte timestamp of msecs (UTC) to out. Years are clamped to 0000..9999.
void formatTimestamp(qint64 msecs, char *out);
QByteArray formatTimestamp(qint64 msecs);
// Parses a 24-byte timestamp; false if it is not one.
bool parseTimestamp(const char *in, qsizetype size, qint64 *msecs);

// Appends one record in the on-disk format to out. `data` must not contain '\n'.
void appendRecordLine(QByteArray &out, qint64 msecs, Severity severity, Stream stream,
                      bool continuation, const char *data, qsizetype size);
QByteArray formatRecordLine(const Record &record);

// Parses one line (without its '\n'). On success fills every field but replica. On failure
// returns false and makes *record a raw record: the whole line as bytes, timestamp 0, INFO,
// stdout, so nothing in the file is ever hidden from the user.
bool parseRecordLine(const char *line, qsizetype size, Record *record);

} // namespace trainyard::logs

Q_DECLARE_METATYPE(trainyard::logs::Record)
