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
#include <QStringList>
#include <QTemporaryDir>

namespace trainyard::secrets::test {

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

    ~NoSecretServiceBus()
    {
        if (m_daemon.state() != QProcess::NotRunning) {
            m_daemon.terminate();
            if (!m_daemon.waitForFinished(5000)) {
                m_daemon.kill();
                m_daemon.waitForFinished(5000);
            }
        }
    }

private:
    QTemporaryDir m_dir;
    QProcess m_daemon;
    QByteArray m_address;
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
