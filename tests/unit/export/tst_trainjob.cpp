// SPDX-License-Identifier: MIT
// Kubeflow Trainer v2 TrainJob export: the manifest read back with yaml-cpp, every refusal and
// warning, the fields of each Trainer version, and the TF_CONFIG a plain runtime's pods get from
// the written-out wiring, run with the real python3 and compared with the local executor's.
#include "catalog/catalog.h"
#include "common/referencejob.h"
#include "export/trainjob.h"
#include "service/layout.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <yaml-cpp/yaml.h>

using namespace trainyard;
using namespace trainyard::jobspec;
using namespace trainyard::exporters;

namespace {

const QString image = QStringLiteral("us-docker.pkg.dev/p/trainers/torch-trainer:1");

YAML::Node parse(const QByteArray &text)
{
    return YAML::Load(text.toStdString());
}

QString str(const YAML::Node &node)
{
    return QString::fromStdString(node.as<std::string>());
}

const Diagnostic *find(const Diagnostics &diags, const QString &field, Severity severity)
{
    for (const Diagnostic &d : diags) {
        if (d.field == field && d.severity == severity)
            return &d;
    }
    return nullptr;
}

// A master + 2 workers PyTorch job on n1-standard-8 with one T4 each.
Job torchJob()
{
    Job job;
    job.jobId = QStringLiteral("ddp_run_1");
    job.labels = {{QStringLiteral("team"), QStringLiteral("vision")}};
    TrainingInput &ti = job.trainingInput;
    ti.scaleTier = QStringLiteral("CUSTOM");
    ti.region = QStringLiteral("us-central1");
    ti.packageUris = {QStringLiteral("gs://b/trainer-0.1.tar.gz")};
    ti.pythonModule = QStringLiteral("trainer.task");
    ti.args = {QStringLiteral("--epochs"), QStringLiteral("3")};
    ti.jobDir = QStringLiteral("gs://b/jobs/ddp_run_1");
    const AcceleratorConfig t4{1, QStringLiteral("NVIDIA_TESLA_T4")};
    ti.master.type = QStringLiteral("n1-standard-8");
    ti.master.config.acceleratorConfig = t4;
    ti.worker.type = QStringLiteral("n1-standard-8");
    ti.worker.count = 2;
    ti.worker.config.acceleratorConfig = t4;
    ti.scheduling = Scheduling{QStringLiteral("3600s"), QString(), std::nullopt, std::nullopt};
    job.local.packagePath =
        QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/torch_ddp/trainer");
    return job;
}

YAML::Node exportYaml(const Job &job, const TrainJobOptions &options, Diagnostics *diags = nullptr)
{
    return parse(trainJobManifestYaml(job, catalog::Catalog::builtIn(), options, diags));
}

TrainJobOptions withImage()
{
    TrainJobOptions options;
    options.image = image;
    return options;
}

QProcess *runCli(const QStringList &args)
{
    auto *p = new QProcess;
    p->start(QStringLiteral(TRAINYARD_BINARY), args);
    p->waitForFinished(60000);
    return p;
}

} // namespace

class TestTrainJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void torchJobIsATrainJob();
    void otherRuntime();
    void parameterServersAndEvaluatorsAreRefused();
    void differentNodesAreRefused();
    void reservedPetVariablesAreRefused();
    void packageSpecNeedsAnImage();
    void tensorflowNeedsAPlainRuntime();
    void tensorflowWiringMatchesTheLocalExecutor_data();
    void tensorflowWiringMatchesTheLocalExecutor();
    void versionSpecificFields_data();
    void versionSpecificFields();
    void hyperparametersAreWarned();
    void cli();
};

void TestTrainJob::torchJobIsATrainJob()
{
    Diagnostics diags;
    const YAML::Node m = exportYaml(torchJob(), withImage(), &diags);
    QCOMPARE(str(m["apiVersion"]), QStringLiteral("trainer.kubeflow.org/v1alpha1"));
    QCOMPARE(str(m["kind"]), QStringLiteral("TrainJob"));
    QCOMPARE(str(m["metadata"]["name"]), QStringLiteral("ddp-run-1"));
    QCOMPARE(str(m["metadata"]["labels"]["team"]), QStringLiteral("vision"));
    QCOMPARE(str(m["spec"]["runtimeRef"]["name"]), QStringLiteral("torch-distributed"));
    const YAML::Node t = m["spec"]["trainer"];
    QCOMPARE(str(t["image"]), image);
    QCOMPARE(t["numNodes"].as<int>(), 3);
    QCOMPARE(t["numProcPerNode"].as<int>(), 1);
    QCOMPARE(t["command"].as<std::vector<std::string>>(),
             (std::vector<std::string>{"torchrun", "-m", "trainer.task"}));
    QCOMPARE(t["args"].as<std::vector<std::string>>(), (std::vector<std::string>{"--epochs", "3"}));
    QCOMPARE(str(t["resourcesPerNode"]["requests"]["cpu"]), QStringLiteral("8"));
    QCOMPARE(str(t["resourcesPerNode"]["requests"]["memory"]), QStringLiteral("30Gi"));
    QCOMPARE(t["resourcesPerNode"]["limits"]["nvidia.com/gpu"].as<int>(), 1);
    QCOMPARE(str(t["env"][0]["name"]), QStringLiteral("AIP_MODEL_DIR"));
    for (const YAML::Node &env : t["env"])
        QVERIFY(str(env["name"]) != QLatin1String("TF_CONFIG"));
    QVERIFY(!hasErrors(diags));
    // Without --trainer-version the manifest holds only fields of every version, and says what
    // it left out.
    QVERIFY(!m["spec"]["activeDeadlineSeconds"]);
    QVERIFY(
        find(diags, QStringLiteral("trainingInput.scheduling.maxRunningTime"), Severity::Warning));
    QVERIFY(find(diags, QStringLiteral("trainingInput.masterConfig.acceleratorConfig.type"),
                 Severity::Warning));
}

void TestTrainJob::otherRuntime()
{
    TrainJobOptions options = withImage();
    options.runtime = QStringLiteral("torch-cuda-128");
    QCOMPARE(str(exportYaml(torchJob(), options)["spec"]["runtimeRef"]["name"]),
             QStringLiteral("torch-cuda-128"));
}

void TestTrainJob::parameterServersAndEvaluatorsAreRefused()
{
    Job job = torchJob();
    job.trainingInput.parameterServer.type = QStringLiteral("n1-standard-8");
    job.trainingInput.parameterServer.count = 2;
    job.trainingInput.evaluator.type = QStringLiteral("n1-standard-8");
    job.trainingInput.evaluator.count = 1;
    Diagnostics diags;
    exportYaml(job, withImage(), &diags);
    const Diagnostic *ps =
        find(diags, QStringLiteral("trainingInput.parameterServerCount"), Severity::Error);
    QVERIFY(ps);
    QVERIFY(ps->message.contains(QLatin1String("--to tfjob")));
    QVERIFY(find(diags, QStringLiteral("trainingInput.evaluatorCount"), Severity::Error));
}

void TestTrainJob::differentNodesAreRefused()
{
    Job job = torchJob();
    job.trainingInput.worker.type = QStringLiteral("n1-standard-16");
    Diagnostics diags;
    exportYaml(job, withImage(), &diags);
    const Diagnostic *d = find(diags, QStringLiteral("trainingInput.workerType"), Severity::Error);
    QVERIFY(d);
    QVERIFY(d->message.contains(QLatin1String("n1-standard-16")));

    Job images = torchJob();
    images.trainingInput.master.config.imageUri = QStringLiteral("gcr.io/p/a:1");
    images.trainingInput.worker.config.imageUri = QStringLiteral("gcr.io/p/b:1");
    Diagnostics imageDiags;
    exportYaml(images, TrainJobOptions{}, &imageDiags);
    QVERIFY(
        find(imageDiags, QStringLiteral("trainingInput.workerConfig.imageUri"), Severity::Error));
}

void TestTrainJob::reservedPetVariablesAreRefused()
{
    Job job = torchJob();
    job.local.env = {EnvVar{QStringLiteral("PET_MASTER_PORT"), QStringLiteral("29500"), QString()},
                     EnvVar{QStringLiteral("NCCL_DEBUG"), QStringLiteral("INFO"), QString()}};
    Diagnostics diags;
    exportYaml(job, withImage(), &diags);
    QVERIFY(find(diags, QStringLiteral("trainyardLocal.env.PET_MASTER_PORT"), Severity::Error));
    QVERIFY(!find(diags, QStringLiteral("trainyardLocal.env.NCCL_DEBUG"), Severity::Error));
}

void TestTrainJob::packageSpecNeedsAnImage()
{
    Diagnostics diags;
    exportYaml(torchJob(), TrainJobOptions{}, &diags);
    const Diagnostic *d = find(diags, QStringLiteral("trainingInput.packageUris"), Severity::Error);
    QVERIFY(d);
    QVERIFY(d->message.contains(QLatin1String("--image")));
}

void TestTrainJob::tensorflowNeedsAPlainRuntime()
{
    Job job = torchJob();
    job.local.packagePath.clear();
    TrainJobOptions options;
    options.image = QStringLiteral("tensorflow/tensorflow:2.15.0-gpu");
    Diagnostics refused;
    exportYaml(job, options, &refused);
    const Diagnostic *d =
        find(refused, QStringLiteral("trainingInput.pythonModule"), Severity::Error);
    QVERIFY(d);
    QVERIFY(d->message.contains(QLatin1String("--runtime")));

    options.runtime = QStringLiteral("tf-plain");
    Diagnostics diags;
    const YAML::Node m = exportYaml(job, options, &diags);
    QVERIFY(!hasErrors(diags));
    const auto command = m["spec"]["trainer"]["command"].as<std::vector<std::string>>();
    QCOMPARE(command.at(0), std::string("python3"));
    QCOMPARE(command.at(1), std::string("-c"));
    QCOMPARE((std::vector<std::string>(command.begin() + 3, command.end())),
             (std::vector<std::string>{"python3", "-m", "trainer.task"}));
}

void TestTrainJob::tensorflowWiringMatchesTheLocalExecutor_data()
{
    QTest::addColumn<int>("workers");
    QTest::newRow("master alone") << 0;
    QTest::newRow("master + 3 workers") << 3;
}

// Runs the exported command's TF_CONFIG wiring with python3 as each pod would (its index in
// JOB_COMPLETION_INDEX), and compares cluster and task with the local executor's TF_CONFIG.
void TestTrainJob::tensorflowWiringMatchesTheLocalExecutor()
{
    QFETCH(int, workers);
    Job job = torchJob();
    job.trainingInput.worker.count = workers;
    job.local.packagePath.clear();
    TrainJobOptions options;
    options.image = QStringLiteral("tensorflow/tensorflow:2.15.0-gpu");
    options.runtime = QStringLiteral("tf-plain");
    const YAML::Node m = exportYaml(job, options);
    const YAML::Node t = m["spec"]["trainer"];
    const std::string script = t["command"][2].as<std::string>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const YAML::Node &e : t["env"]) {
        if (e["value"])
            env.insert(str(e["name"]), str(e["value"]));
    }
    const int nodes = t["numNodes"].as<int>();
    QCOMPARE(nodes, 1 + workers);
    const service::LayoutResult planned =
        service::planLayout(job, catalog::Catalog::builtIn(), service::LayoutOptions{});
    QVERIFY(planned);
    const service::ClusterLayout &layout = planned.layout;
    for (int index = 0; index < nodes; ++index) {
        env.insert(QStringLiteral("JOB_COMPLETION_INDEX"), QString::number(index));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("python3"),
                {QStringLiteral("-c"), QString::fromStdString(script), QStringLiteral("python3"),
                 QStringLiteral("-c"),
                 QStringLiteral("import os; print(os.environ['TF_CONFIG'])")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject tf = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonObject task = tf.value(QStringLiteral("task")).toObject();
        const QJsonObject cluster = tf.value(QStringLiteral("cluster")).toObject();
        const service::Replica &slot = layout.replicas.at(index);
        QCOMPARE(task.value(QStringLiteral("type")).toString(), slot.taskType);
        QCOMPARE(task.value(QStringLiteral("index")).toInt(), slot.index);
        QCOMPARE(cluster.value(layout.primaryTaskType).toArray().size(), 1);
        QCOMPARE(cluster.value(QStringLiteral("worker")).toArray().size(), workers);
        QCOMPARE(cluster.value(layout.primaryTaskType).toArray().at(0).toString(),
                 QStringLiteral("ddp-run-1-node-0-0.ddp-run-1:2222"));
    }
}

void TestTrainJob::versionSpecificFields_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("selectorField");
    QTest::addColumn<bool>("deadline");
    QTest::newRow("2.0") << QStringLiteral("2.0") << QStringLiteral("podSpecOverrides") << false;
    QTest::newRow("2.1") << QStringLiteral("2.1") << QStringLiteral("podTemplateOverrides")
                         << false;
    QTest::newRow("2.2") << QStringLiteral("2.2") << QStringLiteral("runtimePatches") << true;
    QTest::newRow("2.3") << QStringLiteral("2.3") << QStringLiteral("runtimePatches") << true;
}

void TestTrainJob::versionSpecificFields()
{
    QFETCH(QString, version);
    QFETCH(QString, selectorField);
    QFETCH(bool, deadline);
    TrainJobOptions options = withImage();
    options.trainerVersion = version;
    Diagnostics diags;
    const YAML::Node spec = exportYaml(torchJob(), options, &diags)["spec"];
    QVERIFY(spec[selectorField.toStdString()]);
    const YAML::Node entry = spec[selectorField.toStdString()][0];
    YAML::Node selector;
    if (selectorField == QLatin1String("podSpecOverrides"))
        selector = entry["nodeSelector"];
    else if (selectorField == QLatin1String("podTemplateOverrides"))
        selector = entry["spec"]["nodeSelector"];
    else
        selector = entry["trainingRuntimeSpec"]["template"]["spec"]["replicatedJobs"][0]["template"]
                        ["spec"]["template"]["spec"]["nodeSelector"];
    QCOMPARE(str(selector["cloud.google.com/gke-accelerator"]), QStringLiteral("nvidia-tesla-t4"));
    QCOMPARE(bool(spec["activeDeadlineSeconds"]), deadline);
    if (deadline)
        QCOMPARE(spec["activeDeadlineSeconds"].as<int>(), 3600);
    QCOMPARE(bool(find(diags, QStringLiteral("trainingInput.scheduling.maxRunningTime"),
                       Severity::Warning)),
             !deadline);
}

void TestTrainJob::hyperparametersAreWarned()
{
    Job job = torchJob();
    job.trainingInput.hyperparameters = test::fullExampleJob().trainingInput.hyperparameters;
    Diagnostics diags;
    exportYaml(job, withImage(), &diags);
    const Diagnostic *d =
        find(diags, QStringLiteral("trainingInput.hyperparameters"), Severity::Warning);
    QVERIFY(d);
    QVERIFY(d->message.contains(QLatin1String("Katib")));
}

void TestTrainJob::cli()
{
    const QString config =
        QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/torch_ddp/config.yaml");
    std::unique_ptr<QProcess> ok(
        runCli({QStringLiteral("export"), QStringLiteral("--to"), QStringLiteral("trainjob"),
                QStringLiteral("--image"), image, QStringLiteral("--trainer-version"),
                QStringLiteral("2.3"), config}));
    QCOMPARE(ok->exitCode(), 0);
    const YAML::Node m = parse(ok->readAllStandardOutput());
    QCOMPARE(str(m["kind"]), QStringLiteral("TrainJob"));
    QCOMPARE(m["spec"]["trainer"]["numNodes"].as<int>(), 3);

    std::unique_ptr<QProcess> badVersion(
        runCli({QStringLiteral("export"), QStringLiteral("--to"), QStringLiteral("trainjob"),
                QStringLiteral("--image"), image, QStringLiteral("--trainer-version"),
                QStringLiteral("1.9"), config}));
    QCOMPARE(badVersion->exitCode(), 2);
    QVERIFY(badVersion->readAllStandardError().contains("2.0, 2.1, 2.2, 2.3"));

    std::unique_ptr<QProcess> runtimeForTfJob(
        runCli({QStringLiteral("export"), QStringLiteral("--to"), QStringLiteral("tfjob"),
                QStringLiteral("--image"), image, QStringLiteral("--runtime"), QStringLiteral("x"),
                config}));
    QCOMPARE(runtimeForTfJob->exitCode(), 2);

    std::unique_ptr<QProcess> badNamespace(
        runCli({QStringLiteral("export"), QStringLiteral("--to"), QStringLiteral("trainjob"),
                QStringLiteral("--image"), image, QStringLiteral("--namespace"),
                QStringLiteral("My_NS"), config}));
    QCOMPARE(badNamespace->exitCode(), 2);
    QVERIFY(badNamespace->readAllStandardOutput().isEmpty());
}

QTEST_GUILESS_MAIN(TestTrainJob)
#include "tst_trainjob.moc"
