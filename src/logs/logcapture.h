// SPDX-License-Identifier: MIT
// Capture of one replica's output: QProcess stdout/stderr -> LineSplitter -> severity ->
// LogWriter. Used by the job's owner process; one LogCapture (and one LogWriter, one file
// logs/<replica>.log) per replica. A restarted replica is attached again to the same capture,
// so its output continues in the same file.
//
//   LogWriter writer;  writer.open(logPath);
//   LogCapture capture(&writer, QStringLiteral("worker-replica-0"));
//   capture.attach(process);          // before process->start(); channels must stay separate
//   ... on QProcess::finished: capture.finish();   (drains the pipes, flushes tails and file)
//
// Each line is stamped with the wall-clock time at which it was read (ms, UTC).
//
// Order across the two pipes: stdout and stderr are two pipes, read as the event loop reports
// them, so what a trainer wrote to one and then to the other can be ready together; nothing says
// which came first. What arrives in one pass of the event loop (both pipes' notifications) is
// stored together at the end of that pass, the stream of a progress bar still open first (its
// last stored record ends in a bare "\r"): a bar's last redraw and the line printed after it on
// the other stream (a tqdm bar on stderr at 100 %, then "epoch 1 done" on stdout) stay in that
// order, so the redraws stay one row in a viewer, and a dict written through a bar
// (tqdm.write: the bar cleared on stderr, the dict on stdout, the bar drawn again) comes after
// the clear that preceded it. Nothing is held longer than that pass: a line is never stored
// after lines the other stream wrote later (within the read's latency, microseconds), so the
// metric extraction reading the log behind the writer sees the lines in the order the trainer
// wrote them, each at once.
#pragma once

#include "logs/linesplitter.h"
#include "logs/logwriter.h"
#include "logs/severity.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

namespace trainyard::logs {

class LogCapture : public QObject
{
    Q_OBJECT

public:
    static constexpr int KeptStderrLines = 20;
    static constexpr qsizetype KeptLineBytes = 1024;

    LogCapture(LogWriter *writer, const QString &replica, QObject *parent = nullptr);
    ~LogCapture() override;

    // Reads the process's output as it arrives. Detaches from a previous process first.
    void attach(QProcess *process);
    void detach();
    // Drains what is left in the pipes, emits unterminated tails, flushes the writer.
    void finish();

    // Feeds bytes of one stream directly, stored at once.
    void feed(Stream stream, const char *data, qsizetype size);
    void feed(Stream stream, const QByteArray &chunk)
    {
        feed(stream, chunk.constData(), chunk.size());
    }
    // What both pipes had in one pass of the event loop (what attach() stores at the end of each
    // pass): the stream of an open progress bar first (see the header).
    void feedPass(const QByteArray &out, const QByteArray &err);
    // Bytes read from one pipe by the caller (a process without QProcess): stored with the other
    // pipe's at the end of this pass of the event loop, as attach() does; finish() stores the rest.
    void feedRead(Stream stream, const char *data, qsizetype size);
    void flushTails();

    // The last lines of stderr (at most KeptStderrLines, each cut to KeptLineBytes), oldest
    // first, for a failed job's error message ("... exited with 1: <last lines>").
    QList<QByteArray> lastStderrLines() const;

    qint64 linesCaptured() const { return m_lines; }
    QString replica() const { return m_replica; }

    // Rewrites each line before it is classified, stored or kept for error messages; the owner
    // uses it to mask secret values. Returns true and fills *out when the line changes.
    using LineFilter = std::function<bool(const char *data, qsizetype size, QByteArray *out)>;
    void setLineFilter(LineFilter filter) { m_filter = std::move(filter); }

    // Sees every stored line after it was handed to the writer (the owner extracts metrics
    // here): wall time, continuation flag, the line as stored, and the log file offset just after
    // its record (LogWriter::endOffset()).
    using LineObserver = std::function<void(qint64 wallMs, bool continuation, const char *data,
                                            qsizetype size, qint64 endOffset)>;
    void setLineObserver(LineObserver observer) { m_observer = std::move(observer); }

    // For tests: replaces the clock (default: QDateTime::currentMSecsSinceEpoch()).
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }

private:
    struct Channel
    {
        explicit Channel(Stream s)
            : stream(s)
            , classifier(s)
        {}
        Stream stream;
        LineSplitter splitter;
        SeverityClassifier classifier;
    };
    void readChannel(Stream stream);
    void endPass();
    void feedChannel(Channel &channel, const char *data, qsizetype size, qint64 now, bool flush);
    void store(qint64 now, Stream stream, Severity severity, bool continuation, const char *data,
               qsizetype size);

    QPointer<LogWriter> m_writer;
    LineFilter m_filter;
    LineObserver m_observer;
    QString m_replica;
    QPointer<QProcess> m_process;
    QList<QMetaObject::Connection> m_connections;
    Channel m_out{Stream::Stdout};
    Channel m_err{Stream::Stderr};
    std::deque<QByteArray> m_lastErr;
    std::function<qint64()> m_clock;
    qint64 m_lines = 0;
    // The stream whose last stored record is a redraw still open (ends in a bare "\r").
    std::optional<Stream> m_openRedraw;
    QByteArray m_passOut; // read in this pass of the event loop, stored at its end
    QByteArray m_passErr;
    bool m_passQueued = false;
    qint64 m_lastStored = 0;
};

} // namespace trainyard::logs
