// SPDX-License-Identifier: MIT
// How responsive the GUI thread stays: a 10 ms timer on it, and the longest gap between two of
// its ticks. Used by the flood test (gap < 100 ms) and the console benchmark (printed).
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <algorithm>

namespace trainyard::test {

class GuiTimerProbe : public QObject
{
public:
    explicit GuiTimerProbe(int intervalMs = 10)
    {
        m_timer.setInterval(intervalMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.elapsed();
            m_maxGapMs = std::max(m_maxGapMs, now - m_lastMs);
            m_lastMs = now;
        });
    }

    void start()
    {
        m_clock.start();
        m_lastMs = 0;
        m_maxGapMs = 0;
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    qint64 maxGapMs() const { return m_maxGapMs; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastMs = 0;
    qint64 m_maxGapMs = 0;
};

} // namespace trainyard::test
