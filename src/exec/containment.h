// SPDX-License-Identifier: MIT
// Keeping every process a job starts inside the job. The owner process becomes a child
// subreaper (prctl PR_SET_CHILD_SUBREAPER): a descendant whose parent exits — also one that
// started a session of its own (setsid, Popen(start_new_session=True), daemons) — is re-parented
// to the owner instead of to init, so "the descendants of the owner" are exactly the job's
// processes. The owner records their identities in the state (recovery kills them by identity
// when the owner itself dies), signals them when the job ends and reaps the adopted ones.
#pragma once

#include "store/procidentity.h"

#include <QList>
#include <QSet>

namespace trainyard::exec {

// Makes this process a child subreaper. False when the kernel refuses (then descendants that
// leave their group can escape; the owner notes it).
bool becomeChildSubreaper();

// The live descendants of `root` (not root itself), zombies left out, from one walk of /proc.
QList<store::ProcStat> descendantsOf(qint64 root);

// True when a live descendant of this process belongs to process group `pgid`: the group is
// then provably the one this process started, whatever its leader's fate.
bool isOwnGroup(qint64 pgid);

// Signals every live descendant of this process; returns how many were signalled.
int signalDescendants(int signal);

// Reaps zombies among this process's children that are not in `exclude` (children a QProcess
// waits for itself): descendants adopted as subreaper. Returns how many were reaped.
int reapAdoptedChildren(const QSet<qint64> &exclude);

} // namespace trainyard::exec
