// SPDX-License-Identifier: MIT
// LogModel: text search and filter mode (see logmodel.h), jumps to a time and a severity.
#include "logs/logmodel.h"
#include "logs/logmodelsource_p.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <algorithm>
#include <limits>

namespace trainyard::ui::logs {

using trainyard::logs::LogReader;
using trainyard::logs::LogSearcher;
using trainyard::logs::SearchHit;
using trainyard::logs::SearchSnapshot;
using trainyard::logs::Severity;

bool LogModel::setTextSearch(const trainyard::logs::SearchOptions &options, bool filterRows)
{
    const bool wasFiltering = isFilteringRows();
    if (!options.pattern.isEmpty()) {
        QString error;
        if (!trainyard::logs::Matcher::create(options, &error)) {
            m_searcher->cancel();
            m_search = {};
            m_searchError = error;
            m_matchCount = 0;
            if (wasFiltering)
                rebuild();
            Q_EMIT searchChanged();
            return false;
        }
    }
    const bool optionsChanged = options != m_search;
    m_search = options;
    m_filterRows = filterRows;
    m_searchError.clear();
    m_matchCount = 0;
    m_searchDone = m_searchTotal = 0;
    m_matchRowsFor = -1;
    for (auto &s : m_sources) {
        s->cursor = {};
        s->hits.clear();
        s->hitsTaken = 0;
    }
    if (options.pattern.isEmpty())
        m_searcher->cancel();
    else
        m_searcher->start(options, searchJobs(true));
    if (wasFiltering != isFilteringRows() || (isFilteringRows() && optionsChanged))
        rebuild();
    Q_EMIT searchChanged();
    return true;
}

QList<LogSearcher::SourceJob> LogModel::searchJobs(bool fromStart) const
{
    QList<LogSearcher::SourceJob> jobs;
    for (int i = 0; i < int(m_sources.size()); ++i) {
        const Source &s = *m_sources[std::size_t(i)];
        if (!fromStart && s.reader.lineCount() <= s.cursor.nextLine)
            continue;
        jobs.append(LogSearcher::SourceJob{i, SearchSnapshot::of(s.reader), s.cursor});
    }
    return jobs;
}

void LogModel::continueSearch()
{
    if (!isSearchActive() || m_searcher->isRunning())
        return;
    const QList<LogSearcher::SourceJob> jobs = searchJobs(false);
    if (!jobs.isEmpty())
        m_searcher->extend(jobs);
}

bool LogModel::isSearchRunning() const
{
    return isSearchActive() && m_searcher->isRunning();
}

double LogModel::searchProgress() const
{
    if (!isSearchRunning())
        return 1.0;
    return m_searchTotal > 0 ? double(m_searchDone) / double(m_searchTotal) : 0.0;
}

void LogModel::onHits(int generation, int source, const std::vector<SearchHit> &hits,
                      const trainyard::logs::SearchCursor &cursor)
{
    if (generation != m_searcher->generation() || source >= int(m_sources.size()))
        return;
    Source &s = *m_sources[std::size_t(source)];
    s.cursor = cursor;
    for (const SearchHit &h : hits) {
        if (!h.context)
            ++m_matchCount;
    }
    s.hits.insert(s.hits.end(), hits.cbegin(), hits.cend());
    m_matchRowsFor = -1;
    if (isFilteringRows() && !hits.empty())
        refreshFiltered();
    Q_EMIT searchChanged();
}

int LogModel::refreshFiltered()
{
    QElapsedTimer timer;
    timer.start();
    m_caughtUp = true;
    // Several replicas interleave only what every replica was searched for (as indexed before
    // this refresh indexes more).
    bool allSearched = !m_searcher->isRunning();
    for (const auto &s : m_sources)
        allSearched = allSearched && s->cursor.nextLine >= s->reader.lineCount();
    int accepted = 0;
    for (int i = 0; i < int(m_sources.size()); ++i) {
        Source &s = *m_sources[std::size_t(i)];
        do {
            s.reader.refresh(SliceBytes);
        } while (!s.reader.isIndexComplete() && timer.elapsed() < m_budgetMs);
        if (s.reader.generation() != s.generation) {
            s.generation = s.reader.generation();
            setTextSearch(m_search, m_filterRows); // replaced or truncated: search again
            rebuild();
            return 0;
        }
        if (!s.reader.isIndexComplete())
            m_caughtUp = false;
        if (accepts(i))
            ++accepted;
    }
    // One replica: hits become rows at once. Several: interleaved by time once every replica
    // was searched as far as it was indexed, lines younger than the hold-back time waiting.
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    struct Pending
    {
        qint64 timestamp;
        int source;
        qint64 line;
    };
    std::vector<Pending> pending;
    for (int i = 0; i < int(m_sources.size()); ++i) {
        if (!accepts(i))
            continue;
        Source &s = *m_sources[std::size_t(i)];
        if (accepted > 1 && !allSearched)
            break;
        for (; s.hitsTaken < s.hits.size(); ++s.hitsTaken) {
            const SearchHit &h = s.hits[s.hitsTaken];
            if (accepted > 1 && h.timestamp > now - m_holdBackMs && h.timestamp <= now + 2000)
                break;
            if (h.severity >= m_minSeverity)
                pending.push_back(Pending{h.timestamp, i, h.line});
        }
    }
    if (accepted > 1)
        std::stable_sort(pending.begin(), pending.end(), [](const Pending &a, const Pending &b) {
            return a.timestamp < b.timestamp;
        });
    std::vector<Run> newRuns;
    for (const Pending &p : pending)
        appendRun(p.source, p.line, 1, newRuns);
    const qint64 before = m_rows;
    appendRows(newRuns);
    continueSearch();
    return int(m_rows - before);
}

qint64 LogModel::rowOf(int source, qint64 line) const
{
    if (source < 0 || std::size_t(source) >= m_sourceRuns.size())
        return -1;
    const std::vector<std::size_t> &runs = m_sourceRuns[std::size_t(source)];
    auto it = std::upper_bound(runs.cbegin(), runs.cend(), line,
                               [this](qint64 l, std::size_t r) { return l < m_runs[r].firstLine; });
    if (it == runs.cbegin())
        return -1;
    const std::size_t r = *(it - 1);
    if (line >= m_runs[r].firstLine + m_runs[r].count)
        return -1;
    return m_runStart[r] + (line - m_runs[r].firstLine);
}

const std::vector<qint64> &LogModel::matchRows() const
{
    const qint64 key = m_rows * 1000003 + m_matchCount;
    if (m_matchRowsFor != key) {
        m_matchRows.clear();
        for (int i = 0; i < int(m_sources.size()); ++i) {
            for (const SearchHit &h : m_sources[std::size_t(i)]->hits) {
                if (h.context)
                    continue;
                const qint64 r = rowOf(i, h.line);
                if (r >= 0)
                    m_matchRows.push_back(r);
            }
        }
        std::sort(m_matchRows.begin(), m_matchRows.end());
        m_matchRowsFor = key;
    }
    return m_matchRows;
}

int LogModel::nextMatchRow(int row, bool forward) const
{
    const std::vector<qint64> &rows = matchRows();
    if (rows.empty())
        return -1;
    if (forward) {
        const auto it = std::upper_bound(rows.cbegin(), rows.cend(), qint64(row));
        return int(it == rows.cend() ? rows.front() : *it);
    }
    const auto it = std::lower_bound(rows.cbegin(), rows.cend(), qint64(row));
    return int(it == rows.cbegin() ? rows.back() : *(it - 1));
}

QPair<int, int> LogModel::matchPosition(int row) const
{
    const std::vector<qint64> &rows = matchRows();
    const auto it = std::lower_bound(rows.cbegin(), rows.cend(), qint64(row));
    const int place = it != rows.cend() && *it == row ? int(it - rows.cbegin()) + 1 : 0;
    return {place, int(rows.size())};
}

int LogModel::rowAtTime(qint64 msecs) const
{
    int lo = 0;
    int hi = int(m_rows);
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (line(mid).timestamp < msecs)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void LogModel::findFirstSeverity(Severity severity)
{
    QList<LogSearcher::SourceJob> jobs;
    for (int i = 0; i < int(m_sources.size()); ++i) {
        if (accepts(i))
            jobs.append(LogSearcher::SourceJob{
                i, SearchSnapshot::of(m_sources[std::size_t(i)]->reader), {}});
    }
    m_severityBest = -1;
    m_severityPending = int(jobs.size());
    if (jobs.isEmpty()) {
        Q_EMIT severityRowFound(-1);
        return;
    }
    m_jumpSearcher->findSeverity(severity, jobs);
}

} // namespace trainyard::ui::logs
