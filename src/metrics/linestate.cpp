// SPDX-License-Identifier: MIT
#include "metrics/linestate.h"

#include <cmath>
#include <cstring>

namespace trainyard::metrics {

namespace {

// Keras's progress lines are one bar.
constexpr quint64 KerasBarKey = 0x4b657261735f6261ULL;

bool sameValue(double a, double b)
{
    return a == b || (std::isnan(a) && std::isnan(b));
}

bool nameIs(const QByteArray &name, const char *data, qsizetype size)
{
    return name.size() == size && std::memcmp(name.constData(), data, std::size_t(size)) == 0;
}

} // namespace

LogLineState::Bar &LogLineState::bar(quint64 key)
{
    for (Bar &b : m_bars) {
        if (b.key == key)
            return b;
    }
    m_bars.push_back(Bar{key, {}});
    return m_bars.back();
}

void LogLineState::pushPoint(const char *name, qsizetype size, double x, double value,
                             qint64 wallMs, std::vector<Point> *out)
{
    out->push_back(Point{name, size, x, value, wallMs});
}

void LogLineState::storePoint(const QByteArray &name, double x, double value, qint64 wallMs,
                              std::vector<Point> *out)
{
    m_owned.push_back(name);
    const QByteArray &kept = m_owned.back();
    pushPoint(kept.constData(), kept.size(), x, value, wallMs, out);
}

void LogLineState::storeSlot(Slot &slot, bool repeats, std::vector<Point> *out)
{
    slot.pending = false;
    // At most one point per counter value, and none for a value a postfix just repeats (Keras
    // shows each value once: an equal one is a new measurement).
    if (slot.stored &&
        (slot.storedX == slot.x || (repeats && sameValue(slot.storedValue, slot.value))))
        return;
    slot.stored = true;
    slot.storedX = slot.x;
    slot.storedValue = slot.value;
    storePoint(slot.name, slot.x, slot.value, slot.wallMs, out);
}

void LogLineState::storePending(Bar &bar, std::vector<Point> *out)
{
    for (Slot &slot : bar.series) {
        if (slot.pending)
            storeSlot(slot, bar.repeats, out);
    }
}

bool LogLineState::isStepName(const char *name, qsizetype size) const
{
    for (const QByteArray &n : m_stepNames) {
        if (nameIs(n, name, size))
            return true;
    }
    return false;
}

void LogLineState::noteStepName(const char *name, qsizetype size)
{
    if (m_stepNames.size() < 256 && !isStepName(name, size))
        m_stepNames.emplace_back(name, size);
}

const QByteArray &LogLineState::renamed(const char *name, qsizetype size, const char *suffix)
{
    const auto suffixSize = qsizetype(std::strlen(suffix));
    for (const QByteArray &r : m_renamed) {
        if (r.size() == size + suffixSize &&
            std::memcmp(r.constData(), name, std::size_t(size)) == 0 &&
            std::memcmp(r.constData() + size, suffix, std::size_t(suffixSize)) == 0)
            return r;
    }
    m_renamed.push_back(QByteArray(name, size) + suffix);
    return m_renamed.back();
}

void LogLineState::resolveWaiting(double x, bool hasX, std::vector<Point> *out)
{
    if (m_waiting.empty())
        return;
    const double at = hasX ? x : (m_hasLastStep ? m_lastStep : -1);
    for (const Waiting &w : m_waiting) {
        storePoint(w.name, at, w.value, w.wallMs, out);
        noteStepName(w.name.constData(), w.name.size());
    }
    m_waiting.clear();
    m_waitStream = -1;
}

bool LogLineState::hasWaiting() const
{
    if (!m_waiting.empty())
        return true;
    for (const Bar &b : m_bars) {
        for (const Slot &s : b.series) {
            if (s.pending)
                return true;
        }
    }
    return false;
}

void LogLineState::expire(qint64 beforeMs, std::vector<Point> *out)
{
    m_owned.clear();
    if (!m_waiting.empty() && m_waiting.front().wallMs < beforeMs) {
        const StreamBar &sb = m_streams[m_waitStream];
        resolveWaiting(sb.x, sb.hasX, out);
    }
}

void LogLineState::finish(std::vector<Point> *out)
{
    m_owned.clear();
    if (!m_waiting.empty()) {
        const StreamBar &sb = m_streams[m_waitStream];
        resolveWaiting(sb.x, sb.hasX, out);
    }
    for (Bar &b : m_bars)
        storePending(b, out);
}

void LogLineState::takeBar(const LineScan &line, double x, bool hasX, quint64 key, qint64 wallMs,
                           std::vector<Point> *out)
{
    const LineShape &s = line.shape;
    Bar &b = bar(key);
    b.repeats = !s.keras;
    if (hasX) {
        for (Slot &slot : b.series) { // the counter moved on: what it showed before is final
            if (slot.pending && slot.x != x)
                storeSlot(slot, b.repeats, out);
        }
    }
    for (const LineScan::Value &v : line.values) {
        const char *name = v.name;
        qsizetype size = v.size;
        if (s.keras && isStepName(name, size)) {
            const QByteArray &r = renamed(name, size, " (epoch)");
            name = r.constData();
            size = r.size();
        }
        Slot *slot = nullptr;
        for (Slot &candidate : b.series) {
            if (nameIs(candidate.name, name, size)) {
                slot = &candidate;
                break;
            }
        }
        if (!slot) {
            b.series.push_back(Slot{});
            slot = &b.series.back();
            slot->name = QByteArray(name, size);
        }
        if (!hasX) {
            // A bar without a counter: a point when the value it shows changes.
            if (!slot->stored || !sameValue(slot->storedValue, v.value)) {
                slot->stored = true;
                slot->storedValue = v.value;
                slot->storedX = x;
                storePoint(slot->name, x, v.value, wallMs, out);
            }
            continue;
        }
        if (!(slot->pending && slot->x == x)) {
            slot->pending = true;
            slot->x = x;
        }
        slot->value = v.value; // the last one shown at this counter wins
        slot->wallMs = wallMs;
    }
    if (!s.redraw) // the bar's line ended: what it shows now is final
        storePending(b, out);
}

void LogLineState::take(const LineScan &line, int stream, qint64 wallMs, std::vector<Point> *out)
{
    m_owned.clear();
    stream = stream == 1 ? 1 : 0;
    const LineShape &s = line.shape;
    if (line.values.empty() && !s.bar && !s.keras && !s.blank && !s.hasStep && !s.repeatNext &&
        s.epochHeader <= 0 && m_waiting.empty()) {
        // A line without anything (most lines): it only ends a bar's line and a bar block.
        m_skipRound = false;
        m_streams[stream].open = false;
        m_inBarBlock = false;
        return;
    }
    if (!m_waiting.empty() && wallMs - m_waiting.front().wallMs >= MaxWaitMs) {
        const StreamBar &sb = m_streams[m_waitStream];
        resolveWaiting(sb.x, sb.hasX, out);
    }
    // Marker lines.
    if (s.repeatNext) {
        m_skipRound = true;
        return;
    }
    const bool skipRound = m_skipRound;
    m_skipRound = false;
    if (s.epochHeader > 0) {
        m_kerasEpoch = s.epochHeader;
        m_kerasTotal = 0;
        return;
    }
    if (s.round && skipRound)
        return; // LightGBM's repeat of its best round

    // Where this line's values go.
    const bool belowBar = s.pairsOnly && m_inBarBlock; // rich's metric lines below its bar
    bool barLine = false;                              // a bar that places the log's step
    bool hasX = false;
    double x = -1;
    bool evaluate = false;
    if (s.keras) {
        const double total = s.kerasTotal;
        if (m_kerasTotal <= 0)
            m_kerasTotal = total;
        if (total > 0 && m_kerasTotal > 0 && total != m_kerasTotal) {
            evaluate = true; // model.evaluate() after fit(): not a training step
        } else {
            x = total > 0 ? (m_kerasEpoch - 1) * total + s.kerasN : s.kerasN;
            hasX = true;
            barLine = true;
        }
    } else if (s.bar) {
        if (s.hasStep) {
            x = s.step;
            hasX = true;
        } else if (s.hasBarX) {
            x = s.barX;
            hasX = true;
        }
        barLine = hasX && !s.nested;
    } else if (belowBar) {
        x = m_blockX;
        hasX = m_blockHasX;
    } else if (s.hasStep) {
        x = s.step;
        hasX = true;
    }

    // A line of the stream a line waits on: the bar it waited for, or the end of its wait.
    StreamBar &own = m_streams[stream];
    if (!s.blank && m_waitStream == stream && !m_waiting.empty())
        resolveWaiting(barLine ? x : own.x, barLine || own.hasX, out);

    const bool plain = !s.bar && !s.keras && !belowBar && !s.hasStep && !line.values.empty();
    bool waits = false;
    if (plain) {
        const int other = 1 - stream;
        int on = -1;
        // Written through a bar (4.): the oldest clear not yet taken, the bar line after it seen
        // or to come.
        for (const int candidate : {other, stream}) {
            std::vector<StreamBar::Clear> &clears = m_streams[candidate].clears;
            while (!clears.empty() && wallMs - clears.front().ms > ClearMs)
                clears.erase(clears.begin()); // no line of its own came
            if (clears.empty())
                continue;
            const StreamBar::Clear clear = clears.front();
            clears.erase(clears.begin());
            if (clear.hasAfter) {
                x = clear.afterX;
                hasX = true;
            } else {
                on = candidate;
            }
            break;
        }
        // Written beside a bar on the other stream (5.): the bar's next line.
        if (!hasX && on < 0 && m_streams[other].open)
            on = other;
        if (on >= 0) {
            if (m_waitStream >= 0 && m_waitStream != on) {
                const StreamBar &sb = m_streams[m_waitStream];
                resolveWaiting(sb.x, sb.hasX, out);
            }
            m_waitStream = on;
            for (const LineScan::Value &v : line.values)
                m_waiting.push_back(Waiting{QByteArray(v.name, v.size), v.value, wallMs});
            waits = true;
        }
    }

    // The stream's bar.
    if (s.blank) {
        // A clear that comes while lines wait for this bar is theirs (stored late: the bar's
        // line before it ended only with the next write); otherwise a later line takes it.
        if (own.hasX && !(m_waitStream == stream && !m_waiting.empty())) {
            if (own.clears.size() >= 8)
                own.clears.erase(own.clears.begin());
            own.clears.push_back(StreamBar::Clear{wallMs, false, 0});
        }
    } else if (barLine) {
        own.open = s.redraw;
        own.hasX = true;
        own.x = x;
        if (!own.clears.empty() && !own.clears.back().hasAfter) {
            own.clears.back().hasAfter = true;
            own.clears.back().afterX = x;
        }
    } else if (!(s.bar && s.nested) && !(waits && m_waitStream == stream)) {
        own.open = false;
    }

    // The bar block (rich's wrapped metric lines belong to the bar above them).
    if (s.bar || s.keras) {
        m_inBarBlock = s.wraps;
        m_blockKey = s.keras ? KerasBarKey : s.barKey;
        m_blockX = x;
        m_blockHasX = hasX;
    } else if (!belowBar) {
        m_inBarBlock = false;
    }

    // The log's last step.
    if (s.hasStep && !s.bar)
        setLastStep(s.step);
    else if (barLine)
        setLastStep(x);

    if (waits)
        return;
    if (evaluate) {
        const double at = m_hasLastStep ? m_lastStep : -1;
        for (const LineScan::Value &v : line.values) {
            const QByteArray &r = renamed(v.name, v.size, " (evaluate)");
            storePoint(r, at, v.value, wallMs, out);
        }
        return;
    }
    if (s.bar || s.keras || belowBar) {
        takeBar(line, x, hasX, s.keras ? KerasBarKey : (s.bar ? s.barKey : m_blockKey), wallMs,
                out);
        return;
    }
    if (!hasX && m_hasLastStep) {
        x = m_lastStep;
    }
    for (const LineScan::Value &v : line.values) {
        if (!m_waiting.empty()) {
            // A series keeps its order: what waits for a bar goes first.
            for (const Waiting &w : m_waiting) {
                if (nameIs(w.name, v.name, v.size)) {
                    const StreamBar &sb = m_streams[m_waitStream];
                    resolveWaiting(sb.x, sb.hasX, out);
                    break;
                }
            }
        }
        noteStepName(v.name, v.size);
        pushPoint(v.name, v.size, x, v.value, wallMs, out);
    }
}

} // namespace trainyard::metrics
