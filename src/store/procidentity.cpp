// SPDX-License-Identifier: MIT
#include "store/procidentity.h"

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
    if (pid <= 0)
        return std::nullopt;
    const QByteArray text = readSmallFile("/proc/" + QByteArray::number(pid) + "/stat");
    // "pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime
    //  stime cutime cstime priority nice num_threads itrealvalue starttime ..." (proc(5)); comm
    // may hold spaces and parentheses, so fields are counted from the last ')'.
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return std::nullopt;
    const QList<QByteArray> fields = text.mid(close + 2).split(' ');
    // fields[0] is field 3 (state); starttime is field 22 -> fields[19].
    if (fields.size() < 20 || fields.at(0).isEmpty())
        return std::nullopt;
    ProcStat stat;
    stat.pid = pid;
    stat.state = fields.at(0).at(0);
    stat.ppid = fields.at(1).toLongLong();
    stat.pgid = fields.at(2).toLongLong();
    stat.sid = fields.at(3).toLongLong();
    bool ok = false;
    stat.startTime = fields.at(19).toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    return stat;
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
