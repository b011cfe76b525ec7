// SPDX-License-Identifier: MIT
// Who owns a running job: the owner process holds an exclusive flock(2) on <job>/owner.lock for
// its whole life. The kernel drops the lock when the last descriptor closes, also on SIGKILL,
// so "the lock is free" means "the owner is gone" — unlike a recorded pid, which can be reused.
// QLockFile is not used: its staleness check is pid-based.
//
// The descriptor is opened with O_CLOEXEC: replicas the owner starts do not inherit it (if they
// did, an orphaned replica would keep a dead owner looking alive).
#pragma once

#include <QString>

namespace trainyard::store {

enum class LockStatus {
    Acquired,
    Busy,  // another process (or another OwnerLock in this one) holds it
    Error, // the file could not be opened or locked; see errorMessage
};

struct LockResult
{
    LockStatus status = LockStatus::Error;
    QString errorMessage; // for Busy and Error

    explicit operator bool() const { return status == LockStatus::Acquired; }
};

class OwnerLock
{
public:
    OwnerLock() = default;
    ~OwnerLock();
    OwnerLock(OwnerLock &&other) noexcept;
    OwnerLock &operator=(OwnerLock &&other) noexcept;
    OwnerLock(const OwnerLock &) = delete;
    OwnerLock &operator=(const OwnerLock &) = delete;

    // Creates the file when missing and takes the exclusive lock. With timeoutMs 0 it tries
    // once; otherwise it retries every few milliseconds until the timeout, which an owner that
    // is starting should use: a console probing liveness holds a shared lock for a moment.
    // Writes this process's pid into the file (for people looking; liveness never reads it).
    // A lock this object already holds is released first.
    LockResult tryAcquire(const QString &lockFilePath, int timeoutMs = 0);
    // Releases the lock and closes the descriptor. Idempotent.
    void release();

    bool isHeld() const { return m_fd >= 0; }
    QString path() const { return m_path; }

private:
    int m_fd = -1;
    QString m_path;
};

// True while some process holds the exclusive lock on lockFilePath. A missing file means no
// owner. When the answer cannot be found out (e.g. permission denied) the owner counts as
// alive, so nobody recovers a job they cannot judge.
bool isLockHeld(const QString &lockFilePath);

} // namespace trainyard::store
