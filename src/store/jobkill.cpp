// SPDX-License-Identifier: MIT
#include "store/jobkill.h"

#include "store/procidentity.h"

#include <QHash>
#include <QSet>
#include <signal.h>
#include <unistd.h>

namespace trainyard::store {

namespace {

// The recorded identities of the job: replica group leaders first, then other processes.
QList<ProcessIdentity> recordedIdentities(const JobState &state, QSet<qint64> *leaders)
{
    QList<ProcessIdentity> result;
    if (state.bootId.isEmpty())
        return result; // recorded without identities: nothing is provably ours
    for (const ReplicaState &replica : state.replicas) {
        if (replica.pgid > 1 && replica.leaderStartTime > 0) {
            result.append({replica.pgid, replica.leaderStartTime, state.bootId});
            leaders->insert(replica.pgid);
        }
    }
    for (const JobState::RecordedProcess &p : state.processes) {
        if (p.pid > 1 && p.startTime > 0)
            result.append({p.pid, p.startTime, state.bootId});
    }
    return result;
}

} // namespace

QList<qint64> killJobProcesses(const JobState &state, int signal)
{
    QList<qint64> killed;
    QSet<qint64> leaders;
    const QList<ProcessIdentity> recorded = recordedIdentities(state, &leaders);
    if (recorded.isEmpty())
        return killed;
    const qint64 self = qint64(::getpid());
    const qint64 ownGroup = qint64(::getpgrp());

    // Who is still ours, checked before anything is signalled; their live descendants (walked
    // through /proc by parent) are ours too: started by a process of the job.
    QSet<qint64> verified;
    for (const ProcessIdentity &identity : recorded) {
        if (identity.pid != self && isSameProcess(identity))
            verified.insert(identity.pid);
    }
    if (verified.isEmpty())
        return killed;
    QHash<qint64, QList<qint64>> children;
    for (const ProcStat &p : allProcesses())
        children[p.ppid].append(p.pid);
    QList<ProcessIdentity> targets;
    QSet<qint64> seen;
    QList<qint64> todo(verified.cbegin(), verified.cend());
    while (!todo.isEmpty()) {
        const qint64 pid = todo.takeLast();
        const auto kids = children.value(pid);
        for (qint64 child : kids) {
            if (child == self || verified.contains(child) || seen.contains(child))
                continue;
            seen.insert(child);
            if (const std::optional<ProcessIdentity> id = processIdentity(child))
                targets.append(*id); // identity taken now, checked again at the signal
            todo.append(child);
        }
    }
    for (const ProcessIdentity &identity : recorded) {
        if (!verified.contains(identity.pid) || killed.contains(identity.pid))
            continue;
        // A replica's leader, or a recorded process that leads a group (a daemon that called
        // setsid): the whole group goes.
        const std::optional<ProcStat> stat = readProcStat(identity.pid);
        const bool leadsGroup = stat && stat->pgid == identity.pid && identity.pid != ownGroup;
        const bool asGroup = leaders.contains(identity.pid) || leadsGroup;
        const bool sent =
            (asGroup && signalGroupIfSame(identity, signal)) || signalIfSame(identity, signal);
        if (sent)
            killed.append(identity.pid);
    }
    for (const ProcessIdentity &identity : std::as_const(targets))
        signalIfSame(identity, signal);
    return killed;
}

bool anyJobProcessAlive(const JobState &state)
{
    QSet<qint64> leaders;
    const QList<ProcessIdentity> recorded = recordedIdentities(state, &leaders);
    for (const ProcessIdentity &identity : recorded) {
        if (identity.pid != qint64(::getpid()) && isSameProcess(identity))
            return true;
    }
    return false;
}

} // namespace trainyard::store
