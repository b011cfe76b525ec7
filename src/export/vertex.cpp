// SPDX-License-Identifier: MIT
// The Vertex AI CustomJob equivalent of a spec (docs/service.md §8.1).
#include "export/vertex.h"

#include <QCoreApplication>
#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

namespace trainyard::exporters {

using namespace trainyard::jobspec;
namespace {

class VertexExport
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::VertexExport)
};

// One worker pool before it becomes JSON.
struct Pool
{
    Role role = Role::Master;
    QString machineType;
    qint64 replicas = 0;
    std::optional<AcceleratorConfig> accelerator; // from the tier or the role's config
    QString field;                                // where the machine type came from
};

class Converter
{
public:
    Converter(const Job &job, const catalog::Catalog &catalog, const VertexExportOptions &options,
              Diagnostics *diags)
        : m_job(job)
        , m_ti(job.trainingInput)
        , m_catalog(catalog)
        , m_options(options)
        , m_diags(diags)
    {}

    QJsonObject convert()
    {
        QJsonObject jobSpec;
        jobSpec.insert(QStringLiteral("workerPoolSpecs"), workerPools());
        if (m_ti.scheduling) {
            QJsonObject scheduling;
            if (!m_ti.scheduling->maxRunningTime.isEmpty())
                scheduling.insert(QStringLiteral("timeout"), m_ti.scheduling->maxRunningTime);
            if (m_ti.scheduling->restartJobOnWorkerRestart)
                scheduling.insert(QStringLiteral("restartJobOnWorkerRestart"),
                                  *m_ti.scheduling->restartJobOnWorkerRestart);
            if (!scheduling.isEmpty())
                jobSpec.insert(QStringLiteral("scheduling"), scheduling);
        }
        insertIfSet(jobSpec, QStringLiteral("serviceAccount"), m_ti.serviceAccount);
        insertIfSet(jobSpec, QStringLiteral("network"), m_ti.network);
        if (!m_ti.jobDir.isEmpty()) {
            jobSpec.insert(QStringLiteral("baseOutputDirectory"),
                           QJsonObject{{QStringLiteral("outputUriPrefix"), m_ti.jobDir}});
            warn(QStringLiteral("trainingInput.jobDir"),
                 VertexExport::tr("Vertex AI does not pass --job-dir to the app; it sets "
                                  "AIP_MODEL_DIR under baseOutputDirectory instead"));
        }
        if (m_ti.enableWebAccess.value_or(false))
            jobSpec.insert(QStringLiteral("enableWebAccess"), true);
        reportDropped();

        QJsonObject customJob;
        customJob.insert(QStringLiteral("displayName"), m_job.jobId);
        if (!m_job.labels.isEmpty()) {
            QJsonObject labels;
            for (auto it = m_job.labels.cbegin(); it != m_job.labels.cend(); ++it)
                labels.insert(it.key(), it.value());
            customJob.insert(QStringLiteral("labels"), labels);
        }
        customJob.insert(QStringLiteral("jobSpec"), jobSpec);
        if (!m_ti.kmsKeyName.isEmpty()) {
            customJob.insert(QStringLiteral("encryptionSpec"),
                             QJsonObject{{QStringLiteral("kmsKeyName"), m_ti.kmsKeyName}});
        }
        return customJob;
    }

private:
    static void insertIfSet(QJsonObject &object, const QString &key, const QString &value)
    {
        if (!value.isEmpty())
            object.insert(key, value);
    }

    void report(Severity severity, const QString &field, const QString &message)
    {
        if (!m_diags)
            return;
        for (const Diagnostic &old : std::as_const(*m_diags)) {
            if (old.field == field && old.message == message)
                return; // one line per fact, however many pools share it
        }
        Diagnostic d;
        d.severity = severity;
        d.field = field;
        d.message = message;
        m_diags->append(d);
    }
    void warn(const QString &field, const QString &message)
    {
        report(Severity::Warning, field, message);
    }
    void error(const QString &field, const QString &message)
    {
        report(Severity::Error, field, message);
    }

    // The pools of the cluster: from the spec for CUSTOM, from the catalog for the other tiers.
    QList<Pool> pools()
    {
        QList<Pool> list;
        const catalog::ScaleTier *tier = m_catalog.scaleTier(m_ti.scaleTier);
        if (!tier || tier->custom) {
            if (!tier) {
                error(QStringLiteral("trainingInput.scaleTier"),
                      VertexExport::tr("unknown scale tier '%1'; the pools are taken from the "
                                       "spec's machine types")
                          .arg(m_ti.scaleTier));
            }
            for (Role role : allRoles) {
                const RoleSpec &spec = m_ti.role(role);
                Pool pool;
                pool.role = role;
                pool.machineType = spec.type;
                pool.replicas = role == Role::Master ? 1 : spec.count.value_or(0);
                pool.accelerator = spec.config.acceleratorConfig;
                pool.field =
                    QStringLiteral("trainingInput.") + roleKey(role) + QStringLiteral("Type");
                list << pool;
            }
            return list;
        }
        const QString field = QStringLiteral("trainingInput.scaleTier");
        Pool master{Role::Master, tier->masterType, 1, std::nullopt, field};
        if (tier->accelerator) {
            master.accelerator =
                AcceleratorConfig{qint64(tier->accelerator->count), tier->accelerator->type};
        }
        list << master;
        list << Pool{Role::Worker, tier->workerType, tier->workerCount, std::nullopt, field};
        list << Pool{Role::ParameterServer, tier->parameterServerType, tier->parameterServerCount,
                     std::nullopt, field};
        for (Pool &pool : list) {
            const ReplicaConfig &config = m_ti.role(pool.role).config;
            if (config.acceleratorConfig)
                pool.accelerator = config.acceleratorConfig;
        }
        return list;
    }

    QJsonObject machineSpec(const Pool &pool)
    {
        QString machineType = pool.machineType;
        std::optional<AcceleratorConfig> accelerator = pool.accelerator;
        const catalog::MachineType *known = m_catalog.machineType(machineType);
        if (known && known->tpu) {
            error(pool.field, VertexExport::tr("'%1' has no equivalent in this export: Vertex AI "
                                               "TPUs need a TPU machine type")
                                  .arg(machineType));
        } else if (known && known->legacy) {
            const catalog::MachineType *target =
                known->vertexMachineType.isEmpty()
                    ? nullptr
                    : m_catalog.machineType(known->vertexMachineType);
            if (!target) {
                error(pool.field,
                      VertexExport::tr("legacy machine type '%1' has no Vertex AI machine type; "
                                       "choose a Compute Engine machine type")
                          .arg(machineType));
            } else {
                machineType = target->name;
                if (known->builtIn) {
                    accelerator =
                        AcceleratorConfig{qint64(known->builtIn->count), known->builtIn->type};
                    warn(pool.field,
                         VertexExport::tr("legacy machine type '%1' runs as %2 with %3 × %4 on "
                                          "Vertex AI (%5 vCPUs, %6 GB)")
                             .arg(known->name, target->name)
                             .arg(known->builtIn->count)
                             .arg(known->builtIn->type)
                             .arg(target->vcpus)
                             .arg(target->memoryGb));
                } else {
                    warn(pool.field,
                         VertexExport::tr("legacy machine type '%1' runs as %2 on Vertex AI "
                                          "(%3 vCPUs, %4 GB)")
                             .arg(known->name, target->name)
                             .arg(target->vcpus)
                             .arg(target->memoryGb));
                }
            }
        } else if (known && known->builtIn && !accelerator) {
            accelerator = AcceleratorConfig{qint64(known->builtIn->count), known->builtIn->type};
        }
        const catalog::AcceleratorType *acceleratorType =
            accelerator ? m_catalog.accelerator(accelerator->type) : nullptr;
        if (acceleratorType && acceleratorType->tpu) {
            error(pool.field, VertexExport::tr("%1 has no equivalent in this export: Vertex AI "
                                               "TPUs need a TPU machine type")
                                  .arg(acceleratorType->type));
        }
        QJsonObject spec{{QStringLiteral("machineType"), machineType}};
        if (accelerator && !accelerator->type.isEmpty()) {
            spec.insert(QStringLiteral("acceleratorType"), accelerator->type);
            if (accelerator->count)
                spec.insert(QStringLiteral("acceleratorCount"), double(*accelerator->count));
        }
        return spec;
    }

    // The image a role runs: its own, else the master's (docs/service.md §7).
    QString imageOf(Role role) const
    {
        const QString &own = m_ti.role(role).config.imageUri;
        return own.isEmpty() ? m_ti.master.config.imageUri : own;
    }

    static QJsonArray toArray(const QStringList &list) { return QJsonArray::fromStringList(list); }

    QJsonObject poolSpec(const Pool &pool)
    {
        const ReplicaConfig &config = m_ti.role(pool.role).config;
        QJsonObject spec;
        spec.insert(QStringLiteral("machineSpec"), machineSpec(pool));
        spec.insert(QStringLiteral("replicaCount"), QString::number(pool.replicas));
        if (config.diskConfig) {
            QJsonObject disk;
            insertIfSet(disk, QStringLiteral("bootDiskType"), config.diskConfig->bootDiskType);
            if (config.diskConfig->bootDiskSizeGb) {
                disk.insert(QStringLiteral("bootDiskSizeGb"),
                            double(*config.diskConfig->bootDiskSizeGb));
            }
            spec.insert(QStringLiteral("diskSpec"), disk);
        }
        const QString image = imageOf(pool.role);
        if (!image.isEmpty()) {
            QJsonObject container{{QStringLiteral("imageUri"), image}};
            if (!config.containerCommand.isEmpty())
                container.insert(QStringLiteral("command"), toArray(config.containerCommand));
            const QStringList &args =
                config.containerArgs.isEmpty() ? m_ti.args : config.containerArgs;
            if (!args.isEmpty())
                container.insert(QStringLiteral("args"), toArray(args));
            spec.insert(QStringLiteral("containerSpec"), container);
        } else {
            QJsonObject python;
            const QString executor = executorImage(pool);
            insertIfSet(python, QStringLiteral("executorImageUri"), executor);
            python.insert(QStringLiteral("packageUris"), toArray(packageUris()));
            insertIfSet(python, QStringLiteral("pythonModule"), m_ti.pythonModule);
            if (!m_ti.args.isEmpty())
                python.insert(QStringLiteral("args"), toArray(m_ti.args));
            spec.insert(QStringLiteral("pythonPackageSpec"), python);
            m_needsExecutorImage = true;
        }
        return spec;
    }

    QJsonArray workerPools()
    {
        QJsonArray specs;
        int pending = 0; // unused pools seen since the last used one
        for (const Pool &pool : pools()) {
            const bool used = pool.role == Role::Master || pool.replicas > 0;
            if (!used) {
                ++pending;
                continue;
            }
            for (; pending > 0; --pending)
                specs.append(QJsonObject());
            specs.append(poolSpec(pool));
        }
        return specs;
    }

    // The pre-built training container for the runtime (catalog vertexImages): the GPU build
    // when the pool has GPUs. Empty (and one error) when Vertex AI has none for the runtime.
    QString executorImage(const Pool &pool)
    {
        const QString field = QStringLiteral("trainingInput.runtimeVersion");
        const catalog::VertexImage *image = nullptr;
        if (m_ti.runtimeVersion.isEmpty()) {
            for (const catalog::VertexImage &candidate : m_catalog.vertexImages) {
                if (!candidate.runtimes.isEmpty()) {
                    image = &candidate;
                    break;
                }
            }
            if (image) {
                warn(field, VertexExport::tr("runtimeVersion is not set: the package runs in the "
                                             "%1 %2 image")
                                .arg(image->framework, image->version));
            }
        } else {
            image = m_catalog.vertexImageForRuntime(m_ti.runtimeVersion, m_ti.pythonVersion);
            if (!image) {
                error(field, VertexExport::tr("runtime %1 has no Vertex AI pre-built training "
                                              "image (TensorFlow 1.15 and 2.x have one): use "
                                              "runtime 1.15 or 2.x, or a custom container")
                                 .arg(m_ti.runtimeVersion));
                return {};
            }
            if (!m_ti.pythonVersion.isEmpty() && image->python != m_ti.pythonVersion) {
                warn(QStringLiteral("trainingInput.pythonVersion"),
                     VertexExport::tr("the Vertex AI image for runtime %1 has Python %2, not %3")
                         .arg(m_ti.runtimeVersion, image->python, m_ti.pythonVersion));
            }
        }
        if (!image)
            return {};
        const QDate end = QDate::fromString(image->endOfAvailability, Qt::ISODate);
        if (end.isValid() && end < QDate::currentDate()) {
            warn(field, VertexExport::tr("the %1 %2 image's availability ended on %3: Vertex AI "
                                         "may refuse it; pick a current pre-built container for "
                                         "your framework")
                            .arg(image->framework, image->version, image->endOfAvailability));
        }
        const bool gpu = pool.accelerator && !pool.accelerator->type.isEmpty() &&
                         !(m_catalog.accelerator(pool.accelerator->type) &&
                           m_catalog.accelerator(pool.accelerator->type)->tpu);
        if (gpu && image->gpuImage.isEmpty()) {
            error(field, VertexExport::tr("the Vertex AI image for %1 %2 has no GPU build")
                             .arg(image->framework, image->version));
        }
        return gpu && !image->gpuImage.isEmpty() ? image->gpuImage : image->cpuImage;
    }

    // The spec's packageUris, or where the local package will be staged.
    QStringList packageUris()
    {
        if (!m_ti.packageUris.isEmpty())
            return m_ti.packageUris;
        bool placeholder = false;
        const QString staged = stagedPackageUri(m_job, m_options.stagingBucket, &placeholder);
        if (staged.isEmpty()) {
            error(QStringLiteral("trainingInput.packageUris"),
                  VertexExport::tr("no package: give packageUris or a local package directory"));
            return {};
        }
        if (placeholder) {
            warn(QStringLiteral("trainyardLocal.packagePath"),
                 VertexExport::tr("the package is staged to %1: replace STAGING_BUCKET with your "
                                  "bucket (gcloud's --staging-bucket), or set a gs:// jobDir")
                     .arg(staged));
        }
        return {staged};
    }

    void reportDropped()
    {
        if (m_ti.hyperparameters) {
            warn(QStringLiteral("trainingInput.hyperparameters"),
                 VertexExport::tr("not part of a CustomJob: tuning needs a Vertex AI "
                                  "HyperparameterTuningJob around this CustomJob; left out"));
        }
        if (m_ti.scheduling && !m_ti.scheduling->maxWaitTime.isEmpty()) {
            warn(QStringLiteral("trainingInput.scheduling.maxWaitTime"),
                 VertexExport::tr("has no CustomJob equivalent; left out"));
        }
        if (m_ti.scheduling && m_ti.scheduling->priority) {
            warn(QStringLiteral("trainingInput.scheduling.priority"),
                 VertexExport::tr("has no CustomJob equivalent; left out"));
        }
        for (Role role : allRoles) {
            if (!m_ti.role(role).config.tpuTfVersion.isEmpty()) {
                warn(QStringLiteral("trainingInput.") + roleKey(role) +
                         QStringLiteral("Config.tpuTfVersion"),
                     VertexExport::tr("has no CustomJob equivalent; left out"));
            }
        }
    }

    const Job &m_job;
    const TrainingInput &m_ti;
    const catalog::Catalog &m_catalog;
    const VertexExportOptions &m_options;
    Diagnostics *m_diags;
    bool m_needsExecutorImage = false;
};

} // namespace

QJsonObject vertexCustomJob(const Job &job, const catalog::Catalog &catalog,
                            Diagnostics *diagnostics)
{
    return vertexCustomJob(job, catalog, VertexExportOptions(), diagnostics);
}

QByteArray vertexCustomJobJson(const Job &job, const catalog::Catalog &catalog,
                               Diagnostics *diagnostics)
{
    return vertexCustomJobJson(job, catalog, VertexExportOptions(), diagnostics);
}

QJsonObject vertexCustomJob(const Job &job, const catalog::Catalog &catalog,
                            const VertexExportOptions &options, Diagnostics *diagnostics)
{
    return Converter(job, catalog, options, diagnostics).convert();
}

QByteArray vertexCustomJobJson(const Job &job, const catalog::Catalog &catalog,
                               const VertexExportOptions &options, Diagnostics *diagnostics)
{
    return QJsonDocument(vertexCustomJob(job, catalog, options, diagnostics))
        .toJson(QJsonDocument::Indented);
}

QString stagedPackageUri(const Job &job, const QString &stagingBucket, bool *placeholder)
{
    if (placeholder)
        *placeholder = false;
    const QString dir = job.local.packagePath;
    if (dir.isEmpty())
        return {};
    QString name = QFileInfo(QDir::cleanPath(dir)).fileName();
    if (name.isEmpty() || name == QLatin1String("."))
        name = QStringLiteral("trainer");
    const QString archive = name + QStringLiteral("-0.0.0.tar.gz");
    const QString jobId = job.jobId.isEmpty() ? QStringLiteral("JOB_ID") : job.jobId;
    QString bucket = stagingBucket;
    while (bucket.endsWith(QLatin1Char('/')))
        bucket.chop(1);
    if (!bucket.isEmpty())
        return bucket + QLatin1Char('/') + jobId + QLatin1Char('/') + archive;
    QString jobDir = job.trainingInput.jobDir;
    if (jobDir.startsWith(QLatin1String("gs://"))) {
        while (jobDir.endsWith(QLatin1Char('/')))
            jobDir.chop(1);
        return jobDir + QStringLiteral("/packages/") + archive;
    }
    if (placeholder)
        *placeholder = true;
    return QStringLiteral("gs://STAGING_BUCKET/") + jobId + QLatin1Char('/') + archive;
}

} // namespace trainyard::exporters

namespace trainyard::exporters {

QJsonObject vertexHyperparameterTuningJob(const Job &job, const QJsonObject &customJob,
                                          Diagnostics *diagnostics)
{
    const std::optional<HyperparameterSpec> &hp = job.trainingInput.hyperparameters;
    if (!hp)
        return {};
    const QString base = QStringLiteral("trainingInput.hyperparameters");
    auto warn = [&](const QString &field, const QString &message) {
        if (diagnostics)
            diagnostics->append({Severity::Warning, base + field, message, {}, {}});
    };
    if (diagnostics) {
        // vertexCustomJob's "left out" note no longer holds: the tuning job carries them.
        diagnostics->erase(
            std::remove_if(diagnostics->begin(), diagnostics->end(),
                           [&](const Diagnostic &d) { return d.field == base && !d.isError(); }),
            diagnostics->end());
    }

    // AI Platform's default metric tag when none is given (HyperparameterSpec reference).
    const QString metricId = hp->hyperparameterMetricTag.isEmpty()
                                 ? QStringLiteral("training/hptuning/metric")
                                 : hp->hyperparameterMetricTag;
    const QString goal = hp->goal.isEmpty() ? QStringLiteral("GOAL_TYPE_UNSPECIFIED") : hp->goal;
    QJsonArray parameters;
    for (qsizetype i = 0; i < hp->params.size(); ++i) {
        const ParameterSpec &p = hp->params.at(i);
        const QString field = QStringLiteral(".params[%1]").arg(i);
        QJsonObject spec{{QStringLiteral("parameterId"), p.parameterName}};
        if (p.type == QLatin1String("DOUBLE")) {
            QJsonObject v;
            if (p.minValue)
                v.insert(QStringLiteral("minValue"), *p.minValue);
            if (p.maxValue)
                v.insert(QStringLiteral("maxValue"), *p.maxValue);
            spec.insert(QStringLiteral("doubleValueSpec"), v);
        } else if (p.type == QLatin1String("INTEGER")) {
            // int64 values travel as JSON strings.
            QJsonObject v;
            if (p.minValue)
                v.insert(QStringLiteral("minValue"),
                         QString::number(qint64(std::llround(*p.minValue))));
            if (p.maxValue)
                v.insert(QStringLiteral("maxValue"),
                         QString::number(qint64(std::llround(*p.maxValue))));
            spec.insert(QStringLiteral("integerValueSpec"), v);
        } else if (p.type == QLatin1String("CATEGORICAL")) {
            spec.insert(QStringLiteral("categoricalValueSpec"),
                        QJsonObject{{QStringLiteral("values"),
                                     QJsonArray::fromStringList(p.categoricalValues)}});
        } else if (p.type == QLatin1String("DISCRETE")) {
            QJsonArray values;
            for (double d : p.discreteValues)
                values.append(d);
            spec.insert(QStringLiteral("discreteValueSpec"),
                        QJsonObject{{QStringLiteral("values"), values}});
        }
        // NONE and categorical parameters leave scaleType unset.
        if (!p.scaleType.isEmpty() && p.scaleType != QLatin1String("NONE") &&
            p.type != QLatin1String("CATEGORICAL"))
            spec.insert(QStringLiteral("scaleType"), p.scaleType);
        else if (p.type == QLatin1String("CATEGORICAL") && !p.scaleType.isEmpty() &&
                 p.scaleType != QLatin1String("NONE"))
            warn(field + QStringLiteral(".scaleType"),
                 VertexExport::tr("has no meaning for a categorical parameter; left out"));
        parameters.append(spec);
    }
    QJsonObject study{
        {QStringLiteral("metrics"), QJsonArray{QJsonObject{{QStringLiteral("metricId"), metricId},
                                                           {QStringLiteral("goal"), goal}}}},
        {QStringLiteral("parameters"), parameters}};
    if (!hp->algorithm.isEmpty())
        study.insert(QStringLiteral("algorithm"), hp->algorithm);
    if (hp->enableTrialEarlyStopping.value_or(false)) {
        // Vertex's counterpart of AI Platform's automated early stopping.
        study.insert(QStringLiteral("medianAutomatedStoppingSpec"), QJsonObject{});
    }
    if (!hp->resumePreviousJobId.isEmpty())
        warn(QStringLiteral(".resumePreviousJobId"),
             VertexExport::tr("has no HyperparameterTuningJob equivalent; left out"));

    // AI Platform's defaults: one trial, one at a time; 0 failed trials lets Vertex decide.
    const qint64 maxTrials = hp->maxTrials.value_or(0) > 0 ? *hp->maxTrials : 1;
    const qint64 parallel = hp->maxParallelTrials.value_or(0) > 0 ? *hp->maxParallelTrials : 1;
    QJsonObject tuning{
        {QStringLiteral("displayName"), customJob.value(QLatin1String("displayName"))},
        {QStringLiteral("studySpec"), study},
        {QStringLiteral("maxTrialCount"), maxTrials},
        {QStringLiteral("parallelTrialCount"), parallel},
        {QStringLiteral("trialJobSpec"), customJob.value(QLatin1String("jobSpec"))}};
    if (hp->maxFailedTrials.value_or(0) > 0)
        tuning.insert(QStringLiteral("maxFailedTrialCount"), *hp->maxFailedTrials);
    if (customJob.contains(QLatin1String("labels")))
        tuning.insert(QStringLiteral("labels"), customJob.value(QLatin1String("labels")));
    return tuning;
}

} // namespace trainyard::exporters
