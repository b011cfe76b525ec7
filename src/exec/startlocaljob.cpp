// SPDX-License-Identifier: MIT
// startLocalJob(): storing a new job and starting its owner (LocalLauncher's blocking part).
#include "exec/startlocaljob.h"

#include "exec/supervisor.h"

#include <QDateTime>
#include <QDir>

namespace trainyard::exec {

namespace {

using store::JobStatus;

} // namespace

StartResult startLocalJob(store::JobStore &store, const jobspec::Job &job,
                          const RunSettings &settings, const QString &program)
{
    StartResult result;
    if (const store::StoreResult created = store.createJob(job); !created) {
        result.idTaken = created.idTaken;
        result.errorMessage = created.errorMessage;
        return result;
    }
    QString error = writeRunSettings(store, job.jobId, settings);
    if (!error.isEmpty()) {
        // Nothing ran and no owner knows the job (a full disk, say): it was never submitted, so
        // it leaves nothing behind, as a failed createJob() does.
        QDir(store.jobDir(job.jobId)).removeRecursively();
        result.errorMessage = error;
        return result;
    }
    startOwner(store, job.jobId, program, &error);
    if (error.isEmpty())
        return result;
    store::JobState state;
    if (const store::StateReadResult read = store.readState(job.jobId))
        state = read.state;
    state.state = JobStatus::Failed;
    state.errorMessage = error;
    state.endTime = QDateTime::currentDateTimeUtc();
    store.writeState(job.jobId, state);
    result.errorMessage = error;
    return result;
}

} // namespace trainyard::exec
