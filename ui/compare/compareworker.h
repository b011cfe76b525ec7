// SPDX-License-Identifier: MIT
// The worker behind a CompareView (lives in the view's thread): one metrics::StoreFollower per
// job, its folders from store::JobStore. A job recorded before the store existed is extracted
// here, a slice per round.
#pragma once

#include "metrics/storefollower.h"

#include <QHash>
#include <QObject>
#include <QStringList>

class QTimer;

namespace trainyard::ui::compare {

class CompareWorker : public QObject
{
    Q_OBJECT
public:
    static constexpr int RefreshIntervalMs = 1000;

    CompareWorker(const QString &storeRoot, const QStringList &jobIds, const QStringList &patterns);
    Q_INVOKABLE void start();
    Q_INVOKABLE void stop();
    // For each job: the request's series of that job.
    Q_INVOKABLE void draw(const trainyard::metrics::DrawRequest &request);

Q_SIGNALS:
    void summary(const QString &jobId, const trainyard::metrics::StoreSummary &summary);
    void drawn(const QString &jobId, const trainyard::metrics::DrawResult &result);

private:
    void poll();
    QString m_root;
    QStringList m_jobs;
    QStringList m_patterns;
    QHash<QString, metrics::StoreFollower *> m_followers; // by job ID
    QTimer *m_timer = nullptr;
};

} // namespace trainyard::ui::compare
