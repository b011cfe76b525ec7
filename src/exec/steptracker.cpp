// SPDX-License-Identifier: MIT
#include "exec/steptracker.h"

#include <cmath>
#include <cstring>

namespace trainyard::exec {

namespace {

bool mentionsStep(const char *data, qsizetype size)
{
    // "step", "global_step", "Step": the keys extract.h reads as the x position.
    const char *p = data;
    const char *const end = data + size;
    while (p < end) {
        const auto *t = static_cast<const char *>(memmem(p, size_t(end - p), "tep", 3));
        if (t == nullptr)
            return false;
        if (t > data && (t[-1] == 's' || t[-1] == 'S'))
            return true;
        p = t + 1;
    }
    return false;
}

// "global_step=N", "global_step: N", "'global_step': N", "\"global_step\": N" (TensorFlow's
// logging, key=value prints, dicts and JSON lines).
std::optional<qint64> globalStep(const char *data, qsizetype size)
{
    static constexpr char key[] = "global_step";
    constexpr qsizetype keySize = sizeof key - 1;
    const auto *at = static_cast<const char *>(memmem(data, size_t(size), key, keySize));
    if (at == nullptr)
        return std::nullopt;
    const char *p = at + keySize;
    const char *const end = data + size;
    while (p < end && (*p == '"' || *p == '\'' || *p == ' '))
        ++p;
    if (p == end || (*p != '=' && *p != ':'))
        return std::nullopt;
    ++p;
    while (p < end && (*p == ' ' || *p == '"' || *p == '\''))
        ++p;
    qint64 value = 0;
    int digits = 0;
    for (; p < end && *p >= '0' && *p <= '9' && digits < 16; ++p, ++digits)
        value = value * 10 + (*p - '0');
    if (digits == 0 || (p < end && *p >= '0' && *p <= '9'))
        return std::nullopt;
    return value;
}

} // namespace

bool StepTracker::addLine(const char *data, qsizetype size)
{
    if (!mentionsStep(data, size))
        return false;
    // With parameter servers a worker counts its own steps from 0 at every start while the
    // global step (held by the servers) goes on: the global step says whether training resumed.
    if (const std::optional<qint64> global = globalStep(data, size)) {
        addStep(*global);
        return true;
    }
    m_scan.clear();
    metrics::MetricExtractor::scanBuiltIn(data, size, &m_scan);
    if (!m_scan.shape.hasStep || !std::isfinite(m_scan.shape.step) ||
        std::fabs(m_scan.shape.step) > 9.0e15)
        return false;
    addStep(qint64(m_scan.shape.step));
    return true;
}

void StepTracker::addStep(qint64 step)
{
    if (!m_first)
        m_first = step;
    if (!m_firstOfRun)
        m_firstOfRun = step;
    m_last = step;
}

void StepTracker::restarted()
{
    m_firstOfRun.reset();
}

} // namespace trainyard::exec
