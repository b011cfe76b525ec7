// SPDX-License-Identifier: MIT
// LogModel's per-file state, shared by logmodel.cpp and logmodelsearch.cpp.
#pragma once

#include "logs/logmodel.h"

namespace trainyard::ui::logs {

struct LogModel::Source
{
    QString name;
    trainyard::logs::LogReader reader;
    qint64 mapped = 0; // lines of the file already turned into rows (or filtered out)
    int generation = 0;
    trainyard::logs::Severity lastSeverity = trainyard::logs::Severity::Info; // of the last head
    bool lastAccepted = true;
    // Text search
    trainyard::logs::SearchCursor cursor;
    std::vector<trainyard::logs::SearchHit> hits; // in line order: matches and context lines
    std::size_t hitsTaken = 0;                    // hits already turned into rows (filter mode)
};

} // namespace trainyard::ui::logs
