// SPDX-License-Identifier: MIT
// Shared by the secrets tests (unit and GUI).
//
// NoSecretServiceBus: a private D-Bus session bus WITHOUT any activatable service, so
// org.freedesktop.secrets cannot be reached: QtKeychain then fails with error 7 (OtherError) and
// "The name org.freedesktop.secrets was not provided by any .service files". Start it and call
// use() BEFORE the first keychain call of the process (libsecret keeps its first connection).
//
// The keychain suites (label `keychain`) otherwise expect a reachable, unlocked secret service
// on the session bus: scripts/run-tests.sh provides one (gnome-keyring in dbus-run-session).
#pragma once

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTemporaryDir>
#include <QThread>

namespace trainyard::secrets::test {

// Ends a helper daemon: SIGTERM, then SIGKILL if it has not gone within 5 s.
inline void stopDaemon(QProcess &daemon)
{
    if (daemon.state() == QProcess::NotRunning)
        return;
    daemon.terminate();
    if (!daemon.waitForFinished(5000)) {
        daemon.kill();
        daemon.waitForFinished(5000);
    }
}

class NoSecretServiceBus
{
public:
    // Empty on success, else why the bus could not be started.
    QString start()
    {
        if (!m_dir.isValid())
            return QStringLiteral("no temporary directory");
        const QString config = m_dir.filePath(QStringLiteral("bus.conf"));
        QFile file(config);
        if (!file.open(QIODevice::WriteOnly))
            return file.errorString();
        // No <servicedir>, no <standard_session_servicedirs/>: nothing can be activated.
        file.write(
            "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
            " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
            "<busconfig><type>session</type><listen>unix:dir=" +
            m_dir.path().toUtf8() +
            "</listen><auth>EXTERNAL</auth><policy context=\"default\">"
            "<allow send_destination=\"*\" eavesdrop=\"true\"/><allow eavesdrop=\"true\"/>"
            "<allow own=\"*\"/></policy></busconfig>\n");
        file.close();
        m_daemon.setProgram(QStringLiteral("dbus-daemon"));
        m_daemon.setArguments({QStringLiteral("--config-file=") + config,
                               QStringLiteral("--nofork"), QStringLiteral("--print-address=1")});
        m_daemon.start();
        if (!m_daemon.waitForStarted(10000))
            return m_daemon.errorString();
        while (!m_daemon.canReadLine()) {
            if (!m_daemon.waitForReadyRead(10000))
                return QStringLiteral("dbus-daemon printed no address");
        }
        m_address = m_daemon.readLine().trimmed();
        return m_address.isEmpty() ? QStringLiteral("dbus-daemon printed no address") : QString();
    }
    QByteArray address() const { return m_address; }
    // Makes this process (and children started afterwards) use the bus.
    void use() const { qputenv("DBUS_SESSION_BUS_ADDRESS", m_address); }

    ~NoSecretServiceBus() { stopDaemon(m_daemon); }

private:
    QTemporaryDir m_dir;
    QProcess m_daemon;
    QByteArray m_address;
};

// A real gnome-keyring on a private bus of its own, with its own (empty) data directory: a
// keyring that was never set up (start(false): no login keyring, and no prompter can be shown
// to create one), or one created and unlocked with a password (start(true)) that lock() locks
// again, as a screen lock or `seahorse` would.
class PrivateKeyring
{
public:
    // Empty on success, else why the keyring could not be started.
    QString start(bool unlocked)
    {
        if (const QString error = m_bus.start(); !error.isEmpty())
            return error;
        if (!m_dir.isValid())
            return QStringLiteral("no temporary directory");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QString::fromUtf8(m_bus.address()));
        for (const char *name : {"XDG_DATA_HOME", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME"}) {
            const QString dir = m_dir.filePath(QString::fromLatin1(name));
            QDir().mkpath(dir);
            QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
            env.insert(QString::fromLatin1(name), dir);
        }
        env.remove(QStringLiteral("DISPLAY")); // no prompt can be shown
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        m_daemon.setProcessEnvironment(env);
        m_daemon.setProgram(QStringLiteral("gnome-keyring-daemon"));
        QStringList args = {QStringLiteral("--foreground"), QStringLiteral("--components=secrets")};
        if (unlocked)
            args.append(QStringLiteral("--unlock"));
        m_daemon.setArguments(args);
        m_daemon.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_daemon.start();
        if (!m_daemon.waitForStarted(10000))
            return m_daemon.errorString();
        if (unlocked) { // the password on stdin; no event loop runs here, so wait for it
            m_daemon.write("trainyard-test");
            m_daemon.waitForBytesWritten(5000);
        }
        m_daemon.closeWriteChannel();
        for (int i = 0; i < 200; ++i) { // until the daemon owns org.freedesktop.secrets
            if (bus(QStringLiteral("/org/freedesktop/DBus"),
                    {QStringLiteral("--dest=org.freedesktop.DBus"),
                     QStringLiteral("org.freedesktop.DBus.NameHasOwner"),
                     QStringLiteral("string:org.freedesktop.secrets")})
                    .contains("true"))
                return {};
            QThread::msleep(50);
        }
        return QStringLiteral("gnome-keyring-daemon did not take org.freedesktop.secrets");
    }
    QByteArray address() const { return m_bus.address(); }
    // Locks the login keyring through the Secret Service API. Empty on success.
    QString lock()
    {
        const QByteArray reply =
            bus(QStringLiteral("/org/freedesktop/secrets"),
                {QStringLiteral("--dest=org.freedesktop.secrets"),
                 QStringLiteral("org.freedesktop.Secret.Service.Lock"),
                 QStringLiteral("array:objpath:/org/freedesktop/secrets/collection/login")});
        return reply.contains("collection/login") ? QString() : QString::fromUtf8(reply);
    }
    ~PrivateKeyring() { stopDaemon(m_daemon); }

private:
    QByteArray bus(const QString &path, const QStringList &call) const
    {
        QProcess send;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QString::fromUtf8(m_bus.address()));
        send.setProcessEnvironment(env);
        send.start(QStringLiteral("dbus-send"),
                   QStringList{QStringLiteral("--session"), QStringLiteral("--print-reply")} +
                       QStringList{call.first(), path} + call.mid(1));
        send.waitForFinished(10000);
        return send.readAllStandardOutput() + send.readAllStandardError();
    }

    NoSecretServiceBus m_bus;
    QTemporaryDir m_dir;
    QProcess m_daemon;
};

// Every file below `root` whose bytes contain `needle` (relative paths).
inline QStringList filesContaining(const QString &root, const QByteArray &needle)
{
    QStringList hits;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (file.open(QIODevice::ReadOnly) && file.readAll().contains(needle))
            hits.append(QDir(root).relativeFilePath(path));
    }
    return hits;
}

// Number of files below root (to show a grep looked at something).
inline int fileCount(const QString &root)
{
    int n = 0;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        ++n;
    }
    return n;
}

} // namespace trainyard::secrets::test
