// SPDX-License-Identifier: MIT
// The names and values of Vertex AI's REST resources that need no network: job names, job
// states and Cloud Logging entries. In trainyard_core (the job list and `jobs` read a cloud job's
// record with them); the client that calls the service is cloud/vertexclient.h.
#pragma once

#include <QJsonObject>
#include <QString>

namespace trainyard::cloud {

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

} // namespace trainyard::cloud
