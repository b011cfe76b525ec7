// SPDX-License-Identifier: MIT
// A job this machine cannot run is refused before anything is stored, the same way by the
// wizard, the console and the CLI (jobactions/prestart.h), with the NVML double (tests/nvmlfake)
// describing the machine's GPUs. Driven by keys as a user would:
//  - Enter through the wizard on a spec asking 3 GPUs of a machine with one H200 leaves no job in
//    the store and opens the choice; "Run on the CPU" starts the job with every GPU hidden;
//  - `trainyard jobs submit training` refuses the same spec with the same message (its advice
//    naming its flags, the window's naming its controls), and a missing package folder too;
//  - Run again (Ctrl+R) in the console after the package folder was removed, or on a machine
//    with fewer GPUs than the job had, stores nothing and says why (the GPU choice again).
// TRAINYARD_SCREENSHOT_DIR saves review-refused.png and start-choice.png there.
#include "common/gpujobs.h"
#include "gpu/gpusampler.h"
#include "gui/jobs/consoletesthelpers.h"
#include "jobactions/prestart.h"
#include "jobs/joblistmodel.h"
#include "jobspec/yamlio.h"
#include "store/jobstore.h"
#include "wizard/reviewpage.h"
#include "wizardsuite.h"

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>

using namespace trainyard;
using namespace wizardsuite;
using trainyard::ui::jobs::JobConsole;

namespace {

QString nvmlFixture(const char *name)
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/nvml/") + QLatin1String(name);
}

// A chief and two workers with one T4 each (3 GPUs), running the fixture's envdump: each replica
// writes what it saw (CUDA_VISIBLE_DEVICES too) to <out>/env-<name>.json.
jobspec::Job threeGpuJob(const QString &jobId, const QString &out, const QString &package)
{
    jobspec::Job job = test::threeT4Job(jobId);
    jobspec::TrainingInput &in = job.trainingInput;
    in.pythonModule = QStringLiteral("fixtrainer.envdump");
    in.args = {QStringLiteral("--expect"), QStringLiteral("3")};
    in.jobDir = out;
    job.local.packagePath = package;
    return job;
}

// The refusal as the core words it (the message both faces show).
QString coreMessage(const jobspec::Job &job, const QString &storeRoot)
{
    jobactions::PreStartRequest request;
    request.job = job;
    request.catalog = &catalog::Catalog::builtIn();
    request.storeRoot = storeRoot;
    const jobactions::PreStartReport report = jobactions::checkBeforeStart(request);
    return report.errors().isEmpty() ? QString() : report.errors().constFirst().message;
}

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + file.mid(from.size());
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !QFile::copy(file, target))
            return false;
    }
    return true;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                       : QJsonObject();
}

// Every replica's state records no GPU, and each one's environment had CUDA_VISIBLE_DEVICES="".
void verifyEveryGpuHidden(const store::JobStore &store, const QString &jobId, const QString &out)
{
    const store::StateReadResult read = store.readState(jobId);
    QVERIFY(read);
    QVERIFY2(read.state.state == store::JobStatus::Succeeded, qPrintable(read.state.errorMessage));
    QCOMPARE(read.state.replicas.size(), 3);
    for (const store::ReplicaState &r : read.state.replicas) {
        QVERIFY2(r.cudaVisibleDevices.has_value(), qPrintable(r.name));
        QCOMPARE(*r.cudaVisibleDevices, QString());
        const QJsonObject env = readJson(out + QStringLiteral("/env-%1.json").arg(r.name))
                                    .value(QStringLiteral("env"))
                                    .toObject();
        QVERIFY2(env.contains(QStringLiteral("CUDA_VISIBLE_DEVICES")), qPrintable(r.name));
        QCOMPARE(env.value(QStringLiteral("CUDA_VISIBLE_DEVICES")).toString(), QString());
    }
}

void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(100); // the layout follows the new texts
    QVERIFY(w->grab().save(QDir(dir).filePath(name)));
}

// The console as a user has it: shown, active, its jobs' owners the built trainyard.
void showConsole(JobConsole &console)
{
    console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console.model()->setRefreshInterval(200);
    console.resize(1200, 800);
    console.show();
    QApplication::setActiveWindow(&console);
    QVERIFY(QTest::qWaitForWindowActive(&console));
}

struct CliResult
{
    int exitCode = -1;
    QString err;
};

CliResult submit(const QString &home, const QString &jobId, const QString &config)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment(); // the NVML double's
    env.insert(QStringLiteral("TRAINYARD_HOME"), home);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TRAINYARD_BINARY),
            {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"), jobId,
             QStringLiteral("--config"), config, QStringLiteral("--async")});
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
}

// The visible message box (of that objectName) under `parent`, once it is open; null after 20 s.
QMessageBox *waitForBox(QWidget *parent, const QString &objectName = {})
{
    QMessageBox *box = nullptr;
    const auto find = [&] {
        for (QMessageBox *b : parent->findChildren<QMessageBox *>()) {
            if (b->isVisible() && (objectName.isEmpty() || b->objectName() == objectName))
                box = b;
        }
        return box != nullptr;
    };
    return QTest::qWaitFor(find, 20000) ? box : nullptr;
}

} // namespace

class TestStartRefusal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void enterOffersTheChoiceAndStoresNothing();
    void cliAndWindowSayTheSame();
    void runAgainWithoutThePackageFolder();
    void runAgainOnFewerGpusOffersTheChoice();

private:
    QTemporaryDir m_tmp;
    QString m_package; // a copy of the fixture trainer that a test may remove
};

void TestStartRefusal::initTestCase()
{
    if (!QFileInfo::exists(QStringLiteral(TRAINYARD_BINARY)))
        QSKIP("the trainyard executable is not built");
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TrainyardWizardTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_startrefusal"));
    QVERIFY(m_tmp.isValid());
    qputenv("NVMLFAKE_DESCRIPTION", nvmlFixture("1gpu-h200.txt").toLocal8Bit());
    QCOMPARE(gpu::readInventory().gpus.size(), 1);
}

void TestStartRefusal::init()
{
    QSettings().clear();
    qputenv("NVMLFAKE_DESCRIPTION", nvmlFixture("1gpu-h200.txt").toLocal8Bit());
    m_package = m_tmp.filePath(
        QStringLiteral("pkg-%1/fixtrainer").arg(QString::fromLatin1(QTest::currentTestFunction())));
    QVERIFY(copyTree(QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer"), m_package));
}

void TestStartRefusal::enterOffersTheChoiceAndStoresNothing()
{
    const QString storeRoot = m_tmp.filePath(QStringLiteral("wizard-store"));
    const QString out = m_tmp.filePath(QStringLiteral("wizard-out"));
    const jobspec::Job job = threeGpuJob(QStringLiteral("wizard_gpus"), out, m_package);
    const QString refusal = coreMessage(job, storeRoot);
    QVERIFY(refusal.contains(QLatin1String("asks for 3 GPUs")));

    JobWizard w(cat());
    w.setStoreRoot(storeRoot);
    w.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    w.loadJob(job);
    w.resize(1280, 800);
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    // This machine's GPUs are read once, off the GUI thread.
    QLabel *plan = w.reviewPage()->gpuPlanLabel();
    QTRY_VERIFY(!plan->text().contains(QLatin1String("Looking for")));
    QSignalSpy started(&w, &JobWizard::jobStarted);
    enterToReview(w);
    if (QTest::currentTestFailed())
        return;
    // The Review page says it before Run locally is pressed: the core's message, the choice in
    // the window's words.
    QTRY_VERIFY2(plan->text().contains(refusal), qPrintable(plan->text()));
    QVERIFY2(!plan->text().contains(QLatin1String("--")), qPrintable(plan->text()));
    screenshot(&w, QStringLiteral("review-refused.png"));

    // Enter ("Run locally", the default): the choice, nothing stored, the wizard stays.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QMessageBox *choice = waitForBox(&w, QStringLiteral("startChoice"));
    QVERIFY(choice);
    QVERIFY2(choice->text().contains(refusal), qPrintable(choice->text()));
    QVERIFY(!choice->text().contains(QLatin1String("--")));
    QVERIFY(w.isVisible());
    QVERIFY(store::JobStore(storeRoot).ids().isEmpty());
    QVERIFY(w.reviewPage()->statusLabel()->text().contains(refusal));
    QCOMPARE(started.count(), 0);
    screenshot(choice, QStringLiteral("start-choice.png"));

    // "Run on the CPU" is the choice's default button: Enter picks it.
    QTest::keyClick(choice, Qt::Key_Return);
    QTRY_VERIFY2_WITH_TIMEOUT(started.count() == 1,
                              qPrintable(w.reviewPage()->statusLabel()->text()), 20000);
    QCOMPARE(w.reviewPage()->gpuMode(), exec::GpuMode::Cpu); // the choice shows where it is made
    const store::JobStore store(storeRoot);
    QCOMPARE(store.ids(), QStringList{job.jobId});
    QTRY_VERIFY_WITH_TIMEOUT(store::isTerminal(store.readState(job.jobId).state.state), 60000);
    verifyEveryGpuHidden(store, job.jobId, out);
}

void TestStartRefusal::cliAndWindowSayTheSame()
{
    const QString home = m_tmp.filePath(QStringLiteral("cli-store"));
    const QString wizardStore = m_tmp.filePath(QStringLiteral("cli-wizard-store"));
    jobspec::Job job = threeGpuJob(QStringLiteral("same_words"),
                                   m_tmp.filePath(QStringLiteral("cli-out")), m_package);
    const QString config = m_tmp.filePath(QStringLiteral("same_words.yaml"));
    {
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(jobspec::exportYaml(job, jobspec::ExportScope::WithLocal));
    }
    const auto windowSays = [&](const jobspec::Job &j) {
        JobWizard w(cat());
        w.setStoreRoot(wizardStore);
        w.loadJob(j);
        // This machine's GPUs are read once, off the GUI thread: Run locally then knows them.
        const bool known = QTest::qWaitFor(
            [&w] {
                return !w.reviewPage()->gpuPlanLabel()->text().contains(
                    QLatin1String("Looking for"));
            },
            10000);
        if (!known)
            return QStringLiteral("this machine's GPUs were not read within 10 s");
        QString error;
        const bool ran = w.runLocally(&error);
        return ran ? QString() : error + QLatin1Char('\n') + w.reviewPage()->gpuPlanLabel()->text();
    };

    // Too few GPUs: the same message; the CLI's advice names --gpus, the window's does not.
    const QString gpus = coreMessage(job, home);
    CliResult cli = submit(home, job.jobId, config);
    QCOMPARE(cli.exitCode, 1);
    QVERIFY2(cli.err.contains(gpus), qPrintable(cli.err));
    QVERIFY(cli.err.contains(QLatin1String("--gpus=cpu")));
    QVERIFY(cli.err.contains(QLatin1String("--gpus=shared")));
    QVERIFY(!store::JobStore(home).contains(job.jobId));
    const QString window = windowSays(job);
    QVERIFY2(window.contains(gpus), qPrintable(window));
    QVERIFY2(!window.contains(QLatin1String("--")), qPrintable(window));

    // A package folder that is gone: the same sentence from both; nothing stored by either.
    QVERIFY(QDir(QFileInfo(m_package).absolutePath()).removeRecursively());
    job.trainingInput.master.config.acceleratorConfig.reset();
    job.trainingInput.worker.config.acceleratorConfig.reset();
    {
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(jobspec::exportYaml(job, jobspec::ExportScope::WithLocal));
    }
    const QString missing = coreMessage(job, home);
    QCOMPARE(
        missing,
        QStringLiteral("The package directory %1 does not exist on this machine.").arg(m_package));
    cli = submit(home, job.jobId, config);
    QCOMPARE(cli.exitCode, 1);
    QVERIFY2(cli.err.contains(missing), qPrintable(cli.err));
    QVERIFY(cli.err.contains(QLatin1String("--package-path")));
    QVERIFY(!store::JobStore(home).contains(job.jobId));
    const QString again = windowSays(job);
    QVERIFY2(again.contains(missing), qPrintable(again));
    QVERIFY(again.contains(QLatin1String("Trainer page")));
    QVERIFY(store::JobStore(wizardStore).ids().isEmpty());
}

void TestStartRefusal::runAgainWithoutThePackageFolder()
{
    const QString storeRoot = m_tmp.filePath(QStringLiteral("rerun-store"));
    const QString out = m_tmp.filePath(QStringLiteral("rerun-out"));
    jobspec::Job job = threeGpuJob(QStringLiteral("rerun_pkg"), out, m_package);
    exec::RunSettings settings;
    settings.gpus = exec::GpuMode::Cpu;
    settings.startPort = 29970;
    JobConsole console(storeRoot);
    showConsole(console);
    if (QTest::currentTestFailed())
        return;
    QString error;
    QVERIFY2(submitAndWait(console, job, settings, &error), qPrintable(error));
    const store::JobStore store(storeRoot);
    QTRY_VERIFY_WITH_TIMEOUT(store::isTerminal(store.readState(job.jobId).state.state), 60000);

    // The package folder moves away; Run again says so and stores nothing.
    QVERIFY(QDir(QFileInfo(m_package).absolutePath()).removeRecursively());
    console.selectJob(job.jobId);
    QTRY_COMPARE(console.currentJobId(), job.jobId);
    QSignalSpy submitted(&console, &JobConsole::jobSubmitted);
    console.view()->setFocus();
    QTest::keyClick(console.view(), Qt::Key_R, Qt::ControlModifier);
    QMessageBox *box = waitForBox(&console);
    QVERIFY(box);
    QVERIFY2(box->text().contains(QStringLiteral("The package directory %1 does not exist on "
                                                 "this machine.")
                                      .arg(m_package)),
             qPrintable(box->text()));
    QVERIFY2(box->text().contains(QLatin1String("Clone into wizard")), qPrintable(box->text()));
    QVERIFY(!box->text().contains(QLatin1String("--")));
    QCOMPARE(store.ids(), QStringList{job.jobId});
    QTRY_COMPARE(submitted.count(), 1);
    QVERIFY(!submitted.first().at(1).toString().isEmpty());
    box->close();
}

void TestStartRefusal::runAgainOnFewerGpusOffersTheChoice()
{
    // Run with GPUs of their own on a machine with four, then again on one with one.
    qputenv("NVMLFAKE_DESCRIPTION", nvmlFixture("4gpu-a100.txt").toLocal8Bit());
    const QString storeRoot = m_tmp.filePath(QStringLiteral("fewer-store"));
    const QString out = m_tmp.filePath(QStringLiteral("fewer-out"));
    const jobspec::Job job = threeGpuJob(QStringLiteral("fewer_gpus"), out, m_package);
    exec::RunSettings settings;
    settings.startPort = 29975;
    settings.jobDir = out;
    JobConsole console(storeRoot);
    showConsole(console);
    if (QTest::currentTestFailed())
        return;
    QString error;
    QVERIFY2(submitAndWait(console, job, settings, &error), qPrintable(error));
    const store::JobStore store(storeRoot);
    QTRY_VERIFY_WITH_TIMEOUT(store::isTerminal(store.readState(job.jobId).state.state), 60000);
    QCOMPARE(store.readState(job.jobId).state.state, store::JobStatus::Succeeded);

    qputenv("NVMLFAKE_DESCRIPTION", nvmlFixture("1gpu-h200.txt").toLocal8Bit());
    const QString rerunOut = m_tmp.filePath(QStringLiteral("fewer-out-2"));
    QFile::rename(out, rerunOut); // the run again's dumps land in a clean folder
    console.selectJob(job.jobId);
    QTRY_COMPARE(console.currentJobId(), job.jobId);
    console.view()->setFocus();
    QTest::keyClick(console.view(), Qt::Key_R, Qt::ControlModifier);
    QMessageBox *choice = waitForBox(&console, QStringLiteral("startChoice"));
    QVERIFY(choice);
    QVERIFY2(choice->text().contains(QLatin1String("asks for 3 GPUs")), qPrintable(choice->text()));
    QCOMPARE(store.ids(), QStringList{job.jobId}); // nothing stored yet
    QTest::keyClick(choice, Qt::Key_Return);       // Run on the CPU
    const QString again = job.jobId + QStringLiteral("_run2");
    QTRY_VERIFY_WITH_TIMEOUT(store.contains(again), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(store::isTerminal(store.readState(again).state.state), 60000);
    verifyEveryGpuHidden(store, again, out);
}

QTEST_MAIN(TestStartRefusal)
#include "tst_startrefusal.moc"
