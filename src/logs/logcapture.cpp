// SPDX-License-Identifier: MIT
#include "logs/logcapture.h"

#include <QDateTime>

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
    flushTails();
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
        if (m_writer)
            m_writer->append(now, channel.stream, severity, continuation, line, len);
        if (m_observer)
            m_observer(now, continuation, line, len, m_writer ? m_writer->endOffset() : 0);
        ++m_lines;
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

QList<QByteArray> LogCapture::lastStderrLines() const
{
    QList<QByteArray> lines;
    for (const QByteArray &line : m_lastErr)
        lines.append(line);
    return lines;
}

} // namespace trainyard::logs
