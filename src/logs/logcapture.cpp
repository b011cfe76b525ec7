// SPDX-License-Identifier: MIT
#include "logs/logcapture.h"

#include <QDateTime>
#include <algorithm>
#include <utility>

namespace trainyard::logs {

LogCapture::LogCapture(LogWriter *writer, const QString &replica, QObject *parent)
    : QObject(parent)
    , m_writer(writer)
    , m_replica(replica)
{}

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
    endPass();
    flushTails();
    if (m_writer)
        m_writer->flush();
}

void LogCapture::readChannel(Stream stream)
{
    if (!m_process)
        return;
    const QByteArray read = stream == Stream::Stdout ? m_process->readAllStandardOutput()
                                                     : m_process->readAllStandardError();
    feedRead(stream, read.constData(), read.size());
}

void LogCapture::feedRead(Stream stream, const char *data, qsizetype size)
{
    if (size <= 0)
        return;
    (stream == Stream::Stdout ? m_passOut : m_passErr).append(data, size);
    if (!m_passQueued) {
        // Stored once this pass of the event loop has delivered both pipes' notifications.
        m_passQueued = true;
        QMetaObject::invokeMethod(this, &LogCapture::endPass, Qt::QueuedConnection);
    }
}

void LogCapture::endPass()
{
    m_passQueued = false;
    if (m_passOut.isEmpty() && m_passErr.isEmpty())
        return;
    const QByteArray out = std::exchange(m_passOut, QByteArray());
    const QByteArray err = std::exchange(m_passErr, QByteArray());
    feedPass(out, err);
}

void LogCapture::feedPass(const QByteArray &out, const QByteArray &err)
{
    // The stream of an open bar first: its last redraw was written before whatever the other
    // stream has in this pass could be printed below it (see the header). With none open yet, a
    // stream that redraws in this pass (a bar's first lines) is one.
    const bool errFirst =
        m_openRedraw ? *m_openRedraw == Stream::Stderr : err.contains('\r') && !out.contains('\r');
    if (errFirst) {
        feed(Stream::Stderr, err);
        feed(Stream::Stdout, out);
    } else {
        feed(Stream::Stdout, out);
        feed(Stream::Stderr, err);
    }
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
        store(now, channel.stream, severity, continuation, line, len);
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
    now = std::max(now, m_lastStored); // the file stays in time order
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

QList<QByteArray> LogCapture::lastStderrLines() const
{
    QList<QByteArray> lines;
    for (const QByteArray &line : m_lastErr)
        lines.append(line);
    return lines;
}

} // namespace trainyard::logs
