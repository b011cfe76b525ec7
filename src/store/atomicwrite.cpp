// SPDX-License-Identifier: MIT
#include "store/atomicwrite.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QRandomGenerator>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace trainyard::store {

namespace {
std::atomic<SyncFunction> syncFunction{nullptr};
} // namespace

void setSyncFunctionForTesting(SyncFunction sync)
{
    syncFunction.store(sync);
}

qint64 newJobSpaceFloor(qint64 fileSystemBytes)
{
    return std::min<qint64>(fileSystemBytes / 100, qint64(1000) * 1000 * 1000);
}

QString checkSpaceForNewJob(const QString &path)
{
    struct statvfs fs = {};
    if (::statvfs(QFile::encodeName(path).constData(), &fs) != 0)
        return {}; // not known: the checked writes report a full disk when it happens
    const qint64 size = qint64(fs.f_blocks) * qint64(fs.f_frsize);
    const qint64 available = qint64(fs.f_bavail) * qint64(fs.f_frsize);
    const qint64 floor = newJobSpaceFloor(size);
    if (available >= floor)
        return {};
    const QLocale c = QLocale::c();
    return QCoreApplication::translate(
               "trainyard::JobStore",
               "no space left on device for a new job: %1 has %2 free, a job needs at least %3 "
               "(1 % of the file system, at most 1 GB)")
        .arg(path, c.formattedDataSize(available, 1, QLocale::DataSizeSIFormat),
             c.formattedDataSize(floor, 1, QLocale::DataSizeSIFormat));
}

bool WriteResult::diskFull() const
{
    return error == ENOSPC || error == EDQUOT;
}

QString writeErrorMessage(const QString &path, int error)
{
    if (error == ENOSPC || error == EDQUOT)
        return QCoreApplication::translate("trainyard::JobStore", "no space left on device: %1")
            .arg(path);
    return QCoreApplication::translate("trainyard::JobStore", "cannot write %1: %2")
        .arg(path, QString::fromLocal8Bit(std::strerror(error)));
}

bool syncFolder(const QString &path)
{
    const int dirFd =
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0)
        return false;
    const bool synced = ::fsync(dirFd) == 0;
    const int error = errno;
    ::close(dirFd);
    errno = error;
    return synced;
}

WriteResult writeFileAtomically(const QString &path, const QByteArray &bytes, int newFileMode,
                                bool syncDirectory)
{
    return writeFileAtomically(path, bytes, newFileMode,
                               syncDirectory ? Durability::Durable : Durability::ContentOnly);
}

WriteResult writeFileAtomically(const QString &path, const QByteArray &bytes, int newFileMode,
                                Durability durability)
{
    WriteResult result;
    const auto fail = [&](int error) {
        result.error = error;
        result.errorMessage = writeErrorMessage(path, error);
        return result;
    };
    const QByteArray target = QFile::encodeName(path);
    const QString dir = QFileInfo(path).absolutePath();
    mode_t mode = mode_t(newFileMode);
    struct stat existing = {};
    if (::stat(target.constData(), &existing) == 0)
        mode = existing.st_mode & 07777;

    QByteArray temp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temp = target + ".tmp-" + QByteArray::number(QRandomGenerator::global()->generate(), 16);
        fd = ::open(temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd < 0 && errno != EEXIST)
            return fail(errno);
    }
    if (fd < 0)
        return fail(EEXIST);
    if (existing.st_mode != 0)
        ::fchmod(fd, mode); // the umask must not narrow an existing file's mode

    const char *data = bytes.constData();
    qsizetype left = bytes.size();
    int error = 0;
    while (left > 0) {
        const ssize_t n = ::write(fd, data, size_t(left));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = errno;
            break;
        }
        if (n == 0) { // never for a regular file; do not loop forever
            error = EIO;
            break;
        }
        data += n;
        left -= n;
    }
    // fsync reports delayed allocation failures (ENOSPC on some file systems) and write-back
    // errors; close can too (NFS).
    const SyncFunction sync = syncFunction.load();
    if (error == 0 && durability != Durability::RuntimeOnly && (sync ? sync(fd) : ::fsync(fd)) != 0)
        error = errno;
    if (::close(fd) != 0 && error == 0 && errno != EINTR)
        error = errno;
    if (error == 0 && ::rename(temp.constData(), target.constData()) != 0)
        error = errno;
    if (error != 0) {
        ::unlink(temp.constData());
        return fail(error);
    }
    if (durability == Durability::Durable)
        syncFolder(dir);
    return result;
}

} // namespace trainyard::store
