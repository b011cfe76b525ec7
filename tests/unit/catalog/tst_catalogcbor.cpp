// SPDX-License-Identifier: MIT
// The compiled catalog (catalogcbor.h): the built-in one read from :/catalog/catalog.cbor must
// hold exactly what parsing resources/catalog.yaml gives; every field of every struct survives a
// round trip, present or absent; broken compiled data fails cleanly with a diagnostic.
// Catalogs are compared field by field by catalogdiff.h, written independently of the
// serializer, so that a field the serializer loses is noticed.
#include "catalog/catalog.h"
#include "catalog/catalogcbor.h"
#include "catalogdiff.h"

#include <QCborArray>
#include <QCborMap>
#include <QCborValue>
#include <QFile>
#include <QRandomGenerator>
#include <QTest>

using namespace trainyard::catalog;
using catalogdiff::diff;
using catalogdiff::Differ;
using catalogdiff::differences;

namespace {

const char YamlPath[] = ":/catalog/catalog.yaml";
const char CborPath[] = ":/catalog/catalog.cbor";

QByteArray readResource(const char *path)
{
    QFile file(QLatin1String{path});
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// A catalog whose first item of every list has every field off its default, optionals present,
// and whose second items leave the optionals absent.
Catalog fullCatalog()
{
    Catalog c;
    c.source = QStringLiteral("full.yaml");
    c.date = QStringLiteral("2030-01-02");

    MachineType m;
    m.name = QStringLiteral("m-full");
    m.legacy = true;
    m.tpu = true;
    m.vcpus = 7;
    m.memoryGb = 12.75;
    m.sizeCertainty = Certainty::Seed;
    m.builtIn = BuiltInAccelerator{QStringLiteral("ACC_FULL"), 3};
    m.description = QStringLiteral("Grafik \u00fcber alles \u2013 \U0001F680");
    m.family = QStringLiteral("fam");
    m.approxShape = QStringLiteral("n1-like-4");
    m.retired = QStringLiteral("2020-01");
    m.replacedBy = QStringLiteral("m-bare");
    m.retiredCertainty = Certainty::Public;
    m.vertexMachineType = QStringLiteral("n1-standard-4");
    m.vertexCertainty = Certainty::Seed;
    MachineType bare;
    bare.name = QStringLiteral("m-bare");
    bare.memoryGb = -0.5;
    bare.vcpus = -2147483647 - 1;
    c.machineTypes = {m, bare};

    AcceleratorType a;
    a.type = QStringLiteral("ACC_FULL");
    a.gcloudName = QStringLiteral("acc-full");
    a.displayName = QStringLiteral("Accelerator Full");
    a.tpu = true;
    a.allowedCounts = {1, 2, 4, 2147483647};
    a.maxVcpusPerGpu = 9;
    a.maxMemoryGbPerGpu = 52.125;
    a.capsCertainty = Certainty::Seed;
    a.limits = {CountLimit{8, 20, 208.5, Certainty::Public},
                CountLimit{4, std::nullopt, std::nullopt, Certainty::Uncertain}};
    a.onlyOnFamily = QStringLiteral("fam");
    a.vertexOnly = true;
    a.retired = QStringLiteral("2024-05");
    a.replacedBy = QStringLiteral("ACC_BARE");
    a.retiredCertainty = Certainty::Public;
    AcceleratorType aBare;
    aBare.type = QStringLiteral("ACC_BARE");
    c.accelerators = {a, aBare};

    GpuCountRow row;
    row.machineType = QStringLiteral("m-full");
    row.counts.insert(QStringLiteral("ACC_FULL"), {1, 2});
    row.counts.insert(QStringLiteral("ACC_BARE"), {});
    row.counts.insert(QStringLiteral("ACC_OTHER"), {4});
    row.certainty = Certainty::Public;
    c.gpuCounts = {row};

    Region r;
    r.name = QStringLiteral("region-full");
    r.accelerators = {QStringLiteral("ACC_FULL"), QStringLiteral("ACC_BARE")};
    r.doubtfulAccelerators = {QStringLiteral("ACC_OTHER")};
    r.seedAccelerators = {QStringLiteral("ACC_FULL")};
    r.acceleratorCertainty = Certainty::Seed;
    r.zones = {Zone{QStringLiteral("region-full-a"), {QStringLiteral("ACC_FULL")}},
               Zone{QStringLiteral("region-full-b"), {}}};
    r.zoneCertainty = Certainty::Public;
    r.zoneConflicts = {{QStringLiteral("ACC_FULL"), QStringLiteral("ACC_BARE")}, {}};
    r.tpuVersions = {QStringLiteral("TPU_V2")};
    Region rBare;
    rBare.name = QStringLiteral("region-bare");
    c.regions = {r, rBare};

    ScaleTier t;
    t.name = QStringLiteral("TIER_FULL");
    t.gcloudName = QStringLiteral("tier-full");
    t.description = QStringLiteral("Every field");
    t.custom = true;
    t.masterType = QStringLiteral("m-full");
    t.workerCount = 4;
    t.workerType = QStringLiteral("m-bare");
    t.parameterServerCount = 3;
    t.parameterServerType = QStringLiteral("m-full");
    t.accelerator = BuiltInAccelerator{QStringLiteral("ACC_FULL"), 1};
    t.shapeCertainty = Certainty::Seed;
    ScaleTier tBare;
    tBare.name = QStringLiteral("TIER_BARE");
    c.scaleTiers = {t, tBare};

    RuntimeVersion v;
    v.version = QStringLiteral("9.9");
    v.pythonVersions = {QStringLiteral("3.7"), QStringLiteral("3.10")};
    v.certainty = Certainty::Seed;
    v.offered = QStringLiteral("2019-01");
    v.until = QStringLiteral("2021-01");
    v.frameworks = QStringLiteral("TensorFlow 9.9");
    v.replacedBy = QStringLiteral("10.0");
    v.lifecycleCertainty = Certainty::Public;
    c.runtimeVersions = {v};

    c.service.deprecated = QStringLiteral("2023-07-26");
    c.service.shutdown = QStringLiteral("2025-01-31");
    c.service.successor = QStringLiteral("Something else");
    c.service.certainty = Certainty::Public;

    VertexImage image;
    image.framework = QStringLiteral("tensorflow");
    image.version = QStringLiteral("9.9");
    image.python = QStringLiteral("3.10");
    image.cpuImage = QStringLiteral("example.invalid/tf-cpu.9-9:latest");
    image.gpuImage = QStringLiteral("example.invalid/tf-gpu.9-9:latest");
    image.endOfAvailability = QStringLiteral("2031-02-03");
    image.runtimes = {QStringLiteral("9.9")};
    image.certainty = Certainty::Public;
    c.vertexImages = {image};

    c.formerMachineTypeNames.insert(QStringLiteral("old_full"), QStringLiteral("m-full"));
    c.formerMachineTypeNames.insert(QStringLiteral("old_bare"), QStringLiteral("m-bare"));
    c.gkeAcceleratorLabels.insert(QStringLiteral("ACC_FULL"), QStringLiteral("acc-full"));
    c.pythonVersions = {QStringLiteral("3.7"), QStringLiteral("3.10")};

    c.bootDisks.types = {QStringLiteral("pd-ssd"), QStringLiteral("pd-balanced")};
    c.bootDisks.typesCertainty = Certainty::Seed;
    c.bootDisks.defaultType = QStringLiteral("pd-balanced");
    c.bootDisks.defaultSizeGb = 150;
    c.bootDisks.minSizeGb = 10;
    c.bootDisks.maxSizeGb = 64000;
    c.bootDisks.sizeCertainty = Certainty::Public;
    return c;
}

// `node` with the value at `path` replaced (an undefined value removes a map's key). Path
// steps are map keys, or list indexes written as numbers.
QCborValue replaced(const QCborValue &node, QStringList path, const QCborValue &value)
{
    if (path.isEmpty())
        return value;
    const QString step = path.takeFirst();
    bool isIndex = false;
    const int index = step.toInt(&isIndex);
    if (isIndex) {
        QCborArray array = node.toArray();
        array[index] = replaced(array.at(index), path, value);
        return array;
    }
    QCborMap map = node.toMap();
    if (path.isEmpty() && value.isUndefined())
        map.remove(step);
    else
        map.insert(step, replaced(map.value(step), path, value));
    return map;
}

QByteArray edited(const QByteArray &cbor, const QString &path, const QCborValue &value)
{
    return replaced(QCborValue::fromCbor(cbor), path.split(u'/'), value).toCbor();
}

} // namespace

class TestCatalogCbor : public QObject
{
    Q_OBJECT

private slots:
    void builtInIsCompiledFromTheYaml();
    void builtInFacts_data();
    void builtInFacts();
    void fullCatalogRoundTrips();
    void fullCatalogIsOffItsDefaults();
    void writingIsDeterministic();
    void brokenData_data();
    void brokenData();
    void truncatedDataFails();
    void garbageFails();
};

void TestCatalogCbor::builtInIsCompiledFromTheYaml()
{
    const QByteArray compiled = readResource(CborPath);
    QVERIFY2(!compiled.isEmpty(), "the build did not embed :/catalog/catalog.cbor");

    const LoadResult fromYaml = Catalog::loadFile(QLatin1String(YamlPath));
    QVERIFY(fromYaml);
    QVERIFY(fromYaml.diagnostics.isEmpty());
    const LoadResult fromCbor = fromCompiled(compiled, QLatin1String(CborPath));
    QVERIFY2(fromCbor, qPrintable(fromCbor.diagnostics.value(0).field + u' ' +
                                  fromCbor.diagnostics.value(0).message));
    QVERIFY(fromCbor.diagnostics.isEmpty());

    // The embedded bytes are what compiling the embedded YAML gives today (not a stale build).
    QCOMPARE(fromCbor.catalog->source, QLatin1String(YamlPath));
    QCOMPARE(toCompiled(*fromYaml.catalog), compiled);
    QCOMPARE(toCompiled(*fromCbor.catalog), compiled);
    // Field by field, independently of the serializer.
    QCOMPARE(differences(*fromYaml.catalog, *fromCbor.catalog), QStringList());
    // The catalog every process uses is that one.
    QCOMPARE(differences(*fromYaml.catalog, Catalog::builtIn()), QStringList());
}

void TestCatalogCbor::builtInFacts_data()
{
    QTest::addColumn<QString>("from");
    QTest::newRow("yaml") << QStringLiteral("yaml");
    QTest::newRow("compiled") << QStringLiteral("compiled");
    QTest::newRow("builtIn()") << QStringLiteral("builtIn");
}

// A few facts of resources/catalog.yaml through the public lookups, which the compiled form
// must answer like the YAML (the lookups are indexes rebuilt after reading).
void TestCatalogCbor::builtInFacts()
{
    QFETCH(QString, from);
    LoadResult loaded;
    if (from == QLatin1String("yaml"))
        loaded = Catalog::loadFile(QLatin1String(YamlPath));
    else if (from == QLatin1String("compiled"))
        loaded = fromCompiled(readResource(CborPath));
    QVERIFY(loaded || from == QLatin1String("builtIn"));
    const Catalog &c = loaded ? *loaded.catalog : Catalog::builtIn();

    QCOMPARE(c.source, QLatin1String(YamlPath));
    QCOMPARE(c.date, QStringLiteral("2026-11-22"));

    const MachineType *highcpu = c.machineType(QStringLiteral("n1-highcpu-16"));
    QVERIFY(highcpu);
    QCOMPARE(highcpu->vcpus, 16);
    QCOMPARE(highcpu->memoryGb, 14.4);
    QVERIFY(!highcpu->builtIn);
    const MachineType *a2 = c.machineType(QStringLiteral("a2-highgpu-4g"));
    QVERIFY(a2);
    QCOMPARE(a2->vcpus, 48);
    QVERIFY(a2->builtIn);
    QCOMPARE(a2->builtIn->type, QStringLiteral("NVIDIA_TESLA_A100"));
    QCOMPARE(a2->builtIn->count, 4);

    Certainty certainty = Certainty::Uncertain;
    QCOMPARE(c.validGpuCounts(QStringLiteral("n1-standard-4"), QStringLiteral("NVIDIA_TESLA_K80"),
                              &certainty),
             QList<int>({1, 2, 4, 8}));
    QCOMPARE(certainty, Certainty::Seed);
    const AcceleratorType *k80 = c.acceleratorByGcloudName(QStringLiteral("nvidia-tesla-k80"));
    QVERIFY(k80);
    QCOMPARE(k80->maxVcpusPerGpu, std::optional<int>(8));
    QCOMPARE(k80->limits.size(), 1);
    QCOMPARE(k80->limits.at(0).maxMemoryGb, std::optional<double>(208));
    QVERIFY(!k80->limits.at(0).maxVcpus);

    const Region *central = c.region(QStringLiteral("us-central1"));
    QVERIFY(central);
    QVERIFY(central->zones.isEmpty());
    QVERIFY(central->accelerators.contains(QStringLiteral("NVIDIA_TESLA_A100")));
    QCOMPARE(central->tpuVersions,
             QStringList({QStringLiteral("TPU_V2"), QStringLiteral("TPU_V3")}));
    QCOMPARE(central->zoneConflicts.size(), 1);

    const ScaleTier *standard1 = c.scaleTier(QStringLiteral("STANDARD_1"));
    QVERIFY(standard1);
    QCOMPARE(standard1->workerCount, 4);
    QCOMPARE(standard1->parameterServerCount, 3);
    QCOMPARE(standard1->masterType, QStringLiteral("complex_model_s"));
    const ScaleTier *basicGpu = c.scaleTierByGcloudName(QStringLiteral("basic-gpu"));
    QVERIFY(basicGpu);
    QVERIFY(basicGpu->accelerator);
    QCOMPARE(basicGpu->accelerator->type, QStringLiteral("NVIDIA_TESLA_K80"));

    const RuntimeVersion *runtime = c.runtimeVersion(QStringLiteral("1.4"));
    QVERIFY(runtime);
    QCOMPARE(runtime->pythonVersions, QStringList({QStringLiteral("2.7"), QStringLiteral("3.5")}));

    const VertexImage *image = c.vertexImageForRuntime(QStringLiteral("2.11"));
    QVERIFY(image);
    QCOMPARE(image->cpuImage,
             QStringLiteral("us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11:latest"));

    QCOMPARE(c.bootDisks.defaultSizeGb, 100);
    QCOMPARE(c.bootDisks.minSizeGb, 100);
    QCOMPARE(c.bootDisks.maxSizeGb, 64000);
    QCOMPARE(c.service.shutdown, QStringLiteral("2025-01-31"));
    QCOMPARE(c.formerMachineTypeNames.value(QStringLiteral("standard_tpu")),
             QStringLiteral("cloud_tpu"));
    QCOMPARE(c.gkeAcceleratorLabels.value(QStringLiteral("NVIDIA_L4")),
             QStringLiteral("nvidia-l4"));
    QCOMPARE(c.gkeAcceleratorLabels.size(), 12);
}

void TestCatalogCbor::fullCatalogRoundTrips()
{
    const Catalog full = fullCatalog();
    const LoadResult back = fromCompiled(toCompiled(full), QStringLiteral("full.cbor"));
    QVERIFY(back);
    QVERIFY(back.diagnostics.isEmpty());
    QCOMPARE(differences(full, *back.catalog), QStringList());

    // The lookups work on what was read.
    const MachineType *m = back.catalog->machineType(QStringLiteral("m-full"));
    QVERIFY(m);
    QCOMPARE(m->builtIn->count, 3);
    QVERIFY(!back.catalog->machineType(QStringLiteral("m-bare"))->builtIn);
    QCOMPARE(back.catalog->acceleratorByGcloudName(QStringLiteral("acc-full"))->type,
             QStringLiteral("ACC_FULL"));
    QVERIFY(back.catalog->gpuCountRow(QStringLiteral("m-full")));
    QCOMPARE(back.catalog->region(QStringLiteral("region-full"))->zones.size(), 2);
    QVERIFY(!back.catalog->scaleTierByGcloudName(QStringLiteral("tier-full"))
                 ->accelerator->type.isEmpty());
    QVERIFY(!back.catalog->scaleTier(QStringLiteral("TIER_BARE"))->accelerator);
    QVERIFY(back.catalog->runtimeVersion(QStringLiteral("9.9")));

    // An empty catalog round-trips too.
    const LoadResult empty = fromCompiled(toCompiled(Catalog()));
    QVERIFY(empty);
    QCOMPARE(differences(Catalog(), *empty.catalog), QStringList());
}

// The round trip above proves something only where the full catalog's values are not the ones
// a dropped field would be read back as: check that each compared field is off its default.
void TestCatalogCbor::fullCatalogIsOffItsDefaults()
{
    const Catalog full = fullCatalog();
    auto offDefaults = [](const auto &item) {
        Differ d;
        diff(d, QString(), item, std::decay_t<decltype(item)>());
        return d.differences.size() == d.compared;
    };
    QVERIFY(offDefaults(full.machineTypes.at(0)));
    QVERIFY(offDefaults(full.machineTypes.at(0).builtIn.value()));
    QVERIFY(offDefaults(full.accelerators.at(0)));
    QVERIFY(offDefaults(full.accelerators.at(0).limits.at(0)));
    QVERIFY(offDefaults(full.gpuCounts.at(0)));
    QVERIFY(offDefaults(full.regions.at(0)));
    QVERIFY(offDefaults(full.regions.at(0).zones.at(0)));
    QVERIFY(offDefaults(full.scaleTiers.at(0)));
    QVERIFY(offDefaults(full.runtimeVersions.at(0)));
    QVERIFY(offDefaults(full.service));
    QVERIFY(offDefaults(full.vertexImages.at(0)));
    QVERIFY(offDefaults(full.bootDisks));
    // The catalog's own fields (its lists by their sizes).
    QVERIFY(offDefaults(full));
}

void TestCatalogCbor::writingIsDeterministic()
{
    // Hashes are written in key order, whatever their insertion order or hash seed.
    Catalog a = fullCatalog();
    Catalog b = fullCatalog();
    b.formerMachineTypeNames.clear();
    b.formerMachineTypeNames.insert(QStringLiteral("old_bare"), QStringLiteral("m-bare"));
    b.formerMachineTypeNames.insert(QStringLiteral("old_full"), QStringLiteral("m-full"));
    QCOMPARE(toCompiled(a), toCompiled(b));
    b.formerMachineTypeNames.insert(QStringLiteral("old_full"), QStringLiteral("m-bare"));
    QVERIFY(toCompiled(a) != toCompiled(b));
}

void TestCatalogCbor::brokenData_data()
{
    QTest::addColumn<QByteArray>("cbor");
    QTest::addColumn<QString>("field"); // of the diagnostic
    QTest::addColumn<QString>("says");  // a word of its message

    const QByteArray good = toCompiled(fullCatalog());
    QTest::newRow("empty") << QByteArray() << QString() << QStringLiteral("CBOR");
    QTest::newRow("text") << QByteArray("machineTypes: []\n") << QString()
                          << QStringLiteral("compiled catalog");
    QTest::newRow("not a map") << QCborValue(QCborArray{1, 2}).toCbor() << QString()
                               << QStringLiteral("compiled catalog");
    QTest::newRow("other format") << edited(good, QStringLiteral("format"), QStringLiteral("x"))
                                  << QString() << QStringLiteral("compiled catalog");
    QTest::newRow("no version") << edited(good, QStringLiteral("version"), QCborValue())
                                << QString() << QStringLiteral("compiled catalog");
    QTest::newRow("newer version")
        << edited(good, QStringLiteral("version"), CompiledFormatVersion + 1)
        << QStringLiteral("version") << QString::number(CompiledFormatVersion + 1);
    QTest::newRow("version as text") << edited(good, QStringLiteral("version"), QStringLiteral("1"))
                                     << QString() << QStringLiteral("compiled catalog");
    QTest::newRow("no catalog") << edited(good, QStringLiteral("catalog"), QCborValue())
                                << QString() << QStringLiteral("compiled catalog");
    QTest::newRow("catalog not a map") << edited(good, QStringLiteral("catalog"), QCborArray())
                                       << QString() << QStringLiteral("wrong type");
    QTest::newRow("vcpus as text")
        << edited(good, QStringLiteral("catalog/machineTypes/0/vcpus"), QStringLiteral("7"))
        << QStringLiteral("machineTypes[0].vcpus") << QStringLiteral("wrong type");
    QTest::newRow("vcpus too large")
        << edited(good, QStringLiteral("catalog/machineTypes/0/vcpus"), qint64(1) << 40)
        << QStringLiteral("machineTypes[0].vcpus") << QStringLiteral("range");
    QTest::newRow("memory as integer")
        << edited(good, QStringLiteral("catalog/machineTypes/1/memoryGb"), 4)
        << QStringLiteral("machineTypes[1].memoryGb") << QStringLiteral("wrong type");
    QTest::newRow("unknown certainty")
        << edited(good, QStringLiteral("catalog/regions/0/zoneCertainty"), 3)
        << QStringLiteral("regions[0].zoneCertainty") << QStringLiteral("range");
    QTest::newRow("optional of the wrong type")
        << edited(good, QStringLiteral("catalog/accelerators/0/limits/1/maxVcpus"), true)
        << QStringLiteral("accelerators[0].limits[1].maxVcpus") << QStringLiteral("wrong type");
    QTest::newRow("list item not a map")
        << edited(good, QStringLiteral("catalog/regions/1"), QStringLiteral("region"))
        << QStringLiteral("regions[1]") << QStringLiteral("wrong type");
    QTest::newRow("string list with a number")
        << edited(good, QStringLiteral("catalog/regions/0/zones/0/accelerators/0"), 5)
        << QStringLiteral("regions[0].zones[0].accelerators[0]") << QStringLiteral("wrong type");
    QTest::newRow("hash value of the wrong type")
        << edited(good, QStringLiteral("catalog/gkeAcceleratorLabels/ACC_FULL"), 1)
        << QStringLiteral("gkeAcceleratorLabels") << QStringLiteral("wrong type");
    QTest::newRow("missing field")
        << edited(good, QStringLiteral("catalog/machineTypes/1/family"), QCborValue())
        << QStringLiteral("machineTypes[1].family") << QStringLiteral("family");
    QTest::newRow("missing optional")
        << edited(good, QStringLiteral("catalog/scaleTiers/1/accelerator"), QCborValue())
        << QStringLiteral("scaleTiers[1].accelerator") << QStringLiteral("accelerator");
    QTest::newRow("unexpected field")
        << edited(good, QStringLiteral("catalog/bootDisks/colour"), QStringLiteral("blue"))
        << QStringLiteral("bootDisks") << QStringLiteral("colour");
    QTest::newRow("deep nesting") << QByteArray(100000, '\x81') << QString()
                                  << QStringLiteral("compiled catalog");
    QTest::newRow("trailing bytes")
        << good + QByteArray(1, '\0') << QString() << QStringLiteral("compiled catalog");
    QTest::newRow("invalid UTF-8")
        << QByteArray(good).replace("m-full", QByteArray("m-\xff\xfeul", 6))
        << QStringLiteral("machineTypes[0].name") << QStringLiteral("CBOR");
}

void TestCatalogCbor::brokenData()
{
    QFETCH(QByteArray, cbor);
    QFETCH(QString, field);
    QFETCH(QString, says);

    const LoadResult result = fromCompiled(cbor, QStringLiteral("broken.cbor"));
    QVERIFY(!result);
    QCOMPARE(result.diagnostics.size(), 1);
    const trainyard::jobspec::Diagnostic &d = result.diagnostics.first();
    QVERIFY(d.isError());
    QCOMPARE(d.origin, QStringLiteral("broken.cbor"));
    QCOMPARE(d.field, field);
    QVERIFY2(d.message.contains(says), qPrintable(d.message));
}

void TestCatalogCbor::truncatedDataFails()
{
    const QByteArray good = readResource(CborPath);
    QVERIFY(good.size() > 1000);
    for (qsizetype size = 0; size < good.size();
         size += (size < 100 || size > good.size() - 100) ? 1 : 7) {
        const LoadResult result = fromCompiled(good.left(size));
        QVERIFY2(!result, qPrintable(QString::number(size)));
        QCOMPARE(result.diagnostics.size(), 1);
    }
    QVERIFY(fromCompiled(good));
}

void TestCatalogCbor::garbageFails()
{
    const QByteArray good = readResource(CborPath);
    QRandomGenerator random(20261126);
    for (int round = 0; round < 300; ++round) {
        QByteArray bytes(random.bounded(1, 4096), Qt::Uninitialized);
        for (char &byte : bytes)
            byte = char(random.bounded(256));
        const LoadResult result = fromCompiled(bytes);
        QVERIFY(!result);
        QCOMPARE(result.diagnostics.size(), 1);
    }
    // Flipped bytes inside a real compiled catalog: no crash; a failure always says why.
    for (int round = 0; round < 300; ++round) {
        QByteArray bytes = good;
        for (int flips = 0; flips < 4; ++flips)
            bytes[random.bounded(int(bytes.size()))] = char(random.bounded(256));
        const LoadResult result = fromCompiled(bytes);
        QVERIFY(result || result.diagnostics.size() == 1);
    }
}

QTEST_GUILESS_MAIN(TestCatalogCbor)
#include "tst_catalogcbor.moc"
