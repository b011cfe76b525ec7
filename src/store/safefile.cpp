// SPDX-License-Identifier: MIT
#include "store/safefile.h"

#include <QFile>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trainyard::store {

namespace {

constexpr int ReadFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;

SafeRead readOpen(int fd, qint64 maxBytes)
{
    SafeRead result;
    struct stat st = {};
    if (::fstat(fd, &st) != 0) {
        result.failure = SafeRead::Failure::Unreadable;
        result.error = errno;
        return result;
    }
    if (!S_ISREG(st.st_mode)) {
        result.failure = SafeRead::Failure::NotRegular;
        return result;
    }
    result.bytes.resize(
        qsizetype(std::min<qint64>(maxBytes + 1, std::max<qint64>(st.st_size, 0) + 1)));
    qsizetype done = 0;
    while (done < result.bytes.size()) {
        const ssize_t n =
            ::read(fd, result.bytes.data() + done, size_t(result.bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            result.failure = SafeRead::Failure::Unreadable;
            result.error = errno;
            result.bytes.clear();
            return result;
        }
        if (n == 0)
            break;
        done += n;
        if (done == result.bytes.size() && done <= maxBytes) // grew since fstat: read on
            result.bytes.resize(qsizetype(std::min<qint64>(maxBytes + 1, qint64(done) * 2)));
    }
    result.bytes.resize(done);
    if (done > maxBytes) {
        result.failure = SafeRead::Failure::TooLarge;
        result.bytes.clear();
    }
    return result;
}

SafeRead openFailure(int error)
{
    SafeRead result;
    result.error = error;
    // O_NOFOLLOW on a symbolic link gives ELOOP.
    result.failure = error == ENOENT  ? SafeRead::Failure::Missing
                     : error == ELOOP ? SafeRead::Failure::NotRegular
                                      : SafeRead::Failure::Unreadable;
    return result;
}

} // namespace

SafeRead readRegularFile(const QString &path, qint64 maxBytes)
{
    return readRegularFileAt(AT_FDCWD, QFile::encodeName(path), maxBytes);
}

SafeRead readRegularFileAt(int dirFd, const QByteArray &name, qint64 maxBytes)
{
    const int fd = ::openat(dirFd, name.constData(), ReadFlags);
    if (fd < 0)
        return openFailure(errno);
    SafeRead result = readOpen(fd, maxBytes);
    ::close(fd);
    return result;
}

bool isRegularFile(const QString &path)
{
    struct stat st = {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISREG(st.st_mode);
}

QString touchRegularFile(const QString &path)
{
    const QByteArray name = QFile::encodeName(path);
    constexpr int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    for (int attempt = 0; attempt < 2; ++attempt) {
        const int fd = ::open(name.constData(), flags | (attempt > 0 ? O_EXCL : 0), 0644);
        int error = fd < 0 ? errno : 0;
        if (fd >= 0) {
            struct stat st = {};
            const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
            ::close(fd);
            if (regular)
                return {};
            error = EINVAL;
        }
        // ELOOP: a symbolic link; ENXIO: a FIFO nobody reads; EINVAL: something else opened.
        if (error != ELOOP && error != ENXIO && error != EINVAL && error != EEXIST &&
            error != EISDIR)
            return QString::fromLocal8Bit(std::strerror(error));
        if (::unlink(name.constData()) != 0 && errno != ENOENT)
            return QString::fromLocal8Bit(std::strerror(errno));
    }
    return QString::fromLocal8Bit(std::strerror(EEXIST));
}

} // namespace trainyard::store
