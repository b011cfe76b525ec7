// SPDX-License-Identifier: MIT
// Files that another process puts in a job's folder (a console's cancel and rehearsal requests,
// run.json) read and created without trusting what the name points at: a symbolic link is not
// followed, a FIFO or a device is never waited on (open(2) with O_NOFOLLOW | O_NONBLOCK, then
// fstat(2)), and only a regular file is taken. A FIFO named like a request froze the owner's
// event loop in open(2) until a writer came.
#pragma once

#include <QByteArray>
#include <QString>

namespace trainyard::store {

struct SafeRead
{
    enum class Failure {
        None,
        Missing,    // no such entry
        NotRegular, // a symbolic link, FIFO, socket, device or folder
        TooLarge,   // more than the bytes asked for
        Unreadable, // any other error (errno in `error`)
    };
    QByteArray bytes;
    Failure failure = Failure::None;
    int error = 0;

    explicit operator bool() const { return failure == Failure::None; }
};

// Reads the regular file at `path` (at most maxBytes; more is TooLarge).
SafeRead readRegularFile(const QString &path, qint64 maxBytes);
// The same for `name` in the folder open as `dirFd` (openat(2)).
SafeRead readRegularFileAt(int dirFd, const QByteArray &name, qint64 maxBytes);

// True when `path` is a regular file itself (lstat(2): a link to one is not).
bool isRegularFile(const QString &path);

// Creates `path` as an empty regular file, or leaves the regular file there as it is. Whatever
// else holds the name (a symbolic link, a FIFO, a socket) is removed and replaced. Empty on
// success, else strerror(3) of the failure.
QString touchRegularFile(const QString &path);

} // namespace trainyard::store
