// SPDX-License-Identifier: MIT
// Kubeflow Training Operator manifests: read back with yaml-cpp, replica types and counts, and
// the TF_CONFIG / PyTorch ranks the operator would derive from them (modelled on
// kubeflow/training-operator pkg/controller.v1/tensorflow/tensorflow.go genClusterSpec and
// util.go isDistributed, pytorch/envvar.go setPodEnv) compared with the local executor's layout.
#include "catalog/catalog.h"
#include "common/pyyaml.h"
#include "common/referencejob.h"
#include "export/kubeflow.h"
#include "jobspec/yamlemit.h"
#include "service/layout.h"
#include "service/tfconfig.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <map>
#include <yaml-cpp/yaml.h>

using namespace trainyard;
using namespace trainyard::jobspec;
using namespace trainyard::exporters;

namespace {

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

// What the operator computes for the pod <rtype, index>: TF_CONFIG's cluster (lower-case replica
// type -> "<name>-<type>-<i>.<ns>.svc:<port>", every replica type, evaluators included as in the
// current genClusterSpec) and task; nothing when the job has one replica in all.
struct OperatorTfConfig
{
    std::map<QString, QStringList> cluster;
    QString taskType;
    int taskIndex = 0;
    bool set = false;
};

OperatorTfConfig operatorTfConfig(const YAML::Node &manifest, const QString &rtype, int index)
{
    OperatorTfConfig out;
    const YAML::Node specs = manifest["spec"]["tfReplicaSpecs"];
    int total = 0;
    for (const auto &it : specs)
        total += it.second["replicas"].as<int>();
    if (total == 1)
        return out; // isDistributed() false: no TF_CONFIG
    const QString name = str(manifest["metadata"]["name"]);
    const QString ns = manifest["metadata"]["namespace"] ? str(manifest["metadata"]["namespace"])
                                                         : QStringLiteral("default");
    for (const auto &it : specs) {
        const QString rt = str(it.first).toLower();
        int port = 2222;
        for (const auto &c : it.second["template"]["spec"]["containers"]) {
            if (str(c["name"]) != QLatin1String("tensorflow"))
                continue;
            for (const auto &p : c["ports"]) {
                if (str(p["name"]) == QLatin1String("tfjob-port"))
                    port = p["containerPort"].as<int>();
            }
        }
        QStringList hosts;
        for (int i = 0; i < it.second["replicas"].as<int>(); ++i)
            hosts << QStringLiteral("%1-%2-%3.%4.svc:%5").arg(name, rt).arg(i).arg(ns).arg(port);
        out.cluster[rt] = hosts;
    }
    out.taskType = rtype.toLower();
    out.taskIndex = index;
    out.set = true;
    return out;
}

// The local executor's cluster as {task type -> replica count} and its replicas' tasks.
std::map<QString, int> localClusterShape(const service::ClusterLayout &layout)
{
    std::map<QString, int> shape;
    const QJsonObject cluster = layout.clusterJson();
    for (auto it = cluster.begin(); it != cluster.end(); ++it)
        shape[it.key()] = int(it.value().toArray().size());
    return shape;
}

service::ClusterLayout localLayout(const Job &job)
{
    service::LayoutOptions options; // Submit: the service's naming rules
    const service::LayoutResult result =
        service::planLayout(job, catalog::Catalog::builtIn(), options);
    if (!result)
        qFatal("layout failed: %s", qPrintable(result.error));
    return result.layout;
}

Job ddpJob()
{
    Job job;
    job.jobId = QStringLiteral("torch_ddp_example");
    TrainingInput &ti = job.trainingInput;
    ti.scaleTier = QStringLiteral("CUSTOM");
    ti.region = QStringLiteral("us-central1");
    ti.runtimeVersion = QStringLiteral("2.11");
    ti.pythonVersion = QStringLiteral("3.7");
    ti.packageUris = {QStringLiteral("gs://b/trainer-0.1.tar.gz")};
    ti.pythonModule = QStringLiteral("trainer.task");
    ti.args = {QStringLiteral("--epochs"), QStringLiteral("3")};
    ti.master.type = QStringLiteral("n1-standard-4");
    ti.worker.type = QStringLiteral("n1-standard-4");
    ti.worker.count = 2;
    return job;
}

const QString image = QStringLiteral("registry.example.com/trainer:1");

} // namespace

class TestKubeflow : public QObject
{
    Q_OBJECT

private slots:
    void unprintableCharactersReadBack_data();
    void unprintableCharactersReadBack();
    void tfJobFromTheFullExample();
    void tfConfigMatchesTheLocalExecutor_data();
    void tfConfigMatchesTheLocalExecutor();
    void predefinedTierCountsMatchTheLocalLayout();
    void evaluatorsDifferOnlyInTheCluster();
    void pytorchRanksMatchTheLocalExecutor();
    void pytorchRefusesParameterServers();
    void packageSpecNeedsAnImage();
    void containerSpecUsesItsImage();
    void tpuIsRefused();
    void secretsAreReferencesNotValues();
    void stringsReadBackAsStrings();
    void kubernetesNames();
    void distinctJobIdsStayDistinct();
    void labelsBecomeValidKubernetesLabels();
    void namespaceIsChecked();
    void cleanPodPolicyWithParameterServers();
    void fieldsWithoutCounterpartAreWarned();
    void gpuNodeSelectorAndRequests();
    void frameworkMismatchIsWarned();
    void cliExportsATfJob();
};

void TestKubeflow::tfJobFromTheFullExample()
{
    const Job job = test::fullExampleJob();
    KubeflowOptions options;
    options.image = image;
    options.kubernetesNamespace = QStringLiteral("ml");
    Diagnostics diags;
    const YAML::Node m =
        parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, &diags));

    QCOMPARE(str(m["apiVersion"]), QStringLiteral("kubeflow.org/v1"));
    QCOMPARE(str(m["kind"]), QStringLiteral("TFJob"));
    QCOMPARE(str(m["metadata"]["name"]), QStringLiteral("census-20240101-120000"));
    QCOMPARE(str(m["metadata"]["namespace"]), QStringLiteral("ml"));
    QCOMPARE(str(m["metadata"]["labels"]["owner"]), QStringLiteral("alice"));
    QCOMPARE(m["spec"]["runPolicy"]["activeDeadlineSeconds"].as<int>(), 7200);

    const YAML::Node specs = m["spec"]["tfReplicaSpecs"];
    QCOMPARE(int(specs.size()), 4);
    // Evaluators configured: the service names the primary "chief" (docs/service.md §6.1).
    QCOMPARE(specs["Chief"]["replicas"].as<int>(), 1);
    QCOMPARE(specs["Worker"]["replicas"].as<int>(), 9);
    QCOMPARE(specs["PS"]["replicas"].as<int>(), 3);
    QCOMPARE(specs["Evaluator"]["replicas"].as<int>(), 1);
    for (const auto &it : specs) {
        QCOMPARE(str(it.second["restartPolicy"]), QStringLiteral("Never"));
        const YAML::Node c = it.second["template"]["spec"]["containers"][0];
        QCOMPARE(str(c["name"]), QStringLiteral("tensorflow"));
        QCOMPARE(str(c["image"]), image);
        QCOMPARE(c["command"].as<std::vector<std::string>>(),
                 (std::vector<std::string>{"python3", "-m", "trainer.task"}));
        QCOMPARE(c["args"].as<std::vector<std::string>>(),
                 (std::vector<std::string>{"--epochs", "10"}));
        QCOMPARE(str(c["ports"][0]["name"]), QStringLiteral("tfjob-port"));
        QCOMPARE(c["ports"][0]["containerPort"].as<int>(), 2222);
        QCOMPARE(str(c["env"][0]["name"]), QStringLiteral("AIP_MODEL_DIR"));
        QCOMPARE(str(c["env"][0]["value"]),
                 QStringLiteral("gs://my-bucket/jobs/census_20240101_120000/model/"));
    }
    // 4 x T4 on the chief and the workers; none on the parameter servers.
    const auto gpus = [&](const char *type) {
        const YAML::Node c = specs[type]["template"]["spec"]["containers"][0];
        const YAML::Node resources = c["resources"];
        return resources && resources["limits"] ? resources["limits"]["nvidia.com/gpu"].as<int>()
                                                : 0;
    };
    QCOMPARE(gpus("Chief"), 4);
    QCOMPARE(gpus("Worker"), 4);
    QCOMPARE(gpus("PS"), 0);

    QVERIFY(!hasErrors(diags));
    QVERIFY(find(diags, QStringLiteral("trainingInput.hyperparameters"), Severity::Warning));
    QVERIFY(find(diags, QStringLiteral("trainingInput.evaluatorCount"), Severity::Warning));
    QVERIFY(find(diags, QStringLiteral("trainingInput.packageUris"), Severity::Warning));
    QVERIFY(find(diags, QStringLiteral("jobId"), Severity::Warning));
}

void TestKubeflow::tfConfigMatchesTheLocalExecutor_data()
{
    QTest::addColumn<QString>("runtime");
    QTest::addColumn<int>("workers");
    QTest::addColumn<int>("ps");
    QTest::addColumn<QString>("primary");
    QTest::newRow("2.11 chief, 3 workers, 2 ps")
        << QStringLiteral("2.11") << 3 << 2 << QStringLiteral("Chief");
    QTest::newRow("1.15 master, 2 workers, 1 ps")
        << QStringLiteral("1.15") << 2 << 1 << QStringLiteral("Master");
    QTest::newRow("2.11 chief and workers only")
        << QStringLiteral("2.11") << 4 << 0 << QStringLiteral("Chief");
}

void TestKubeflow::tfConfigMatchesTheLocalExecutor()
{
    QFETCH(QString, runtime);
    QFETCH(int, workers);
    QFETCH(int, ps);
    QFETCH(QString, primary);
    Job job = ddpJob();
    job.trainingInput.runtimeVersion = runtime;
    job.trainingInput.worker.count = workers;
    job.trainingInput.parameterServer.type = QStringLiteral("n1-highmem-8");
    job.trainingInput.parameterServer.count = ps;
    KubeflowOptions options;
    options.image = image;
    const YAML::Node m =
        parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, nullptr));
    QVERIFY(m["spec"]["tfReplicaSpecs"][primary.toStdString()]);

    const service::ClusterLayout layout = localLayout(job);
    QCOMPARE(layout.primaryTaskType, primary.toLower());
    const std::map<QString, int> local = localClusterShape(layout);
    // Every local replica: the pod of the same replica type and index gets the same task and
    // a cluster of the same shape.
    for (const service::Replica &replica : layout.replicas) {
        QString rtype;
        for (const auto &it : m["spec"]["tfReplicaSpecs"]) {
            if (str(it.first).toLower() == replica.taskType)
                rtype = str(it.first);
        }
        QVERIFY2(!rtype.isEmpty(), qPrintable(replica.name));
        const OperatorTfConfig op = operatorTfConfig(m, rtype, replica.index);
        QVERIFY(op.set);
        QCOMPARE(op.taskType, replica.taskType);
        QCOMPARE(op.taskIndex, replica.index);
        std::map<QString, int> shape;
        for (const auto &[key, hosts] : op.cluster)
            shape[key] = int(hosts.size());
        QCOMPARE(shape, local);
        // And that is what the local TF_CONFIG says as well.
        const QJsonObject tf = service::tfConfig(job, layout, replica, QString(), {});
        QCOMPARE(
            tf.value(QStringLiteral("task")).toObject().value(QStringLiteral("type")).toString(),
            op.taskType);
        QCOMPARE(tf.value(QStringLiteral("task")).toObject().value(QStringLiteral("index")).toInt(),
                 op.taskIndex);
    }
    QCOMPARE(int(layout.replicas.size()), 1 + workers + ps);
}

void TestKubeflow::predefinedTierCountsMatchTheLocalLayout()
{
    for (const char *tier : {"BASIC", "STANDARD_1", "PREMIUM_1"}) {
        Job job = ddpJob();
        job.trainingInput.scaleTier = QLatin1String(tier);
        job.trainingInput.master = RoleSpec();
        job.trainingInput.worker = RoleSpec();
        KubeflowOptions options;
        options.image = image;
        const YAML::Node m =
            parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, nullptr));
        const service::ClusterLayout layout = localLayout(job);
        std::map<QString, int> manifestCounts;
        for (const auto &it : m["spec"]["tfReplicaSpecs"])
            manifestCounts[str(it.first).toLower()] = it.second["replicas"].as<int>();
        QCOMPARE(manifestCounts, localClusterShape(layout));
        // A one-replica job gets no TF_CONFIG from the operator (isDistributed).
        QCOMPARE(operatorTfConfig(m, QStringLiteral("Chief"), 0).set, layout.replicas.size() > 1);
    }
}

void TestKubeflow::evaluatorsDifferOnlyInTheCluster()
{
    Job job = ddpJob();
    job.trainingInput.evaluator.type = QStringLiteral("n1-standard-4");
    job.trainingInput.evaluator.count = 1;
    KubeflowOptions options;
    options.image = image;
    Diagnostics diags;
    const YAML::Node m =
        parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, &diags));
    QVERIFY(find(diags, QStringLiteral("trainingInput.evaluatorCount"), Severity::Warning));
    const service::ClusterLayout layout = localLayout(job);
    std::map<QString, int> local = localClusterShape(layout);
    QCOMPARE(local.count(QStringLiteral("evaluator")), std::size_t(0));
    const OperatorTfConfig op = operatorTfConfig(m, QStringLiteral("Evaluator"), 0);
    QCOMPARE(op.taskType, QStringLiteral("evaluator"));
    std::map<QString, int> shape;
    for (const auto &[key, hosts] : op.cluster)
        shape[key] = int(hosts.size());
    local[QStringLiteral("evaluator")] = 1;
    QCOMPARE(shape, local);
}

void TestKubeflow::pytorchRanksMatchTheLocalExecutor()
{
    const Job job = ddpJob();
    KubeflowOptions options;
    options.kind = KubeflowKind::PyTorchJob;
    options.image = image;
    Diagnostics diags;
    const YAML::Node m =
        parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, &diags));
    QVERIFY(!hasErrors(diags));
    QCOMPARE(str(m["kind"]), QStringLiteral("PyTorchJob"));
    const YAML::Node specs = m["spec"]["pytorchReplicaSpecs"];
    QCOMPARE(int(specs.size()), 2);
    const YAML::Node master = specs["Master"]["template"]["spec"]["containers"][0];
    QCOMPARE(str(master["name"]), QStringLiteral("pytorch"));
    QCOMPARE(str(master["ports"][0]["name"]), QStringLiteral("pytorchjob-port"));
    QCOMPARE(master["ports"][0]["containerPort"].as<int>(), 23456);

    // setPodEnv: WORLD_SIZE = all replicas, RANK = index (+1 for workers).
    int worldSize = 0;
    for (const auto &it : specs)
        worldSize += it.second["replicas"].as<int>();
    const service::ClusterLayout layout = localLayout(job);
    QCOMPARE(worldSize, layout.worldSize());
    for (const service::Replica &replica : layout.replicas) {
        const int operatorRank = replica.isPrimary() ? replica.index : replica.index + 1;
        QCOMPARE(std::optional<int>(operatorRank), replica.rank);
    }
}

void TestKubeflow::pytorchRefusesParameterServers()
{
    Job job = ddpJob();
    job.trainingInput.parameterServer.type = QStringLiteral("n1-standard-4");
    job.trainingInput.parameterServer.count = 1;
    KubeflowOptions options;
    options.kind = KubeflowKind::PyTorchJob;
    options.image = image;
    Diagnostics diags;
    const YAML::Node m =
        parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, &diags));
    const Diagnostic *d =
        find(diags, QStringLiteral("trainingInput.parameterServerCount"), Severity::Error);
    QVERIFY(d);
    QVERIFY(d->message.contains(QLatin1String("--to tfjob")));
    QVERIFY(!m["spec"]["pytorchReplicaSpecs"]["PS"]);
}

void TestKubeflow::packageSpecNeedsAnImage()
{
    Diagnostics diags;
    kubeflowManifestYaml(ddpJob(), catalog::Catalog::builtIn(), KubeflowOptions{}, &diags);
    const Diagnostic *d = find(diags, QStringLiteral("trainingInput.packageUris"), Severity::Error);
    QVERIFY(d);
    QVERIFY(d->message.contains(QLatin1String("--image")));
    // Reported once, not per pool.
    int errors = 0;
    for (const Diagnostic &x : diags)
        errors += x.isError() ? 1 : 0;
    QCOMPARE(errors, 1);
}

void TestKubeflow::containerSpecUsesItsImage()
{
    Job job = ddpJob();
    job.trainingInput.packageUris.clear();
    job.trainingInput.pythonModule.clear();
    job.trainingInput.master.config.imageUri = QStringLiteral("gcr.io/p/train:2");
    job.trainingInput.master.config.containerArgs = {QStringLiteral("--role"),
                                                     QStringLiteral("chief")};
    job.trainingInput.worker.config.imageUri = QStringLiteral("gcr.io/p/train:2");
    Diagnostics diags;
    const YAML::Node m =
        parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), KubeflowOptions{}, &diags));
    QVERIFY(!hasErrors(diags));
    const YAML::Node chief =
        m["spec"]["tfReplicaSpecs"]["Chief"]["template"]["spec"]["containers"][0];
    QCOMPARE(str(chief["image"]), QStringLiteral("gcr.io/p/train:2"));
    QVERIFY(!chief["command"]); // the image's entrypoint, as on Vertex AI
    QCOMPARE(chief["args"].as<std::vector<std::string>>(),
             (std::vector<std::string>{"--role", "chief"}));
}

void TestKubeflow::tpuIsRefused()
{
    Job job = ddpJob();
    job.trainingInput.worker.config.acceleratorConfig =
        AcceleratorConfig{8, QStringLiteral("TPU_V3")};
    KubeflowOptions options;
    options.image = image;
    Diagnostics diags;
    kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, &diags);
    QVERIFY(find(diags, QStringLiteral("trainingInput.workerConfig.acceleratorConfig.type"),
                 Severity::Error));
}

void TestKubeflow::secretsAreReferencesNotValues()
{
    Job job = ddpJob();
    job.local.env = {
        EnvVar{QStringLiteral("WANDB_API_KEY"), QString(), QStringLiteral("wandb_key")},
        EnvVar{QStringLiteral("MODE"), QStringLiteral("fast"), QString()}};
    KubeflowOptions options;
    options.image = image;
    Diagnostics diags;
    const QByteArray text = kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, &diags);
    const YAML::Node env =
        parse(text)["spec"]["tfReplicaSpecs"]["Chief"]["template"]["spec"]["containers"][0]["env"];
    QCOMPARE(str(env[0]["name"]), QStringLiteral("WANDB_API_KEY"));
    QCOMPARE(str(env[0]["valueFrom"]["secretKeyRef"]["name"]), QStringLiteral("wandb-key"));
    QCOMPARE(str(env[0]["valueFrom"]["secretKeyRef"]["key"]), QStringLiteral("WANDB_API_KEY"));
    QVERIFY(!env[0]["value"]);
    QCOMPARE(str(env[1]["value"]), QStringLiteral("fast"));
    QVERIFY(find(diags, QStringLiteral("trainyardLocal.env.WANDB_API_KEY"), Severity::Warning));
}

void TestKubeflow::stringsReadBackAsStrings()
{
    Job job = ddpJob();
    job.trainingInput.args = {QStringLiteral("yes"),
                              QStringLiteral("1.0"),
                              QStringLiteral("null"),
                              QStringLiteral("a: b"),
                              QStringLiteral("# not a comment"),
                              QString()};
    KubeflowOptions options;
    options.image = image;
    const QByteArray text =
        kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, nullptr);
    QVERIFY(text.contains("\"yes\""));
    QVERIFY(text.contains("\"1.0\""));
    const YAML::Node args =
        parse(text)["spec"]["tfReplicaSpecs"]["Chief"]["template"]["spec"]["containers"][0]["args"];
    QCOMPARE(args.as<std::vector<std::string>>(),
             (std::vector<std::string>{"yes", "1.0", "null", "a: b", "# not a comment", ""}));
    QVERIFY(args[2].IsScalar() && args[2].Tag() == "!"); // quoted, so not a YAML null
}

void TestKubeflow::kubernetesNames()
{
    QCOMPARE(kubernetesName(QStringLiteral("census_20240101")), QStringLiteral("census-20240101"));
    // Not a job ID's alphabet: lossy, so a hash of the ID ends the name.
    QCOMPARE(kubernetesName(QStringLiteral("My Job!!")), QStringLiteral("my-job-444375"));
    QCOMPARE(kubernetesName(QStringLiteral("2024_run")), QStringLiteral("job-2024-run"));
    QVERIFY(kubernetesName(QStringLiteral("___")).startsWith(QLatin1String("trainyard-job-")));
    QVERIFY(kubernetesName(QString(100, QLatin1Char('a'))).size() <= 40);
}

void TestKubeflow::distinctJobIdsStayDistinct()
{
    // Two IDs that differ only after 40 characters, or only in case, no longer collide.
    const QString stem = QStringLiteral("imagenet_resnet50_sweep_learning_rate_warmup_");
    const QString a = kubernetesName(stem + QStringLiteral("0001"));
    const QString b = kubernetesName(stem + QStringLiteral("0002"));
    QVERIFY2(a != b, qPrintable(a));
    QVERIFY(a.size() <= 40 && b.size() <= 40);
    const QRegularExpression dns1035(QStringLiteral("^[a-z]([-a-z0-9]*[a-z0-9])?$"));
    QVERIFY(dns1035.match(a).hasMatch() && dns1035.match(b).hasMatch());
    QVERIFY(kubernetesName(QStringLiteral("My_Job")) != kubernetesName(QStringLiteral("my_job")));
    QCOMPARE(kubernetesName(QStringLiteral("my_job")), QStringLiteral("my-job"));
}

void TestKubeflow::labelsBecomeValidKubernetesLabels()
{
    Job job = test::fullExampleJob();
    job.labels = {{QStringLiteral("owner"), QStringLiteral("data_team_")},
                  {QStringLiteral("cost_center"), QStringLiteral("-42")},
                  {QStringLiteral("team"), QStringLiteral("ml")}};
    job.labels.insert(QString::fromUtf8("\xc3\xa9quipe"), QStringLiteral("ml"));
    KubeflowOptions options;
    options.image = image;
    Diagnostics diags;
    const YAML::Node m =
        parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options, &diags));
    const YAML::Node labels = m["metadata"]["labels"];
    QCOMPARE(str(labels["owner"]), QStringLiteral("data_team"));
    QCOMPARE(str(labels["cost_center"]), QStringLiteral("42"));
    QCOMPARE(str(labels["team"]), QStringLiteral("ml"));
    QVERIFY(!labels[std::string("\xc3\xa9quipe")]);
    QCOMPARE(int(labels.size()), 3);
    for (const QString &key : {QStringLiteral("owner"), QStringLiteral("cost_center"),
                               QString::fromUtf8("\xc3\xa9quipe")}) {
        QVERIFY2(find(diags, QStringLiteral("labels.") + key, Severity::Warning), qPrintable(key));
    }
    QVERIFY(!find(diags, QStringLiteral("labels.team"), Severity::Warning));
}

void TestKubeflow::namespaceIsChecked()
{
    KubeflowOptions options;
    options.image = image;
    options.kubernetesNamespace = QStringLiteral("My_NS");
    Diagnostics diags;
    kubeflowManifest(test::fullExampleJob(), catalog::Catalog::builtIn(), options, &diags);
    const Diagnostic *d = find(diags, QStringLiteral("namespace"), Severity::Error);
    QVERIFY(d);
    QVERIFY(d->message.contains(QLatin1String("RFC 1123")));

    QProcess p;
    p.start(QStringLiteral(TRAINYARD_BINARY),
            {QStringLiteral("export"), QStringLiteral("--to"), QStringLiteral("tfjob"),
             QStringLiteral("--image"), image, QStringLiteral("--namespace"),
             QStringLiteral("My_NS"),
             QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/torch_ddp/config.yaml")});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardOutput().isEmpty());
    QVERIFY(p.readAllStandardError().contains("My_NS"));
}

void TestKubeflow::cleanPodPolicyWithParameterServers()
{
    KubeflowOptions options;
    options.image = image;
    const YAML::Node m =
        parse(kubeflowManifestYaml(test::fullExampleJob(), catalog::Catalog::builtIn(), options));
    QCOMPARE(str(m["spec"]["runPolicy"]["cleanPodPolicy"]), QStringLiteral("Running"));

    Job job = test::fullExampleJob();
    job.trainingInput.parameterServer = RoleSpec{};
    job.trainingInput.evaluator = RoleSpec{};
    const YAML::Node n = parse(kubeflowManifestYaml(job, catalog::Catalog::builtIn(), options));
    QVERIFY(!n["spec"]["runPolicy"]["cleanPodPolicy"]);
}

void TestKubeflow::fieldsWithoutCounterpartAreWarned()
{
    Job job = test::fullExampleJob();
    TrainingInput &ti = job.trainingInput;
    ti.serviceAccount = QStringLiteral("trainer@p.iam.gserviceaccount.com");
    ti.network = QStringLiteral("projects/1/global/networks/vpc");
    ti.kmsKeyName = QStringLiteral("projects/p/locations/us/keyRings/r/cryptoKeys/k");
    ti.enableWebAccess = true;
    KubeflowOptions options;
    options.image = image;
    Diagnostics diags;
    kubeflowManifest(job, catalog::Catalog::builtIn(), options, &diags);
    for (const char *field :
         {"trainingInput.serviceAccount", "trainingInput.network",
          "trainingInput.encryptionConfig.kmsKeyName", "trainingInput.enableWebAccess",
          "trainingInput.scheduling.maxWaitTime", "trainingInput.region"}) {
        QVERIFY2(find(diags, QLatin1String(field), Severity::Warning), field);
    }
}

void TestKubeflow::gpuNodeSelectorAndRequests()
{
    KubeflowOptions options;
    options.image = image;
    const YAML::Node m =
        parse(kubeflowManifestYaml(test::fullExampleJob(), catalog::Catalog::builtIn(), options));
    const YAML::Node chief = m["spec"]["tfReplicaSpecs"]["Chief"]["template"]["spec"];
    QCOMPARE(str(chief["nodeSelector"]["cloud.google.com/gke-accelerator"]),
             QStringLiteral("nvidia-tesla-t4"));
    const YAML::Node resources = chief["containers"][0]["resources"];
    QCOMPARE(str(resources["requests"]["cpu"]), QStringLiteral("16"));         // n1-highcpu-16
    QCOMPARE(str(resources["requests"]["memory"]), QStringLiteral("14746Mi")); // 14.4 GB
    QCOMPARE(resources["limits"]["nvidia.com/gpu"].as<int>(), 4);
    // The parameter servers have no GPU: no selector, requests of n1-highmem-8.
    const YAML::Node ps = m["spec"]["tfReplicaSpecs"]["PS"]["template"]["spec"];
    QVERIFY(!ps["nodeSelector"]);
    QCOMPARE(str(ps["containers"][0]["resources"]["requests"]["memory"]), QStringLiteral("52Gi"));
    QVERIFY(!ps["containers"][0]["resources"]["limits"]);
}

void TestKubeflow::frameworkMismatchIsWarned()
{
    // The bundled PyTorch example's package imports torch.
    Job job = test::fullExampleJob();
    job.trainingInput.parameterServer = RoleSpec{};
    job.trainingInput.evaluator = RoleSpec{};
    job.local.packagePath =
        QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/torch_ddp/trainer");
    KubeflowOptions options;
    options.image = image;
    Diagnostics asTf;
    kubeflowManifest(job, catalog::Catalog::builtIn(), options, &asTf);
    const Diagnostic *d =
        find(asTf, QStringLiteral("trainingInput.pythonModule"), Severity::Warning);
    QVERIFY(d);
    QVERIFY(d->message.contains(QLatin1String("PyTorch")));
    options.kind = KubeflowKind::PyTorchJob;
    Diagnostics asTorch;
    kubeflowManifest(job, catalog::Catalog::builtIn(), options, &asTorch);
    QVERIFY(!find(asTorch, QStringLiteral("trainingInput.pythonModule"), Severity::Warning));
    // The image's name tells too.
    options.image = QStringLiteral("tensorflow/tensorflow:2.15.0-gpu");
    job.local.packagePath.clear();
    Diagnostics tfImage;
    kubeflowManifest(job, catalog::Catalog::builtIn(), options, &tfImage);
    QVERIFY(find(tfImage, QStringLiteral("trainingInput.pythonModule"), Severity::Warning));
}

void TestKubeflow::cliExportsATfJob()
{
    QProcess p;
    p.start(QStringLiteral(TRAINYARD_BINARY),
            {QStringLiteral("export"), QStringLiteral("--to"), QStringLiteral("tfjob"),
             QStringLiteral("--image"), image, QStringLiteral("--namespace"), QStringLiteral("ml"),
             QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/torch_ddp/config.yaml")});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const YAML::Node m = parse(p.readAllStandardOutput());
    QCOMPARE(str(m["kind"]), QStringLiteral("TFJob"));
    QCOMPARE(str(m["metadata"]["name"]), QStringLiteral("torch-ddp-example"));
    QCOMPARE(m["spec"]["tfReplicaSpecs"]["Worker"]["replicas"].as<int>(), 2);
    QVERIFY(p.readAllStandardError().contains("torch-ddp-example"));

    // Without an image the package spec is refused with the reason, exit status 1.
    QProcess q;
    q.start(QStringLiteral(TRAINYARD_BINARY),
            {QStringLiteral("export"), QStringLiteral("--to"), QStringLiteral("pytorchjob"),
             QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/torch_ddp/config.yaml")});
    QVERIFY(q.waitForFinished(60000));
    QCOMPARE(q.exitCode(), 1);
    QVERIFY(q.readAllStandardOutput().isEmpty());
    QVERIFY(q.readAllStandardError().contains("--image"));
}

void TestKubeflow::unprintableCharactersReadBack_data()
{
    test::addUnprintableStringRows();
}

// Every YAML writer the project has (jsonToYaml for the Kubernetes and Kubeflow manifests,
// emitNode and emitScalar for `jobs describe` and `jobs list`) as PyYAML, the reader gcloud and
// most tools use, reads it: raw DEL made it refuse the document, raw U+2028/U+2029 it took for
// line breaks.
void TestKubeflow::unprintableCharactersReadBack()
{
    QFETCH(QString, value);
    const QJsonObject object{{QStringLiteral("kind"), QStringLiteral("TFJob")},
                             {value, value},
                             {QStringLiteral("args"), QJsonArray{value, 3, true}}};
    const QByteArray manifest = jsonToYaml(object);
    const test::PyYamlResult read = test::readWithPyYaml(manifest);
    if (!read.ran)
        QSKIP("needs python3 with its yaml module (python3-yaml)");
    QVERIFY2(read, qPrintable(read.error + QString::fromUtf8(manifest)));
    QCOMPARE(read.value.toObject(), object);

    YAML::Node node(YAML::NodeType::Map);
    node["errorMessage"] = value.toStdString();
    node["exitCode"] = 3;
    node["counted"] = true;
    node["replicas"].push_back(value.toStdString());
    YAML::Emitter described;
    jobspec::yaml::emitNode(described, node);
    YAML::Emitter listed;
    listed << YAML::BeginMap << YAML::Key << "jobId" << YAML::Value;
    jobspec::yaml::emitScalar(listed, value);
    listed << YAML::Key << "trial" << YAML::Value;
    jobspec::yaml::emitScalar(listed, value, YAML::SingleQuoted);
    listed << YAML::EndMap;
    const test::PyYamlResult node1 = test::readWithPyYaml(described.c_str());
    QVERIFY2(node1, qPrintable(node1.error + QString::fromUtf8(described.c_str())));
    QCOMPARE(node1.value.toObject(),
             (QJsonObject{{QStringLiteral("errorMessage"), value},
                          {QStringLiteral("exitCode"), 3},
                          {QStringLiteral("counted"), true},
                          {QStringLiteral("replicas"), QJsonArray{value}}}));
    const test::PyYamlResult list = test::readWithPyYaml(listed.c_str());
    QVERIFY2(list, qPrintable(list.error + QString::fromUtf8(listed.c_str())));
    QCOMPARE(list.value.toObject(),
             (QJsonObject{{QStringLiteral("jobId"), value}, {QStringLiteral("trial"), value}}));
}

QTEST_GUILESS_MAIN(TestKubeflow)
#include "tst_kubeflow.moc"
