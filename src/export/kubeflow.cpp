// SPDX-License-Identifier: MIT
// Kubeflow Training Operator manifests (TFJob, PyTorchJob; kubeflow.org/v1). See kubeflow.h for
// the operator sources this follows.
#include "export/kubeflow.h"

#include "export/kubernetes.h"
#include "export/vertex.h"
#include "jobspec/yamlemit.h"
#include "jobspec/yamlscalar.h"
#include "service/layout.h"
#include "service/tfconfig.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <yaml-cpp/emitter.h>
#include <yaml-cpp/emittermanip.h>

namespace trainyard::exporters {

using namespace trainyard::jobspec;
namespace {

class KubeflowExport
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::KubeflowExport)
};

// Training Operator constants (pkg/apis/kubeflow.org/v1/tensorflow_types.go, pytorch_types.go).
constexpr int tfDefaultPort = 2222;
constexpr int pytorchDefaultPort = 23456;

// Vertex AI pool order (primary, workers, parameter servers, evaluators) is allRoles' order.
constexpr const std::array<Role, 4> &poolRoles = allRoles;

QString roleField(Role role)
{
    return QStringLiteral("trainingInput.") + roleKey(role) + QStringLiteral("Config");
}

class Builder
{
public:
    Builder(const Job &job, const catalog::Catalog &catalog, const KubeflowOptions &options,
            Diagnostics *diags)
        : m_job(job)
        , m_ti(job.trainingInput)
        , m_catalog(catalog)
        , m_options(options)
        , m_diags(diags)
    {}

    QJsonObject build()
    {
        const bool tf = m_options.kind == KubeflowKind::TFJob;
        // The pools, machine accelerators, images and args as the Vertex export makes them;
        // its own diagnostics are about Vertex AI and are not ours to repeat.
        Diagnostics vertexDiags;
        const QJsonObject customJob = vertexCustomJob(m_job, m_catalog, &vertexDiags);
        const QJsonArray pools = customJob.value(QStringLiteral("jobSpec"))
                                     .toObject()
                                     .value(QStringLiteral("workerPoolSpecs"))
                                     .toArray();

        int evaluators = 0;
        if (pools.size() > 3)
            evaluators =
                pools.at(3).toObject().value(QStringLiteral("replicaCount")).toString().toInt();
        const QString primaryType =
            service::primaryTaskType(m_ti, evaluators, service::LayoutOptions{});

        QJsonObject replicaSpecs;
        for (qsizetype i = 0; i < pools.size() && i < qsizetype(poolRoles.size()); ++i) {
            const QJsonObject pool = pools.at(i).toObject();
            if (pool.isEmpty())
                continue;
            const Role role = poolRoles.at(std::size_t(i));
            const QString type = replicaType(role, primaryType);
            if (type.isEmpty())
                continue;
            const qint64 replicas = pool.value(QStringLiteral("replicaCount"))
                                        .toString(QStringLiteral("1"))
                                        .toLongLong();
            if (replicas <= 0)
                continue;
            QJsonObject spec;
            spec.insert(QStringLiteral("replicas"), double(replicas));
            // A replica that exits with an error fails the job, as on Vertex AI and locally
            // (also the TFJob default, TFJobDefaultRestartPolicy = Never).
            spec.insert(QStringLiteral("restartPolicy"), QStringLiteral("Never"));
            m_nodeSelector = QJsonObject();
            QJsonObject podSpec{{QStringLiteral("containers"), QJsonArray{container(role, pool)}}};
            if (!m_nodeSelector.isEmpty())
                podSpec.insert(QStringLiteral("nodeSelector"), m_nodeSelector);
            spec.insert(QStringLiteral("template"), QJsonObject{{QStringLiteral("spec"), podSpec}});
            replicaSpecs.insert(type, spec);
        }

        if (tf && evaluators > 0) {
            warn(QStringLiteral("trainingInput.evaluatorCount"),
                 KubeflowExport::tr("the Training Operator lists evaluators in TF_CONFIG's "
                                    "\"cluster\" (kubeflow/training-operator PR #1146); Vertex AI "
                                    "and local runs leave them out"));
        }
        if (m_ti.hyperparameters) {
            warn(QStringLiteral("trainingInput.hyperparameters"),
                 KubeflowExport::tr("a TFJob or PyTorchJob runs one trial; tuning needs Katib "
                                    "around it; left out"));
        }

        const QJsonObject metadata =
            kubernetesMetadata(m_job, m_options.kubernetesNamespace, m_diags);
        warnUnsupportedFields(m_job, m_diags);
        const Framework framework = detectFramework(m_job, m_options.image);
        const Framework kindFramework = tf ? Framework::TensorFlow : Framework::PyTorch;
        if (framework != Framework::Unknown && framework != kindFramework) {
            warn(QStringLiteral("trainingInput.pythonModule"),
                 tf ? KubeflowExport::tr("the trainer looks like %1 (its image or imports), but a "
                                         "TFJob sets TF_CONFIG, not MASTER_ADDR, WORLD_SIZE and "
                                         "RANK: use --to trainjob or --to pytorchjob")
                          .arg(frameworkName(framework))
                    : KubeflowExport::tr("the trainer looks like %1 (its image or imports), but a "
                                         "PyTorchJob sets MASTER_ADDR, WORLD_SIZE and RANK, not "
                                         "TF_CONFIG: use --to tfjob")
                          .arg(frameworkName(framework)));
        }

        QJsonObject spec;
        spec.insert(tf ? QStringLiteral("tfReplicaSpecs") : QStringLiteral("pytorchReplicaSpecs"),
                    replicaSpecs);
        QJsonObject runPolicy;
        if (m_ti.scheduling && !m_ti.scheduling->maxRunningTime.isEmpty()) {
            if (const std::optional<qint64> seconds =
                    durationSeconds(m_ti.scheduling->maxRunningTime))
                runPolicy.insert(QStringLiteral("activeDeadlineSeconds"), double(*seconds));
        }
        // With parameter servers or evaluators the operator's default cleanPodPolicy (None)
        // leaves them running, holding their nodes, after the chief succeeds: they never exit
        // by themselves (kubeflow/trainer v1.9 pkg/apis/kubeflow.org/v1 common_types.go
        // CleanPodPolicy; the TFJob guide's "cleanPodPolicy: Running").
        if (replicaSpecs.contains(QStringLiteral("PS")) ||
            replicaSpecs.contains(QStringLiteral("Evaluator")))
            runPolicy.insert(QStringLiteral("cleanPodPolicy"), QStringLiteral("Running"));
        if (!runPolicy.isEmpty())
            spec.insert(QStringLiteral("runPolicy"), runPolicy);

        QJsonObject manifest;
        manifest.insert(QStringLiteral("apiVersion"), QStringLiteral("kubeflow.org/v1"));
        manifest.insert(QStringLiteral("kind"),
                        tf ? QStringLiteral("TFJob") : QStringLiteral("PyTorchJob"));
        manifest.insert(QStringLiteral("metadata"), metadata);
        manifest.insert(QStringLiteral("spec"), spec);
        return manifest;
    }

private:
    void report(Severity severity, const QString &field, const QString &message)
    {
        if (!m_diags)
            return;
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

    // The replica type of a pool; empty (with an error) when the kind has none for it.
    QString replicaType(Role role, const QString &primaryType)
    {
        if (m_options.kind == KubeflowKind::TFJob) {
            switch (role) {
            case Role::Master:
                return primaryType == QLatin1String("master") ? QStringLiteral("Master")
                                                              : QStringLiteral("Chief");
            case Role::Worker:
                return QStringLiteral("Worker");
            case Role::ParameterServer:
                return QStringLiteral("PS");
            case Role::Evaluator:
                return QStringLiteral("Evaluator");
            }
            return {};
        }
        switch (role) {
        case Role::Master:
            return QStringLiteral("Master");
        case Role::Worker:
            return QStringLiteral("Worker");
        case Role::ParameterServer:
        case Role::Evaluator:
            break;
        }
        error(QStringLiteral("trainingInput.") + roleKey(role) + QStringLiteral("Count"),
              KubeflowExport::tr("a PyTorchJob has only Master and Worker replicas; use --to "
                                 "tfjob, or set the count to 0"));
        return {};
    }

    QJsonObject container(Role role, const QJsonObject &pool)
    {
        const bool tf = m_options.kind == KubeflowKind::TFJob;
        QJsonObject c;
        c.insert(QStringLiteral("name"),
                 tf ? QStringLiteral("tensorflow") : QStringLiteral("pytorch"));

        const QJsonObject containerSpec = pool.value(QStringLiteral("containerSpec")).toObject();
        const QJsonObject python = pool.value(QStringLiteral("pythonPackageSpec")).toObject();
        QString image = m_options.image;
        QJsonArray command;
        QJsonArray args;
        if (!containerSpec.isEmpty()) {
            if (image.isEmpty())
                image = containerSpec.value(QStringLiteral("imageUri")).toString();
            command = containerSpec.value(QStringLiteral("command")).toArray();
            args = containerSpec.value(QStringLiteral("args")).toArray();
        } else {
            // Not the Vertex AI pre-built image (executorImageUri): Vertex installs the packages
            // into it at start-up, the Training Operator installs nothing.
            command = QJsonArray{QStringLiteral("python3"), QStringLiteral("-m"),
                                 python.value(QStringLiteral("pythonModule")).toString()};
            args = python.value(QStringLiteral("args")).toArray();
            if (!m_reportedPackages && !m_ti.packageUris.isEmpty()) {
                m_reportedPackages = true;
                warn(QStringLiteral("trainingInput.packageUris"),
                     KubeflowExport::tr("the Training Operator installs no packages: the image "
                                        "must already hold the trainer package"));
            }
        }
        if (image.isEmpty() && !m_reportedImage) {
            m_reportedImage = true;
            error(containerSpec.isEmpty() ? QStringLiteral("trainingInput.packageUris")
                                          : roleField(role) + QStringLiteral(".imageUri"),
                  KubeflowExport::tr("no container image: give --image IMAGE, an image that holds "
                                     "the trainer package (Vertex AI installs the package into its "
                                     "pre-built image at start-up; the Training Operator installs "
                                     "nothing)"));
        }
        c.insert(QStringLiteral("image"), image);
        if (!command.isEmpty())
            c.insert(QStringLiteral("command"), command);
        if (!args.isEmpty())
            c.insert(QStringLiteral("args"), args);

        if (!m_environment)
            m_environment = containerEnvironment(m_job, m_diags);
        const QJsonArray &env = *m_environment;
        if (!env.isEmpty())
            c.insert(QStringLiteral("env"), env);

        // The operator reads the port by name from this container (GetPortFromTFJob,
        // getPortFromPyTorchJob); a PyTorchJob master without it is refused.
        c.insert(QStringLiteral("ports"),
                 QJsonArray{QJsonObject{
                     {QStringLiteral("name"),
                      tf ? QStringLiteral("tfjob-port") : QStringLiteral("pytorchjob-port")},
                     {QStringLiteral("containerPort"), tf ? tfDefaultPort : pytorchDefaultPort}}});

        const QJsonObject machine = pool.value(QStringLiteral("machineSpec")).toObject();
        const QString acceleratorType = machine.value(QStringLiteral("acceleratorType")).toString();
        const int acceleratorCount = machine.value(QStringLiteral("acceleratorCount")).toInt();
        const catalog::MachineType *machineType =
            m_catalog.machineType(machine.value(QStringLiteral("machineType")).toString());
        const catalog::AcceleratorType *accelerator = m_catalog.accelerator(acceleratorType);
        if ((accelerator && accelerator->tpu) || (machineType && machineType->tpu) ||
            acceleratorType.startsWith(QLatin1String("TPU"))) {
            error(roleField(role) + QStringLiteral(".acceleratorConfig.type"),
                  KubeflowExport::tr("Cloud TPUs have no Kubernetes equivalent here"));
        }
        const QJsonObject resources = podResources(machine, m_catalog);
        if (!resources.isEmpty())
            c.insert(QStringLiteral("resources"), resources);
        if (acceleratorCount > 0 && acceleratorType.startsWith(QLatin1String("NVIDIA"))) {
            const QString label = gkeAcceleratorLabel(machine, m_catalog);
            if (label.isEmpty()) {
                warn(roleField(role) + QStringLiteral(".acceleratorConfig.type"),
                     KubeflowExport::tr("no GKE node label is known for %1: the pods ask for "
                                        "GPUs of any type")
                         .arg(acceleratorType));
            } else {
                m_nodeSelector =
                    QJsonObject{{QStringLiteral("cloud.google.com/gke-accelerator"), label}};
            }
        }
        return c;
    }

    static std::optional<qint64> durationSeconds(const QString &text)
    {
        static const QRegularExpression re(QStringLiteral("^(\\d+)(?:\\.\\d+)?s$"));
        const QRegularExpressionMatch m = re.match(text.trimmed());
        if (!m.hasMatch())
            return std::nullopt;
        return m.captured(1).toLongLong();
    }

    const Job &m_job;
    const TrainingInput &m_ti;
    const catalog::Catalog &m_catalog;
    const KubeflowOptions &m_options;
    Diagnostics *m_diags;
    bool m_reportedImage = false;
    bool m_reportedPackages = false;
    std::optional<QJsonArray> m_environment; // the same for every replica
    QJsonObject m_nodeSelector;              // of the pool being built
};

void emitString(YAML::Emitter &out, const QString &value)
{
    jobspec::yaml::emitString(out, value);
}

void emitValue(YAML::Emitter &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        out << YAML::BeginMap;
        // apiVersion, kind, metadata, spec: alphabetical order is also kubectl's order.
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            out << YAML::Key;
            emitString(out, it.key());
            out << YAML::Value;
            emitValue(out, it.value());
        }
        out << YAML::EndMap;
        break;
    }
    case QJsonValue::Array: {
        out << YAML::BeginSeq;
        const QJsonArray items = value.toArray();
        for (const auto &item : items)
            emitValue(out, item);
        out << YAML::EndSeq;
        break;
    }
    case QJsonValue::Double: {
        const double d = value.toDouble();
        if (std::floor(d) == d && std::fabs(d) < 9e15)
            out << QString::number(qint64(d)).toStdString();
        else
            out << yaml::formatDouble(d).toStdString();
        break;
    }
    case QJsonValue::Bool:
        out << (value.toBool() ? "true" : "false");
        break;
    case QJsonValue::String:
        emitString(out, value.toString());
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out << YAML::Null;
        break;
    }
}

} // namespace

QJsonObject kubeflowManifest(const Job &job, const catalog::Catalog &catalog,
                             const KubeflowOptions &options, Diagnostics *diagnostics)
{
    return Builder(job, catalog, options, diagnostics).build();
}

QByteArray jsonToYaml(const QJsonObject &object)
{
    YAML::Emitter out;
    out.SetIndent(2);
    out.SetSeqFormat(YAML::Block);
    out.SetMapFormat(YAML::Block);
    emitValue(out, object);
    QByteArray text(out.c_str(), qsizetype(out.size()));
    if (!text.endsWith('\n'))
        text.append('\n');
    return text;
}

QByteArray kubeflowManifestYaml(const Job &job, const catalog::Catalog &catalog,
                                const KubeflowOptions &options, Diagnostics *diagnostics)
{
    return jsonToYaml(kubeflowManifest(job, catalog, options, diagnostics));
}

} // namespace trainyard::exporters
