// SPDX-License-Identifier: MIT
#include "service/tfconfig.h"

#include "service/trainingjson.h"

#include <QJsonArray>

namespace trainyard::service {

namespace {

QJsonObject taskJson(const Replica &replica, const QString &trialId)
{
    QJsonObject task;
    task.insert(QStringLiteral("type"), replica.taskType);
    task.insert(QStringLiteral("index"), replica.index);
    if (!trialId.isEmpty())
        task.insert(QStringLiteral("trial"), trialId); // a string, as the service sends it
    return task;
}

QString joinPath(const QString &dir, const QString &name)
{
    if (dir.endsWith(QLatin1Char('/')))
        return dir + name;
    return dir + QLatin1Char('/') + name;
}

} // namespace

QJsonObject tfConfig(const jobspec::Job &job, const ClusterLayout &layout, const Replica &replica,
                     const QString &trialId, const QStringList &appArguments)
{
    if (layout.style == RunStyle::Submit)
        return clusterSpec(job, layout, replica, trialId);

    // gcloud ai-platform local train (docs/service.md §6.3).
    QJsonObject o;
    QJsonObject jobObject;
    jobObject.insert(QStringLiteral("job_name"), job.trainingInput.pythonModule);
    jobObject.insert(QStringLiteral("args"), QJsonArray::fromStringList(appArguments));
    o.insert(QStringLiteral("job"), jobObject);
    if (layout.distributed) {
        o.insert(QStringLiteral("task"), taskJson(replica, trialId));
        o.insert(QStringLiteral("cluster"), layout.clusterJson());
    } else {
        o.insert(QStringLiteral("task"), QJsonObject());
        o.insert(QStringLiteral("cluster"), QJsonObject());
    }
    o.insert(QStringLiteral("environment"), QStringLiteral("cloud"));
    return o;
}

QJsonObject clusterSpec(const jobspec::Job &job, const ClusterLayout &layout,
                        const Replica &replica, const QString &trialId)
{
    QJsonObject o;
    o.insert(QStringLiteral("cluster"), layout.clusterJson());
    o.insert(QStringLiteral("task"), taskJson(replica, trialId));
    o.insert(QStringLiteral("job"), trainingInputJson(job.trainingInput));
    o.insert(QStringLiteral("environment"), QStringLiteral("cloud"));
    return o;
}

QString aipDirectory(const QString &jobDir, const QString &trialId, const QString &sub)
{
    QString dir = jobDir;
    if (!trialId.isEmpty())
        dir = joinPath(dir, trialId);
    return joinPath(dir, sub) + QLatin1Char('/');
}

} // namespace trainyard::service
