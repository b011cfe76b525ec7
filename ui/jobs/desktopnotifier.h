// SPDX-License-Identifier: MIT
// Tells the user that something happened while they were looking elsewhere (a job ended).
// Through the freedesktop notification service on the session bus (GNOME Shell, KDE Plasma,
// dunst, ...); where no such service answers, through a tray icon's message where a tray
// exists; otherwise not at all. Never blocks: every D-Bus call is asynchronous.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>

class QSystemTrayIcon;

namespace trainyard::ui::jobs {

class DesktopNotifier : public QObject
{
    Q_OBJECT

public:
    enum class Urgency { Normal, Critical };

    explicit DesktopNotifier(QObject *parent = nullptr);

    // `title` and `body` are plain text; they are escaped for servers that read markup.
    void notify(const QString &title, const QString &body, Urgency urgency = Urgency::Normal);

Q_SIGNALS:
    // How the last notification went out: "dbus", "tray", or "none" with why.
    void sent(const QString &channel, const QString &detail);

private:
    void send(const QString &title, const QString &body, Urgency urgency);
    void showInTray(const QString &title, const QString &body, Urgency urgency,
                    const QString &whyNotDbus);

    std::optional<bool> m_bodyMarkup; // the server's "body-markup" capability, once known
    bool m_askingCapabilities = false;
    struct Pending
    {
        QString title;
        QString body;
        Urgency urgency;
    };
    QList<Pending> m_pending; // waiting for the capabilities
    QSystemTrayIcon *m_tray = nullptr;
};

} // namespace trainyard::ui::jobs
