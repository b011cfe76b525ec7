// SPDX-License-Identifier: MIT
#include "metrics/proctree.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace trainyard::metrics {

namespace {

double seconds(clockid_t clock)
{
    timespec ts{};
    ::clock_gettime(clock, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

bool sameRoots(const QList<TreeRoot> &a, const QList<TreeRoot> &b)
{
    if (a.size() != b.size())
        return false;
    for (int i = 0; i < a.size(); ++i) {
        if (a.at(i).pid != b.at(i).pid || a.at(i).source != b.at(i).source)
            return false;
    }
    return true;
}

} // namespace

std::optional<double> proportionalKiB(qint64 pid)
{
    char path[48];
    std::snprintf(path, sizeof path, "/proc/%lld/smaps_rollup", static_cast<long long>(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    char buf[4096];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0)
        return std::nullopt;
    buf[n] = '\0';
    // "...[rollup]\nRss:  1234 kB\nPss:  567 kB\n..."
    const char *line = std::strstr(buf, "\nPss:");
    if (!line)
        return std::nullopt;
    char *end = nullptr;
    const long long kib = std::strtoll(line + 5, &end, 10);
    if (end == line + 5)
        return std::nullopt;
    return double(kib);
}

ProcessTreeReader::ProcessTreeReader()
    : m_ticksPerSecond(double(::sysconf(_SC_CLK_TCK)))
    , m_pageKiB(double(::sysconf(_SC_PAGESIZE)) / 1024.0)
{}

QList<TreeUsage> ProcessTreeReader::read(const QList<TreeRoot> &roots)
{
    const double now = seconds(CLOCK_BOOTTIME);
    const bool pssAgain = now >= m_nextPssSeconds;
    double pssCost = 0; // CPU seconds spent on smaps_rollup this pass
    const QList<TreeRoot> lastRoots = m_roots;
    if (!sameRoots(roots, m_roots)) {
        std::unordered_map<qint64, quint64> starts;
        for (const TreeRoot &r : roots) {
            if (const auto it = m_rootStarts.find(r.pid); it != m_rootStarts.end())
                starts.insert(*it);
        }
        m_rootStarts.swap(starts);
        m_roots = roots;
    }
    const std::vector<store::ProcSample> &all = m_scan.scan();
    std::unordered_map<qint64, size_t> index;
    index.reserve(all.size());
    for (size_t i = 0; i < all.size(); ++i)
        index.emplace(all[i].pid, i);

    // Which root each process belongs to: -1 none, else the root's position in `roots`.
    std::vector<int> owner(all.size(), -2);    // -2: not decided yet
    std::unordered_map<qint64, int> rootOf;    // root pid -> position
    std::unordered_map<qint64, int> sessionOf; // session led by a root -> position
    for (int r = 0; r < roots.size(); ++r) {
        const qint64 pid = roots.at(r).pid;
        const auto it = index.find(pid);
        if (pid <= 1 || it == index.end())
            continue;
        const store::ProcSample &s = all[it->second];
        if (s.isZombie())
            continue; // exited, not reaped yet
        const auto [known, fresh] = m_rootStarts.emplace(pid, s.startTime);
        if (!fresh && known->second != s.startTime)
            continue; // the number is somebody else's now
        rootOf.emplace(pid, r);
        owner[it->second] = r;
        if (s.sid == pid)
            sessionOf.emplace(pid, r);
    }
    std::vector<size_t> chain;
    for (size_t i = 0; i < all.size(); ++i) {
        chain.clear();
        size_t k = i;
        int found = -1;
        while (true) {
            if (owner[k] != -2) {
                found = owner[k];
                break;
            }
            chain.push_back(k);
            if (const auto s = sessionOf.find(all[k].sid); s != sessionOf.end()) {
                found = s->second;
                break;
            }
            const auto parent = index.find(all[k].ppid);
            if (parent == index.end() || chain.size() > all.size())
                break; // this process (the owner), or a cycle (numbers reused meanwhile)
            k = parent->second;
        }
        for (size_t c : chain)
            owner[c] = found;
    }

    QList<TreeUsage> usage;
    usage.reserve(roots.size());
    for (const TreeRoot &r : roots) {
        TreeUsage u;
        u.source = r.source;
        u.alive = rootOf.count(r.pid) > 0;
        usage.append(u);
    }
    std::vector<qint64> ticks(size_t(roots.size()), 0);
    std::vector<bool> measured(size_t(roots.size()), false);
    std::unordered_map<Identity, Seen, IdentityHash> seen;
    // How much the children's figure of each member seen before grew since (pid -> ticks): what
    // members that exited meanwhile can have brought into it.
    std::unordered_map<qint64, qint64> childGrowth;
    const double lastPassTicks = m_lastPassSeconds * m_ticksPerSecond;
    for (size_t i = 0; i < all.size(); ++i) {
        const store::ProcSample &s = all[i];
        if (owner[i] < 0)
            continue;
        const size_t r = size_t(owner[i]);
        const quint64 total = s.cpuTicks + s.childTicks;
        const Identity id{s.pid, s.startTime};
        Seen &member = seen.emplace(id, Seen{total, s.childTicks, s.ppid, owner[i]}).first->second;
        if (const auto prev = m_seen.find(id); prev != m_seen.end()) {
            ticks[r] += total >= prev->second.ticks ? qint64(total - prev->second.ticks) : 0;
            measured[r] = true;
            member.pssPerRss = prev->second.pssPerRss;
            if (s.childTicks > prev->second.childTicks)
                childGrowth.emplace(s.pid, qint64(s.childTicks - prev->second.childTicks));
        } else if (m_lastPassSeconds >= 0 && double(s.startTime) >= lastPassTicks) {
            ticks[r] += qint64(total); // started since the last pass: all of its time is new
            measured[r] = true;
        }
        if (s.isZombie())
            continue; // its time counts; it holds no memory
        TreeUsage &u = usage[qsizetype(r)];
        u.pids.append(s.pid);
        const double rssKiB = double(s.rssPages) * m_pageKiB;
        if (pssAgain || member.pssPerRss < 0) {
            const double before = seconds(CLOCK_THREAD_CPUTIME_ID);
            const std::optional<double> pss = proportionalKiB(s.pid);
            pssCost += seconds(CLOCK_THREAD_CPUTIME_ID) - before;
            member.pssPerRss = pss && rssKiB > 0 ? *pss / rssKiB : 1.0; // no file: the RSS
        }
        u.memoryMiB += rssKiB * member.pssPerRss / 1024.0;
    }
    if (pssAgain) // (a process seen for the first time is read at once, outside the budget)
        m_nextPssSeconds = now + pssCost / PssBudget;

    // Members gone since the last pass: the parent that waited for one (or the first of its
    // ancestors still here, when they exited too) got all of its time in its children's figure,
    // of which what was counted before is not new (at most what that figure grew by: a child
    // reaped without a wait, SIGCHLD ignored, brings nothing). One reaped outside the tree (by
    // the owner, after its parent exited) took the rest of its time along.
    std::unordered_map<qint64, const Seen *> lastByPid;
    for (const auto &[id, was] : m_seen) {
        if (seen.count(id) == 0)
            lastByPid.emplace(id.pid, &was);
    }
    for (const auto &gone : lastByPid) {
        const Seen *was = gone.second;
        qint64 up = was->ppid;
        for (size_t hops = 0; hops <= lastByPid.size(); ++hops) {
            if (const auto here = index.find(up); here != index.end()) {
                // the same process as at the last pass (only those have a growth), in that tree
                const int tree = owner[here->second];
                const auto grown = childGrowth.find(up);
                if (tree >= 0 && was->tree < lastRoots.size() &&
                    roots.at(tree).source == lastRoots.at(was->tree).source &&
                    grown != childGrowth.end()) {
                    const qint64 counted = std::min(qint64(was->ticks), grown->second);
                    grown->second -= counted;
                    ticks[size_t(tree)] -= counted;
                }
                break;
            }
            const auto above = lastByPid.find(up);
            if (above == lastByPid.end())
                break;
            up = above->second->ppid;
        }
    }

    if (m_lastPassSeconds >= 0 && now > m_lastPassSeconds) {
        const double elapsed = now - m_lastPassSeconds;
        for (size_t r = 0; r < size_t(roots.size()); ++r) {
            if (usage[qsizetype(r)].alive && measured[r])
                usage[qsizetype(r)].cpuPercent =
                    100.0 * double(std::max<qint64>(0, ticks[r])) / m_ticksPerSecond / elapsed;
        }
    }
    m_seen.swap(seen);
    m_lastPassSeconds = now;
    return usage;
}

} // namespace trainyard::metrics
