// SPDX-License-Identifier: MIT
#include "cloudrecord/cloudjob.h"

#include "logs/record.h"
#include "store/jobstore.h"
#include "text/plaintext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace trainyard::cloud {
namespace {

class CloudJob
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::CloudJob)
};

logs::Severity severityOf(const QString &cloudSeverity)
{
    if (cloudSeverity == QLatin1String("DEBUG"))
        return logs::Severity::Debug;
    if (cloudSeverity == QLatin1String("WARNING"))
        return logs::Severity::Warning;
    if (cloudSeverity == QLatin1String("ERROR"))
        return logs::Severity::Error;
    if (cloudSeverity == QLatin1String("CRITICAL") || cloudSeverity == QLatin1String("ALERT") ||
        cloudSeverity == QLatin1String("EMERGENCY"))
        return logs::Severity::Critical;
    return logs::Severity::Info;
}

// A file name for a replica as Cloud Logging names it: letters, digits, '-', '_', '.'.
QString replicaFileName(const QString &task)
{
    QString name;
    for (const QChar c : task) {
        const bool ok = c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_') ||
                        c == QLatin1Char('.');
        name += ok ? c : QLatin1Char('_');
    }
    if (name.isEmpty() || name.startsWith(QLatin1Char('.')))
        name.prepend(QStringLiteral("job"));
    return name;
}

} // namespace

QJsonObject CloudRecord::toJson() const
{
    QJsonObject o{{QStringLiteral("engine"), engine},
                  {QStringLiteral("project"), project},
                  {QStringLiteral("region"), region},
                  {QStringLiteral("collection"), collection}};
    if (!resourceName.isEmpty())
        o.insert(QStringLiteral("resourceName"), resourceName);
    if (!lastState.isEmpty())
        o.insert(QStringLiteral("lastState"), lastState);
    if (!submitError.isEmpty())
        o.insert(QStringLiteral("submitError"), submitError);
    if (!logCursor.isEmpty()) {
        o.insert(QStringLiteral("logCursor"), logCursor);
        o.insert(QStringLiteral("logCursorIds"), QJsonArray::fromStringList(logCursorIds));
    }
    return o;
}

CloudRecord CloudRecord::fromJson(const QJsonObject &o)
{
    CloudRecord r;
    auto s = [&o](const char *key) { return o.value(QLatin1String(key)).toString(); };
    r.engine = s("engine");
    r.project = s("project");
    r.region = s("region");
    r.collection = s("collection").isEmpty() ? QStringLiteral("customJobs") : s("collection");
    r.resourceName = s("resourceName");
    r.lastState = s("lastState");
    r.submitError = s("submitError");
    r.logCursor = s("logCursor");
    const QJsonArray ids = o.value(QLatin1String("logCursorIds")).toArray();
    for (const QJsonValue v : ids)
        r.logCursorIds << v.toString();
    return r;
}

QString cloudRecordPath(const store::JobStore &store, const QString &jobId)
{
    return store.cloudRecordPath(jobId);
}

bool isCloudJob(const store::JobStore &store, const QString &jobId)
{
    return QFile::exists(cloudRecordPath(store, jobId));
}

bool readCloudRecord(const store::JobStore &store, const QString &jobId, CloudRecord *record,
                     QString *error)
{
    QFile file(cloudRecordPath(store, jobId));
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = CloudJob::tr("%1: %2").arg(file.fileName(), file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = CloudJob::tr("%1: not a cloud job record").arg(file.fileName());
        return false;
    }
    *record = CloudRecord::fromJson(doc.object());
    return true;
}

bool writeCloudRecord(const store::JobStore &store, const QString &jobId, const CloudRecord &record,
                      QString *error)
{
    QSaveFile file(cloudRecordPath(store, jobId));
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QJsonDocument(record.toJson()).toJson()) < 0 || !file.commit()) {
        if (error)
            *error = CloudJob::tr("%1: %2").arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

QString whereText(const store::JobStore &store, const QString &jobId)
{
    CloudRecord record;
    if (!isCloudJob(store, jobId) || !readCloudRecord(store, jobId, &record))
        return CloudJob::tr("local");
    return CloudJob::tr("Vertex AI · %1").arg(record.region);
}

store::JobState stateFromVertex(const QJsonObject &job, const store::JobState &previous)
{
    using store::JobStatus;
    store::JobState state = previous;
    const QString s = shortState(job.value(QLatin1String("state")).toString());
    if (s == QLatin1String("QUEUED"))
        state.state = JobStatus::Queued;
    else if (s == QLatin1String("PENDING"))
        state.state = JobStatus::Preparing;
    else if (s == QLatin1String("RUNNING") || s == QLatin1String("UPDATING"))
        state.state = JobStatus::Running;
    else if (s == QLatin1String("SUCCEEDED") || s == QLatin1String("PARTIALLY_SUCCEEDED"))
        state.state = JobStatus::Succeeded;
    else if (s == QLatin1String("FAILED") || s == QLatin1String("EXPIRED"))
        state.state = JobStatus::Failed;
    else if (s == QLatin1String("CANCELLING"))
        state.state = JobStatus::Cancelling;
    else if (s == QLatin1String("CANCELLED"))
        state.state = JobStatus::Cancelled;
    auto time = [&job](const char *key) {
        return QDateTime::fromString(job.value(QLatin1String(key)).toString(), Qt::ISODateWithMs)
            .toUTC();
    };
    if (job.contains(QLatin1String("createTime")))
        state.createTime = time("createTime");
    if (job.contains(QLatin1String("startTime")))
        state.startTime = time("startTime");
    if (job.contains(QLatin1String("endTime")))
        state.endTime = time("endTime");
    const QJsonObject error = job.value(QLatin1String("error")).toObject();
    if (!error.isEmpty() && state.state == JobStatus::Failed)
        // The service's words, made plain where they enter the store (the job list and the
        // CLI show them).
        state.errorMessage =
            text::plainText(error.value(QLatin1String("message")).toString(), text::Newlines::Keep);
    return state;
}

int appendCloudLogs(const store::JobStore &store, const QString &jobId, CloudRecord *record,
                    const QList<CloudLogEntry> &entries)
{
    QDir().mkpath(store.logsDir(jobId));
    QHash<QString, QByteArray> perFile;
    int written = 0;
    for (const CloudLogEntry &e : entries) {
        if (e.timestamp < record->logCursor)
            continue;
        if (e.timestamp == record->logCursor && record->logCursorIds.contains(e.insertId))
            continue;
        if (e.timestamp > record->logCursor) {
            record->logCursor = e.timestamp;
            record->logCursorIds.clear();
        }
        record->logCursorIds << e.insertId;
        const qint64 msecs =
            QDateTime::fromString(e.timestamp, Qt::ISODateWithMs).toMSecsSinceEpoch();
        const logs::Severity severity = severityOf(e.severity);
        const logs::Stream stream =
            severity >= logs::Severity::Error ? logs::Stream::Stderr : logs::Stream::Stdout;
        QByteArray &out = perFile[replicaFileName(e.taskName)];
        // A multi-line message becomes one record per line, as local output would.
        const QList<QByteArray> lines = e.message.toUtf8().split('\n');
        for (const QByteArray &line : lines)
            logs::appendRecordLine(out, msecs, severity, stream, false, line.constData(),
                                   line.size());
        ++written;
    }
    for (auto it = perFile.cbegin(); it != perFile.cend(); ++it) {
        QFile file(store.logPath(jobId, it.key()));
        if (file.open(QIODevice::WriteOnly | QIODevice::Append))
            file.write(it.value());
    }
    return written;
}

} // namespace trainyard::cloud
