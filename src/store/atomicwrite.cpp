// SPDX-License-Identifier: MIT
#include "store/atomicwrite.h"

#include "store/fdwrite.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QRandomGenerator>
#include <QSet>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <thread>
#include <unistd.h>
#include <vector>

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

FreeSpace freeSpace(const QString &path)
{
    FreeSpace space;
    struct statvfs fs = {};
    if (::statvfs(QFile::encodeName(path).constData(), &fs) != 0)
        return space;
    space.size = qint64(fs.f_blocks) * qint64(fs.f_frsize);
    space.available = qint64(fs.f_bavail) * qint64(fs.f_frsize);
    return space;
}

QString checkSpaceForNewJob(const QString &path)
{
    // Not known: the checked writes report a full disk when it happens.
    const FreeSpace space = freeSpace(path);
    if (!space.belowFloor())
        return {};
    const qint64 available = space.available;
    const qint64 floor = space.floor();
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

QString writeErrorReason(int error)
{
    if (error == ENOSPC || error == EDQUOT)
        return QCoreApplication::translate("trainyard::JobStore", "no space left on device");
    return QString::fromLocal8Bit(std::strerror(error));
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

namespace {

// One file of a batch between its temporary's creation and its rename.
struct PendingFile
{
    QByteArray target;
    QByteArray temp;
    int fd = -1;
    int error = 0;
};

// Creates the temporary beside `path` and writes `bytes` to it (every write checked).
PendingFile writeTemporary(const QString &path, const QByteArray &bytes, int newFileMode)
{
    PendingFile file;
    file.target = QFile::encodeName(path);
    mode_t mode = mode_t(newFileMode);
    struct stat existing = {};
    if (::stat(file.target.constData(), &existing) == 0)
        mode = existing.st_mode & 07777;
    for (int attempt = 0; attempt < 100 && file.fd < 0; ++attempt) {
        file.temp =
            file.target + ".tmp-" + QByteArray::number(QRandomGenerator::global()->generate(), 16);
        file.fd = ::open(file.temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (file.fd < 0 && errno != EEXIST) {
            file.error = errno;
            return file;
        }
    }
    if (file.fd < 0) {
        file.error = EEXIST;
        return file;
    }
    if (existing.st_mode != 0)
        ::fchmod(file.fd, mode); // the umask must not narrow an existing file's mode

    file.error = writeFully(file.fd, bytes.constData(), std::size_t(bytes.size()));
    return file;
}

// fsync reports delayed allocation failures (ENOSPC on some file systems) and write-back
// errors.
void syncTemporary(PendingFile &file)
{
    const SyncFunction sync = syncFunction.load();
    if (file.error == 0 && file.fd >= 0 && (sync ? sync(file.fd) : ::fsync(file.fd)) != 0)
        file.error = errno;
}

} // namespace

WriteResult writeFileAtomically(const QString &path, const QByteArray &bytes, int newFileMode,
                                Durability durability)
{
    return writeFilesAtomically({{path, bytes}}, newFileMode, durability);
}

WriteResult writeFilesAtomically(const QList<FileContent> &files, int newFileMode,
                                 Durability durability)
{
    if (files.isEmpty())
        return {};
    std::vector<PendingFile> pending;
    pending.reserve(size_t(files.size()));
    for (const FileContent &file : files) {
        pending.push_back(writeTemporary(file.path, file.bytes, newFileMode));
        if (pending.back().error != 0)
            break;
    }
    const auto failed = [&] {
        return std::any_of(pending.cbegin(), pending.cend(),
                           [](const PendingFile &f) { return f.error != 0; });
    };
    // The files are synced side by side: a journalling file system commits them together, so a
    // batch costs about one sync instead of one per file.
    if (!failed() && durability != Durability::RuntimeOnly) {
        std::vector<std::thread> helpers;
        for (size_t i = 1; i < pending.size(); ++i)
            helpers.emplace_back([file = &pending[i]] { syncTemporary(*file); });
        syncTemporary(pending.front());
        for (std::thread &helper : helpers)
            helper.join();
    }
    for (PendingFile &file : pending) { // close can report errors too (NFS)
        if (file.fd >= 0 && ::close(file.fd) != 0 && file.error == 0 && errno != EINTR)
            file.error = errno;
    }
    // Renamed only when every file is written and synced: such a failure changes no target.
    bool ok = !failed() && pending.size() == size_t(files.size());
    for (size_t i = 0; ok && i < pending.size(); ++i) {
        if (::rename(pending[i].temp.constData(), pending[i].target.constData()) != 0) {
            pending[i].error = errno;
            ok = false;
        }
    }
    WriteResult result;
    for (size_t i = 0; i < pending.size(); ++i) {
        const PendingFile &file = pending[i];
        if (!ok && !file.temp.isEmpty())
            ::unlink(file.temp.constData()); // gone already when renamed
        if (file.error != 0 && result.error == 0) {
            result.error = file.error;
            result.errorMessage = writeErrorMessage(files.at(qsizetype(i)).path, file.error);
        }
    }
    if (ok && durability == Durability::Durable) {
        QSet<QString> folders;
        for (const FileContent &file : files)
            folders.insert(QFileInfo(file.path).absolutePath());
        for (const QString &folder : std::as_const(folders))
            syncFolder(folder);
    }
    return result;
}

} // namespace trainyard::store
