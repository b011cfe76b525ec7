// SPDX-License-Identifier: MIT
#include "exec/replicaprocess.h"

#include "exec/containment.h"
#include "exec/spawner.h"
#include "logs/logcapture.h"
#include "logs/logwriter.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTimer>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace trainyard::exec {

namespace {

// Bytes read from a pipe per notification (a flood must not hold the owner's loop for long).
constexpr qsizetype ReadChunk = 64 * 1024;
constexpr int ChunksPerWakeup = 16;
// How often a child's exit is looked for where the kernel has no pidfd.
constexpr int ExitPollMs = 20;

int openPidfd(qint64 pid)
{
#ifdef SYS_pidfd_open
    return int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
#else
    Q_UNUSED(pid);
    errno = ENOSYS;
    return -1;
#endif
}

// Gives up a child nobody waits for any more: its group killed, the child reaped.
void discardChild(qint64 pid)
{
    ::kill(-pid_t(pid), SIGKILL);
    int status = 0;
    ::waitpid(pid_t(pid), &status, 0);
    releaseChild(pid);
}

} // namespace

// Shared with the spawn thread: whether the ReplicaProcess still wants the child.
struct ReplicaProcess::SpawnTicket
{
    std::mutex mutex;
    bool abandoned = false;
};

bool processGroupExists(qint64 pgid)
{
    if (pgid <= 1)
        return false;
    return ::kill(-pid_t(pgid), 0) == 0 || errno == EPERM;
}

ReplicaProcess::ReplicaProcess(const ReplicaLaunch &launch, const QString &logPath, QObject *parent)
    : QObject(parent)
    , m_launch(launch)
    , m_writer(std::make_unique<logs::LogWriter>())
{
    if (!m_writer->open(logPath))
        m_logError = m_writer->errorString();
    connect(m_writer.get(), &logs::LogWriter::stopped, this, &ReplicaProcess::logStopped);
    m_capture = std::make_unique<logs::LogCapture>(m_writer.get(), launch.replica.name);
}

void ReplicaProcess::setLogSizeCap(qint64 bytes)
{
    m_writer->setSizeCap(bytes);
}

ReplicaProcess::~ReplicaProcess()
{
    if (m_ticket) { // a spawn under way: whoever hears of the child next discards it
        const std::lock_guard<std::mutex> lock(m_ticket->mutex);
        m_ticket->abandoned = true;
    }
    if (m_state == State::Running) {
        killGroup();
        reapBlocking(2000);
    }
    if (m_capture) // what this pass of the event loop read and has not stored yet
        m_capture->finish();
    closePipe(m_out);
    closePipe(m_err);
    stopWatchingExit();
    m_capture.reset();
    m_writer->flush();
}

void ReplicaProcess::start()
{
    if (m_ticket) { // a start while one is under way: that child is not ours any more
        const std::lock_guard<std::mutex> lock(m_ticket->mutex);
        m_ticket->abandoned = true;
        m_ticket.reset();
    }
    if (m_state == State::Running) {
        // The last run's exit is not seen yet (its group was killed): it is given up to the
        // owner's reaping of adopted children.
        stopWatchingExit();
        releaseChild(m_pid);
    }
    if (m_capture && m_state != State::NotRunning) { // what the given-up run wrote so far
        readPipe(int(logs::Stream::Stdout), false);
        readPipe(int(logs::Stream::Stderr), false);
        m_capture->finish();
    }
    closePipe(m_out);
    closePipe(m_err);
    // A fresh capture per run: lastStderrLines() then speaks of this run only. The writer (and
    // so the log file) is shared by all runs.
    m_capture = std::make_unique<logs::LogCapture>(m_writer.get(), m_launch.replica.name);
    m_capture->setLineFilter(m_lineFilter);
    m_capture->setLineObserver(m_lineObserver);
    const quint64 run = ++m_run;
    m_pid = 0;
    m_pgid = 0;
    m_signalWhenStarted = 0;
    m_state = State::Starting;
    m_runTimer.start();

    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        const int error = errno;
        for (int fd : {out[0], out[1], err[0], err[1]}) {
            if (fd >= 0)
                ::close(fd);
        }
        QMetaObject::invokeMethod(
            this, [this, run, error] { onSpawned(run, 0, int(SpawnResult::Step::Fork), error); },
            Qt::QueuedConnection);
        return;
    }
    for (Pipe *pipe : {&m_out, &m_err}) {
        pipe->fd = pipe == &m_out ? out[0] : err[0];
        ::fcntl(pipe->fd, F_SETFL, ::fcntl(pipe->fd, F_GETFL) | O_NONBLOCK);
        pipe->notifier = new QSocketNotifier(qintptr(pipe->fd), QSocketNotifier::Read, this);
        const int stream = pipe == &m_out ? int(logs::Stream::Stdout) : int(logs::Stream::Stderr);
        connect(pipe->notifier, &QSocketNotifier::activated, this,
                [this, stream] { readPipe(stream, false); });
    }

    // As QProcess does: a program without a slash is looked for in the owner's PATH.
    QString program = m_launch.program;
    if (!program.contains(QLatin1Char('/'))) {
        const QString found = QStandardPaths::findExecutable(program);
        if (!found.isEmpty())
            program = found;
    }
    auto plan = std::make_shared<SpawnPlan>();
    plan->program = QFile::encodeName(program);
    for (const QString &argument : std::as_const(m_launch.arguments))
        plan->arguments.append(argument.toLocal8Bit());
    const QProcessEnvironment environment = m_launch.environment.isEmpty()
                                                ? QProcessEnvironment::systemEnvironment()
                                                : m_launch.environment;
    const QStringList variables = environment.toStringList();
    for (const QString &variable : variables)
        plan->environment.append(variable.toLocal8Bit());
    plan->workingDirectory = QFile::encodeName(m_launch.workingDirectory);
    plan->stdoutFd = out[1];
    plan->stderrFd = err[1];

    m_ticket = std::make_shared<SpawnTicket>();
    QPointer<ReplicaProcess> self(this);
    spawnChild(plan, [self, ticket = m_ticket, run, plan](const SpawnResult &result) {
        // On the spawn thread. The child has its copies of the write ends (or none exists).
        ::close(plan->stdoutFd);
        ::close(plan->stderrFd);
        const std::lock_guard<std::mutex> lock(ticket->mutex);
        if (ticket->abandoned) {
            if (result)
                discardChild(result.pid);
            return;
        }
        const qint64 pid = result.pid;
        const int step = int(result.failed);
        const int error = result.error;
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, run, pid, step, error] {
                if (self)
                    self->onSpawned(run, pid, step, error);
                else if (step == int(SpawnResult::Step::None))
                    discardChild(pid);
            },
            Qt::QueuedConnection);
    });
}

void ReplicaProcess::onSpawned(quint64 run, qint64 pid, int failedStep, int error)
{
    const bool spawned = failedStep == int(SpawnResult::Step::None);
    if (run != m_run || m_state != State::Starting) { // from a start given up since
        if (spawned)
            discardChild(pid);
        return;
    }
    m_ticket.reset();
    if (!spawned) {
        closePipe(m_out);
        closePipe(m_err);
        m_state = State::NotRunning;
        m_capture->finish();
        const char *step = failedStep == int(SpawnResult::Step::WorkingDirectory) ? "chdir"
                           : failedStep == int(SpawnResult::Step::Exec)           ? "execve"
                                                                                  : "fork";
        const QString reason = QStringLiteral("%1: %2").arg(
            QLatin1String(step), QString::fromLocal8Bit(std::strerror(error)));
        Q_EMIT failedToStart(tr("%1 could not be started: %2").arg(m_launch.program, reason));
        return;
    }
    m_pid = pid;
    m_pgid = pid; // setsid: the replica leads its own group
    m_state = State::Running;
    m_pidfd = openPidfd(pid);
    if (m_pidfd >= 0) {
        m_exitNotifier = new QSocketNotifier(qintptr(m_pidfd), QSocketNotifier::Read, this);
        connect(m_exitNotifier, &QSocketNotifier::activated, this, &ReplicaProcess::checkExited);
    } else {
        m_exitPoll = new QTimer(this);
        m_exitPoll->setInterval(ExitPollMs);
        connect(m_exitPoll, &QTimer::timeout, this, &ReplicaProcess::checkExited);
        m_exitPoll->start();
    }
    Q_EMIT started(m_pid);
    if (m_signalWhenStarted != 0 && m_state == State::Running)
        ::kill(-pid_t(m_pgid), m_signalWhenStarted);
}

void ReplicaProcess::readPipe(int stream, bool drain)
{
    Pipe &pipe = stream == int(logs::Stream::Stdout) ? m_out : m_err;
    char buffer[ReadChunk];
    for (int chunk = 0; pipe.fd >= 0 && (drain || chunk < ChunksPerWakeup); ++chunk) {
        const ssize_t n = ::read(pipe.fd, buffer, sizeof buffer);
        if (n > 0) {
            m_capture->feedRead(logs::Stream(stream), buffer, qsizetype(n));
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n == 0) // every writer has closed it
            closePipe(pipe);
        return; // EAGAIN: nothing more for now
    }
}

void ReplicaProcess::closePipe(Pipe &pipe)
{
    delete pipe.notifier;
    pipe.notifier = nullptr;
    if (pipe.fd >= 0)
        ::close(pipe.fd);
    pipe.fd = -1;
}

void ReplicaProcess::checkExited()
{
    if (m_state != State::Running)
        return;
    siginfo_t info = {};
    if (::waitid(P_PID, id_t(m_pid), &info, WEXITED | WNOHANG) != 0) {
        if (errno == EINTR)
            return;
        finishRun(-1, true); // reaped elsewhere (not by design): report it as a crash
        return;
    }
    if (info.si_pid == 0)
        return; // still running
    const bool crashed = info.si_code == CLD_KILLED || info.si_code == CLD_DUMPED;
    finishRun(info.si_status, crashed);
}

void ReplicaProcess::stopWatchingExit()
{
    delete m_exitNotifier;
    m_exitNotifier = nullptr;
    delete m_exitPoll;
    m_exitPoll = nullptr;
    if (m_pidfd >= 0)
        ::close(m_pidfd);
    m_pidfd = -1;
}

void ReplicaProcess::finishRun(int exitCode, bool crashed)
{
    stopWatchingExit();
    releaseChild(m_pid);
    // What the trainer wrote before it ended (what its descendants write later is theirs).
    readPipe(int(logs::Stream::Stdout), true);
    readPipe(int(logs::Stream::Stderr), true);
    closePipe(m_out);
    closePipe(m_err);
    m_state = State::NotRunning;
    m_capture->finish();
    Q_EMIT exited(exitCode, crashed);
}

void ReplicaProcess::reapBlocking(int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid_t(m_pid), &status, WNOHANG);
        if (done == pid_t(m_pid) || (done < 0 && errno != EINTR))
            break;
        if (waited.elapsed() >= timeoutMs)
            break; // left to the owner's reaping of adopted children
        if (m_pidfd >= 0) {
            pollfd p{m_pidfd, POLLIN, 0};
            ::poll(&p, 1, int(timeoutMs - waited.elapsed()));
        } else {
            ::usleep(10000);
        }
    }
    releaseChild(m_pid);
    m_state = State::NotRunning;
}

bool ReplicaProcess::groupIsOurs() const
{
    // While the leader is not reaped its number cannot pass to anybody (it is reaped only here,
    // after its exit was seen); after that the group is ours only while a descendant of this
    // process is still in it.
    return m_pgid > 1 && (isRunning() || isOwnGroup(m_pgid));
}

void ReplicaProcess::terminateGroup()
{
    if (m_state == State::Starting) { // sent as soon as the child's number is known
        m_signalWhenStarted = m_signalWhenStarted == SIGKILL ? SIGKILL : SIGTERM;
        return;
    }
    if (groupIsOurs())
        ::kill(-pid_t(m_pgid), SIGTERM);
}

void ReplicaProcess::killGroup()
{
    if (m_state == State::Starting) {
        m_signalWhenStarted = SIGKILL;
        return;
    }
    if (groupIsOurs())
        ::kill(-pid_t(m_pgid), SIGKILL);
}

bool ReplicaProcess::groupAlive() const
{
    return m_state == State::Starting || groupIsOurs();
}

void ReplicaProcess::appendNote(bool warning, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    m_writer->append(QDateTime::currentMSecsSinceEpoch(), logs::Stream::Stderr,
                     warning ? logs::Severity::Warning : logs::Severity::Info, false,
                     bytes.constData(), bytes.size());
    m_writer->flush();
}

QStringList ReplicaProcess::lastStderrLines(int count) const
{
    const QList<QByteArray> lines = m_capture->lastStderrLines();
    QStringList result;
    for (qsizetype i = qMax<qsizetype>(0, lines.size() - count); i < lines.size(); ++i)
        result.append(QString::fromUtf8(lines.at(i)));
    return result;
}

void ReplicaProcess::setLineObserver(LineObserver observer)
{
    m_lineObserver = std::move(observer);
    if (m_capture)
        m_capture->setLineObserver(m_lineObserver);
}

void ReplicaProcess::setLineFilter(LineFilter filter)
{
    m_lineFilter = std::move(filter);
    if (m_capture)
        m_capture->setLineFilter(m_lineFilter);
}

} // namespace trainyard::exec
