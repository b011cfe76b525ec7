// SPDX-License-Identifier: MIT
#include "logs/logmodel.h"

#include "logs/logmodelsource_p.h"
#include "store/joblogs.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <algorithm>
#include <limits>

namespace trainyard::ui::logs {

using trainyard::logs::LogReader;
using trainyard::logs::LogSearcher;
using trainyard::logs::Record;
using trainyard::logs::SearchHit;
using trainyard::logs::Severity;

LogModel::LogModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_searcher(new LogSearcher(this))
    , m_jumpSearcher(new LogSearcher(this))
{
    connect(m_searcher, &LogSearcher::hitsReady, this, &LogModel::onHits);
    connect(m_searcher, &LogSearcher::progress, this, [this](int, qint64 done, qint64 total) {
        m_searchDone = done;
        m_searchTotal = total;
        Q_EMIT searchChanged();
    });
    connect(m_searcher, &LogSearcher::failed, this, [this](int, const QString &message) {
        m_searchError = message;
        Q_EMIT searchChanged();
    });
    connect(m_searcher, &LogSearcher::finished, this, [this] {
        Q_EMIT searchChanged();
        if (isFilteringRows())
            refreshFiltered(); // the rows, then the lines that arrived meanwhile
        else
            continueSearch();
    });
    connect(m_jumpSearcher, &LogSearcher::severityFound, this,
            [this](int, int source, qint64 line) {
                const qint64 row = line >= 0 ? rowOf(source, line) : -1;
                if (row >= 0 && (m_severityBest < 0 || row < m_severityBest))
                    m_severityBest = row;
                if (--m_severityPending == 0)
                    Q_EMIT severityRowFound(int(m_severityBest));
            });
}

LogModel::~LogModel() = default;

void LogModel::setLogsDir(const QString &dir)
{
    beginResetModel();
    m_dir = dir;
    m_sources.clear();
    m_runs.clear();
    m_runStart.clear();
    m_sourceRuns.clear();
    m_rows = 0;
    m_cache.clear();
    m_cacheOrder.clear();
    m_matchRowsFor = -1;
    endResetModel();
    addSources();
    if (isSearchActive())
        setTextSearch(m_search, m_filterRows);
}

void LogModel::setReplicaFilter(const QString &replica)
{
    if (replica == m_replicaFilter)
        return;
    m_replicaFilter = replica;
    rebuild();
}

void LogModel::setMinimumSeverity(Severity severity)
{
    if (severity == m_minSeverity)
        return;
    m_minSeverity = severity;
    rebuild();
}

void LogModel::rebuild()
{
    beginResetModel();
    m_runs.clear();
    m_runStart.clear();
    m_sourceRuns.clear();
    m_rows = 0;
    m_cache.clear();
    m_cacheOrder.clear();
    m_matchRowsFor = -1;
    for (auto &s : m_sources) {
        s->mapped = 0;
        s->lastAccepted = true;
        s->hitsTaken = 0;
    }
    endResetModel();
}

void LogModel::addSources()
{
    if (m_dir.isEmpty())
        return;
    const QFileInfoList files = store::logFiles(m_dir);
    for (const QFileInfo &info : files) {
        const QString name = store::logName(info);
        const bool known = std::any_of(m_sources.cbegin(), m_sources.cend(),
                                       [&name](const auto &s) { return s->name == name; });
        if (known)
            continue;
        auto source = std::make_unique<Source>();
        source->name = name;
        source->reader.setFileName(info.absoluteFilePath());
        source->reader.setReplica(name);
        m_sources.push_back(std::move(source));
    }
}

QStringList LogModel::replicas() const
{
    QStringList names;
    for (const auto &s : m_sources)
        names.append(s->name);
    names.sort();
    return names;
}

bool LogModel::accepts(int source) const
{
    return m_replicaFilter.isEmpty() || m_sources.at(std::size_t(source))->name == m_replicaFilter;
}

void LogModel::appendRun(int source, qint64 firstLine, qint64 count, std::vector<Run> &out) const
{
    if (count <= 0)
        return;
    if (!out.empty()) {
        Run &last = out.back();
        if (last.source == source && last.firstLine + last.count == firstLine) {
            last.count += count;
            return;
        }
    }
    out.push_back(Run{source, firstLine, count});
}

int LogModel::refresh()
{
    addSources();
    if (isFilteringRows())
        return refreshFiltered();
    QElapsedTimer timer;
    timer.start();
    int accepted = 0;
    int acceptedIndex = -1;
    for (int i = 0; i < int(m_sources.size()); ++i) {
        if (accepts(i)) {
            ++accepted;
            acceptedIndex = i;
        }
    }
    const bool fast = accepted == 1 && m_minSeverity == Severity::Debug;
    // Interleaving: lines newer than the hold-back watermark wait (see the header); a timestamp
    // far in the future (a clock that jumped) is not waited for.
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 watermark = now - m_holdBackMs;
    constexpr qint64 FutureToleranceMs = 2000;
    qint64 added = 0;
    bool progress = true;
    while (progress && timer.elapsed() < m_budgetMs) {
        progress = false;
        m_caughtUp = true;
        std::vector<Run> newRuns;
        struct Pending
        {
            qint64 timestamp;
            int source;
            qint64 line;
        };
        std::vector<Pending> pending;
        std::vector<QList<QByteArray>> batches(m_sources.size()); // read this round, not yet rows
        qint64 readBound = std::numeric_limits<qint64>::max();
        for (int i = 0; i < int(m_sources.size()); ++i) {
            Source &s = *m_sources[std::size_t(i)];
            if (!accepts(i))
                continue;
            s.reader.refresh(SliceBytes);
            if (s.reader.generation() != s.generation) {
                s.generation = s.reader.generation();
                if (s.mapped > 0) {
                    // The file was replaced or truncated: start over.
                    rebuild();
                    return 0;
                }
            }
            if (!s.reader.isIndexComplete())
                m_caughtUp = false;
            const qint64 count = s.reader.lineCount() - s.mapped;
            if (count <= 0)
                continue;
            if (fast && i == acceptedIndex) {
                progress = true;
                appendVisible(i, s.mapped, count, newRuns);
                s.mapped += count;
                continue;
            }
            batches[std::size_t(i)] = s.reader.readRawLines(s.mapped, count);
            // A replica whose file has more than this refresh indexed bounds what the others may
            // show: their lines after its last one read could come before its next ones.
            if (!s.reader.isIndexComplete()) {
                Record last;
                const QByteArray &raw = batches[std::size_t(i)].constLast();
                trainyard::logs::parseRecordLine(raw.constData(), raw.size(), &last);
                if (last.timestamp > 0)
                    readBound = std::min(readBound, last.timestamp);
            }
        }
        const auto waits = [&](qint64 timestamp) {
            return timestamp > readBound ||
                   (timestamp > watermark && timestamp <= now + FutureToleranceMs);
        };
        for (int i = 0; i < int(m_sources.size()); ++i) {
            Source &s = *m_sources[std::size_t(i)];
            const QList<QByteArray> &lines = batches[std::size_t(i)];
            qsizetype taken = 0;
            for (qsizetype k = 0; k < lines.size(); ++k, ++taken) {
                const QByteArray &raw = lines.at(k);
                Record record;
                trainyard::logs::parseRecordLine(raw.constData(), raw.size(), &record);
                if (waits(record.timestamp))
                    break; // this replica's lines are in time order: the rest waits too
                if (s.reader.isHidden(s.mapped + k))
                    continue; // shown in the row of its group's first line
                if (!record.continuation) {
                    s.lastSeverity = record.severity;
                    s.lastAccepted = record.severity >= m_minSeverity;
                }
                if (s.lastAccepted)
                    pending.push_back(Pending{record.timestamp, i, s.mapped + k});
            }
            s.mapped += taken;
            progress = progress || taken > 0;
        }
        if (!fast) {
            std::stable_sort(
                pending.begin(), pending.end(),
                [](const Pending &a, const Pending &b) { return a.timestamp < b.timestamp; });
            for (const Pending &p : pending)
                appendRun(p.source, p.line, 1, newRuns);
        }
        qint64 newRows = 0;
        for (const Run &r : newRuns)
            newRows += r.count;
        if (newRows == 0)
            continue;
        if (m_rows + newRows > std::numeric_limits<int>::max() - 1)
            break; // the view's limit; stop growing
        appendRows(newRuns);
        added += newRows;
    }
    continueSearch();
    return int(added);
}

void LogModel::appendVisible(int source, qint64 firstLine, qint64 count,
                             std::vector<Run> &out) const
{
    // The lines minus the hidden ones (the rest of a row's group).
    const QList<trainyard::logs::LineRange> &hidden =
        m_sources[std::size_t(source)]->reader.hiddenRanges();
    qint64 line = firstLine;
    const qint64 end = firstLine + count;
    auto it =
        std::upper_bound(hidden.cbegin(), hidden.cend(), line,
                         [](qint64 l, const trainyard::logs::LineRange &r) { return l < r.end(); });
    while (line < end) {
        if (it == hidden.cend() || it->first >= end) {
            appendRun(source, line, end - line, out);
            return;
        }
        if (it->first > line)
            appendRun(source, line, it->first - line, out);
        line = std::max(line, it->end());
        ++it;
    }
}

void LogModel::appendRows(const std::vector<Run> &newRuns)
{
    qint64 newRows = 0;
    for (const Run &r : newRuns)
        newRows += r.count;
    if (newRows == 0)
        return;
    beginInsertRows({}, int(m_rows), int(m_rows + newRows - 1));
    // The last cached block may be incomplete: drop it.
    const qint64 lastBlock = m_rows / BlockRows;
    m_cache.remove(lastBlock);
    m_cacheOrder.removeAll(lastBlock);
    if (m_sourceRuns.size() < m_sources.size())
        m_sourceRuns.resize(m_sources.size());
    for (const Run &r : newRuns) {
        if (!m_runs.empty() && m_runs.back().source == r.source &&
            m_runs.back().firstLine + m_runs.back().count == r.firstLine) {
            m_runs.back().count += r.count;
        } else {
            m_runStart.push_back(m_rows);
            m_runs.push_back(r);
            m_sourceRuns[std::size_t(r.source)].push_back(m_runs.size() - 1);
        }
        m_rows += r.count;
    }
    endInsertRows();
}

qint64 LogModel::indexedBytes() const
{
    qint64 total = 0;
    for (const auto &s : m_sources)
        total += s->reader.indexedBytes();
    return total;
}

bool LogModel::locate(qint64 row, int *source, qint64 *line) const
{
    if (row < 0 || row >= m_rows)
        return false;
    const auto it = std::upper_bound(m_runStart.cbegin(), m_runStart.cend(), row);
    const std::size_t run = std::size_t(it - m_runStart.cbegin()) - 1;
    *source = m_runs[run].source;
    *line = m_runs[run].firstLine + (row - m_runStart[run]);
    return true;
}

namespace {

// Rows first..first+count-1 as (source, line) groups of consecutive lines.
template<typename Runs, typename F>
void forEachGroup(const std::vector<qint64> &runStart, const Runs &runs, qint64 first, qint64 count,
                  F &&onGroup)
{
    if (count <= 0)
        return;
    auto it = std::upper_bound(runStart.cbegin(), runStart.cend(), first);
    std::size_t run = std::size_t(it - runStart.cbegin()) - 1;
    qint64 row = first;
    const qint64 end = first + count;
    while (row < end && run < runs.size()) {
        const qint64 offset = row - runStart[run];
        const qint64 n = std::min(end - row, runs[run].count - offset);
        onGroup(runs[run].source, runs[run].firstLine + offset, n);
        row += n;
        ++run;
    }
}

} // namespace

QByteArray LogModel::rowBytes(int source, qint64 line, bool whole) const
{
    // A row's group (see LogReader): a long line's pieces joined, a progress bar's last redraw.
    LogReader &reader = m_sources[std::size_t(source)]->reader;
    const qint64 end = reader.groupEnd(line);
    const auto *cont = LogReader::rangeOf(reader.continuationRanges(), end);
    const qint64 from = cont != nullptr ? cont->first - 1 : (end > line ? end : line);
    const qint64 to = whole ? end : std::min(end, from + (MaxDisplayChars / (64 * 1024)) + 1);
    QByteArray bytes;
    const trainyard::logs::Records records = reader.readRecords(from, to - from + 1);
    for (const Record &r : records)
        bytes += r.bytes;
    return bytes;
}

void LogModel::readBlock(qint64 block) const
{
    QVector<LogLine> lines;
    const qint64 first = block * BlockRows;
    const qint64 count = std::min<qint64>(BlockRows, m_rows - first);
    lines.reserve(int(count));
    forEachGroup(m_runStart, m_runs, first, count, [&](int source, qint64 line, qint64 n) {
        Source &src = *m_sources[std::size_t(source)];
        const QList<QByteArray> raw = src.reader.readRawLines(line, n);
        for (qsizetype k = 0; k < raw.size(); ++k) {
            const QByteArray &bytes = raw.at(k);
            Record record;
            trainyard::logs::parseRecordLine(bytes.constData(), bytes.size(), &record);
            const qint64 at = line + k;
            if (src.reader.groupEnd(at) > at)
                record.bytes = rowBytes(source, at, false);
            LogLine l;
            l.timestamp = record.timestamp;
            l.source = source;
            l.severity = record.severity;
            l.stream = record.stream;
            l.continuation = record.continuation;
            if (record.bytes.size() > MaxDisplayChars * 4) {
                record.bytes.truncate(MaxDisplayChars * 4);
                l.truncated = true;
            }
            trainyard::logs::StyledText styled =
                trainyard::logs::renderTerminalLine(record.bytes, MaxDisplayChars);
            if (styled.text.size() >= MaxDisplayChars)
                l.truncated = true;
            l.text = std::move(styled.text);
            l.spans = std::move(styled.spans);
            if (isFilteringRows()) {
                const auto it =
                    std::lower_bound(src.hits.cbegin(), src.hits.cend(), at,
                                     [](const SearchHit &h, qint64 v) { return h.line < v; });
                l.context = it != src.hits.cend() && it->line == at && it->context;
            }
            lines.append(l);
        }
        for (qint64 k = raw.size(); k < n; ++k)
            lines.append(LogLine{}); // the file went away under us
    });
    m_cache.insert(block, lines);
    m_cacheOrder.append(block);
    while (m_cacheOrder.size() > CachedBlocks)
        m_cache.remove(m_cacheOrder.takeFirst());
}

const LogLine &LogModel::line(int row) const
{
    if (row < 0 || row >= m_rows)
        return m_empty;
    const qint64 block = row / BlockRows;
    auto it = m_cache.constFind(block);
    if (it == m_cache.cend() || it->size() <= row - block * BlockRows) {
        m_cache.remove(block);
        m_cacheOrder.removeAll(block);
        readBlock(block);
        it = m_cache.constFind(block);
    }
    const qint64 offset = row - block * BlockRows;
    return offset < it->size() ? it->at(int(offset)) : m_empty;
}

QString LogModel::replicaName(int source) const
{
    return source >= 0 && source < int(m_sources.size()) ? m_sources[std::size_t(source)]->name
                                                         : QString();
}

QStringList LogModel::fullText(int first, int count) const
{
    QStringList out;
    count = int(std::min<qint64>(count, m_rows - first));
    forEachGroup(m_runStart, m_runs, first, count, [&](int source, qint64 line, qint64 n) {
        LogReader &reader = m_sources[std::size_t(source)]->reader;
        const QList<QByteArray> raw = reader.readRawLines(line, n);
        for (qsizetype k = 0; k < raw.size(); ++k) {
            Record record;
            trainyard::logs::parseRecordLine(raw.at(k).constData(), raw.at(k).size(), &record);
            if (reader.groupEnd(line + k) > line + k)
                record.bytes = rowBytes(source, line + k, true);
            out.append(trainyard::logs::terminalText(record.bytes));
        }
        for (qint64 k = raw.size(); k < n; ++k)
            out.append(QString());
    });
    return out;
}

int LogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows);
}

int LogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant LogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LogLine &l = line(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (Columns(index.column())) {
        case TimeColumn:
            return QDateTime::fromMSecsSinceEpoch(l.timestamp)
                .toLocalTime()
                .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
        case ReplicaColumn:
            return replicaName(l.source);
        case SeverityColumn:
            return trainyard::logs::severityName(l.severity);
        case MessageColumn:
            return l.text;
        case NUM_COLUMNS:
            break;
        }
        return {};
    case SeverityRole:
        return int(l.severity);
    case ReplicaRole:
        return replicaName(l.source);
    case TimestampRole:
        return l.timestamp;
    default:
        return {};
    }
}

QVariant LogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Columns(section)) {
    case TimeColumn:
        return tr("Time");
    case ReplicaColumn:
        return tr("Replica");
    case SeverityColumn:
        return tr("Severity");
    case MessageColumn:
        return tr("Message");
    case NUM_COLUMNS:
        break;
    }
    return {};
}

} // namespace trainyard::ui::logs
