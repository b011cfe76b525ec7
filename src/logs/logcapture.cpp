// SPDX-License-Identifier: MIT
#include "logs/logcapture.h"

#include <QDateTime>
#include <algorithm>

namespace trainyard::logs {

LogCapture::LogCapture(LogWriter *writer, const QString &replica, QObject *parent)
    : QObject(parent)
    , m_writer(writer)
    , m_replica(replica)
{
    m_releaseTimer.setSingleShot(true);
    m_releaseTimer.setInterval(HoldMs);
    connect(&m_releaseTimer, &QTimer::timeout, this, [this] {
        releaseHeld();
        if (m_writer)
            m_writer->flush();
    });
}

LogCapture::~LogCapture()
{
    detach();
}

void LogCapture::attach(QProcess *process)
{
    detach();
    m_process = process;
    if (process == nullptr)
        return;
    process->setProcessChannelMode(QProcess::SeparateChannels);
    m_connections.append(connect(process, &QProcess::readyReadStandardOutput, this,
                                 [this] { readChannel(Stream::Stdout); }));
    m_connections.append(connect(process, &QProcess::readyReadStandardError, this,
                                 [this] { readChannel(Stream::Stderr); }));
}

void LogCapture::detach()
{
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    if (m_process)
        finish();
    m_process = nullptr;
}

void LogCapture::finish()
{
    if (m_process) {
        readChannel(Stream::Stdout);
        readChannel(Stream::Stderr);
    }
    flushTails();
    releaseHeld();
    if (m_writer)
        m_writer->flush();
}

void LogCapture::readChannel(Stream stream)
{
    if (!m_process)
        return;
    const QByteArray chunk = stream == Stream::Stdout ? m_process->readAllStandardOutput()
                                                      : m_process->readAllStandardError();
    feed(stream, chunk.constData(), chunk.size());
}

void LogCapture::feed(Stream stream, const char *data, qsizetype size)
{
    if (size <= 0)
        return;
    const qint64 now = m_clock ? m_clock() : QDateTime::currentMSecsSinceEpoch();
    feedChannel(stream == Stream::Stdout ? m_out : m_err, data, size, now, false);
}

void LogCapture::flushTails()
{
    const qint64 now = m_clock ? m_clock() : QDateTime::currentMSecsSinceEpoch();
    feedChannel(m_out, nullptr, 0, now, true);
    feedChannel(m_err, nullptr, 0, now, true);
}

void LogCapture::feedChannel(Channel &channel, const char *data, qsizetype size, qint64 now,
                             bool flush)
{
    const bool keep = channel.stream == Stream::Stderr;
    auto sink = [&](const char *line, qsizetype len, bool continuation) {
        QByteArray filtered;
        if (m_filter && m_filter(line, len, &filtered)) {
            line = filtered.constData();
            len = filtered.size();
        }
        const Severity severity = channel.classifier.classify(line, len, continuation);
        if (m_openRedraw && *m_openRedraw != channel.stream) {
            // The other stream's bar is still open: wait for its last redraw (see the header).
            if (m_held.empty())
                m_releaseTimer.start();
            m_held.push_back(Held{now, channel.stream, severity, continuation, {line, len}});
            m_heldBytes += len;
            if (m_heldBytes > HoldBytes || now - m_held.front().wallMs >= HoldMs)
                releaseHeld();
        } else {
            store(now, channel.stream, severity, continuation, line, len);
            if (!m_openRedraw && !m_held.empty())
                releaseHeld(); // the bar's line ended
        }
        if (keep && !continuation) {
            m_lastErr.emplace_back(line, std::min(len, KeptLineBytes));
            if (m_lastErr.size() > std::size_t(KeptStderrLines))
                m_lastErr.pop_front();
        }
    };
    if (flush)
        channel.splitter.flush(sink);
    else
        channel.splitter.feed(data, size, sink);
}

void LogCapture::store(qint64 now, Stream stream, Severity severity, bool continuation,
                       const char *data, qsizetype size)
{
    now = std::max(now, m_lastStored); // held lines keep the file in time order
    m_lastStored = now;
    if (m_writer)
        m_writer->append(now, stream, severity, continuation, data, size);
    if (m_observer)
        m_observer(now, continuation, data, size, m_writer ? m_writer->endOffset() : 0);
    ++m_lines;
    if (!continuation) {
        const bool open = size > 0 && data[size - 1] == '\r';
        if (open)
            m_openRedraw = stream;
        else if (m_openRedraw == stream)
            m_openRedraw.reset();
    }
}

void LogCapture::releaseHeld()
{
    m_releaseTimer.stop();
    std::vector<Held> held;
    held.swap(m_held);
    m_heldBytes = 0;
    // Stored whatever is open now: the bar may go on, but these lines waited long enough.
    for (const Held &h : held)
        store(h.wallMs, h.stream, h.severity, h.continuation, h.bytes.constData(), h.bytes.size());
}

QList<QByteArray> LogCapture::lastStderrLines() const
{
    QList<QByteArray> lines;
    for (const QByteArray &line : m_lastErr)
        lines.append(line);
    return lines;
}

} // namespace trainyard::logs
