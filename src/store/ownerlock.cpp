// SPDX-License-Identifier: MIT
#include "store/ownerlock.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace trainyard::store {

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

int openNoIntr(const QByteArray &path, int flags, mode_t mode = 0)
{
    int fd;
    do {
        fd = ::open(path.constData(), flags, mode);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

int flockNoIntr(int fd, int operation)
{
    int rc;
    do {
        rc = ::flock(fd, operation);
    } while (rc < 0 && errno == EINTR);
    return rc;
}

} // namespace

OwnerLock::~OwnerLock()
{
    release();
}

OwnerLock::OwnerLock(OwnerLock &&other) noexcept
    : m_fd(other.m_fd)
    , m_path(std::move(other.m_path))
{
    other.m_fd = -1;
    other.m_path.clear();
}

OwnerLock &OwnerLock::operator=(OwnerLock &&other) noexcept
{
    if (this != &other) {
        release();
        m_fd = other.m_fd;
        m_path = std::move(other.m_path);
        other.m_fd = -1;
        other.m_path.clear();
    }
    return *this;
}

LockResult OwnerLock::tryAcquire(const QString &lockFilePath, int timeoutMs)
{
    release();
    LockResult result;
    const QByteArray path = QFile::encodeName(lockFilePath);
    const int fd = openNoIntr(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        const int error = errno;
        result.errorMessage =
            QCoreApplication::translate("trainyard::OwnerLock", "cannot open the lock file %1: %2")
                .arg(lockFilePath, systemError(error));
        return result;
    }

    QElapsedTimer timer;
    timer.start();
    for (;;) {
        if (flockNoIntr(fd, LOCK_EX | LOCK_NB) == 0)
            break;
        const int error = errno;
        if (error != EWOULDBLOCK) {
            ::close(fd);
            result.errorMessage =
                QCoreApplication::translate("trainyard::OwnerLock", "cannot lock %1: %2")
                    .arg(lockFilePath, systemError(error));
            return result;
        }
        if (timer.elapsed() >= timeoutMs) {
            ::close(fd);
            result.status = LockStatus::Busy;
            result.errorMessage =
                QCoreApplication::translate("trainyard::OwnerLock", "%1 is held by another process")
                    .arg(lockFilePath);
            return result;
        }
        QThread::msleep(5);
    }

    m_fd = fd;
    m_path = lockFilePath;
    // The pid is a courtesy for people looking at the file; failures here do not matter.
    const QByteArray pid = QByteArray::number(qint64(::getpid())) + '\n';
    if (::ftruncate(fd, 0) == 0) {
        [[maybe_unused]] const ssize_t written =
            ::pwrite(fd, pid.constData(), size_t(pid.size()), 0);
    }
    result.status = LockStatus::Acquired;
    return result;
}

void OwnerLock::release()
{
    if (m_fd < 0)
        return;
    // Closing the only descriptor of the open file description drops the flock.
    ::close(m_fd);
    m_fd = -1;
    m_path.clear();
}

bool isLockHeld(const QString &lockFilePath)
{
    const int fd = openNoIntr(QFile::encodeName(lockFilePath), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno != ENOENT && errno != ENOTDIR;
    bool held = true;
    if (flockNoIntr(fd, LOCK_SH | LOCK_NB) == 0) {
        held = false;
        flockNoIntr(fd, LOCK_UN);
    }
    ::close(fd);
    return held;
}

} // namespace trainyard::store
