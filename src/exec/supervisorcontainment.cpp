// SPDX-License-Identifier: MIT
// The owner's containment of the job's processes (see supervisor.h and containment.h).
#include "exec/containment.h"
#include "exec/replicaprocess.h"
#include "exec/supervisor.h"

#include <QCoreApplication>
#include <algorithm>
#include <signal.h>
#include <unistd.h>

namespace trainyard::exec {

void Supervisor::recordProcesses()
{
    QSet<qint64> running; // QProcess reaps these itself
    QSet<qint64> leaders;
    for (const ReplicaProcess *replica : m_replicas) {
        if (replica->isRunning())
            running.insert(replica->pid());
        leaders.insert(replica->pgid());
    }
    reapAdoptedChildren(running);
    QList<store::JobState::RecordedProcess> seen;
    const QList<store::ProcStat> descendants = descendantsOf(qint64(::getpid()));
    for (const store::ProcStat &p : descendants) {
        if (!leaders.contains(p.pid)) // a replica's leader is recorded with its replica
            seen.append({p.pid, p.startTime});
    }
    std::sort(seen.begin(), seen.end(),
              [](const auto &a, const auto &b) { return a.pid < b.pid; });
    if (seen != m_state.processes) {
        m_state.processes = seen;
        m_dirty = true;
    }
}

void Supervisor::signalJobProcesses(int signal)
{
    for (ReplicaProcess *replica : m_replicas) {
        if (signal == SIGKILL)
            replica->killGroup();
        else
            replica->terminateGroup();
    }
    signalDescendants(signal);
}

bool Supervisor::jobProcessesLeft()
{
    QSet<qint64> running;
    for (const ReplicaProcess *replica : m_replicas) {
        if (replica->isRunning())
            running.insert(replica->pid());
    }
    reapAdoptedChildren(running);
    return !running.isEmpty() || !descendantsOf(qint64(::getpid())).isEmpty();
}

} // namespace trainyard::exec
