// SPDX-License-Identifier: MIT
// Loading catalogs that are broken in the ways a person editing an updated copy breaks them:
// each problem must name the file, the 1-based line and column, and the field.
#include "catalog/catalog.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard::catalog;
using trainyard::jobspec::Diagnostic;
using trainyard::jobspec::Severity;
using trainyard::jobspec::SourcePos;

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/catalog/") + QLatin1String(name);
}

QByteArray readFixture(const char *name)
{
    QFile file(fixture(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// 1-based position of the first occurrence of `needle` in `text`.
SourcePos positionOf(const QByteArray &text, const QByteArray &needle)
{
    const qsizetype at = text.indexOf(needle);
    if (at < 0)
        return {};
    const QByteArray before = text.left(at);
    const int line = int(before.count('\n')) + 1;
    const int column = int(at - (before.lastIndexOf('\n') + 1)) + 1;
    return {line, column};
}

QString dump(const trainyard::jobspec::Diagnostics &diags)
{
    QString text;
    for (const Diagnostic &d : diags) {
        text +=
            QStringLiteral("\n  %1 %2:%3:%4 [%5] %6")
                .arg(d.isError() ? QStringLiteral("error") : QStringLiteral("warning"), d.origin)
                .arg(d.pos.line)
                .arg(d.pos.column)
                .arg(d.field, d.message);
    }
    return text;
}

// The first diagnostic about `field` (exact path), or null.
const Diagnostic *find(const trainyard::jobspec::Diagnostics &diags, const QString &field)
{
    for (const Diagnostic &d : diags) {
        if (d.field == field)
            return &d;
    }
    return nullptr;
}

class EnvGuard
{
public:
    explicit EnvGuard(const char *name)
        : m_name(name)
        , m_had(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name))
    {}
    ~EnvGuard()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }

private:
    const char *m_name;
    bool m_had;
    QByteArray m_old;
};

} // namespace

class TestCatalogLoad : public QObject
{
    Q_OBJECT

private slots:
    void minimalLoads();
    void brokenCatalog_data();
    void brokenCatalog();
    void syntaxError();
    void notAMapping_data();
    void notAMapping();
    void hostileInputDoesNotCrash_data();
    void hostileInputDoesNotCrash();
    void fixtureFiles_data();
    void fixtureFiles();
    void missingFile();
    void directory();
    void oversizedFile();
    void environmentVariable();
    void environmentVariableMissingFile();
    void environmentVariableUnset();
};

void TestCatalogLoad::minimalLoads()
{
    const LoadResult result = Catalog::load(readFixture("minimal.yaml"), QStringLiteral("m.yaml"));
    QVERIFY2(result.diagnostics.isEmpty(), qPrintable(dump(result.diagnostics)));
    QVERIFY(result);
    QCOMPARE(result.catalog->date, QStringLiteral("2024-01-01"));
    QCOMPARE(result.catalog->validGpuCounts(QStringLiteral("n1-standard-4"),
                                            QStringLiteral("NVIDIA_TESLA_T4")),
             QList<int>({1, 2}));
}

void TestCatalogLoad::brokenCatalog_data()
{
    QTest::addColumn<QByteArray>("from");
    QTest::addColumn<QByteArray>("to");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QByteArray>("at"); // the diagnostic points at the first occurrence of this
    QTest::addColumn<bool>("isError");

    QTest::newRow("wrong type: vcpus: many")
        << QByteArray("vcpus: 4") << QByteArray("vcpus: many") << "machineTypes[0].vcpus"
        << QByteArray("many") << true;
    QTest::newRow("wrong type: memory is a list")
        << QByteArray("memoryGb: 15") << QByteArray("memoryGb: [15]") << "machineTypes[0].memoryGb"
        << QByteArray("[15]") << true;
    QTest::newRow("fractional count")
        << QByteArray("allowedCounts: [1, 2, 4]") << QByteArray("allowedCounts: [1, 2.5, 4]")
        << "accelerators[0].allowedCounts[1]" << QByteArray("2.5") << true;
    QTest::newRow("zero count") << QByteArray("allowedCounts: [1, 2, 4]")
                                << QByteArray("allowedCounts: [0, 2, 4]")
                                << "accelerators[0].allowedCounts[0]" << QByteArray("0, 2") << true;
    QTest::newRow("negative memory") << QByteArray("memoryGb: 15") << QByteArray("memoryGb: -15")
                                     << "machineTypes[0].memoryGb" << QByteArray("-15") << true;
    QTest::newRow("not a number: nan")
        << QByteArray("maxMemoryGbPerGpu: 156") << QByteArray("maxMemoryGbPerGpu: .nan")
        << "accelerators[0].maxMemoryGbPerGpu" << QByteArray(".nan") << true;
    QTest::newRow("bad certainty") << QByteArray("certainty: seed") << QByteArray("certainty: sure")
                                   << "gpuCounts[0].certainty" << QByteArray("sure") << true;
    QTest::newRow("bad boolean") << QByteArray("family: n1") << QByteArray("legacy: maybe")
                                 << "machineTypes[0].legacy" << QByteArray("maybe") << true;
    QTest::newRow("missing vcpus")
        << QByteArray("    vcpus: 4\n") << QByteArray() << "machineTypes[0].vcpus"
        << QByteArray("name: n1-standard-4") << true;
    QTest::newRow("missing section") << QByteArray("runtimeVersions:") << QByteArray("runtimes:")
                                     << "runtimeVersions" << QByteArray("schemaVersion") << true;
    QTest::newRow("duplicate field")
        << QByteArray("    vcpus: 4\n") << QByteArray("    vcpus: 4\n    vcpus: 8\n")
        << "machineTypes[0].vcpus" << QByteArray("vcpus: 8") << true;
    QTest::newRow("duplicate machine type")
        << QByteArray("accelerators:")
        << QByteArray("  - {name: n1-standard-4, vcpus: 4, memoryGb: 15, certainty: seed}\n"
                      "accelerators:")
        << "machineTypes[1].name" << QByteArray("n1-standard-4, vcpus") << true;
    QTest::newRow("unknown accelerator in gpuCounts row")
        << QByteArray("NVIDIA_TESLA_T4: [1, 2]") << QByteArray("NVIDIA_TESLA_X9: [1, 2]")
        << "gpuCounts[0].counts.NVIDIA_TESLA_X9" << QByteArray("NVIDIA_TESLA_X9") << true;
    QTest::newRow("unknown machine in gpuCounts row")
        << QByteArray("machineType: n1-standard-4") << QByteArray("machineType: n9-huge")
        << "gpuCounts[0].machineType" << QByteArray("n9-huge") << true;
    QTest::newRow("unknown machine in tier")
        << QByteArray("masterType: n1-standard-4") << QByteArray("masterType: complex_model_xl")
        << "scaleTiers[0].masterType" << QByteArray("complex_model_xl") << true;
    QTest::newRow("unknown accelerator in region")
        << QByteArray("accelerators: [NVIDIA_TESLA_T4]")
        << QByteArray("accelerators: [NVIDIA_TESLA_T4, NVIDIA_TESLA_H100]")
        << "regions[0].accelerators[1]" << QByteArray("NVIDIA_TESLA_H100") << true;
    QTest::newRow("unknown python in runtime")
        << QByteArray("pythonVersions: [\"3.7\"], certainty")
        << QByteArray("pythonVersions: [\"3.9\"], certainty")
        << "runtimeVersions[0].pythonVersions[0]" << QByteArray("\"3.9\"") << true;
    QTest::newRow("newer schema") << QByteArray("schemaVersion: 1")
                                  << QByteArray("schemaVersion: 2") << "schemaVersion"
                                  << QByteArray("2\nasOf") << true;
    QTest::newRow("unknown field is a warning")
        << QByteArray("    family: n1\n") << QByteArray("    family: n1\n    vcpu: 4\n")
        << "machineTypes[0].vcpu" << QByteArray("vcpu: 4") << false;
    QTest::newRow("bad date is a warning")
        << QByteArray("asOf: 2024-01-01") << QByteArray("asOf: last week") << "asOf"
        << QByteArray("last week") << false;
}

void TestCatalogLoad::brokenCatalog()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(QString, field);
    QFETCH(QByteArray, at);
    QFETCH(bool, isError);

    QByteArray text = readFixture("minimal.yaml");
    QVERIFY(text.contains(from));
    text.replace(text.indexOf(from), from.size(), to);
    const SourcePos expected = positionOf(text, at);
    QVERIFY(expected.isValid());

    const LoadResult result = Catalog::load(text, QStringLiteral("edited.yaml"));
    const Diagnostic *d = find(result.diagnostics, field);
    QVERIFY2(d, qPrintable(dump(result.diagnostics)));
    QCOMPARE(d->isError(), isError);
    QCOMPARE(d->origin, QStringLiteral("edited.yaml"));
    QCOMPARE(d->pos.line, expected.line);
    QCOMPARE(d->pos.column, expected.column);
    QVERIFY(!d->message.isEmpty());
    // A catalog with errors is not used; warnings alone keep it usable.
    QCOMPARE(bool(result), !isError);
}

void TestCatalogLoad::syntaxError()
{
    // An unclosed flow list: yaml-cpp reports the end of the list it was reading.
    QByteArray text = readFixture("minimal.yaml");
    text.replace("allowedCounts: [1, 2, 4]", "allowedCounts: [1, 2, 4");
    const LoadResult result = Catalog::load(text, QStringLiteral("broken.yaml"));
    QVERIFY(!result);
    QCOMPARE(result.diagnostics.size(), 1);
    const Diagnostic &d = result.diagnostics.first();
    QVERIFY(d.isError());
    QCOMPARE(d.origin, QStringLiteral("broken.yaml"));
    QVERIFY2(d.message.contains(QLatin1String("syntax")), qPrintable(d.message));
    // The list opens on line 15. yaml-cpp reads "4 maxVcpusPerGpu" on as one plain scalar and
    // gives up at the ':' on line 16, column 19 ("end of sequence flow not found").
    QCOMPARE(d.pos.line, 16);
    QCOMPARE(d.pos.column, 19);

    // A tab used for indentation.
    const LoadResult tab =
        Catalog::load("schemaVersion: 1\nmachineTypes:\n\t- name: x\n", QStringLiteral("t.yaml"));
    QVERIFY(!tab);
    QVERIFY(tab.diagnostics.first().pos.line >= 2);
}

void TestCatalogLoad::notAMapping_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::newRow("empty") << QByteArray() << QString() << 1 << 1;
    QTest::newRow("only a comment") << QByteArray("# nothing\n") << QString() << 1 << 1;
    QTest::newRow("a list") << QByteArray("\n- a\n- b\n") << QString() << 2 << 1;
    QTest::newRow("a scalar") << QByteArray("hello") << QString() << 1 << 1;
    QTest::newRow("machineTypes is a map")
        << QByteArray("schemaVersion: 1\nmachineTypes: {a: 1}\n") << "machineTypes" << 2 << 15;
    QTest::newRow("machine item is a scalar")
        << QByteArray("schemaVersion: 1\nmachineTypes:\n  - n1-standard-4\n") << "machineTypes[0]"
        << 3 << 5;
}

void TestCatalogLoad::notAMapping()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, field);
    QFETCH(int, line);
    QFETCH(int, column);
    const LoadResult result = Catalog::load(text, QStringLiteral("x.yaml"));
    QVERIFY(!result);
    const Diagnostic *d = find(result.diagnostics, field);
    QVERIFY2(d, qPrintable(dump(result.diagnostics)));
    QCOMPARE(d->pos.line, line);
    QCOMPARE(d->pos.column, column);
}

void TestCatalogLoad::hostileInputDoesNotCrash_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("deep flow nesting") << QByteArray(200000, '[');
    QTest::newRow("deep block nesting") << [] {
        QByteArray t;
        for (int i = 0; i < 2500; ++i) // 3.1 MB: under the size cap
            t += QByteArray(i, ' ') + "a:\n";
        return t;
    }();
    QTest::newRow("binary") << QByteArray("\x00\xff\xfe\x01\x02:\x03", 7);
    QTest::newRow("alias fan-out") << [] {
        // A list aliased many times in many places: must stay bounded.
        QByteArray t = "schemaVersion: 1\nbig: &b [";
        for (int i = 0; i < 20000; ++i)
            t += "1,";
        t += "1]\naccelerators:\n";
        for (int i = 0; i < 20000; ++i)
            t += "  - {type: T" + QByteArray::number(i) + ", allowedCounts: *b}\n";
        return t;
    }();
    QTest::newRow("many errors") << [] {
        QByteArray t = "schemaVersion: 1\nmachineTypes:\n";
        for (int i = 0; i < 5000; ++i)
            t += "  - {name: m, vcpus: x}\n";
        return t;
    }();
    QTest::newRow("unknown alias") << QByteArray("schemaVersion: *nowhere\n");
    QTest::newRow("huge number") << QByteArray("schemaVersion: 99999999999999999999999\n");
}

void TestCatalogLoad::hostileInputDoesNotCrash()
{
    QFETCH(QByteArray, text);
    const LoadResult result = Catalog::load(text, QStringLiteral("hostile.yaml"));
    QVERIFY(!result);
    QVERIFY(!result.diagnostics.isEmpty());
    QVERIFY(result.diagnostics.size() <= 101); // bounded: stops after 100 problems
    for (const Diagnostic &d : result.diagnostics)
        QCOMPARE(d.origin, QStringLiteral("hostile.yaml"));
}

void TestCatalogLoad::fixtureFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::newRow("wrong-type") << fixture("wrong-type.yaml") << "machineTypes[0].vcpus" << 8 << 12;
    QTest::newRow("unknown-accelerator")
        << fixture("unknown-accelerator.yaml") << "gpuCounts[0].counts.NVIDIA_TESLA_X9" << 23 << 7;
    QTest::newRow("syntax-error") << fixture("syntax-error.yaml") << QString() << 16 << 19;
}

void TestCatalogLoad::fixtureFiles()
{
    QFETCH(QString, file);
    QFETCH(QString, field);
    QFETCH(int, line);
    QFETCH(int, column);
    const LoadResult result = Catalog::loadFile(file);
    QVERIFY(!result);
    const Diagnostic *d = find(result.diagnostics, field);
    QVERIFY2(d, qPrintable(dump(result.diagnostics)));
    QVERIFY(d->isError());
    QCOMPARE(d->origin, file);
    QCOMPARE(d->pos.line, line);
    QCOMPARE(d->pos.column, column);
}

void TestCatalogLoad::missingFile()
{
    const QString path = fixture("does-not-exist.yaml");
    const LoadResult result = Catalog::loadFile(path);
    QVERIFY(!result);
    QCOMPARE(result.diagnostics.size(), 1);
    QVERIFY(result.diagnostics.first().isError());
    QCOMPARE(result.diagnostics.first().origin, path);
    QVERIFY(result.diagnostics.first().message.contains(path));
}

void TestCatalogLoad::directory()
{
    const LoadResult result = Catalog::loadFile(QStringLiteral(TRAINYARD_FIXTURES_DIR "/catalog"));
    QVERIFY(!result);
    QCOMPARE(result.diagnostics.size(), 1);
    QVERIFY(result.diagnostics.first().isError());
}

void TestCatalogLoad::oversizedFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("big.yaml"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    // A valid catalog padded with a comment to just over 4 MiB.
    const QByteArray valid = readFixture("minimal.yaml");
    file.write(valid);
    file.write("#");
    file.write(QByteArray(4 * 1024 * 1024 - valid.size(), 'x'));
    file.close();
    const LoadResult result = Catalog::loadFile(path);
    QVERIFY(!result);
    QCOMPARE(result.diagnostics.size(), 1);
    QVERIFY(result.diagnostics.first().message.contains(QLatin1String("4 MiB")));

    // Exactly 4 MiB is still accepted.
    QVERIFY(file.resize(4 * 1024 * 1024));
    QVERIFY2(Catalog::loadFile(path), qPrintable(dump(Catalog::loadFile(path).diagnostics)));
}

void TestCatalogLoad::environmentVariable()
{
    EnvGuard guard("TRAINYARD_CATALOG");
    const QString path = fixture("minimal.yaml");
    qputenv("TRAINYARD_CATALOG", path.toLocal8Bit());
    const LoadResult result = Catalog::loadDefault();
    QVERIFY2(result, qPrintable(dump(result.diagnostics)));
    QCOMPARE(result.catalog->source, path);
    QCOMPARE(result.catalog->machineTypes.size(), 1);

    // A broken file named by the variable is reported, not replaced by the built-in data.
    qputenv("TRAINYARD_CATALOG", fixture("wrong-type.yaml").toLocal8Bit());
    const LoadResult broken = Catalog::loadDefault();
    QVERIFY(!broken);
    QCOMPARE(broken.diagnostics.first().origin, fixture("wrong-type.yaml"));
    QCOMPARE(broken.diagnostics.first().pos.line, 8);
}

void TestCatalogLoad::environmentVariableMissingFile()
{
    EnvGuard guard("TRAINYARD_CATALOG");
    qputenv("TRAINYARD_CATALOG", "/nonexistent/catalog.yaml");
    const LoadResult result = Catalog::loadDefault();
    QVERIFY(!result);
    QCOMPARE(result.diagnostics.first().origin, QStringLiteral("/nonexistent/catalog.yaml"));
}

void TestCatalogLoad::environmentVariableUnset()
{
    EnvGuard guard("TRAINYARD_CATALOG");
    for (const char *value : {static_cast<const char *>(nullptr), ""}) {
        if (value)
            qputenv("TRAINYARD_CATALOG", value);
        else
            qunsetenv("TRAINYARD_CATALOG");
        const LoadResult result = Catalog::loadDefault();
        QVERIFY(result);
        QCOMPARE(result.catalog->source, QStringLiteral(":/catalog/catalog.yaml"));
        QCOMPARE(result.catalog.get(), &Catalog::builtIn()); // the cached built-in data
    }
}

QTEST_GUILESS_MAIN(TestCatalogLoad)
#include "tst_catalogload.moc"
