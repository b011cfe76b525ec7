// SPDX-License-Identifier: MIT
#include "jobs/desktopnotifier.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QIcon>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QVariantMap>
#include <utility>

namespace trainyard::ui::jobs {

namespace {

// org.freedesktop.Notifications, Desktop Notifications Specification 1.2.
const QString Service = QStringLiteral("org.freedesktop.Notifications");
const QString Path = QStringLiteral("/org/freedesktop/Notifications");
const QString Interface = QStringLiteral("org.freedesktop.Notifications");
// The installed desktop file's name without ".desktop" (packaging/), so the desktop shows our
// icon and groups the notifications under Trainyard.
const QString DesktopEntry = QStringLiteral("io.github.trainyard.Trainyard");
constexpr int ExpireDefault = -1;

} // namespace

DesktopNotifier::DesktopNotifier(QObject *parent)
    : QObject(parent)
{}

void DesktopNotifier::notify(const QString &title, const QString &body, Urgency urgency)
{
    if (m_bodyMarkup.has_value()) {
        send(title, body, urgency);
        return;
    }
    m_pending.append({title, body, urgency});
    if (m_askingCapabilities)
        return;
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        m_bodyMarkup = false;
        const QList<Pending> pending = std::exchange(m_pending, {});
        for (const Pending &p : pending)
            showInTray(p.title, p.body, p.urgency, tr("no session bus"));
        return;
    }
    m_askingCapabilities = true;
    const QDBusMessage ask =
        QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("GetCapabilities"));
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(ask), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        m_askingCapabilities = false;
        const QDBusPendingReply<QStringList> reply = *w;
        const QList<Pending> pending = std::exchange(m_pending, {});
        if (reply.isError()) {
            // No notification service: ask again next time (one may start later).
            for (const Pending &p : pending)
                showInTray(p.title, p.body, p.urgency, reply.error().message());
            return;
        }
        m_bodyMarkup = reply.value().contains(QLatin1String("body-markup"));
        for (const Pending &p : pending)
            send(p.title, p.body, p.urgency);
    });
}

void DesktopNotifier::send(const QString &title, const QString &body, Urgency urgency)
{
    QDBusMessage call =
        QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("Notify"));
    QVariantMap hints;
    hints.insert(QStringLiteral("urgency"),
                 QVariant::fromValue(uchar(urgency == Urgency::Critical ? 2 : 1)));
    hints.insert(QStringLiteral("desktop-entry"), DesktopEntry);
    // The summary is plain text by the specification; the body may be read as markup.
    const QString text = m_bodyMarkup.value_or(false) ? body.toHtmlEscaped() : body;
    call << QApplication::applicationDisplayName() << uint(0) << DesktopEntry << title << text
         << QStringList() << hints << ExpireDefault;
    auto *watcher =
        new QDBusPendingCallWatcher(QDBusConnection::sessionBus().asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, title, body, urgency](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                const QDBusPendingReply<uint> reply = *w;
                if (reply.isError()) {
                    m_bodyMarkup.reset(); // the service went away: ask again next time
                    showInTray(title, body, urgency, reply.error().message());
                    return;
                }
                Q_EMIT sent(QStringLiteral("dbus"), QString::number(reply.value()));
            });
}

void DesktopNotifier::showInTray(const QString &title, const QString &body, Urgency urgency,
                                 const QString &whyNotDbus)
{
    if (!QSystemTrayIcon::isSystemTrayAvailable() || !QSystemTrayIcon::supportsMessages()) {
        Q_EMIT sent(QStringLiteral("none"), whyNotDbus);
        return;
    }
    if (!m_tray) {
        m_tray = new QSystemTrayIcon(this);
        QIcon icon = QApplication::windowIcon();
        if (icon.isNull())
            icon = QApplication::style()->standardIcon(QStyle::SP_ComputerIcon);
        m_tray->setIcon(icon);
        m_tray->setToolTip(QApplication::applicationDisplayName());
        m_tray->show();
    }
    m_tray->showMessage(title, body,
                        urgency == Urgency::Critical ? QSystemTrayIcon::Warning
                                                     : QSystemTrayIcon::Information);
    Q_EMIT sent(QStringLiteral("tray"), whyNotDbus);
}

} // namespace trainyard::ui::jobs
