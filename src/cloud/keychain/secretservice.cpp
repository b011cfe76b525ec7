// SPDX-License-Identifier: MIT
#include "cloud/keychain/secretservice.h"

#include "cloud/keychain/secretstore.h"
#include "cloud/keychain/secretsync.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <cstddef>
#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace trainyard::secrets {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::secrets", text);
}

// Connects to a unix socket (abstract when the name starts with '\0').
bool canConnect(const QByteArray &name)
{
    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    if (name.isEmpty() || size_t(name.size()) >= sizeof address.sun_path)
        return false;
    std::memcpy(address.sun_path, name.constData(), size_t(name.size()));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    const socklen_t length = socklen_t(offsetof(sockaddr_un, sun_path) + size_t(name.size()));
    const bool ok = ::connect(fd, reinterpret_cast<const sockaddr *>(&address), length) == 0;
    ::close(fd);
    return ok;
}

} // namespace

QString sessionBusProblem()
{
    QByteArray addresses = qgetenv("DBUS_SESSION_BUS_ADDRESS");
    if (addresses.isEmpty()) {
        const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
        if (!runtime.isEmpty() && QFileInfo::exists(runtime + QStringLiteral("/bus")))
            addresses = "unix:path=" + QFile::encodeName(runtime + QStringLiteral("/bus"));
    }
    if (addresses.isEmpty())
        return tr("there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)");
    for (const QByteArray &address : addresses.split(';')) {
        if (!address.startsWith("unix:"))
            return {}; // tcp:, launchd:, ...: let the keychain library try
        for (const QByteArray &pair : address.mid(5).split(',')) {
            if (pair.startsWith("path=") && canConnect(pair.mid(5)))
                return {};
            if (pair.startsWith("abstract=") && canConnect('\0' + pair.mid(9)))
                return {};
        }
    }
    return tr("the D-Bus session bus %1 cannot be reached").arg(QString::fromLocal8Bit(addresses));
}

QString secretServiceProblem(QString *detail)
{
    if (detail)
        detail->clear();
    if (const QString bus = sessionBusProblem(); !bus.isEmpty())
        return bus;
    // "Not found" (or the value of a secret by that unlikely name) means the keychain answered.
    const SecretValue probe = readSecretBlocking(QStringLiteral(".trainyard-keychain-probe"),
                                                 QStringLiteral("/dev/null"));
    if (probe.result || probe.result.status == SecretResult::Status::NotFound)
        return {};
    if (detail)
        *detail = probe.result.keychainDetail;
    return probe.result.errorString;
}

} // namespace trainyard::secrets
