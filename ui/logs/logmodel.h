// SPDX-License-Identifier: MIT
// The log lines of one job as a virtual model over the on-disk logs (logs/record.h format):
// nothing but a row map and a small block cache is held in memory, whatever the files' length.
//
// Rows are described by runs (source, first line, count) with prefix sums; one replica without
// a severity filter is a single run however many lines it has. "All replicas" interleaves the
// lines by timestamp (stable: equal times keep replica order). Rows are only ever appended, so
// lines younger than the hold-back time wait for the next refresh: a replica's line that reaches
// the disk a little later (the owner flushes every 50 ms) still lands before the other
// replicas' newer lines instead of after them. The severity filter keeps the lines at or above
// a level.
//
// refresh() indexes appended bytes within a time budget (default 15 ms per call), so a log that
// grows at 100,000 lines/s or a 10-million-line file being opened never blocks the GUI thread
// for long: the rest is indexed on the next calls. New rows are inserted (beginInsertRows), never
// a reset; changing the replica or severity filter rebuilds the row map (a model reset).
//
// One row per line as the trainer wrote it: the pieces of a line over 64 KiB and the redraws of
// a progress bar (LogReader's groups) are one row, shown in its last state, with ANSI colours
// as spans (logs/terminaltext.h).
//
// Text search runs on a worker thread (logs::LogSearcher) over the files' bytes, as the logs
// grow: the match count, next/previous rows and, in filter mode ("Show matching lines only"),
// the rows themselves come from its hits, combined with the replica and severity filters.
#pragma once

#include "logs/logreader.h"
#include "logs/logsearcher.h"
#include "logs/record.h"
#include "logs/terminaltext.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QTimer>
#include <memory>
#include <vector>

namespace trainyard::ui::logs {

struct LogLine
{
    qint64 timestamp = 0;
    int source = -1;
    trainyard::logs::Severity severity = trainyard::logs::Severity::Info;
    trainyard::logs::Stream stream = trainyard::logs::Stream::Stdout;
    bool continuation = false;
    bool truncated = false; // text shortened to MaxDisplayChars
    bool context = false;   // a context line around a match (filter mode)
    QString text;
    QList<trainyard::logs::StyledSpan> spans; // ANSI colours of text
};

class LogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { TimeColumn, ReplicaColumn, SeverityColumn, MessageColumn, NUM_COLUMNS };
    enum Roles {
        SeverityRole = Qt::UserRole, // int (logs::Severity)
        ReplicaRole,                 // QString
        TimestampRole,               // qint64 ms since the epoch
    };
    static constexpr int BlockRows = 128;
    static constexpr int CachedBlocks = 48;
    static constexpr int MaxDisplayChars = 4096;
    static constexpr qint64 SliceBytes = 1024 * 1024;

    explicit LogModel(QObject *parent = nullptr);
    ~LogModel() override;

    // The job's log folder: every *.log in it is a replica (new files are picked up by refresh()).
    void setLogsDir(const QString &dir);
    QString logsDir() const { return m_dir; }
    // Follow one replica only (empty: all, interleaved by time).
    void setReplicaFilter(const QString &replica);
    QString replicaFilter() const { return m_replicaFilter; }
    void setMinimumSeverity(trainyard::logs::Severity severity);
    trainyard::logs::Severity minimumSeverity() const { return m_minSeverity; }
    void setTimeBudgetMs(int ms) { m_budgetMs = ms; }
    // How long interleaved lines wait before they become rows (default 300 ms).
    void setHoldBackMs(int ms) { m_holdBackMs = ms; }

    // Indexes appended bytes for at most the time budget. Returns the number of rows added.
    int refresh();
    // True when every file was indexed to its end by the last refresh().
    bool isCaughtUp() const { return m_caughtUp; }
    QStringList replicas() const; // sorted file base names

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // Direct access for the viewport (cached by blocks of BlockRows).
    const LogLine &line(int row) const;
    QString replicaName(int source) const;
    // The full text of rows first..first+count-1 (not truncated), for copy and search.
    QStringList fullText(int first, int count) const;
    qint64 rowMapRuns() const { return qint64(m_runs.size()); }
    qint64 indexedBytes() const;

    // Text search (empty pattern: off). filterRows: only matching rows (and context) are rows.
    // Returns false and sets searchError() when the pattern is not valid.
    bool setTextSearch(const trainyard::logs::SearchOptions &options, bool filterRows);
    trainyard::logs::SearchOptions textSearch() const { return m_search; }
    bool isFilteringRows() const { return m_filterRows && isSearchActive(); }
    bool isSearchActive() const { return !m_search.pattern.isEmpty(); }
    bool isSearchRunning() const;
    qint64 matchCount() const { return m_matchCount; }
    double searchProgress() const; // 0..1 of the bytes to search
    QString searchError() const { return m_searchError; }
    // The next (previous) row holding a match after (before) `row`, wrapping; -1 if none.
    int nextMatchRow(int row, bool forward) const;
    // Where a row stands among the rows holding a match: {1-based place, rows with a match};
    // place 0 when the row holds none.
    QPair<int, int> matchPosition(int row) const;
    // The first row at or after a time (rows are in time order); rowCount() if none.
    int rowAtTime(qint64 msecs) const;
    // Looks for the first row at or above a severity on the worker; severityRowFound() answers.
    void findFirstSeverity(trainyard::logs::Severity severity);
    trainyard::logs::LogSearcher *searcher() const { return m_searcher; }

Q_SIGNALS:
    void searchChanged();           // progress, count, running, error
    void severityRowFound(int row); // -1: none

private:
    struct Source; // logmodelsearch.cpp
    struct Run
    {
        int source;
        qint64 firstLine;
        qint64 count;
    };
    void rebuild();
    void addSources();
    void appendRun(int source, qint64 firstLine, qint64 count, std::vector<Run> &out) const;
    bool locate(qint64 row, int *source, qint64 *line) const;
    bool accepts(int source) const;
    void readBlock(qint64 block) const;
    void appendVisible(int source, qint64 firstLine, qint64 count, std::vector<Run> &out) const;
    void appendRows(const std::vector<Run> &newRuns);
    int refreshFiltered();
    void continueSearch();
    QList<trainyard::logs::LogSearcher::SourceJob> searchJobs(bool fromStart) const;
    qint64 rowOf(int source, qint64 line) const;
    const std::vector<qint64> &matchRows() const; // sorted rows of matches (cached)
    QByteArray rowBytes(int source, qint64 line, bool whole) const;
    void onHits(int generation, int source, const std::vector<trainyard::logs::SearchHit> &hits,
                const trainyard::logs::SearchCursor &cursor);

    QString m_dir;
    QString m_replicaFilter;
    trainyard::logs::Severity m_minSeverity = trainyard::logs::Severity::Debug;
    std::vector<std::unique_ptr<Source>> m_sources;
    std::vector<Run> m_runs;
    std::vector<qint64> m_runStart; // first row of each run
    qint64 m_rows = 0;
    int m_budgetMs = 15;
    int m_holdBackMs = 300;
    bool m_caughtUp = true;
    std::vector<std::vector<std::size_t>> m_sourceRuns; // per source, its runs' indexes
    trainyard::logs::LogSearcher *m_searcher;
    trainyard::logs::LogSearcher *m_jumpSearcher; // first ERROR, beside a running search
    trainyard::logs::SearchOptions m_search;
    bool m_filterRows = false;
    qint64 m_matchCount = 0;
    qint64 m_searchDone = 0;
    qint64 m_searchTotal = 0;
    QString m_searchError;
    int m_severityPending = 0; // sources still to answer findFirstSeverity
    qint64 m_severityBest = -1;
    mutable std::vector<qint64> m_matchRows; // sorted rows of matches (cache)
    mutable qint64 m_matchRowsFor = -1;      // m_rows + hits they were built for
    mutable QHash<qint64, QVector<LogLine>> m_cache;
    mutable QList<qint64> m_cacheOrder;
    LogLine m_empty;
};

} // namespace trainyard::ui::logs
