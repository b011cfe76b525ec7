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

} // namespace

bool StepTracker::addLine(const char *data, qsizetype size)
{
    if (!mentionsStep(data, size))
        return false;
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
