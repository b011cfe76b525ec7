// SPDX-License-Identifier: MIT
// Points of stored series as CSV (metrics::CsvWriter), streamed from the series files: nothing is
// held in memory, whatever the series' length. Any thread.
#pragma once

#include <QList>
#include <QString>
#include <utility>

namespace trainyard::metrics {

// (label, series file) pairs: the label names a series' source or a column.
using LabelledSeries = QList<std::pair<QString, QString>>;

// source,step,wall_time,value: every point of each series in turn, the label as source and the
// wall time in RFC 3339 UTC.
bool writeSeriesCsv(const LabelledSeries &series, const QString &path, QString *error);

// step, then one column per series (the label as title): one row per step of the union of the
// series' steps, in order (each series is in step order as written; a k-way merge), empty where
// a series has no point at that step. A repeated step (a restarted replica) gives a later row.
bool writeAlignedCsv(const LabelledSeries &series, const QString &path, QString *error);

} // namespace trainyard::metrics
