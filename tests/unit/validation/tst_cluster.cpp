// SPDX-License-Identifier: MIT
// Cluster, accelerator and region rules (docs/service.md §2–§5) on jobs built in C++.
#include "testjobs.h"

#include <QTest>
#include <functional>

using namespace trainyard;
using namespace trainyard::testjobs;

using Mutation = std::function<void(jobspec::Job &)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

// A region of an edited copy of the catalog. Lookups index by position, so editing a region's
// fields in place keeps them valid.
catalog::Region *regionIn(catalog::Catalog &c, const QString &name)
{
    for (catalog::Region &r : c.regions) {
        if (r.name == name)
            return &r;
    }
    return nullptr;
}

} // namespace

class TestCluster : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gpuGuideConfigsAreValid_data();
    void gpuGuideConfigsAreValid();
    void rules_data();
    void rules();
    void everyTierIsAccepted();
    void vertexOnlyAndRetiredGpus();
    void zoneConflict();
    void regionWithoutGpu();
    void certainRegionDataGivesErrors();
    void zonesData();
};

void TestCluster::gpuGuideConfigsAreValid_data()
{
    QTest::addColumn<Job>("job");
    QTest::newRow("CUSTOM n1-highcpu-16 + 4 T4") << gpuGuideCustomJob();
    QTest::newRow("legacy complex_model_m_gpu") << gpuGuideLegacyJob();
    Job local = gpuGuideCustomJob();
    local.local.packagePath = QStringLiteral("/home/alice/trainer");
    QTest::newRow("CUSTOM, local target") << local;
}

void TestCluster::gpuGuideConfigsAreValid()
{
    QFETCH(Job, job);
    const validation::Target target =
        job.local.packagePath.isEmpty() ? validation::Target::Cloud : validation::Target::Local;
    const jobspec::Diagnostics diags = run(job, target);
    QVERIFY2(diags.isEmpty(), qPrintable(dump(diags))); // no errors and no warnings
}

// Each row: a change to the valid base job, the field that must be marked, error or warning,
// and substrings of the message (what is wrong and what would be valid).
void TestCluster::rules_data()
{
    QTest::addColumn<Mutation>("mutate");
    QTest::addColumn<QString>("field");
    QTest::addColumn<bool>("error");
    QTest::addColumn<QStringList>("contains");

    const QString tier = QStringLiteral("trainingInput.scaleTier");
    const QString masterType = QStringLiteral("trainingInput.masterType");
    const QString workerType = QStringLiteral("trainingInput.workerType");
    const QString masterAcc = QStringLiteral("trainingInput.masterConfig.acceleratorConfig");
    const QString region = QStringLiteral("trainingInput.region");

    // An absent scaleTier is BASIC on the wire (the enum's zero value): a CUSTOM cluster
    // without it is reported at the cluster field the BASIC tier does not take.
    QTest::newRow("tier missing") << Mutation([](Job &j) { j.trainingInput.scaleTier.clear(); })
                                  << QStringLiteral("trainingInput.masterType") << true
                                  << QStringList{QStringLiteral("BASIC defines its own machines"),
                                                 QStringLiteral("CUSTOM")};
    QTest::newRow("tier in gcloud spelling")
        << Mutation([](Job &j) { j.trainingInput.scaleTier = QStringLiteral("basic-gpu"); }) << tier
        << true << QStringList{QStringLiteral("write BASIC_GPU")};
    QTest::newRow("tier misspelt")
        << Mutation([](Job &j) { j.trainingInput.scaleTier = QStringLiteral("CUSTOMM"); }) << tier
        << true
        << QStringList{QStringLiteral("unknown scale tier 'CUSTOMM'"),
                       QStringLiteral("did you mean CUSTOM?")};
    QTest::newRow("masterType with a predefined tier")
        << Mutation([](Job &j) { j.trainingInput.scaleTier = QStringLiteral("BASIC"); })
        << masterType << true << QStringList{QStringLiteral("only be used with scaleTier CUSTOM")};
    QTest::newRow("workerCount with a predefined tier")
        << Mutation([](Job &j) {
               j.trainingInput.scaleTier = QStringLiteral("STANDARD_1");
               j.trainingInput.master.type.clear();
               j.trainingInput.worker.count = 2;
           })
        << QStringLiteral("trainingInput.workerCount") << true
        << QStringList{QStringLiteral("workerCount can only be used with scaleTier CUSTOM")};
    QTest::newRow("acceleratorConfig with BASIC_GPU") << Mutation([](Job &j) {
        j.trainingInput.scaleTier = QStringLiteral("BASIC_GPU");
        j.trainingInput.master.type.clear();
        j.trainingInput.master.config.acceleratorConfig =
            accel(1, QStringLiteral("NVIDIA_TESLA_K80"));
    }) << masterAcc << true << QStringList{QStringLiteral("needs scaleTier CUSTOM")};
    QTest::newRow("CUSTOM without masterType")
        << Mutation([](Job &j) { j.trainingInput.master.type.clear(); }) << masterType << true
        << QStringList{QStringLiteral("masterType is required with scaleTier CUSTOM"),
                       QStringLiteral("n1-standard-4")};
    QTest::newRow("workerCount without workerType")
        << Mutation([](Job &j) { j.trainingInput.worker.count = 2; }) << workerType << true
        << QStringList{QStringLiteral("workerCount is 2 but workerType is not set"),
                       QStringLiteral("n1-standard-8")};
    QTest::newRow("workerType without workers")
        << Mutation([](Job &j) { j.trainingInput.worker.type = QStringLiteral("n1-standard-8"); })
        << workerType << false << QStringList{QStringLiteral("workerCount is 0")};
    QTest::newRow("negative count")
        << Mutation([](Job &j) {
               j.trainingInput.parameterServer.type = QStringLiteral("n1-highmem-8");
               j.trainingInput.parameterServer.count = -1;
           })
        << QStringLiteral("trainingInput.parameterServerCount") << true
        << QStringList{QStringLiteral("parameterServerCount is -1; use 0 or more")};
    QTest::newRow("unknown machine type")
        << Mutation([](Job &j) { j.trainingInput.master.type = QStringLiteral("n1-standrad-8"); })
        << masterType << true
        << QStringList{QStringLiteral("unknown machine type 'n1-standrad-8'"),
                       QStringLiteral("did you mean n1-standard-8?")};
    QTest::newRow("legacy and Compute Engine mixed")
        << Mutation([](Job &j) {
               j.trainingInput.master.type = QStringLiteral("complex_model_m");
               j.trainingInput.worker.type = QStringLiteral("n1-standard-8");
               j.trainingInput.worker.count = 2;
           })
        << workerType << true
        << QStringList{QStringLiteral("n1-standard-8"), QStringLiteral("complex_model_m"),
                       QStringLiteral("legacy"), QStringLiteral("Compute Engine")};
    QTest::newRow("acceleratorConfig on a legacy GPU type")
        << Mutation([](Job &j) {
               j.trainingInput.master.type = QStringLiteral("complex_model_m_gpu");
               j.trainingInput.master.config.acceleratorConfig =
                   accel(4, QStringLiteral("NVIDIA_TESLA_K80"));
           })
        << masterAcc << true
        << QStringList{QStringLiteral("complex_model_m_gpu already includes 4 × NVIDIA_TESLA_K80; "
                                      "remove acceleratorConfig")};
    QTest::newRow("acceleratorConfig on a legacy CPU type")
        << Mutation([](Job &j) {
               j.trainingInput.master.type = QStringLiteral("standard");
               j.trainingInput.master.config.acceleratorConfig =
                   accel(1, QStringLiteral("NVIDIA_TESLA_K80"));
           })
        << masterAcc << true
        << QStringList{QStringLiteral("standard is a legacy type"), QStringLiteral("standard_gpu")};
    QTest::newRow("cloud_tpu as master")
        << Mutation([](Job &j) { j.trainingInput.master.type = QStringLiteral("cloud_tpu"); })
        << masterType << true << QStringList{QStringLiteral("can only be the workerType")};
    QTest::newRow("accelerator type in gcloud spelling")
        << Mutation([](Job &j) {
               j.trainingInput.master.config.acceleratorConfig =
                   accel(1, QStringLiteral("nvidia-tesla-t4"));
           })
        << masterAcc + QStringLiteral(".type") << true
        << QStringList{QStringLiteral("gcloud flag spelling"), QStringLiteral("NVIDIA_TESLA_T4")};
    QTest::newRow("unknown accelerator type")
        << Mutation([](Job &j) {
               j.trainingInput.master.config.acceleratorConfig =
                   accel(1, QStringLiteral("NVIDIA_TESLA_T5"));
           })
        << masterAcc + QStringLiteral(".type") << true
        << QStringList{QStringLiteral("unknown accelerator type 'NVIDIA_TESLA_T5'"),
                       QStringLiteral("NVIDIA_TESLA_P100")};
    QTest::newRow("accelerator count missing")
        << Mutation([](Job &j) {
               jobspec::AcceleratorConfig a;
               a.type = QStringLiteral("NVIDIA_TESLA_T4");
               j.trainingInput.master.config.acceleratorConfig = a;
           })
        << masterAcc + QStringLiteral(".count") << true
        << QStringList{QStringLiteral("acceleratorConfig.count is required")};
    QTest::newRow("accelerator type missing")
        << Mutation([](Job &j) {
               jobspec::AcceleratorConfig a;
               a.count = 1;
               j.trainingInput.master.config.acceleratorConfig = a;
           })
        << masterAcc + QStringLiteral(".type") << true
        << QStringList{QStringLiteral("type is required"), QStringLiteral("NVIDIA_TESLA_K80")};
    QTest::newRow("TPU on a Compute Engine type")
        << Mutation([](Job &j) {
               j.trainingInput.master.config.acceleratorConfig = accel(8, QStringLiteral("TPU_V2"));
           })
        << masterAcc + QStringLiteral(".type") << true
        << QStringList{QStringLiteral("TPU_V2 is a TPU"), QStringLiteral("cloud_tpu")};
    QTest::newRow("tpuTfVersion without TPU worker") << Mutation([](Job &j) {
        j.trainingInput.master.config.tpuTfVersion = QStringLiteral("1.15");
    }) << QStringLiteral("trainingInput.masterConfig.tpuTfVersion")
                                                     << true
                                                     << QStringList{QStringLiteral("cloud_tpu")};
    QTest::newRow("TPU worker in a region without TPUs")
        << Mutation([](Job &j) {
               j.trainingInput.master.type = QStringLiteral("standard");
               j.trainingInput.worker.type = QStringLiteral("cloud_tpu");
               j.trainingInput.worker.count = 1;
               j.trainingInput.region = QStringLiteral("us-west1");
           })
        << region << false // the per-region data is uncertain
        << QStringList{QStringLiteral("us-west1 offers no Cloud TPUs"),
                       QStringLiteral("us-central1"), QStringLiteral("europe-west4")};
    QTest::newRow("A100 on N1") << Mutation([](Job &j) {
        j.trainingInput.master.config.acceleratorConfig =
            accel(1, QStringLiteral("NVIDIA_TESLA_A100"));
    }) << masterAcc + QStringLiteral(".type")
                                << true
                                << QStringList{QStringLiteral(
                                       "NVIDIA_TESLA_A100 cannot attach to n1-standard-8; A100 "
                                       "attaches only to a2-* machine types")};
    QTest::newRow("A2 count fixed")
        << Mutation([](Job &j) {
               j.trainingInput.master.type = QStringLiteral("a2-highgpu-4g");
               j.trainingInput.master.config.acceleratorConfig =
                   accel(2, QStringLiteral("NVIDIA_TESLA_A100"));
           })
        << masterAcc + QStringLiteral(".count") << true
        << QStringList{QStringLiteral("a2-highgpu-4g comes with exactly 4 × NVIDIA_TESLA_A100")};
    QTest::newRow("region missing")
        << Mutation([](Job &j) { j.trainingInput.region.clear(); }) << region << false
        << QStringList{QStringLiteral("compute/region"), QStringLiteral("us-central1")};
    QTest::newRow("region misspelt")
        << Mutation([](Job &j) { j.trainingInput.region = QStringLiteral("us-centrl1"); }) << region
        << true
        << QStringList{QStringLiteral("unknown region 'us-centrl1'"),
                       QStringLiteral("did you mean us-central1?")};
    QTest::newRow("legacy K80 type in a region without K80")
        << Mutation([](Job &j) {
               j = gpuGuideLegacyJob();
               j.trainingInput.region = QStringLiteral("us-west2");
           })
        << region << false
        << QStringList{QStringLiteral("us-west2 does not offer NVIDIA_TESLA_K80; regions that do: "
                                      "us-west1, us-central1, us-east1")};
    QTest::newRow("BASIC_GPU implies a K80")
        << Mutation([](Job &j) {
               j.trainingInput.scaleTier = QStringLiteral("BASIC_GPU");
               j.trainingInput.master.type.clear();
               j.trainingInput.region = QStringLiteral("asia-south1");
           })
        << region << false
        << QStringList{QStringLiteral("asia-south1 does not offer NVIDIA_TESLA_K80")};
    QTest::newRow("doubtful A100 region")
        << Mutation([](Job &j) {
               j.trainingInput.master.type = QStringLiteral("a2-highgpu-1g");
               j.trainingInput.master.config.acceleratorConfig =
                   accel(1, QStringLiteral("NVIDIA_TESLA_A100"));
               j.trainingInput.region = QStringLiteral("us-east1");
           })
        << region << false
        << QStringList{QStringLiteral("us-east1 may not offer NVIDIA_TESLA_A100"),
                       QStringLiteral("us-central1, europe-west4")};
}

void TestCluster::rules()
{
    QFETCH(Mutation, mutate);
    QFETCH(QString, field);
    QFETCH(bool, error);
    QFETCH(QStringList, contains);

    Job job = baseJob();
    mutate(job);
    const jobspec::Diagnostics diags = run(job);
    const jobspec::Diagnostics marked = onField(diags, field);
    QVERIFY2(marked.size() == 1, qPrintable(dump(diags)));
    QCOMPARE(marked.first().isError(), error);
    for (const QString &part : contains)
        QVERIFY2(marked.first().message.contains(part), qPrintable(dump(diags)));
}

void TestCluster::everyTierIsAccepted()
{
    for (const catalog::ScaleTier &t : cat().scaleTiers) {
        Job job = baseJob();
        job.trainingInput.scaleTier = t.name;
        if (!t.custom)
            job.trainingInput.master.type.clear();
        const jobspec::Diagnostics diags = run(job);
        QVERIFY2(!jobspec::hasErrors(diags), qPrintable(t.name + QLatin1Char('\n') + dump(diags)));
    }
}

// GPUs only Vertex AI offers: a warning that says so (the legacy API does not know them), and
// the machine rules still apply (no N1 machine takes an L4). The retired K80: a warning naming
// the replacement.
void TestCluster::vertexOnlyAndRetiredGpus()
{
    const QString typeField = QStringLiteral("trainingInput.masterConfig.acceleratorConfig.type");
    for (const char *type : {"NVIDIA_L4", "NVIDIA_H100_80GB", "NVIDIA_A100_80GB"}) {
        Job job = baseJob();
        job.trainingInput.master.config.acceleratorConfig = accel(1, QString::fromLatin1(type));
        const jobspec::Diagnostics marked = onField(run(job), typeField);
        QVERIFY2(marked.size() == 2, qPrintable(dump(marked)));
        QVERIFY2(!marked.at(0).isError() && marked.at(0).message.contains(QLatin1String(
                                                "is offered by Vertex AI custom training only")),
                 qPrintable(dump(marked)));
        QVERIFY2(marked.at(1).isError() &&
                     marked.at(1).message.contains(QLatin1String("cannot attach to n1-standard-8")),
                 qPrintable(dump(marked)));
    }
    Job job = baseJob();
    job.trainingInput.master.config.acceleratorConfig =
        accel(1, QStringLiteral("NVIDIA_TESLA_K80"));
    // validate() itself: run() leaves out the "no longer offered" warnings.
    const jobspec::Diagnostics marked =
        onField(validation::validate(job, cat(), validation::Options()), typeField);
    QVERIFY2(marked.size() == 1 && !marked.first().isError(), qPrintable(dump(marked)));
    QVERIFY2(marked.first().message.contains(QLatin1String("is no longer offered")) &&
                 marked.first().message.contains(QLatin1String("NVIDIA_TESLA_T4")),
             qPrintable(dump(marked)));
}

void TestCluster::zoneConflict()
{
    // T4 + K80 + P100 together: us-central1 offers each, but no zone has all three [S].
    Job job = baseJob();
    jobspec::TrainingInput &in = job.trainingInput;
    in.master.config.acceleratorConfig = accel(1, QStringLiteral("NVIDIA_TESLA_T4"));
    in.worker.type = QStringLiteral("n1-standard-8");
    in.worker.count = 2;
    in.worker.config.acceleratorConfig = accel(1, QStringLiteral("NVIDIA_TESLA_K80"));
    in.parameterServer.type = QStringLiteral("n1-standard-8");
    in.parameterServer.count = 1;
    in.parameterServer.config.acceleratorConfig = accel(1, QStringLiteral("NVIDIA_TESLA_P100"));

    jobspec::Diagnostics diags = run(job);
    QVERIFY2(diags.size() == 1, qPrintable(dump(diags)));
    QVERIFY(diags.first().isError());
    QCOMPARE(diags.first().field, QStringLiteral("trainingInput.region"));
    for (const char *gpu : {"NVIDIA_TESLA_T4", "NVIDIA_TESLA_K80", "NVIDIA_TESLA_P100"})
        QVERIFY2(diags.first().message.contains(QLatin1String(gpu)), qPrintable(dump(diags)));
    QVERIFY(diags.first().message.contains(QStringLiteral("one zone")));

    // Two of the three are fine; so are all three when one role has no replicas.
    in.parameterServer.config.acceleratorConfig.reset();
    diags = run(job);
    QVERIFY2(diags.isEmpty(), qPrintable(dump(diags)));
}

void TestCluster::regionWithoutGpu()
{
    // europe-west1 offers no T4 (per the uncertain regional table): the region is marked, and
    // the message lists the regions that do.
    Job job = gpuGuideCustomJob();
    job.trainingInput.region = QStringLiteral("europe-west1");
    const jobspec::Diagnostics diags = run(job);
    QVERIFY2(diags.size() == 1, qPrintable(dump(diags)));
    const jobspec::Diagnostic &d = diags.first();
    QCOMPARE(d.field, QStringLiteral("trainingInput.region"));
    QVERIFY(!d.isError()); // the reference marks the regional GPU list [U]
    QVERIFY2(d.message.startsWith(QStringLiteral("europe-west1 does not offer NVIDIA_TESLA_T4; "
                                                 "regions that do: us-west1, us-west2, "
                                                 "us-central1,")),
             qPrintable(d.message));
    QVERIFY(d.message.contains(QStringLiteral("australia-southeast1")));
}

// The same rule gives an error once the catalog marks the region's GPU list as certain.
void TestCluster::certainRegionDataGivesErrors()
{
    catalog::Catalog edited = cat();
    catalog::Region *r = regionIn(edited, QStringLiteral("europe-west1"));
    QVERIFY(r);
    r->acceleratorCertainty = catalog::Certainty::Public;

    Job job = gpuGuideCustomJob();
    job.trainingInput.region = QStringLiteral("europe-west1");
    const jobspec::Diagnostics diags = validation::validate(job, edited);
    QVERIFY2(diags.size() == 1, qPrintable(dump(diags)));
    QVERIFY(diags.first().isError());
    QCOMPARE(diags.first().field, QStringLiteral("trainingInput.region"));
}

// With per-zone data, GPU types that share no zone give a warning naming the zones.
void TestCluster::zonesData()
{
    catalog::Catalog edited = cat();
    catalog::Region *r = regionIn(edited, QStringLiteral("us-central1"));
    QVERIFY(r);
    r->zones = {{QStringLiteral("us-central1-a"),
                 {QStringLiteral("NVIDIA_TESLA_T4"), QStringLiteral("NVIDIA_TESLA_K80")}},
                {QStringLiteral("us-central1-b"),
                 {QStringLiteral("NVIDIA_TESLA_T4"), QStringLiteral("NVIDIA_TESLA_P100")}}};

    Job job = baseJob();
    jobspec::TrainingInput &in = job.trainingInput;
    in.master.config.acceleratorConfig = accel(1, QStringLiteral("NVIDIA_TESLA_T4"));
    in.worker.type = QStringLiteral("n1-standard-8");
    in.worker.count = 1;
    in.worker.config.acceleratorConfig = accel(1, QStringLiteral("NVIDIA_TESLA_K80"));
    QVERIFY2(withoutLifecycle(validation::validate(job, edited)).isEmpty(),
             qPrintable(dump(validation::validate(job, edited))));

    in.master.config.acceleratorConfig = accel(1, QStringLiteral("NVIDIA_TESLA_P100"));
    const jobspec::Diagnostics diags = withoutLifecycle(validation::validate(job, edited));
    QVERIFY2(diags.size() == 1, qPrintable(dump(diags)));
    QVERIFY(!diags.first().isError());
    QCOMPARE(diags.first().field, QStringLiteral("trainingInput.region"));
    QVERIFY2(diags.first().message.startsWith(
                 QStringLiteral("no zone of us-central1 offers all of NVIDIA_TESLA_P100, "
                                "NVIDIA_TESLA_K80")),
             qPrintable(diags.first().message));
    QVERIFY(diags.first().message.contains(
        QStringLiteral("us-central1-a (NVIDIA_TESLA_T4, NVIDIA_TESLA_K80)")));
}

QTEST_GUILESS_MAIN(TestCluster)
#include "tst_cluster.moc"
