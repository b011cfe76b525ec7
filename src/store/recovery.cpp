// SPDX-License-Identifier: MIT
#include "store/recovery.h"

#include "store/endedjobs.h"
#include "store/jobstore.h"
#include "store/ownerlock.h"
#include "store/procidentity.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <cerrno>
#include <signal.h>
#include <unistd.h>

namespace trainyard::store {

namespace {

// A QUEUED job no owner has written to yet, created less than the grace period ago.
bool isFreshUnclaimed(const JobState &state, const RecoveryOptions &options)
{
    if (state.state != JobStatus::Queued || state.ownerPid != 0 || !state.createTime.isValid())
        return false;
    const qint64 age = state.createTime.msecsTo(QDateTime::currentDateTimeUtc());
    return age < options.unclaimedGraceMs;
}

} // namespace

bool isOrphaned(const JobStore &store, const QString &jobId, const JobState &state,
                const RecoveryOptions &options)
{
    if (state.isTerminal() || isFreshUnclaimed(state, options))
        return false;
    // A cloud job (cloudrecord/cloudjob.h) has no local owner: the service runs it.
    if (QFile::exists(store.cloudRecordPath(jobId)))
        return false;
    return !store.isOwnerAlive(jobId);
}

QString interruptedErrorMessage()
{
    return QCoreApplication::translate("trainyard::Recovery",
                                       "interrupted: the process running the job exited");
}

QList<qint64> killReplicaProcessGroups(const JobState &state)
{
    return killJobProcesses(state);
}

QList<RecoveredJob> recoverOrphans(const JobStore &store, const RecoveryOptions &options)
{
    QList<RecoveredJob> recovered;
    const QStringList ids = store.ids();
    EndedJobs ended(store);
    for (const QString &id : ids) {
        // Cheap checks first: most jobs are finished (a stat tells the ones seen ended before)
        // or have a live owner.
        FileStamp stamp;
        const bool stamped = ended.stamp(id, &stamp);
        if (stamped && ended.isKnownEnded(id, stamp))
            continue;
        const StateReadResult before = store.readState(id);
        if (before && before.state.isTerminal() && stamped)
            ended.remember(id, stamp);
        if (!before || !isOrphaned(store, id, before.state, options))
            continue;

        // Take the owner lock ourselves: only one console recovers, and no owner can start
        // on the job meanwhile. Busy means another console (or a new owner) got there first.
        OwnerLock lock;
        if (!lock.tryAcquire(store.ownerLockPath(id)))
            continue;
        const StateReadResult current = store.readState(id);
        if (!current || current.state.isTerminal() || isFreshUnclaimed(current.state, options))
            continue;

        RecoveredJob job;
        job.jobId = id;
        job.previousState = current.state.state;
        job.killedGroups = killJobProcesses(current.state);

        JobState state = current.state;
        state.state = JobStatus::Failed;
        state.errorMessage = interruptedErrorMessage();
        state.endTime = QDateTime::currentDateTimeUtc();
        for (ReplicaState &replica : state.replicas) {
            if (replica.state == ReplicaStatus::Running ||
                replica.state == ReplicaStatus::Restarting)
                replica.state = ReplicaStatus::Failed;
        }
        if (state.tuning) { // the trial that was running failed with the job
            for (TrialState &trial : state.tuning->trials) {
                if (!isTerminal(trial.state)) {
                    trial.state = JobStatus::Failed;
                    trial.errorMessage = state.errorMessage;
                    trial.endTime = state.endTime;
                }
            }
        }
        if (const StoreResult written = store.writeState(id, state); !written)
            job.errorMessage = written.errorMessage;
        recovered.append(job);
    }
    ended.save(ids);
    return recovered;
}

} // namespace trainyard::store
