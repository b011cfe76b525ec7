// SPDX-License-Identifier: MIT
// CPU and resident memory of whole process trees (a replica and everything it started), read from
// /proc/PID/stat: one file per process gives the parent, the session, user + system CPU time,
// the start time and the resident set.
//
// A process belongs to a root's tree when the root is among its ancestors, or, for a root that
// leads a session of its own (every replica does: setsid), when it is in that session (a
// grandchild whose parent exited is re-parented to the owner, but stays in the session).
//
// Cost: a pass lists /proc (one getdents) and reads the stat file of each tree member and of
// each process it has not seen before; a process once found outside every tree is not read again
// while its number stays listed (it cannot join a tree: its ancestors and session do not change
// but by leaving), so a steady machine costs a listing plus the members' files. The roots
// changing, and every FullPassEvery passes, clear what was learnt.
#pragma once

#include <QList>
#include <QString>
#include <optional>
#include <unordered_map>
#include <unordered_set>

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
    double residentMiB = 0;           // sum of the members' resident sets
    QList<qint64> pids;               // the root and its members, zombies left out
};

class ProcessTreeReader
{
public:
    static constexpr int FullPassEvery = 30;

    ProcessTreeReader();

    // One pass over /proc: the usage of each root's tree, in the order of `roots`.
    QList<TreeUsage> read(const QList<TreeRoot> &roots);

    // Stat files read by the last pass (tests and benchmarks).
    int lastStatReads() const { return m_statReads; }

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

    double m_ticksPerSecond;
    double m_pageMiB;
    double m_lastPassSeconds = -1; // CLOCK_BOOTTIME of the previous pass
    int m_passes = 0;
    int m_statReads = 0;
    QList<TreeRoot> m_roots;                          // as of the last pass
    std::unordered_map<qint64, quint64> m_rootStarts; // root pid -> start time first seen
    std::unordered_set<qint64> m_outside;             // pids known to be in no tree
    std::unordered_map<Identity, quint64, IdentityHash> m_ticks; // member -> CPU ticks last pass
};

} // namespace trainyard::metrics
