// SPDX-License-Identifier: MIT
#include "cloud/cloudwatcher.h"

#include "cloud/cloudjob.h"
#include "store/jobstore.h"

namespace trainyard::cloud {

CloudWatcher::CloudWatcher(const QString &storeRoot, QObject *parent)
    : QObject(parent), m_root(storeRoot)
{
    connect(&m_timer, &QTimer::timeout, this, &CloudWatcher::poll);
}

CloudWatcher::~CloudWatcher() = default;

void CloudWatcher::start(int intervalMs)
{
    m_timer.start(intervalMs);
    QTimer::singleShot(0, this, &CloudWatcher::poll);
}

void CloudWatcher::stop()
{
    m_timer.stop();
}

bool CloudWatcher::ensureClient(QString *error)
{
    if (m_api)
        return true;
    const Credentials credentials = findDefaultCredentials();
    if (!credentials) {
        *error = credentials.errorMessage;
        return false;
    }
    m_api = std::make_unique<ApiClient>(credentials);
    m_vertex = std::make_unique<VertexClient>(m_api.get());
    return true;
}

void CloudWatcher::poll()
{
    if (!m_inFlight.isEmpty())
        return;
    // A directory listing and a few small files: cheap enough for the GUI thread's timer.
    const store::JobStore store(m_root);
    const QStringList ids = store.ids();
    QStringList watch;
    for (const QString &id : ids) {
        CloudRecord record;
        if (!isCloudJob(store, id) || !readCloudRecord(store, id, &record)
            || !record.submitted() || isTerminalJobState(record.lastState))
            continue;
        watch << id;
    }
    if (watch.isEmpty())
        return;
    QString error;
    if (!ensureClient(&error)) {
        if (error != m_lastError) {
            m_lastError = error;
            Q_EMIT failed(error);
        }
        return;
    }
    m_changed = false;
    for (const QString &id : watch)
        watchJob(id);
}

void CloudWatcher::watchJob(const QString &jobId)
{
    const store::JobStore store(m_root);
    CloudRecord record;
    if (!readCloudRecord(store, jobId, &record))
        return;
    m_inFlight.insert(jobId);
    const QString name = record.resourceName;
    const QString project = name.section(QLatin1Char('/'), 1, 1);
    m_vertex->getJob(name, this, [this, jobId, name, project](const ApiResult &job) {
        if (!job) {
            if (job.errorMessage != m_lastError) {
                m_lastError = job.errorMessage;
                Q_EMIT failed(job.errorMessage);
            }
            finishOne(jobId, false);
            return;
        }
        const store::JobStore s(m_root);
        CloudRecord current;
        if (!readCloudRecord(s, jobId, &current)) {
            finishOne(jobId, false); // deleted meanwhile
            return;
        }
        const QString state = job.json.value(QLatin1String("state")).toString();
        const bool stateChanged = state != current.lastState;
        current.lastState = state;
        writeCloudRecord(s, jobId, current);
        s.writeState(jobId, stateFromVertex(job.json, s.readState(jobId).state));
        m_vertex->listJobLogs(
            project, name, current.logCursor, this,
            [this, jobId, stateChanged](const QList<CloudLogEntry> &entries,
                                        const QString &error) {
                const store::JobStore s2(m_root);
                CloudRecord rec;
                int written = 0;
                if (error.isEmpty() && readCloudRecord(s2, jobId, &rec)) {
                    written = appendCloudLogs(s2, jobId, &rec, entries);
                    writeCloudRecord(s2, jobId, rec);
                } else if (!error.isEmpty() && error != m_lastError) {
                    m_lastError = error;
                    Q_EMIT failed(error);
                }
                finishOne(jobId, stateChanged || written > 0);
            });
    });
}

void CloudWatcher::finishOne(const QString &jobId, bool changed)
{
    m_inFlight.remove(jobId);
    m_changed = m_changed || changed;
    if (m_inFlight.isEmpty() && m_changed) {
        m_changed = false;
        Q_EMIT updated();
    }
}

void CloudWatcher::cancel(const QString &jobId, QObject *context,
                          std::function<void(const QString &error)> done)
{
    const store::JobStore store(m_root);
    CloudRecord record;
    QString error;
    if (!readCloudRecord(store, jobId, &record, &error) || !ensureClient(&error)) {
        QTimer::singleShot(0, context, [done, error] { done(error); });
        return;
    }
    if (!record.submitted()) {
        QTimer::singleShot(0, context, [done, record] { done(record.submitError); });
        return;
    }
    m_vertex->cancelJob(record.resourceName, context, [this, done](const ApiResult &r) {
        done(r.errorMessage);
        poll();
    });
}

} // namespace trainyard::cloud
