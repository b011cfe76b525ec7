// SPDX-License-Identifier: MIT
// gcloud job flags as overrides: each flag replaces the file's value and is remembered as the
// origin of the field; bad values and the count/type pairing rule give diagnostics at the flag.
#include "common/referencejob.h"
#include "export/gcloud.h"

#include <QTest>

using namespace trainyard;
using namespace trainyard::jobspec;
using namespace trainyard::exporters;

namespace {

QString optText(const std::optional<qint64> &v)
{
    return v ? QString::number(*v) : QStringLiteral("<unset>");
}

QString boolText(const std::optional<bool> &v)
{
    return v ? (*v ? QStringLiteral("true") : QStringLiteral("false")) : QStringLiteral("<unset>");
}

QString accText(const std::optional<AcceleratorConfig> &a)
{
    return a ? optText(a->count) + QLatin1Char(' ') + a->type : QStringLiteral("<unset>");
}

// The value of a field of the job, as text, for the data tables.
QString fieldText(const Job &job, const QString &field)
{
    const TrainingInput &ti = job.trainingInput;
    const QHash<QString, QString> values = {
        {QStringLiteral("jobId"), job.jobId},
        {QStringLiteral("trainingInput.region"), ti.region},
        {QStringLiteral("trainingInput.scaleTier"), ti.scaleTier},
        {QStringLiteral("trainingInput.masterType"), ti.master.type},
        {QStringLiteral("trainingInput.masterConfig.acceleratorConfig"),
         accText(ti.master.config.acceleratorConfig)},
        {QStringLiteral("trainingInput.masterConfig.imageUri"), ti.master.config.imageUri},
        {QStringLiteral("trainingInput.workerCount"), optText(ti.worker.count)},
        {QStringLiteral("trainingInput.workerType"), ti.worker.type},
        {QStringLiteral("trainingInput.workerConfig.acceleratorConfig"),
         accText(ti.worker.config.acceleratorConfig)},
        {QStringLiteral("trainingInput.workerConfig.imageUri"), ti.worker.config.imageUri},
        {QStringLiteral("trainingInput.workerConfig.tpuTfVersion"), ti.worker.config.tpuTfVersion},
        {QStringLiteral("trainingInput.parameterServerCount"), optText(ti.parameterServer.count)},
        {QStringLiteral("trainingInput.parameterServerType"), ti.parameterServer.type},
        {QStringLiteral("trainingInput.parameterServerConfig.acceleratorConfig"),
         accText(ti.parameterServer.config.acceleratorConfig)},
        {QStringLiteral("trainingInput.parameterServerConfig.imageUri"),
         ti.parameterServer.config.imageUri},
        {QStringLiteral("trainingInput.useChiefInTfConfig"), boolText(ti.useChiefInTfConfig)},
        {QStringLiteral("trainingInput.enableWebAccess"), boolText(ti.enableWebAccess)},
        {QStringLiteral("trainingInput.pythonModule"), ti.pythonModule},
        {QStringLiteral("trainingInput.packageUris"), ti.packageUris.join(QLatin1Char('|'))},
        {QStringLiteral("trainyardLocal.packagePath"), job.local.packagePath},
        {QStringLiteral("trainingInput.jobDir"), ti.jobDir},
        {QStringLiteral("trainingInput.runtimeVersion"), ti.runtimeVersion},
        {QStringLiteral("trainingInput.pythonVersion"), ti.pythonVersion},
        {QStringLiteral("trainingInput.network"), ti.network},
        {QStringLiteral("trainingInput.serviceAccount"), ti.serviceAccount},
        {QStringLiteral("trainingInput.encryptionConfig.kmsKeyName"), ti.kmsKeyName},
    };
    if (field == QLatin1String("labels")) {
        QStringList pairs;
        for (auto it = job.labels.cbegin(); it != job.labels.cend(); ++it)
            pairs << it.key() + QLatin1Char('=') + it.value();
        return pairs.join(QLatin1Char(','));
    }
    return values.value(field, QStringLiteral("<no such field in test>"));
}

FlagOverrides flags(std::initializer_list<std::pair<const char *, const char *>> list)
{
    FlagOverrides f;
    for (const auto &[name, value] : list)
        f.flags.append({QLatin1String(name), QLatin1String(value)});
    return f;
}

const Diagnostic *findByOrigin(const Diagnostics &diags, const QString &origin)
{
    for (const Diagnostic &d : diags) {
        if (d.origin == origin)
            return &d;
    }
    return nullptr;
}

} // namespace

class TestGcloudFlags : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flagReplacesFileValue_data();
    void flagReplacesFileValue();
    void listsAndMapsAreReplacedNotAppended();
    void userArgsReplaceArgs();
    void diagnosticsOnAFlaggedFieldNameTheFlag();
    void badValues_data();
    void badValues();
    void pairingRule_data();
    void pairingRule();
    void acceleratorParsing_data();
    void acceleratorParsing();
    void flagNamesCoverTheReference();
};

void TestGcloudFlags::flagReplacesFileValue_data()
{
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");

    auto row = [](const char *flag, const char *value, const char *field, const char *expected) {
        QTest::newRow(flag) << QString::fromLatin1(flag) << QString::fromUtf8(value)
                            << QString::fromLatin1(field) << QString::fromUtf8(expected);
    };
    row("job-id", "other_job", "jobId", "other_job");
    row("labels", "team=ml,env=dev", "labels", "env=dev,team=ml");
    row("region", "europe-west4", "trainingInput.region", "europe-west4");
    row("scale-tier", "basic-gpu", "trainingInput.scaleTier", "BASIC_GPU");
    row("master-machine-type", "n1-standard-8", "trainingInput.masterType", "n1-standard-8");
    row("master-accelerator", "count=2,type=nvidia-tesla-v100",
        "trainingInput.masterConfig.acceleratorConfig", "2 NVIDIA_TESLA_V100");
    row("master-image-uri", "gcr.io/p/img:1", "trainingInput.masterConfig.imageUri",
        "gcr.io/p/img:1");
    row("worker-count", "2", "trainingInput.workerCount", "2");
    row("worker-machine-type", "n1-standard-4", "trainingInput.workerType", "n1-standard-4");
    row("worker-accelerator", "type=nvidia-tesla-k80,count=8",
        "trainingInput.workerConfig.acceleratorConfig", "8 NVIDIA_TESLA_K80");
    row("worker-image-uri", "gcr.io/p/w", "trainingInput.workerConfig.imageUri", "gcr.io/p/w");
    row("parameter-server-count", "0", "trainingInput.parameterServerCount", "0");
    row("parameter-server-machine-type", "n1-highmem-16", "trainingInput.parameterServerType",
        "n1-highmem-16");
    row("parameter-server-accelerator", "count=1,type=nvidia-tesla-p100",
        "trainingInput.parameterServerConfig.acceleratorConfig", "1 NVIDIA_TESLA_P100");
    row("parameter-server-image-uri", "gcr.io/p/ps", "trainingInput.parameterServerConfig.imageUri",
        "gcr.io/p/ps");
    row("tpu-tf-version", "1.15", "trainingInput.workerConfig.tpuTfVersion", "1.15");
    row("use-chief-in-tf-config", "", "trainingInput.useChiefInTfConfig", "true");
    row("module-name", "trainer.other", "trainingInput.pythonModule", "trainer.other");
    row("packages", "gs://b/a.tar.gz,gs://b/c.whl", "trainingInput.packageUris",
        "gs://b/a.tar.gz|gs://b/c.whl");
    row("package-path", "/src/trainer", "trainyardLocal.packagePath", "/src/trainer");
    row("job-dir", "gs://other/dir", "trainingInput.jobDir", "gs://other/dir");
    row("runtime-version", "1.15", "trainingInput.runtimeVersion", "1.15");
    row("python-version", "2.7", "trainingInput.pythonVersion", "2.7");
    row("network", "projects/1/global/networks/n", "trainingInput.network",
        "projects/1/global/networks/n");
    row("service-account", "sa@p.iam.gserviceaccount.com", "trainingInput.serviceAccount",
        "sa@p.iam.gserviceaccount.com");
    row("kms-key", "projects/p/locations/l/keyRings/r/cryptoKeys/k",
        "trainingInput.encryptionConfig.kmsKeyName",
        "projects/p/locations/l/keyRings/r/cryptoKeys/k");
    row("enable-web-access", "", "trainingInput.enableWebAccess", "true");
}

void TestGcloudFlags::flagReplacesFileValue()
{
    QFETCH(QString, flag);
    QFETCH(QString, value);
    QFETCH(QString, field);
    QFETCH(QString, expected);

    Job job = test::fullExampleJob();
    SourceMap sources;
    sources.fileName = QStringLiteral("config.yaml");
    sources.positions.insert(field, SourcePos{7, 3});
    sources.positions.insert(field + QStringLiteral(".child"), SourcePos{8, 5});
    sources.positions.insert(QStringLiteral("trainingInput"), SourcePos{3, 1});
    QVERIFY2(fieldText(job, field) != expected, "the example must differ from the flag value");

    FlagOverrides f;
    f.flags.append({flag, value});
    // The pairing rule wants the count and the type together; give the partner unchanged.
    const bool paired = flag.startsWith(QLatin1String("worker-")) ||
                        flag.startsWith(QLatin1String("parameter-server-"));
    if (paired &&
        (flag.endsWith(QLatin1String("-count")) || flag.endsWith(QLatin1String("-machine-type")))) {
        const bool ps = flag.startsWith(QLatin1String("parameter-server"));
        const RoleSpec &role = ps ? job.trainingInput.parameterServer : job.trainingInput.worker;
        const QString prefix = ps ? QStringLiteral("parameter-server-") : QStringLiteral("worker-");
        if (flag.endsWith(QLatin1String("-count")))
            f.flags.append({prefix + QStringLiteral("machine-type"), role.type});
        else
            f.flags.append({prefix + QStringLiteral("count"), QString::number(*role.count)});
    }
    const Diagnostics diags = applyFlags(job, sources, f, catalog::Catalog::builtIn());
    QVERIFY2(diags.isEmpty(), qPrintable(diags.value(0).message));
    QCOMPARE(fieldText(job, field), expected);
    QCOMPARE(sources.flags.value(field), QStringLiteral("--") + flag);
    // The file's positions of the old value are gone; others stay.
    QVERIFY(!sources.positions.contains(field));
    QVERIFY(!sources.positions.contains(field + QStringLiteral(".child")));
    QVERIFY(sources.positions.contains(QStringLiteral("trainingInput")));
}

void TestGcloudFlags::listsAndMapsAreReplacedNotAppended()
{
    Job job = test::fullExampleJob();
    SourceMap sources;
    const Diagnostics diags =
        applyFlags(job, sources,
                   flags({{"labels", "team=ml"}, {"labels", "env=dev"}, {"packages", "gs://b/x"}}),
                   catalog::Catalog::builtIn());
    QVERIFY(diags.isEmpty());
    // Repeated --labels merge with each other, but the file's labels are gone.
    QCOMPARE(fieldText(job, QStringLiteral("labels")), QStringLiteral("env=dev,team=ml"));
    QCOMPARE(job.trainingInput.packageUris, QStringList{QStringLiteral("gs://b/x")});
}

void TestGcloudFlags::userArgsReplaceArgs()
{
    Job job = test::fullExampleJob();
    SourceMap sources;
    sources.positions.insert(QStringLiteral("trainingInput.args[1]"), SourcePos{9, 12});
    FlagOverrides f;
    f.hasUserArgs = true;
    f.userArgs = {QStringLiteral("--lr"), QStringLiteral("0.1"), QStringLiteral("it's")};
    QVERIFY(applyFlags(job, sources, f, catalog::Catalog::builtIn()).isEmpty());
    QCOMPARE(job.trainingInput.args, f.userArgs);
    QCOMPARE(sources.flags.value(QStringLiteral("trainingInput.args")), QStringLiteral("--"));

    // An empty `--` gives an empty argument list.
    FlagOverrides none;
    none.hasUserArgs = true;
    QVERIFY(applyFlags(job, sources, none, catalog::Catalog::builtIn()).isEmpty());
    QVERIFY(job.trainingInput.args.isEmpty());
}

void TestGcloudFlags::diagnosticsOnAFlaggedFieldNameTheFlag()
{
    Job job = test::fullExampleJob();
    SourceMap sources;
    sources.fileName = QStringLiteral("config.yaml");
    sources.positions.insert(QStringLiteral("trainingInput.masterConfig"), SourcePos{14, 3});
    sources.positions.insert(QStringLiteral("trainingInput.region"), SourcePos{4, 11});
    QVERIFY(applyFlags(job, sources,
                       flags({{"master-accelerator", "count=3,type=nvidia-tesla-t4"}}),
                       catalog::Catalog::builtIn())
                .isEmpty());

    Diagnostic onFlag;
    onFlag.field = QStringLiteral("trainingInput.masterConfig.acceleratorConfig.count");
    sources.locate(onFlag);
    QCOMPARE(onFlag.origin, QStringLiteral("--master-accelerator"));
    QVERIFY(!onFlag.pos.isValid());

    Diagnostic onFile;
    onFile.field = QStringLiteral("trainingInput.region");
    sources.locate(onFile);
    QCOMPARE(onFile.origin, QStringLiteral("config.yaml"));
    QCOMPARE(onFile.pos, (SourcePos{4, 11}));
}

void TestGcloudFlags::badValues_data()
{
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");

    QTest::newRow("count not a number") << "worker-count"
                                        << "nine"
                                        << "trainingInput.workerCount"
                                        << "expected an integer, got 'nine'";
    QTest::newRow("count negative") << "worker-count"
                                    << "-2"
                                    << "trainingInput.workerCount"
                                    << "expected a number of 0 or more, got -2";
    QTest::newRow("count overflow") << "parameter-server-count"
                                    << "99999999999999999999"
                                    << "trainingInput.parameterServerCount"
                                    << "99999999999999999999 is out of range";
    QTest::newRow("count with space") << "worker-count"
                                      << " 3"
                                      << "trainingInput.workerCount"
                                      << "expected an integer, got ' 3'";
    QTest::newRow("tier unknown") << "scale-tier"
                                  << "STANDARD_2"
                                  << "trainingInput.scaleTier"
                                  << "unknown scale tier 'STANDARD_2'; valid tiers: basic,";
    QTest::newRow("labels without =") << "labels"
                                      << "owner"
                                      << "labels"
                                      << "expected KEY=VALUE pairs separated by commas";
    QTest::newRow("empty region") << "region"
                                  << ""
                                  << "trainingInput.region"
                                  << "expected a value";
    QTest::newRow("switch with a value") << "enable-web-access"
                                         << "yes"
                                         << "trainingInput.enableWebAccess"
                                         << "a switch takes no value (or true/false), got 'yes'";
    QTest::newRow("empty package") << "packages"
                                   << "gs://a,,"
                                   << "trainingInput.packageUris"
                                   << "expected URIs separated by commas";
    QTest::newRow("unknown flag") << "worker-type"
                                  << "x"
                                  << ""
                                  << "unknown flag";
}

void TestGcloudFlags::badValues()
{
    QFETCH(QString, flag);
    QFETCH(QString, value);
    QFETCH(QString, field);
    QFETCH(QString, message);

    const Job original = test::fullExampleJob();
    Job job = original;
    SourceMap sources;
    FlagOverrides f;
    f.flags.append({flag, value});
    const Diagnostics diags = applyFlags(job, sources, f, catalog::Catalog::builtIn());
    const Diagnostic *d = findByOrigin(diags, QStringLiteral("--") + flag);
    QVERIFY2(d, "expected a diagnostic at the flag");
    QVERIFY(d->isError());
    QCOMPARE(d->field, field);
    QVERIFY2(d->message.startsWith(message), qPrintable(d->message));
    QVERIFY(!d->pos.isValid());
    // A bad value changes nothing and is not recorded as the field's origin.
    QCOMPARE(job, original);
    QVERIFY(!sources.flags.contains(field));
}

void TestGcloudFlags::pairingRule_data()
{
    QTest::addColumn<QStringList>("given");
    QTest::addColumn<QString>("errorAt"); // empty: no error

    QTest::newRow("worker count alone")
        << QStringList{QStringLiteral("worker-count")} << "--worker-count";
    QTest::newRow("worker type alone")
        << QStringList{QStringLiteral("worker-machine-type")} << "--worker-machine-type";
    QTest::newRow("workers together")
        << QStringList{QStringLiteral("worker-count"), QStringLiteral("worker-machine-type")} << "";
    QTest::newRow("ps count alone")
        << QStringList{QStringLiteral("parameter-server-count")} << "--parameter-server-count";
    QTest::newRow("ps type alone") << QStringList{QStringLiteral("parameter-server-machine-type")}
                                   << "--parameter-server-machine-type";
    QTest::newRow("ps together") << QStringList{QStringLiteral("parameter-server-machine-type"),
                                                QStringLiteral("parameter-server-count")}
                                 << "";
}

void TestGcloudFlags::pairingRule()
{
    QFETCH(QStringList, given);
    QFETCH(QString, errorAt);

    Job job = test::fullExampleJob();
    SourceMap sources;
    FlagOverrides f;
    for (const QString &name : given) {
        f.flags.append({name, name.endsWith(QLatin1String("count"))
                                  ? QStringLiteral("2")
                                  : QStringLiteral("n1-standard-8")});
    }
    const Diagnostics diags = applyFlags(job, sources, f, catalog::Catalog::builtIn());
    if (errorAt.isEmpty()) {
        QVERIFY(diags.isEmpty());
        return;
    }
    QCOMPARE(diags.size(), 1);
    QCOMPARE(diags.first().origin, errorAt);
    QVERIFY(diags.first().isError());
    // The message names both flags.
    const QString partner =
        errorAt.endsWith(QLatin1String("-count"))
            ? QString(errorAt).replace(QLatin1String("-count"), QLatin1String("-machine-type"))
            : QString(errorAt).replace(QLatin1String("-machine-type"), QLatin1String("-count"));
    QVERIFY2(diags.first().message.contains(errorAt), qPrintable(diags.first().message));
    QVERIFY2(diags.first().message.contains(partner), qPrintable(diags.first().message));
}

void TestGcloudFlags::acceleratorParsing_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expected"); // "count TYPE", or an error message prefix

    QTest::newRow("count first") << "count=4,type=nvidia-tesla-t4"
                                 << "4 NVIDIA_TESLA_T4";
    QTest::newRow("type first") << "type=nvidia-tesla-a100,count=1"
                                << "1 NVIDIA_TESLA_A100";
    QTest::newRow("tpu") << "count=8,type=tpu-v2"
                         << "8 TPU_V2";
    QTest::newRow("no type") << "count=4"
                             << "both count and type are required";
    QTest::newRow("no count") << "type=nvidia-tesla-t4"
                              << "both count and type are required";
    QTest::newRow("zero") << "count=0,type=nvidia-tesla-t4"
                          << "count: expected a number greater than 0, got 0";
    QTest::newRow("negative") << "count=-1,type=nvidia-tesla-t4"
                              << "count: expected a number greater than 0, got -1";
    QTest::newRow("count word") << "count=four,type=nvidia-tesla-t4"
                                << "count: expected an integer, got 'four'";
    // gcloud turns the typed choice into the enum name ('-' -> '_', upper case).
    QTest::newRow("API spelling") << "count=1,type=NVIDIA_TESLA_T4"
                                  << "1 NVIDIA_TESLA_T4";
    QTest::newRow("mixed case") << "count=2,type=Nvidia-Tesla-V100"
                                << "2 NVIDIA_TESLA_V100";
    QTest::newRow("lower with underscores") << "count=8,type=tpu_v3"
                                            << "8 TPU_V3";
    QTest::newRow("unknown in the user's spelling") << "count=1,type=NVIDIA_TESLA_H100"
                                                    << "unknown accelerator type "
                                                       "'NVIDIA_TESLA_H100'; valid types: ";
    QTest::newRow("unknown type") << "count=1,type=nvidia-h100"
                                  << "unknown accelerator type 'nvidia-h100'; valid types: ";
    QTest::newRow("unknown key") << "count=1,type=nvidia-tesla-t4,zone=a"
                                 << "unknown key 'zone=a'";
    QTest::newRow("empty") << ""
                           << "unknown key ''";
}

void TestGcloudFlags::acceleratorParsing()
{
    QFETCH(QString, value);
    QFETCH(QString, expected);

    Job job;
    SourceMap sources;
    FlagOverrides f;
    f.flags.append({QStringLiteral("master-accelerator"), value});
    const Diagnostics diags = applyFlags(job, sources, f, catalog::Catalog::builtIn());
    const QString field = QStringLiteral("trainingInput.masterConfig.acceleratorConfig");
    if (diags.isEmpty()) {
        QCOMPARE(accText(job.trainingInput.master.config.acceleratorConfig), expected);
        return;
    }
    QCOMPARE(diags.size(), 1);
    QCOMPARE(diags.first().field, field);
    QCOMPARE(diags.first().origin, QStringLiteral("--master-accelerator"));
    QVERIFY2(diags.first().message.startsWith(expected), qPrintable(diags.first().message));
    if (expected.contains(QLatin1String("valid types")) ||
        expected.startsWith(QLatin1String("unknown key")))
        QVERIFY2(diags.first().message.contains(QLatin1String("nvidia-tesla-t4")),
                 qPrintable(diags.first().message));
    QVERIFY(!job.trainingInput.master.config.acceleratorConfig);
}

void TestGcloudFlags::flagNamesCoverTheReference()
{
    // Reference §11 plus --job-id (gcloud's positional JOB).
    const QStringList reference = {QStringLiteral("job-id"),
                                   QStringLiteral("labels"),
                                   QStringLiteral("region"),
                                   QStringLiteral("scale-tier"),
                                   QStringLiteral("master-machine-type"),
                                   QStringLiteral("master-accelerator"),
                                   QStringLiteral("master-image-uri"),
                                   QStringLiteral("worker-count"),
                                   QStringLiteral("worker-machine-type"),
                                   QStringLiteral("worker-accelerator"),
                                   QStringLiteral("worker-image-uri"),
                                   QStringLiteral("parameter-server-count"),
                                   QStringLiteral("parameter-server-machine-type"),
                                   QStringLiteral("parameter-server-accelerator"),
                                   QStringLiteral("parameter-server-image-uri"),
                                   QStringLiteral("tpu-tf-version"),
                                   QStringLiteral("use-chief-in-tf-config"),
                                   QStringLiteral("module-name"),
                                   QStringLiteral("job-dir"),
                                   QStringLiteral("runtime-version"),
                                   QStringLiteral("python-version"),
                                   QStringLiteral("network"),
                                   QStringLiteral("service-account"),
                                   QStringLiteral("kms-key"),
                                   QStringLiteral("enable-web-access")};
    for (const QString &name : reference)
        QVERIFY2(jobFlagNames().contains(name), qPrintable(name));
    QCOMPARE(jobSwitchNames(), (QStringList{QStringLiteral("use-chief-in-tf-config"),
                                            QStringLiteral("enable-web-access")}));
    const QList<JobFlag> all = jobFlags();
    QCOMPARE(all.size(), jobFlagNames().size());
    for (const JobFlag &f : all) {
        QVERIFY2(!f.help.isEmpty(), qPrintable(f.name));
        QCOMPARE(f.isSwitch, f.valueName.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestGcloudFlags)
#include "tst_gcloudflags.moc"
