// SPDX-License-Identifier: MIT
#include "logs/logwriter.h"

#include "store/fdwrite.h"

#include <QCoreApplication>
#include <QDateTime>
#include <cerrno>
#include <cstring>
#include <unistd.h>

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
        m_error = QCoreApplication::translate("trainyard::logs", "Cannot open the log file %1: %2")
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
    if (m_failing) {
        // Capture stopped at the note: nothing may follow it, even once space is freed (a
        // reader would take the lines after it for a capture that never stopped).
        m_dropped += m_bufferedRecords;
        m_buffer.resize(0);
        m_bufferedRecords = 0;
        return false;
    }
    bool ok = m_file.isOpen();
    int error = ok ? 0 : EBADF;
    const qint64 before = ok && !m_file.isSequential() ? m_file.size() : -1;
    std::size_t done = 0;
    if (ok) {
        // write(2) itself: its errno names the reason (QFile's error string for a write that
        // failed part way is "Unknown error").
        error = store::writeFully(m_file.handle(), m_buffer.constData(),
                                  std::size_t(m_buffer.size()), &done);
        ok = error == 0;
    }
    if (ok) {
        m_records += m_bufferedRecords;
        m_bytes += m_buffer.size();
    } else {
        // The records are dropped and counted. A partly written batch is cut off again, so the
        // file never ends in a torn record.
        if (done > 0 && before >= 0)
            m_file.resize(before);
        m_dropped += m_bufferedRecords;
        m_failing = true;
        m_error = QCoreApplication::translate("trainyard::logs", "Cannot write the log file %1: %2")
                      .arg(m_file.fileName(), QString::fromLocal8Bit(std::strerror(error)));
        writeNote(QCoreApplication::translate("trainyard::logs",
                                              "[trainyard] log capture stopped here: %1")
                      .arg(m_error));
        Q_EMIT writeFailed(m_error);
        Q_EMIT stopped(error, QDateTime::currentMSecsSinceEpoch());
    }
    m_buffer.resize(0); // keeps the capacity
    m_bufferedRecords = 0;
    if (ok && m_cap > 0 && !m_file.isSequential() && m_file.size() > m_cap)
        dropOldest();
    return ok;
}

QByteArray LogWriter::capMarkerText(qint64 capBytes, qint64 droppedBytes)
{
    // Not translated: it is part of the file, read by every console and by grep. The running
    // total makes each marker differ from the last, which is how readers notice the rewrite.
    const qint64 mb = capBytes / (1024 * 1024);
    QByteArray text =
        "trainyard: earlier lines dropped (cap " +
        (mb > 0 ? QByteArray::number(mb) + " MB" : QByteArray::number(capBytes / 1024) + " KB") +
        ")";
    if (droppedBytes > 0)
        text += "; " + QByteArray::number(droppedBytes) + " bytes dropped so far";
    return text;
}

bool LogWriter::isCapMarker(const QByteArray &bytes)
{
    return bytes.startsWith("trainyard: earlier lines dropped (cap ");
}

bool LogWriter::dropOldest()
{
    // A second handle without O_APPEND: the kept tail is copied forward in place.
    QFile rw(m_file.fileName());
    if (!rw.open(QIODevice::ReadWrite | QIODevice::Unbuffered))
        return false;
    const qint64 size = rw.size();
    const qint64 keep = m_cap / 2;
    // The kept part starts at a record boundary: after the first '\n' at or past size - keep.
    qint64 cut = -1;
    QByteArray block(64 * 1024, Qt::Uninitialized);
    for (qint64 pos = size - keep; pos < size && cut < 0;) {
        if (!rw.seek(pos))
            return false;
        const qint64 got = rw.read(block.data(), block.size());
        if (got <= 0)
            return false;
        const void *nl = std::memchr(block.constData(), '\n', size_t(got));
        if (nl != nullptr)
            cut = pos + (static_cast<const char *>(nl) - block.constData()) + 1;
        pos += got;
    }
    QByteArray marker;
    const QByteArray text = capMarkerText(m_cap, m_capDroppedBytes + cut);
    appendRecordLine(marker, QDateTime::currentMSecsSinceEpoch(), Severity::Warning, Stream::Stdout,
                     false, text.constData(), text.size());
    if (cut <= marker.size() || cut >= size) // no boundary in the kept part: leave it
        return false;
    // Forward copy: the destination is always before the source.
    qint64 dst = 0;
    bool ok = rw.seek(0) && rw.write(marker) == marker.size();
    dst = marker.size();
    for (qint64 src = cut; ok && src < size;) {
        ok = rw.seek(src);
        const qint64 got =
            ok ? rw.read(block.data(), std::min<qint64>(block.size(), size - src)) : -1;
        ok = ok && got > 0 && rw.seek(dst) && rw.write(block.constData(), got) == got;
        src += got;
        dst += got;
    }
    ok = ok && rw.resize(dst);
    if (!ok) {
        m_error = QCoreApplication::translate("trainyard::logs",
                                              "Cannot drop the oldest part of the log file %1: %2")
                      .arg(m_file.fileName(), rw.errorString());
        Q_EMIT writeFailed(m_error);
        return false;
    }
    ++m_capDrops;
    m_capDroppedBytes += cut;
    return true;
}

void LogWriter::writeNote(const QString &text)
{
    // Best effort, as one whole record: the space the cut-off batch used may hold it.
    QByteArray line;
    const QByteArray bytes = text.toUtf8();
    appendRecordLine(line, QDateTime::currentMSecsSinceEpoch(), Severity::Error, Stream::Stderr,
                     false, bytes.constData(), bytes.size());
    const qint64 before = m_file.isSequential() ? -1 : m_file.size();
    if (::write(m_file.handle(), line.constData(), size_t(line.size())) != line.size() &&
        before >= 0)
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
