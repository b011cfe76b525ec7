// SPDX-License-Identifier: MIT
#include "exec/containment.h"

#include "exec/replicaprocess.h"
#include "exec/replicaset.h"
#include "exec/spawner.h"
#include "gpu/gpusampler.h"

#include <QHash>
#include <algorithm>
#include <cerrno>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace trainyard::exec {

namespace {

// A live process of the job: not a zombie, not the owner's GPU helper (gpu/gpusampler.h), which
// is the owner's own and may hang in a driver call long after the job ended.
bool isJobProcess(const store::ProcSample &p)
{
    return !p.isZombie() && !gpu::isGpuHelperProcess(p.pid);
}

} // namespace

bool becomeChildSubreaper()
{
    return ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
}

QList<store::ProcStat> descendantsOf(qint64 root)
{
    store::DescendantScan scan(root);
    QList<store::ProcStat> result;
    for (const store::ProcSample &p : scan.scan()) {
        if (isJobProcess(p))
            result.append(p.stat());
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

namespace {

// Reaps the zombies among this process's children in `descendants` that are not in `exclude`
// nor started by the spawner and still unclaimed: descendants adopted as subreaper.
int reapAdopted(const std::vector<store::ProcSample> &descendants, const QSet<qint64> &exclude)
{
    int reaped = 0;
    const qint64 self = qint64(::getpid());
    for (const store::ProcSample &p : descendants) {
        // The GPU helper (gpu/gpusampler.h) is reaped by its sampler.
        if (p.ppid != self || !p.isZombie() || exclude.contains(p.pid) ||
            mayBeUnclaimedChild(p.pid) || gpu::isGpuHelperProcess(p.pid))
            continue;
        if (::waitpid(pid_t(p.pid), nullptr, WNOHANG) == pid_t(p.pid))
            ++reaped;
    }
    return reaped;
}

} // namespace

int reapAdoptedChildren(const QSet<qint64> &exclude)
{
    store::DescendantScan scan;
    return reapAdopted(scan.scan(), exclude);
}

} // namespace trainyard::exec

// ---- Containment (the owner's view of the job's processes) ----

namespace trainyard::exec {

void Containment::add(const ReplicaSet *set)
{
    m_sets.append(set);
}

void Containment::remove(const ReplicaSet *set)
{
    m_sets.removeAll(set);
}

QSet<qint64> Containment::runningReplicaPids() const
{
    QSet<qint64> running;
    for (const ReplicaSet *set : m_sets) {
        for (const ReplicaProcess *replica : set->processes()) {
            if (replica->isRunning())
                running.insert(replica->pid());
        }
    }
    return running;
}

const std::vector<store::ProcSample> &Containment::scan()
{
    const std::vector<store::ProcSample> &all = m_scan.scan();
    reapAdopted(all, runningReplicaPids());
    return all;
}

bool Containment::recordProcesses(QList<store::JobState::RecordedProcess> *processes)
{
    QSet<qint64> leaders;
    for (const ReplicaSet *set : m_sets) {
        for (const ReplicaProcess *replica : set->processes())
            leaders.insert(replica->pgid());
    }
    QList<store::JobState::RecordedProcess> seen;
    for (const store::ProcSample &p : scan()) {
        // Zombies left out (and the owner's GPU helper); a replica's leader is recorded with its
        // replica.
        if (isJobProcess(p) && !leaders.contains(p.pid))
            seen.append({p.pid, p.startTime});
    }
    std::sort(seen.begin(), seen.end(), [](const auto &a, const auto &b) { return a.pid < b.pid; });
    if (seen == *processes)
        return false;
    *processes = seen;
    return true;
}

void Containment::signalAll(int signal)
{
    for (const ReplicaSet *set : m_sets) {
        for (ReplicaProcess *replica : set->processes()) {
            if (signal == SIGKILL)
                replica->killGroup();
            else
                replica->terminateGroup();
        }
    }
    signalDescendants(signal);
}

bool Containment::processesLeft()
{
    return !runningReplicaPids().isEmpty() || anyAlive(scan());
}

bool Containment::aloneActive(const ReplicaSet &set) const
{
    return std::none_of(m_sets.cbegin(), m_sets.cend(), [&set](const ReplicaSet *other) {
        return other != &set && other->isActive();
    });
}

bool Containment::anyAlive(const std::vector<store::ProcSample> &processes)
{
    return std::any_of(processes.cbegin(), processes.cend(), isJobProcess);
}

QList<store::ProcStat> Containment::ownedBy(const ReplicaSet &set)
{
    QSet<qint64> groups;
    QSet<qint64> roots;
    for (const ReplicaProcess *replica : set.processes()) {
        if (replica->pgid() > 0)
            groups.insert(replica->pgid());
        if (replica->isRunning())
            roots.insert(replica->pid());
    }
    const std::vector<store::ProcSample> &all = scan();
    QHash<qint64, qint64> parent;
    for (const store::ProcSample &p : all)
        parent.insert(p.pid, p.ppid);
    QList<store::ProcStat> owned;
    for (const store::ProcSample &p : all) {
        if (p.isZombie())
            continue;
        bool mine = groups.contains(p.pgid);
        for (qint64 up = p.pid; !mine && up > 1 && parent.contains(up); up = parent.value(up))
            mine = roots.contains(up);
        if (mine)
            owned.append(p.stat());
    }
    return owned;
}

void Containment::signalSet(const ReplicaSet &set, int signal)
{
    for (ReplicaProcess *replica : set.processes()) {
        if (signal == SIGKILL)
            replica->killGroup();
        else
            replica->terminateGroup();
    }
    if (aloneActive(set)) {
        signalDescendants(signal);
        return;
    }
    const QList<store::ProcStat> owned = ownedBy(set);
    for (const store::ProcStat &p : owned)
        store::signalIfSame({p.pid, p.startTime, store::currentBootId()}, signal);
}

bool Containment::setProcessesLeft(const ReplicaSet &set)
{
    for (const ReplicaProcess *replica : set.processes()) {
        if (replica->isRunning())
            return true;
    }
    if (aloneActive(set))
        return anyAlive(scan());
    return !ownedBy(set).isEmpty();
}

} // namespace trainyard::exec
