// SPDX-License-Identifier: MIT
#include "metrics/csvwriter.h"

#include "metrics/shortestnumber.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSaveFile>
#include <algorithm>
#include <cmath>
#include <cstring>

namespace trainyard::metrics {

namespace {
constexpr qsizetype ChunkBytes = 1024 * 1024;

// The shortest round-trip text of a finite `value` into `text` (64 bytes); its length.
qsizetype shortestChars(double value, char *text)
{
    return qsizetype(writeShortest(value, text) - text);
}

// Writes the formatShortest() text of `value` at out (ShortestNumberMaxChars bytes); the end.
char *putShortest(double value, char *out)
{
    if (std::isfinite(value))
        return writeShortest(value, out);
    const char *word = std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf";
    const std::size_t n = std::strlen(word);
    std::memcpy(out, word, n);
    return out + n;
}

const char *nonFiniteWord(double value)
{
    return std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf";
}
} // namespace

CsvWriter::CsvWriter(QIODevice *out)
    : m_out(out)
    , m_buffer(std::size_t(ChunkBytes + 4096))
{}

CsvWriter::~CsvWriter()
{
    flush();
}

void CsvWriter::put(const char *data, qsizetype size)
{
    if (m_used + size > qsizetype(m_buffer.size()))
        m_buffer.resize(std::max(2 * m_buffer.size(), std::size_t(m_used + size)));
    std::memcpy(m_buffer.data() + m_used, data, std::size_t(size));
    m_used += size;
}

void CsvWriter::put(char c)
{
    if (m_used == qsizetype(m_buffer.size()))
        m_buffer.resize(2 * m_buffer.size());
    m_buffer[std::size_t(m_used++)] = c;
}

void CsvWriter::separate()
{
    if (m_rowStarted)
        put(',');
    m_rowStarted = true;
}

CsvWriter &CsvWriter::text(QStringView value)
{
    separate();
    put('"');
    const QByteArray utf8 = value.toUtf8();
    for (const char c : utf8) {
        if (c == '"')
            put('"');
        put(c);
    }
    put('"');
    return *this;
}

CsvWriter &CsvWriter::number(double value)
{
    separate();
    const QByteArray text = formatNumber(value);
    put(text.constData(), text.size());
    return *this;
}

CsvWriter &CsvWriter::shortestNumber(double value)
{
    separate();
    char text[ShortestNumberMaxChars];
    put(text, qsizetype(putShortest(value, text) - text));
    return *this;
}

CsvWriter &CsvWriter::empty()
{
    separate();
    return *this;
}

CsvWriter &CsvWriter::raw(const QByteArray &field)
{
    separate();
    put(field.constData(), field.size());
    return *this;
}

void CsvWriter::numbersRow(const QByteArray &fields, const double *numbers, int count)
{
    if (m_rowStarted)
        put(',');
    const qsizetype most = fields.size() + qsizetype(count) * (ShortestNumberMaxChars + 1) + 1;
    if (m_used + most > qsizetype(m_buffer.size()))
        m_buffer.resize(std::max(2 * m_buffer.size(), std::size_t(m_used + most)));
    char *out = m_buffer.data() + m_used;
    std::memcpy(out, fields.constData(), std::size_t(fields.size()));
    out += fields.size();
    for (int i = 0; i < count; ++i) {
        if (i > 0 || !fields.isEmpty())
            *out++ = ',';
        out = putShortest(numbers[i], out);
    }
    *out++ = '\n';
    m_used = qsizetype(out - m_buffer.data());
    m_rowStarted = false;
    if (m_used >= ChunkBytes)
        flush();
}

void CsvWriter::endRow()
{
    put('\n');
    m_rowStarted = false;
    if (m_used >= ChunkBytes)
        flush();
}

bool CsvWriter::flush()
{
    if (m_used > 0 && !m_failed)
        m_failed = m_out->write(m_buffer.data(), m_used) != m_used;
    m_used = 0;
    return !m_failed;
}

QByteArray CsvWriter::formatNumber(double value)
{
    if (std::isnan(value))
        return QByteArrayLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QByteArrayLiteral("inf") : QByteArrayLiteral("-inf");
    constexpr double exactIntegers = 9007199254740992.0; // 2^53
    if (value == std::trunc(value) && std::abs(value) < exactIntegers)
        return QByteArray::number(qint64(value));
    return QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray CsvWriter::formatShortest(double value)
{
    if (!std::isfinite(value))
        return QByteArray(nonFiniteWord(value));
    char text[64];
    return QByteArray(text, shortestChars(value, text));
}

QByteArray CsvWriter::minimalField(QStringView value)
{
    const QByteArray utf8 = value.toUtf8();
    if (!utf8.contains(',') && !utf8.contains('"') && !utf8.contains('\n') &&
        !utf8.contains('\r') && utf8.trimmed() == utf8)
        return utf8;
    QByteArray out;
    out.reserve(utf8.size() + 2);
    out += '"';
    for (const char c : utf8) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
    return out;
}

bool writeCsvFile(const QString &path, const std::function<bool(CsvWriter &)> &fill, QString *error)
{
    QSaveFile file(path);
    auto fail = [&](const QString &reason) {
        if (error)
            *error = QCoreApplication::translate("trainyard::metrics::CsvWriter", "%1: %2")
                         .arg(path, reason);
        return false;
    };
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    bool filled = false;
    bool flushed = false;
    {
        CsvWriter writer(&file);
        filled = fill(writer);
        flushed = writer.flush();
    }
    if (!filled) {
        file.cancelWriting();
        return false;
    }
    if (!flushed || !file.commit())
        return fail(file.errorString());
    return true;
}

} // namespace trainyard::metrics
