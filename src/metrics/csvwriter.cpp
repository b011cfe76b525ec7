// SPDX-License-Identifier: MIT
#include "metrics/csvwriter.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSaveFile>
#include <cmath>

namespace trainyard::metrics {

namespace {
constexpr qsizetype ChunkBytes = 1024 * 1024;
}

CsvWriter::CsvWriter(QIODevice *out)
    : m_out(out)
{
    m_buffer.reserve(ChunkBytes + 4096);
}

CsvWriter::~CsvWriter()
{
    flush();
}

void CsvWriter::separate()
{
    if (m_rowStarted)
        m_buffer += ',';
    m_rowStarted = true;
}

CsvWriter &CsvWriter::text(QStringView value)
{
    separate();
    m_buffer += '"';
    QByteArray utf8 = value.toUtf8();
    utf8.replace('"', "\"\"");
    m_buffer += utf8;
    m_buffer += '"';
    return *this;
}

CsvWriter &CsvWriter::number(double value)
{
    separate();
    m_buffer += formatNumber(value);
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
    m_buffer += field;
    return *this;
}

void CsvWriter::endRow()
{
    m_buffer += '\n';
    m_rowStarted = false;
    if (m_buffer.size() >= ChunkBytes)
        flush();
}

bool CsvWriter::flush()
{
    if (!m_buffer.isEmpty() && !m_failed)
        m_failed = m_out->write(m_buffer) != m_buffer.size();
    m_buffer.resize(0);
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
