// SPDX-License-Identifier: MIT
// One replica of a running job, in the job's owner process: its process (restarted with the
// same argv, working directory, environment and port), its log file and its process group.
//
// Each run starts in a new session and process group of its own (setsid in the child), so
// signalling -pgid reaches everything the trainer started (unless it starts a session of its
// own). The child also gets PR_SET_PDEATHSIG(SIGKILL): it dies with the owner. The child is
// created by a spawn thread (exec/spawner.h), so start() returns before the exec: started() or
// failedToStart() (with the errno of the exec or chdir) follows on the event loop, and the
// output pipes and the child's pidfd are read there. The child is reaped only here, after
// started(), so its identity can be read even when it exits at once.
#pragma once

#include "exec/environment.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <functional>
#include <memory>

class QSocketNotifier;
class QTimer;

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

    // Starts a run. Emits started() or failedToStart(), later. A previous run must have finished.
    void start();
    // From start() until the run's exit (or its failure to start) has been seen.
    bool isRunning() const { return m_state != State::NotRunning; }

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
    // The log file could not be written (errno `error`, at atMs): the rest is lost
    // (logs::LogWriter::stopped).
    void logStopped(int error, qint64 atMs);

private:
    enum class State { NotRunning, Starting, Running };
    struct Pipe
    {
        int fd = -1;
        QSocketNotifier *notifier = nullptr;
    };
    struct SpawnTicket; // shared with the spawn thread (replicaprocess.cpp)

    void onSpawned(quint64 run, qint64 pid, int failedStep, int error);
    void readPipe(int stream, bool drain);
    void closePipe(Pipe &pipe);
    void checkExited();
    void stopWatchingExit();
    void finishRun(int exitCode, bool crashed);
    // Waits up to timeoutMs for the child to exit and reaps it (the destructor's last resort).
    void reapBlocking(int timeoutMs);

    ReplicaLaunch m_launch;
    std::unique_ptr<logs::LogWriter> m_writer;
    std::unique_ptr<logs::LogCapture> m_capture;
    LineFilter m_lineFilter;
    LineObserver m_lineObserver;
    QString m_logError;
    State m_state = State::NotRunning;
    quint64 m_run = 0; // which start() the spawn results belong to
    std::shared_ptr<SpawnTicket> m_ticket;
    int m_signalWhenStarted = 0; // a signal asked for while the child's number was not known
    Pipe m_out;
    Pipe m_err;
    int m_pidfd = -1;
    QSocketNotifier *m_exitNotifier = nullptr;
    QTimer *m_exitPoll = nullptr; // without pidfd (kernels before 5.3)
    qint64 m_pid = 0;
    qint64 m_pgid = 0;
    QElapsedTimer m_runTimer;
};

// True while a process group with this id exists (kill(-pgid, 0)).
bool processGroupExists(qint64 pgid);

} // namespace trainyard::exec
