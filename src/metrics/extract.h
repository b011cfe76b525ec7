// SPDX-License-Identifier: MIT
// Metric extraction from replica output: which numbers in a log line are training metrics.
//
// Built-in forms, tried in this order; the first that a line has is the only one read from it
// (a line can yield several values). Each follows the code that prints it:
//   | form                                   | example                                   | x from |
//   |----------------------------------------|-------------------------------------------|--------|
//   | Python dict / JSON object line         | {'loss': '0.6986', 'epoch': '0.08333'}     | "step",
//   "global_step" | |   transformers trainer.py Trainer.log(), trainer_callback.py
//   ProgressCallback.on_log |   (4.x floats, 5.x numbers as strings); JSON Lines of a trainer's own
//   logger | tqdm bar with a postfix                | Epoch 1:  50%|###  | 16/32
//   [00:01<00:01, 16.2it/s, loss=0.512] | counter | |   tqdm std.py format_meter; Lightning
//   callbacks/progress/tqdm_progress.py (v_num skipped) | Lightning's rich bar and the metric    |
//   Epoch 3/3 ━━━ 32/32 0:00:00 • 0:00:00 286.09it/s v_num: 0.000 | counter | |   lines it wraps
//   onto                  | train_loss: 0.619                          | the bar's | |   lightning
//   callbacks/progress/rich_progress.py (MetricsTextColumn, v_num skipped) | Keras progress "name:
//   value" parts     | 20/20 [====] - 0s 2ms/step - loss: 0.12 - acc: 0.9 | last | |   separated by
//   " - "                   |                                           |        | | key=value
//   pairs                        | step=100 loss=0.5 accuracy=0.81           | step= or
//   global_step= | | user regexes (settings), always added  | named groups: each group is a metric,
//   (?<step>) the step |  |
// The keys step, global_step and iteration give the x position and are not metrics themselves;
// "epoch" is a metric (charts can use it as an x axis).
//
// Values must parse as numbers (nan and inf in any case, NaN and Infinity included); anything
// else is ignored, so ordinary text such as "ERROR: boom" yields nothing. Inside a dict, nested
// values (lists, dicts, tensor(...)), booleans, None and text are skipped.
//
// NO MADE-UP SERIES. A number is a metric only where the line has the form of a metrics report
// as a whole. Lines that report the environment share the "name: value" look but mix it with
// values that are not numbers (`LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]`, `GPU available: True
// (cuda), used: True`) or have no "name:" at all (`Seed set to 0`, Lightning's parameter table):
// so a Keras-style line gives nothing when any of its "name: value" parts is not a number, and a
// line of bare "name: value" pairs only when every pair is numeric. Progress bars' own counters,
// rates and times are never metrics, nor is Lightning's v_num (the logger's version).
//
// Progress bars redraw the same values many times; MetricExtractor only reads a line. What a
// sequence of lines means (the x position of a value, which redraw is a new measurement) is
// LogLineState's rule, below.
//
// The hypertune metric file (JSON Lines written by cloudml-hypertune) has its own parser:
// parseHypertuneLine().
#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace trainyard::metrics {

struct MetricValue
{
    QString name;
    double value = 0;

    bool operator==(const MetricValue &o) const { return name == o.name && value == o.value; }
};

// What kind of line a value came from, for LogLineState.
struct LineShape
{
    bool hasStep = false; // an explicit step (step=, global_step=, "step": ...)
    double step = 0;
    bool bar = false;     // a progress bar's redraw (tqdm, Lightning's TQDM or rich bar)
    bool nested = false;  // a bar drawn below another one (tqdm position > 0: ends with ESC[A)
    bool hasBarX = false; // the bar's counter: n, or epoch * total + n with "Epoch E" before it
    double barX = 0;
    quint64 barKey = 0; // the bar's description without its digits (hashed): one bar over epochs
    bool wraps = false; // rich's bar: the metric lines right below it are its own
    bool pairsOnly = false; // only "name: value" pairs (rich's metric lines below its bar)
};

struct ExtractedLine
{
    std::optional<double> step; // the explicit step, else a bar's counter
    QList<MetricValue> values;
    LineShape shape;

    bool isEmpty() const { return values.isEmpty(); }
};

// The built-in forms of one line without allocating (after the first lines): names point into
// the line.
struct LineScan
{
    struct Value
    {
        const char *name;
        qsizetype size;
        double value;
    };
    std::vector<Value> values; // metrics in line order; a repeated name keeps its last value
    LineShape shape;

    void clear()
    {
        values.clear();
        shape = LineShape();
    }
    void add(const char *name, qsizetype size, double value);
};

// A user pattern with at least one named capture group (checked by isValid()).
struct UserPattern
{
    QRegularExpression regex;

    static UserPattern fromString(const QString &pattern);
    // Empty when usable, else why not (for the settings page).
    QString problem() const;
    bool isValid() const { return problem().isEmpty(); }
};

// The QSettings key holding the user's patterns (a QStringList) and a reader for it.
inline constexpr const char *UserPatternsSettingsKey = "metrics/userPatterns";
QList<UserPattern> userPatternsFromSettings();

class MetricExtractor
{
public:
    MetricExtractor() = default;
    explicit MetricExtractor(const QList<UserPattern> &patterns)
        : m_patterns(patterns)
    {}

    void setUserPatterns(const QList<UserPattern> &patterns) { m_patterns = patterns; }

    // The metrics on one line (raw bytes, no line end).
    ExtractedLine extract(const char *line, qsizetype size) const;
    ExtractedLine extract(const QByteArray &line) const
    {
        return extract(line.constData(), line.size());
    }

    static bool isStepKey(const QByteArray &key);
    static bool isStepKey(const char *key, qsizetype size);

    bool hasUserPatterns() const { return !m_patterns.isEmpty(); }
    // A cheap byte-level prefilter (memchr only): false when extract() cannot find anything on
    // the line (no '=', ':' or '|', and no user patterns). Thread-safe.
    bool mayHaveMetrics(const char *line, qsizetype size) const;
    // The built-in forms only, without allocating: what extract() finds without user patterns.
    static void scanBuiltIn(const char *line, qsizetype size, LineScan *out);

private:
    QList<UserPattern> m_patterns;
};

// The rule for a sequence of lines of one log: where each value goes on the x axis and which
// progress bar redraws are new measurements. One per log, fed its lines in order.
//
// x position of a line's values:
//   1. the line's own step (step=, global_step=, "step": in a dict or a bar's postfix);
//   2. else, on a progress bar, its counter: n, or epoch * total + n when its description names
//      the epoch ("Epoch 3", Lightning's "Epoch 3/9"), which is the global step of Lightning's
//      and most epoch loops' bars;
//   3. else the log's last step: the last of 1. and 2. on an earlier line, where the counter of a
//      bar without values counts too (transformers' training bar counts global steps, and the
//      dicts it writes between redraws belong there) unless the bar is drawn below another one
//      (tqdm position > 0: an evaluation bar);
//   4. else none: the series numbers its points 0, 1, 2, ...
// Progress bars: a redraw repeats what the bar shows; a value becomes a point only when the value
// that bar shows for that metric changed (or first appears). A bar is its description without
// digits ("Epoch 0" and "Epoch 1" are one bar that Lightning resets every epoch); the metric
// lines that rich wraps below its bar belong to that bar.
class LogLineState
{
public:
    struct Point
    {
        const char *name;
        qsizetype size;
        double step; // < 0: none (number the series' points)
        double value;
    };

    // The points of one line (appended to *out, which is not cleared).
    void take(const LineScan &line, std::vector<Point> *out);

    bool hasLastStep() const { return m_hasLastStep; }
    double lastStep() const { return m_lastStep; }
    void setLastStep(double step)
    {
        m_lastStep = step;
        m_hasLastStep = true;
    }

private:
    struct Shown
    {
        QByteArray name;
        double value;
    };
    struct Bar
    {
        quint64 key;
        std::vector<Shown> shown;
    };
    bool changed(quint64 bar, const char *name, qsizetype size, double value);

    std::vector<Bar> m_bars;
    double m_lastStep = 0;
    bool m_hasLastStep = false;
    bool m_inBarBlock = false; // the previous line was a bar (or its metric lines)
    quint64 m_blockKey = 0;
};

// One entry of a hypertune metric file.
struct HypertuneEntry
{
    double step = 0;   // global_step ("0" when missing)
    qint64 wallMs = 0; // timestamp (epoch seconds) in milliseconds
    QString trial;     // "0" when missing
    QList<MetricValue> values;
};

// Parses one JSON line of the file; std::nullopt when it is not an object with at least one
// numeric metric.
std::optional<HypertuneEntry> parseHypertuneLine(const QByteArray &line);

} // namespace trainyard::metrics
