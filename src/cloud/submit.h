// SPDX-License-Identifier: MIT
// Submitting a spec to Vertex AI with a local record, shared by `trainyard ai custom-jobs
// create` and the wizard's "Submit to Vertex AI…": the CustomJob body's edits (staged package,
// service account, executor image), staging the packages (local archives as they are, the
// package dir as its sdist, each uploaded under its content hash, in gcloud's order), and the
// record-then-create sequence of a CustomJob or, for a spec with hyperparameters, a
// HyperparameterTuningJob (the job store record is written first, so a
// failed create keeps a record "not submitted: …" that a later submit of the same name reuses).
// The functions that talk to the network block in local event loops: for the CLI and worker
// threads, never the GUI thread (the ApiClient must live in the calling thread).
#pragma once

#include "cloud/staging.h"
#include "cloud/vertexclient.h"
#include "jobspec/job.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <functional>

namespace trainyard::store {
class JobStore;
}

namespace trainyard::cloud {

// Replaces packageUris of every pool that has a pythonPackageSpec.
void setPackageUris(QJsonObject *body, const QStringList &uris);
// Sets pythonPackageSpec.executorImageUri where a pool has none.
void setExecutorImage(QJsonObject *body, const QString &uri);
// Sets jobSpec.serviceAccount.
void setServiceAccount(QJsonObject *body, const QString &email);

// "gs://BUCKET[/PATH]" → bucket and prefix ("" or ending in '/'). False when it is not of that
// form.
bool parseStagingBucket(const QString &uri, QString *bucket, QString *prefix);

// Stages `package` at gs://bucket/prefix + "trainyard-staging/{sha256}/{file}" unless it is
// there already: a directory as its reproducible sdist (built with $TRAINYARD_PYTHON, else
// python3), a local archive (.tar.gz, .whl) as it is; {sha256} is the hash of that archive.
// `progress` gets (file name, bytes sent, total). Blocks (see above).
StagedFile stagePackage(ApiClient *api, const QString &package, const QString &bucket,
                        const QString &prefix,
                        const std::function<void(const QString &, qint64, qint64)> &progress);

// What stagePackages reports while it works.
struct StageEvents
{
    std::function<void(const QString &fileName, qint64 sent, qint64 total)> progress;
    std::function<void(const StagedFile &staged)> staged; // after each package
};

// Stages the packages of a submit and sets the body's packageUris to them, ordered as gcloud
// orders them (command_lib/ml_engine/jobs_prep.py, UploadPythonPackages): the gs:// URIs of
// `given` (only when `keepRemote`: packageUris written in the spec give way to a staged
// package), then its local archives (relative paths resolved against `baseDir`), then the sdist
// of `packageDir` (relative to `baseDir`; none when empty). `bucketUri` must parse
// (parseStagingBucket). Returns the error, or an empty string. Blocks (see above).
QString stagePackages(ApiClient *api, QJsonObject *body, const QStringList &given, bool keepRemote,
                      const QString &packageDir, const QString &baseDir, const QString &bucketUri,
                      const StageEvents &events);

// True when `uris` name a local archive (anything that is not gs://), which needs staging.
bool hasLocalArchives(const QStringList &uris);

// A local record ID for a new cloud job: the name, or name_2, name_3... A record whose submit
// failed is reused (*reuse; submitting again is the retry). Empty when none is free.
QString recordIdFor(const store::JobStore &store, const QString &name, bool *reuse);

// Writes what the service said about a job (its state) into its local record.
void syncCloudRecord(const store::JobStore &store, const QString &localId, const QJsonObject &job);

struct SubmitResult
{
    QString localId;      // the record (empty when none could be made)
    QString resourceName; // the job's resource name when it was created
    QString errorMessage; // why it was not submitted (translated; the service's words)
    explicit operator bool() const { return errorMessage.isEmpty(); }
};

// Makes (or reuses) the local record of `job` (named by its jobId, else the body's
// displayName), then creates the job in project/region: the CustomJob `body`, or, when `tuning`
// (exporters::vertexHyperparameterTuningJob) is not empty, that HyperparameterTuningJob with
// `body`'s jobSpec as its trialJobSpec (every trial runs the adjusted CustomJob) and its
// displayName. Blocks (see above).
SubmitResult submitToVertex(VertexClient *vertex, store::JobStore &store, jobspec::Job job,
                            const QJsonObject &body, QJsonObject tuning, const QString &project,
                            const QString &region);

} // namespace trainyard::cloud
