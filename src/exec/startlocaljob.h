// SPDX-License-Identifier: MIT
// startLocalJob(): stores a new job and starts its owner, the process that runs it on this
// machine. Blocking; exec::LocalLauncher (locallauncher.h) is the one object the wizard, the
// console and the CLI start local jobs with.
#pragma once

#include "exec/runsettings.h"
#include "jobspec/job.h"
#include "store/jobstore.h"

#include <QString>

namespace trainyard::exec {

class OwnerStandby;

// Success, or why the job did not start.
struct StartResult
{
    QString errorMessage;
    // The job's ID was taken (by another console at the same moment too): the caller may try
    // another ID.
    bool idTaken = false;

    explicit operator bool() const { return errorMessage.isEmpty(); }
};

// Stores a new job, records its run settings and starts its owner: hands it to `standby` when
// that is given and valid (ownerstandby.h), else startOwner(). A job that was stored but could
// not be started is marked FAILED with the reason. Blocks on the store's fsync'd writes: call
// it off the GUI thread (LocalLauncher does).
StartResult startLocalJob(store::JobStore &store, const jobspec::Job &job,
                          const RunSettings &settings, const QString &program,
                          OwnerStandby *standby = nullptr);

} // namespace trainyard::exec
