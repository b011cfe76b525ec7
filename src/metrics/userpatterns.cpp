// SPDX-License-Identifier: MIT
#include "metrics/userpatterns.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSettings>

namespace trainyard::metrics {

UserPatternStore::UserPatternStore(QObject *parent)
    : QObject(parent)
{}

UserPatternStore *UserPatternStore::instance()
{
    static QPointer<UserPatternStore> store;
    if (!store)
        store = new UserPatternStore(QCoreApplication::instance());
    return store;
}

QStringList UserPatternStore::patterns() const
{
    return QSettings().value(QLatin1String(UserPatternsSettingsKey)).toStringList();
}

void UserPatternStore::setPatterns(const QStringList &patterns)
{
    if (patterns == this->patterns())
        return;
    QSettings settings;
    if (patterns.isEmpty())
        settings.remove(QLatin1String(UserPatternsSettingsKey));
    else
        settings.setValue(QLatin1String(UserPatternsSettingsKey), patterns);
    Q_EMIT changed();
}

QList<UserPattern> UserPatternStore::usable(const QStringList &patterns)
{
    QList<UserPattern> out;
    for (const QString &text : patterns) {
        UserPattern p = UserPattern::fromString(text);
        if (p.isValid())
            out.append(p);
    }
    return out;
}

QStringList UserPatternStore::usableTexts(const QStringList &patterns)
{
    QStringList out;
    for (const UserPattern &p : usable(patterns))
        out.append(p.regex.pattern());
    return out;
}

} // namespace trainyard::metrics
