// SPDX-License-Identifier: MIT
// The Vertex AI CustomJob equivalent of a spec (docs/service.md §8.1): workerPoolSpecs in pool
// order (primary, workers, parameter servers, evaluators; unused pools as {}), machineSpec,
// diskSpec, containerSpec or pythonPackageSpec, scheduling, serviceAccount, network,
// baseOutputDirectory.
#pragma once

#include "catalog/catalog.h"
#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QByteArray>
#include <QJsonObject>

namespace trainyard::exporters {

using jobspec::Diagnostics;
using jobspec::Job;

// What the CustomJob cannot express goes to `diagnostics` (when given), with the field path of
// the spec: errors for parts with no honest Vertex equivalent (legacy machine types without a
// same-shape Compute Engine type, Cloud TPU, unknown scale tiers), warnings for parts that are
// dropped or guessed (hyperparameters, maxWaitTime, priority, tpuTfVersion, the executor image of
// a runtime version, legacy types mapped to a Compute Engine type of the same catalog shape).
QJsonObject vertexCustomJob(const Job &job, const catalog::Catalog &catalog,
                            Diagnostics *diagnostics = nullptr);
QByteArray vertexCustomJobJson(const Job &job, const catalog::Catalog &catalog,
                               Diagnostics *diagnostics = nullptr);

// What the export needs to know beyond the spec.
struct VertexExportOptions
{
    // gcloud's --staging-bucket (gs://bucket): where a local package is staged. Empty: the
    // spec's jobDir/packages, or a STAGING_BUCKET placeholder named in a warning.
    QString stagingBucket;
};
QJsonObject vertexCustomJob(const Job &job, const catalog::Catalog &catalog,
                            const VertexExportOptions &options, Diagnostics *diagnostics);
QByteArray vertexCustomJobJson(const Job &job, const catalog::Catalog &catalog,
                               const VertexExportOptions &options, Diagnostics *diagnostics);

// Where gcloud stages the package built from trainyardLocal.packagePath (--package-path): the
// sdist of gcloud's built-in setup.py, <dir name>-0.0.0.tar.gz, under the staging bucket's
// <jobId>/ folder or under <jobDir>/packages/ (jobs_prep.GetStagingLocation). Empty when the job
// has no local package. `placeholder` is set when neither location is known.
QString stagedPackageUri(const Job &job, const QString &stagingBucket = QString(),
                         bool *placeholder = nullptr);

} // namespace trainyard::exporters

namespace trainyard::exporters {

// The Vertex AI HyperparameterTuningJob of a spec with trainingInput.hyperparameters (reference
// "HyperparameterTuningJob", "StudySpec"): studySpec {metrics [{metricId, goal}], parameters
// [{parameterId, doubleValueSpec | integerValueSpec (int64 strings) | categoricalValueSpec |
// discreteValueSpec, scaleType}], algorithm}, maxTrialCount, parallelTrialCount,
// maxFailedTrialCount, and `customJob`'s jobSpec (made by vertexCustomJob, possibly adjusted) as
// trialJobSpec. Parts with no equivalent go to `diagnostics` with their field path. Empty when
// the spec has no hyperparameters.
QJsonObject vertexHyperparameterTuningJob(const Job &job, const QJsonObject &customJob,
                                          Diagnostics *diagnostics = nullptr);

} // namespace trainyard::exporters
