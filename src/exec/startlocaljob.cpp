// SPDX-License-Identifier: MIT
// startLocalJob(): storing a new job and starting its owner (used by the CLI, wizard and console).
#include "exec/startlocaljob.h"

#include "exec/supervisor.h"

#include <QDateTime>
#include <QDir>

namespace trainyard::exec {

namespace {

using store::JobStatus;

} // namespace

QString startLocalJob(store::JobStore &store, const jobspec::Job &job, const RunSettings &settings,
                      const QString &program, bool *idTaken)
{
    if (const store::StoreResult created = store.createJob(job); !created) {
        if (idTaken)
            *idTaken = created.idTaken;
        return created.errorMessage;
    }
    QString error = writeRunSettings(store, job.jobId, settings);
    if (!error.isEmpty()) {
        // Nothing ran and no owner knows the job (a full disk, say): it was never submitted, so
        // it leaves nothing behind, as a failed createJob() does.
        QDir(store.jobDir(job.jobId)).removeRecursively();
        return error;
    }
    startOwner(store, job.jobId, program, &error);
    if (error.isEmpty())
        return {};
    store::JobState state;
    if (const store::StateReadResult read = store.readState(job.jobId))
        state = read.state;
    state.state = JobStatus::Failed;
    state.errorMessage = error;
    state.endTime = QDateTime::currentDateTimeUtc();
    store.writeState(job.jobId, state);
    return error;
}

} // namespace trainyard::exec
