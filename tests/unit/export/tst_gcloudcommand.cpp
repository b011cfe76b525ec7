// SPDX-License-Identifier: MIT
// The exported gcloud command: shell quoting that a real POSIX shell reads back unchanged, the
// command for the reference's full example, and --config for fields without a flag.
#include "common/referencejob.h"
#include "export/gcloud.h"

#include <QFileInfo>
#include <QProcess>
#include <QTest>

using namespace trainyard;
using namespace trainyard::jobspec;
using namespace trainyard::exporters;

namespace {

const QString shell = QStringLiteral("/bin/sh");

// Runs `script` in /bin/sh with `gcloud` defined to print its arguments NUL-separated, and
// returns those arguments: what a user's shell would pass to gcloud.
QStringList wordsFromShell(const QString &script)
{
    QProcess sh;
    sh.start(shell, {QStringLiteral("-c"),
                     QStringLiteral("gcloud() { printf '%s\\0' \"$@\"; }\n") + script});
    if (!sh.waitForFinished(60000) || sh.exitStatus() != QProcess::NormalExit ||
        sh.exitCode() != 0) {
        return {
            QStringLiteral("<shell failed: %1>").arg(QString::fromUtf8(sh.readAllStandardError()))};
    }
    QStringList words;
    const QList<QByteArray> parts = sh.readAllStandardOutput().split('\0');
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) // the last part follows the final NUL
        words << QString::fromUtf8(parts.at(i));
    return words;
}

} // namespace

class TestGcloudCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shellQuote_data();
    void shellQuote();
    void shellReadsQuotedWordsBack_data();
    void shellReadsQuotedWordsBack();
    void fullExample();
    void fullExampleThroughTheShell();
    void configFileName();
    void noConfigWhenEveryFieldHasAFlag();
    void fieldsWithoutFlagNeedConfig_data();
    void fieldsWithoutFlagNeedConfig();
    void hostileArgsSurviveTheShell();
};

void TestGcloudCommand::shellQuote_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("quoted");

    QTest::newRow("plain") << "trainer.task"
                           << "trainer.task";
    QTest::newRow("flag-like") << "--epochs=10"
                               << "--epochs=10";
    QTest::newRow("gs uri") << "gs://b/x-1.tar.gz"
                            << "gs://b/x-1.tar.gz";
    QTest::newRow("empty") << ""
                           << "''";
    QTest::newRow("space") << "a b"
                           << "'a b'";
    QTest::newRow("single quote") << "it's"
                                  << "'it'\\''s'";
    QTest::newRow("only a quote") << "'"
                                  << "''\\'''";
    QTest::newRow("double quote") << "say \"hi\""
                                  << "'say \"hi\"'";
    QTest::newRow("dollar") << "$HOME"
                            << "'$HOME'";
    QTest::newRow("backslash") << "a\\b"
                               << "'a\\b'";
    QTest::newRow("glob") << "*.py"
                          << "'*.py'";
    QTest::newRow("tilde") << "~/x"
                           << "'~/x'";
    QTest::newRow("semicolon") << "a;rm"
                               << "'a;rm'";
    QTest::newRow("non-ASCII") << QStringLiteral("größe") << QStringLiteral("'größe'");
    QTest::newRow("newline") << "a\nb"
                             << "'a\nb'";
}

void TestGcloudCommand::shellQuote()
{
    QFETCH(QString, word);
    QFETCH(QString, quoted);
    QCOMPARE(exporters::shellQuote(word), quoted);
}

void TestGcloudCommand::shellReadsQuotedWordsBack_data()
{
    shellQuote_data();
}

void TestGcloudCommand::shellReadsQuotedWordsBack()
{
    if (!QFileInfo::exists(shell))
        QSKIP("no /bin/sh");
    QFETCH(QString, word);
    QCOMPARE(wordsFromShell(QStringLiteral("gcloud ") + exporters::shellQuote(word)),
             QStringList{word});
}

void TestGcloudCommand::fullExample()
{
    const QString expected = QStringLiteral(
        "# No gcloud flag can set evaluator, hyperparameters, scheduling: save the spec as "
        "config.yaml first (trainyard export --to yaml FILE > config.yaml).\n"
        "gcloud ai-platform jobs submit training census_20240101_120000 \\\n"
        "  --region=us-central1 \\\n"
        "  --scale-tier=custom \\\n"
        "  --master-machine-type=n1-highcpu-16 \\\n"
        "  --master-accelerator=count=4,type=nvidia-tesla-t4 \\\n"
        "  --worker-count=9 \\\n"
        "  --worker-machine-type=n1-highcpu-16 \\\n"
        "  --worker-accelerator=count=4,type=nvidia-tesla-t4 \\\n"
        "  --parameter-server-count=3 \\\n"
        "  --parameter-server-machine-type=n1-highmem-8 \\\n"
        "  --module-name=trainer.task \\\n"
        "  --packages=gs://my-bucket/staging/trainer-0.1.tar.gz \\\n"
        "  --runtime-version=2.11 \\\n"
        "  --python-version=3.7 \\\n"
        "  --job-dir=gs://my-bucket/jobs/census_20240101_120000 \\\n"
        "  --labels=owner=alice,type=prod \\\n"
        "  --config=config.yaml \\\n"
        "  -- --epochs 10\n");
    QCOMPARE(gcloudCommand(test::fullExampleJob(), catalog::Catalog::builtIn()), expected);
}

void TestGcloudCommand::fullExampleThroughTheShell()
{
    if (!QFileInfo::exists(shell))
        QSKIP("no /bin/sh");
    const QStringList words =
        wordsFromShell(gcloudCommand(test::fullExampleJob(), catalog::Catalog::builtIn()));
    QCOMPARE(words.mid(0, 5), (QStringList{QStringLiteral("ai-platform"), QStringLiteral("jobs"),
                                           QStringLiteral("submit"), QStringLiteral("training"),
                                           QStringLiteral("census_20240101_120000")}));
    QCOMPARE(words.mid(words.size() - 3),
             (QStringList{QStringLiteral("--"), QStringLiteral("--epochs"), QStringLiteral("10")}));
    QVERIFY(words.contains(QStringLiteral("--master-accelerator=count=4,type=nvidia-tesla-t4")));
}

void TestGcloudCommand::configFileName()
{
    const QString command = gcloudCommand(test::fullExampleJob(), catalog::Catalog::builtIn(),
                                          QStringLiteral("my job.yaml"));
    QVERIFY2(command.contains(QLatin1String("  --config='my job.yaml' \\\n")), qPrintable(command));
    QVERIFY2(!command.startsWith(QLatin1Char('#')), qPrintable(command));
}

void TestGcloudCommand::noConfigWhenEveryFieldHasAFlag()
{
    Job job = test::fullExampleJob();
    job.trainingInput.evaluator = RoleSpec();
    job.trainingInput.scheduling.reset();
    job.trainingInput.hyperparameters.reset();
    job.trainingInput.useChiefInTfConfig = true;
    job.trainingInput.enableWebAccess = false;
    job.local.packagePath = QStringLiteral("/home/a/trainer");
    job.local.env.append({QStringLiteral("TOKEN"), QString(), QStringLiteral("secret")});
    const QString command =
        gcloudCommand(job, catalog::Catalog::builtIn(), QStringLiteral("c.yaml"));
    QVERIFY2(!command.contains(QLatin1String("--config")), qPrintable(command));
    QVERIFY2(command.contains(QLatin1String("  --use-chief-in-tf-config \\\n")),
             qPrintable(command));
    QVERIFY2(!command.contains(QLatin1String("web-access")), qPrintable(command));
    // The local part never appears, except the package directory.
    QVERIFY2(command.contains(QLatin1String("  --package-path=/home/a/trainer \\\n")),
             qPrintable(command));
    QVERIFY(!command.contains(QLatin1String("TOKEN")));
    QVERIFY(!command.contains(QLatin1String("secret")));
}

void TestGcloudCommand::fieldsWithoutFlagNeedConfig_data()
{
    QTest::addColumn<int>("change");
    QTest::addColumn<QString>("field");

    QTest::newRow("disk") << 0 << "masterConfig.diskConfig";
    QTest::newRow("container command") << 1 << "workerConfig.containerCommand";
    QTest::newRow("local package URI") << 2 << "packageUris";
    QTest::newRow("count without type") << 3 << "parameterServerCount";
    QTest::newRow("accelerator without count") << 4 << "masterConfig.acceleratorConfig";
    QTest::newRow("tpu version on the master") << 5 << "masterConfig.tpuTfVersion";
}

void TestGcloudCommand::fieldsWithoutFlagNeedConfig()
{
    QFETCH(int, change);
    QFETCH(QString, field);

    Job job = test::fullExampleJob();
    TrainingInput &ti = job.trainingInput;
    ti.evaluator = RoleSpec();
    ti.scheduling.reset();
    ti.hyperparameters.reset();
    QVERIFY(!gcloudCommand(job, catalog::Catalog::builtIn()).contains(QLatin1String("--config")));
    switch (change) {
    case 0:
        ti.master.config.diskConfig = DiskConfig{200, QStringLiteral("pd-ssd")};
        break;
    case 1:
        ti.worker.config.containerCommand = {QStringLiteral("python")};
        break;
    case 2:
        ti.packageUris = {QStringLiteral("/tmp/trainer.tar.gz")};
        break;
    case 3:
        ti.parameterServer.type.clear();
        break;
    case 4:
        ti.master.config.acceleratorConfig->count.reset();
        break;
    case 5:
        ti.master.config.tpuTfVersion = QStringLiteral("1.15");
        break;
    }
    const QString command = gcloudCommand(job, catalog::Catalog::builtIn());
    QVERIFY2(
        command.startsWith(QStringLiteral("# No gcloud flag can set ") + field + QLatin1Char(':')),
        qPrintable(command));
    QVERIFY2(command.contains(QLatin1String("  --config=config.yaml \\\n")), qPrintable(command));
}

void TestGcloudCommand::hostileArgsSurviveTheShell()
{
    if (!QFileInfo::exists(shell))
        QSKIP("no /bin/sh");
    Job job;
    job.jobId = QStringLiteral("j");
    job.trainingInput.region = QStringLiteral("us-central1; echo pwned");
    job.trainingInput.args = {QStringLiteral("it's"),
                              QStringLiteral("$(id)"),
                              QStringLiteral("`id`"),
                              QStringLiteral("a\nb"),
                              QString(),
                              QStringLiteral("\\"),
                              QStringLiteral("naïve"),
                              QStringLiteral("--job-dir"),
                              QStringLiteral("-- ")};
    const QStringList words = wordsFromShell(gcloudCommand(job, catalog::Catalog::builtIn()));
    QStringList expected = {
        QStringLiteral("ai-platform"), QStringLiteral("jobs"),
        QStringLiteral("submit"),      QStringLiteral("training"),
        QStringLiteral("j"),           QStringLiteral("--region=us-central1; echo pwned"),
        QStringLiteral("--")};
    expected << job.trainingInput.args;
    QCOMPARE(words, expected);
}

QTEST_GUILESS_MAIN(TestGcloudCommand)
#include "tst_gcloudcommand.moc"
