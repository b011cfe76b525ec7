// SPDX-License-Identifier: MIT
// startLocalJob(): storing a new job and starting its owner (LocalLauncher's blocking part).
#include "exec/startlocaljob.h"

#include "exec/owner.h"
#include "exec/ownerstandby.h"

#include <QDateTime>

namespace trainyard::exec {

namespace {

using store::JobStatus;

} // namespace

StartResult startLocalJob(store::JobStore &store, const jobspec::Job &job,
                          const RunSettings &settings, const QString &program,
                          OwnerStandby *standby)
{
    StartResult result;
    // run.json goes with the job's files, synced with them (one journal commit, not two). The
    // folders are synced once the owner has the job: it reads the files meanwhile.
    const QList<store::JobStore::ExtraFile> runFile = {{runSettingsFileName(), settings.toJson()}};
    if (const store::StoreResult created =
            store.createJob(job, store::JobState(), runFile, store::JobStore::FolderSync::Later);
        !created) {
        result.idTaken = created.idTaken;
        result.errorMessage = created.errorMessage;
        return result;
    }
    QString error;
    // A standby that does not take the job (it died, say) is replaced by a fresh owner; the
    // job's owner lock keeps a late standby from running it twice.
    if (!standby || !standby->isValid() || standby->assign(job.jobId) <= 0)
        startOwner(store, job.jobId, program, &error);
    store.syncNewJob(job.jobId);
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
