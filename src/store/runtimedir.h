// SPDX-License-Identifier: MIT
// Folders for what means something only while this machine runs (cleared at boot): port
// reservations that every Trainyard on the machine respects, whoever runs it and whichever
// store it uses, and a user's own marks (gpu/gpuhelper.h: NVML did not answer).
//
// machineFolder(): a folder every user shares, made in the machine's lock directory /run/lock
// (FHS: the machine's lock files; a tmpfs, world-writable with the sticky bit), else in /tmp.
// It is taken only when it is a real folder (not a symbolic link) that is world-writable with
// the sticky bit set, so one user cannot remove another's files; made here, it gets mode 1777.
// When none can be had the user's own folder is used and `note` says that other users' jobs
// are not seen.
//
// userFolder(): $XDG_RUNTIME_DIR/trainyard (the user's runtime folder, private by definition),
// else /tmp/trainyard-UID, taken only when it is a real folder owned by the user that no one
// else can write.
#pragma once

#include <QString>

namespace trainyard::store {

struct RuntimeFolder
{
    QString path; // empty: no safe folder
    QString note; // why it is not the machine-wide one; empty when it is
};

// `name` (one path component) in the machine-wide folder (see above), created when missing.
RuntimeFolder machineFolder(const QString &name);

// The user's runtime folder for Trainyard (see above), created when missing; empty when no
// safe one can be had.
QString userFolder();

} // namespace trainyard::store
