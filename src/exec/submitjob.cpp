// SPDX-License-Identifier: MIT
// submitJob(): storing a new job and starting its owner (used by the CLI, wizard and console).
#include "exec/supervisor.h"

#include <QDateTime>

namespace trainyard::exec {

namespace {

using store::JobStatus;

} // namespace

QString submitJob(store::JobStore &store, const spec::Job &job, const RunSettings &settings,
                  const QString &program, bool *idTaken)
{
    if (const store::StoreResult created = store.createJob(job); !created) {
        if (idTaken)
            *idTaken = created.idTaken;
        return created.errorMessage;
    }
    QString error = writeRunSettings(store, job.jobId, settings);
    if (error.isEmpty())
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
