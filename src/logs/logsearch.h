// SPDX-License-Identifier: MIT
// Search and filter over a replica log's raw bytes, as grep does it: the file is mapped and a
// literal every match holds (a fixed string, or the longest run of plain text of a regular
// expression; see literalscan.h) is looked for with SIMD over the whole region, only the lines
// that hold it being matched in full (memmem, or PCRE2 8-bit with JIT); a regular expression
// without such a run is run over the region itself and confirmed on the candidate line. The line
// number of a hit comes from the reader's sparse index (a checkpoint every 1024 lines) plus a
// memchr count from there, so lines without a hit are never counted one by one. Past four
// windows (64 MiB) the region is split at a checkpoint and its halves scanned on two threads.
// Runs on any thread; cancel() (an atomic flag) stops it within one window.
//
// What matches is a record's text (the bytes after the 36-byte prefix), never the prefix. A
// group of records shown as one row (a long line cut into pieces, a progress bar's redraws; see
// LogReader) matches as a whole, like grep sees the line the trainer wrote: a hit in any of its
// records is a hit on the group's first line, and a long line is also checked joined together
// so a match across a 64 KiB cut is found.
//
// Results are line numbers (the groups' first lines), each with its timestamp and severity so a
// model can interleave and filter them without reading the file again; with context > 0 the
// lines around each selected line (grep -C) come too, marked as context. Invert selects the
// groups that do not match (grep -v). A search is resumable: search() over lines [from, to)
// continues the state of the previous call, so a growing log is searched as it is appended.
#pragma once

#include "logs/logreader.h"
#include "logs/record.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace trainyard::logs {

struct SearchOptions
{
    QString pattern;
    bool regex = false;         // PCRE2 syntax; false: a fixed string
    bool caseSensitive = false; // grep's default is sensitive; the GUI's is not
    bool invert = false;
    int context = 0; // lines before and after each selected line (grep -C)

    bool operator==(const SearchOptions &o) const
    {
        return pattern == o.pattern && regex == o.regex && caseSensitive == o.caseSensitive &&
               invert == o.invert && context == o.context;
    }
    bool operator!=(const SearchOptions &o) const { return !(*this == o); }
};

// A compiled pattern. Thread-compatible: one per thread (the JIT match data is its own).
class Matcher
{
public:
    ~Matcher();
    Matcher(const Matcher &) = delete;
    Matcher &operator=(const Matcher &) = delete;

    // nullptr and *error set (PCRE2's message and the offset in the pattern) when it is invalid.
    static std::unique_ptr<Matcher> create(const SearchOptions &options, QString *error);

    // Does this text (one line, without its end) match?
    bool matches(const char *data, qsizetype size) const;
    // A position in [from, end) where a match may start or lie (nullptr: none there). Every
    // match of a line inside the range is at or after the line of the returned position.
    const char *findCandidate(const char *from, const char *end) const;

private:
    Matcher() = default;
    struct Impl;
    std::unique_ptr<Impl> d;
};

struct SearchHit
{
    qint64 line = 0;
    qint64 timestamp = 0;
    Severity severity = Severity::Info;
    bool context = false; // shown around a selected line, not selected itself
};

// What a search of one file needs from its reader, copied on the GUI thread (cheap: the
// checkpoint list is shared) and read on the worker.
struct SearchSnapshot
{
    QString path;
    qint64 lineCount = 0;
    qint64 endOffset = 0; // after the last indexed line
    QList<qint64> checkpoints;
    QList<LineRange> hidden;
    QList<LineRange> continued;

    static SearchSnapshot of(const LogReader &reader);
};

// State carried from one search() call to the next over a growing file.
struct SearchCursor
{
    qint64 nextLine = 0;     // lines before this were searched
    qint64 lastEmitted = -1; // the last line handed out (a hit or context)
    qint64 lastEmittedOffset = 0;
    qint64 afterLeft = 0; // context lines still owed after the last selected line
};

struct SearchProgress
{
    qint64 bytesDone = 0;
    qint64 bytesTotal = 0;
};

// Searches lines [cursor->nextLine, snapshot.lineCount) and appends the hits (in line order)
// to *hits. Returns false when cancelled (the cursor then stays where it was) or when the file
// cannot be mapped (*error set). windowBytes bounds the bytes between two cancellation checks
// and progress calls (tests make it tiny so lines straddle windows).
bool searchLog(const SearchSnapshot &snapshot, const Matcher &matcher, const SearchOptions &options,
               SearchCursor *cursor, std::vector<SearchHit> *hits, const std::atomic<bool> &cancel,
               QString *error, const std::function<void(const SearchProgress &)> &progress = {},
               qint64 windowBytes = 16 * 1024 * 1024);

// The first line at or after `from` whose severity is at least `minimum` (-1: none), found by a
// byte search of the severity letters in the prefixes.
qint64 findFirstSeverity(const SearchSnapshot &snapshot, Severity minimum, qint64 from,
                         const std::atomic<bool> &cancel);

} // namespace trainyard::logs
