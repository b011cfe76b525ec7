// SPDX-License-Identifier: MIT
// What each replica receives: TF_CONFIG (docs/service.md §6.2 layout on localhost ports),
// CLUSTER_SPEC, CLOUD_ML_*, AIP_* dirs, PyTorch variables, argv and working directory.
#include "catalog/catalog.h"
#include "exec/environment.h"
#include "service/tfconfig.h"
#include "service/trainingjson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using exec::EnvironmentOptions;

namespace {

const QString jobDir = QStringLiteral("/data/jobs/census_1/out");

// Reference §6.2 with a second parameter server and an evaluator: 1 + 2 + 2 + 1.
jobspec::Job referenceJob()
{
    jobspec::Job j;
    j.jobId = QStringLiteral("census_1");
    jobspec::TrainingInput &in = j.trainingInput;
    in.scaleTier = QStringLiteral("CUSTOM");
    in.master.type = QStringLiteral("n1-standard-8");
    in.worker = {QStringLiteral("n1-standard-8"), 2, {}};
    in.parameterServer = {QStringLiteral("n1-highmem-8"), 2, {}};
    in.evaluator = {QStringLiteral("n1-standard-8"), 1, {}};
    in.packageUris = {QStringLiteral("gs://bucket/staging/trainer-0.1.tar.gz")};
    in.pythonModule = QStringLiteral("trainer.task");
    in.args = {QStringLiteral("--epochs"), QStringLiteral("10")};
    in.region = QStringLiteral("us-central1");
    in.runtimeVersion = QStringLiteral("2.11");
    in.pythonVersion = QStringLiteral("3.7");
    in.jobDir = QStringLiteral("gs://bucket/out");
    j.local.packagePath = QStringLiteral("trainer");
    return j;
}

const catalog::Catalog &emptyCatalog()
{
    static const catalog::Catalog c;
    return c;
}

service::ClusterLayout layoutFor(const jobspec::Job &j,
                                 service::RunStyle style = service::RunStyle::Submit,
                                 bool distributed = true)
{
    service::LayoutOptions options;
    options.style = style;
    options.distributed = distributed;
    service::LayoutResult result = service::planLayout(j, emptyCatalog(), options);
    Q_ASSERT(result);
    QList<quint16> ports;
    for (const service::Replica &r : std::as_const(result.layout.replicas)) {
        if (r.inCluster())
            ports << static_cast<quint16>(27182 + ports.size());
    }
    service::assignPorts(result.layout, ports);
    return result.layout;
}

EnvironmentOptions options()
{
    EnvironmentOptions o;
    o.baseEnvironment = QProcessEnvironment();
    o.baseEnvironment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    o.jobDir = jobDir;
    o.baseDirectory = QStringLiteral("/proj/example");
    o.metricsDirectory = QStringLiteral("/store/census_1/metrics");
    return o;
}

QJsonObject parse(const QString &json)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8(), &error);
    Q_ASSERT(error.error == QJsonParseError::NoError);
    return doc.object();
}

exec::ReplicaLaunch launchOf(const jobspec::Job &j, const service::ClusterLayout &l,
                             const QString &name, const EnvironmentOptions &o = options())
{
    QString error;
    exec::ReplicaLaunch launch = exec::replicaLaunch(j, l, *l.find(name), o, &error);
    Q_ASSERT(error.isEmpty());
    return launch;
}

QStringList keysWithUpperCase(const QJsonValue &v)
{
    QStringList bad;
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() != it.key().toLower())
                bad << it.key();
            bad << keysWithUpperCase(it.value());
        }
    } else if (v.isArray()) {
        for (const QJsonValue &item : v.toArray())
            bad << keysWithUpperCase(item);
    }
    return bad;
}

} // namespace

class TestEnvironment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tfConfigPerReplica_data();
    void tfConfigPerReplica();
    void trialIsAString();
    void snakeCaseJob();
    void clusterSpecAndJobVariables();
    void pytorch_data();
    void pytorch();
    void aipDirectories_data();
    void aipDirectories();
    void noJobDirArgumentWithoutAJobDir();
    void metricFilePerReplica();
    void commandLine_data();
    void commandLine();
    void pythonInterpreter_data();
    void pythonInterpreter();
    void workingDirectory_data();
    void workingDirectory();
    void executableTrainer();
    void specEnvironment();
    void secrets();
    void localTrainTfConfig();
    void planAndErrors();
    void preflight();
};

void TestEnvironment::tfConfigPerReplica_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("index");
    QTest::newRow("chief-0") << QStringLiteral("chief-0") << QStringLiteral("chief") << 0;
    QTest::newRow("worker-0") << QStringLiteral("worker-0") << QStringLiteral("worker") << 0;
    QTest::newRow("worker-1") << QStringLiteral("worker-1") << QStringLiteral("worker") << 1;
    QTest::newRow("ps-0") << QStringLiteral("ps-0") << QStringLiteral("ps") << 0;
    QTest::newRow("ps-1") << QStringLiteral("ps-1") << QStringLiteral("ps") << 1;
    QTest::newRow("evaluator-0") << QStringLiteral("evaluator-0") << QStringLiteral("evaluator")
                                 << 0;
}

void TestEnvironment::tfConfigPerReplica()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    QFETCH(int, index);
    const jobspec::Job j = referenceJob();
    const service::ClusterLayout l = layoutFor(j);
    const exec::ReplicaLaunch launch = launchOf(j, l, name);
    const QJsonObject tf = parse(launch.environment.value(QStringLiteral("TF_CONFIG")));

    QCOMPARE(tf.keys(), (QStringList{QStringLiteral("cluster"), QStringLiteral("environment"),
                                     QStringLiteral("job"), QStringLiteral("task")}));
    // The same cluster on every replica; ports in gcloud's order; no evaluator.
    const QJsonObject cluster = tf.value(QStringLiteral("cluster")).toObject();
    QCOMPARE(cluster.keys(), (QStringList{QStringLiteral("chief"), QStringLiteral("ps"),
                                          QStringLiteral("worker")}));
    QCOMPARE(cluster.value(QStringLiteral("chief")).toArray(),
             QJsonArray({QStringLiteral("localhost:27182")}));
    QCOMPARE(cluster.value(QStringLiteral("ps")).toArray(),
             QJsonArray({QStringLiteral("localhost:27183"), QStringLiteral("localhost:27184")}));
    QCOMPARE(cluster.value(QStringLiteral("worker")).toArray(),
             QJsonArray({QStringLiteral("localhost:27185"), QStringLiteral("localhost:27186")}));

    const QJsonObject task = tf.value(QStringLiteral("task")).toObject();
    QCOMPARE(task.value(QStringLiteral("type")).toString(), type);
    QCOMPARE(task.value(QStringLiteral("index")), QJsonValue(index));
    QVERIFY(!task.contains(QStringLiteral("trial"))); // not a tuning job
    QCOMPARE(tf.value(QStringLiteral("environment")).toString(), QStringLiteral("cloud"));

    const QJsonObject jobDict = tf.value(QStringLiteral("job")).toObject();
    QCOMPARE(jobDict.value(QStringLiteral("scale_tier")).toString(), QStringLiteral("CUSTOM"));
    QCOMPARE(jobDict.value(QStringLiteral("master_type")).toString(),
             QStringLiteral("n1-standard-8"));
    QCOMPARE(jobDict.value(QStringLiteral("worker_count")), QJsonValue(QStringLiteral("2")));
    QCOMPARE(jobDict.value(QStringLiteral("parameter_server_count")),
             QJsonValue(QStringLiteral("2")));
    QCOMPARE(jobDict.value(QStringLiteral("parameter_server_type")).toString(),
             QStringLiteral("n1-highmem-8"));
    QCOMPARE(jobDict.value(QStringLiteral("evaluator_count")), QJsonValue(QStringLiteral("1")));
    QCOMPARE(jobDict.value(QStringLiteral("python_module")).toString(),
             QStringLiteral("trainer.task"));
    QCOMPARE(jobDict.value(QStringLiteral("args")).toArray(),
             QJsonArray({QStringLiteral("--epochs"), QStringLiteral("10")}));
    QCOMPARE(jobDict.value(QStringLiteral("package_uris")).toArray(),
             QJsonArray({QStringLiteral("gs://bucket/staging/trainer-0.1.tar.gz")}));
    QCOMPARE(jobDict.value(QStringLiteral("region")).toString(), QStringLiteral("us-central1"));
    QCOMPARE(jobDict.value(QStringLiteral("runtime_version")).toString(), QStringLiteral("2.11"));
    QCOMPARE(jobDict.value(QStringLiteral("python_version")).toString(), QStringLiteral("3.7"));
    QCOMPARE(jobDict.value(QStringLiteral("job_dir")).toString(),
             QStringLiteral("gs://bucket/out"));
}

void TestEnvironment::trialIsAString()
{
    const jobspec::Job j = referenceJob();
    const service::ClusterLayout l = layoutFor(j);
    EnvironmentOptions o = options();
    o.trialId = QStringLiteral("1");
    const exec::ReplicaLaunch launch = launchOf(j, l, QStringLiteral("worker-1"), o);
    const QJsonObject task = parse(launch.environment.value(QStringLiteral("TF_CONFIG")))
                                 .value(QStringLiteral("task"))
                                 .toObject();
    QCOMPARE(task.value(QStringLiteral("trial")), QJsonValue(QStringLiteral("1")));
    QCOMPARE(launch.environment.value(QStringLiteral("CLOUD_ML_TRIAL_ID")), QStringLiteral("1"));
    const QJsonObject spec = parse(launch.environment.value(QStringLiteral("CLUSTER_SPEC")))
                                 .value(QStringLiteral("task"))
                                 .toObject();
    QCOMPARE(spec.value(QStringLiteral("trial")), QJsonValue(QStringLiteral("1")));
}

void TestEnvironment::snakeCaseJob()
{
    jobspec::Job j = referenceJob();
    jobspec::TrainingInput &in = j.trainingInput;
    in.master.config.acceleratorConfig =
        jobspec::AcceleratorConfig{4, QStringLiteral("NVIDIA_TESLA_T4")};
    in.master.config.diskConfig = jobspec::DiskConfig{200, QStringLiteral("pd-ssd")};
    in.worker.config.imageUri = QStringLiteral("gcr.io/p/img");
    jobspec::HyperparameterSpec hp;
    hp.goal = QStringLiteral("MAXIMIZE");
    hp.maxTrials = 20;
    hp.hyperparameterMetricTag = QStringLiteral("accuracy");
    jobspec::ParameterSpec p;
    p.parameterName = QStringLiteral("learning_rate");
    p.type = QStringLiteral("DOUBLE");
    p.minValue = 0.0001;
    p.maxValue = 0.1;
    p.scaleType = QStringLiteral("UNIT_LOG_SCALE");
    hp.params = {p};
    in.hyperparameters = hp;
    in.scheduling = jobspec::Scheduling{QStringLiteral("7200s"), QString(), 5, std::nullopt};
    in.useChiefInTfConfig = true;
    in.kmsKeyName = QStringLiteral("projects/p/keys/k");

    const QJsonObject o = service::trainingInputJson(in);
    QVERIFY2(keysWithUpperCase(o).isEmpty(),
             qPrintable(keysWithUpperCase(o).join(QLatin1Char(','))));
    const QJsonObject master = o.value(QStringLiteral("master_config")).toObject();
    QCOMPARE(master.value(QStringLiteral("accelerator_config"))
                 .toObject()
                 .value(QStringLiteral("count")),
             QJsonValue(QStringLiteral("4")));
    QCOMPARE(
        master.value(QStringLiteral("accelerator_config")).toObject().value(QStringLiteral("type")),
        QJsonValue(QStringLiteral("NVIDIA_TESLA_T4")));
    QCOMPARE(master.value(QStringLiteral("disk_config"))
                 .toObject()
                 .value(QStringLiteral("boot_disk_size_gb")),
             QJsonValue(QStringLiteral("200")));
    QCOMPARE(o.value(QStringLiteral("worker_config")).toObject().value(QStringLiteral("image_uri")),
             QJsonValue(QStringLiteral("gcr.io/p/img")));
    QVERIFY(!o.contains(QStringLiteral("parameter_server_config"))); // empty: left out
    const QJsonObject hpJson = o.value(QStringLiteral("hyperparameters")).toObject();
    QCOMPARE(hpJson.value(QStringLiteral("max_trials")), QJsonValue(QStringLiteral("20")));
    QCOMPARE(hpJson.value(QStringLiteral("hyperparameter_metric_tag")),
             QJsonValue(QStringLiteral("accuracy")));
    const QJsonObject param = hpJson.value(QStringLiteral("params")).toArray().first().toObject();
    QCOMPARE(param.value(QStringLiteral("parameter_name")),
             QJsonValue(QStringLiteral("learning_rate")));
    QCOMPARE(param.value(QStringLiteral("min_value")), QJsonValue(0.0001)); // a double: a number
    QCOMPARE(param.value(QStringLiteral("scale_type")),
             QJsonValue(QStringLiteral("UNIT_LOG_SCALE")));
    QCOMPARE(
        o.value(QStringLiteral("scheduling")).toObject().value(QStringLiteral("max_running_time")),
        QJsonValue(QStringLiteral("7200s")));
    QCOMPARE(o.value(QStringLiteral("use_chief_in_tf_config")), QJsonValue(true));
    QCOMPARE(o.value(QStringLiteral("encryption_config"))
                 .toObject()
                 .value(QStringLiteral("kms_key_name")),
             QJsonValue(QStringLiteral("projects/p/keys/k")));
    QVERIFY(!o.contains(QStringLiteral("network"))); // unset fields are left out
}

void TestEnvironment::clusterSpecAndJobVariables()
{
    const jobspec::Job j = referenceJob();
    const service::ClusterLayout l = layoutFor(j);
    const exec::ReplicaLaunch launch = launchOf(j, l, QStringLiteral("ps-1"));
    const QProcessEnvironment &env = launch.environment;
    const QJsonObject spec = parse(env.value(QStringLiteral("CLUSTER_SPEC")));
    QCOMPARE(spec.value(QStringLiteral("cluster")).toObject(), l.clusterJson());
    QCOMPARE(spec.value(QStringLiteral("task")).toObject().value(QStringLiteral("type")).toString(),
             QStringLiteral("ps"));
    QCOMPARE(spec.value(QStringLiteral("environment")).toString(), QStringLiteral("cloud"));
    QCOMPARE(spec.value(QStringLiteral("job")).toObject(),
             service::trainingInputJson(j.trainingInput));
    QCOMPARE(env.value(QStringLiteral("CLOUD_ML_JOB_ID")), QStringLiteral("census_1"));
    QCOMPARE(parse(env.value(QStringLiteral("CLOUD_ML_JOB"))),
             service::trainingInputJson(j.trainingInput));
    QVERIFY(!env.contains(QStringLiteral("CLOUD_ML_TRIAL_ID")));
    QCOMPARE(env.value(QStringLiteral("PYTHONUNBUFFERED")), QStringLiteral("1"));
    QVERIFY(launch.addedVariables.contains(QStringLiteral("TF_CONFIG")));
    QVERIFY(!launch.addedVariables.contains(QStringLiteral("PATH")));
}

void TestEnvironment::pytorch_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("rank"); // empty: RANK not set
    QTest::newRow("chief-0") << QStringLiteral("chief-0") << QStringLiteral("0");
    QTest::newRow("worker-0") << QStringLiteral("worker-0") << QStringLiteral("1");
    QTest::newRow("worker-1") << QStringLiteral("worker-1") << QStringLiteral("2");
    QTest::newRow("ps-0: no rank") << QStringLiteral("ps-0") << QString();
    QTest::newRow("evaluator-0: no rank") << QStringLiteral("evaluator-0") << QString();
}

void TestEnvironment::pytorch()
{
    QFETCH(QString, name);
    QFETCH(QString, rank);
    const jobspec::Job j = referenceJob();
    const service::ClusterLayout l = layoutFor(j);
    EnvironmentOptions o = options();
    o.baseEnvironment.insert(QStringLiteral("RANK"),
                             QStringLiteral("7")); // stray, from the console
    const QProcessEnvironment env = launchOf(j, l, name, o).environment;
    QCOMPARE(env.value(QStringLiteral("MASTER_ADDR")), QStringLiteral("localhost"));
    QCOMPARE(env.value(QStringLiteral("MASTER_PORT")), QStringLiteral("27182"));
    QCOMPARE(env.value(QStringLiteral("WORLD_SIZE")), QStringLiteral("3")); // primary + 2 workers
    QCOMPARE(env.contains(QStringLiteral("RANK")), !rank.isEmpty());
    QCOMPARE(env.value(QStringLiteral("RANK")), rank);
}

void TestEnvironment::aipDirectories_data()
{
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QString>("trial");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("checkpoints");
    QTest::addColumn<QString>("logs");
    QTest::newRow("no trial") << jobDir << QString() << jobDir + QStringLiteral("/model/")
                              << jobDir + QStringLiteral("/checkpoints/")
                              << jobDir + QStringLiteral("/logs/");
    QTest::newRow("trial 3") << jobDir << QStringLiteral("3")
                             << jobDir + QStringLiteral("/3/model/")
                             << jobDir + QStringLiteral("/3/checkpoints/")
                             << jobDir + QStringLiteral("/3/logs/");
    QTest::newRow("trailing slash")
        << QStringLiteral("/out/") << QString() << QStringLiteral("/out/model/")
        << QStringLiteral("/out/checkpoints/") << QStringLiteral("/out/logs/");
}

void TestEnvironment::aipDirectories()
{
    QFETCH(QString, dir);
    QFETCH(QString, trial);
    QFETCH(QString, model);
    QFETCH(QString, checkpoints);
    QFETCH(QString, logs);
    const jobspec::Job j = referenceJob();
    const service::ClusterLayout l = layoutFor(j);
    EnvironmentOptions o = options();
    o.jobDir = dir;
    o.trialId = trial;
    const QProcessEnvironment env = launchOf(j, l, QStringLiteral("worker-0"), o).environment;
    QCOMPARE(env.value(QStringLiteral("AIP_MODEL_DIR")), model);
    QCOMPARE(env.value(QStringLiteral("AIP_CHECKPOINT_DIR")), checkpoints);
    QCOMPARE(env.value(QStringLiteral("AIP_TENSORBOARD_LOG_DIR")), logs);

    o.jobDir.clear(); // no job dir anywhere: no AIP_* variables, no --job-dir
    jobspec::Job noDir = j;
    noDir.trainingInput.jobDir.clear();
    const exec::ReplicaLaunch bare = launchOf(noDir, l, QStringLiteral("worker-0"), o);
    QVERIFY(!bare.environment.contains(QStringLiteral("AIP_MODEL_DIR")));
    QVERIFY(!bare.arguments.contains(QStringLiteral("--job-dir")));
}

// gcloud adds --job-dir only when the job has a job dir: an argparse trainer without that
// option must not get it just because the local run has an output folder.
void TestEnvironment::noJobDirArgumentWithoutAJobDir()
{
    jobspec::Job j = referenceJob();
    j.trainingInput.jobDir.clear();
    const service::ClusterLayout l = layoutFor(j);
    EnvironmentOptions o = options();
    o.jobDir = QStringLiteral("/store/census_1/output"); // the local output folder
    const exec::ReplicaLaunch launch = launchOf(j, l, QStringLiteral("worker-0"), o);
    QVERIFY2(!launch.arguments.contains(QStringLiteral("--job-dir")),
             qPrintable(launch.arguments.join(QLatin1Char(' '))));
    QCOMPARE(launch.arguments.mid(launch.arguments.indexOf(QStringLiteral("trainer.task")) + 1),
             j.trainingInput.args);
    // The output folder still reaches the trainer the Vertex way.
    QCOMPARE(launch.environment.value(QStringLiteral("AIP_MODEL_DIR")),
             QStringLiteral("/store/census_1/output/model/"));
}

void TestEnvironment::metricFilePerReplica()
{
    const jobspec::Job j = referenceJob();
    const service::ClusterLayout l = layoutFor(j);
    QSet<QString> files;
    for (const service::Replica &r : l.replicas) {
        const QString file =
            launchOf(j, l, r.name).environment.value(QStringLiteral("CLOUD_ML_HP_METRIC_FILE"));
        QVERIFY(file.startsWith(QStringLiteral("/store/census_1/metrics/")));
        QVERIFY(!file.startsWith(QStringLiteral("/tmp")));
        files.insert(file);
    }
    QCOMPARE(files.size(), l.replicas.size()); // one file per replica
    QVERIFY(files.contains(QStringLiteral("/store/census_1/metrics/chief-0.metrics")));
}

void TestEnvironment::commandLine_data()
{
    QTest::addColumn<QStringList>("userArgs");
    QTest::addColumn<QString>("trial");
    QTest::addColumn<QStringList>("expectedTail"); // after "-m trainer.task"
    const QString dirArg = QStringLiteral("--job-dir");
    QTest::newRow("plain") << QStringList{QStringLiteral("--epochs"), QStringLiteral("10")}
                           << QString()
                           << QStringList{QStringLiteral("--epochs"), QStringLiteral("10"), dirArg,
                                          jobDir};
    const QStringList tricky = {QStringLiteral("--name"), QStringLiteral("two words"),
                                QStringLiteral("--q=\"quoted\" 'single'"),
                                QStringLiteral("$HOME; rm -rf *"), QString()};
    QTest::newRow("spaces and quotes stay single elements")
        << tricky << QString() << tricky + QStringList{dirArg, jobDir};
    QTest::newRow("trial values appended")
        << QStringList{QStringLiteral("--epochs"), QStringLiteral("10")} << QStringLiteral("2")
        << QStringList{QStringLiteral("--epochs"),
                       QStringLiteral("10"),
                       dirArg,
                       jobDir,
                       QStringLiteral("--learning_rate=0.01"),
                       QStringLiteral("--optimizer=adam")};
}

void TestEnvironment::commandLine()
{
    QFETCH(QStringList, userArgs);
    QFETCH(QString, trial);
    QFETCH(QStringList, expectedTail);
    jobspec::Job j = referenceJob();
    j.trainingInput.args = userArgs;
    const service::ClusterLayout l = layoutFor(j);
    EnvironmentOptions o = options();
    o.trialId = trial;
    if (!trial.isEmpty())
        o.trialParameters = {{QStringLiteral("learning_rate"), QStringLiteral("0.01")},
                             {QStringLiteral("optimizer"), QStringLiteral("adam")}};
    const exec::ReplicaLaunch launch = launchOf(j, l, QStringLiteral("chief-0"), o);
    QCOMPARE(launch.program, QStringLiteral("python3"));
    QCOMPARE(launch.arguments,
             QStringList({QStringLiteral("-m"), QStringLiteral("trainer.task")}) + expectedTail);
    // TF_CONFIG's job keeps the spec's args (what the service sends), not the local argv.
    const QJsonObject jobDict = parse(launch.environment.value(QStringLiteral("TF_CONFIG")))
                                    .value(QStringLiteral("job"))
                                    .toObject();
    QCOMPARE(jobDict.value(QStringLiteral("args")).toArray().size(), userArgs.size());
}

void TestEnvironment::pythonInterpreter_data()
{
    QTest::addColumn<QString>("setting");
    QTest::addColumn<QString>("envValue");
    QTest::addColumn<QString>("expected");
    QTest::newRow("default") << QString() << QString() << QStringLiteral("python3");
    QTest::newRow("TRAINYARD_PYTHON")
        << QString() << QStringLiteral("/usr/bin/python3") << QStringLiteral("/usr/bin/python3");
    QTest::newRow("setting wins") << QStringLiteral("/opt/py/bin/python")
                                  << QStringLiteral("/usr/bin/python3")
                                  << QStringLiteral("/opt/py/bin/python");
}

void TestEnvironment::pythonInterpreter()
{
    QFETCH(QString, setting);
    QFETCH(QString, envValue);
    QFETCH(QString, expected);
    EnvironmentOptions o = options();
    o.python = setting;
    if (!envValue.isEmpty())
        o.baseEnvironment.insert(QStringLiteral("TRAINYARD_PYTHON"), envValue);
    QCOMPARE(exec::pythonInterpreter(o), expected);
    const jobspec::Job j = referenceJob();
    QCOMPARE(launchOf(j, layoutFor(j), QStringLiteral("ps-0"), o).program, expected);
}

void TestEnvironment::workingDirectory_data()
{
    QTest::addColumn<QString>("packagePath");
    QTest::addColumn<QString>("oldPythonPath");
    QTest::addColumn<QString>("workingDir");
    QTest::addColumn<QString>("pythonPath");
    QTest::newRow("relative package")
        << QStringLiteral("trainer") << QString() << QStringLiteral("/proj/example")
        << QStringLiteral("/proj/example");
    QTest::newRow("PYTHONPATH prepended")
        << QStringLiteral("src/trainer/") << QStringLiteral("/old:/older")
        << QStringLiteral("/proj/example/src") << QStringLiteral("/proj/example/src:/old:/older");
    QTest::newRow("absolute package") << QStringLiteral("/abs/pkg/trainer") << QString()
                                      << QStringLiteral("/abs/pkg") << QStringLiteral("/abs/pkg");
    QTest::newRow("no package: the base directory")
        << QString() << QString() << QStringLiteral("/proj/example")
        << QStringLiteral("/proj/example");
}

void TestEnvironment::workingDirectory()
{
    QFETCH(QString, packagePath);
    QFETCH(QString, oldPythonPath);
    QFETCH(QString, workingDir);
    QFETCH(QString, pythonPath);
    jobspec::Job j = referenceJob();
    j.local.packagePath = packagePath;
    EnvironmentOptions o = options();
    if (!oldPythonPath.isEmpty())
        o.baseEnvironment.insert(QStringLiteral("PYTHONPATH"), oldPythonPath);
    const exec::ReplicaLaunch launch = launchOf(j, layoutFor(j), QStringLiteral("worker-0"), o);
    QCOMPARE(launch.workingDirectory, workingDir);
    QCOMPARE(launch.environment.value(QStringLiteral("PYTHONPATH")), pythonPath);
}

void TestEnvironment::executableTrainer()
{
    jobspec::Job j = referenceJob();
    j.local.packagePath.clear();
    j.local.executable = QStringLiteral("bin/train");
    const exec::ReplicaLaunch launch = launchOf(j, layoutFor(j), QStringLiteral("chief-0"));
    QCOMPARE(launch.program, QStringLiteral("/proj/example/bin/train"));
    QCOMPARE(launch.arguments, (QStringList{QStringLiteral("--epochs"), QStringLiteral("10"),
                                            QStringLiteral("--job-dir"), jobDir}));
    QCOMPARE(launch.workingDirectory, QStringLiteral("/proj/example/bin"));
    QVERIFY(!launch.environment.contains(QStringLiteral("PYTHONPATH")));
    QVERIFY(launch.environment.contains(QStringLiteral("TF_CONFIG")));
}

void TestEnvironment::specEnvironment()
{
    jobspec::Job j = referenceJob();
    j.local.env = {{QStringLiteral("DATA_DIR"), QStringLiteral("/data set"), QString()},
                   {QStringLiteral("TF_CONFIG"), QStringLiteral("{}"), QString()},
                   {QStringLiteral("PYTHONPATH"), QStringLiteral("/mine"), QString()}};
    const exec::ReplicaLaunch launch = launchOf(j, layoutFor(j), QStringLiteral("chief-0"));
    QCOMPARE(launch.environment.value(QStringLiteral("DATA_DIR")), QStringLiteral("/data set"));
    QVERIFY(launch.environment.value(QStringLiteral("TF_CONFIG")) !=
            QStringLiteral("{}")); // service wins
    QCOMPARE(launch.warnings.size(), 1);
    QVERIFY(launch.warnings.first().contains(QStringLiteral("TF_CONFIG")));
    QCOMPARE(launch.environment.value(QStringLiteral("PYTHONPATH")),
             QStringLiteral("/proj/example:/mine"));
}

void TestEnvironment::secrets()
{
    jobspec::Job j = referenceJob();
    j.local.env = {{QStringLiteral("API_TOKEN"), QString(), QStringLiteral("wandb-token")}};
    const service::ClusterLayout l = layoutFor(j);

    // No resolver: left out and listed.
    exec::ReplicaLaunch launch = launchOf(j, l, QStringLiteral("chief-0"));
    QVERIFY(!launch.environment.contains(QStringLiteral("API_TOKEN")));
    QCOMPARE(launch.skippedSecrets, QStringList{QStringLiteral("API_TOKEN")});

    EnvironmentOptions o = options();
    o.secretResolver = [](const QString &name) -> std::optional<QString> {
        if (name == QLatin1String("wandb-token"))
            return QStringLiteral("s3cr3t");
        return std::nullopt;
    };
    launch = launchOf(j, l, QStringLiteral("chief-0"), o);
    QCOMPARE(launch.environment.value(QStringLiteral("API_TOKEN")), QStringLiteral("s3cr3t"));
    QCOMPARE(launch.secretVariables, QStringList{QStringLiteral("API_TOKEN")});
    QVERIFY(launch.skippedSecrets.isEmpty());

    j.local.env.first().secret = QStringLiteral("missing");
    QString error;
    exec::replicaLaunch(j, l, *l.primary(), o, &error);
    QVERIFY2(error.contains(QStringLiteral("missing")) &&
                 error.contains(QStringLiteral("API_TOKEN")),
             qPrintable(error));
}

void TestEnvironment::localTrainTfConfig()
{
    jobspec::Job j = referenceJob();
    j.trainingInput.evaluator = {};
    const service::ClusterLayout l = layoutFor(j, service::RunStyle::LocalTrain);
    const QJsonObject tf = parse(
        launchOf(j, l, QStringLiteral("worker-1")).environment.value(QStringLiteral("TF_CONFIG")));
    // gcloud local train (docs/service.md §6.3): job = {job_name, args with --job-dir}.
    const QJsonObject jobDict = tf.value(QStringLiteral("job")).toObject();
    QCOMPARE(jobDict.keys(), (QStringList{QStringLiteral("args"), QStringLiteral("job_name")}));
    QCOMPARE(jobDict.value(QStringLiteral("job_name")).toString(), QStringLiteral("trainer.task"));
    QCOMPARE(jobDict.value(QStringLiteral("args")).toArray(),
             QJsonArray({QStringLiteral("--epochs"), QStringLiteral("10"),
                         QStringLiteral("--job-dir"), jobDir}));
    QCOMPARE(tf.value(QStringLiteral("task")).toObject().value(QStringLiteral("index")),
             QJsonValue(1));
    QCOMPARE(
        tf.value(QStringLiteral("cluster")).toObject().value(QStringLiteral("chief")).toArray(),
        QJsonArray({QStringLiteral("localhost:27182")}));

    const service::ClusterLayout single = layoutFor(j, service::RunStyle::LocalTrain, false);
    const QJsonObject tf1 = parse(launchOf(j, single, QStringLiteral("chief-0"))
                                      .environment.value(QStringLiteral("TF_CONFIG")));
    QCOMPARE(tf1.value(QStringLiteral("cluster")).toObject(), QJsonObject());
    QCOMPARE(tf1.value(QStringLiteral("task")).toObject(), QJsonObject());
    QCOMPARE(tf1.value(QStringLiteral("environment")).toString(), QStringLiteral("cloud"));
}

void TestEnvironment::planAndErrors()
{
    jobspec::Job j = referenceJob();
    const service::ClusterLayout l = layoutFor(j);
    const exec::LaunchPlan plan = exec::planLaunch(j, l, options());
    QVERIFY2(plan, qPrintable(plan.error));
    QCOMPARE(plan.replicas.size(), 6);
    for (qsizetype i = 0; i < plan.replicas.size(); ++i)
        QCOMPARE(plan.replicas.at(i).replica.name, l.replicas.at(i).name);

    service::ClusterLayout noPorts = service::planLayout(j, emptyCatalog(), {}).layout;
    QVERIFY(!exec::planLaunch(j, noPorts, options()));

    j.trainingInput.pythonModule.clear();
    const exec::LaunchPlan nothing = exec::planLaunch(j, l, options());
    QVERIFY(!nothing);
    QVERIFY2(nothing.error.contains(QStringLiteral("pythonModule")), qPrintable(nothing.error));
}

void TestEnvironment::preflight()
{
    const QString examples = QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like");
    jobspec::Job j = referenceJob();
    const service::ClusterLayout l = layoutFor(j);
    EnvironmentOptions o = options();
    o.baseDirectory = examples;
    o.python = QStringLiteral("sh"); // any program on PATH
    QCOMPARE(exec::preflight(launchOf(j, l, QStringLiteral("chief-0"), o)), QString());

    o.python = QStringLiteral("no-such-python-3.99");
    QVERIFY(exec::preflight(launchOf(j, l, QStringLiteral("chief-0"), o)).contains(o.python));
    o.python = QStringLiteral("/nonexistent/bin/python9");
    QCOMPARE(exec::preflight(launchOf(j, l, QStringLiteral("chief-0"), o)),
             QStringLiteral("The Python interpreter /nonexistent/bin/python9 does not exist."));

    o.python = QStringLiteral("sh");
    j.trainingInput.pythonModule = QStringLiteral("trainer.missing");
    QVERIFY(exec::preflight(launchOf(j, l, QStringLiteral("chief-0"), o))
                .contains(QStringLiteral("trainer.missing")));

    j.local.packagePath = QStringLiteral("nowhere");
    QVERIFY(exec::preflight(launchOf(j, l, QStringLiteral("chief-0"), o))
                .contains(QStringLiteral("nowhere")));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    jobspec::Job exe = referenceJob();
    exe.local.executable = dir.filePath(QStringLiteral("train.sh"));
    const exec::ReplicaLaunch launch = launchOf(exe, l, QStringLiteral("chief-0"), o);
    QVERIFY(exec::preflight(launch).contains(QStringLiteral("does not exist")));
    QFile script(exe.local.executable);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\n");
    script.close();
    QVERIFY(exec::preflight(launch).contains(QStringLiteral("not executable")));
    script.setPermissions(script.permissions() | QFile::ExeOwner);
    QCOMPARE(exec::preflight(launch), QString());
}

QTEST_GUILESS_MAIN(TestEnvironment)
#include "tst_environment.moc"
