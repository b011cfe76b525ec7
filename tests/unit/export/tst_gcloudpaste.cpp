// SPDX-License-Identifier: MIT
// gcloud's normalisation of choice flags (calliope base._ChoiceValueType for --scale-tier,
// arg_utils.ChoiceToEnum for the accelerator type=), and pasted gcloud command lines: shell
// words, continuation lines, $VARIABLES, client-side flags, --config and the user arguments.
#include "catalog/catalog.h"
#include "export/commandline.h"
#include "export/gcloud.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::jobspec;
using namespace trainyard::exporters;

namespace {

QStringList sl(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *item : items)
        out << QString::fromUtf8(item);
    return out;
}

Diagnostics apply(Job &job, const QString &flag, const QString &value)
{
    SourceMap sources;
    FlagOverrides f;
    f.flags.append({flag, value});
    return applyFlags(job, sources, f, catalog::Catalog::builtIn());
}

bool hasMessage(const Diagnostics &diags, const QString &part)
{
    for (const Diagnostic &d : diags) {
        if (d.message.contains(part))
            return true;
    }
    return false;
}

} // namespace

class TestGcloudPaste : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scaleTierSpellings_data();
    void scaleTierSpellings();
    void everyTierInEverySpelling();
    void everyAcceleratorInEverySpelling();
    void unknownChoiceNamedAsTyped();
    void shellWords_data();
    void shellWords();
    void pasteMultiLineCommand();
    void pasteWithVariablesAndAssignments();
    void pasteReadmeSnippetWithDate();
    void pasteLocalTrainAndGlobalFlags();
    void pasteRejectsOtherCommands();
    void importReadsConfigAndAppliesFlags();
    void packagesTakeLocalArchives();
};

void TestGcloudPaste::scaleTierSpellings_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("tier");
    for (const char *s : {"STANDARD_1", "standard_1", "Standard-1", "standard-1", "STANDARD-1"})
        QTest::newRow(s) << QString::fromLatin1(s) << QStringLiteral("STANDARD_1");
    for (const char *s : {"BASIC_GPU", "basic_gpu", "basic-gpu", "Basic-Gpu"})
        QTest::newRow(s) << QString::fromLatin1(s) << QStringLiteral("BASIC_GPU");
    QTest::newRow("custom") << QStringLiteral("custom") << QStringLiteral("CUSTOM");
    QTest::newRow("CUSTOM") << QStringLiteral("CUSTOM") << QStringLiteral("CUSTOM");
}

void TestGcloudPaste::scaleTierSpellings()
{
    QFETCH(QString, typed);
    QFETCH(QString, tier);
    Job job;
    const Diagnostics diags = apply(job, QStringLiteral("scale-tier"), typed);
    QVERIFY2(diags.isEmpty(), qPrintable(diags.value(0).message));
    QCOMPARE(job.trainingInput.scaleTier, tier);
}

void TestGcloudPaste::everyTierInEverySpelling()
{
    for (const catalog::ScaleTier &t : catalog::Catalog::builtIn().scaleTiers) {
        QString underscore = t.name;
        const QStringList spellings = {t.name, t.name.toLower(), t.gcloudName,
                                       t.gcloudName.toUpper(),
                                       underscore.replace(QLatin1Char('_'), QLatin1Char('-'))};
        for (const QString &s : spellings) {
            Job job;
            const Diagnostics diags = apply(job, QStringLiteral("scale-tier"), s);
            QVERIFY2(diags.isEmpty(), qPrintable(s));
            QCOMPARE(job.trainingInput.scaleTier, t.name);
        }
    }
}

void TestGcloudPaste::everyAcceleratorInEverySpelling()
{
    for (const catalog::AcceleratorType &a : catalog::Catalog::builtIn().accelerators) {
        QString dashed = a.type;
        dashed.replace(QLatin1Char('_'), QLatin1Char('-'));
        const QStringList spellings = {a.type, a.gcloudName, a.type.toLower(),
                                       a.gcloudName.toUpper(), dashed};
        for (const QString &s : spellings) {
            Job job;
            const Diagnostics diags = apply(job, QStringLiteral("worker-accelerator"),
                                            QStringLiteral("count=1,type=") + s);
            QVERIFY2(diags.isEmpty(), qPrintable(s));
            QCOMPARE(job.trainingInput.worker.config.acceleratorConfig->type, a.type);
        }
    }
}

void TestGcloudPaste::unknownChoiceNamedAsTyped()
{
    Job job;
    Diagnostics diags = apply(job, QStringLiteral("scale-tier"), QStringLiteral("Premium_2"));
    QCOMPARE(diags.size(), 1);
    QVERIFY2(diags.first().message.contains(QLatin1String("'Premium_2'")),
             qPrintable(diags.first().message));
    diags = apply(job, QStringLiteral("master-accelerator"),
                  QStringLiteral("count=1,type=Nvidia-Tesla-X9"));
    QCOMPARE(diags.size(), 1);
    QVERIFY2(diags.first().message.contains(QLatin1String("'Nvidia-Tesla-X9'")),
             qPrintable(diags.first().message));
}

void TestGcloudPaste::shellWords_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("words");
    QTest::newRow("plain") << QStringLiteral("a b  c") << sl({"a", "b", "c"});
    QTest::newRow("single quotes") << QStringLiteral("--x='a b' 'c\"d'") << sl({"--x=a b", "c\"d"});
    QTest::newRow("double quotes")
        << QStringLiteral("\"a \\\"b\\\" $\" x") << sl({"a \"b\" $", "x"});
    QTest::newRow("escaped space") << QStringLiteral("a\\ b") << sl({"a b"});
    QTest::newRow("comment") << QStringLiteral("a # b c") << sl({"a"});
    QTest::newRow("unset variable stays")
        << QStringLiteral("--job-dir=$JOB_DIR/x ${B}") << sl({"--job-dir=$JOB_DIR/x", "${B}"});
    QTest::newRow("pattern in single quotes")
        << QStringLiteral("'gs://b/train*.tfrecord'") << sl({"gs://b/train*.tfrecord"});
}

void TestGcloudPaste::shellWords()
{
    QFETCH(QString, text);
    QFETCH(QStringList, words);
    QCOMPARE(exporters::shellWords(text, {}), words);
}

void TestGcloudPaste::pasteMultiLineCommand()
{
    const GcloudCommandLine cmd = parseGcloudCommand(
        QStringLiteral("gcloud ai-platform jobs submit training census_1 \\\n"
                       "  --scale-tier basic_gpu \\\n"
                       "  --region us-central1 \\\n"
                       "  --staging-bucket gs://my-staging \\\n"
                       "  --package-path trainer/ --module-name trainer.task \\\n"
                       "  --config hptuning_config.yaml \\\n"
                       "  --stream-logs \\\n"
                       "  -- \\\n"
                       "  --epochs 10 --name 'two words'\n"));
    QVERIFY(cmd.isCommand);
    QVERIFY2(cmd.ok(), qPrintable(cmd.diagnostics.value(0).message));
    QCOMPARE(cmd.jobId, QStringLiteral("census_1"));
    QCOMPARE(cmd.configFile, QStringLiteral("hptuning_config.yaml"));
    QCOMPARE(cmd.ignored.size(), 2);
    QCOMPARE(cmd.ignored.at(0).text(), QStringLiteral("--staging-bucket=gs://my-staging"));
    QCOMPARE(cmd.ignored.at(1).text(), QStringLiteral("--stream-logs"));
    QVERIFY(cmd.flags.hasUserArgs);
    QCOMPARE(cmd.flags.userArgs, (sl({"--epochs", "10", "--name", "two words"})));
    QStringList names;
    for (const FlagOverrides::Flag &f : cmd.flags.flags)
        names << f.name + QLatin1Char('=') + f.value;
    QCOMPARE(names, (sl({"job-id=census_1", "scale-tier=basic_gpu", "region=us-central1",
                         "package-path=trainer/", "module-name=trainer.task"})));
}

void TestGcloudPaste::pasteWithVariablesAndAssignments()
{
    const GcloudCommandLine cmd = parseGcloudCommand(
        QStringLiteral("#!/bin/bash\n"
                       "BUCKET_NAME=gs://yt8m_train\n"
                       "export REGION=us-east1\n"
                       "JOB_NAME=yt8m_train_1; gcloud --verbosity=debug ml-engine jobs \\\n"
                       "submit training $JOB_NAME \\\n"
                       "--package-path=youtube-8m --module-name=youtube-8m.train \\\n"
                       "--staging-bucket=$BUCKET_NAME --region=$REGION \\\n"
                       "--job-dir=$OUTPUT/run \\\n"
                       "-- --train_dir=$BUCKET_NAME/x --model=$MODEL\n"));
    QVERIFY(cmd.isCommand);
    QCOMPARE(cmd.jobId, QStringLiteral("yt8m_train_1")); // set before it on the same line
    QCOMPARE(cmd.unsetVariables, (sl({"OUTPUT", "MODEL"})));
    for (const QString &name : cmd.unsetVariables)
        QVERIFY2(hasMessage(cmd.diagnostics, QStringLiteral("$") + name), qPrintable(name));
    QCOMPARE(cmd.ignored.first().text(), QStringLiteral("--verbosity=debug"));
    QCOMPARE(cmd.ignored.last().text(), QStringLiteral("--staging-bucket=gs://yt8m_train"));
    bool region = false;
    for (const FlagOverrides::Flag &f : cmd.flags.flags)
        region =
            region || (f.name == QLatin1String("region") && f.value == QLatin1String("us-east1"));
    QVERIFY(region);
    QCOMPARE(cmd.flags.userArgs, (sl({"--train_dir=gs://yt8m_train/x", "--model=$MODEL"})));
}

// The shape of Google's census sample README (GoogleCloudPlatform/cloudml-samples,
// census/estimator/README.md): a job name stamped with $(date +FORMAT), assignments that use
// variables set elsewhere, line continuations. The date is evaluated as the shell would.
void TestGcloudPaste::pasteReadmeSnippetWithDate()
{
    const GcloudCommandLine cmd =
        parseGcloudCommand(QStringLiteral("JOB_NAME=census_$(date +%Y%m%d_%H%M%S)\n"
                                          "OUTPUT_PATH=gs://$BUCKET_NAME/$JOB_NAME\n"
                                          "gcloud ai-platform jobs submit training $JOB_NAME \\\n"
                                          "    --job-dir $OUTPUT_PATH \\\n"
                                          "    --runtime-version 1.14 \\\n"
                                          "    --module-name trainer.task \\\n"
                                          "    --package-path trainer/ \\\n"
                                          "    --region $REGION \\\n"
                                          "    -- \\\n"
                                          "    --train-files $TRAIN_DATA \\\n"
                                          "    --train-steps 1000\n"));
    QVERIFY(cmd.isCommand);
    static const QRegularExpression stamped(QStringLiteral("^census_\\d{8}_\\d{6}$"));
    QVERIFY2(stamped.match(cmd.jobId).hasMatch(), qPrintable(cmd.jobId));
    QCOMPARE(cmd.unsetVariables, (sl({"BUCKET_NAME", "REGION", "TRAIN_DATA"})));
    for (const QString &name : cmd.unsetVariables)
        QVERIFY2(hasMessage(cmd.diagnostics, QStringLiteral("$") + name), qPrintable(name));
    bool jobDir = false;
    for (const FlagOverrides::Flag &f : cmd.flags.flags)
        jobDir = jobDir || (f.name == QLatin1String("job-dir") &&
                            f.value == QStringLiteral("gs://$BUCKET_NAME/") + cmd.jobId);
    QVERIFY(jobDir);

    // $(date +%s) in the command itself is one word, not split at its space; -u is UTC.
    const GcloudCommandLine seconds = parseGcloudCommand(QStringLiteral(
        "gcloud ai-platform jobs submit training census_$(date +%s) --region us-central1 "
        "--master-image-uri gcr.io/p/i:1\n"));
    static const QRegularExpression epoch(QStringLiteral("^census_\\d{10,}$"));
    QVERIFY2(epoch.match(seconds.jobId).hasMatch(), qPrintable(seconds.jobId));
    const QStringList utc =
        trainyard::exporters::shellWords(QStringLiteral("run_$(date -u +\"%Y\") x"), {}, nullptr);
    QCOMPARE(utc.size(), 2);
    QCOMPARE(utc.first(), QStringLiteral("run_") +
                              QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy")));

    // Another command is not run: it stays as written, one word, and is listed.
    QStringList unset;
    const QStringList other = trainyard::exporters::shellWords(
        QStringLiteral("job_$(git rev-parse --short HEAD) x"), {}, &unset);
    QCOMPARE(other, (sl({"job_$(git rev-parse --short HEAD)", "x"})));
    QCOMPARE(unset, (sl({"(git rev-parse --short HEAD)"})));
}

void TestGcloudPaste::pasteLocalTrainAndGlobalFlags()
{
    const GcloudCommandLine cmd = parseGcloudCommand(
        QStringLiteral("gcloud beta ml-engine local train --module-name trainer.task "
                       "--package-path trainer --distributed -q --project p -- --steps 5"));
    QVERIFY(cmd.isCommand);
    QVERIFY(cmd.localTrain);
    QVERIFY2(cmd.ok(), qPrintable(cmd.diagnostics.value(0).message));
    QCOMPARE(cmd.ignored.size(), 3);
    QCOMPARE(cmd.flags.userArgs, (sl({"--steps", "5"})));
}

void TestGcloudPaste::pasteRejectsOtherCommands()
{
    GcloudCommandLine cmd = parseGcloudCommand(QStringLiteral("ls -l"));
    QVERIFY(!cmd.isCommand);
    QVERIFY(hasErrors(cmd.diagnostics));
    cmd = parseGcloudCommand(QStringLiteral("gcloud ai-platform models list"));
    QVERIFY(!cmd.isCommand);
    QVERIFY(hasMessage(cmd.diagnostics, QStringLiteral("ai-platform models list")));
    cmd = parseGcloudCommand(
        QStringLiteral("gcloud ai-platform jobs submit training j --no-such-flag x"));
    QVERIFY(cmd.isCommand);
    QVERIFY(hasMessage(cmd.diagnostics, QStringLiteral("--no-such-flag")));
}

void TestGcloudPaste::importReadsConfigAndAppliesFlags()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile f(dir.filePath(QStringLiteral("config.yaml")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("trainingInput:\n  scaleTier: CUSTOM\n  masterType: n1-standard-8\n"
            "  runtimeVersion: '2.11'\n  region: europe-west4\n");
    f.close();
    const GcloudImport result = importGcloudCommand(
        QStringLiteral("gcloud ai-platform jobs submit training paste_1 --config config.yaml "
                       "--region us-central1 --async -- --lr 0.1"),
        catalog::Catalog::builtIn(), dir.path());
    QVERIFY(!result.configUnreadable);
    const Job &job = result.import.job;
    QCOMPARE(job.jobId, QStringLiteral("paste_1"));
    QCOMPARE(job.trainingInput.master.type, QStringLiteral("n1-standard-8"));
    QCOMPARE(job.trainingInput.region, QStringLiteral("us-central1")); // the flag wins
    QCOMPARE(job.trainingInput.args, (sl({"--lr", "0.1"})));
    QVERIFY(!hasErrors(result.import.diagnostics));
    QVERIFY(hasMessage(result.import.diagnostics, QStringLiteral("--async")));

    const GcloudImport missing = importGcloudCommand(
        QStringLiteral("gcloud ai-platform jobs submit training j --config nope.yaml"),
        catalog::Catalog::builtIn(), dir.path());
    QVERIFY(missing.configUnreadable);
}

void TestGcloudPaste::packagesTakeLocalArchives()
{
    Job job;
    const Diagnostics diags = apply(job, QStringLiteral("packages"),
                                    QStringLiteral("dist/trainer-0.1.tar.gz,gs://b/util.whl"));
    QVERIFY(diags.isEmpty());
    QCOMPARE(job.trainingInput.packageUris, (sl({"dist/trainer-0.1.tar.gz", "gs://b/util.whl"})));
}

QTEST_GUILESS_MAIN(TestGcloudPaste)
#include "tst_gcloudpaste.moc"
