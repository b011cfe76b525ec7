// SPDX-License-Identifier: MIT
#include "exec/companion.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <sys/auxv.h>
#include <unistd.h>

// The installed layout (TRAINYARD_BIN_TO_LIBEXEC, TRAINYARD_LIBEXEC_TO_BIN, TRAINYARD_BIN_TO_DATA):
// relative paths that src/exec/CMakeLists.txt computes from the install directories.

namespace trainyard::exec {

namespace {

// This executable's folder with a trailing '/': from /proc/self/exe, else from the path the
// kernel was given to start it (AT_EXECFN; a shell passes the full path of a command it found
// on PATH) when that is absolute. Empty when neither says: never a folder relative to the
// working directory, where anybody could have put a program of that name.
std::string ownFolder()
{
    char path[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
    std::string self;
    if (n > 0) {
        self.assign(path, size_t(n));
    } else if (const auto *started = reinterpret_cast<const char *>(::getauxval(AT_EXECFN));
               started && started[0] == '/' && ::realpath(started, path)) {
        self = path;
    }
    return self.empty() || self[0] != '/' ? std::string() : self.substr(0, self.rfind('/') + 1);
}

// `folder` (ending in '/') followed by `relative`, its leading "../" taken off the folder.
std::string join(std::string folder, const char *relative)
{
    while (std::strncmp(relative, "../", 3) == 0 || std::strcmp(relative, "..") == 0) {
        if (folder.size() > 1) {
            folder.pop_back();
            folder.erase(folder.rfind('/') + 1);
        }
        relative += relative[2] == '/' ? 3 : 2;
    }
    return folder + relative;
}

bool executable(const std::string &path)
{
    return ::access(path.c_str(), X_OK) == 0;
}

} // namespace

std::string companionProgram(const char *name)
{
    const std::string own = ownFolder();
    if (own.empty())
        return {};
    const std::string beside = own + name;
    if (executable(beside))
        return beside;
    const bool cli = std::strcmp(name, CliProgramName) == 0;
    return join(own, cli ? TRAINYARD_LIBEXEC_TO_BIN "/" : TRAINYARD_BIN_TO_LIBEXEC "/") + name;
}

QString installedDataFolder()
{
    // From bin/ (trainyard) or from libexec/trainyard/ (the other two): bin/ is where
    // `trainyard` is.
    const std::string cli = companionProgram(CliProgramName);
    if (cli.empty())
        return {};
    const std::string bin = cli.substr(0, cli.rfind('/') + 1);
    const QString data =
        QDir::cleanPath(QFile::decodeName(join(bin, TRAINYARD_BIN_TO_DATA).c_str()));
    return QFileInfo(data).isDir() ? data : QString();
}

bool isSystemDataPath(const QString &path, const QString &xdgDataDirs)
{
    QStringList roots;
    if (const QString data = installedDataFolder(); !data.isEmpty())
        roots << data;
    // The XDG Base Directory default when $XDG_DATA_DIRS is unset or empty.
    roots << (xdgDataDirs.isEmpty() ? QStringLiteral("/usr/local/share/:/usr/share/") : xdgDataDirs)
                 .split(QLatin1Char(':'), Qt::SkipEmptyParts);
    const QString clean = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    for (const QString &root : std::as_const(roots)) {
        const QString r = QDir::cleanPath(root);
        if (r.isEmpty() || r == QLatin1String("/"))
            continue;
        if (clean == r || clean.startsWith(r + QLatin1Char('/')))
            return true;
    }
    return false;
}

} // namespace trainyard::exec
