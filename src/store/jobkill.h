// SPDX-License-Identifier: MIT
// Killing what is left of a job whose owner is gone (recovery, Cancel or Delete of such a job,
// from the CLI or the console). Only processes that are provably the recorded ones are
// signalled: each replica's group while its leader has the recorded start time in the recorded
// boot, each recorded descendant (JobState::processes) the same way, and the live descendants
// of those. A number now carried by an unrelated program is left alone: that process counts as
// already gone.
#pragma once

#include "store/jobstate.h"

#include <QList>
#include <signal.h>

namespace trainyard::store {

// SIGKILL to the job's recorded processes as above. Returns the pids (group leaders or single
// processes) that were still the recorded ones and got the signal; never our own group.
QList<qint64> killJobProcesses(const JobState &state, int signal = SIGKILL);

// True while any recorded process of the job is still that process.
bool anyJobProcessAlive(const JobState &state);

} // namespace trainyard::store
