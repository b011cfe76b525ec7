// SPDX-License-Identifier: MIT
#include "exec/containment.h"

#include <QHash>
#include <cerrno>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace trainyard::exec {

bool becomeChildSubreaper()
{
    return ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
}

QList<store::ProcStat> descendantsOf(qint64 root)
{
    const QList<store::ProcStat> all = store::allProcesses();
    QHash<qint64, QList<int>> children; // ppid -> indexes into all
    for (int i = 0; i < all.size(); ++i)
        children[all.at(i).ppid].append(i);
    QList<store::ProcStat> result;
    QList<qint64> todo{root};
    QSet<qint64> seen{root};
    while (!todo.isEmpty()) {
        const qint64 pid = todo.takeLast();
        const auto kids = children.value(pid);
        for (int i : kids) {
            const store::ProcStat &child = all.at(i);
            if (seen.contains(child.pid))
                continue;
            seen.insert(child.pid);
            todo.append(child.pid);
            if (child.state != 'Z' && child.state != 'X')
                result.append(child);
        }
    }
    return result;
}

bool isOwnGroup(qint64 pgid)
{
    if (pgid <= 1)
        return false;
    const QList<store::ProcStat> mine = descendantsOf(qint64(::getpid()));
    for (const store::ProcStat &p : mine) {
        if (p.pgid == pgid)
            return true;
    }
    return false;
}

int signalDescendants(int signal)
{
    int count = 0;
    const QList<store::ProcStat> mine = descendantsOf(qint64(::getpid()));
    for (const store::ProcStat &p : mine) {
        // Each was found by walking from this process a moment ago, and a child of ours (or of
        // a descendant) keeps its number until reaped; the start time guards the rest.
        const store::ProcessIdentity id{p.pid, p.startTime, store::currentBootId()};
        if (store::signalIfSame(id, signal))
            ++count;
    }
    return count;
}

int reapAdoptedChildren(const QSet<qint64> &exclude)
{
    int reaped = 0;
    const qint64 self = qint64(::getpid());
    const QList<store::ProcStat> all = store::allProcesses();
    for (const store::ProcStat &p : all) {
        if (p.ppid != self || p.state != 'Z' || exclude.contains(p.pid))
            continue;
        if (::waitpid(pid_t(p.pid), nullptr, WNOHANG) == pid_t(p.pid))
            ++reaped;
    }
    return reaped;
}

} // namespace trainyard::exec
