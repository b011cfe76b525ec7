// SPDX-License-Identifier: MIT
// Submitting a spec to Vertex AI with a local record, shared by `trainyard ai custom-jobs
// create` and the wizard's "Submit to Vertex AI…": the CustomJob body's edits (staged package,
// service account, executor image), staging the package (sdist, uploaded under its content
// hash), and the record-then-create sequence (the job store record is written first, so a
// failed create keeps a record "not submitted: …" that a later submit of the same name reuses).
// The functions that talk to the network block in local event loops: for the CLI and worker
// threads, never the GUI thread (the ApiClient must live in the calling thread).
#pragma once

#include "cloud/staging.h"
#include "cloud/vertexclient.h"
#include "spec/job.h"

#include <QJsonObject>
#include <QString>
#include <functional>

namespace trainyard::store {
class JobStore;
}

namespace trainyard::cloud {

// Replaces packageUris of every pool that has a pythonPackageSpec.
void setPackageUris(QJsonObject *body, const QString &uri);
// Sets pythonPackageSpec.executorImageUri where a pool has none.
void setExecutorImage(QJsonObject *body, const QString &uri);
// Sets jobSpec.serviceAccount.
void setServiceAccount(QJsonObject *body, const QString &email);

// "gs://BUCKET[/PATH]" → bucket and prefix ("" or ending in '/'). False when it is not of that
// form.
bool parseStagingBucket(const QString &uri, QString *bucket, QString *prefix);

// Builds the sdist of `packageDir` (with $TRAINYARD_PYTHON, else python3) and uploads it to
// gs://bucket/prefix + "trainyard-staging/{sha256}/{file}" unless it is there already.
// `progress` gets (file name, bytes sent, total). Blocks (see above).
StagedFile stagePackage(ApiClient *api, const QString &packageDir, const QString &bucket,
                        const QString &prefix,
                        const std::function<void(const QString &, qint64, qint64)> &progress);

// A local record ID for a new cloud job: the name, or name_2, name_3... A record whose submit
// failed is reused (*reuse; submitting again is the retry). Empty when none is free.
QString recordIdFor(const store::JobStore &store, const QString &name, bool *reuse);

// Writes what the service said about a job (its state) into its local record.
void syncCloudRecord(const store::JobStore &store, const QString &localId,
                     const QJsonObject &job);

struct SubmitResult
{
    QString localId;      // the record (empty when none could be made)
    QString resourceName; // the job's resource name when it was created
    QString errorMessage; // why it was not submitted (translated; the service's words)
    explicit operator bool() const { return errorMessage.isEmpty(); }
};

// Makes (or reuses) the local record of `job` (named by its jobId, else the body's
// displayName), then creates the CustomJob in project/region. Blocks (see above).
SubmitResult submitCustomJob(VertexClient *vertex, store::JobStore &store, spec::Job job,
                             const QJsonObject &body, const QString &project,
                             const QString &region);

} // namespace trainyard::cloud
