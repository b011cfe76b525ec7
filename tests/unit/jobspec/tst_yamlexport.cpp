// SPDX-License-Identifier: MIT
// config.yaml export: every field survives import(export(job)), quoting keeps strings strings,
// doubles come back bit for bit, and the output reads like the reference's example.
#include "common/pyyaml.h"
#include "jobspec/yamlio.h"
#include "testjobs.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

using namespace trainyard::jobspec;
using trainyard::jobspec::test::dump;
using trainyard::jobspec::test::fixture;

namespace {

using Setter = std::function<void(Job &)>;

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// One entry per field of the job: name and how to set it to a non-default value.
QList<QPair<QString, Setter>> fieldSetters()
{
    QList<QPair<QString, Setter>> rows;
    const auto add = [&rows](const QString &name, Setter set) { rows.append({name, set}); };
    add(s("jobId"), [](Job &j) { j.jobId = s("census_1"); });
    add(s("labels"), [](Job &j) { j.labels = {{s("owner"), s("alice")}, {s("team"), s("ml")}}; });
    add(s("scaleTier"), [](Job &j) { j.trainingInput.scaleTier = s("BASIC_GPU"); });
    add(s("packageUris"), [](Job &j) {
        j.trainingInput.packageUris = {s("gs://b/a.tar.gz"), s("gs://b/b.whl")};
    });
    add(s("pythonModule"), [](Job &j) { j.trainingInput.pythonModule = s("trainer.task"); });
    add(s("args"), [](Job &j) { j.trainingInput.args = {s("--epochs"), s("10"), s("")}; });
    add(s("region"), [](Job &j) { j.trainingInput.region = s("us-central1"); });
    add(s("jobDir"), [](Job &j) { j.trainingInput.jobDir = s("gs://b/jobs/x"); });
    add(s("runtimeVersion"), [](Job &j) { j.trainingInput.runtimeVersion = s("2.10"); });
    add(s("pythonVersion"), [](Job &j) { j.trainingInput.pythonVersion = s("3.7"); });
    add(s("network"), [](Job &j) { j.trainingInput.network = s("projects/1/global/networks/n"); });
    add(s("serviceAccount"), [](Job &j) { j.trainingInput.serviceAccount = s("a@b.iam"); });
    add(s("kmsKeyName"), [](Job &j) { j.trainingInput.kmsKeyName = s("projects/p/keys/k"); });
    add(s("useChiefInTfConfig false"), [](Job &j) { j.trainingInput.useChiefInTfConfig = false; });
    add(s("useChiefInTfConfig true"), [](Job &j) { j.trainingInput.useChiefInTfConfig = true; });
    add(s("enableWebAccess"), [](Job &j) { j.trainingInput.enableWebAccess = true; });
    add(s("scheduling empty"), [](Job &j) { j.trainingInput.scheduling = Scheduling(); });
    add(s("scheduling.maxRunningTime"), [](Job &j) {
        j.trainingInput.scheduling = Scheduling{s("7200s"), QString(), std::nullopt, std::nullopt};
    });
    add(s("scheduling.maxWaitTime"), [](Job &j) {
        j.trainingInput.scheduling = Scheduling{QString(), s("1800s"), std::nullopt, std::nullopt};
    });
    add(s("scheduling.priority"), [](Job &j) {
        j.trainingInput.scheduling = Scheduling{QString(), QString(), 0, std::nullopt};
    });
    add(s("hyperparameters empty"),
        [](Job &j) { j.trainingInput.hyperparameters = HyperparameterSpec(); });
    const auto hp = [&add](const char *name, std::function<void(HyperparameterSpec &)> set) {
        add(s("hyperparameters.") + s(name), [set](Job &j) {
            HyperparameterSpec h;
            set(h);
            j.trainingInput.hyperparameters = h;
        });
    };
    hp("goal", [](HyperparameterSpec &h) { h.goal = s("MINIMIZE"); });
    hp("maxTrials", [](HyperparameterSpec &h) { h.maxTrials = 20; });
    hp("maxParallelTrials", [](HyperparameterSpec &h) { h.maxParallelTrials = 4; });
    hp("maxFailedTrials", [](HyperparameterSpec &h) { h.maxFailedTrials = 0; });
    hp("hyperparameterMetricTag",
       [](HyperparameterSpec &h) { h.hyperparameterMetricTag = s("acc"); });
    hp("algorithm", [](HyperparameterSpec &h) { h.algorithm = s("GRID_SEARCH"); });
    hp("enableTrialEarlyStopping",
       [](HyperparameterSpec &h) { h.enableTrialEarlyStopping = false; });
    hp("resumePreviousJobId", [](HyperparameterSpec &h) { h.resumePreviousJobId = s("old_1"); });
    const auto param = [&hp](const char *name, std::function<void(ParameterSpec &)> set) {
        hp(name, [set](HyperparameterSpec &h) {
            ParameterSpec p;
            set(p);
            h.params = {ParameterSpec(), p};
        });
    };
    param("params.parameterName", [](ParameterSpec &p) { p.parameterName = s("lr"); });
    param("params.type", [](ParameterSpec &p) { p.type = s("INTEGER"); });
    param("params.minValue", [](ParameterSpec &p) { p.minValue = 0.0001; });
    param("params.maxValue", [](ParameterSpec &p) { p.maxValue = -3; });
    param("params.categoricalValues", [](ParameterSpec &p) {
        p.categoricalValues = {s("adam"), s("true"), s("1")};
    });
    param("params.discreteValues", [](ParameterSpec &p) {
        p.discreteValues = {0.1, 1, 1e-07, 1e300};
    });
    param("params.scaleType", [](ParameterSpec &p) { p.scaleType = s("UNIT_LOG_SCALE"); });
    for (const Role role : allRoles) {
        const QString r = roleKey(role);
        const auto cfg = [&add, role, r](const char *name,
                                         std::function<void(ReplicaConfig &)> set) {
            add(r + s("Config.") + s(name),
                [role, set](Job &j) { set(j.trainingInput.role(role).config); });
        };
        add(r + s("Type"),
            [role](Job &j) { j.trainingInput.role(role).type = s("n1-standard-8"); });
        if (role != Role::Master)
            add(r + s("Count"), [role](Job &j) { j.trainingInput.role(role).count = 9; });
        cfg("acceleratorConfig", [](ReplicaConfig &c) {
            c.acceleratorConfig = AcceleratorConfig{4, s("NVIDIA_TESLA_T4")};
        });
        cfg("acceleratorConfig empty",
            [](ReplicaConfig &c) { c.acceleratorConfig = AcceleratorConfig(); });
        cfg("acceleratorConfig.count", [](ReplicaConfig &c) {
            c.acceleratorConfig = AcceleratorConfig{2, QString()};
        });
        cfg("imageUri", [](ReplicaConfig &c) { c.imageUri = s("gcr.io/p/img:1.0"); });
        cfg("containerCommand", [](ReplicaConfig &c) {
            c.containerCommand = {s("python"), s("-m"), s("t")};
        });
        cfg("containerArgs", [](ReplicaConfig &c) { c.containerArgs = {s("--lr=0.1")}; });
        cfg("diskConfig", [](ReplicaConfig &c) { c.diskConfig = DiskConfig{200, s("pd-ssd")}; });
        cfg("diskConfig empty", [](ReplicaConfig &c) { c.diskConfig = DiskConfig(); });
        cfg("tpuTfVersion", [](ReplicaConfig &c) { c.tpuTfVersion = s("1.15"); });
    }
    add(s("local.packagePath"), [](Job &j) { j.local.packagePath = s("./trainer"); });
    add(s("local.executable"), [](Job &j) { j.local.executable = s("/usr/bin/train"); });
    add(s("local.env value"), [](Job &j) {
        j.local.env = {{s("PORT"), s("8080"), QString()}, {s("EMPTY"), QString(), QString()}};
    });
    add(s("local.env secret"), [](Job &j) {
        j.local.env = {{s("HF_TOKEN"), QString(), s("hf-token")}};
    });
    add(s("local.env value and secret"), [](Job &j) {
        j.local.env = {{s("X"), s("fallback"), s("x-secret")}};
    });
    return rows;
}

Job maximalJob()
{
    Job job;
    for (const auto &row : fieldSetters()) {
        if (!row.first.contains(QLatin1String("empty")))
            row.second(job);
    }
    return job;
}

void checkRoundTrip(const Job &job, ExportScope scope)
{
    const QByteArray yaml = exportYaml(job, scope);
    const ImportResult r = importJob(yaml, QStringLiteral("export.yaml"));
    QVERIFY2(r.diagnostics.isEmpty(), qPrintable(dump(r.diagnostics) + QString::fromUtf8(yaml)));
    QVERIFY2(r.job == job, qPrintable(QString::fromUtf8(yaml) + QStringLiteral("\n---\n") +
                                      QString::fromUtf8(exportYaml(r.job, scope))));
}

} // namespace

class TestYamlExport : public QObject
{
    Q_OBJECT

private slots:
    void roundTripField_data()
    {
        QTest::addColumn<int>("index");
        const auto rows = fieldSetters();
        for (int i = 0; i < rows.size(); ++i)
            QTest::newRow(qPrintable(rows.at(i).first)) << i;
    }
    void roundTripField()
    {
        QFETCH(int, index);
        Job job;
        fieldSetters().at(index).second(job);
        QVERIFY(job != Job());
        checkRoundTrip(job, ExportScope::WithLocal);
        if (job.local.isEmpty())
            checkRoundTrip(job, ExportScope::Cloud);
    }

    void maximalJob_data()
    {
        QTest::addColumn<bool>("withLocal");
        QTest::newRow("with local") << true;
        QTest::newRow("cloud") << false;
    }
    void maximalJob()
    {
        QFETCH(bool, withLocal);
        Job job = ::maximalJob();
        QVERIFY(!job.local.isEmpty());
        if (withLocal) {
            checkRoundTrip(job, ExportScope::WithLocal);
        } else {
            const QByteArray yaml = exportYaml(job, ExportScope::Cloud);
            QVERIFY(!yaml.contains("trainyardLocal"));
            job.local = LocalRun();
            checkRoundTrip(job, ExportScope::Cloud);
        }
    }

    void keyOrder()
    {
        const QByteArray yaml = exportYaml(::maximalJob(), ExportScope::WithLocal);
        const char *order[] = {"jobId:",
                               "labels:",
                               "trainingInput:",
                               "  scaleTier:",
                               "  region:",
                               "  runtimeVersion:",
                               "  pythonVersion:",
                               "  packageUris:",
                               "  pythonModule:",
                               "  args:",
                               "  jobDir:",
                               "  masterType:",
                               "  masterConfig:",
                               "  workerType:",
                               "  workerCount:",
                               "  workerConfig:",
                               "  parameterServerType:",
                               "  parameterServerCount:",
                               "  parameterServerConfig:",
                               "  evaluatorType:",
                               "  evaluatorCount:",
                               "  evaluatorConfig:",
                               "  scheduling:",
                               "  hyperparameters:",
                               "  network:",
                               "  serviceAccount:",
                               "  encryptionConfig:",
                               "  useChiefInTfConfig:",
                               "  enableWebAccess:",
                               "trainyardLocal:"};
        qsizetype last = -1;
        for (const char *key : order) {
            const qsizetype at = yaml.indexOf(QByteArray(QByteArray("\n") + key));
            QVERIFY2(at > last || (last < 0 && yaml.startsWith(key)), key);
            last = std::max(at, qsizetype(0));
        }
        QVERIFY(yaml.endsWith("\n"));
        QVERIFY(!yaml.endsWith("\n\n"));
    }

    void fixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("full example") << QStringLiteral("full_example.yaml");
        QTest::newRow("JSON") << QStringLiteral("full_example.json");
        QTest::newRow("GPU guide") << QStringLiteral("gpu_guide_compute_engine.yaml");
        QTest::newRow("legacy GPU guide") << QStringLiteral("gpu_guide_legacy.yaml");
        QTest::newRow("bare") << QStringLiteral("bare_training_input.yaml");
    }
    void fixtures()
    {
        QFETCH(QString, file);
        const ImportResult first = importJob(fixture(file.toUtf8().constData()), file);
        QVERIFY2(first.diagnostics.isEmpty(), qPrintable(dump(first.diagnostics)));
        checkRoundTrip(first.job, ExportScope::WithLocal);
    }

    void emptyJob()
    {
        QCOMPARE(exportYaml(Job()), QByteArray("{}\n"));
        checkRoundTrip(Job(), ExportScope::Cloud);
    }

    void quoting_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("doubleQuoted");
        const auto row = [](const char *value, bool quoted) {
            QTest::newRow(value) << QString::fromUtf8(value) << quoted;
        };
        for (const char *v :
             {"2.11",  "10",   "-1", "true", "True",       "false", "null", "~",   "yes",   "no",
              "on",    "off",  "y",  "n",    "0x1F",       "0o17",  "017",  "1e3", "1_000", ".inf",
              "-.inf", ".nan", ".5", "1:30", "2024-01-01", "",      "---",  "..."})
            row(v, true);
        for (const char *v : {"--job-dir", "--epochs", "gs://b/x", "n1-highcpu-16",
                              "NVIDIA_TESLA_T4", "3.7-slim", "1x", "\xC3\xA4\xE2\x82\xAC"})
            row(v, false);
    }
    void quoting()
    {
        QFETCH(QString, value);
        QFETCH(bool, doubleQuoted);
        Job job;
        job.trainingInput.args = {value};
        job.labels.insert(QStringLiteral("k"), value);
        const QByteArray yaml = exportYaml(job);
        const QByteArray utf8 = value.toUtf8();
        if (doubleQuoted) {
            QVERIFY2(yaml.contains(QByteArray("- \"" + utf8 + "\"\n")), yaml.constData());
            QVERIFY2(yaml.contains(QByteArray("k: \"" + utf8 + "\"\n")), yaml.constData());
        } else {
            QVERIFY2(yaml.contains(QByteArray("- " + utf8 + "\n")), yaml.constData());
            QVERIFY2(yaml.contains(QByteArray("k: " + utf8 + "\n")), yaml.constData());
        }
        checkRoundTrip(job, ExportScope::Cloud);
    }

    void awkwardStrings_data()
    {
        QTest::addColumn<QString>("value");
        for (const char *v : {"a: b",
                              "x #comment",
                              "a#b",
                              "owner:alice",
                              "# hash",
                              "- dash",
                              "? q",
                              "[x",
                              "{y",
                              "*a",
                              "&b",
                              "!t",
                              "|x",
                              ">x",
                              "'q",
                              "\"dq",
                              "@at",
                              "`bt",
                              "%p",
                              " lead",
                              "trail ",
                              "two\nlines",
                              "end\n",
                              "tab\there",
                              "ctl\x01x",
                              "del\x7f",
                              "nel\xC2\x85x",
                              "ls\xE2\x80\xA8x",
                              "bom\xEF\xBB\xBFx",
                              "\xF0\x9F\x98\x80",
                              "back\\slash",
                              "a,b",
                              "<<",
                              "="})
            QTest::newRow(v) << QString::fromUtf8(v);
    }
    void awkwardStrings()
    {
        QFETCH(QString, value);
        Job job;
        job.jobId = value;
        job.labels.insert(value, value);
        job.trainingInput.args = {value, value};
        job.local.env = {{value, value, QString()}};
        checkRoundTrip(job, ExportScope::WithLocal);
    }

    void pyYamlReadsWhatWeWrite_data() { trainyard::test::addUnprintableStringRows(); }
    // config.yaml as PyYAML (gcloud's reader) reads it: the same strings. Raw DEL made it refuse
    // the file ("special characters are not allowed"); raw U+2028/U+2029 it read as line breaks.
    void pyYamlReadsWhatWeWrite()
    {
        QFETCH(QString, value);
        Job job;
        job.jobId = value;
        job.labels.insert(value, value);
        job.trainingInput.args = {value, QStringLiteral("--x")};
        job.local.env = {{QStringLiteral("V"), value, QString()}};
        const QByteArray yaml = exportYaml(job, ExportScope::WithLocal);
        const trainyard::test::PyYamlResult read = trainyard::test::readWithPyYaml(yaml);
        if (!read.ran)
            QSKIP("needs python3 with its yaml module (python3-yaml)");
        QVERIFY2(read, qPrintable(read.error + QString::fromUtf8(yaml)));
        const QJsonObject doc = read.value.toObject();
        QCOMPARE(doc.value(QStringLiteral("jobId")).toString(), value);
        QCOMPARE(doc.value(QStringLiteral("labels")).toObject(), (QJsonObject{{value, value}}));
        QCOMPARE(doc.value(QStringLiteral("trainingInput"))
                     .toObject()
                     .value(QStringLiteral("args"))
                     .toArray(),
                 (QJsonArray{value, QStringLiteral("--x")}));
        QVERIFY2(!yaml.contains('\x7f') && !yaml.contains("\xe2\x80\xa8") &&
                     !yaml.contains("\xe2\x80\xa9"),
                 yaml.constData());
        checkRoundTrip(job, ExportScope::WithLocal); // and our own reader
    }

    // Random Unicode strings, including controls and quotes, survive the round trip.
    void randomStrings()
    {
        QRandomGenerator gen(42);
        const char32_t pool[] = {U'a', U'Z', U'0',   U'9',   U' ',   U'\t',  U'\n',   U'\r',
                                 U':', U'#', U'-',   U'"',   U'\'',  U'\\',  U'[',    U']',
                                 U'{', U'}', U',',   U'&',   U'*',   U'!',   U'|',    U'>',
                                 U'%', U'@', U'.',   U'?',   0x01,   0x1F,   0x7F,    0x85,
                                 0xA0, 0xE4, 0x20AC, 0x2028, 0x2029, 0xFEFF, 0x1F600, 0xFFFD};
        for (int round = 0; round < 2000; ++round) {
            QString value;
            const int length = static_cast<int>(gen.bounded(12));
            for (int i = 0; i < length; ++i) {
                const char32_t c = pool[gen.bounded(static_cast<int>(std::size(pool)))];
                value += QString::fromUcs4(&c, 1);
            }
            Job job;
            job.jobId = value;
            job.labels.insert(QStringLiteral("k"), value);
            job.trainingInput.args = {value};
            checkRoundTrip(job, ExportScope::Cloud);
            if (QTest::currentTestFailed()) {
                qWarning() << "value" << value;
                return;
            }
        }
    }

    void doubles_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text"); // empty: any text that round-trips
        QTest::newRow("0.1") << 0.1 << QStringLiteral("0.1");
        QTest::newRow("0.0001") << 0.0001 << QStringLiteral("0.0001");
        QTest::newRow("-0") << -0.0 << QStringLiteral("-0.0");
        QTest::newRow("1e16") << 1e16 << QStringLiteral("1.0e+16");
        QTest::newRow("123456789.125") << 123456789.125 << QStringLiteral("123456789.125");
        QTest::newRow("1e-05") << 1e-05 << QStringLiteral("1.0e-05");
        QTest::newRow("1e20") << 1e20 << QStringLiteral("1.0e+20");
        QTest::newRow("3") << 3.0 << QStringLiteral("3");
        QTest::newRow("-2.5") << -2.5 << QStringLiteral("-2.5");
        QTest::newRow("1/3") << 1.0 / 3.0 << QString();
        QTest::newRow("0.1+0.2") << 0.1 + 0.2 << QStringLiteral("0.30000000000000004");
        QTest::newRow("denormal") << 5e-324 << QString();
        QTest::newRow("max") << DBL_MAX << QString();
        QTest::newRow("min normal") << DBL_MIN << QString();
        QTest::newRow("inf") << std::numeric_limits<double>::infinity() << QStringLiteral(".inf");
        QTest::newRow("-inf") << -std::numeric_limits<double>::infinity()
                              << QStringLiteral("-.inf");
    }
    void doubles()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        Job job;
        ParameterSpec p;
        p.minValue = value;
        p.discreteValues = {value};
        job.trainingInput.hyperparameters = HyperparameterSpec();
        job.trainingInput.hyperparameters->params = {p};
        const QByteArray yaml = exportYaml(job);
        if (!text.isEmpty())
            QVERIFY2(yaml.contains(QByteArray("minValue: " + text.toUtf8() + "\n")),
                     yaml.constData());
        const ImportResult r = importJob(yaml, QStringLiteral("d.yaml"));
        QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
        const double back = *r.job.trainingInput.hyperparameters->params.at(0).minValue;
        QCOMPARE(std::memcmp(&back, &value, sizeof value), 0);
        QVERIFY(r.job == job);
    }
};

QTEST_GUILESS_MAIN(TestYamlExport)
#include "tst_yamlexport.moc"
