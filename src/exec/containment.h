// SPDX-License-Identifier: MIT
// Keeping every process a job starts inside the job. The owner process becomes a child
// subreaper (prctl PR_SET_CHILD_SUBREAPER): a descendant whose parent exits — also one that
// started a session of its own (setsid, Popen(start_new_session=True), daemons) — is re-parented
// to the owner instead of to init, so "the descendants of the owner" are exactly the job's
// processes. The owner records their identities in the state (recovery kills them by identity
// when the owner itself dies), signals them when the job ends and reaps the adopted ones.
#pragma once

#include "store/jobstate.h"
#include "store/procidentity.h"
#include "store/procscan.h"

#include <QList>
#include <QSet>

namespace trainyard::exec {

// Makes this process a child subreaper. False when the kernel refuses (then descendants that
// leave their group can escape; the owner notes it).
bool becomeChildSubreaper();

// The live descendants of `root` (not root itself), zombies left out, from one walk of /proc.
QList<store::ProcStat> descendantsOf(qint64 root);

// True when a live descendant of this process belongs to process group `pgid`: the group is
// then provably the one this process started, whatever its leader's fate.
bool isOwnGroup(qint64 pgid);

// Signals every live descendant of this process; returns how many were signalled.
int signalDescendants(int signal);

// Reaps zombies among this process's children that are not in `exclude` nor started by the
// spawner and still unclaimed (spawner.h: their ReplicaProcess reaps them; children a QProcess
// waits for itself): descendants adopted as subreaper. Returns how many were reaped.
int reapAdoptedChildren(const QSet<qint64> &exclude);

class ReplicaSet;

// The owner's containment of a job's processes: every descendant of the owner is the job's,
// found by one store::DescendantScan per look (the owner's descendants' stat files and a listing
// of /proc, not every process of the machine, every 500 ms); each look also reaps the adopted
// descendants that exited.
// Replica sets register themselves (ReplicaSet's constructor); while several sets run side by
// side (tuning trials in parallel) a set that stops signals only what is provably its own: its
// replicas' process groups and the descendants of its replicas. Descendants that left their
// replica for a session of their own were adopted by the owner and cannot be told apart; they
// are signalled by the set that stops when no other set is active, and by signalAll().
class Containment
{
public:
    Containment() = default;
    Containment(const Containment &) = delete;
    Containment &operator=(const Containment &) = delete;

    void add(const ReplicaSet *set);
    void remove(const ReplicaSet *set);

    // Records the live descendants' identities (replica group leaders left out: they are
    // recorded with their replica) and reaps adopted ones. True when *processes changed.
    bool recordProcesses(QList<store::JobState::RecordedProcess> *processes);
    // Signals every replica group of every set and every other descendant.
    void signalAll(int signal);
    // True while a replica runs or any descendant of the owner is alive.
    bool processesLeft();
    // The same for one set (see above for which descendants are its own).
    void signalSet(const ReplicaSet &set, int signal);
    bool setProcessesLeft(const ReplicaSet &set);

private:
    // The running replicas' pids of every set (their ReplicaProcess reaps these itself).
    QSet<qint64> runningReplicaPids() const;
    bool aloneActive(const ReplicaSet &set) const;
    // The owner's descendants now, zombies included, after reaping the adopted ones.
    const std::vector<store::ProcSample> &scan();
    static bool anyAlive(const std::vector<store::ProcSample> &processes);
    // Live descendants of the owner that belong to `set`: in one of its groups, or below one of
    // its replicas.
    QList<store::ProcStat> ownedBy(const ReplicaSet &set);

    QList<const ReplicaSet *> m_sets;
    store::DescendantScan m_scan;
};

} // namespace trainyard::exec
