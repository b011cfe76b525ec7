// SPDX-License-Identifier: MIT
// One replica of a running job, in the job's owner process: its QProcess (restarted with the
// same argv, working directory, environment and port), its log file and its process group.
//
// Each run starts in a new session and process group of its own (setsid in the child), so
// signalling -pgid reaches everything the trainer started (unless it starts a session of its
// own). The child also gets PR_SET_PDEATHSIG(SIGKILL): it dies with the owner. The kernel
// sends that signal when the THREAD that forked it exits, so start() must run on the thread
// that lives as long as the owner (the main thread).
#pragma once

#include "exec/environment.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <functional>
#include <memory>

namespace trainyard::logs {
class LogWriter;
class LogCapture;
} // namespace trainyard::logs

namespace trainyard::exec {

class ReplicaProcess : public QObject
{
    Q_OBJECT

public:
    ReplicaProcess(const ReplicaLaunch &launch, const QString &logPath, QObject *parent = nullptr);
    ~ReplicaProcess() override;

    const ReplicaLaunch &launch() const { return m_launch; }
    QString name() const { return m_launch.replica.name; }
    // Empty when the log file opened, else the reason.
    QString logError() const { return m_logError; }

    // Starts a run. Emits started() or failedToStart(). A previous run must have finished.
    void start();
    bool isRunning() const;

    qint64 pid() const { return m_pid; }
    qint64 pgid() const { return m_pgid; }
    // Milliseconds since the current (or last) run started.
    qint64 runTimeMs() const { return m_runTimer.isValid() ? m_runTimer.elapsed() : 0; }

    // Signals the replica's process group (SIGTERM / SIGKILL). No-op without a group, or when
    // the number is no longer provably this replica's group (groupIsOurs()).
    bool groupIsOurs() const;
    void terminateGroup();
    void killGroup();
    // True while any process of the last run's group still exists.
    bool groupAlive() const;

    // Writes a line of Trainyard's own into the replica's log (a restart mark), not seen by the
    // line observer.
    void appendNote(bool warning, const QString &text);

    // The last lines of stderr of the current (or last) run, oldest first.
    QStringList lastStderrLines(int count) const;

    // Rewrites every output line before it is stored (masks secret values); applies to this and
    // every later run. Same contract as logs::LogCapture::LineFilter.
    using LineFilter = std::function<bool(const char *data, qsizetype size, QByteArray *out)>;
    void setLineFilter(LineFilter filter);
    // Sees every stored line (metric extraction); logs::LogCapture::LineObserver, every run.
    using LineObserver = std::function<void(qint64 wallMs, bool continuation, const char *data,
                                            qsizetype size, qint64 endOffset)>;
    void setLineObserver(LineObserver observer);
    // Caps the replica's log file (bytes; 0: none), see logs::LogWriter::setSizeCap.
    void setLogSizeCap(qint64 bytes);

Q_SIGNALS:
    void started(qint64 pid);
    void failedToStart(const QString &message);
    // crashed: killed by a signal; exitCode is then the signal number.
    void exited(int exitCode, bool crashed);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);

    ReplicaLaunch m_launch;
    std::unique_ptr<logs::LogWriter> m_writer;
    std::unique_ptr<logs::LogCapture> m_capture;
    LineFilter m_lineFilter;
    LineObserver m_lineObserver;
    QPointer<QProcess> m_process;
    QString m_logError;
    qint64 m_pid = 0;
    qint64 m_pgid = 0;
    QElapsedTimer m_runTimer;
};

// True while a process group with this id exists (kill(-pgid, 0)).
bool processGroupExists(qint64 pgid);

} // namespace trainyard::exec
