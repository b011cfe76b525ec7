// SPDX-License-Identifier: MIT
#include "exec/replicaprocess.h"

#include "exec/containment.h"
#include "logs/logcapture.h"
#include "logs/logwriter.h"

#include <QCoreApplication>
#include <QDateTime>
#include <cerrno>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace trainyard::exec {

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
    m_capture = std::make_unique<logs::LogCapture>(m_writer.get(), launch.replica.name);
}

void ReplicaProcess::setLogSizeCap(qint64 bytes)
{
    m_writer->setSizeCap(bytes);
}

ReplicaProcess::~ReplicaProcess()
{
    if (m_process) {
        m_process->disconnect(this);
        killGroup();
        m_process->waitForFinished(2000);
        delete m_process;
    }
    m_capture.reset();
    m_writer->flush();
}

bool ReplicaProcess::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void ReplicaProcess::start()
{
    if (m_process) {
        m_capture->detach();
        m_process->disconnect(this);
        m_process->deleteLater();
    }
    // A fresh capture per run: lastStderrLines() then speaks of this run only. The writer (and
    // so the log file) is shared by all runs.
    m_capture = std::make_unique<logs::LogCapture>(m_writer.get(), m_launch.replica.name);
    m_capture->setLineFilter(m_lineFilter);
    m_capture->setLineObserver(m_lineObserver);
    auto *process = new QProcess(this);
    m_process = process;
    m_pid = 0;
    process->setProgram(m_launch.program);
    process->setArguments(m_launch.arguments);
    process->setWorkingDirectory(m_launch.workingDirectory);
    process->setProcessEnvironment(m_launch.environment);
    process->setStandardInputFile(QProcess::nullDevice());
    const pid_t owner = ::getpid();
    // Runs in the child between fork and exec: async-signal-safe calls only.
    process->setChildProcessModifier([owner] {
        ::setsid();
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != owner) // the owner died before prctl took effect
            ::_exit(127);
        // The owner ignores nothing the trainer should see; restore default dispositions.
        ::signal(SIGTERM, SIG_DFL);
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGPIPE, SIG_DFL);
    });
    m_capture->attach(process);
    connect(process, &QProcess::started, this, [this, process] {
        m_pid = process->processId();
        m_pgid = m_pid; // setsid: the replica leads its own group
        m_runTimer.start();
        Q_EMIT started(m_pid);
    });
    connect(process, &QProcess::finished, this, &ReplicaProcess::onFinished);
    connect(process, &QProcess::errorOccurred, this, &ReplicaProcess::onError);
    m_runTimer.start();
    process->start();
}

void ReplicaProcess::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_capture->finish();
    Q_EMIT exited(exitCode, status == QProcess::CrashExit);
}

void ReplicaProcess::onError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart)
        return; // crashes arrive through finished()
    const QString reason = m_process ? m_process->errorString() : QString();
    m_capture->finish();
    Q_EMIT failedToStart(tr("%1 could not be started: %2").arg(m_launch.program, reason));
}

bool ReplicaProcess::groupIsOurs() const
{
    // While QProcess has not reaped the leader its number cannot pass to anybody; after that
    // the group is ours only while a descendant of this process is still in it.
    return m_pgid > 1 && (isRunning() || isOwnGroup(m_pgid));
}

void ReplicaProcess::terminateGroup()
{
    if (groupIsOurs())
        ::kill(-pid_t(m_pgid), SIGTERM);
}

void ReplicaProcess::killGroup()
{
    if (groupIsOurs())
        ::kill(-pid_t(m_pgid), SIGKILL);
}

bool ReplicaProcess::groupAlive() const
{
    return groupIsOurs();
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
