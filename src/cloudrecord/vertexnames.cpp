// SPDX-License-Identifier: MIT
#include "cloudrecord/vertexnames.h"

#include <QStringList>

namespace trainyard::cloud {

QString locationName(const QString &project, const QString &region)
{
    return QStringLiteral("projects/%1/locations/%2").arg(project, region);
}

QString jobCollection(const QString &jobName)
{
    return jobName.contains(QLatin1String("/hyperparameterTuningJobs/"))
               ? QStringLiteral("hyperparameterTuningJobs")
               : QStringLiteral("customJobs");
}

QString jobIdOf(const QString &jobName)
{
    return jobName.section(QLatin1Char('/'), -1);
}

QString regionOf(const QString &jobName)
{
    const QStringList parts = jobName.split(QLatin1Char('/'));
    const qsizetype i = parts.indexOf(QStringLiteral("locations"));
    return i >= 0 && i + 1 < parts.size() ? parts.at(i + 1) : QString();
}

QString shortState(const QString &jobState)
{
    QString s = jobState;
    if (s.startsWith(QLatin1String("JOB_STATE_")))
        s = s.mid(10);
    return s;
}

bool isTerminalJobState(const QString &jobState)
{
    const QString s = shortState(jobState);
    return s == QLatin1String("SUCCEEDED") || s == QLatin1String("FAILED") ||
           s == QLatin1String("CANCELLED") || s == QLatin1String("EXPIRED") ||
           s == QLatin1String("PARTIALLY_SUCCEEDED");
}

CloudLogEntry parseLogEntry(const QJsonObject &entry)
{
    CloudLogEntry e;
    e.insertId = entry.value(QLatin1String("insertId")).toString();
    e.timestamp = entry.value(QLatin1String("timestamp")).toString();
    e.severity = entry.value(QLatin1String("severity")).toString();
    // The task name as gcloud's log helpers read it: resource labels, then entry labels.
    const QJsonObject resourceLabels =
        entry.value(QLatin1String("resource")).toObject().value(QLatin1String("labels")).toObject();
    const QJsonObject labels = entry.value(QLatin1String("labels")).toObject();
    e.taskName = resourceLabels.value(QLatin1String("task_name")).toString();
    if (e.taskName.isEmpty())
        e.taskName = labels.value(QLatin1String("task_name")).toString();
    if (e.taskName.isEmpty())
        e.taskName = labels.value(QLatin1String("ml.googleapis.com/task_name")).toString();
    const QJsonValue json = entry.value(QLatin1String("jsonPayload"));
    e.message = json.isObject() ? json.toObject().value(QLatin1String("message")).toString()
                                : entry.value(QLatin1String("textPayload")).toString();
    return e;
}

} // namespace trainyard::cloud
