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
// Order across the two pipes: stdout and stderr are read one after the other, so what a trainer
// wrote to one can be read after what it wrote later to the other. A progress bar redraws its
// line (records ending in a bare "\r", see LineSplitter) and a viewer shows the redraws of one
// stream that follow each other as one row; a line of the other stream read between two redraws
// would split the bar in two rows (a tqdm bar on stderr shown at 64 % and again at 100 % because
// the next print on stdout was read before the bar's last redraw). So while the last stored record
// is an open redraw of one stream, lines of the other stream wait, at most HoldMs (or HoldBytes),
// until that bar's line ends; then they are stored, in order.
#pragma once

#include "logs/linesplitter.h"
#include "logs/logwriter.h"
#include "logs/severity.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QTimer>
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
    static constexpr int HoldMs = 250;
    static constexpr qsizetype HoldBytes = 1024 * 1024;

    LogCapture(LogWriter *writer, const QString &replica, QObject *parent = nullptr);
    ~LogCapture() override;

    // Reads the process's output as it arrives. Detaches from a previous process first.
    void attach(QProcess *process);
    void detach();
    // Drains what is left in the pipes, emits unterminated tails, flushes the writer.
    void finish();

    // Feeds bytes directly (also what attach() does with each read).
    void feed(Stream stream, const char *data, qsizetype size);
    void feed(Stream stream, const QByteArray &chunk)
    {
        feed(stream, chunk.constData(), chunk.size());
    }
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
    struct Held
    {
        qint64 wallMs;
        Stream stream;
        Severity severity;
        bool continuation;
        QByteArray bytes;
    };
    void readChannel(Stream stream);
    void feedChannel(Channel &channel, const char *data, qsizetype size, qint64 now, bool flush);
    void store(qint64 now, Stream stream, Severity severity, bool continuation, const char *data,
               qsizetype size);
    void releaseHeld();

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
    std::vector<Held> m_held; // lines of the other stream waiting for that redraw to end
    qsizetype m_heldBytes = 0;
    qint64 m_lastStored = 0;
    QTimer m_releaseTimer;
};

} // namespace trainyard::logs
