// SPDX-License-Identifier: MIT
// The pre-start checks of the job actions (jobactions/prestart.h), one test per check against
// real files, a real port table and the NVML double (tests/nvmlfake, one H200, through
// LD_LIBRARY_PATH): what each refuses, with which field, message and remedies; the messages name
// no flag (each face words the remedies); the table runs every check in order, `only` and `skip`
// leave checks out. And the one job-ID generator the CLI, the wizard and the console share.
#include "catalog/catalog.h"
#include "common/gpujobs.h"
#include "exec/ports.h"
#include "gpu/gpusampler.h"
#include "jobactions/jobactions.h"
#include "jobactions/prestart.h"
#include "store/jobstore.h"
#include "validation/jobids.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using jobactions::PreStartReport;
using jobactions::PreStartRequest;
using jobactions::Remedy;

namespace {

QString fixturePackage()
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer");
}

// A BASIC job of the fixture trainer, valid for a local run.
jobspec::Job basicJob(const QString &jobId)
{
    jobspec::Job job;
    job.jobId = jobId;
    jobspec::TrainingInput &in = job.trainingInput;
    in.scaleTier = QStringLiteral("BASIC");
    in.region = QStringLiteral("us-central1");
    in.runtimeVersion = QStringLiteral("2.11");
    in.pythonVersion = QStringLiteral("3.7");
    in.pythonModule = QStringLiteral("fixtrainer.envdump");
    job.local.packagePath = fixturePackage();
    return job;
}

// A chief and two workers with one T4 each (3 GPUs), of the fixture trainer.
jobspec::Job threeGpuJob(const QString &jobId)
{
    jobspec::Job job = test::threeT4Job(jobId);
    job.trainingInput.pythonModule = QStringLiteral("fixtrainer.envdump");
    job.local.packagePath = fixturePackage();
    return job;
}

PreStartRequest request(const jobspec::Job &job, const QString &storeRoot)
{
    PreStartRequest r;
    r.job = job;
    r.catalog = &catalog::Catalog::builtIn();
    r.storeRoot = storeRoot;
    r.settings.startPort = 29960;
    return r;
}

QString dump(const PreStartReport &report)
{
    QStringList lines;
    for (const jobactions::PreStartDiagnostic &d : report.diagnostics)
        lines << d.check + QLatin1Char(' ') + d.field + QStringLiteral(": ") + d.message;
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestPreStart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tableRunsEveryCheckInOrder();
    void specErrorsRefuse();
    void packageFolderMustExist();
    void gpuPlanWithTheUsersChoice_data();
    void gpuPlanWithTheUsersChoice();
    void freeSpaceFloor();
    void portPlan();
    void messagesNameNoFlag();
    void oneJobIdGenerator();

private:
    QTemporaryDir m_tmp;
};

void TestPreStart::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    // The double's machine: one H200.
    QCOMPARE(gpu::readInventory().gpus.size(), 1);
}

void TestPreStart::tableRunsEveryCheckInOrder()
{
    QCOMPARE(jobactions::preStartCheckNames(),
             (QStringList{QStringLiteral("spec"), QStringLiteral("resume"),
                          QStringLiteral("packageFolder"), QStringLiteral("gpus"),
                          QStringLiteral("diskSpace"), QStringLiteral("ports")}));
    // Every finding names its check; `only` and `skip` leave the others out.
    PreStartRequest r = request(basicJob(QStringLiteral("bad-id")), m_tmp.path());
    r.job.local.packagePath = m_tmp.filePath(QStringLiteral("gone"));
    const PreStartReport all = jobactions::checkBeforeStart(r);
    QVERIFY(!all.of(QStringLiteral("spec")).isEmpty());
    QVERIFY(!all.of(QStringLiteral("packageFolder")).isEmpty());
    r.only = {QStringLiteral("packageFolder")};
    const PreStartReport one = jobactions::checkBeforeStart(r);
    QVERIFY2(one.of(QStringLiteral("spec")).isEmpty(), qPrintable(dump(one)));
    QCOMPARE(one.diagnostics.size(), 1);
    r.only.clear();
    r.skip = {QStringLiteral("packageFolder")};
    QVERIFY(jobactions::checkBeforeStart(r).of(QStringLiteral("packageFolder")).isEmpty());
}

void TestPreStart::specErrorsRefuse()
{
    PreStartRequest r = request(basicJob(QStringLiteral("census-2024")), m_tmp.path());
    PreStartReport report = jobactions::checkBeforeStart(r);
    QVERIFY(report.refused());
    const QList<jobactions::PreStartDiagnostic> spec = report.of(QStringLiteral("spec"));
    QVERIFY2(!spec.isEmpty(), qPrintable(dump(report)));
    QCOMPARE(spec.first().field, QStringLiteral("jobId"));
    QVERIFY(spec.first().message.contains(QLatin1String("hyphens are not allowed")));
    QCOMPARE(spec.first().remedies, QList<Remedy>{Remedy::FixSpec});
    QCOMPARE(spec.first().validation.field, QStringLiteral("jobId")); // the validator's own
    // Without a spec error the cluster is placed and its ports planned; a taken ID is an error.
    r.job.jobId = QStringLiteral("census_2024");
    report = jobactions::checkBeforeStart(r);
    QVERIFY2(!report.refused(), qPrintable(dump(report)));
    QVERIFY(report.gpuPlanMade);
    QVERIFY(store::JobStore(m_tmp.path()).createJob(r.job, store::JobState()));
    report = jobactions::checkBeforeStart(r);
    QVERIFY2(dump(report).contains(QLatin1String("a job named census_2024 already exists")),
             qPrintable(dump(report)));
}

void TestPreStart::packageFolderMustExist()
{
    // Relative to the config's folder, as the owner resolves it.
    const QString base = m_tmp.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(base + QStringLiteral("/trainer")));
    PreStartRequest r = request(basicJob(QStringLiteral("pkg_job")), m_tmp.path());
    r.job.local.packagePath = QStringLiteral("trainer");
    r.settings.baseDirectory = base;
    QVERIFY2(jobactions::checkBeforeStart(r).of(QStringLiteral("packageFolder")).isEmpty(),
             qPrintable(dump(jobactions::checkBeforeStart(r))));
    // Moved away since: refused, naming the folder it looked for.
    QVERIFY(QDir(base + QStringLiteral("/trainer")).removeRecursively());
    const PreStartReport report = jobactions::checkBeforeStart(r);
    QVERIFY(report.refused());
    const QList<jobactions::PreStartDiagnostic> found = report.of(QStringLiteral("packageFolder"));
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.first().field, QStringLiteral("trainyardLocal.packagePath"));
    QCOMPARE(found.first().message, QStringLiteral("The package directory %1 does not exist on "
                                                   "this machine.")
                                        .arg(base + QStringLiteral("/trainer")));
    QCOMPARE(found.first().remedies, QList<Remedy>{Remedy::ChoosePackageFolder});
}

void TestPreStart::gpuPlanWithTheUsersChoice_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("refused");
    QTest::addColumn<QString>("visibleToWorker1"); // CUDA_VISIBLE_DEVICES of worker-1
    QTest::newRow("auto: 3 asked, 1 here") << "auto" << true << QString();
    QTest::newRow("cpu: every GPU hidden") << "cpu" << false << QString();
    QTest::newRow("shared: round-robin") << "shared" << false << QStringLiteral("0");
}

void TestPreStart::gpuPlanWithTheUsersChoice()
{
    QFETCH(QString, mode);
    QFETCH(bool, refused);
    QFETCH(QString, visibleToWorker1);
    PreStartRequest r = request(threeGpuJob(QStringLiteral("gpu_job")), m_tmp.path());
    r.settings.gpus = *exec::gpuModeFromName(mode);
    const PreStartReport report = jobactions::checkBeforeStart(r); // NVML read by the check
    QCOMPARE(report.refused(), refused);
    QVERIFY(report.gpuPlanMade);
    const QList<jobactions::PreStartDiagnostic> gpus = report.of(QStringLiteral("gpus"));
    if (refused) {
        QCOMPARE(gpus.size(), 1);
        QCOMPARE(gpus.first().field, QStringLiteral("gpus"));
        QCOMPARE(gpus.first().message,
                 QStringLiteral("The job asks for 3 GPUs (chief-0 1, worker-0 1, worker-1 1); "
                                "this machine has 1: NVIDIA H200."));
        QCOMPARE(gpus.first().remedies, (QList<Remedy>{Remedy::RunOnCpu, Remedy::ShareGpus}));
        QVERIFY(report.offers(Remedy::RunOnCpu));
        return;
    }
    QVERIFY2(gpus.isEmpty(), qPrintable(dump(report)));
    const exec::GpuPlacement &placement = report.gpuPlan.trialSlots.placements.constFirst();
    QCOMPARE(placement.cudaVisibleDevices(QStringLiteral("worker-1")),
             std::optional<QString>(visibleToWorker1));
    if (mode == QLatin1String("cpu")) {
        for (const QString &replica : {QStringLiteral("chief-0"), QStringLiteral("worker-0")})
            QCOMPARE(placement.cudaVisibleDevices(replica), std::optional<QString>(QString()));
    }
}

void TestPreStart::freeSpaceFloor()
{
    // On this disk a new job fits: nothing to say.
    PreStartRequest r = request(basicJob(QStringLiteral("space_job")), m_tmp.path());
    QVERIFY(jobactions::checkBeforeStart(r).of(QStringLiteral("diskSpace")).isEmpty());

    // A 16 MB tmpfs as the store, filled past the floor (1 % of it): refused before anything is
    // written, as the store itself would refuse the job.
    const QString mountPoint = m_tmp.filePath(QStringLiteral("smallfs"));
    QVERIFY(QDir().mkpath(mountPoint));
    QProcess mount;
    mount.start(QStringLiteral("mount"),
                {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                 QStringLiteral("size=16m"), QStringLiteral("tmpfs"), mountPoint});
    if (!mount.waitForFinished(10000) || mount.exitStatus() != QProcess::NormalExit ||
        mount.exitCode() != 0)
        QSKIP("cannot mount a tmpfs here (needs root and CAP_SYS_ADMIN)");
    const auto unmount = qScopeGuard([&] {
        QProcess::execute(QStringLiteral("umount"), {QStringLiteral("-l"), mountPoint});
    });
    {
        QFile filler(mountPoint + QStringLiteral("/filler"));
        QVERIFY(filler.open(QIODevice::WriteOnly));
        QVERIFY(filler.write(QByteArray(16 * 1024 * 1024 - 64 * 1024, 'x')) > 0);
    }
    r.storeRoot = mountPoint + QStringLiteral("/jobs"); // not there yet: its disk counts
    const PreStartReport report = jobactions::checkBeforeStart(r);
    const QList<jobactions::PreStartDiagnostic> space = report.of(QStringLiteral("diskSpace"));
    QCOMPARE(space.size(), 1);
    QVERIFY2(space.first().message.contains(mountPoint), qPrintable(space.first().message));
    QCOMPARE(space.first().remedies, QList<Remedy>{Remedy::FreeSpace});
    QVERIFY(!QFileInfo::exists(r.storeRoot));
}

void TestPreStart::portPlan()
{
    // From a free first port the cluster finds its ports: nothing to say.
    PreStartRequest r = request(threeGpuJob(QStringLiteral("ports_job")), m_tmp.path());
    r.settings.gpus = exec::GpuMode::Cpu;
    QVERIFY(jobactions::checkBeforeStart(r).of(QStringLiteral("ports")).isEmpty());
    // Three replicas from 65534 upward: at most two ports are left.
    r.settings.startPort = 65534;
    const PreStartReport report = jobactions::checkBeforeStart(r);
    const QList<jobactions::PreStartDiagnostic> ports = report.of(QStringLiteral("ports"));
    QCOMPARE(ports.size(), 1);
    QCOMPARE(ports.first().field, QStringLiteral("startPort"));
    QVERIFY2(ports.first().message.contains(QLatin1String("the cluster needs 3 ports from 65534")),
             qPrintable(ports.first().message));
    QCOMPARE(ports.first().remedies, QList<Remedy>{Remedy::ChooseStartPort});

    // Ports another owner on this machine has claimed (any store, any user: exec/ports.h) are
    // skipped as the owner skips them: 65532 and 65533 taken leave two of the three.
    r.settings.startPort = 65532;
    {
        exec::PortReservations otherOwner;
        QVERIFY(otherOwner.claim(65532));
        QVERIFY(otherOwner.claim(65533));
        const QList<jobactions::PreStartDiagnostic> claimed =
            jobactions::checkBeforeStart(r).of(QStringLiteral("ports"));
        QCOMPARE(claimed.size(), 1);
        QVERIFY2(
            claimed.first().message.contains(QLatin1String("the cluster needs 3 ports from 65532")),
            qPrintable(claimed.first().message));
    }
    // Released, they are the cluster's again; the check itself leaves nothing claimed.
    QVERIFY(jobactions::checkBeforeStart(r).of(QStringLiteral("ports")).isEmpty());
    exec::PortReservations next;
    QVERIFY(next.claim(65532));
}

void TestPreStart::messagesNameNoFlag()
{
    // Every check refusing at once: no message says a flag (the CLI adds those, the window
    // names its controls).
    PreStartRequest r = request(threeGpuJob(QStringLiteral("flagless")), m_tmp.path());
    r.job.local.packagePath = m_tmp.filePath(QStringLiteral("nowhere"));
    r.settings.startPort = 65535;
    const PreStartReport report = jobactions::checkBeforeStart(r);
    QVERIFY(report.of(QStringLiteral("gpus")).size() == 1);
    QVERIFY(report.of(QStringLiteral("packageFolder")).size() == 1);
    for (const jobactions::PreStartDiagnostic &d : report.diagnostics)
        QVERIFY2(!d.message.contains(QLatin1String("--")), qPrintable(d.message));
}

void TestPreStart::oneJobIdGenerator()
{
    QSet<QString> taken{QStringLiteral("lr_0_5"), QStringLiteral("lr_0_5_run2"),
                        QStringLiteral("census_20260101_120000")};
    const auto isTaken = [&taken](const QString &id) { return taken.contains(id); };
    // Run again: a run number of the ID itself is replaced, the name's own digits stay.
    QCOMPARE(validation::rerunJobId(QStringLiteral("lr_0_5"), isTaken),
             QStringLiteral("lr_0_5_run3"));
    QCOMPARE(validation::rerunJobId(QStringLiteral("lr_0_5_run2"), isTaken),
             QStringLiteral("lr_0_5_run3"));
    // A fresh job: STEM_YYYYMMDD_HHMMSS, numbered when taken.
    const QDateTime noon(QDate(2026, 1, 1), QTime(12, 0));
    QCOMPARE(validation::stampedJobId(QStringLiteral("census"), noon, isTaken),
             QStringLiteral("census_20260101_120000_2"));
    QCOMPARE(validation::jobIdStem(QStringLiteral("census_20260101_120000_2")),
             QStringLiteral("census"));
    QCOMPARE(validation::jobIdStem(QStringLiteral("9-trainer.task")),
             QStringLiteral("trainer_task"));
    // The length limit holds with the number.
    const QString longId(128, QLatin1Char('a'));
    taken.insert(longId);
    QCOMPARE(validation::freeJobId(longId, isTaken).size(), 128);
    QCOMPARE(validation::rerunJobId(longId, isTaken).size(), 128);
    // The store's generator for `local train`.
    const store::JobStore store(m_tmp.filePath(QStringLiteral("ids")));
    QCOMPARE(jobactions::localTrainJobId(store, QStringLiteral("trainer.task"), noon),
             QStringLiteral("local_trainer_task_20260101_120000"));
    QCOMPARE(jobactions::localTrainJobId(store, QStringLiteral("trainer.task"), noon, 3),
             QStringLiteral("local_trainer_task_20260101_120000_3"));
}

QTEST_GUILESS_MAIN(TestPreStart)
#include "tst_prestart.moc"
