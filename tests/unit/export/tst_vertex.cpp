// SPDX-License-Identifier: MIT
// The Vertex AI CustomJob export: pool order and shape, machine specs from the spec or a tier's
// catalog shape, container vs Python package specs, and what Vertex cannot express.
#include "common/referencejob.h"
#include "export/vertex.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace trainyard;
using namespace trainyard::jobspec;
using namespace trainyard::exporters;

namespace {

QJsonObject pool(const QJsonObject &customJob, int index)
{
    return customJob.value(QStringLiteral("jobSpec"))
        .toObject()
        .value(QStringLiteral("workerPoolSpecs"))
        .toArray()
        .at(index)
        .toObject();
}

qsizetype poolCount(const QJsonObject &customJob)
{
    return customJob.value(QStringLiteral("jobSpec"))
        .toObject()
        .value(QStringLiteral("workerPoolSpecs"))
        .toArray()
        .size();
}

QJsonObject machine(const QJsonObject &pool)
{
    return pool.value(QStringLiteral("machineSpec")).toObject();
}

const Diagnostic *find(const Diagnostics &diags, const QString &field, Severity severity)
{
    for (const Diagnostic &d : diags) {
        if (d.field == field && d.severity == severity)
            return &d;
    }
    return nullptr;
}

Job basicJob(const QString &tier)
{
    Job job;
    job.jobId = QStringLiteral("basic_job");
    job.trainingInput.scaleTier = tier;
    job.trainingInput.region = QStringLiteral("us-central1");
    job.trainingInput.runtimeVersion = QStringLiteral("2.11");
    job.trainingInput.pythonVersion = QStringLiteral("3.7");
    job.trainingInput.packageUris = {QStringLiteral("gs://b/t.tar.gz")};
    job.trainingInput.pythonModule = QStringLiteral("trainer.task");
    return job;
}

} // namespace

class TestVertex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void customWithAllFourRoles();
    void droppedPartsAreReported();
    void trailingUnusedPoolsAreOmitted_data();
    void trailingUnusedPoolsAreOmitted();
    void basicTier();
    void basicGpuTier();
    void legacyTypesWithoutEquivalentAreErrors_data();
    void legacyTypesWithoutEquivalentAreErrors();
    void legacyTypesAreMappedOnce();
    void packageUrisWhereThePackageIsStaged();
    void runtimeWithoutImageIsOneError();
    void containerSpec();
    void diskSpecAndTopLevelFields();
    void jsonText();
};

void TestVertex::customWithAllFourRoles()
{
    Diagnostics diags;
    const QJsonObject job =
        vertexCustomJob(test::fullExampleJob(), catalog::Catalog::builtIn(), &diags);
    QCOMPARE(job.value(QStringLiteral("displayName")).toString(),
             QStringLiteral("census_20240101_120000"));
    QCOMPARE(job.value(QStringLiteral("labels")).toObject(),
             (QJsonObject{{QStringLiteral("owner"), QStringLiteral("alice")},
                          {QStringLiteral("type"), QStringLiteral("prod")}}));
    QCOMPARE(poolCount(job), 4);

    const QJsonObject master = pool(job, 0);
    QCOMPARE(machine(master),
             (QJsonObject{{QStringLiteral("machineType"), QStringLiteral("n1-highcpu-16")},
                          {QStringLiteral("acceleratorType"), QStringLiteral("NVIDIA_TESLA_T4")},
                          {QStringLiteral("acceleratorCount"), 4}}));
    QCOMPARE(master.value(QStringLiteral("replicaCount")).toString(), QStringLiteral("1"));
    const QJsonObject python = master.value(QStringLiteral("pythonPackageSpec")).toObject();
    QCOMPARE(python.value(QStringLiteral("packageUris")).toArray(),
             QJsonArray{QStringLiteral("gs://my-bucket/staging/trainer-0.1.tar.gz")});
    QCOMPARE(python.value(QStringLiteral("pythonModule")).toString(),
             QStringLiteral("trainer.task"));
    QCOMPARE(python.value(QStringLiteral("args")).toArray(),
             (QJsonArray{QStringLiteral("--epochs"), QStringLiteral("10")}));
    // The pre-built container of runtime 2.11 (catalog vertexImages): GPU build where the pool
    // has GPUs, CPU build elsewhere.
    QCOMPARE(python.value(QStringLiteral("executorImageUri")).toString(),
             QStringLiteral("us-docker.pkg.dev/vertex-ai/training/tf-gpu.2-11:latest"));
    QCOMPARE(pool(job, 2)
                 .value(QStringLiteral("pythonPackageSpec"))
                 .toObject()
                 .value(QStringLiteral("executorImageUri"))
                 .toString(),
             QStringLiteral("us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11:latest"));
    QVERIFY(!master.contains(QStringLiteral("containerSpec")));
    QVERIFY(!master.contains(QStringLiteral("diskSpec")));

    QCOMPARE(pool(job, 1).value(QStringLiteral("replicaCount")).toString(), QStringLiteral("9"));
    QCOMPARE(machine(pool(job, 1)).value(QStringLiteral("acceleratorCount")).toInt(), 4);
    QCOMPARE(pool(job, 2).value(QStringLiteral("replicaCount")).toString(), QStringLiteral("3"));
    QCOMPARE(machine(pool(job, 2)),
             (QJsonObject{{QStringLiteral("machineType"), QStringLiteral("n1-highmem-8")}}));
    QCOMPARE(pool(job, 3).value(QStringLiteral("replicaCount")).toString(), QStringLiteral("1"));
    QCOMPARE(machine(pool(job, 3)).value(QStringLiteral("machineType")).toString(),
             QStringLiteral("n1-highcpu-16"));
    QVERIFY(pool(job, 3).contains(QStringLiteral("pythonPackageSpec")));

    const QJsonObject spec = job.value(QStringLiteral("jobSpec")).toObject();
    QCOMPARE(spec.value(QStringLiteral("scheduling")).toObject(),
             (QJsonObject{{QStringLiteral("timeout"), QStringLiteral("7200s")}}));
    QCOMPARE(spec.value(QStringLiteral("baseOutputDirectory")).toObject(),
             (QJsonObject{{QStringLiteral("outputUriPrefix"),
                           QStringLiteral("gs://my-bucket/jobs/census_20240101_120000")}}));
    QVERIFY(!hasErrors(diags));
}

void TestVertex::droppedPartsAreReported()
{
    Diagnostics diags;
    Job job = test::fullExampleJob();
    job.trainingInput.scheduling->priority = 5;
    job.trainingInput.worker.config.tpuTfVersion = QStringLiteral("1.15");
    vertexCustomJob(job, catalog::Catalog::builtIn(), &diags);
    for (const char *field :
         {"trainingInput.hyperparameters", "trainingInput.scheduling.maxWaitTime",
          "trainingInput.scheduling.priority", "trainingInput.workerConfig.tpuTfVersion",
          "trainingInput.runtimeVersion", "trainingInput.jobDir"}) {
        QVERIFY2(find(diags, QLatin1String(field), Severity::Warning), field);
    }
    const Diagnostic *image =
        find(diags, QStringLiteral("trainingInput.runtimeVersion"), Severity::Warning);
    QVERIFY2(image->message.contains(QLatin1String("availability ended")),
             qPrintable(image->message));
    QVERIFY(!image->message.contains(QLatin1String("(Python )")));
    QVERIFY(!hasErrors(diags));
}

void TestVertex::trailingUnusedPoolsAreOmitted_data()
{
    QTest::addColumn<qint64>("workers");
    QTest::addColumn<qint64>("parameterServers");
    QTest::addColumn<qint64>("evaluators");
    QTest::addColumn<QStringList>("replicaCounts"); // "" for an empty {} pool

    QTest::newRow("master only") << qint64(0) << qint64(0) << qint64(0)
                                 << QStringList{QStringLiteral("1")};
    QTest::newRow("workers") << qint64(2) << qint64(0) << qint64(0)
                             << QStringList{QStringLiteral("1"), QStringLiteral("2")};
    QTest::newRow("ps without workers")
        << qint64(0) << qint64(1) << qint64(0)
        << QStringList{QStringLiteral("1"), QString(), QStringLiteral("1")};
    QTest::newRow("evaluator only")
        << qint64(0) << qint64(0) << qint64(2)
        << QStringList{QStringLiteral("1"), QString(), QString(), QStringLiteral("2")};
}

void TestVertex::trailingUnusedPoolsAreOmitted()
{
    QFETCH(qint64, workers);
    QFETCH(qint64, parameterServers);
    QFETCH(qint64, evaluators);
    QFETCH(QStringList, replicaCounts);

    Job job = test::fullExampleJob();
    job.trainingInput.worker.count = workers;
    job.trainingInput.parameterServer.count = parameterServers;
    job.trainingInput.evaluator.count = evaluators;
    const QJsonObject customJob = vertexCustomJob(job, catalog::Catalog::builtIn());
    QCOMPARE(poolCount(customJob), replicaCounts.size());
    for (int i = 0; i < replicaCounts.size(); ++i) {
        const QJsonObject p = pool(customJob, i);
        if (replicaCounts.at(i).isEmpty())
            QCOMPARE(p, QJsonObject());
        else
            QCOMPARE(p.value(QStringLiteral("replicaCount")).toString(), replicaCounts.at(i));
    }
}

void TestVertex::basicTier()
{
    Diagnostics diags;
    const QJsonObject job =
        vertexCustomJob(basicJob(QStringLiteral("BASIC")), catalog::Catalog::builtIn(), &diags);
    QCOMPARE(poolCount(job), 1);
    // The tier's legacy `standard` becomes the Compute Engine type of the same catalog shape.
    QCOMPARE(machine(pool(job, 0)),
             (QJsonObject{{QStringLiteral("machineType"), QStringLiteral("n1-standard-4")}}));
    QCOMPARE(pool(job, 0).value(QStringLiteral("replicaCount")).toString(), QStringLiteral("1"));
    const Diagnostic *mapped =
        find(diags, QStringLiteral("trainingInput.scaleTier"), Severity::Warning);
    QVERIFY(mapped);
    QVERIFY2(mapped->message.contains(QLatin1String("standard")), qPrintable(mapped->message));
    QVERIFY(!hasErrors(diags));
}

void TestVertex::basicGpuTier()
{
    Diagnostics diags;
    const QJsonObject job =
        vertexCustomJob(basicJob(QStringLiteral("BASIC_GPU")), catalog::Catalog::builtIn(), &diags);
    QCOMPARE(poolCount(job), 1);
    QCOMPARE(machine(pool(job, 0)),
             (QJsonObject{{QStringLiteral("machineType"), QStringLiteral("n1-standard-8")},
                          {QStringLiteral("acceleratorType"), QStringLiteral("NVIDIA_TESLA_K80")},
                          {QStringLiteral("acceleratorCount"), 1}}));
    QVERIFY(!hasErrors(diags));
}

void TestVertex::legacyTypesWithoutEquivalentAreErrors_data()
{
    QTest::addColumn<QString>("tier");
    QTest::addColumn<QString>("masterType");

    QTest::newRow("BASIC_TPU") << "BASIC_TPU"
                               << "";
    QTest::newRow("CUSTOM with cloud_tpu") << "CUSTOM"
                                           << "cloud_tpu";
    QTest::newRow("unknown tier") << "HUGE_1"
                                  << "n1-standard-4";
}

void TestVertex::legacyTypesWithoutEquivalentAreErrors()
{
    QFETCH(QString, tier);
    QFETCH(QString, masterType);

    Job job = basicJob(tier);
    job.trainingInput.master.type = masterType;
    Diagnostics diags;
    const QJsonObject customJob = vertexCustomJob(job, catalog::Catalog::builtIn(), &diags);
    QVERIFY(hasErrors(diags));
    QVERIFY(poolCount(customJob) >= 1); // still a document to look at
}

// complex_model_s (8 vCPUs, 7.2 GB) has no same-shape type; the catalog maps it to
// n1-standard-8, said once per pool that uses it.
void TestVertex::legacyTypesAreMappedOnce()
{
    Job job = basicJob(QStringLiteral("CUSTOM"));
    job.trainingInput.master.type = QStringLiteral("complex_model_s");
    job.trainingInput.worker.type = QStringLiteral("complex_model_s");
    job.trainingInput.worker.count = 3;
    Diagnostics diags;
    const QJsonObject customJob = vertexCustomJob(job, catalog::Catalog::builtIn(), &diags);
    QVERIFY(!hasErrors(diags));
    QCOMPARE(machine(pool(customJob, 0)).value(QStringLiteral("machineType")).toString(),
             QStringLiteral("n1-standard-8"));
    QCOMPARE(machine(pool(customJob, 1)).value(QStringLiteral("machineType")).toString(),
             QStringLiteral("n1-standard-8"));
    int lines = 0;
    for (const Diagnostic &d : diags)
        lines +=
            d.message.contains(QLatin1String("'complex_model_s' runs as n1-standard-8")) ? 1 : 0;
    QCOMPARE(lines, 2); // masterType and workerType
    QSet<QString> seen;
    for (const Diagnostic &d : diags) {
        const QString key = d.field + QLatin1Char('|') + d.message;
        QVERIFY2(!seen.contains(key), qPrintable(key));
        seen.insert(key);
    }
}

// A local package: packageUris where gcloud stages it, never an empty list.
void TestVertex::packageUrisWhereThePackageIsStaged()
{
    Job job = basicJob(QStringLiteral("BASIC"));
    job.jobId = QStringLiteral("staged_1");
    job.trainingInput.packageUris.clear();
    job.local.packagePath = QStringLiteral("src/trainer/");
    job.trainingInput.jobDir = QStringLiteral("gs://b/jobs/staged_1/");
    Diagnostics diags;
    QJsonObject customJob = vertexCustomJob(job, catalog::Catalog::builtIn(), &diags);
    QCOMPARE(pool(customJob, 0)
                 .value(QStringLiteral("pythonPackageSpec"))
                 .toObject()
                 .value(QStringLiteral("packageUris"))
                 .toArray(),
             QJsonArray{QStringLiteral("gs://b/jobs/staged_1/packages/trainer-0.0.0.tar.gz")});
    VertexExportOptions options;
    options.stagingBucket = QStringLiteral("gs://stage");
    customJob = vertexCustomJob(job, catalog::Catalog::builtIn(), options, &diags);
    QCOMPARE(pool(customJob, 0)
                 .value(QStringLiteral("pythonPackageSpec"))
                 .toObject()
                 .value(QStringLiteral("packageUris"))
                 .toArray(),
             QJsonArray{QStringLiteral("gs://stage/staged_1/trainer-0.0.0.tar.gz")});
    job.trainingInput.jobDir.clear();
    bool placeholder = false;
    QCOMPARE(stagedPackageUri(job, QString(), &placeholder),
             QStringLiteral("gs://STAGING_BUCKET/staged_1/trainer-0.0.0.tar.gz"));
    QVERIFY(placeholder);
}

// Runtimes without a Vertex AI image are refused with one line, whatever the pool count.
void TestVertex::runtimeWithoutImageIsOneError()
{
    Job job = test::fullExampleJob();
    job.trainingInput.runtimeVersion = QStringLiteral("1.12");
    job.trainingInput.pythonVersion = QStringLiteral("3.5");
    Diagnostics diags;
    vertexCustomJob(job, catalog::Catalog::builtIn(), &diags);
    int errors = 0;
    for (const Diagnostic &d : diags)
        errors += d.isError() ? 1 : 0;
    QCOMPARE(errors, 1);
    QVERIFY(find(diags, QStringLiteral("trainingInput.runtimeVersion"), Severity::Error));
}

void TestVertex::containerSpec()
{
    Job job = test::fullExampleJob();
    ReplicaConfig &master = job.trainingInput.master.config;
    master.imageUri = QStringLiteral("gcr.io/p/trainer:1");
    master.containerCommand = {QStringLiteral("python"), QStringLiteral("-m"),
                               QStringLiteral("trainer")};
    job.trainingInput.parameterServer.config.imageUri = QStringLiteral("gcr.io/p/ps:1");
    job.trainingInput.parameterServer.config.containerArgs = {QStringLiteral("--ps")};
    Diagnostics diags;
    const QJsonObject customJob = vertexCustomJob(job, catalog::Catalog::builtIn(), &diags);

    QCOMPARE(pool(customJob, 0).value(QStringLiteral("containerSpec")).toObject(),
             (QJsonObject{{QStringLiteral("imageUri"), QStringLiteral("gcr.io/p/trainer:1")},
                          {QStringLiteral("command"),
                           QJsonArray{QStringLiteral("python"), QStringLiteral("-m"),
                                      QStringLiteral("trainer")}},
                          {QStringLiteral("args"),
                           QJsonArray{QStringLiteral("--epochs"), QStringLiteral("10")}}}));
    QVERIFY(!pool(customJob, 0).contains(QStringLiteral("pythonPackageSpec")));
    // Workers inherit the master's image; parameter servers have their own.
    QCOMPARE(pool(customJob, 1)
                 .value(QStringLiteral("containerSpec"))
                 .toObject()
                 .value(QStringLiteral("imageUri"))
                 .toString(),
             QStringLiteral("gcr.io/p/trainer:1"));
    QCOMPARE(pool(customJob, 2).value(QStringLiteral("containerSpec")).toObject(),
             (QJsonObject{{QStringLiteral("imageUri"), QStringLiteral("gcr.io/p/ps:1")},
                          {QStringLiteral("args"), QJsonArray{QStringLiteral("--ps")}}}));
    // No Python package anywhere: no executor image to miss.
    QVERIFY(!find(diags, QStringLiteral("trainingInput.runtimeVersion"), Severity::Warning));
}

void TestVertex::diskSpecAndTopLevelFields()
{
    Job job = test::fullExampleJob();
    job.trainingInput.worker.config.diskConfig = DiskConfig{250, QStringLiteral("pd-standard")};
    job.trainingInput.serviceAccount = QStringLiteral("sa@p.iam.gserviceaccount.com");
    job.trainingInput.network = QStringLiteral("projects/1/global/networks/n");
    job.trainingInput.kmsKeyName = QStringLiteral("projects/p/locations/l/keyRings/r/cryptoKeys/k");
    job.trainingInput.enableWebAccess = true;
    const QJsonObject customJob = vertexCustomJob(job, catalog::Catalog::builtIn());
    QCOMPARE(pool(customJob, 1).value(QStringLiteral("diskSpec")).toObject(),
             (QJsonObject{{QStringLiteral("bootDiskType"), QStringLiteral("pd-standard")},
                          {QStringLiteral("bootDiskSizeGb"), 250}}));
    QVERIFY(!pool(customJob, 0).contains(QStringLiteral("diskSpec")));
    const QJsonObject spec = customJob.value(QStringLiteral("jobSpec")).toObject();
    QCOMPARE(spec.value(QStringLiteral("serviceAccount")).toString(),
             job.trainingInput.serviceAccount);
    QCOMPARE(spec.value(QStringLiteral("network")).toString(), job.trainingInput.network);
    QCOMPARE(spec.value(QStringLiteral("enableWebAccess")).toBool(), true);
    QCOMPARE(customJob.value(QStringLiteral("encryptionSpec")).toObject(),
             (QJsonObject{{QStringLiteral("kmsKeyName"), job.trainingInput.kmsKeyName}}));
}

void TestVertex::jsonText()
{
    const QByteArray text =
        vertexCustomJobJson(test::fullExampleJob(), catalog::Catalog::builtIn());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(doc.object(), vertexCustomJob(test::fullExampleJob(), catalog::Catalog::builtIn()));
    QVERIFY(text.contains("\n    \"jobSpec\"")); // indented
}

QTEST_GUILESS_MAIN(TestVertex)
#include "tst_vertex.moc"
