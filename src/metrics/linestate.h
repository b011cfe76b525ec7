// SPDX-License-Identifier: MIT
// The rule for a sequence of lines of one log: where each value goes on the x axis, which
// progress bar redraws are new measurements, and which step a line written beside a bar belongs
// to. One per log, fed its lines in order (with their stream and capture time).
//
// x position of a line's values, the trainer's own step:
//   1. the line's own step (step=, global_step=, "step": in a dict or a bar's postfix, the
//      number after a step word, a boosting round);
//   2. on a progress bar, its counter: n, or epoch * total + n when its description names the
//      epoch ("Epoch 3", Lightning's "Epoch 3/9"), which is the global step of Lightning's and
//      most epoch loops' bars;
//   3. on a Keras progress line, the global batch: (epoch - 1) * steps per epoch + batch, 1-based
//      as Keras counts ("25/40" after "Epoch 2/5" is 65), the epoch from the last "Epoch k/K"
//      line (1 without one) and the steps per epoch the line's own total, whatever lines were
//      left out before it;
//   4. a line without a step written through a progress bar (tqdm.write(), which clears the bar,
//      prints and draws the bar again with its current counter: transformers' ProgressCallback
//      writes its log dicts so, bar.write(str(logs))) takes the counter of the bar line drawn
//      after that clear: the bar's counter at that moment, never a redraw that was on screen
//      before (tqdm redraws at most every mininterval, so that one may be older) nor a later one.
//      The clear belongs to the line when it was captured within ClearMs of it (the two pipes'
//      data of one pass of the owner's event loop are stored the bar's stream first, so the clear,
//      the bar drawn again and even later redraws can come before the line in the log);
//   5. another line without a step written while a bar was on the terminal (its last line ended
//      in "\r", on the other stream) takes the counter that bar showed when the line was
//      written: the counter of the bar's next line.
//      A line of 4. or 5. waits for the bar's next line, at most MaxWaitMs (then, and at
//      finish(), it takes the last counter shown);
//   6. else the log's last step: the last of 1.-5. on an earlier line, where the counter of a bar
//      without values counts too unless the bar is drawn below another one (tqdm position > 0:
//      an evaluation bar);
//   7. else none: the series numbers its points 0, 1, 2, ...
//
// Progress bars (tqdm, Lightning's bars, Keras): at most one point per series per counter value
// the bar shows. Redraws with the same counter replace the value (the last one shown wins); the
// value is stored when the counter moves on, when the bar's line ends (a line that does not end
// in "\r") or at finish(); and only when it differs from the value last stored for that series
// (a postfix repeated by later redraws is no new measurement). A bar is its description
// without digits ("Epoch 0" and "Epoch 1" are one bar that Lightning resets every epoch); the
// metric lines that rich wraps below its bar belong to that bar.
//
// Epoch summaries: a Keras progress line's value for a name the log's per-step lines also report
// (mnist_like's "step=20 loss=…" lines and its epoch line "20/20 [===] - … loss: …") goes to
// "<name> (epoch)", never a second value at a per-step series' step. A Keras line whose total
// differs from its epoch's (model.evaluate() after fit) goes to "<name> (evaluate)" at the last
// training step. LightGBM's early-stopping repeat of its best round is skipped.
#pragma once

#include "metrics/extract.h"

#include <QByteArray>
#include <vector>

namespace trainyard::metrics {

class LogLineState
{
public:
    static constexpr qint64 MaxWaitMs = 1000;
    static constexpr qint64 ClearMs = 2;

    struct Point
    {
        const char *name; // valid until the next call on this state
        qsizetype size;
        double step; // < 0: none (number the series' points)
        double value;
        qint64 wallMs; // when the line it came from was captured
    };

    // The points of one line (appended to *out, which is not cleared); stream 0 is stdout,
    // 1 stderr. Points of earlier lines that waited may come first.
    void take(const LineScan &line, int stream, qint64 wallMs, std::vector<Point> *out);
    void take(const LineScan &line, std::vector<Point> *out) { take(line, 0, 0, out); }
    // Everything still waiting (lines beside a bar, bar values not yet stored), now.
    void finish(std::vector<Point> *out);
    // Lines that waited since before beforeMs for a bar: stored at the bar's last counter.
    void expire(qint64 beforeMs, std::vector<Point> *out);
    bool hasWaiting() const;

    bool hasLastStep() const { return m_hasLastStep; }
    double lastStep() const { return m_lastStep; }
    void setLastStep(double step)
    {
        m_lastStep = step;
        m_hasLastStep = true;
    }

private:
    struct Slot // one series of a bar
    {
        QByteArray name;
        double x = 0;
        double value = 0;
        qint64 wallMs = 0;
        bool pending = false; // shown, not stored yet
        bool stored = false;  // storedX, storedValue valid
        double storedX = 0;
        double storedValue = 0;
    };
    struct Bar
    {
        quint64 key;
        std::vector<Slot> series;
        bool repeats = true; // it shows values again unchanged (a postfix; not Keras's lines)
    };
    struct Waiting // a value of a line written beside a bar
    {
        QByteArray name;
        double value;
        qint64 wallMs;
    };
    struct StreamBar // the last bar drawn on a stream
    {
        bool open = false; // its last line ended in "\r" (blank redraws keep it open)
        bool hasX = false;
        double x = 0;
        // The bar's last clears not yet taken by a line (a blank line after it: tqdm.write()
        // clears the bar, prints, and draws the bar again), oldest first, each with the counter
        // of the first bar line after it.
        struct Clear
        {
            qint64 ms;
            bool hasAfter;
            double afterX;
        };
        std::vector<Clear> clears;
    };

    Bar &bar(quint64 key);
    void storeSlot(Slot &slot, bool repeats, std::vector<Point> *out);
    void storePending(Bar &bar, std::vector<Point> *out);
    void takeBar(const LineScan &line, double x, bool hasX, quint64 key, qint64 wallMs,
                 std::vector<Point> *out);
    void resolveWaiting(double x, bool hasX, std::vector<Point> *out);
    void storePoint(const QByteArray &name, double x, double value, qint64 wallMs,
                    std::vector<Point> *out);
    void pushPoint(const char *name, qsizetype size, double x, double value, qint64 wallMs,
                   std::vector<Point> *out);
    const QByteArray &renamed(const char *name, qsizetype size, const char *suffix);
    bool isStepName(const char *name, qsizetype size) const;
    void noteStepName(const char *name, qsizetype size);

    std::vector<Bar> m_bars;
    std::vector<QByteArray> m_owned; // names of points emitted by this call (from storage)
    std::vector<Waiting> m_waiting;
    int m_waitStream = -1;
    StreamBar m_streams[2];
    std::vector<QByteArray> m_stepNames; // names the per-step lines report
    std::vector<QByteArray> m_renamed;   // "<name> (epoch)", "<name> (evaluate)"
    double m_lastStep = 0;
    bool m_hasLastStep = false;
    bool m_inBarBlock = false; // the previous line was a bar (or its metric lines)
    quint64 m_blockKey = 0;
    double m_blockX = 0;
    bool m_blockHasX = false;
    double m_kerasEpoch = 1;
    double m_kerasTotal = 0; // the steps per epoch of the current epoch's lines (0: none yet)
    bool m_skipRound = false;
};

} // namespace trainyard::metrics
