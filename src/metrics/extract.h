// SPDX-License-Identifier: MIT
// Metric extraction from replica output: which numbers in a log line are training metrics.
//
// Built-in forms, tried in this order; the first that a line has is the only one read from it
// (a line can yield several values). Each follows the code that prints it (the readers in
// lineforms*.cpp cite it):
//
//   Python dict / JSON object line   {'loss': '0.6986', 'epoch': '0.08333'}
//       transformers Trainer.log() / ProgressCallback.on_log (4.x floats, 5.x numbers as
//       strings), a trainer's own JSON Lines; x: "step" or "global_step"
//   tqdm bar with a postfix          Epoch 1:  50%|###  | 16/32 [00:01<00:01, 16.2it/s, loss=0.5]
//       tqdm std.py format_meter; Lightning's TQDM bar (v_num skipped); x: the counter
//   Lightning's rich bar             Epoch 3/3 ━━━ 32/32 0:00:00 • 0:00:00 286.09it/s v_num: 0
//       and the "name: value" lines it wraps below; x: the counter
//   boosting round                   [0]\ttrain-rmse:4.62228\tvalid-rmse:4.68355 (XGBoost),
//                                    [10]\tvalid_0's l2: 0.1 (LightGBM); x: the round
//   step word and pairs              step 12 loss 0.4321 acc 0.91, Step 12: loss 0.4321,
//                                    Epoch 2 step 12 loss=0.5, Iteration 3, loss = 0.4123
//                                    (scikit-learn MLP); x: the step word's number
//   "name: value" pairs only         train_loss: 0.619 val_loss: 0.602 (rich's wrapped lines)
//   ", "-joined "Name: value"        Norm: 6.12, NNZs: 4, Bias: -0.367, T: 150, Avg. loss: 0.57
//                                    (scikit-learn SGD), Test loss: 0.0239
//   Keras progress with a counter    237/422 [====>....] - ETA: 7s - loss: 0.0398 - acc: 0.98
//                                    (and keras 3's "━━━" bar, verbose=2's "20/20 - loss: 0.1");
//                                    x: the global batch, see LogLineState
//   key=value pairs                  step=100 loss=0.5 accuracy=0.81; x: step= or global_step=
//   Keras "name: value" parts        loss: 0.12 - acc: 0.9 (" - " between them)
//   user regexes (settings)          named groups: each group is a metric, (?<step>) the x
//
// Marker lines carry no value but place what follows: Keras's "Epoch 3/15", scikit-learn SGD's
// "-- Epoch 3" (the step of its next line) and LightGBM's "Early stopping, best iteration is:"
// (its next round line repeats an earlier round and is skipped).
// The keys step, global_step and iteration (any case) give the x position and are not metrics
// themselves; "epoch" is a metric (charts can use it as an x axis).
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
// line of bare "name: value" pairs only when every pair is numeric; a step word line only when
// everything after the step is "name number" pairs (`step 3 of 10: saving checkpoint` gives
// nothing). Progress bars' own counters, rates and times are never metrics, nor is Lightning's
// v_num (the logger's version).
//
// Progress bars redraw the same values many times; MetricExtractor only reads a line. What a
// sequence of lines means (the x position of a value, which redraw is a new measurement, which
// step a line written beside a bar belongs to) is LogLineState's rule (linestate.h).
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
    bool redraw = false;    // the line ends in a bare "\r": the next one of its stream redraws it
    bool blank = false;     // nothing a terminal shows (tqdm clears its bar so before a write())
    bool round = false;     // a boosting round (XGBoost, LightGBM): the step is the round
    bool keras = false;     // a Keras progress line: kerasN of kerasTotal (0: unknown)
    double kerasN = 0;
    double kerasTotal = 0;
    double epochHeader = 0;  // > 0: Keras's "Epoch k/K" line, k
    bool repeatNext = false; // LightGBM's "best iteration is:": the next round line repeats one
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

    // step, global_step, iteration, in any case.
    static bool isStepKey(const QByteArray &key);
    static bool isStepKey(const char *key, qsizetype size);

    bool hasUserPatterns() const { return !m_patterns.isEmpty(); }
    // A cheap byte-level prefilter (memchr and the first word): false when extract() cannot find
    // anything on the line (no '=', ':' or '|', no step or epoch word first, and no user
    // patterns). Thread-safe.
    bool mayHaveMetrics(const char *line, qsizetype size) const;
    // The built-in forms only, without allocating: what extract() finds without user patterns.
    static void scanBuiltIn(const char *line, qsizetype size, LineScan *out);

private:
    QList<UserPattern> m_patterns;
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

#include "metrics/linestate.h"
