// SPDX-License-Identifier: MIT
#include "metrics/proctree.h"

#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace trainyard::metrics {

namespace {

struct Stat
{
    qint64 pid = 0;
    qint64 ppid = 0;
    qint64 session = 0;
    char state = '?';
    quint64 ticks = 0; // utime + stime
    quint64 start = 0; // clock ticks after boot
    qint64 rssPages = 0;
};

// Parses /proc/PID/stat without allocating: "pid (comm) state ppid pgrp session ..." with utime
// and stime fields 14 and 15, starttime 22 and rss 24 (proc(5)); comm may hold spaces and ')'.
bool readStat(qint64 pid, Stat *out)
{
    char path[40];
    std::snprintf(path, sizeof path, "/proc/%lld/stat", static_cast<long long>(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char buf[1024];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0)
        return false;
    buf[n] = '\0';
    const char *p = std::strrchr(buf, ')');
    if (!p || p[1] != ' ')
        return false;
    p += 2;
    out->pid = pid;
    out->state = *p;
    // Fields from 4 on, numbered as in proc(5).
    int field = 3;
    char *end = nullptr;
    ++p;
    quint64 utime = 0;
    while (*p && field < 24) {
        ++field;
        const long long v = std::strtoll(p, &end, 10);
        if (end == p)
            return false;
        p = end;
        switch (field) {
        case 4:
            out->ppid = v;
            break;
        case 6:
            out->session = v;
            break;
        case 14:
            utime = quint64(v);
            break;
        case 15:
            out->ticks = utime + quint64(v);
            break;
        case 22:
            out->start = quint64(v);
            break;
        case 24:
            out->rssPages = v;
            break;
        default:
            break;
        }
    }
    return field == 24;
}

double bootSeconds()
{
    timespec ts{};
    ::clock_gettime(CLOCK_BOOTTIME, &ts);
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

ProcessTreeReader::ProcessTreeReader()
    : m_ticksPerSecond(double(::sysconf(_SC_CLK_TCK)))
    , m_pageMiB(double(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0))
{}

QList<TreeUsage> ProcessTreeReader::read(const QList<TreeRoot> &roots)
{
    const double now = bootSeconds();
    if (!sameRoots(roots, m_roots) || ++m_passes % FullPassEvery == 0) {
        m_outside.clear();
        std::unordered_map<qint64, quint64> starts;
        for (const TreeRoot &r : roots) {
            if (const auto it = m_rootStarts.find(r.pid); it != m_rootStarts.end())
                starts.insert(*it);
        }
        m_rootStarts.swap(starts);
        m_roots = roots;
    }
    m_statReads = 0;

    // The candidates: every process not known to be outside.
    std::vector<Stat> stats;
    std::unordered_map<qint64, size_t> index;
    std::unordered_set<qint64> stillOutside;
    if (DIR *dir = ::opendir("/proc")) {
        while (const dirent *e = ::readdir(dir)) {
            if (e->d_name[0] < '1' || e->d_name[0] > '9')
                continue;
            char *end = nullptr;
            const qint64 pid = std::strtoll(e->d_name, &end, 10);
            if (*end)
                continue;
            if (m_outside.count(pid)) {
                stillOutside.insert(pid);
                continue;
            }
            Stat s;
            ++m_statReads;
            if (!readStat(pid, &s))
                continue; // gone meanwhile
            index.emplace(pid, stats.size());
            stats.push_back(s);
        }
        ::closedir(dir);
    }
    m_outside.swap(stillOutside);

    // Which root each candidate belongs to: -1 none, else the root's position in `roots`.
    std::vector<int> owner(stats.size(), -2);  // -2: not decided yet
    std::unordered_map<qint64, int> rootOf;    // root pid -> position
    std::unordered_map<qint64, int> sessionOf; // session led by a root -> position
    for (int r = 0; r < roots.size(); ++r) {
        const qint64 pid = roots.at(r).pid;
        const auto it = index.find(pid);
        if (pid <= 1 || it == index.end())
            continue;
        const Stat &s = stats[it->second];
        if (s.state == 'Z' || s.state == 'X')
            continue; // exited, not reaped yet
        const auto [known, fresh] = m_rootStarts.emplace(pid, s.start);
        if (!fresh && known->second != s.start)
            continue; // the number is somebody else's now
        rootOf.emplace(pid, r);
        owner[it->second] = r;
        if (s.session == pid)
            sessionOf.emplace(pid, r);
    }
    std::vector<size_t> chain;
    for (size_t i = 0; i < stats.size(); ++i) {
        chain.clear();
        size_t k = i;
        int found = -1;
        while (true) {
            if (owner[k] != -2) {
                found = owner[k];
                break;
            }
            chain.push_back(k);
            if (const auto s = sessionOf.find(stats[k].session); s != sessionOf.end()) {
                found = s->second;
                break;
            }
            const auto parent = index.find(stats[k].ppid);
            if (parent == index.end() || chain.size() > stats.size())
                break; // init, the kernel, a process known to be outside, or a cycle (reuse)
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
    std::vector<quint64> ticks(size_t(roots.size()), 0);
    std::vector<bool> measured(size_t(roots.size()), false);
    std::unordered_map<Identity, quint64, IdentityHash> nextTicks;
    const double lastPassTicks = m_lastPassSeconds * m_ticksPerSecond;
    for (size_t i = 0; i < stats.size(); ++i) {
        const Stat &s = stats[i];
        if (owner[i] < 0) {
            m_outside.insert(s.pid);
            continue;
        }
        if (s.state == 'Z' || s.state == 'X')
            continue;
        const size_t r = size_t(owner[i]);
        TreeUsage &u = usage[qsizetype(r)];
        u.pids.append(s.pid);
        u.residentMiB += double(s.rssPages) * m_pageMiB;
        const Identity id{s.pid, s.start};
        nextTicks.emplace(id, s.ticks);
        if (const auto prev = m_ticks.find(id); prev != m_ticks.end()) {
            ticks[r] += s.ticks >= prev->second ? s.ticks - prev->second : 0;
            measured[r] = true;
        } else if (m_lastPassSeconds >= 0 && double(s.start) >= lastPassTicks) {
            ticks[r] += s.ticks; // started since the last pass: all of its time is new
            measured[r] = true;
        }
    }
    if (m_lastPassSeconds >= 0 && now > m_lastPassSeconds) {
        const double elapsed = now - m_lastPassSeconds;
        for (size_t r = 0; r < size_t(roots.size()); ++r) {
            if (usage[qsizetype(r)].alive && measured[r])
                usage[qsizetype(r)].cpuPercent =
                    100.0 * double(ticks[r]) / m_ticksPerSecond / elapsed;
        }
    }
    m_ticks.swap(nextTicks);
    m_lastPassSeconds = now;
    return usage;
}

} // namespace trainyard::metrics
