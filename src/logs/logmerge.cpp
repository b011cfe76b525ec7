// SPDX-License-Identifier: MIT
#include "logs/logmerge.h"

#include "logs/logreader.h"

#include <queue>
#include <vector>

namespace trainyard::logs {

Records mergeByTime(const QList<Records> &lists)
{
    struct Head
    {
        qint64 timestamp;
        qsizetype list;
        qsizetype index;
    };
    // Smallest timestamp first; ties go to the lower list index.
    auto later = [](const Head &a, const Head &b) {
        return a.timestamp != b.timestamp ? a.timestamp > b.timestamp : a.list > b.list;
    };
    std::priority_queue<Head, std::vector<Head>, decltype(later)> heads(later);
    qsizetype total = 0;
    for (qsizetype l = 0; l < lists.size(); ++l) {
        total += lists.at(l).size();
        if (!lists.at(l).isEmpty())
            heads.push(Head{lists.at(l).first().timestamp, l, 0});
    }
    Records merged;
    merged.reserve(total);
    while (!heads.empty()) {
        const Head h = heads.top();
        heads.pop();
        const Records &list = lists.at(h.list);
        merged.append(list.at(h.index));
        if (h.index + 1 < list.size())
            heads.push(Head{list.at(h.index + 1).timestamp, h.list, h.index + 1});
    }
    return merged;
}

Records readMergedWindow(const QList<LogReader *> &readers, qint64 fromMsecs, int count)
{
    QList<Records> lists;
    lists.reserve(readers.size());
    for (LogReader *reader : readers) {
        if (reader == nullptr)
            continue;
        lists.append(reader->readRecords(reader->lineAtTime(fromMsecs), count));
    }
    Records merged = mergeByTime(lists);
    if (merged.size() > count)
        merged.resize(count);
    return merged;
}

} // namespace trainyard::logs
