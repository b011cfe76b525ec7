// SPDX-License-Identifier: MIT
// A job's logs as the store lays them out: logs/<name>.log in the job's log folder
// (JobStore::logsDir), one per replica, per trial in a tuning job (JobStore::trialLogName). The
// one listing of them: the log view, the owner's metric thread and the metric store's follower
// read the same files by the same rule.
#pragma once

#include <QFileInfo>
#include <QString>

namespace trainyard::store {

// The logs in `logsDir`, by file name; an empty list when the folder does not exist (yet).
QFileInfoList logFiles(const QString &logsDir);
// A log's name as the job knows it (chief-0, chief-0.trial-2): the file's name without ".log".
QString logName(const QFileInfo &logFile);

} // namespace trainyard::store
