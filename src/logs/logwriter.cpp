// SPDX-License-Identifier: MIT
#include "logs/logwriter.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cstring>

namespace trainyard::logs {

LogWriter::LogWriter(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(FlushIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] { flush(); });
    m_buffer.reserve(FlushBytes + 128 * 1024);
}

LogWriter::~LogWriter()
{
    close();
}

bool LogWriter::open(const QString &path)
{
    close();
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadWrite | QIODevice::Append | QIODevice::Unbuffered)) {
        m_error = QCoreApplication::translate("trainyard::logs",
                                              "Cannot open the log file %1: %2")
                      .arg(path, m_file.errorString());
        return false;
    }
    m_error.clear();
    m_failing = false;
    const qint64 size = m_file.isSequential() ? 0 : m_file.size();
    if (size > 0) {
        char last = '\n';
        if (m_file.seek(size - 1))
            m_file.getChar(&last);
        if (last != '\n')
            m_file.write("\n", 1); // end a line torn by a killed writer
    }
    m_base = (m_file.isSequential() ? 0 : m_file.size()) - m_bytes;
    return true;
}

void LogWriter::append(qint64 msecs, Stream stream, Severity severity, bool continuation,
                       const char *data, qsizetype size)
{
    // A '\n' would break "one record per line": cut there and continue in a new record.
    const void *lf = size > 0 ? std::memchr(data, '\n', size_t(size)) : nullptr;
    while (lf != nullptr) {
        const qsizetype head = static_cast<const char *>(lf) - data;
        append(msecs, stream, severity, continuation, data, head);
        data += head + 1;
        size -= head + 1;
        continuation = true;
        lf = size > 0 ? std::memchr(data, '\n', size_t(size)) : nullptr;
    }
    const bool wasEmpty = m_buffer.isEmpty();
    appendRecordLine(m_buffer, msecs, severity, stream, continuation, data, size);
    ++m_bufferedRecords;
    if (m_buffer.size() >= FlushBytes)
        flush();
    else if (wasEmpty && !m_timer.isActive())
        m_timer.start();
}

bool LogWriter::flush()
{
    m_timer.stop();
    if (m_buffer.isEmpty())
        return !m_failing;
    bool ok = m_file.isOpen();
    const qint64 before = ok && !m_file.isSequential() ? m_file.size() : -1;
    qsizetype done = 0;
    while (ok && done < m_buffer.size()) {
        const qint64 n = m_file.write(m_buffer.constData() + done, m_buffer.size() - done);
        if (n <= 0)
            ok = false;
        else
            done += n;
    }
    if (ok) {
        m_records += m_bufferedRecords;
        m_bytes += m_buffer.size();
        m_failing = false;
    } else {
        // Never let the buffer grow: the records are dropped and counted. A partly written
        // batch is cut off again, so the file never ends in a torn record.
        if (done > 0 && before >= 0)
            m_file.resize(before);
        m_dropped += m_bufferedRecords;
        if (!m_failing) {
            m_failing = true;
            m_error = QCoreApplication::translate("trainyard::logs",
                                                  "Cannot write the log file %1: %2")
                          .arg(m_file.fileName(), m_file.errorString());
            writeNote(QCoreApplication::translate(
                          "trainyard::logs", "[trainyard] log capture stopped here: %1")
                          .arg(m_error));
            Q_EMIT writeFailed(m_error);
        }
    }
    m_buffer.resize(0); // keeps the capacity
    m_bufferedRecords = 0;
    return ok;
}

void LogWriter::writeNote(const QString &text)
{
    // Best effort, as one whole record: the space the cut-off batch used may hold it.
    QByteArray line;
    const QByteArray bytes = text.toUtf8();
    appendRecordLine(line, QDateTime::currentMSecsSinceEpoch(), Severity::Error, Stream::Stderr,
                     false, bytes.constData(), bytes.size());
    const qint64 before = m_file.isSequential() ? -1 : m_file.size();
    if (m_file.write(line) != line.size() && before >= 0)
        m_file.resize(before);
}

void LogWriter::close()
{
    if (!m_file.isOpen())
        return;
    flush();
    m_file.close();
}

} // namespace trainyard::logs
