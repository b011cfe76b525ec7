// SPDX-License-Identifier: MIT
// Metric extraction from replica output: which numbers in a log line are training metrics.
//
// Sources, all applied to every line (a line can yield several values):
//   | form                          | example                                         | step from |
//   |-------------------------------|-------------------------------------------------|-----------|
//   | Keras progress "name: value"  | "20/20 [====] - 0s 2ms/step - loss: 0.12 - acc: 0.9" | none |
//   |   parts separated by " - "    |                                                 |           |
//   | key=value pairs               | "step=100 loss=0.5 accuracy=0.81"               | step= or global_step= |
//   | user regexes (settings)       | named groups: each group is a metric, (?<step>) the step |  |
// The keys step, global_step and iteration give the x position and are not metrics themselves.
// Values must parse as numbers (nan and inf included); anything else is ignored, so ordinary text
// such as "ERROR: boom" yields nothing.
//
// The hypertune metric file (docs/service.md §12, JSON Lines written by cloudml-hypertune) has its
// own parser: parseHypertuneLine().
#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <optional>

namespace trainyard::metrics {

struct MetricValue
{
    QString name;
    double value = 0;

    bool operator==(const MetricValue &o) const { return name == o.name && value == o.value; }
};

struct ExtractedLine
{
    std::optional<double> step;
    QList<MetricValue> values;

    bool isEmpty() const { return values.isEmpty(); }
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
    explicit MetricExtractor(const QList<UserPattern> &patterns) : m_patterns(patterns) { }

    void setUserPatterns(const QList<UserPattern> &patterns) { m_patterns = patterns; }

    // The metrics on one line (raw bytes, no line end).
    ExtractedLine extract(const char *line, qsizetype size) const;
    ExtractedLine extract(const QByteArray &line) const { return extract(line.constData(), line.size()); }

    static bool isStepKey(const QByteArray &key);
    static bool isStepKey(const char *key, qsizetype size);

    bool hasUserPatterns() const { return !m_patterns.isEmpty(); }
    // A cheap byte-level prefilter (memchr only): false when extract() cannot find anything on
    // the line (no '=' and no ':', and no user patterns). Thread-safe.
    bool mayHaveMetrics(const char *line, qsizetype size) const;
    // The built-in forms only (key=value pairs, then Keras parts), without allocating: calls
    // sink(context, name, nameSize, value) for every value in the order extract() sees them, the
    // step keys included; duplicates are not merged (extract(): the last one wins).
    using ValueSink = void (*)(void *context, const char *name, qsizetype nameSize, double value);
    static void scanBuiltIn(const char *line, qsizetype size, ValueSink sink, void *context);

private:
    QList<UserPattern> m_patterns;
};

// One entry of a hypertune metric file.
struct HypertuneEntry
{
    double step = 0;      // global_step ("0" when missing)
    qint64 wallMs = 0;    // timestamp (epoch seconds) in milliseconds
    QString trial;        // "0" when missing
    QList<MetricValue> values;
};

// Parses one JSON line of the file; std::nullopt when it is not an object with at least one
// numeric metric.
std::optional<HypertuneEntry> parseHypertuneLine(const QByteArray &line);

} // namespace trainyard::metrics
