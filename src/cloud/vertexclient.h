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

#include <QJsonArray>
#include <QList>

namespace trainyard::cloud {

QUrl vertexRoot(const QString &region);
QUrl loggingRoot();
QUrl storageRoot();

// "projects/P/locations/R".
QString locationName(const QString &project, const QString &region);
// The collection of a job name or kind: "customJobs" or "hyperparameterTuningJobs".
QString jobCollection(const QString &jobName);
// The last segment of a job name (the numeric ID Cloud Logging knows the job by).
QString jobIdOf(const QString &jobName);
// The region of a job name ("projects/p/locations/us-central1/customJobs/1" → us-central1).
QString regionOf(const QString &jobName);
// "JOB_STATE_RUNNING" → "RUNNING"; terminal: SUCCEEDED, FAILED, CANCELLED, EXPIRED,
// PARTIALLY_SUCCEEDED.
QString shortState(const QString &jobState);
bool isTerminalJobState(const QString &jobState);

// One log line of a job as Cloud Logging returns it.
struct CloudLogEntry
{
    QString insertId;
    QString timestamp; // RFC 3339, as sent
    QString severity;
    QString taskName; // resource.labels.task_name or labels, e.g. "workerpool0-0"
    QString message;  // jsonPayload.message, else textPayload
};
CloudLogEntry parseLogEntry(const QJsonObject &entry);

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
                   const QJsonObject &job, QObject *context, JobCallback callback);
    void getJob(const QString &name, QObject *context, JobCallback callback);
    void cancelJob(const QString &name, QObject *context, JobCallback callback);
    // Every page, following nextPageToken. `filter` in the API's syntax, may be empty.
    void listJobs(const QString &project, const QString &region, const QString &collection,
                  const QString &filter, QObject *context, ListCallback callback);
    // The entries of a job (resource.type="ml_job" AND resource.labels.job_id="ID"), oldest
    // first, after `afterTimestamp` (inclusive; callers drop insertIds they have seen), every
    // page.
    void listJobLogs(const QString &project, const QString &jobName, const QString &afterTimestamp,
                     QObject *context, LogCallback callback);

private:
    void listPage(const QUrl &base, const QString &collection, const QString &what,
                  const QString &pageToken, std::shared_ptr<QList<QJsonObject>> jobs,
                  QObject *context, ListCallback callback);
    void logPage(const QJsonObject &request, std::shared_ptr<QList<CloudLogEntry>> entries,
                 int emptyPages, QObject *context, LogCallback callback);

    ApiClient *m_api;
};

} // namespace trainyard::cloud
