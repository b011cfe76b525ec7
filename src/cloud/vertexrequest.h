// SPDX-License-Identifier: MIT
// One Vertex AI submit request, made the same way by `trainyard ai custom-jobs create` (and
// `jobs submit training --cloud`) and by the wizard's "Submit to Vertex AI…": the CustomJob
// body and, for a spec with hyperparameters, the HyperparameterTuningJob around it; the
// caller's edits (display name, service account, executor image); the checks of where it goes
// (project, region, staging bucket: their grammar, before any URL is built); the staging of
// the packages; the record-then-create of submitToVertex. Callers only gather their inputs and
// show progress and results.
#pragma once

#include "cloud/submit.h"
#include "jobspec/diagnostic.h"

namespace trainyard::catalog {
class Catalog;
}
namespace trainyard::jobspec {
struct SourceMap;
}

namespace trainyard::cloud {

struct VertexRequest
{
    // Made by buildVertexJob.
    QJsonObject body;   // the CustomJob
    QJsonObject tuning; // the HyperparameterTuningJob; empty without hyperparameters

    // Where it goes (checkVertexRequest).
    QString project;
    QString region;

    // Edits of the body; empty: none.
    QString displayName;
    QString serviceAccount;
    QString executorImage;

    // Staging; none without a bucket. `packages` are the spec's packageUris: gs:// URIs stay
    // only with keepRemotePackages (gcloud's --packages), local archives are staged as they are
    // (relative ones against baseDir), then the sdist of packageDir (relative to baseDir).
    QString stagingBucket; // gs://BUCKET[/PATH]
    QStringList packages;
    bool keepRemotePackages = false;
    QString packageDir;
    QString baseDir;

    bool isTuning() const { return !tuning.isEmpty(); }
};

// Validates `job` for the cloud and builds request->body and ->tuning. The diagnostics carry
// positions when `sources` is given. Errors among them: not to be submitted.
jobspec::Diagnostics buildVertexJob(const jobspec::Job &job, const catalog::Catalog &catalog,
                                    const jobspec::SourceMap *sources, VertexRequest *request);

// The first problem of where the request goes (project, region, bucket, packages without a
// bucket), translated; empty when it may be sent.
QString checkVertexRequest(const VertexRequest &request);

// Stages the packages (when a bucket is given), applies the edits and submits (submitToVertex).
// Refuses what checkVertexRequest refuses. Blocks in local event loops: for the CLI and worker
// threads (the ApiClient lives in the calling thread).
SubmitResult submitVertexRequest(ApiClient *api, store::JobStore &store, const jobspec::Job &job,
                                 VertexRequest request, const StageEvents &events = {});

} // namespace trainyard::cloud
