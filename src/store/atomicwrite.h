// SPDX-License-Identifier: MIT
// Checked, atomic replacement of a file: the bytes go to a temporary file next to the target,
// every write(2) is checked (a full disk is reported, never ignored), the file is fsync'd and
// then renamed over the target. On any failure the temporary file is removed and the old file
// stays as it was: the last good file is never replaced by an empty or partial one.
//
// QSaveFile is not used for the store: in Qt 6.4 a buffered write that fails (ENOSPC) is not
// reported by commit(), which then renames an empty or truncated file over the good one.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace trainyard::store {

struct WriteResult
{
    int error = 0;        // errno of the failure; 0 on success
    QString errorMessage; // for the user; "no space left on device: PATH" for ENOSPC

    explicit operator bool() const { return error == 0 && errorMessage.isEmpty(); }
    bool diskFull() const;
};

// How much of a replacement survives a power loss. Every kind is replaced atomically for the
// processes reading it (write to a temporary, rename).
enum class Durability {
    // The file is fsync'd before the rename and its folder after it: the new bytes survive.
    Durable,
    // The file is fsync'd before the rename, the folder not: after a power loss the target
    // holds the old bytes or the new ones, never a torn or empty file. For a state a durable
    // write follows anyway (a job's PREPARING before RUNNING), and for a batch of files in one
    // folder that the writer syncs once at the end (syncFolder()).
    ContentOnly,
    // No fsync at all: files that mean nothing after a reboot because they describe live
    // processes (a port reservation counts only while its owner holds its lock). A torn one
    // left by a power loss is read as lapsed.
    RuntimeOnly,
};

// Writes `bytes` to `path` atomically (see above). A new file gets `newFileMode` (before the
// umask); an existing one keeps its mode. With syncDirectory the directory is fsync'd after the
// rename so the replacement survives a power loss.
WriteResult writeFileAtomically(const QString &path, const QByteArray &bytes,
                                int newFileMode = 0644, bool syncDirectory = true);
WriteResult writeFileAtomically(const QString &path, const QByteArray &bytes, int newFileMode,
                                Durability durability);

// Several files written as writeFileAtomically() writes one, their syncs side by side (a
// journalling file system then commits them at once). A failed write or sync replaces no
// target and leaves no temporary; the result names the first file that failed.
struct FileContent
{
    QString path;
    QByteArray bytes;
};
WriteResult writeFilesAtomically(const QList<FileContent> &files, int newFileMode,
                                 Durability durability);

// fsync(2) of a folder: the entries created, renamed or removed in it survive a power loss.
// False (errno set) when it cannot be opened or synced.
bool syncFolder(const QString &path);

// Why a write failed, without the path: "no space left on device" for ENOSPC and EDQUOT, else
// strerror(3).
QString writeErrorReason(int error);

// The message for a failed write of `path` with errno `error`: "no space left on device: PATH"
// for ENOSPC and EDQUOT, else "cannot write PATH: <strerror>".
QString writeErrorMessage(const QString &path, int error);

// The fsync(2) writeFileAtomically calls, replaceable so a test can make it fail (EIO) and see
// the old file kept and no temporary left. nullptr restores fsync(2).
using SyncFunction = int (*)(int fd);
void setSyncFunctionForTesting(SyncFunction sync);

// The free space a new job needs in the file system of `path`: 1 % of its size, at most 1 GB.
// A running job's owner warns when the store falls below it (a warning before the disk is full).
qint64 newJobSpaceFloor(qint64 fileSystemBytes);
// The file system holding `path` (statvfs(2)): its size and what an unprivileged writer may
// still use; -1 when unknown.
struct FreeSpace
{
    qint64 size = -1;
    qint64 available = -1;

    bool known() const { return size >= 0 && available >= 0; }
    qint64 floor() const { return newJobSpaceFloor(size); }
    bool belowFloor() const { return known() && available < floor(); }
};
FreeSpace freeSpace(const QString &path);
// Empty when the file system holding `path` has at least newJobSpaceFloor() free; else the
// reason, naming the path and the free space.
QString checkSpaceForNewJob(const QString &path);

} // namespace trainyard::store
