// SPDX-License-Identifier: MIT
// The job list as the core answers it: which jobs the store holds, in which state, with which
// shape, region and trials, local or in the cloud, and why a folder cannot be read. Consoles (the
// GUI's job list, the CLI's listing) display these values; they never read the store's files or
// re-derive its rules themselves.
//
// readJobSummary() reads one job; scanJobs() is one pass over the store as a watcher runs it in
// a worker thread: list the IDs (or read only the ones that changed), read the jobs that are not
// settled, and run the store's recovery (store::recoverOrphans) when one of them is orphaned by
// the store's rule (store::isOrphaned).
#pragma once

#include "store/jobstate.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QSet>
#include <QString>
#include <QStringList>

namespace trainyard::store {
class JobStore;
}

namespace trainyard::joblist {

// Why the store cannot give a job folder a state (store::StateReadResult::Failure::Broken or
// Unreadable).
enum class BrokenReason {
    None,
    NoState,          // no state.json past store::JobStore::NoStateGraceMs
    StateUnreadable,  // state.json cannot be read or does not parse
    FolderUnreadable, // the job's folder cannot be listed
};

// The short words for a broken folder ("no state.json", ...), translated; empty for None.
QString brokenReasonText(BrokenReason reason);
// Every reason but None, in enum order (for sizing a column to the longest word).
QList<BrokenReason> brokenReasons();

// One job as a list shows it.
struct JobSummary
{
    QString jobId;
    store::JobState state; // createTime from the folder while no state is recorded yet
    bool stateKnown = true;
    QString stateError; // why the state is unknown (the store's message)
    QString shape;      // scale tier, or "CUSTOM: masterType" ...
    QString region;
    bool broken = false; // stateKnown is false then; stateError says why
    BrokenReason brokenReason = BrokenReason::None;
    QString where;      // "local", or the cloud engine and region ("Vertex AI · us-central1")
    bool cloud = false; // a cloud job (cloudrecord/cloudjob.h): no local owner

    // Finished for good: a watcher reads it once and never again.
    bool settled() const { return stateKnown && state.isTerminal(); }

    bool operator==(const JobSummary &o) const
    {
        return jobId == o.jobId && state == o.state && stateKnown == o.stateKnown &&
               stateError == o.stateError && shape == o.shape && region == o.region &&
               broken == o.broken && brokenReason == o.brokenReason && where == o.where &&
               cloud == o.cloud;
    }
    bool operator!=(const JobSummary &o) const { return !(*this == o); }
};

// Shape and region per job ID, from config.yaml (a stored config never changes).
using ConfigCache = QHash<QString, QPair<QString, QString>>;

// One job; false when the store has no such job (deleted meanwhile).
bool readJobSummary(const store::JobStore &store, const QString &jobId, ConfigCache &cache,
                    JobSummary *summary);

// What one pass asks for.
struct ScanRequest
{
    bool list = false;     // list the store's IDs and read every job not in `settled`
    QStringList ids;       // without `list`: read only these
    QSet<QString> settled; // with `list`: jobs known to be finished, not read again
    bool recover = false;  // recover orphaned jobs among those read (store/recovery.h)
};

// What one pass produced.
struct ScanResult
{
    bool listed = false;    // allIds holds every job ID of the store
    QStringList allIds;     // sorted
    QList<JobSummary> rows; // the jobs read in this pass, sorted by job ID
    QStringList gone;       // IDs asked for that are no longer in the store
    QStringList recovered;  // jobs whose dead owner this pass recovered
};

// One pass over the store (blocking: disk reads, maybe recovery; run it off the GUI thread).
ScanResult scanJobs(const QString &storeRoot, const ScanRequest &request, ConfigCache configCache);
// Every job of the store, sorted by ID (no recovery).
QList<JobSummary> listJobs(const QString &storeRoot, ConfigCache configCache = {});

} // namespace trainyard::joblist
