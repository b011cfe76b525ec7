// SPDX-License-Identifier: MIT
// The built-in service catalog against the reference (ai-platform-training.md): every cell of
// table 4.2, the caps fallback, name mappings, regions, tiers and runtimes. The reference tables
// (referencetables.h) are pasted verbatim from the reference, not derived from catalog.yaml.
#include "catalog/catalog.h"
#include "catalog/gpucaps.h"
#include "referencetables.h"

#include <QFile>
#include <QTest>

using namespace trainyard::catalog;
using reference::countsOf;
using reference::gpuOf;
using reference::Gpus;
using reference::rowsOf;
using reference::Table31;
using reference::Table32;
using reference::Table42;

namespace {

QByteArray builtInText()
{
    QFile file(QStringLiteral(":/catalog/catalog.yaml"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// The catalog text with the whole gpuCounts section replaced by an empty list.
QByteArray withoutGpuCountRows(const QByteArray &text)
{
    const QList<QByteArray> lines = text.split('\n');
    QByteArray out;
    bool skipping = false;
    for (const QByteArray &line : lines) {
        const bool topLevel = !line.isEmpty() && line.at(0) != ' ' && line.at(0) != '#';
        if (line.startsWith("gpuCounts:")) {
            out += "gpuCounts: []\n";
            skipping = true;
            continue;
        }
        if (skipping && topLevel)
            skipping = false;
        if (!skipping)
            out += line + '\n';
    }
    return out;
}

} // namespace

Q_DECLARE_METATYPE(trainyard::catalog::Certainty)

class TestCatalog : public QObject
{
    Q_OBJECT

private slots:
    void builtInLoadsWithoutDiagnostics();
    void sourceFileMatchesBuiltIn();
    void gpuCountTable_data();
    void gpuCountTable();
    void capsFallbackReproducesTable_data();
    void capsFallbackReproducesTable();
    void tableRowWinsOverCaps();
    void gpuRulesWithoutRow_data();
    void gpuRulesWithoutRow();
    void computeEngineSizes_data();
    void computeEngineSizes();
    void legacyTypes_data();
    void legacyTypes();
    void acceleratorNames_data();
    void acceleratorNames();
    void acceleratorLimits();
    void scaleTiers_data();
    void scaleTiers();
    void regions_data();
    void regions();
    void zonesUnknownAndConflict();
    void runtimeVersions_data();
    void runtimeVersions();
    void unknownNamesGiveNull();
};

void TestCatalog::builtInLoadsWithoutDiagnostics()
{
    const LoadResult result = Catalog::loadFile(QStringLiteral(":/catalog/catalog.yaml"));
    for (const auto &d : result.diagnostics)
        qWarning("%d:%d %s: %s", d.pos.line, d.pos.column, qPrintable(d.field),
                 qPrintable(d.message));
    QVERIFY(result);
    QVERIFY(result.diagnostics.isEmpty());
    QCOMPARE(result.catalog->source, QStringLiteral(":/catalog/catalog.yaml"));
    QVERIFY(QDate::fromString(result.catalog->date, Qt::ISODate).isValid());

    const Catalog &builtIn = Catalog::builtIn();
    QCOMPARE(&builtIn, &Catalog::builtIn()); // cached
    QCOMPARE(builtIn.machineTypes.size(), 22 + 15);
    QCOMPARE(builtIn.accelerators.size(), 6 + 3 + 4);
    QCOMPARE(builtIn.gpuCounts.size(), 22);
    QCOMPARE(builtIn.regions.size(), 16);
    QCOMPARE(builtIn.scaleTiers.size(), 6);
}

void TestCatalog::sourceFileMatchesBuiltIn()
{
    QFile file(QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/catalog.yaml"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), builtInText());
}

void TestCatalog::gpuCountTable_data()
{
    QTest::addColumn<QString>("machine");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QList<int>>("expected");
    QTest::addColumn<Certainty>("certainty");

    const QList<QStringList> rows = rowsOf(Table42);
    QCOMPARE(rows.size(), 22);
    for (const QStringList &row : rows) {
        QCOMPARE(row.size(), 8);
        const Certainty c =
            row.at(7) == QLatin1String("S") ? Certainty::Seed : Certainty::Uncertain;
        for (int g = 0; g < 6; ++g) {
            const QString gpu = QLatin1String(Gpus[g]);
            QTest::addRow("%s %s", qPrintable(row.at(0)), Gpus[g])
                << row.at(0) << gpu << countsOf(row.at(1 + g)) << c;
        }
    }
}

void TestCatalog::gpuCountTable()
{
    QFETCH(QString, machine);
    QFETCH(QString, gpu);
    QFETCH(QList<int>, expected);
    QFETCH(Certainty, certainty);

    const Catalog &catalog = Catalog::builtIn();
    const GpuCountRow *row = catalog.gpuCountRow(machine);
    QVERIFY(row);
    QCOMPARE(row->certainty, certainty);

    Certainty got = Certainty::Public;
    QCOMPARE(catalog.validGpuCounts(machine, gpu, &got), expected);
    QCOMPARE(got, certainty);
}

void TestCatalog::capsFallbackReproducesTable_data()
{
    QTest::addColumn<QString>("machine");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QList<int>>("expected");

    // Reference 4.3: the caps reproduce every [S] row exactly. The reconstructed [U] rows agree
    // too, except n1-highmem-96 x V100 (624 GB / 76 GB needs 9 GPUs; the row allows 8), which
    // tableRowWinsOverCaps covers.
    for (const QStringList &row : rowsOf(Table42)) {
        for (int g = 0; g < 6; ++g) {
            const bool divergent = row.at(0) == QLatin1String("n1-highmem-96") &&
                                   qstrcmp(Gpus[g], "NVIDIA_TESLA_V100") == 0;
            if (divergent)
                continue;
            QTest::addRow("%s %s %s", qPrintable(row.at(7)), qPrintable(row.at(0)), Gpus[g])
                << row.at(0) << QString::fromLatin1(Gpus[g]) << countsOf(row.at(1 + g));
        }
    }
}

void TestCatalog::capsFallbackReproducesTable()
{
    QFETCH(QString, machine);
    QFETCH(QString, gpu);
    QFETCH(QList<int>, expected);

    // The pure formula on the built-in machine and accelerator data.
    const Catalog &catalog = Catalog::builtIn();
    const MachineType *m = catalog.machineType(machine);
    const AcceleratorType *a = catalog.accelerator(gpu);
    QVERIFY(m && a);
    QCOMPARE(gpuCountsFromCaps(*m, *a), expected);

    // The catalog without its table rows falls back to the formula, marked uncertain; the A2 /
    // A100 rules (family and built-in count) are seed facts.
    static const LoadResult stripped =
        Catalog::load(withoutGpuCountRows(builtInText()), QStringLiteral("stripped.yaml"));
    QVERIFY(stripped);
    QCOMPARE(stripped.catalog->gpuCounts.size(), 0);
    Certainty certainty = Certainty::Public;
    QCOMPARE(stripped.catalog->validGpuCounts(machine, gpu, &certainty), expected);
    const bool a2Rule = !a->onlyOnFamily.isEmpty() || m->builtIn.has_value();
    QCOMPARE(certainty, a2Rule ? Certainty::Seed : Certainty::Uncertain);
}

void TestCatalog::tableRowWinsOverCaps()
{
    // Reference 4.3: with 76 GB per V100 the formula rejects 8 x V100 on n1-highmem-96, but the
    // table row (the primary check) allows it.
    const Catalog &catalog = Catalog::builtIn();
    const QString machine = QStringLiteral("n1-highmem-96");
    const QString v100 = QStringLiteral("NVIDIA_TESLA_V100");
    QCOMPARE(gpuCountsFromCaps(*catalog.machineType(machine), *catalog.accelerator(v100)),
             QList<int>());
    QCOMPARE(catalog.validGpuCounts(machine, v100), QList<int>({8}));
}

void TestCatalog::gpuRulesWithoutRow_data()
{
    QTest::addColumn<QString>("machine");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QList<int>>("expected");
    QTest::addColumn<Certainty>("certainty");

    // Legacy types take no acceleratorConfig, even for the GPU they include.
    QTest::newRow("standard_gpu K80") << "standard_gpu"
                                      << "NVIDIA_TESLA_K80" << QList<int>() << Certainty::Public;
    QTest::newRow("standard T4") << "standard"
                                 << "NVIDIA_TESLA_T4" << QList<int>() << Certainty::Public;
    // TPUs never go through GPU counts; the reference says nothing about TPU counts, so the
    // answer is uncertain (a warning, not an error), also on cloud_tpu.
    QTest::newRow("cloud_tpu TPU_V2") << "cloud_tpu"
                                      << "TPU_V2" << QList<int>() << Certainty::Uncertain;
    QTest::newRow("n1-standard-8 TPU_V3") << "n1-standard-8"
                                          << "TPU_V3" << QList<int>() << Certainty::Uncertain;
    // Unknown names: nothing is known.
    QTest::newRow("unknown machine") << "n2-standard-8"
                                     << "NVIDIA_TESLA_T4" << QList<int>() << Certainty::Uncertain;
    QTest::newRow("unknown gpu") << "n1-standard-8"
                                 << "NVIDIA_H100" << QList<int>() << Certainty::Uncertain;
}

void TestCatalog::gpuRulesWithoutRow()
{
    QFETCH(QString, machine);
    QFETCH(QString, gpu);
    QFETCH(QList<int>, expected);
    QFETCH(Certainty, certainty);
    Certainty got = Certainty::Seed;
    QCOMPARE(Catalog::builtIn().validGpuCounts(machine, gpu, &got), expected);
    QCOMPARE(got, certainty);
}

void TestCatalog::computeEngineSizes_data()
{
    QTest::addColumn<QString>("machine");
    QTest::addColumn<int>("vcpus");
    QTest::addColumn<double>("memory");
    for (const QStringList &row : rowsOf(Table31))
        QTest::newRow(qPrintable(row.at(0)))
            << row.at(0) << row.at(1).toInt() << row.at(2).toDouble();
}

void TestCatalog::computeEngineSizes()
{
    QFETCH(QString, machine);
    QFETCH(int, vcpus);
    QFETCH(double, memory);
    const MachineType *m = Catalog::builtIn().machineType(machine);
    QVERIFY(m);
    QVERIFY(!m->legacy);
    QCOMPARE(m->vcpus, vcpus);
    QCOMPARE(m->memoryGb, memory);
    QCOMPARE(m->family, machine.section(QLatin1Char('-'), 0, 0));
    if (m->family == QLatin1String("a2")) {
        // A2 types carry their A100s: 1g -> 1 ... megagpu-16g -> 16.
        QVERIFY(m->builtIn);
        QCOMPARE(m->builtIn->type, QStringLiteral("NVIDIA_TESLA_A100"));
        QCOMPARE(m->builtIn->count, machine.section(QLatin1Char('-'), 2).chopped(1).toInt());
    } else {
        QVERIFY(!m->builtIn);
    }
}

void TestCatalog::legacyTypes_data()
{
    QTest::addColumn<QString>("machine");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("gpuCount");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<int>("vcpus");
    QTest::addColumn<double>("memory");
    for (const QStringList &row : rowsOf(Table32)) {
        const QString gpu = gpuOf(row.at(1));
        const int count = gpu.isEmpty() ? 0 : row.at(1).section(QLatin1Char(' '), 0, 0).toInt();
        const QStringList size = row.at(3).split(QStringLiteral(" / "));
        QTest::newRow(qPrintable(row.at(0)))
            << row.at(0) << gpu << count << row.at(2).section(QLatin1Char(' '), 0, 0)
            << size.at(0).toInt() << size.at(1).toDouble();
    }
}

void TestCatalog::legacyTypes()
{
    QFETCH(QString, machine);
    QFETCH(QString, gpu);
    QFETCH(int, gpuCount);
    QFETCH(QString, shape);
    QFETCH(int, vcpus);
    QFETCH(double, memory);
    const MachineType *m = Catalog::builtIn().machineType(machine);
    QVERIFY(m);
    QVERIFY(m->legacy);
    QVERIFY(m->family.isEmpty());
    QCOMPARE(m->sizeCertainty, Certainty::Uncertain);
    QCOMPARE(m->approxShape, shape);
    QCOMPARE(m->vcpus, vcpus);
    QCOMPARE(m->memoryGb, memory);
    QCOMPARE(bool(m->builtIn), !gpu.isEmpty());
    if (m->builtIn) {
        QCOMPARE(m->builtIn->type, gpu);
        QCOMPARE(m->builtIn->count, gpuCount);
    }
}

void TestCatalog::acceleratorNames_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("gcloudName");
    QTest::addColumn<bool>("tpu");
    QTest::addColumn<QList<int>>("allowed");
    const QList<int> k80{1, 2, 4, 8}, small{1, 2, 4};
    QTest::newRow("A100") << "NVIDIA_TESLA_A100"
                          << "nvidia-tesla-a100" << false << QList<int>({1, 2, 4, 8, 16});
    QTest::newRow("K80") << "NVIDIA_TESLA_K80"
                         << "nvidia-tesla-k80" << false << k80;
    QTest::newRow("P4") << "NVIDIA_TESLA_P4"
                        << "nvidia-tesla-p4" << false << small;
    QTest::newRow("P100") << "NVIDIA_TESLA_P100"
                          << "nvidia-tesla-p100" << false << small;
    QTest::newRow("T4") << "NVIDIA_TESLA_T4"
                        << "nvidia-tesla-t4" << false << small;
    QTest::newRow("V100") << "NVIDIA_TESLA_V100"
                          << "nvidia-tesla-v100" << false << k80;
    QTest::newRow("TPU_V2") << "TPU_V2"
                            << "tpu-v2" << true << QList<int>();
    QTest::newRow("TPU_V3") << "TPU_V3"
                            << "tpu-v3" << true << QList<int>();
}

void TestCatalog::acceleratorNames()
{
    QFETCH(QString, type);
    QFETCH(QString, gcloudName);
    QFETCH(bool, tpu);
    QFETCH(QList<int>, allowed);
    const Catalog &catalog = Catalog::builtIn();
    const AcceleratorType *byType = catalog.accelerator(type);
    QVERIFY(byType);
    QCOMPARE(byType->gcloudName, gcloudName);
    QCOMPARE(catalog.acceleratorByGcloudName(gcloudName), byType);
    QCOMPARE(byType->tpu, tpu);
    QCOMPARE(byType->allowedCounts, allowed);
    QVERIFY(!byType->allowedCounts.contains(3));
    QVERIFY(!byType->displayName.isEmpty());
    // The two spellings never cross over.
    QCOMPARE(catalog.accelerator(gcloudName), nullptr);
    QCOMPARE(catalog.acceleratorByGcloudName(type), nullptr);
}

void TestCatalog::acceleratorLimits()
{
    const Catalog &catalog = Catalog::builtIn();
    const AcceleratorType *k80 = catalog.accelerator(QStringLiteral("NVIDIA_TESLA_K80"));
    QCOMPARE(k80->limits.size(), 1);
    QCOMPARE(k80->limits.at(0).count, 8);
    QCOMPARE(k80->limits.at(0).maxMemoryGb, std::optional<double>(208));
    QCOMPARE(k80->limits.at(0).certainty, Certainty::Seed);
    QCOMPARE(k80->capsCertainty, Certainty::Uncertain);

    const AcceleratorType *p100 = catalog.accelerator(QStringLiteral("NVIDIA_TESLA_P100"));
    QCOMPARE(p100->limits.size(), 1);
    QCOMPARE(p100->limits.at(0).count, 4);
    QCOMPARE(p100->limits.at(0).maxVcpus, std::optional<int>(64));
    QCOMPARE(p100->limits.at(0).maxMemoryGb, std::optional<double>(208));

    const AcceleratorType *v100 = catalog.accelerator(QStringLiteral("NVIDIA_TESLA_V100"));
    QCOMPARE(v100->maxVcpusPerGpu, std::optional<int>(12));
    QCOMPARE(v100->maxMemoryGbPerGpu, std::optional<double>(76));
    QCOMPARE(v100->capsCertainty, Certainty::Seed);

    const AcceleratorType *a100 = catalog.accelerator(QStringLiteral("NVIDIA_TESLA_A100"));
    QCOMPARE(a100->onlyOnFamily, QStringLiteral("a2"));
    QVERIFY(!a100->maxVcpusPerGpu && !a100->maxMemoryGbPerGpu);
}

void TestCatalog::scaleTiers_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("gcloudName");
    QTest::addColumn<QString>("master");
    QTest::addColumn<int>("workers");
    QTest::addColumn<QString>("workerType");
    QTest::addColumn<int>("ps");
    QTest::addColumn<QString>("psType");
    QTest::addColumn<QString>("accelerator");
    QTest::addColumn<bool>("custom");

    QTest::newRow("BASIC") << "BASIC"
                           << "basic"
                           << "standard" << 0 << "" << 0 << ""
                           << "" << false;
    QTest::newRow("STANDARD_1") << "STANDARD_1"
                                << "standard-1"
                                << "complex_model_s" << 4 << "complex_model_s" << 3 << "standard"
                                << "" << false;
    QTest::newRow("PREMIUM_1") << "PREMIUM_1"
                               << "premium-1"
                               << "complex_model_m" << 19 << "complex_model_m" << 11
                               << "large_model"
                               << "" << false;
    QTest::newRow("BASIC_GPU") << "BASIC_GPU"
                               << "basic-gpu"
                               << "standard_gpu" << 0 << "" << 0 << ""
                               << "NVIDIA_TESLA_K80" << false;
    QTest::newRow("BASIC_TPU") << "BASIC_TPU"
                               << "basic-tpu"
                               << "standard" << 0 << "" << 0 << ""
                               << "TPU_V2" << false;
    QTest::newRow("CUSTOM") << "CUSTOM"
                            << "custom"
                            << "" << 0 << "" << 0 << ""
                            << "" << true;
}

void TestCatalog::scaleTiers()
{
    QFETCH(QString, name);
    QFETCH(QString, gcloudName);
    QFETCH(QString, master);
    QFETCH(int, workers);
    QFETCH(QString, workerType);
    QFETCH(int, ps);
    QFETCH(QString, psType);
    QFETCH(QString, accelerator);
    QFETCH(bool, custom);

    const Catalog &catalog = Catalog::builtIn();
    const ScaleTier *tier = catalog.scaleTier(name);
    QVERIFY(tier);
    QCOMPARE(catalog.scaleTierByGcloudName(gcloudName), tier);
    QCOMPARE(catalog.scaleTier(gcloudName), nullptr);
    QCOMPARE(tier->masterType, master);
    QCOMPARE(tier->workerCount, workers);
    QCOMPARE(tier->workerType, workerType);
    QCOMPARE(tier->parameterServerCount, ps);
    QCOMPARE(tier->parameterServerType, psType);
    QCOMPARE(tier->accelerator ? tier->accelerator->type : QString(), accelerator);
    QCOMPARE(tier->custom, custom);
    if (name == QLatin1String("BASIC_GPU")) {
        QCOMPARE(tier->accelerator->count, 1);
        QCOMPARE(tier->shapeCertainty, Certainty::Seed);
    }
    if (!master.isEmpty())
        QVERIFY(catalog.machineType(master));
}

void TestCatalog::regions_data()
{
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("expected"); // available | doubtful | absent
    QTest::addColumn<bool>("seed");

    QTest::newRow("us-central1 T4") << "us-central1"
                                    << "NVIDIA_TESLA_T4"
                                    << "available" << true;
    QTest::newRow("us-central1 K80") << "us-central1"
                                     << "NVIDIA_TESLA_K80"
                                     << "available" << true;
    QTest::newRow("us-central1 V100") << "us-central1"
                                      << "NVIDIA_TESLA_V100"
                                      << "available" << false;
    QTest::newRow("us-central1 TPU_V3") << "us-central1"
                                        << "TPU_V3"
                                        << "available" << false;
    const char *const gpus[] = {"NVIDIA_TESLA_A100", "NVIDIA_TESLA_K80", "NVIDIA_TESLA_P4",
                                "NVIDIA_TESLA_P100", "NVIDIA_TESLA_V100"};
    for (const char *g : gpus)
        QTest::addRow("southamerica-east1 %s", g) << "southamerica-east1" << g << "absent" << false;
    QTest::newRow("southamerica-east1 T4") << "southamerica-east1"
                                           << "NVIDIA_TESLA_T4"
                                           << "available" << false;
    QTest::newRow("asia-northeast1 A100") << "asia-northeast1"
                                          << "NVIDIA_TESLA_A100"
                                          << "doubtful" << false;
    QTest::newRow("us-east1 A100") << "us-east1"
                                   << "NVIDIA_TESLA_A100"
                                   << "doubtful" << false;
    QTest::newRow("australia-southeast1 P100") << "australia-southeast1"
                                               << "NVIDIA_TESLA_P100"
                                               << "doubtful" << false;
    QTest::newRow("asia-east1 TPU_V2") << "asia-east1"
                                       << "TPU_V2"
                                       << "doubtful" << false;
    QTest::newRow("europe-west4 A100") << "europe-west4"
                                       << "NVIDIA_TESLA_A100"
                                       << "available" << false;
    QTest::newRow("europe-west1 T4") << "europe-west1"
                                     << "NVIDIA_TESLA_T4"
                                     << "absent" << false;
}

void TestCatalog::regions()
{
    QFETCH(QString, region);
    QFETCH(QString, gpu);
    QFETCH(QString, expected);
    QFETCH(bool, seed);

    const Region *r = Catalog::builtIn().region(region);
    QVERIFY(r);
    const bool tpu = gpu.startsWith(QLatin1String("TPU"));
    const bool available = tpu ? r->tpuVersions.contains(gpu) : r->accelerators.contains(gpu);
    const bool doubtful = r->doubtfulAccelerators.contains(gpu);
    const QString got = available  ? QStringLiteral("available")
                        : doubtful ? QStringLiteral("doubtful")
                                   : QStringLiteral("absent");
    QCOMPARE(got, expected);
    QCOMPARE(r->seedAccelerators.contains(gpu), seed);
    QCOMPARE(r->acceleratorCertainty, Certainty::Uncertain);
}

void TestCatalog::zonesUnknownAndConflict()
{
    const Catalog &catalog = Catalog::builtIn();
    for (const Region &r : catalog.regions) {
        QVERIFY2(r.zones.isEmpty(), qPrintable(r.name)); // the reference has no zone data
        QCOMPARE(r.zoneCertainty, Certainty::Uncertain);
        if (r.name != QLatin1String("us-central1"))
            QVERIFY(r.zoneConflicts.isEmpty());
    }
    const Region *central = catalog.region(QStringLiteral("us-central1"));
    QCOMPARE(central->zoneConflicts.size(), 1);
    QStringList conflict = central->zoneConflicts.at(0);
    conflict.sort();
    QCOMPARE(conflict,
             QStringList({QStringLiteral("NVIDIA_TESLA_K80"), QStringLiteral("NVIDIA_TESLA_P100"),
                          QStringLiteral("NVIDIA_TESLA_T4")}));
}

void TestCatalog::runtimeVersions_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("python");
    QTest::addColumn<Certainty>("certainty");
    const QStringList py27{QStringLiteral("2.7")};
    const QStringList py2735{QStringLiteral("2.7"), QStringLiteral("3.5")};
    const QStringList py37{QStringLiteral("3.7")};
    for (int minor = 0; minor <= 3; ++minor)
        QTest::addRow("1.%d", minor)
            << QStringLiteral("1.%1").arg(minor) << py27 << Certainty::Public;
    for (int minor = 4; minor <= 14; ++minor)
        QTest::addRow("1.%d", minor)
            << QStringLiteral("1.%1").arg(minor) << py2735 << Certainty::Public;
    QTest::newRow("1.15") << "1.15" << QStringList({QStringLiteral("2.7"), QStringLiteral("3.7")})
                          << Certainty::Public;
    for (int minor = 1; minor <= 8; ++minor)
        QTest::addRow("2.%d", minor)
            << QStringLiteral("2.%1").arg(minor) << py37 << Certainty::Uncertain;
    QTest::newRow("2.11") << "2.11" << py37 << Certainty::Uncertain;
    QTest::newRow("2.9 (absent)") << "2.9" << QStringList() << Certainty::Uncertain;
    QTest::newRow("2.10 (absent)") << "2.10" << QStringList() << Certainty::Uncertain;
    QTest::newRow("1.16 (absent)") << "1.16" << QStringList() << Certainty::Uncertain;
}

void TestCatalog::runtimeVersions()
{
    QFETCH(QString, version);
    QFETCH(QStringList, python);
    QFETCH(Certainty, certainty);
    const Catalog &catalog = Catalog::builtIn();
    QCOMPARE(catalog.pythonVersions,
             QStringList({QStringLiteral("2.7"), QStringLiteral("3.5"), QStringLiteral("3.7")}));
    const RuntimeVersion *v = catalog.runtimeVersion(version);
    if (python.isEmpty()) {
        QCOMPARE(v, nullptr);
        return;
    }
    QVERIFY(v);
    QCOMPARE(v->pythonVersions, python);
    QCOMPARE(v->certainty, certainty);
}

void TestCatalog::unknownNamesGiveNull()
{
    const Catalog &catalog = Catalog::builtIn();
    QCOMPARE(catalog.machineType(QStringLiteral("e2-standard-4")), nullptr);
    QCOMPARE(catalog.machineType(QStringLiteral("N1-STANDARD-4")), nullptr); // exact match
    QCOMPARE(catalog.region(QStringLiteral("mars-north1")), nullptr);
    QCOMPARE(catalog.gpuCountRow(QStringLiteral("standard_gpu")), nullptr);
    QCOMPARE(catalog.scaleTier(QString()), nullptr);
}

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
