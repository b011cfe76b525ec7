// SPDX-License-Identifier: MIT
// config.yaml import: the accepted forms, values, positions and diagnostics a user sees.
#include "jobspec/yamlio.h"
#include "testjobs.h"

#include <QTest>

using namespace trainyard::jobspec;
using trainyard::jobspec::test::dump;
using trainyard::jobspec::test::fixture;

namespace {

ImportResult load(const QByteArray &yaml)
{
    return importJob(yaml, QStringLiteral("config.yaml"));
}

const Diagnostic *findDiag(const Diagnostics &diags, const QString &field)
{
    for (const Diagnostic &d : diags) {
        if (d.field == field)
            return &d;
    }
    return nullptr;
}

} // namespace

class TestYamlImport : public QObject
{
    Q_OBJECT

private slots:
    void fullExample_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("yaml") << QStringLiteral("full_example.yaml");
        QTest::newRow("json") << QStringLiteral("full_example.json");
    }
    void fullExample()
    {
        QFETCH(QString, file);
        const ImportResult r = load(fixture(file.toUtf8().constData()));
        QVERIFY2(r.diagnostics.isEmpty(), qPrintable(dump(r.diagnostics)));
        QVERIFY(r.ok());
        QVERIFY(r.job == test::fullExampleJob());
        QCOMPARE(r.sources.fileName, QStringLiteral("config.yaml"));
    }

    void gpuGuideComputeEngine()
    {
        const ImportResult r = load(fixture("gpu_guide_compute_engine.yaml"));
        QVERIFY2(r.diagnostics.isEmpty(), qPrintable(dump(r.diagnostics)));
        const TrainingInput &t = r.job.trainingInput;
        QCOMPARE(t.scaleTier, QStringLiteral("CUSTOM"));
        QCOMPARE(t.master.type, QStringLiteral("n1-highcpu-16"));
        QVERIFY(t.master.config.acceleratorConfig);
        QCOMPARE(t.master.config.acceleratorConfig->count, std::optional<qint64>(4));
        QCOMPARE(t.master.config.acceleratorConfig->type, QStringLiteral("NVIDIA_TESLA_T4"));
        QCOMPARE(t.worker.count, std::optional<qint64>(9));
        QCOMPARE(t.worker.type, QStringLiteral("n1-highcpu-16"));
        QVERIFY(t.worker.config.acceleratorConfig);
        QCOMPARE(t.worker.config.acceleratorConfig->count, std::optional<qint64>(4));
        QCOMPARE(t.worker.config.acceleratorConfig->type, QStringLiteral("NVIDIA_TESLA_T4"));
        QCOMPARE(t.parameterServer.count, std::optional<qint64>(3));
        QCOMPARE(t.parameterServer.type, QStringLiteral("n1-highmem-8"));
        QVERIFY(t.parameterServer.config.isEmpty());
        QVERIFY(!t.evaluator.count);
    }

    void gpuGuideLegacy()
    {
        const ImportResult r = load(fixture("gpu_guide_legacy.yaml"));
        QVERIFY2(r.diagnostics.isEmpty(), qPrintable(dump(r.diagnostics)));
        const TrainingInput &t = r.job.trainingInput;
        QCOMPARE(t.scaleTier, QStringLiteral("CUSTOM"));
        QCOMPARE(t.master.type, QStringLiteral("complex_model_m_gpu"));
        QCOMPARE(t.worker.type, QStringLiteral("complex_model_m_gpu"));
        QCOMPARE(t.parameterServer.type, QStringLiteral("large_model"));
        QCOMPARE(t.worker.count, std::optional<qint64>(9));
        QCOMPARE(t.parameterServer.count, std::optional<qint64>(3));
        QVERIFY(t.master.config.isEmpty());
    }

    void bareTrainingInput()
    {
        const ImportResult r = load(fixture("bare_training_input.yaml"));
        QVERIFY2(r.diagnostics.isEmpty(), qPrintable(dump(r.diagnostics)));
        QCOMPARE(r.job.trainingInput.scaleTier, QStringLiteral("BASIC_GPU"));
        QCOMPARE(r.job.trainingInput.region, QStringLiteral("europe-west1"));
        QCOMPARE(r.job.trainingInput.args,
                 QStringList({QStringLiteral("--epochs"), QStringLiteral("5")}));
        QVERIFY(r.job.jobId.isEmpty());
        QCOMPARE(r.job.local.packagePath, QStringLiteral("./trainer"));
        QCOMPARE(r.job.local.env.size(), 2);
        QCOMPARE(r.job.local.env.at(0).name, QStringLiteral("HF_TOKEN"));
        QCOMPARE(r.job.local.env.at(0).secret, QStringLiteral("hf-token"));
        QVERIFY(r.job.local.env.at(0).value.isEmpty());
        QCOMPARE(r.job.local.env.at(1).value, QStringLiteral("debug"));
        QCOMPARE(r.sources.at(QStringLiteral("trainingInput.scaleTier")), (SourcePos{2, 12}));
        QCOMPARE(r.sources.at(QStringLiteral("trainingInput.args[1]")), (SourcePos{8, 5}));
        QCOMPARE(r.sources.at(QStringLiteral("trainyardLocal.env.HF_TOKEN.secret")),
                 (SourcePos{12, 24}));
        QVERIFY(!r.sources.positions.contains(QStringLiteral("scaleTier")));
    }

    void positions_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        const QByteArray full = fixture("full_example.yaml");
        QTest::newRow("jobId") << full << QStringLiteral("jobId") << 1 << 8;
        QTest::newRow("label") << full << QStringLiteral("labels.type") << 2 << 30;
        QTest::newRow("args item") << full << QStringLiteral("trainingInput.args[1]") << 10 << 20;
        QTest::newRow("accelerator count")
            << full << QStringLiteral("trainingInput.masterConfig.acceleratorConfig.count") << 14
            << 32;
        QTest::newRow("workerCount")
            << full << QStringLiteral("trainingInput.workerCount") << 16 << 16;
        QTest::newRow("param value")
            << full << QStringLiteral("trainingInput.hyperparameters.params[0].maxValue") << 31
            << 20;
        QTest::newRow("param item")
            << full << QStringLiteral("trainingInput.hyperparameters.params[1]") << 32 << 9;
        QTest::newRow("categorical value")
            << full
            << QStringLiteral("trainingInput.hyperparameters.params[1].categoricalValues[1]") << 33
            << 36;
        // Columns count characters: "ä" and "€" are one column each.
        QTest::newRow("non-ASCII before")
            << QByteArray("labels: {\xC3\xA4: \xE2\x82\xAC, owner: bob}\n")
            << QStringLiteral("labels.owner") << 1 << 23;
        QTest::newRow("CRLF") << QByteArray("jobId: a\r\ntrainingInput:\r\n  region: r\r\n")
                              << QStringLiteral("trainingInput.region") << 3 << 11;
        QTest::newRow("UTF-8 BOM")
            << QByteArray("\xEF\xBB\xBFjobId: a\n") << QStringLiteral("jobId") << 1 << 8;
        QTest::newRow("env") << QByteArray("trainyardLocal:\n  env:\n    HF_TOKEN: x\n")
                             << QStringLiteral("trainyardLocal.env.HF_TOKEN") << 3 << 15;
    }
    void positions()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, field);
        QFETCH(int, line);
        QFETCH(int, column);
        const ImportResult r = load(yaml);
        QVERIFY2(r.diagnostics.isEmpty(), qPrintable(dump(r.diagnostics)));
        QVERIFY2(r.sources.positions.contains(field), qPrintable(field));
        QCOMPARE(r.sources.positions.value(field), (SourcePos{line, column}));
    }

    void diagnostics_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<bool>("isError");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        const auto row = [](const char *name, const char *yaml, bool isError, const char *field,
                            const char *message, int line, int column) {
            QTest::newRow(name) << QByteArray(yaml) << isError << QString::fromUtf8(field)
                                << QString::fromUtf8(message) << line << column;
        };
        row("not an integer", "trainingInput:\n  workerCount: nine\n", true,
            "trainingInput.workerCount", "expected an integer, got 'nine'", 2, 16);
        row("integer too large", "trainingInput:\n  workerCount: 99999999999999999999999\n", true,
            "trainingInput.workerCount", "integer out of range", 2, 16);
        row("integer is a float", "trainingInput:\n  workerCount: 4.5\n", true,
            "trainingInput.workerCount", "expected an integer, got '4.5'", 2, 16);
        row("integer is a list", "trainingInput:\n  workerCount: [4]\n", true,
            "trainingInput.workerCount", "expected an integer, got a list", 2, 16);
        row("nested integer",
            "trainingInput:\n  masterConfig:\n    acceleratorConfig: {count: four, type: T}\n",
            true, "trainingInput.masterConfig.acceleratorConfig.count",
            "expected an integer, got 'four'", 3, 32);
        row("unknown key, case", "trainingInput:\n  workercount: 3\n", true,
            "trainingInput.workercount", "unknown key 'workercount'; did you mean 'workerCount'?",
            2, 3);
        row("unknown key, typo", "trainingInput:\n  workerCont: 3\n", true,
            "trainingInput.workerCont", "did you mean 'workerCount'?", 2, 3);
        row("unknown key, nested", "trainingInput:\n  workerConfig:\n    imageUrl: x\n", true,
            "trainingInput.workerConfig.imageUrl", "did you mean 'imageUri'?", 3, 5);
        row("unknown key, no guess", "jobId: a\nfrobnicate: 1\n", true, "frobnicate",
            "unknown key 'frobnicate': the service refuses fields it does not know", 2, 1);
        row("unknown key, region typo", "trainingInput:\n  regoin: us-central1\n", true,
            "trainingInput.regoin", "unknown key 'regoin'; did you mean 'region'?", 2, 3);
        row("unknown key, parameter",
            "trainingInput:\n  hyperparameters:\n    params:\n"
            "      - parameterName: lr\n        typ: DOUBLE\n",
            true, "trainingInput.hyperparameters.params[0].typ", "did you mean 'type'?", 5, 9);
        row("output-only", "jobId: a\nstate: RUNNING\n", false, "state", "output-only", 2, 1);
        row("output-only trainingOutput", "jobId: a\ntrainingOutput: {consumedMLUnits: 1}\n", false,
            "trainingOutput", "output-only", 2, 1);
        row("misplaced", "jobId: a\nscaleTier: BASIC\n", true, "scaleTier",
            "belongs under 'trainingInput'; the service refuses it here", 2, 1);
        row("list item type", "trainingInput:\n  args:\n    - a\n    - [b]\n", true,
            "trainingInput.args[1]", "expected a string, got a list", 4, 7);
        row("scalar for list", "trainingInput:\n  args: \"--epochs\"\n", true, "trainingInput.args",
            "expected a list, got '--epochs'", 2, 9);
        row("mapping for list", "trainingInput:\n  packageUris: {a: b}\n", true,
            "trainingInput.packageUris", "expected a list, got a mapping", 2, 16);
        row("list for string", "trainingInput:\n  region: [a, b]\n", true, "trainingInput.region",
            "expected a string, got a list", 2, 11);
        row("bool", "trainingInput:\n  enableWebAccess: maybe\n", true,
            "trainingInput.enableWebAccess", "expected true or false, got 'maybe'", 2, 20);
        row("number", "trainingInput:\n  hyperparameters:\n    params:\n      - minValue: x\n",
            true, "trainingInput.hyperparameters.params[0].minValue", "expected a number, got 'x'",
            4, 19);
        row("discrete value",
            "trainingInput:\n  hyperparameters:\n    params:\n      - discreteValues: [1, b]\n",
            true, "trainingInput.hyperparameters.params[0].discreteValues[1]",
            "expected a number, got 'b'", 4, 29);
        row("param not a mapping", "trainingInput:\n  hyperparameters:\n    params: [lr]\n", true,
            "trainingInput.hyperparameters.params[0]", "expected a mapping, got 'lr'", 3, 14);
        row("label value", "labels:\n  owner: [a]\n", true, "labels.owner",
            "expected a string, got a list", 2, 10);
        row("trainingInput scalar", "trainingInput: x\n", true, "trainingInput",
            "expected a mapping, got 'x'", 1, 16);
        row("top-level list", "- a\n- b\n", true, "", "expected a mapping at the top level", 1, 1);
        row("top-level scalar", "hello\n", true, "", "expected a mapping at the top level", 1, 1);
        row("duplicate key", "jobId: a\njobId: b\n", false, "jobId", "duplicate key 'jobId'", 2, 1);
        row("env value", "trainyardLocal:\n  env:\n    X: [1]\n", true, "trainyardLocal.env.X",
            "expected a string, got a list", 3, 8);
        row("runtime 2.10", "trainingInput:\n  runtimeVersion: 2.10\n", false,
            "trainingInput.runtimeVersion", "write \"2.10\" in quotes", 2, 19);
        row("syntax: unclosed flow", "jobId: [a, b\n", true, "", "YAML syntax error", 0, 0);
        row("syntax: colon", "jobId: a: b\n", true, "", "YAML syntax error", 0, 0);
        row("syntax: unclosed quote", "jobId: \"abc\n", true, "", "YAML syntax error", 1, 8);
        row("syntax: unclosed single quote", "jobId: a\nregion: 'abc\n", true, "",
            "YAML syntax error", 2, 9);
        row("two documents", "jobId: a\n---\njobId: b\n", true, "", "more than one YAML document",
            2, 1);
    }
    void diagnostics()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(bool, isError);
        QFETCH(QString, field);
        QFETCH(QString, message);
        QFETCH(int, line);
        QFETCH(int, column);
        const ImportResult r = load(yaml);
        QCOMPARE(r.ok(), !isError);
        const Diagnostic *d = findDiag(r.diagnostics, field);
        QVERIFY2(d, qPrintable(dump(r.diagnostics)));
        QCOMPARE(d->isError(), isError);
        QVERIFY2(d->message.contains(message), qPrintable(d->message));
        QVERIFY(d->origin.isEmpty());
        if (line > 0)
            QCOMPARE(d->pos, (SourcePos{line, column}));
        else
            QVERIFY(d->pos.isValid());
    }

    void exactIntegerMessage()
    {
        const ImportResult r = load("trainingInput:\n  workerCount: nine\n");
        QCOMPARE(r.diagnostics.size(), 1);
        QCOMPARE(r.diagnostics.at(0).field, QStringLiteral("trainingInput.workerCount"));
        QCOMPARE(r.diagnostics.at(0).message, QStringLiteral("expected an integer, got 'nine'"));
        QCOMPARE(r.diagnostics.at(0).severity, Severity::Error);
    }

    // Unquoted numbers in string fields keep their text; a warning says what gcloud sends.
    void numberLikeStrings_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("warns");
        QTest::newRow("2.10") << QByteArray("2.10") << QStringLiteral("2.10") << true;
        QTest::newRow("1.10") << QByteArray("1.10") << QStringLiteral("1.10") << true;
        QTest::newRow("3.10") << QByteArray("3.10") << QStringLiteral("3.10") << true;
        QTest::newRow("2.11") << QByteArray("2.11") << QStringLiteral("2.11") << true;
        QTest::newRow("2.1") << QByteArray("2.1") << QStringLiteral("2.1") << true;
        QTest::newRow("1.15") << QByteArray("1.15") << QStringLiteral("1.15") << true;
        QTest::newRow("quoted 2.10") << QByteArray("\"2.10\"") << QStringLiteral("2.10") << false;
        QTest::newRow("single-quoted") << QByteArray("'2.10'") << QStringLiteral("2.10") << false;
        QTest::newRow("octal-looking") << QByteArray("010") << QStringLiteral("010") << true;
        QTest::newRow("integer") << QByteArray("2") << QStringLiteral("2") << true;
        QTest::newRow("yes") << QByteArray("yes") << QStringLiteral("yes") << true;
        QTest::newRow("text") << QByteArray("2.11-gpu") << QStringLiteral("2.11-gpu") << false;
    }
    void numberLikeStrings()
    {
        QFETCH(QByteArray, value);
        QFETCH(QString, expected);
        QFETCH(bool, warns);
        const ImportResult r = load("trainingInput:\n  runtimeVersion: " + value + "\n");
        QVERIFY(r.ok());
        QCOMPARE(r.job.trainingInput.runtimeVersion, expected);
        QCOMPARE(r.diagnostics.size(), warns ? 1 : 0);
        if (warns)
            QCOMPARE(r.diagnostics.at(0).severity, Severity::Warning);
    }

    void jsonStringsForNumbers()
    {
        const ImportResult r = load(R"({"trainingInput": {"workerCount": "4",
            "masterConfig": {"acceleratorConfig": {"count": "2"}},
            "scheduling": {"priority": "-5"}, "enableWebAccess": true}})");
        QVERIFY2(r.diagnostics.isEmpty(), qPrintable(dump(r.diagnostics)));
        QCOMPARE(r.job.trainingInput.worker.count, std::optional<qint64>(4));
        QCOMPARE(r.job.trainingInput.master.config.acceleratorConfig->count,
                 std::optional<qint64>(2));
        QCOMPARE(r.job.trainingInput.scheduling->priority, std::optional<qint64>(-5));
        QCOMPARE(r.job.trainingInput.enableWebAccess, std::optional<bool>(true));
    }

    void nullsAreAbsent()
    {
        const ImportResult r = load("jobId:\ntrainingInput:\n  workerCount: ~\n  args: null\n"
                                    "  hyperparameters:\n  masterConfig: {}\n");
        QVERIFY2(r.diagnostics.isEmpty(), qPrintable(dump(r.diagnostics)));
        QVERIFY(r.job == Job());
    }

    void masterHasNoCount()
    {
        // TrainingInput has no masterCount: the API refuses the unknown field.
        const ImportResult r = load("trainingInput:\n  masterCount: 2\n");
        QVERIFY(!r.ok());
        QCOMPARE(r.diagnostics.size(), 1);
        QCOMPARE(r.diagnostics.at(0).severity, Severity::Error);
        QVERIFY2(r.diagnostics.at(0).message.startsWith(QLatin1String("unknown key 'masterCount'")),
                 qPrintable(r.diagnostics.at(0).message));
        QVERIFY(!r.job.trainingInput.master.count);
    }

    void aliasesWithinBudget()
    {
        const ImportResult r = load("jobId: a\ntrainingInput:\n"
                                    "  masterConfig: {acceleratorConfig: &gpu {count: 2, "
                                    "type: NVIDIA_TESLA_T4}}\n"
                                    "  workerConfig: {acceleratorConfig: *gpu}\n");
        QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
        QCOMPARE(r.job.trainingInput.worker.config.acceleratorConfig->count,
                 std::optional<qint64>(2));
        QCOMPARE(r.sources.at(QStringLiteral("trainingInput.workerConfig.acceleratorConfig")),
                 (SourcePos{4, 37}));
    }
};

QTEST_GUILESS_MAIN(TestYamlImport)
#include "tst_yamlimport.moc"
