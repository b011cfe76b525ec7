// SPDX-License-Identifier: MIT
#include "cloud/submit.h"

#include "cloudrecord/cloudjob.h"
#include "store/jobstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>

namespace trainyard::cloud {

namespace {

class Submit
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::CloudSubmit)
};

// Applies `edit` to the pythonPackageSpec of every pool that has one.
template<typename Edit>
void editPackageSpecs(QJsonObject *body, Edit edit)
{
    QJsonObject jobSpec = body->value(QLatin1String("jobSpec")).toObject();
    QJsonArray pools = jobSpec.value(QLatin1String("workerPoolSpecs")).toArray();
    for (qsizetype i = 0; i < pools.size(); ++i) {
        QJsonObject pool = pools.at(i).toObject();
        if (!pool.contains(QLatin1String("pythonPackageSpec")))
            continue;
        QJsonObject package = pool.value(QLatin1String("pythonPackageSpec")).toObject();
        edit(&package);
        pool.insert(QStringLiteral("pythonPackageSpec"), package);
        pools.replace(i, pool);
    }
    jobSpec.insert(QStringLiteral("workerPoolSpecs"), pools);
    body->insert(QStringLiteral("jobSpec"), jobSpec);
}

} // namespace

void setPackageUris(QJsonObject *body, const QStringList &uris)
{
    editPackageSpecs(body, [&uris](QJsonObject *package) {
        package->insert(QStringLiteral("packageUris"), QJsonArray::fromStringList(uris));
    });
}

void setExecutorImage(QJsonObject *body, const QString &uri)
{
    editPackageSpecs(body, [&uri](QJsonObject *package) {
        if (package->value(QLatin1String("executorImageUri")).toString().isEmpty())
            package->insert(QStringLiteral("executorImageUri"), uri);
    });
}

void setServiceAccount(QJsonObject *body, const QString &email)
{
    QJsonObject jobSpec = body->value(QLatin1String("jobSpec")).toObject();
    jobSpec.insert(QStringLiteral("serviceAccount"), email);
    body->insert(QStringLiteral("jobSpec"), jobSpec);
}

bool parseStagingBucket(const QString &uri, QString *bucket, QString *prefix)
{
    if (!uri.startsWith(QLatin1String("gs://")) || uri.size() <= 5)
        return false;
    const QString rest = uri.mid(5);
    *bucket = rest.section(QLatin1Char('/'), 0, 0);
    *prefix = rest.section(QLatin1Char('/'), 1);
    if (!prefix->isEmpty() && !prefix->endsWith(QLatin1Char('/')))
        *prefix += QLatin1Char('/');
    return !bucket->isEmpty();
}

StagedFile stagePackage(ApiClient *api, const QString &package, const QString &bucket,
                        const QString &prefix,
                        const std::function<void(const QString &, qint64, qint64)> &progress)
{
    StagedFile failed;
    const QFileInfo info(package);
    if (!info.exists()) {
        failed.errorMessage = Submit::tr("%1: no such package file or directory").arg(package);
        return failed;
    }
    QTemporaryDir out;
    QString archive = package;
    if (info.isDir()) {
        QString python = qEnvironmentVariable("TRAINYARD_PYTHON");
        if (python.isEmpty())
            python = QStringLiteral("python3");
        archive = buildSdist(package, out.path(), python, &failed.errorMessage);
        if (archive.isEmpty() || !normaliseSdist(archive, python, &failed.errorMessage))
            return failed;
    }
    // Named by what is uploaded: the archive built (or given), not the folder it came from.
    const QString hash = fileHash(archive, &failed.errorMessage);
    if (hash.isEmpty())
        return failed;
    const QString fileName = QFileInfo(archive).fileName();
    const QString object =
        prefix + QStringLiteral("trainyard-staging/") + hash + QLatin1Char('/') + fileName;
    return uploadFile(api, archive, bucket, object, [&](qint64 sent, qint64 total) {
        if (progress)
            progress(fileName, sent, total);
    });
}

bool hasLocalArchives(const QStringList &uris)
{
    for (const QString &uri : uris) {
        if (!uri.startsWith(QLatin1String("gs://")))
            return true;
    }
    return false;
}

QString stagePackages(ApiClient *api, QJsonObject *body, const QStringList &given, bool keepRemote,
                      const QString &packageDir, const QString &baseDir, const QString &bucketUri,
                      const StageEvents &events)
{
    QString bucket;
    QString prefix;
    if (!parseStagingBucket(bucketUri, &bucket, &prefix))
        return Submit::tr("the staging bucket must be gs://BUCKET[/PATH], not '%1'").arg(bucketUri);
    const QDir base(baseDir);
    QStringList remote;
    QStringList uris;
    const auto stage = [&](const QString &package) {
        const StagedFile staged = stagePackage(api, package, bucket, prefix, events.progress);
        if (!staged)
            return staged.errorMessage;
        if (events.staged)
            events.staged(staged);
        uris << staged.uri;
        return QString();
    };
    for (const QString &uri : given) {
        if (uri.startsWith(QLatin1String("gs://"))) {
            if (keepRemote)
                remote << uri;
            continue;
        }
        if (const QString error = stage(QFileInfo(base, uri).absoluteFilePath()); !error.isEmpty())
            return error;
    }
    if (!packageDir.isEmpty()) {
        if (const QString error = stage(QFileInfo(base, packageDir).absoluteFilePath());
            !error.isEmpty())
            return error;
    }
    setPackageUris(body, remote + uris);
    return {};
}

QString recordIdFor(const store::JobStore &store, const QString &name, bool *reuse)
{
    *reuse = false;
    for (int n = 1; n < 1000; ++n) {
        const QString id = n == 1 ? name : name + QStringLiteral("_%1").arg(n);
        if (!store.contains(id))
            return id;
        CloudRecord record;
        if (isCloudJob(store, id) && readCloudRecord(store, id, &record) && !record.submitted()) {
            *reuse = true;
            return id;
        }
    }
    return {};
}

void syncCloudRecord(const store::JobStore &store, const QString &localId, const QJsonObject &job)
{
    if (localId.isEmpty())
        return;
    CloudRecord record;
    if (!readCloudRecord(store, localId, &record))
        return;
    record.lastState = job.value(QLatin1String("state")).toString();
    writeCloudRecord(store, localId, record);
    const store::StateReadResult previous = store.readState(localId);
    store.writeState(localId, stateFromVertex(job, previous.state));
}

SubmitResult submitToVertex(VertexClient *vertex, store::JobStore &store, jobspec::Job job,
                            const QJsonObject &body, QJsonObject tuning, const QString &project,
                            const QString &region)
{
    SubmitResult result;
    const QString displayName = body.value(QLatin1String("displayName")).toString();
    bool reuse = false;
    const QString localId =
        recordIdFor(store, job.jobId.isEmpty() ? displayName : job.jobId, &reuse);
    if (localId.isEmpty() || !store::JobStore::isStorableJobId(localId)) {
        result.errorMessage = Submit::tr("no local record can be made for '%1'").arg(job.jobId);
        return result;
    }
    const bool isTuning = !tuning.isEmpty();
    const QString collection =
        isTuning ? QStringLiteral("hyperparameterTuningJobs") : QStringLiteral("customJobs");
    if (isTuning) {
        // The body's edits (package, account, image) hold for every trial.
        tuning.insert(QStringLiteral("trialJobSpec"), body.value(QLatin1String("jobSpec")));
        tuning.insert(QStringLiteral("displayName"), displayName);
    }
    // The local record first, so a failed submit leaves a trace that can be retried.
    CloudRecord record;
    record.project = project;
    record.region = region;
    record.collection = collection;
    if (!reuse) {
        job.jobId = localId;
        const store::StoreResult created = store.createJob(job);
        if (!created) {
            result.errorMessage = created.errorMessage;
            return result;
        }
    }
    result.localId = localId;
    store::JobState state = store.readState(localId).state;
    writeCloudRecord(store, localId, record);

    ApiResult r;
    {
        QEventLoop loop;
        QObject context;
        bool done = false;
        vertex->createJob(project, region, collection, isTuning ? tuning : body, &context,
                          [&](const ApiResult &answer) {
                              r = answer;
                              done = true;
                              loop.quit();
                          });
        if (!done)
            loop.exec();
    }
    if (!r) {
        record.submitError = r.errorMessage;
        writeCloudRecord(store, localId, record);
        state.state = store::JobStatus::Failed;
        state.errorMessage = Submit::tr("not submitted: %1").arg(r.errorMessage);
        state.endTime = QDateTime::currentDateTimeUtc();
        store.writeState(localId, state);
        result.errorMessage = r.errorMessage;
        return result;
    }
    record.resourceName = r.json.value(QLatin1String("name")).toString();
    record.submitError.clear();
    writeCloudRecord(store, localId, record);
    state.errorMessage.clear();
    state.endTime = {};
    store.writeState(localId, state);
    syncCloudRecord(store, localId, r.json);
    result.resourceName = record.resourceName;
    return result;
}

} // namespace trainyard::cloud
