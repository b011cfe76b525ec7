// SPDX-License-Identifier: MIT
#include "compare/compareworker.h"

#include "store/jobstore.h"

#include <QTimer>

namespace trainyard::ui::compare {

CompareWorker::CompareWorker(const QString &storeRoot, const QStringList &jobIds,
                             const QStringList &patterns)
    : m_root(storeRoot)
    , m_jobs(jobIds)
    , m_patterns(patterns)
{}

void CompareWorker::start()
{
    const store::JobStore store(m_root);
    for (const QString &id : std::as_const(m_jobs)) {
        if (m_followers.contains(id))
            continue;
        m_followers.insert(id,
                           new metrics::StoreFollower(store.metricsDir(id), store.logsDir(id),
                                                      store.hypertuneDir(id), m_patterns, this));
    }
    poll();
    m_timer = new QTimer(this);
    m_timer->setInterval(RefreshIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &CompareWorker::poll);
    m_timer->start();
}

void CompareWorker::stop()
{
    if (m_timer)
        m_timer->stop();
    for (metrics::StoreFollower *f : std::as_const(m_followers))
        f->stop();
}

void CompareWorker::poll()
{
    for (auto it = m_followers.cbegin(); it != m_followers.cend(); ++it) {
        it.value()->pollOnce();
        Q_EMIT summary(it.key(), it.value()->summary());
    }
}

void CompareWorker::draw(const metrics::DrawRequest &request)
{
    for (auto it = m_followers.cbegin(); it != m_followers.cend(); ++it)
        Q_EMIT drawn(it.key(), it.value()->compute(request));
}

} // namespace trainyard::ui::compare
