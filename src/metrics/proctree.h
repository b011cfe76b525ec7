// SPDX-License-Identifier: MIT
// CPU and memory of whole process trees (a replica and everything it started), read from /proc.
//
// A process belongs to a root's tree when the root is among its ancestors, or, for a root that
// leads a session of its own (every replica does: setsid), when it is in that session (a
// grandchild whose parent exited is re-parented to the owner, a child subreaper, but stays in
// the session). The roots are descendants of this process (the owner's replicas), so a pass looks
// only at this process's descendants (store::DescendantScan: the listing of /proc and the stat
// files of the job's processes, whatever else runs on the machine).
//
// CPU: per member, user + system time plus that of its children that exited and were waited for
// (cutime + cstime), as a delta since the previous pass. So a child that lives and exits between
// two passes (a shell loop starting short commands, a DataLoader worker) is counted once its
// parent waited for it; a member that exited since the last pass had its time counted up to
// then, and what its parent's figure gained by it beyond that is the rest of its life.
//
// Memory: each member's proportional set size (Pss of /proc/PID/smaps_rollup: a page shared by
// N processes counts 1/N to each), so 2,000 forked children sharing their parent's pages sum to
// what they really use, not 2,000 times the parent. Reading it walks the member's page tables
// (about 25 ms of CPU per GiB resident; a job of 80 GB would take two seconds a second), so it
// is read for a process seen for the first time, and for all of them again once what the last
// such round cost is PssBudget of the time since (0.5 % of a core: every 9 s for a 2 GiB
// process); between rounds a member's PSS is its resident set (stat, free) times the ratio last
// read. Where smaps_rollup cannot be read (a kernel before 4.14), the resident set counts.
#pragma once

#include "store/procscan.h"

#include <QList>
#include <QString>
#include <optional>
#include <unordered_map>

namespace trainyard::metrics {

struct TreeRoot
{
    QString source; // "chief-0", "worker-1.trial-3"
    qint64 pid = 0;
};

struct TreeUsage
{
    QString source;
    bool alive = false;               // the root process runs (same process as first seen)
    std::optional<double> cpuPercent; // % of one core since the previous pass (can exceed 100)
    double memoryMiB = 0;             // sum of the members' proportional set sizes (see above)
    QList<qint64> pids;               // the root and its members, zombies left out
};

// A process's proportional set size in KiB (smaps_rollup's Pss); nullopt where that file cannot
// be read.
std::optional<double> proportionalKiB(qint64 pid);

class ProcessTreeReader
{
public:
    static constexpr double PssBudget = 0.005; // of one core, for reading smaps_rollup

    ProcessTreeReader();

    // One pass: the usage of each root's tree, in the order of `roots`.
    QList<TreeUsage> read(const QList<TreeRoot> &roots);

    // Stat files read by the last pass (tests and benchmarks).
    int lastStatReads() const { return m_scan.lastStatReads(); }

private:
    struct Identity
    {
        qint64 pid;
        quint64 start;
        bool operator==(const Identity &o) const { return pid == o.pid && start == o.start; }
    };
    struct IdentityHash
    {
        size_t operator()(const Identity &i) const
        {
            return std::hash<qint64>()(i.pid) ^ (std::hash<quint64>()(i.start) << 1);
        }
    };
    // A member as the last pass saw it.
    struct Seen
    {
        quint64 ticks = 0;      // its own and its waited-for children's
        quint64 childTicks = 0; // its waited-for children's
        qint64 ppid = 0;
        int tree = -1;
        double pssPerRss = -1; // as last read from smaps_rollup (< 0: not read yet)
    };

    store::DescendantScan m_scan;
    double m_ticksPerSecond;
    double m_pageKiB;
    double m_lastPassSeconds = -1;                    // CLOCK_BOOTTIME of the previous pass
    double m_nextPssSeconds = 0;                      // when every member's PSS is read again
    QList<TreeRoot> m_roots;                          // as of the last pass
    std::unordered_map<qint64, quint64> m_rootStarts; // root pid -> start time first seen
    std::unordered_map<Identity, Seen, IdentityHash> m_seen; // members of the last pass
};

} // namespace trainyard::metrics
