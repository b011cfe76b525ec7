// SPDX-License-Identifier: MIT
#include "cloud/vertexrequest.h"

#include "cloud/resourcename.h"
#include "export/vertex.h"
#include "text/plaintext.h"
#include "validation/validator.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace trainyard::cloud {
namespace {

class Request
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::CloudSubmit)
};

} // namespace

jobspec::Diagnostics buildVertexJob(const jobspec::Job &job, const catalog::Catalog &catalog,
                                    const jobspec::SourceMap *sources, VertexRequest *request)
{
    validation::Options options;
    options.target = validation::Target::Cloud;
    jobspec::Diagnostics diags = validation::validate(job, catalog, options, sources);
    request->body = exporters::vertexCustomJob(job, catalog, &diags);
    // A spec with hyperparameters becomes a HyperparameterTuningJob around the CustomJob.
    request->tuning = exporters::vertexHyperparameterTuningJob(job, request->body, &diags);
    if (sources) {
        for (jobspec::Diagnostic &d : diags)
            sources->locate(d);
    }
    return diags;
}

QString checkVertexRequest(const VertexRequest &request)
{
    if (request.project.isEmpty())
        return Request::tr("no project: give --project or set GOOGLE_CLOUD_PROJECT");
    if (QString problem = checkProject(request.project); !problem.isEmpty())
        return problem;
    if (request.region.isEmpty())
        return Request::tr("no region: give --region or trainingInput.region");
    if (QString problem = checkRegion(request.region); !problem.isEmpty())
        return problem;
    if (request.stagingBucket.isEmpty()) {
        if (hasLocalArchives(request.packages))
            return Request::tr("local archives in --packages are uploaded to "
                               "--staging-bucket: give it");
        return {};
    }
    QString bucket;
    QString prefix;
    static const QRegularExpression bucketRe(
        QStringLiteral("\\A[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]\\z"));
    if (!parseStagingBucket(request.stagingBucket, &bucket, &prefix) ||
        !bucketRe.match(bucket).hasMatch())
        return Request::tr("--staging-bucket must be gs://BUCKET[/PATH] with a bucket name of "
                           "3 to 63 lowercase letters, digits, dots, hyphens and underscores, "
                           "not '%1'")
            .arg(text::plainText(request.stagingBucket));
    if (request.packageDir.isEmpty() && !hasLocalArchives(request.packages))
        return Request::tr("--staging-bucket needs a package: trainyardLocal.packagePath, "
                           "--package-path or local archives in --packages");
    return {};
}

SubmitResult submitVertexRequest(ApiClient *api, store::JobStore &store, const jobspec::Job &job,
                                 VertexRequest request, const StageEvents &events)
{
    SubmitResult refused;
    refused.errorMessage = checkVertexRequest(request);
    if (!refused.errorMessage.isEmpty())
        return refused;
    if (!request.displayName.isEmpty())
        request.body.insert(QStringLiteral("displayName"), request.displayName);
    if (!request.serviceAccount.isEmpty())
        setServiceAccount(&request.body, request.serviceAccount);
    if (!request.executorImage.isEmpty())
        setExecutorImage(&request.body, request.executorImage);
    if (!request.stagingBucket.isEmpty()) {
        refused.errorMessage =
            stagePackages(api, &request.body, request.packages, request.keepRemotePackages,
                          request.packageDir, request.baseDir, request.stagingBucket, events);
        if (!refused.errorMessage.isEmpty())
            return refused;
    }
    VertexClient vertex(api);
    return submitToVertex(&vertex, store, job, request.body, request.tuning, request.project,
                          request.region);
}

} // namespace trainyard::cloud
