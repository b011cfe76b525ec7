// SPDX-License-Identifier: MIT
// How responsive the GUI thread stays: a 10 ms timer on it, and the longest gap between two of
// its ticks. Used by the flood and highlight tests (gap < 100 ms) and the console benchmarks
// (printed).
//
// A gap is the GUI thread's own doing (code that ran, or blocked, instead of returning to the
// event loop) plus the time the thread was ready but the machine gave its CPU to somebody else.
// On a loaded 2-core machine (the tests run two at a time, beside trainers that flood their
// pipes) the second part alone can pass 100 ms. The kernel counts it per thread
// (/proc/thread-self/schedstat: time on the CPU, time waiting for one), so maxBlockedMs() is the
// longest gap less the waiting for a CPU within it: what the tests hold the code to.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <algorithm>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace trainyard::test {

class GuiTimerProbe : public QObject
{
public:
    explicit GuiTimerProbe(int intervalMs = 10)
    {
        m_timer.setInterval(intervalMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.elapsed();
            const qint64 waited = runQueueWaitMs();
            m_maxGapMs = std::max(m_maxGapMs, now - m_lastMs);
            m_maxBlockedMs = std::max(m_maxBlockedMs, now - m_lastMs - (waited - m_lastWaitedMs));
            m_lastMs = now;
            m_lastWaitedMs = waited;
        });
    }
    ~GuiTimerProbe() override
    {
        if (m_schedstat >= 0)
            ::close(m_schedstat);
    }

    // On the GUI thread: the thread whose waiting is read is the one that starts the probe.
    void start()
    {
        if (m_schedstat < 0)
            m_schedstat = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
        m_clock.start();
        m_lastMs = 0;
        m_lastWaitedMs = runQueueWaitMs();
        m_maxGapMs = 0;
        m_maxBlockedMs = 0;
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    // The longest gap between two ticks, as a user would feel it.
    qint64 maxGapMs() const { return m_maxGapMs; }
    // The same less the time the thread waited for a CPU (equal to maxGapMs() where the kernel
    // does not say).
    qint64 maxBlockedMs() const { return m_maxBlockedMs; }

private:
    // Nanoseconds this thread has waited on a run queue, in ms (the second field of schedstat).
    qint64 runQueueWaitMs() const
    {
        char text[96];
        const ssize_t n = m_schedstat >= 0 ? ::pread(m_schedstat, text, sizeof text - 1, 0) : -1;
        if (n <= 0)
            return 0;
        text[n] = '\0';
        char *end = nullptr;
        std::strtoll(text, &end, 10);
        return std::strtoll(end, nullptr, 10) / 1000000;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_schedstat = -1;
    qint64 m_lastMs = 0;
    qint64 m_lastWaitedMs = 0;
    qint64 m_maxGapMs = 0;
    qint64 m_maxBlockedMs = 0;
};

} // namespace trainyard::test
