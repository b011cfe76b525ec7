// SPDX-License-Identifier: MIT
#include "logs/record.h"

#include <cstring>

namespace trainyard::logs {

namespace {

constexpr qint64 MsecsPerDay = 86400000;

// Proleptic Gregorian calendar <-> days since 1970-01-01 (H. Hinnant's public-domain algorithms).
// Plain arithmetic: far cheaper than QDateTime for one timestamp per line.
void civilFromDays(qint64 z, int *year, int *month, int *day)
{
    z += 719468;
    const qint64 era = (z >= 0 ? z : z - 146096) / 146097;
    const qint64 doe = z - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const qint64 d = doy - (153 * mp + 2) / 5 + 1;
    const qint64 m = mp < 10 ? mp + 3 : mp - 9;
    *year = int(yoe + era * 400 + (m <= 2 ? 1 : 0));
    *month = int(m);
    *day = int(d);
}

qint64 daysFromCivil(int year, int month, int day)
{
    const qint64 y = year - (month <= 2 ? 1 : 0);
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const qint64 yoe = y - era * 400;
    const qint64 doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const qint64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void put2(char *out, int v)
{
    out[0] = char('0' + v / 10);
    out[1] = char('0' + v % 10);
}

bool digits(const char *in, int count, int *value)
{
    int v = 0;
    for (int i = 0; i < count; ++i) {
        const char c = in[i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    *value = v;
    return true;
}

const char StdoutName[] = "stdout";
const char StderrName[] = "stderr";

} // namespace

char severityLetter(Severity severity)
{
    switch (severity) {
    case Severity::Debug:
        return 'D';
    case Severity::Info:
        return 'I';
    case Severity::Warning:
        return 'W';
    case Severity::Error:
        return 'E';
    case Severity::Critical:
        return 'C';
    }
    return 'I';
}

bool severityFromLetter(char letter, Severity *severity)
{
    switch (letter) {
    case 'D':
        *severity = Severity::Debug;
        return true;
    case 'I':
        *severity = Severity::Info;
        return true;
    case 'W':
        *severity = Severity::Warning;
        return true;
    case 'E':
        *severity = Severity::Error;
        return true;
    case 'C':
        *severity = Severity::Critical;
        return true;
    }
    return false;
}

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Debug:
        return QStringLiteral("DEBUG");
    case Severity::Info:
        return QStringLiteral("INFO");
    case Severity::Warning:
        return QStringLiteral("WARNING");
    case Severity::Error:
        return QStringLiteral("ERROR");
    case Severity::Critical:
        return QStringLiteral("CRITICAL");
    }
    return QStringLiteral("INFO");
}

void formatTimestamp(qint64 msecs, char *out)
{
    // 0000-01-01 .. 9999-12-31 keeps the width fixed.
    constexpr qint64 Min = -62167219200000LL;
    constexpr qint64 Max = 253402300799999LL;
    if (msecs < Min)
        msecs = Min;
    if (msecs > Max)
        msecs = Max;
    qint64 days = msecs / MsecsPerDay;
    qint64 rest = msecs % MsecsPerDay;
    if (rest < 0) {
        rest += MsecsPerDay;
        --days;
    }
    int year = 0;
    int month = 0;
    int day = 0;
    civilFromDays(days, &year, &month, &day);
    const int ms = int(rest % 1000);
    const int secs = int(rest / 1000);
    put2(out, year / 100);
    put2(out + 2, year % 100);
    out[4] = '-';
    put2(out + 5, month);
    out[7] = '-';
    put2(out + 8, day);
    out[10] = 'T';
    put2(out + 11, secs / 3600);
    out[13] = ':';
    put2(out + 14, secs / 60 % 60);
    out[16] = ':';
    put2(out + 17, secs % 60);
    out[19] = '.';
    out[20] = char('0' + ms / 100);
    put2(out + 21, ms % 100);
    out[23] = 'Z';
}

QByteArray formatTimestamp(qint64 msecs)
{
    QByteArray out(TimestampSize, Qt::Uninitialized);
    formatTimestamp(msecs, out.data());
    return out;
}

bool parseTimestamp(const char *in, qsizetype size, qint64 *msecs)
{
    if (size < TimestampSize || in[4] != '-' || in[7] != '-' || in[10] != 'T' || in[13] != ':' ||
        in[16] != ':' || in[19] != '.' || in[23] != 'Z')
        return false;
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, ms = 0;
    if (!digits(in, 4, &year) || !digits(in + 5, 2, &month) || !digits(in + 8, 2, &day) ||
        !digits(in + 11, 2, &hour) || !digits(in + 14, 2, &minute) ||
        !digits(in + 17, 2, &second) || !digits(in + 20, 3, &ms))
        return false;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
        return false;
    *msecs = daysFromCivil(year, month, day) * MsecsPerDay +
             ((hour * 60 + minute) * 60 + second) * qint64(1000) + ms;
    return true;
}

void appendRecordLine(QByteArray &out, qint64 msecs, Severity severity, Stream stream,
                      bool continuation, const char *data, qsizetype size)
{
    const qsizetype start = out.size();
    out.resize(start + RecordPrefixSize + size + 1);
    char *p = out.data() + start;
    formatTimestamp(msecs, p);
    p[24] = ' ';
    p[25] = severityLetter(severity);
    p[26] = ' ';
    std::memcpy(p + 27, stream == Stream::Stderr ? StderrName : StdoutName, 6);
    p[33] = ' ';
    p[34] = continuation ? '+' : '-';
    p[35] = ' ';
    if (size > 0)
        std::memcpy(p + RecordPrefixSize, data, size_t(size));
    p[RecordPrefixSize + size] = '\n';
}

QByteArray formatRecordLine(const Record &record)
{
    QByteArray out;
    appendRecordLine(out, record.timestamp, record.severity, record.stream, record.continuation,
                     record.bytes.constData(), record.bytes.size());
    return out;
}

bool parseRecordLine(const char *line, qsizetype size, Record *record)
{
    qint64 msecs = 0;
    Severity severity = Severity::Info;
    const bool ok =
        size >= RecordPrefixSize && parseTimestamp(line, size, &msecs) && line[24] == ' ' &&
        severityFromLetter(line[25], &severity) && line[26] == ' ' && line[33] == ' ' &&
        line[35] == ' ' && (line[34] == '-' || line[34] == '+') &&
        (std::memcmp(line + 27, StdoutName, 6) == 0 || std::memcmp(line + 27, StderrName, 6) == 0);
    if (!ok) {
        record->timestamp = 0;
        record->severity = Severity::Info;
        record->stream = Stream::Stdout;
        record->continuation = false;
        record->bytes = QByteArray(line, size);
        return false;
    }
    record->timestamp = msecs;
    record->severity = severity;
    record->stream = line[32] == 'r' ? Stream::Stderr : Stream::Stdout;
    record->continuation = line[34] == '+';
    record->bytes = QByteArray(line + RecordPrefixSize, size - RecordPrefixSize);
    return true;
}

} // namespace trainyard::logs
