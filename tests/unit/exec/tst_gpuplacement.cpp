// SPDX-License-Identifier: MIT
// The GPU placement planner (exec/gpuplacement.h, exec/jobgpuplan.h): pure functions from what
// the job's replicas ask and the GPUs here to CUDA_VISIBLE_DEVICES per replica, or a refusal;
// and how many tuning trials run at once.
#include "catalog/catalog.h"
#include "exec/jobgpuplan.h"

#include <QTest>

using namespace trainyard;
using namespace trainyard::exec;
using namespace Qt::StringLiterals;

namespace {

QList<gpu::GpuInfo> machine(int count, const QString &name = QStringLiteral("NVIDIA H200"))
{
    QList<gpu::GpuInfo> gpus;
    for (int i = 0; i < count; ++i) {
        gpu::GpuInfo g;
        g.index = i;
        g.name = name;
        g.uuid = QStringLiteral("GPU-%1").arg(i);
        gpus << g;
    }
    return gpus;
}

GpuRequest ask(const char *replica, int count)
{
    return {QString::fromLatin1(replica), count,
            count ? QStringLiteral("NVIDIA_TESLA_T4") : QString(),
            count ? QStringLiteral("NVIDIA Tesla T4") : QString()};
}

} // namespace

class TestGpuPlacement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placement_data();
    void placement();
    void refusalNamesAskedAndHere();
    void noGpuHereLeavesTheEnvironmentAlone();
    void trialSlots_data();
    void trialSlots();
    void requestsFromTheSpecAndCatalog();
};

void TestGpuPlacement::placement_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QList<int>>("asked"); // chief-0, worker-0, ps-0
    QTest::addColumn<QStringList>("visible");
    QTest::addColumn<bool>("sharedWarning");
    QTest::newRow("chief 1, ps none")
        << 1 << u"auto"_s << QList<int>{1, 0, 0} << QStringList{u"0"_s, u""_s, u""_s} << false;
    QTest::newRow("4 GPUs, 2 each")
        << 4 << u"auto"_s << QList<int>{2, 2, 0} << QStringList{u"0,1"_s, u"2,3"_s, u""_s} << false;
    QTest::newRow("cpu hides all")
        << 2 << u"cpu"_s << QList<int>{1, 1, 0} << QStringList{u""_s, u""_s, u""_s} << false;
    QTest::newRow("shared round-robin")
        << 1 << u"shared"_s << QList<int>{1, 1, 0} << QStringList{u"0"_s, u"0"_s, u""_s} << true;
    QTest::newRow("shared, enough")
        << 2 << u"shared"_s << QList<int>{1, 1, 0} << QStringList{u"0"_s, u"1"_s, u""_s} << false;
}

void TestGpuPlacement::placement()
{
    QFETCH(int, gpus);
    QFETCH(QString, mode);
    QFETCH(QList<int>, asked);
    QFETCH(QStringList, visible);
    QFETCH(bool, sharedWarning);
    const QStringList names{u"chief-0"_s, u"worker-0"_s, u"ps-0"_s};
    QList<GpuRequest> requests;
    for (int i = 0; i < 3; ++i)
        requests << ask(names.at(i).toLatin1().constData(), asked.at(i));
    const GpuPlacement p = placeGpus(requests, machine(gpus), *gpuModeFromName(mode));
    QVERIFY2(p, qPrintable(p.error));
    QVERIFY(p.applies);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(p.cudaVisibleDevices(names.at(i)), std::optional<QString>(visible.at(i)));
        const auto env = p.environment(names.at(i));
        QCOMPARE(env.size(), visible.at(i).isEmpty() ? 1 : 2); // + CUDA_DEVICE_ORDER
    }
    QCOMPARE(!p.warnings.isEmpty(), sharedWarning);
    // T4 asked, H200 here: a note, not an error (unless every GPU is hidden).
    QCOMPARE(p.notes.join(QLatin1Char(' ')).contains(QLatin1String("asks for NVIDIA Tesla T4")),
             mode != QLatin1String("cpu"));
}

void TestGpuPlacement::refusalNamesAskedAndHere()
{
    const GpuPlacement p = placeGpus({ask("chief-0", 1), ask("worker-0", 1), ask("worker-1", 1)},
                                     machine(1), GpuMode::Auto);
    QVERIFY(!p);
    QVERIFY2(p.error.contains(QLatin1String("asks for 3 GPUs (chief-0 1, worker-0 1, worker-1 1); "
                                            "this machine has 1: NVIDIA H200")),
             qPrintable(p.error));
    QVERIFY(p.error.contains(QLatin1String("--gpus=cpu")));
    QVERIFY(p.error.contains(QLatin1String("--gpus=shared")));
    QCOMPARE(describeGpus(machine(2, QStringLiteral("Tesla T4"))), QStringLiteral("2 × Tesla T4"));
}

void TestGpuPlacement::noGpuHereLeavesTheEnvironmentAlone()
{
    for (GpuMode mode : {GpuMode::Auto, GpuMode::Cpu, GpuMode::Shared}) {
        const GpuPlacement p = placeGpus({ask("chief-0", 2)}, {}, mode);
        QVERIFY(p);
        QVERIFY(!p.applies);
        QVERIFY(p.environment(QStringLiteral("chief-0")).isEmpty());
        QCOMPARE(p.notes.size(), 1);
    }
    // Nothing asked, nothing here: nothing to say.
    QVERIFY(placeGpus({ask("chief-0", 0)}, {}, GpuMode::Auto).notes.isEmpty());
}

void TestGpuPlacement::trialSlots_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("perTrial"); // the chief's GPUs; a ps without
    QTest::addColumn<qint64>("maxParallel");
    QTest::addColumn<int>("trials");
    QTest::addColumn<int>("cores");
    QTest::addColumn<int>("expectedSlots");
    QTest::addColumn<QString>("note");
    QTest::newRow("unset: 1") << 2 << 1 << qint64(0) << 4 << 16 << 1 << u""_s;
    QTest::newRow("packed on 2 GPUs")
        << 2 << 1 << qint64(4) << 4 << 16 << 2 << u"so 2 run at once"_s;
    QTest::newRow("2 GPUs a trial on 4")
        << 4 << 2 << qint64(3) << 3 << 16 << 2 << u"free GPU set"_s;
    QTest::newRow("no more than trials") << 8 << 1 << qint64(10) << 3 << 16 << 3 << u""_s;
    QTest::newRow("cpu trials, enough cores") << 0 << 0 << qint64(3) << 3 << 16 << 3 << u""_s;
    QTest::newRow("cpu trials, few cores")
        << 0 << 0 << qint64(3) << 3 << 4 << 3 << u"compete for the CPU"_s;
}

void TestGpuPlacement::trialSlots()
{
    QFETCH(int, gpus);
    QFETCH(int, perTrial);
    QFETCH(qint64, maxParallel);
    QFETCH(int, trials);
    QFETCH(int, cores);
    QFETCH(int, expectedSlots);
    QFETCH(QString, note);
    const TrialSlotPlan plan =
        planTrialSlots({ask("chief-0", perTrial), ask("ps-0", 0)}, machine(gpus), GpuMode::Auto,
                       maxParallel, trials, cores);
    QVERIFY2(plan, qPrintable(plan.error));
    QCOMPARE(plan.count, expectedSlots);
    QCOMPARE(plan.placements.size(), expectedSlots);
    // Slots never share a GPU.
    QSet<int> used;
    for (const GpuPlacement &p : plan.placements) {
        for (const ReplicaGpus &r : p.replicas) {
            for (int g : r.gpus) {
                QVERIFY(!used.contains(g));
                used.insert(g);
            }
        }
    }
    if (note.isEmpty())
        QVERIFY2(plan.notes.isEmpty(), qPrintable(plan.notes.join(QLatin1Char('\n'))));
    else
        QVERIFY2(plan.notes.join(QLatin1Char(' ')).contains(note),
                 qPrintable(plan.notes.join(QLatin1Char('\n'))));
}

void TestGpuPlacement::requestsFromTheSpecAndCatalog()
{
    const catalog::Catalog &catalog = catalog::Catalog::builtIn();
    // BASIC_GPU: the primary's machine type comes with one K80.
    jobspec::Job basicGpu;
    basicGpu.jobId = QStringLiteral("j");
    basicGpu.trainingInput.scaleTier = QStringLiteral("BASIC_GPU");
    basicGpu.trainingInput.pythonModule = QStringLiteral("t.task");
    RunSettings settings;
    const JobGpuPlan plan = planJobGpus(basicGpu, settings, catalog, machine(1), 16);
    QVERIFY2(plan, qPrintable(plan.error));
    QCOMPARE(plan.requests.size(), 1);
    QCOMPARE(plan.requests.first().count, 1);
    QCOMPARE(plan.requests.first().type, QStringLiteral("NVIDIA_TESLA_K80"));
    QCOMPARE(plan.replicaLines().size(), 1);
    // CUSTOM with acceleratorConfig on the workers only.
    jobspec::Job custom = basicGpu;
    custom.trainingInput.scaleTier = QStringLiteral("CUSTOM");
    custom.trainingInput.runtimeVersion = QStringLiteral("2.11"); // the primary is "chief"
    custom.trainingInput.master.type = QStringLiteral("n1-standard-4");
    custom.trainingInput.worker.type = QStringLiteral("n1-standard-4");
    custom.trainingInput.worker.count = 2;
    jobspec::AcceleratorConfig two;
    two.count = 2;
    two.type = QStringLiteral("NVIDIA_TESLA_V100");
    custom.trainingInput.worker.config.acceleratorConfig = two;
    const JobGpuPlan customPlan = planJobGpus(custom, settings, catalog, machine(4), 16);
    QVERIFY2(customPlan, qPrintable(customPlan.error));
    QCOMPARE(customPlan.asked(), 4);
    const GpuPlacement &p = customPlan.trialSlots.placements.first();
    QCOMPARE(p.cudaVisibleDevices(QStringLiteral("chief-0")), std::optional<QString>(QString()));
    QCOMPARE(p.cudaVisibleDevices(QStringLiteral("worker-0")),
             std::optional<QString>(QStringLiteral("0,1")));
    QCOMPARE(p.cudaVisibleDevices(QStringLiteral("worker-1")),
             std::optional<QString>(QStringLiteral("2,3")));
}

QTEST_GUILESS_MAIN(TestGpuPlacement)
#include "tst_gpuplacement.moc"
