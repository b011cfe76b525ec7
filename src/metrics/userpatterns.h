// SPDX-License-Identifier: MIT
// The user's metric patterns as the settings hold them (QSettings key UserPatternsSettingsKey):
// every pattern the user typed, in order, usable or not, and the notice that they changed.
//
// One instance per application, living in the GUI thread: the settings page (Settings >
// Metrics) writes through it, and every open Metrics tab listens to changed() and re-extracts
// its job with the new patterns. Readers that only need the usable patterns once (the CLI, a
// collector) call userPatternsFromSettings() (extract.h).
#pragma once

#include "metrics/extract.h"

#include <QObject>
#include <QStringList>

namespace trainyard::metrics {

class UserPatternStore : public QObject
{
    Q_OBJECT
public:
    // The application's instance (created on first use, owned by the QCoreApplication). Call it
    // from the GUI thread only.
    static UserPatternStore *instance();

    // As typed, in order, unusable ones included.
    QStringList patterns() const;
    // Saves the list; emits changed() when it differs from the stored one.
    void setPatterns(const QStringList &patterns);

    // The usable ones of a list, in order (what extraction uses).
    static QList<UserPattern> usable(const QStringList &patterns);
    static QStringList usableTexts(const QStringList &patterns);

Q_SIGNALS:
    void changed();

private:
    explicit UserPatternStore(QObject *parent);
};

} // namespace trainyard::metrics
