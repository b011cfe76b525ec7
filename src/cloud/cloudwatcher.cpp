// SPDX-License-Identifier: MIT
#include "cloud/cloudwatcher.h"

#include "cloudrecord/cloudjob.h"
#include "store/jobstore.h"
#include "text/plaintext.h"
#include "threads/offthread.h"

namespace trainyard::cloud {

using threads::offThread;

CloudWatcher::CloudWatcher(const QString &storeRoot, QObject *parent)
    : QObject(parent)
    , m_root(storeRoot)
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

namespace {

// The submitted cloud jobs of the store that have not ended: local ID → resource name.
QList<QPair<QString, QString>> activeCloudJobs(const QString &root)
{
    const store::JobStore store(root);
    QList<QPair<QString, QString>> jobs;
    for (const QString &id : store.ids()) {
        CloudRecord record;
        if (!isCloudJob(store, id) || !readCloudRecord(store, id, &record) || !record.submitted() ||
            isTerminalJobState(record.lastState))
            continue;
        jobs.append({id, record.resourceName});
    }
    return jobs;
}

} // namespace

void CloudWatcher::poll()
{
    if (!m_inFlight.isEmpty() || m_scanning)
        return;
    m_scanning = true;
    const QString root = m_root;
    offThread(
        this, [root] { return activeCloudJobs(root); },
        [this](const QList<QPair<QString, QString>> &jobs) {
            m_scanning = false;
            if (jobs.isEmpty())
                return;
            QString error;
            if (!ensureClient(&error)) {
                if (error != m_lastError) {
                    m_lastError = error;
                    Q_EMIT failed(text::plainText(error, text::Newlines::Keep));
                }
                return;
            }
            m_changed = false;
            for (const auto &job : jobs)
                m_inFlight.insert(job.first);
            for (const auto &job : jobs)
                watchJob(job.first, job.second);
        });
}

namespace {

struct StateUpdate
{
    bool recorded = false; // false: the record is gone (deleted meanwhile)
    bool stateChanged = false;
    QString logCursor;
};

struct LogUpdate
{
    int written = 0;
};

} // namespace

void CloudWatcher::watchJob(const QString &jobId, const QString &name)
{
    const QString project = name.section(QLatin1Char('/'), 1, 1);
    const QString root = m_root;
    m_vertex->getJob(name, this, [this, root, jobId, name, project](const ApiResult &job) {
        if (!job) {
            if (job.errorMessage != m_lastError) {
                m_lastError = job.errorMessage;
                Q_EMIT failed(text::plainText(job.errorMessage, text::Newlines::Keep));
            }
            finishOne(jobId, false);
            return;
        }
        const QJsonObject json = job.json;
        offThread(
            this,
            [root, jobId, json] {
                const store::JobStore s(root);
                StateUpdate seen;
                CloudRecord current;
                if (!readCloudRecord(s, jobId, &current))
                    return seen;
                const QString state = json.value(QLatin1String("state")).toString();
                seen.recorded = true;
                seen.stateChanged = state != current.lastState;
                seen.logCursor = current.logCursor;
                current.lastState = state;
                writeCloudRecord(s, jobId, current);
                s.writeState(jobId, stateFromVertex(json, s.readState(jobId).state));
                return seen;
            },
            [this, root, jobId, name, project](const StateUpdate &update) {
                if (!update.recorded) {
                    finishOne(jobId, false); // deleted meanwhile
                    return;
                }
                const bool stateChanged = update.stateChanged;
                m_vertex->listJobLogs(
                    project, name, update.logCursor, this,
                    [this, root, jobId, stateChanged](const QList<CloudLogEntry> &entries,
                                                      const QString &error) {
                        if (!error.isEmpty()) {
                            if (error != m_lastError) {
                                m_lastError = error;
                                Q_EMIT failed(text::plainText(error, text::Newlines::Keep));
                            }
                            finishOne(jobId, stateChanged);
                            return;
                        }
                        offThread(
                            this,
                            [root, jobId, entries] {
                                const store::JobStore s2(root);
                                LogUpdate copied;
                                CloudRecord rec;
                                if (readCloudRecord(s2, jobId, &rec)) {
                                    copied.written = appendCloudLogs(s2, jobId, &rec, entries);
                                    writeCloudRecord(s2, jobId, rec);
                                }
                                return copied;
                            },
                            [this, jobId, stateChanged](const LogUpdate &logs) {
                                finishOne(jobId, stateChanged || logs.written > 0);
                            });
                    });
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
        QTimer::singleShot(0, context, [done = std::move(done), error] { done(error); });
        return;
    }
    if (!record.submitted()) {
        QTimer::singleShot(0, context, [done = std::move(done), record] {
            done(text::plainText(record.submitError, text::Newlines::Keep));
        });
        return;
    }
    m_vertex->cancelJob(record.resourceName, context,
                        [this, done = std::move(done)](const ApiResult &r) {
                            done(text::plainText(r.errorMessage, text::Newlines::Keep));
                            poll();
                        });
}

} // namespace trainyard::cloud
