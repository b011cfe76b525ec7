// SPDX-License-Identifier: MIT
// Vertex AI custom training and Cloud Logging over REST (reference vertex-rest.md §a, §e):
// customJobs and hyperparameterTuningJobs create, get, list (every page), cancel; a job's log
// entries through entries.list. Asynchronous; every method calls back once.
//
// Endpoints: the regional host https://{region}-aiplatform.googleapis.com/ (gcloud's
// DeriveAiplatformRegionalEndpoint), https://logging.googleapis.com/ and
// https://storage.googleapis.com/, each replaceable by its root URL in
// TRAINYARD_VERTEX_ENDPOINT, TRAINYARD_LOGGING_ENDPOINT, TRAINYARD_STORAGE_ENDPOINT (the API
// paths follow the root as on the real hosts).
#pragma once

#include "cloud/apiclient.h"
#include "cloudrecord/vertexnames.h"

#include <QJsonArray>
#include <QList>

namespace trainyard::cloud {

QUrl vertexRoot(const QString &region);
QUrl loggingRoot();
QUrl storageRoot();

class VertexClient : public QObject
{
    Q_OBJECT
public:
    explicit VertexClient(ApiClient *api, QObject *parent = nullptr);
    ApiClient *api() const { return m_api; }

    using JobCallback = std::function<void(const ApiResult &)>;
    using ListCallback = std::function<void(const QList<QJsonObject> &jobs, const QString &error)>;
    using LogCallback =
        std::function<void(const QList<CloudLogEntry> &entries, const QString &error)>;

    // collection "customJobs" or "hyperparameterTuningJobs".
    void createJob(const QString &project, const QString &region, const QString &collection,
                   const QJsonObject &job, QObject *context, const JobCallback &callback);
    void getJob(const QString &name, QObject *context, const JobCallback &callback);
    void cancelJob(const QString &name, QObject *context, JobCallback callback);
    // Every page, following nextPageToken. `filter` in the API's syntax, may be empty.
    void listJobs(const QString &project, const QString &region, const QString &collection,
                  const QString &filter, QObject *context, const ListCallback &callback);
    // The entries of a job (resource.type="ml_job" AND resource.labels.job_id="ID"), oldest
    // first, after `afterTimestamp` (inclusive; callers drop insertIds they have seen), every
    // page.
    void listJobLogs(const QString &project, const QString &jobName, const QString &afterTimestamp,
                     QObject *context, const LogCallback &callback);

private:
    void listPage(const QUrl &base, const QString &collection, const QString &what,
                  const QString &pageToken, const std::shared_ptr<QList<QJsonObject>> &jobs,
                  QObject *context, const ListCallback &callback);
    void logPage(const QJsonObject &request, const std::shared_ptr<QList<CloudLogEntry>> &entries,
                 int emptyPages, QObject *context, const LogCallback &callback);

    ApiClient *m_api;
};

} // namespace trainyard::cloud
