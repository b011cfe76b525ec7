// SPDX-License-Identifier: MIT
// "All replicas by time": k-way merges of per-replica records.
#pragma once

#include "logs/record.h"

namespace trainyard::logs {

class LogReader;

// Merges lists that are each in time order into one, by timestamp; equal timestamps keep the
// order of the lists (and within a list, its order), so the result is deterministic.
Records mergeByTime(const QList<Records> &lists);

// A window of the interleaved view: the first `count` records at or after fromMsecs over all
// readers (each refreshed by the caller). Reads at most `count` records per reader, found with
// LogReader::lineAtTime(), so the cost does not depend on the files' length.
Records readMergedWindow(const QList<LogReader *> &readers, qint64 fromMsecs, int count);

} // namespace trainyard::logs
