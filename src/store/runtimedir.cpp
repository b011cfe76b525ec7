// SPDX-License-Identifier: MIT
#include "store/runtimedir.h"

#include <QCoreApplication>
#include <QFile>
#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace trainyard::store {

namespace {

// A folder anyone may add to and no one may empty but its owners: world-writable, sticky.
bool isSharedFolder(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0 && S_ISDIR(st.st_mode) &&
           (st.st_mode & S_ISVTX) != 0 && (st.st_mode & S_IWOTH) != 0 &&
           (st.st_mode & S_IXOTH) != 0;
}

// A folder of this user alone.
bool isPrivateFolder(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() &&
           (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

QByteArray sharedFolderIn(const QByteArray &base, const QByteArray &name)
{
    if (!isSharedFolder(base))
        return {};
    const QByteArray path = base + '/' + name;
    if (::mkdir(path.constData(), 0755) == 0)
        ::chmod(path.constData(), 01777); // not through the umask: every user adds to it
    return isSharedFolder(path) ? path : QByteArray();
}

QByteArray privateFolder(const QByteArray &path)
{
    if (::mkdir(path.constData(), 0700) != 0 && errno != EEXIST)
        return {};
    return isPrivateFolder(path) ? path : QByteArray();
}

} // namespace

RuntimeFolder machineFolder(const QString &name)
{
    RuntimeFolder folder;
    const QByteArray encoded = QFile::encodeName(name);
    for (const char *base : {"/run/lock", "/tmp"}) {
        if (const QByteArray path = sharedFolderIn(base, encoded); !path.isEmpty()) {
            folder.path = QFile::decodeName(path);
            return folder;
        }
    }
    const QString own = userFolder();
    if (!own.isEmpty()) {
        const QByteArray path = privateFolder(QFile::encodeName(own) + '/' + encoded);
        folder.path = QFile::decodeName(path);
    }
    folder.note = QCoreApplication::translate(
                      "trainyard::JobStore",
                      "neither /run/lock/%1 nor /tmp/%1 is a folder every user can add to (a "
                      "real folder, world-writable with the sticky bit): only this user's jobs "
                      "are seen")
                      .arg(name);
    return folder;
}

QString userFolder()
{
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty() && runtime.startsWith('/') && isPrivateFolder(runtime)) {
        if (const QByteArray path = privateFolder(runtime + "/trainyard"); !path.isEmpty())
            return QFile::decodeName(path);
    }
    const QByteArray fallback = "/tmp/trainyard-" + QByteArray::number(::geteuid());
    return QFile::decodeName(privateFolder(fallback));
}

} // namespace trainyard::store
