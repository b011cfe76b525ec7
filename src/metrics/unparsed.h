// SPDX-License-Identifier: MIT
// Never a silent blank: lines that look like metrics but gave no series.
//
// A replica whose log holds lines with a name next to a decimal number ("loss 0.4321",
// "perplexity=12.5", "val acc: 0.91") at least UnparsedThreshold times, while no series came from
// that log, gets a notice: the Metrics tab shows it with one such line and offers to make a
// pattern from it (Settings > Metrics), and `trainyard jobs metrics` prints it on stderr.
//
// The metric store's writer (MetricRecorder) counts such lines per log while the log has no
// series and keeps the first as the sample, in <store>/unparsed.json:
//   {"chief-0": {"lines": 12, "sample": "iter 7: perplexity 12.5"}}
// (only logs at or above the threshold). A version ("Python 3.11.2"), a time ("0.5s"), a whole
// number ("rank 0 of 3") or a number without a name before it does not count.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

namespace trainyard::metrics {

inline constexpr qint64 UnparsedThreshold = 3;
inline constexpr qsizetype UnparsedSampleBytes = 300;

struct UnparsedLines
{
    qint64 lines = 0;
    QByteArray sample; // the first such line (at most UnparsedSampleBytes)

    bool operator==(const UnparsedLines &o) const { return lines == o.lines && sample == o.sample; }
};

// A name next to a decimal number somewhere on the line (see the header).
bool looksLikeMetrics(const char *line, qsizetype size);

// <store>/unparsed.json, by log name; empty when there is none.
QHash<QString, UnparsedLines> readUnparsed(const QString &storeDir);
// Writes (atomically) or, when empty, removes the file.
bool writeUnparsed(const QString &storeDir, const QHash<QString, UnparsedLines> &logs,
                   QString *error = nullptr);

// What to tell the user: per log with enough such lines and no log series in the store.
struct UnparsedNotice
{
    QString source; // the log's name (the replica: "chief-0")
    qint64 lines = 0;
    QString sample;
};
QList<UnparsedNotice> unparsedNotices(const QString &storeDir);
// One sentence for a notice ("chief-0 printed 12 lines that look like metrics ...").
QString describeNotice(const UnparsedNotice &notice);
// A sentence with a pattern for Settings > Metrics that reads the notice's sample (empty when
// none can be made).
QString patternHint(const UnparsedNotice &notice);

// A user pattern (Settings > Metrics) that reads the sample line: every number after a name
// becomes a named group of that name ("step" for a step word's number), the rest is matched
// literally.
QString suggestPattern(const QString &line);

} // namespace trainyard::metrics
