// SPDX-License-Identifier: MIT
// What users paste: --config and gcloud's client-side flags on validate/export, whole gcloud
// commands through import-gcloud, Vertex AI JSON that can be submitted, one error for a file
// that does not parse, JSON surrogate pairs, and environments too large for execve.
#include "clirunner.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace clitest;

namespace {

QJsonArray diagnosticsOf(const Result &r)
{
    return QJsonDocument::fromJson(r.out.toUtf8())
        .object()
        .value(QStringLiteral("files"))
        .toArray()
        .at(0)
        .toObject()
        .value(QStringLiteral("diagnostics"))
        .toArray();
}

int countSeverity(const QJsonArray &diags, const QString &severity)
{
    int n = 0;
    for (const QJsonValue &d : diags)
        n += d.toObject().value(QStringLiteral("severity")).toString() == severity ? 1 : 0;
    return n;
}

} // namespace

class TestCliGcloud : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void configFlagAndClientFlags();
    void choiceSpellingsOnTheCommandLine();
    void syntaxErrorIsReportedAlone();
    void jsonSurrogatePairs();
    void environmentTooLargeForExecve();
    void importGcloudPrintsTheConfig();
    void importGcloudFromStdin();
    void importGcloudReadmeSnippet();
    void vertexExportCanBeSubmitted();
    void retiredRuntimeNamesItsReplacement();

private:
    QTemporaryDir m_tmp;
};

void TestCliGcloud::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(TRAINYARD_BINARY)).isExecutable(), TRAINYARD_BINARY);
    QVERIFY(m_tmp.isValid());
}

void TestCliGcloud::configFlagAndClientFlags()
{
    const Result r =
        run({QStringLiteral("validate"), QStringLiteral("--config"), QStringLiteral("valid.yaml"),
             QStringLiteral("--staging-bucket"), QStringLiteral("gs://b"),
             QStringLiteral("--stream-logs"), QStringLiteral("--project=p"),
             QStringLiteral("--quiet"), QStringLiteral("--verbosity"), QStringLiteral("debug")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char *flag : {"--staging-bucket=gs://b", "--stream-logs", "--project=p", "--quiet",
                             "--verbosity=debug"}) {
        QVERIFY2(r.err.contains(QLatin1String(flag) + QStringLiteral(" only steers the gcloud "
                                                                     "client; ignored here")),
                 qPrintable(r.err));
    }
    // validate's own --format stays validate's.
    const Result json = run({QStringLiteral("validate"), QStringLiteral("--format=json"),
                             QStringLiteral("--async"), QStringLiteral("--config=valid.yaml")});
    VERIFY_RAN(json);
    QCOMPARE(json.code, 0);
    QVERIFY(QJsonDocument::fromJson(json.out.toUtf8()).isObject());
    // Once per file: where the spec would run today.
    QCOMPARE(json.out.count(QLatin1String("\"today\"")), 1);
    QVERIFY(json.out.contains(QLatin1String("Vertex AI")));
}

void TestCliGcloud::choiceSpellingsOnTheCommandLine()
{
    for (const char *tier : {"BASIC_GPU", "basic_gpu", "Basic-Gpu", "basic-gpu"}) {
        const Result r = run({QStringLiteral("export"), QStringLiteral("--to=yaml"),
                              QStringLiteral("--scale-tier"), QLatin1String(tier),
                              QStringLiteral("valid.yaml")});
        VERIFY_RAN(r);
        // Not a usage error and not an unknown tier: the spelling is gcloud's.
        QVERIFY2(!r.err.contains(QLatin1String("unknown scale tier")), qPrintable(r.err));
    }
    const Result acc = run({QStringLiteral("export"), QStringLiteral("--to=yaml"),
                            QStringLiteral("--master-accelerator=count=2,type=NVIDIA_TESLA_V100"),
                            QStringLiteral("valid.yaml")});
    VERIFY_RAN(acc);
    QVERIFY2(acc.code == 0, qPrintable(acc.err));
    QVERIFY(acc.out.contains(QLatin1String("NVIDIA_TESLA_V100")));
}

void TestCliGcloud::syntaxErrorIsReportedAlone()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("--format=json"),
                          QStringLiteral("syntax.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    const QJsonArray diags = diagnosticsOf(r);
    QCOMPARE(countSeverity(diags, QStringLiteral("error")), 1);
    QVERIFY(diags.at(0)
                .toObject()
                .value(QStringLiteral("message"))
                .toString()
                .contains(QLatin1String("YAML syntax error")));
    QVERIFY(!r.out.contains(QLatin1String("is required")));
}

void TestCliGcloud::jsonSurrogatePairs()
{
    // Python's json.dumps(ensure_ascii=True) writes U+1F680 as a surrogate pair.
    const QString path = m_tmp.filePath(QStringLiteral("rocket.json"));
    const QByteArray json = R"({"jobId": "rocket_1", "trainingInput": {"scaleTier": "BASIC",
        "region": "us-central1", "runtimeVersion": "2.11", "pythonModule": "trainer.task",
        "packageUris": ["gs://b/t.tar.gz"], "args": ["--emoji", "\ud83d\ude80", "\\ud83d"]}})";
    QVERIFY(writeFile(path, json));
    const Result r = runIn(m_tmp.path(), {QStringLiteral("export"), QStringLiteral("--to=yaml"),
                                          QStringLiteral("rocket.json")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QString::fromUtf8("\xF0\x9F\x9A\x80")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("\\ud83d")), qPrintable(r.out)); // escaped backslash
}

void TestCliGcloud::environmentTooLargeForExecve()
{
    const QString path = m_tmp.filePath(QStringLiteral("bigenv.yaml"));
    QByteArray yaml = "jobId: big_env\ntrainingInput:\n  scaleTier: BASIC\n"
                      "  pythonModule: trainer.task\ntrainyardLocal:\n  packagePath: .\n"
                      "  env:\n    SMALL: ok\n    HUGE: ";
    yaml += QByteArray(131072, 'x') + "\n";
    QVERIFY(writeFile(path, yaml));
    const Result r = runIn(m_tmp.path(), {QStringLiteral("validate"), QStringLiteral("--local"),
                                          QStringLiteral("bigenv.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QLatin1String("trainyardLocal.env.HUGE")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("131071")), qPrintable(r.err));
    QVERIFY(!r.err.contains(QLatin1String("trainyardLocal.env.SMALL")));
}

void TestCliGcloud::importGcloudPrintsTheConfig()
{
    QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("hp.yaml")),
                      "trainingInput:\n  hyperparameters:\n    goal: MINIMIZE\n    params:\n"
                      "      - {parameterName: lr, type: DOUBLE, minValue: 0.01, "
                      "maxValue: 0.1}\n"));
    QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("submit.sh")),
                      "#!/bin/bash\nREGION=europe-west1\n"
                      "gcloud ml-engine jobs submit training hp_job_1 \\\n"
                      "  --region $REGION --scale-tier STANDARD_1 \\\n"
                      "  --runtime-version 1.15 --python-version 3.7 \\\n"
                      "  --module-name trainer.task --packages gs://b/t.tar.gz \\\n"
                      "  --staging-bucket gs://b --config hp.yaml \\\n"
                      "  -- --data $DATA\n"));
    const Result r =
        runIn(m_tmp.path(), {QStringLiteral("import-gcloud"), QStringLiteral("submit.sh")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char *part : {"jobId: hp_job_1", "scaleTier: STANDARD_1", "region: europe-west1",
                             "runtimeVersion: \"1.15\"", "parameterName: lr", "$DATA"})
        QVERIFY2(r.out.contains(QLatin1String(part)), qPrintable(r.out));
    QVERIFY2(r.err.contains(QLatin1String("--staging-bucket=gs://b only steers")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("$DATA is not set")), qPrintable(r.err));
    // The printed YAML is a spec again.
    QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("imported.yaml")), r.out.toUtf8()));
    const Result again =
        runIn(m_tmp.path(), {QStringLiteral("validate"), QStringLiteral("imported.yaml")});
    VERIFY_RAN(again);
    QVERIFY2(again.code == 0, qPrintable(again.err));
}

// A README snippet whole (the shape of GoogleCloudPlatform/cloudml-samples,
// census/estimator/README.md): the $(date +FORMAT) job name evaluated, unset variables listed.
void TestCliGcloud::importGcloudReadmeSnippet()
{
    QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("readme.sh")),
                      "JOB_NAME=census_$(date +%Y%m%d_%H%M%S)\n"
                      "OUTPUT_PATH=gs://$BUCKET_NAME/$JOB_NAME\n"
                      "gcloud ai-platform jobs submit training $JOB_NAME \\\n"
                      "    --job-dir $OUTPUT_PATH \\\n"
                      "    --runtime-version 2.11 --python-version 3.7 \\\n"
                      "    --module-name trainer.task \\\n"
                      "    --package-path trainer/ \\\n"
                      "    --region us-central1 \\\n"
                      "    -- \\\n"
                      "    --train-files $TRAIN_DATA\n"));
    const Result r =
        runIn(m_tmp.path(), {QStringLiteral("import-gcloud"), QStringLiteral("readme.sh")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    static const QRegularExpression stamped(QStringLiteral("jobId: census_\\d{8}_\\d{6}\n"));
    QVERIFY2(stamped.match(r.out).hasMatch(), qPrintable(r.out));
    QVERIFY2(!r.out.contains(QLatin1String("$(date")), qPrintable(r.out));
    for (const char *name : {"$BUCKET_NAME is not set", "$TRAIN_DATA is not set"})
        QVERIFY2(r.err.contains(QLatin1String(name)), qPrintable(r.err));
}

void TestCliGcloud::importGcloudFromStdin()
{
    QProcess p;
    p.start(QStringLiteral(TRAINYARD_BINARY),
            {QStringLiteral("import-gcloud"), QStringLiteral("-")});
    QVERIFY(p.waitForStarted());
    p.write("gcloud ai-platform jobs submit training j1 --region us-central1 "
            "--master-image-uri gcr.io/p/i:1 --scale-tier basic\n");
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(hangGuardMs));
    QCOMPARE(p.exitCode(), 0);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(out.contains(QLatin1String("imageUri: gcr.io/p/i:1")), qPrintable(out));

    QProcess bad;
    bad.start(QStringLiteral(TRAINYARD_BINARY), {QStringLiteral("import-gcloud")});
    QVERIFY(bad.waitForStarted());
    bad.write("gcloud compute instances list\n");
    bad.closeWriteChannel();
    QVERIFY(bad.waitForFinished(hangGuardMs));
    QCOMPARE(bad.exitCode(), 1);
    QVERIFY(bad.readAllStandardError().contains("not a training command"));
}

void TestCliGcloud::vertexExportCanBeSubmitted()
{
    QVERIFY(QDir(m_tmp.path()).mkpath(QStringLiteral("trainer")));
    QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("trainer/__init__.py")), ""));
    QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("trainer/task.py")), "print('hi')\n"));
    const QString path = m_tmp.filePath(QStringLiteral("legacy.yaml"));
    QVERIFY(writeFile(path, "jobId: legacy_1\ntrainingInput:\n  scaleTier: CUSTOM\n"
                            "  region: us-central1\n  runtimeVersion: '1.15'\n"
                            "  pythonModule: trainer.task\n"
                            "  jobDir: gs://my-bucket/jobs/legacy_1\n"
                            "  masterType: complex_model_s\n  workerType: complex_model_s\n"
                            "  workerCount: 2\ntrainyardLocal:\n  packagePath: trainer\n"));
    const Result r =
        runIn(m_tmp.path(), {QStringLiteral("export"), QStringLiteral("--to=vertex"),
                             QStringLiteral("--local"), QStringLiteral("legacy.yaml")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject job = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray pools = job.value(QStringLiteral("jobSpec"))
                                 .toObject()
                                 .value(QStringLiteral("workerPoolSpecs"))
                                 .toArray();
    QCOMPARE(pools.size(), 2);
    for (const QJsonValue &pool : pools) {
        const QJsonObject py =
            pool.toObject().value(QStringLiteral("pythonPackageSpec")).toObject();
        QCOMPARE(py.value(QStringLiteral("executorImageUri")).toString(),
                 QStringLiteral("us-docker.pkg.dev/vertex-ai/training/tf-cpu.1-15:latest"));
        QCOMPARE(py.value(QStringLiteral("packageUris")).toArray(),
                 QJsonArray{
                     QStringLiteral("gs://my-bucket/jobs/legacy_1/packages/trainer-0.0.0.tar.gz")});
        QCOMPARE(pool.toObject()
                     .value(QStringLiteral("machineSpec"))
                     .toObject()
                     .value(QStringLiteral("machineType"))
                     .toString(),
                 QStringLiteral("n1-standard-8"));
    }
    // complex_model_s is named once per pool that uses it; no "(Python )", no line twice.
    QCOMPARE(r.err.count(QLatin1String("'complex_model_s' runs as n1-standard-8")), 2);
    QVERIFY(!r.err.contains(QLatin1String("(Python )")));
    const QStringList lines = r.errLines();
    QCOMPARE(QSet<QString>(lines.cbegin(), lines.cend()).size(), lines.size());

    // A staging bucket from the command line is where the package goes.
    const Result staged =
        runIn(m_tmp.path(),
              {QStringLiteral("export"), QStringLiteral("--to=vertex"), QStringLiteral("--local"),
               QStringLiteral("--staging-bucket=gs://stage"), QStringLiteral("legacy.yaml")});
    VERIFY_RAN(staged);
    QVERIFY2(staged.out.contains(QLatin1String("gs://stage/legacy_1/trainer-0.0.0.tar.gz")),
             qPrintable(staged.out));

    // A runtime with no Vertex AI image is refused with one line.
    const Result old =
        runIn(m_tmp.path(),
              {QStringLiteral("export"), QStringLiteral("--to=vertex"), QStringLiteral("--local"),
               QStringLiteral("--runtime-version=1.13"), QStringLiteral("legacy.yaml")});
    VERIFY_RAN(old);
    QCOMPARE(old.code, 1);
    QCOMPARE(old.err.count(QLatin1String("no Vertex AI pre-built training image")), 1);
}

void TestCliGcloud::retiredRuntimeNamesItsReplacement()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("--runtime-version=1.13"),
                          QStringLiteral("--python-version=3.5"), QStringLiteral("valid.yaml")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err)); // retired: a warning, the spec is not wrong
    QVERIFY2(r.err.contains(QLatin1String("--runtime-version: warning")) ||
                 r.err.contains(QLatin1String("runtime 1.13")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("no longer offered")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("use 1.15 or 2.x")), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCliGcloud)
#include "tst_cligcloud.moc"
