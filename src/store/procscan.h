// SPDX-License-Identifier: MIT
// The descendants of a process (the job's owner: every process of its job), found at a cost
// that follows them and not the machine.
//
// A pass lists /proc once (one getdents per ~100 entries, no file opened per entry) and reads
// /proc/PID/stat only for the root's descendants and for processes it has not seen before. A
// process found outside the root's tree is remembered by its number and the inode of its
// /proc entry: it cannot join the tree (re-parenting moves a process up to a subreaper or init,
// never below another process), and a number passed to a new process comes with a new inode, so
// it is read again. With 2,000 unrelated processes on the machine a steady pass reads the job's
// few stat files and lists the rest.
#pragma once

#include "store/procidentity.h"

#include <sys/types.h>
#include <unordered_map>
#include <vector>

namespace trainyard::store {

// What /proc/PID/stat says of a process (its identity fields, ProcStat), its CPU time and
// resident set included.
struct ProcSample : ProcStat
{
    quint64 cpuTicks = 0; // utime + stime
    // cutime + cstime: the CPU time of its children that exited and were waited for (a child
    // that lived between two looks is counted in its parent's figure)
    quint64 childTicks = 0;
    qint64 rssPages = 0;

    bool isZombie() const { return state == 'Z' || state == 'X'; }
    const ProcStat &stat() const { return *this; }
};

// Reads /proc/PID/stat without allocating; false when the process is gone (or /proc is not
// there).
bool readProcSample(qint64 pid, ProcSample *out);

class DescendantScan
{
public:
    // The descendants of `root` (0: this process).
    explicit DescendantScan(qint64 root = 0);

    // One pass: every descendant of the root, zombies included, the root left out, in no
    // particular order.
    const std::vector<ProcSample> &scan();
    const std::vector<ProcSample> &descendants() const { return m_descendants; }
    qint64 root() const { return m_root; }
    // Stat files read by the last pass (tests and benchmarks).
    int lastStatReads() const { return m_statReads; }

private:
    qint64 m_root;
    int m_statReads = 0;
    std::unordered_map<qint64, ino_t> m_outside; // pid -> inode of its /proc entry
    std::vector<ProcSample> m_descendants;
};

} // namespace trainyard::store
