// SPDX-License-Identifier: MIT
// The local record of a cloud job. A cloud job lives in the job store like a local one
// (config.yaml, state.json, logs/<replica>.log in the record format of logs/record.h, so the
// log view, search and metrics work unchanged) plus cloud.json: where it runs (project, region,
// the Vertex resource name), the last state seen, and how far its logs have been copied. A job
// whose create call failed keeps its record with submitError ("not submitted: ...") and can be
// submitted again. The store's orphan recovery leaves jobs with a cloud.json alone: they have
// no local owner process.
#pragma once

#include "cloudrecord/vertexnames.h"
#include "store/jobstate.h"

#include <QJsonObject>
#include <QSet>
#include <QString>

namespace trainyard::store {
class JobStore;
}

namespace trainyard::cloud {

struct CloudRecord
{
    QString engine = QStringLiteral("vertex-ai");
    QString project;
    QString region;
    QString collection = QStringLiteral("customJobs");
    QString resourceName;     // empty: not submitted
    QString lastState;        // JOB_STATE_*, as last seen
    QString submitError;      // why the create call failed
    QString logCursor;        // timestamp of the newest copied log entry
    QStringList logCursorIds; // insertIds at logCursor already copied

    bool submitted() const { return !resourceName.isEmpty(); }
    QJsonObject toJson() const;
    static CloudRecord fromJson(const QJsonObject &o);
};

QString cloudRecordPath(const store::JobStore &store, const QString &jobId);
bool isCloudJob(const store::JobStore &store, const QString &jobId);
// False with *error when the file is missing or broken.
bool readCloudRecord(const store::JobStore &store, const QString &jobId, CloudRecord *record,
                     QString *error = nullptr);
bool writeCloudRecord(const store::JobStore &store, const QString &jobId, const CloudRecord &record,
                      QString *error = nullptr);
// "Vertex AI · us-central1" (the job list's Where column); "local" for other jobs.
QString whereText(const store::JobStore &store, const QString &jobId);

// The store state of a Vertex job: JOB_STATE_QUEUED/PENDING → QUEUED/PREPARING, RUNNING,
// SUCCEEDED, FAILED (also EXPIRED), CANCELLING, CANCELLED; times and error.message.
store::JobState stateFromVertex(const QJsonObject &job, const store::JobState &previous);

// Appends entries to the job's logs/<task>.log (one file per replica as named by Cloud
// Logging, "workerpool0-0"; "job" for entries without a task) and moves the record's cursor.
// Entries already copied (by cursor and insertId) are skipped. Returns how many were written.
int appendCloudLogs(const store::JobStore &store, const QString &jobId, CloudRecord *record,
                    const QList<CloudLogEntry> &entries);

} // namespace trainyard::cloud
