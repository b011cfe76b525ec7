// SPDX-License-Identifier: MIT
#include "store/procscan.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace trainyard::store {

// Parses "pid (comm) state ppid pgrp session ..." with utime, stime, cutime and cstime as fields
// 14 to 17, starttime 22 and rss 24 (proc(5)); comm may hold spaces and ')'.
bool readProcSample(qint64 pid, ProcSample *out)
{
    char path[40];
    std::snprintf(path, sizeof path, "/proc/%lld/stat", static_cast<long long>(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char buf[1024];
    ssize_t n = 0;
    do {
        n = ::read(fd, buf, sizeof buf - 1);
    } while (n < 0 && errno == EINTR);
    ::close(fd);
    if (n <= 0)
        return false;
    buf[n] = '\0';
    const char *p = std::strrchr(buf, ')');
    if (!p || p[1] != ' ')
        return false;
    p += 2;
    *out = ProcSample();
    out->pid = pid;
    out->state = *p;
    ++p;
    int field = 3;
    char *end = nullptr;
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
        case 5:
            out->pgid = v;
            break;
        case 6:
            out->sid = v;
            break;
        case 14:
        case 15:
            out->cpuTicks += quint64(v);
            break;
        case 16:
        case 17:
            out->childTicks += quint64(v);
            break;
        case 22:
            out->startTime = quint64(v);
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

DescendantScan::DescendantScan(qint64 root)
    : m_root(root > 0 ? root : qint64(::getpid()))
{}

const std::vector<ProcSample> &DescendantScan::scan()
{
    struct Candidate
    {
        ProcSample sample;
        ino_t inode;
    };
    m_statReads = 0;
    std::vector<Candidate> candidates;
    std::unordered_map<qint64, size_t> index;
    std::unordered_map<qint64, ino_t> outside;
    outside.reserve(m_outside.size() + 16);
    m_descendants.clear();
    DIR *dir = ::opendir("/proc");
    if (!dir)
        return m_descendants;
    while (const dirent *e = ::readdir(dir)) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        char *end = nullptr;
        const qint64 pid = std::strtoll(e->d_name, &end, 10);
        if (*end || pid == m_root)
            continue;
        // Inode 1: proc could not give the entry one; read it.
        if (const auto known = m_outside.find(pid);
            known != m_outside.end() && known->second == e->d_ino && e->d_ino > 1) {
            outside.emplace(pid, e->d_ino);
            continue;
        }
        Candidate c{ProcSample(), e->d_ino};
        ++m_statReads;
        if (!readProcSample(pid, &c.sample))
            continue; // gone meanwhile
        index.emplace(pid, candidates.size());
        candidates.push_back(c);
    }
    ::closedir(dir);

    // Up each candidate's parents until the root (a descendant), or a process that is not a
    // candidate: one known to be outside, init, the kernel (0), or one gone meanwhile.
    std::vector<signed char> below(candidates.size(), -1); // -1: not decided yet
    std::vector<size_t> chain;
    for (size_t i = 0; i < candidates.size(); ++i) {
        chain.clear();
        size_t k = i;
        signed char found = 0;
        while (true) {
            if (below[k] >= 0) {
                found = below[k];
                break;
            }
            chain.push_back(k);
            const qint64 parent = candidates[k].sample.ppid;
            if (parent == m_root) {
                found = 1;
                break;
            }
            const auto up = index.find(parent);
            if (up == index.end() || chain.size() > candidates.size())
                break; // (a cycle: numbers reused while the listing ran)
            k = up->second;
        }
        for (size_t c : chain)
            below[c] = found;
    }
    for (size_t i = 0; i < candidates.size(); ++i) {
        if (below[i] == 1)
            m_descendants.push_back(candidates[i].sample);
        else
            outside.emplace(candidates[i].sample.pid, candidates[i].inode);
    }
    m_outside.swap(outside);
    return m_descendants;
}

} // namespace trainyard::store
