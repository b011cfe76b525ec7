// SPDX-License-Identifier: MIT
// Recovery of jobs whose owner process died (e.g. SIGKILLed): any console that looks at the
// store calls recoverOrphans(). A job that is not terminal and whose owner lock is free gets
// whatever is left of its processes killed, by recorded identity (jobkill.h), and is marked
// FAILED with the error "interrupted: the process running the job exited". The recovering
// console holds the job's owner lock meanwhile, so two consoles never handle the same job twice.
#pragma once

#include "store/jobkill.h"
#include "store/jobstate.h"

#include <QList>
#include <QString>

namespace trainyard::store {

class JobStore;

struct RecoveryOptions
{
    // A QUEUED job no owner has claimed yet (ownerPid 0) is left alone this long after its
    // createTime: the console that created it may be starting its owner right now.
    qint64 unclaimedGraceMs = 60 * 1000;
};

struct RecoveredJob
{
    QString jobId;
    JobStatus previousState = JobStatus::Queued;
    QList<qint64> killedGroups; // recorded processes (groups) that still existed and got SIGKILL
    QString errorMessage;       // set when the FAILED state could not be written

    explicit operator bool() const { return errorMessage.isEmpty(); }
};

// The recovery rule, one place for every console (the CLI, the job list's watcher): a job is
// orphaned when its state is known and not terminal, it is not a cloud job (cloud.json: the
// service runs it, no local owner does), it is not a QUEUED job still within unclaimedGraceMs of
// its creation, and its owner lock is free. `state` is the job's state as just read.
bool isOrphaned(const JobStore &store, const QString &jobId, const JobState &state,
                const RecoveryOptions &options = RecoveryOptions());

// The error message a recovered job gets.
QString interruptedErrorMessage();

// Recovers every orphaned job of the store; returns the jobs this call handled.
QList<RecoveredJob> recoverOrphans(const JobStore &store,
                                   const RecoveryOptions &options = RecoveryOptions());

// Kills what is left of a job whose owner is gone, by recorded identity only (see
// store/jobkill.h): killJobProcesses(). Kept for its callers.
QList<qint64> killReplicaProcessGroups(const JobState &state);

} // namespace trainyard::store
