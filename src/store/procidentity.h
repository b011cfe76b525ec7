// SPDX-License-Identifier: MIT
// Who a process is, beyond its number: a pid is reused once its process is gone (and after a
// reboot), so the store records each process it may signal later as pid + start time (field 22
// of /proc/PID/stat, clock ticks since boot) + the boot ID (/proc/sys/kernel/random/boot_id).
// Before any signal to a recorded process or process group the identity is checked: a process
// with that number but another start time, or a record from an earlier boot, is somebody else,
// and the recorded one counts as already gone.
#pragma once

#include <QList>
#include <QString>
#include <optional>

namespace trainyard::store {

struct ProcessIdentity
{
    qint64 pid = 0;
    quint64 startTime = 0; // clock ticks after boot
    QString bootId;

    bool isValid() const { return pid > 1 && startTime > 0 && !bootId.isEmpty(); }
    bool operator==(const ProcessIdentity &o) const
    {
        return pid == o.pid && startTime == o.startTime && bootId == o.bootId;
    }
    bool operator!=(const ProcessIdentity &o) const { return !(*this == o); }
};

// This boot's ID; empty when /proc does not tell.
QString currentBootId();

// What /proc/PID/stat says about a live process.
struct ProcStat
{
    qint64 pid = 0;
    qint64 ppid = 0;
    qint64 pgid = 0;
    qint64 sid = 0;
    char state = '?';      // R, S, D, Z, ...
    quint64 startTime = 0; // clock ticks after boot
};
std::optional<ProcStat> readProcStat(qint64 pid);

// The identity of a live process; nullopt when it does not exist (or /proc cannot be read).
std::optional<ProcessIdentity> processIdentity(qint64 pid);

// True when the process recorded as `identity` still runs (not a zombie): same number, same
// start time, same boot.
bool isSameProcess(const ProcessIdentity &identity);

// Sends `signal` to the recorded process only when it is still that process (pidfd where the
// kernel has it, so the check and the signal cannot be split by a reuse). True when sent.
bool signalIfSame(const ProcessIdentity &identity, int signal);

// Sends `signal` to the process group led by the recorded leader only when the leader is still
// that process. True when sent; false means the group is gone or the number is somebody else's.
bool signalGroupIfSame(const ProcessIdentity &leader, int signal);

// Every live process on the system (a walk of /proc).
QList<ProcStat> allProcesses();

} // namespace trainyard::store
