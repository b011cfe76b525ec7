// SPDX-License-Identifier: MIT
// Kubeflow Trainer v2 TrainJob manifests (trainjob.h).
#include "export/trainjob.h"

#include "export/kubeflow.h"
#include "export/vertex.h"
#include "service/layout.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>
#include <optional>

namespace trainyard::exporters {

using namespace trainyard::jobspec;

namespace {

class TrainJobExport
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::TrainJobExport)
};

const QString defaultRuntime = QStringLiteral("torch-distributed");
// The trainer group's replicated job and container in Kubeflow's runtimes (constants.Node).
const QString trainerNode = QStringLiteral("node");
constexpr int tfPort = 2222;

// constants.TorchRunReservedEnvNames (pkg/constants/constants.go): the torch plugin refuses a
// TrainJob that sets any of them.
const QStringList &reservedTorchEnv()
{
    static const QStringList names = {
        QStringLiteral("PET_NNODES"), QStringLiteral("PET_NPROC_PER_NODE"),
        QStringLiteral("PET_NODE_RANK"), QStringLiteral("PET_MASTER_ADDR"),
        QStringLiteral("PET_MASTER_PORT")};
    return names;
}

// Sets TF_CONFIG from the node's index, then runs the rest of argv. No shell: user arguments
// stay argv.
const QString tfConfigWiring = QStringLiteral(
    "import json, os, sys; e = os.environ; n = int(e['TRAINYARD_NUM_NODES']); "
    "job = e['TRAINYARD_JOB_NAME']; p = e['TRAINYARD_PRIMARY']; i = "
    "int(e['JOB_COMPLETION_INDEX']); "
    "h = ['%s-node-0-%d.%s:%s' % (job, k, job, e['TRAINYARD_TF_PORT']) for k in range(n)]; "
    "c = dict([(p, h[:1])] + ([('worker', h[1:])] if n > 1 else [])); "
    "t = {'type': p, 'index': 0} if i == 0 else {'type': 'worker', 'index': i - 1}; "
    "e['TF_CONFIG'] = json.dumps({'cluster': c, 'task': t, 'job': {}, 'environment': 'cloud'}); "
    "os.execvp(sys.argv[1], sys.argv[1:])");

int versionIndex(const QString &version)
{
    return int(trainerVersions().indexOf(version)); // -1: none given
}

class Builder
{
public:
    Builder(const Job &job, const catalog::Catalog &catalog, const TrainJobOptions &options,
            Diagnostics *diags)
        : m_job(job)
        , m_ti(job.trainingInput)
        , m_catalog(catalog)
        , m_options(options)
        , m_diags(diags)
        , m_version(versionIndex(options.trainerVersion))
    {}

    QJsonObject build()
    {
        Diagnostics vertexDiags; // about Vertex AI; not ours to repeat
        const QJsonObject customJob = vertexCustomJob(m_job, m_catalog, &vertexDiags);
        const QJsonArray pools = customJob.value(QStringLiteral("jobSpec"))
                                     .toObject()
                                     .value(QStringLiteral("workerPoolSpecs"))
                                     .toArray();
        const QJsonObject master = pools.isEmpty() ? QJsonObject() : pools.at(0).toObject();
        const QJsonObject workers = pools.size() > 1 ? pools.at(1).toObject() : QJsonObject();
        const qint64 workerCount = replicaCount(workers);
        refuseOtherPools(pools);
        if (workerCount > 0)
            checkSameNodes(master, workers);

        const QString name = kubernetesName(m_job.jobId);
        const QString image = imageOf(master);
        const Framework framework = detectFramework(m_job, image);
        const QString runtime = m_options.runtime.isEmpty() ? defaultRuntime : m_options.runtime;
        const bool tensorflow = framework == Framework::TensorFlow;
        if (tensorflow && runtime.startsWith(QLatin1String("torch"))) {
            error(QStringLiteral("trainingInput.pythonModule"),
                  TrainJobExport::tr("the trainer is TensorFlow (its image or imports), and "
                                     "Kubeflow Trainer v2 has no TensorFlow runtime (kubeflow/"
                                     "trainer #2699): name a plain runtime of your cluster with "
                                     "--runtime NAME (TF_CONFIG is then set from each node's "
                                     "index), or use the legacy --to tfjob"));
        }
        if (!tensorflow)
            refuseReservedEnv();

        QJsonObject trainer;
        trainer.insert(QStringLiteral("image"), image);
        QJsonArray command;
        QJsonArray args;
        commandOf(master, tensorflow, &command, &args);
        trainer.insert(QStringLiteral("command"), command);
        if (!args.isEmpty())
            trainer.insert(QStringLiteral("args"), args);
        QJsonArray env = containerEnvironment(m_job, m_diags);
        if (tensorflow) {
            const QString primary = service::primaryTaskType(m_ti, 0, service::LayoutOptions{});
            env.append(envVar(QStringLiteral("TRAINYARD_JOB_NAME"), name));
            env.append(
                envVar(QStringLiteral("TRAINYARD_NUM_NODES"), QString::number(1 + workerCount)));
            env.append(envVar(QStringLiteral("TRAINYARD_PRIMARY"), primary));
            env.append(envVar(QStringLiteral("TRAINYARD_TF_PORT"), QString::number(tfPort)));
        }
        if (!env.isEmpty())
            trainer.insert(QStringLiteral("env"), env);
        trainer.insert(QStringLiteral("numNodes"), double(1 + workerCount));
        trainer.insert(QStringLiteral("numProcPerNode"), 1);
        const QJsonObject machine = master.value(QStringLiteral("machineSpec")).toObject();
        checkAccelerator(machine);
        const QJsonObject resources = podResources(machine, m_catalog);
        if (!resources.isEmpty())
            trainer.insert(QStringLiteral("resourcesPerNode"), resources);

        QJsonObject spec;
        spec.insert(
            QStringLiteral("runtimeRef"),
            QJsonObject{{QStringLiteral("name"), runtime},
                        {QStringLiteral("apiGroup"), QStringLiteral("trainer.kubeflow.org")},
                        {QStringLiteral("kind"), QStringLiteral("ClusterTrainingRuntime")}});
        spec.insert(QStringLiteral("trainer"), trainer);
        addNodeSelector(spec, machine);
        addDeadline(spec);

        if (m_ti.hyperparameters) {
            warn(QStringLiteral("trainingInput.hyperparameters"),
                 TrainJobExport::tr("a TrainJob runs one trial; tuning needs Katib (an "
                                    "OptimizationJob) around it; left out"));
        }
        warnUnsupportedFields(m_job, m_diags);

        const QJsonObject metadata =
            kubernetesMetadata(m_job, m_options.kubernetesNamespace, m_diags);

        return QJsonObject{
            {QStringLiteral("apiVersion"), QStringLiteral("trainer.kubeflow.org/v1alpha1")},
            {QStringLiteral("kind"), QStringLiteral("TrainJob")},
            {QStringLiteral("metadata"), metadata},
            {QStringLiteral("spec"), spec}};
    }

private:
    void warn(const QString &field, const QString &message)
    {
        addDiagnostic(m_diags, Severity::Warning, field, message);
    }
    void error(const QString &field, const QString &message)
    {
        addDiagnostic(m_diags, Severity::Error, field, message);
    }

    static QJsonObject envVar(const QString &name, const QString &value)
    {
        return QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("value"), value}};
    }

    static qint64 replicaCount(const QJsonObject &pool)
    {
        if (pool.isEmpty())
            return 0;
        return pool.value(QStringLiteral("replicaCount"))
            .toString(QStringLiteral("1"))
            .toLongLong();
    }

    void refuseOtherPools(const QJsonArray &pools)
    {
        static const std::array<Role, 2> others = {Role::ParameterServer, Role::Evaluator};
        for (std::size_t i = 0; i < others.size(); ++i) {
            const qint64 count = replicaCount(pools.at(qsizetype(i) + 2).toObject());
            if (count <= 0)
                continue;
            const Role role = others.at(i);
            error(QStringLiteral("trainingInput.") + roleKey(role) + QStringLiteral("Count"),
                  role == Role::ParameterServer
                      ? TrainJobExport::tr("a TrainJob's nodes are all alike; %n parameter "
                                           "server(s) have no place in it: use the legacy --to "
                                           "tfjob, or set the count to 0",
                                           nullptr, int(count))
                      : TrainJobExport::tr("a TrainJob's nodes are all alike; %n evaluator(s) "
                                           "have no place in it: use the legacy --to tfjob, or "
                                           "set the count to 0",
                                           nullptr, int(count)));
        }
    }

    // The nodes share one image and one resourcesPerNode: the workers must be the master's twins.
    void checkSameNodes(const QJsonObject &master, const QJsonObject &workers)
    {
        const QJsonObject a = master.value(QStringLiteral("machineSpec")).toObject();
        const QJsonObject b = workers.value(QStringLiteral("machineSpec")).toObject();
        if (a != b) {
            auto shape = [](const QJsonObject &m) {
                const int gpus = m.value(QStringLiteral("acceleratorCount")).toInt();
                QString text = m.value(QStringLiteral("machineType")).toString();
                if (gpus > 0)
                    text += QStringLiteral(" + %1 × %2")
                                .arg(gpus)
                                .arg(m.value(QStringLiteral("acceleratorType")).toString());
                return text;
            };
            error(QStringLiteral("trainingInput.workerType"),
                  TrainJobExport::tr("the master runs on %1 and the workers on %2; a TrainJob's "
                                     "nodes share one resourcesPerNode: give both the same "
                                     "machine type and GPUs, or use the legacy --to pytorchjob")
                      .arg(shape(a), shape(b)));
        }
        const QString masterImage = m_ti.master.config.imageUri;
        const QString workerImage = m_ti.worker.config.imageUri;
        if (m_options.image.isEmpty() && !workerImage.isEmpty() && workerImage != masterImage) {
            error(QStringLiteral("trainingInput.workerConfig.imageUri"),
                  TrainJobExport::tr("the workers' image %1 differs from the master's %2; a "
                                     "TrainJob's nodes run one image (or give --image)")
                      .arg(workerImage,
                           masterImage.isEmpty() ? TrainJobExport::tr("(none)") : masterImage));
        }
    }

    void refuseReservedEnv()
    {
        for (const EnvVar &var : m_job.local.env) {
            if (reservedTorchEnv().contains(var.name)) {
                error(QStringLiteral("trainyardLocal.env.") + var.name,
                      TrainJobExport::tr("%1 is set by the torch runtime (with PET_NNODES, "
                                         "PET_NPROC_PER_NODE, PET_NODE_RANK, PET_MASTER_ADDR, "
                                         "PET_MASTER_PORT); a TrainJob that sets it is refused")
                          .arg(var.name));
            }
        }
    }

    QString imageOf(const QJsonObject &master)
    {
        QString image = m_options.image;
        const QJsonObject container = master.value(QStringLiteral("containerSpec")).toObject();
        if (image.isEmpty())
            image = container.value(QStringLiteral("imageUri")).toString();
        if (image.isEmpty()) {
            error(container.isEmpty() ? QStringLiteral("trainingInput.packageUris")
                                      : QStringLiteral("trainingInput.masterConfig.imageUri"),
                  TrainJobExport::tr("no container image: give --image IMAGE, an image that "
                                     "holds the trainer package (the runtime installs nothing)"));
        } else if (container.isEmpty() && !m_ti.packageUris.isEmpty()) {
            warn(QStringLiteral("trainingInput.packageUris"),
                 TrainJobExport::tr("the runtime installs no packages: the image must already "
                                    "hold the trainer package"));
        }
        return image;
    }

    void commandOf(const QJsonObject &master, bool tensorflow, QJsonArray *command,
                   QJsonArray *args)
    {
        const QJsonObject container = master.value(QStringLiteral("containerSpec")).toObject();
        const QJsonObject python = master.value(QStringLiteral("pythonPackageSpec")).toObject();
        QJsonArray run;
        if (!container.isEmpty()) {
            run = container.value(QStringLiteral("command")).toArray();
            *args = container.value(QStringLiteral("args")).toArray();
            if (run.isEmpty()) {
                error(QStringLiteral("trainingInput.masterConfig.containerCommand"),
                      TrainJobExport::tr("a TrainJob needs the container's command: the runtime "
                                         "replaces the image's entrypoint"));
            } else if (!tensorflow && run.at(0).toString() != QLatin1String("torchrun")) {
                warn(QStringLiteral("trainingInput.masterConfig.containerCommand"),
                     TrainJobExport::tr("the torch runtime sets only PET_NNODES, PET_NODE_RANK, "
                                        "PET_MASTER_ADDR and PET_MASTER_PORT, which torchrun "
                                        "reads: the command should start torchrun"));
            }
        } else {
            const QString module = python.value(QStringLiteral("pythonModule")).toString();
            run = tensorflow ? QJsonArray{QStringLiteral("python3"), QStringLiteral("-m"), module}
                             : QJsonArray{QStringLiteral("torchrun"), QStringLiteral("-m"), module};
            *args = python.value(QStringLiteral("args")).toArray();
        }
        if (tensorflow) {
            *command = QJsonArray{QStringLiteral("python3"), QStringLiteral("-c"), tfConfigWiring};
            for (const auto &word : std::as_const(run))
                command->append(word);
        } else {
            *command = run;
        }
    }

    void checkAccelerator(const QJsonObject &machine)
    {
        const QString type = machine.value(QStringLiteral("acceleratorType")).toString();
        const catalog::AcceleratorType *accelerator = m_catalog.accelerator(type);
        const catalog::MachineType *machineType =
            m_catalog.machineType(machine.value(QStringLiteral("machineType")).toString());
        if ((accelerator && accelerator->tpu) || (machineType && machineType->tpu) ||
            type.startsWith(QLatin1String("TPU"))) {
            error(QStringLiteral("trainingInput.masterConfig.acceleratorConfig.type"),
                  TrainJobExport::tr("Cloud TPUs have no Kubernetes equivalent here"));
        }
    }

    void addNodeSelector(QJsonObject &spec, const QJsonObject &machine)
    {
        if (machine.value(QStringLiteral("acceleratorCount")).toInt() <= 0)
            return;
        const QString type = machine.value(QStringLiteral("acceleratorType")).toString();
        const QString label = gkeAcceleratorLabel(machine, m_catalog);
        const QString field = QStringLiteral("trainingInput.masterConfig.acceleratorConfig.type");
        if (label.isEmpty()) {
            warn(field, TrainJobExport::tr("no GKE node label is known for %1: the nodes ask "
                                           "for GPUs of any type")
                            .arg(type));
            return;
        }
        const QJsonObject selector{{QStringLiteral("cloud.google.com/gke-accelerator"), label}};
        const QJsonArray targetJobs{QJsonObject{{QStringLiteral("name"), trainerNode}}};
        switch (m_version) {
        case -1:
            warn(field, TrainJobExport::tr("the GPU type is not selected (any GPU node will do): "
                                           "--trainer-version 2.0 or later adds the node "
                                           "selector cloud.google.com/gke-accelerator: %1 in "
                                           "that version's own field")
                            .arg(label));
            return;
        case 0: // 2.0: podSpecOverrides
            spec.insert(QStringLiteral("podSpecOverrides"),
                        QJsonArray{QJsonObject{{QStringLiteral("targetJobs"), targetJobs},
                                               {QStringLiteral("nodeSelector"), selector}}});
            return;
        case 1: // 2.1: podTemplateOverrides
            spec.insert(
                QStringLiteral("podTemplateOverrides"),
                QJsonArray{QJsonObject{{QStringLiteral("targetJobs"), targetJobs},
                                       {QStringLiteral("spec"),
                                        QJsonObject{{QStringLiteral("nodeSelector"), selector}}}}});
            return;
        default: { // 2.2 and later: runtimePatches
            const QJsonObject podSpec{{QStringLiteral("nodeSelector"), selector}};
            const QJsonObject replicatedJob{
                {QStringLiteral("name"), trainerNode},
                {QStringLiteral("template"),
                 QJsonObject{{QStringLiteral("spec"),
                              QJsonObject{{QStringLiteral("template"),
                                           QJsonObject{{QStringLiteral("spec"), podSpec}}}}}}}};
            spec.insert(
                QStringLiteral("runtimePatches"),
                QJsonArray{QJsonObject{
                    {QStringLiteral("manager"), QStringLiteral("trainyard")},
                    {QStringLiteral("trainingRuntimeSpec"),
                     QJsonObject{{QStringLiteral("template"),
                                  QJsonObject{{QStringLiteral("spec"),
                                               QJsonObject{{QStringLiteral("replicatedJobs"),
                                                            QJsonArray{replicatedJob}}}}}}}}}});
            return;
        }
        }
    }

    void addDeadline(QJsonObject &spec)
    {
        if (!m_ti.scheduling || m_ti.scheduling->maxRunningTime.isEmpty())
            return;
        static const QRegularExpression re(QStringLiteral("^(\\d+)(?:\\.\\d+)?s$"));
        const QRegularExpressionMatch m = re.match(m_ti.scheduling->maxRunningTime.trimmed());
        const qint64 seconds = m.hasMatch() ? m.captured(1).toLongLong() : 0;
        if (seconds <= 0)
            return;
        if (m_version >= 2) {
            spec.insert(QStringLiteral("activeDeadlineSeconds"), double(seconds));
            return;
        }
        warn(QStringLiteral("trainingInput.scheduling.maxRunningTime"),
             TrainJobExport::tr("activeDeadlineSeconds exists from Kubeflow Trainer 2.2 "
                                "(--trainer-version 2.2); the time limit is left out"));
    }

    const Job &m_job;
    const TrainingInput &m_ti;
    const catalog::Catalog &m_catalog;
    const TrainJobOptions &m_options;
    Diagnostics *m_diags;
    int m_version; // index into trainerVersions(); -1: none given
};

} // namespace

const QStringList &trainerVersions()
{
    static const QStringList versions = {QStringLiteral("2.0"), QStringLiteral("2.1"),
                                         QStringLiteral("2.2"), QStringLiteral("2.3")};
    return versions;
}

QJsonObject trainJobManifest(const Job &job, const catalog::Catalog &catalog,
                             const TrainJobOptions &options, Diagnostics *diagnostics)
{
    return Builder(job, catalog, options, diagnostics).build();
}

QByteArray trainJobManifestYaml(const Job &job, const catalog::Catalog &catalog,
                                const TrainJobOptions &options, Diagnostics *diagnostics)
{
    return jsonToYaml(trainJobManifest(job, catalog, options, diagnostics));
}

} // namespace trainyard::exporters
