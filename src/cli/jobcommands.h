// SPDX-License-Identifier: MIT
// The CLI's job commands (docs/service.md §6.3, §11), running jobs on this machine through the job
// store and the executor:
//   trainyard local train --module-name M [...] [-- ARGS]     gcloud ai-platform local train
//   trainyard jobs submit training JOB --config FILE [...]    gcloud ai-platform jobs submit
//   training trainyard jobs list [--filter EXPR] | describe JOB | stream-logs JOB | cancel JOB
//   trainyard jobs metrics JOB [--format=csv|json] [--source S] [--metric M]
//   trainyard supervise [--store ROOT] JOB                    hidden: a job's owner process
// Every command first recovers jobs whose owner died (store/recovery.h).
#pragma once

#include "store/jobstate.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace trainyard::store {
class JobStore;
}

namespace trainyard::cli {

int runLocal(const QStringList &args);     // arguments after "local" ("train ...")
int runJobs(const QStringList &args);      // arguments after "jobs"
int runSupervise(const QStringList &args); // arguments after "supervise"
QString localHelp();
QString jobsHelp();
int runLocalTrain(const QStringList &args);     // arguments after "local train"
int runSubmitTraining(const QStringList &args); // arguments after "jobs submit training"
int runJobsMetrics(const QStringList &args);    // arguments after "jobs metrics" (metricscmd.cpp)
QString submitHelp();

// Follows a job until it reaches a terminal state: prints every replica's new log records to
// stdout as "REPLICA: text" (when printLogs), runs orphan recovery when the owner dies, and on
// SIGINT, SIGTERM or SIGHUP either requests a cancel and keeps following until the job has ended
// (cancelOnInterrupt) or stops following. Prints the outcome on stderr. Returns 0 when the job
// SUCCEEDED (or, with expected = Cancelled, when it was CANCELLED), else 1; 128 + the signal
// when the user interrupted a follow that does not cancel. A state that stays unreadable (a
// broken job folder) or an end that cannot be recorded is reported and returns 1.
struct FollowOptions
{
    bool printLogs = true;
    bool cancelOnInterrupt = false;
    store::JobStatus expected = store::JobStatus::Succeeded;
};
int followJob(const store::JobStore &store, const QString &jobId, const FollowOptions &options);

// A filter in gcloud's syntax for `jobs list --filter`: space- or AND-separated terms
// KEY=VALUE, KEY!=VALUE, KEY:PATTERN (PATTERN may use * wildcards); keys jobId and state
// (also status, labels.NAME); values compare case-insensitively. Empty *error when it parsed.
struct JobFilterTerm
{
    QString key;
    QString op; // "=", "!=", ":"
    QString value;
};
QList<JobFilterTerm> parseJobFilter(const QString &text, QString *error);
bool matchesJobFilter(const QList<JobFilterTerm> &terms, const QString &jobId,
                      const store::JobState &state, const QMap<QString, QString> &labels);

} // namespace trainyard::cli
