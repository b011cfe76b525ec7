// SPDX-License-Identifier: MIT
// `trainyard export` through the real binary: YAML round trip, the gcloud command as a shell
// reads it, Vertex JSON, and refusing specs with errors.
#include "clirunner.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace clitest;

class TestCliExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void exportYaml();
    void exportGcloud();
    void exportVertex();
    void exportRefusesSpecWithErrors();
    void exportRefusesWhatVertexCannotExpress();
    void exportRefusesImportErrors();

private:
    QTemporaryDir m_tmp;
};

void TestCliExport::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(TRAINYARD_BINARY)).isExecutable(), TRAINYARD_BINARY);
    QVERIFY(m_tmp.isValid());
}

void TestCliExport::exportYaml()
{
    const Result r = run({QStringLiteral("export"), QStringLiteral("--to=yaml"),
                          QStringLiteral("--region=europe-west4"), QStringLiteral("valid.yaml"),
                          QStringLiteral("--"), QStringLiteral("--lr=0.1")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("census_20240101_120000")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("europe-west4")), qPrintable(r.out));
    QVERIFY(!r.out.contains(QLatin1String("--epochs")));
    // The export is a spec again, with the flags baked in.
    const QString path = m_tmp.filePath(QStringLiteral("exported.yaml"));
    QVERIFY(writeFile(path, r.out.toUtf8()));
    const Result again = runIn(m_tmp.path(), {QStringLiteral("export"), QStringLiteral("--to=yaml"),
                                              QStringLiteral("exported.yaml")});
    VERIFY_RAN(again);
    QCOMPARE(again.code, 0);
    QCOMPARE(again.out, r.out);
}

void TestCliExport::exportGcloud()
{
    if (!QFileInfo::exists(QStringLiteral("/bin/sh")))
        QSKIP("no /bin/sh");
    const Result r = run({QStringLiteral("export"), QStringLiteral("--to"),
                          QStringLiteral("gcloud"), QStringLiteral("--config-file=my config.yaml"),
                          QStringLiteral("valid.yaml"), QStringLiteral("--"),
                          QStringLiteral("--name"), QStringLiteral("it's $HOME"), QString()});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList words = shellWords(r.out);
    const QStringList expected = {
        QStringLiteral("ai-platform"),
        QStringLiteral("jobs"),
        QStringLiteral("submit"),
        QStringLiteral("training"),
        QStringLiteral("census_20240101_120000"),
        QStringLiteral("--region=us-central1"),
        QStringLiteral("--scale-tier=custom"),
        QStringLiteral("--master-machine-type=n1-highcpu-16"),
        QStringLiteral("--master-accelerator=count=4,type=nvidia-tesla-t4"),
        QStringLiteral("--worker-count=9"),
        QStringLiteral("--worker-machine-type=n1-highcpu-16"),
        QStringLiteral("--worker-accelerator=count=4,type=nvidia-tesla-t4"),
        QStringLiteral("--parameter-server-count=3"),
        QStringLiteral("--parameter-server-machine-type=n1-highmem-8"),
        QStringLiteral("--module-name=trainer.task"),
        QStringLiteral("--packages=gs://my-bucket/staging/trainer-0.1.tar.gz"),
        QStringLiteral("--runtime-version=2.11"),
        QStringLiteral("--python-version=3.7"),
        QStringLiteral("--job-dir=gs://my-bucket/jobs/census_20240101_120000"),
        QStringLiteral("--labels=owner=alice,type=prod"),
        QStringLiteral("--config=my config.yaml"),
        QStringLiteral("--"),
        QStringLiteral("--name"),
        QStringLiteral("it's $HOME"),
        QString()};
    QCOMPARE(words, expected);
}

void TestCliExport::exportVertex()
{
    const Result r = run(
        {QStringLiteral("export"), QStringLiteral("--to=vertex"), QStringLiteral("valid.yaml")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonParseError error;
    const QJsonObject job = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(job.value(QStringLiteral("displayName")).toString(),
             QStringLiteral("census_20240101_120000"));
    const QJsonArray pools = job.value(QStringLiteral("jobSpec"))
                                 .toObject()
                                 .value(QStringLiteral("workerPoolSpecs"))
                                 .toArray();
    QCOMPARE(pools.size(), 4);
    // What Vertex cannot take (hyperparameters, maxWaitTime) is reported, not silently lost.
    QVERIFY2(r.err.contains(QLatin1String("warning: trainingInput.hyperparameters")),
             qPrintable(r.err));
}

void TestCliExport::exportRefusesSpecWithErrors()
{
    const QStringList args = {QStringLiteral("export"), QStringLiteral("--to=gcloud"),
                              QStringLiteral("badcount.yaml")};
    const Result r = run(args);
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(QLatin1String("badcount.yaml: not exported")), qPrintable(r.err));

    const Result forced = run(QStringList(args) << QStringLiteral("--force"));
    VERIFY_RAN(forced);
    QCOMPARE(forced.code, 0);
    QVERIFY(forced.out.startsWith(QLatin1String("gcloud ai-platform jobs submit training")));
    QVERIFY(forced.err.contains(QLatin1String(": error: ")));
}

void TestCliExport::exportRefusesWhatVertexCannotExpress()
{
    // legacy.yaml validates, and gcloud takes it; the Vertex export has no Cloud TPU worker.
    const Result check = run({QStringLiteral("validate"), QStringLiteral("legacy.yaml")});
    VERIFY_RAN(check);
    QVERIFY2(check.code == 0, qPrintable(check.err));
    const Result gcloud = run(
        {QStringLiteral("export"), QStringLiteral("--to=gcloud"), QStringLiteral("legacy.yaml")});
    VERIFY_RAN(gcloud);
    QCOMPARE(gcloud.code, 0);

    const QStringList args = {QStringLiteral("export"), QStringLiteral("--to=vertex"),
                              QStringLiteral("legacy.yaml")};
    const Result vertex = run(args);
    VERIFY_RAN(vertex);
    QCOMPARE(vertex.code, 1);
    QVERIFY(vertex.out.isEmpty());
    QVERIFY2(vertex.err.contains(QLatin1String("error: trainingInput.workerType: 'cloud_tpu' has "
                                               "no equivalent")),
             qPrintable(vertex.err));
    const Result forced = run(QStringList(args) << QStringLiteral("--force"));
    VERIFY_RAN(forced);
    QCOMPARE(forced.code, 0);
    QVERIFY(!QJsonDocument::fromJson(forced.out.toUtf8()).isNull());
}

void TestCliExport::exportRefusesImportErrors()
{
    for (const char *file : {"typeerror.yaml", "syntax.yaml"}) {
        const Result r = run({QStringLiteral("export"), QStringLiteral("--to=yaml"),
                              QStringLiteral("--force"), QLatin1String(file)});
        VERIFY_RAN(r);
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains(QLatin1String(": error: ")), qPrintable(r.err));
    }
}

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cliexport.moc"
