// SPDX-License-Identifier: MIT
// Watches the store's cloud jobs for a console: every few seconds each submitted job that has
// not ended is read from Vertex AI (state into state.json) and its new Cloud Logging entries are
// copied into logs/<replica>.log, so the job list, the log view, search and metrics see a cloud
// job as they see a local one. Everything is asynchronous (store reads and writes on the thread
// pool, network calls through Qt Network); a console closed while polling just
// drops the calls in flight (the next console picks up from cloud.json's log cursor).
#pragma once

#include "cloud/vertexclient.h"

#include <QObject>
#include <QSet>
#include <QTimer>
#include <memory>

namespace trainyard::cloud {

class CloudWatcher : public QObject
{
    Q_OBJECT
public:
    explicit CloudWatcher(const QString &storeRoot, QObject *parent = nullptr);
    ~CloudWatcher() override;

    void start(int intervalMs = 5000);
    void stop();
    // One round now (unless one is running).
    void poll();

    // Requests the cancel of a cloud job; `done` gets an empty string or a message.
    void cancel(const QString &jobId, QObject *context,
                std::function<void(const QString &error)> done);

Q_SIGNALS:
    // After a round that changed a job's state or logs.
    void updated();
    // A call failed (no credentials, permission, network); shown once per distinct message.
    void failed(const QString &message);

private:
    bool ensureClient(QString *error);
    void watchJob(const QString &jobId, const QString &resourceName);
    void finishOne(const QString &jobId, bool changed);

    QString m_root;
    QTimer m_timer;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<VertexClient> m_vertex;
    QSet<QString> m_inFlight;
    bool m_changed = false;
    bool m_scanning = false; // the store is being read for jobs to watch
    QString m_lastError;
};

} // namespace trainyard::cloud
