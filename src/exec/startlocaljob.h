// SPDX-License-Identifier: MIT
// startLocalJob(): stores a new job and starts its owner, the process that runs it on this
// machine (used by the CLI, the wizard and the console).
#pragma once

#include "exec/runsettings.h"
#include "jobspec/job.h"
#include "store/jobstore.h"

#include <QString>

namespace trainyard::exec {

// Stores a new job, records its run settings and starts its owner (startOwner). Empty on
// success, else why not; a job that was stored but could not be started is marked FAILED with
// that reason. Blocks on the store's fsync'd writes: call it off the GUI thread.
// *idTaken (when given) tells that the job's ID was taken, by another console at the same
// moment too: the caller may try another ID.
QString startLocalJob(store::JobStore &store, const jobspec::Job &job, const RunSettings &settings,
                      const QString &program, bool *idTaken = nullptr);

} // namespace trainyard::exec
