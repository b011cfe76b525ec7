// SPDX-License-Identifier: MIT
#include "store/procidentity.h"

#include "store/procscan.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <cerrno>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace trainyard::store {

namespace {

QByteArray readSmallFile(const QByteArray &path)
{
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {};
    char buffer[1024];
    ssize_t n = 0;
    do {
        n = ::read(fd, buffer, sizeof buffer - 1);
    } while (n < 0 && errno == EINTR);
    ::close(fd);
    return n > 0 ? QByteArray(buffer, int(n)) : QByteArray();
}

#if defined(SYS_pidfd_open) && defined(SYS_pidfd_send_signal)
int pidfdOpen(qint64 pid)
{
    return int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
}
#endif

} // namespace

QString currentBootId()
{
    static const QString id = QString::fromLatin1(
        readSmallFile(QByteArrayLiteral("/proc/sys/kernel/random/boot_id")).trimmed());
    return id;
}

std::optional<ProcStat> readProcStat(qint64 pid)
{
    ProcSample sample; // the one parser of /proc/PID/stat (procscan.h), without allocating
    if (pid <= 0 || !readProcSample(pid, &sample))
        return std::nullopt;
    return sample.stat();
}

std::optional<ProcessIdentity> processIdentity(qint64 pid)
{
    const std::optional<ProcStat> stat = readProcStat(pid);
    const QString boot = currentBootId();
    if (!stat || boot.isEmpty())
        return std::nullopt;
    ProcessIdentity identity;
    identity.pid = pid;
    identity.startTime = stat->startTime;
    identity.bootId = boot;
    return identity;
}

bool isSameProcess(const ProcessIdentity &identity)
{
    if (!identity.isValid() || identity.bootId != currentBootId())
        return false;
    const std::optional<ProcStat> stat = readProcStat(identity.pid);
    return stat && stat->startTime == identity.startTime; // a zombie still holds its number
}

bool signalIfSame(const ProcessIdentity &identity, int signal)
{
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_send_signal)
    // A pidfd pins the process: once it is open, the number cannot pass to another process
    // between the check and the signal.
    const int fd = pidfdOpen(identity.pid);
    if (fd >= 0) {
        bool sent = false;
        if (isSameProcess(identity))
            sent = ::syscall(SYS_pidfd_send_signal, fd, signal, nullptr, 0) == 0;
        ::close(fd);
        return sent;
    }
    if (errno == ESRCH)
        return false;
#endif
    return isSameProcess(identity) && ::kill(pid_t(identity.pid), signal) == 0;
}

bool signalGroupIfSame(const ProcessIdentity &leader, int signal)
{
    if (leader.pid <= 1 || leader.pid == qint64(::getpgrp()))
        return false;
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_send_signal)
    // Holding a pidfd on the leader keeps its number (and so its group's) from being reused
    // while we check and signal.
    const int fd = pidfdOpen(leader.pid);
    if (fd < 0 && errno == ESRCH)
        return false;
    const bool same = isSameProcess(leader);
    const bool sent = same && ::kill(-pid_t(leader.pid), signal) == 0;
    if (fd >= 0)
        ::close(fd);
    return sent;
#else
    return isSameProcess(leader) && ::kill(-pid_t(leader.pid), signal) == 0;
#endif
}

QList<ProcStat> allProcesses()
{
    QList<ProcStat> result;
    const QStringList names = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &name : names) {
        bool ok = false;
        const qint64 pid = name.toLongLong(&ok);
        if (!ok)
            continue;
        if (const std::optional<ProcStat> stat = readProcStat(pid))
            result.append(*stat);
    }
    return result;
}

} // namespace trainyard::store
