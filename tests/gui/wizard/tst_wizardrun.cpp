// SPDX-License-Identifier: MIT
// The job wizard opened from the main window, run locally with the real executor, and closed
// (a draft kept or discarded).
#include "catalog/catalog.h"
#include "common/darkpalette.h"
#include "exec/runsettings.h"
#include "jobspec/yamlio.h"
#include "mainwindow/mainwindow.h"
#include "store/jobstore.h"
#include "wizard/clusterpage.h"
#include "wizard/disclosure.h"
#include "wizard/hyperparampage.h"
#include "wizard/jobpage.h"
#include "wizard/listeditors.h"
#include "wizard/regionpage.h"
#include "wizard/reviewpage.h"
#include "wizard/trainerpage.h"
#include "wizard/wizardfields.h"
#include "wizardsuite.h"
#include "wizardtesthelpers.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCompleter>
#include <QDir>
#include <QDirIterator>
#include <QDropEvent>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStringListModel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace trainyard;
using namespace trainyard::ui::wizard;
using namespace wizardtest;

using namespace wizardsuite;

class TestWizardRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void mainWindowOpensWizard();
    void runLocally();
    void runLocallyRefusesInvalidJob();
    void enterRunsTheJob();
    void escapeAsksAndKeepsADraft();
    void runRefusedWithoutPackageDirectory();
};

void TestWizardRun::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TrainyardWizardTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_wizardrun"));
}

void TestWizardRun::init()
{
    QSettings().clear();
    QFile::remove(JobWizard::draftPath());
}

// File > New job (Ctrl+N), and a config dropped on the main window opens in the wizard with the
// store's job IDs as the taken ones.
void TestWizardRun::mainWindowOpensWizard()
{
    QTemporaryDir home;
    QVERIFY(home.isValid());
    qputenv("TRAINYARD_HOME", home.path().toLocal8Bit());
    QVERIFY(QDir().mkpath(home.filePath(QStringLiteral("gpu_guide_20240101_120000"))));

    ui::MainWindow mw;
    mw.show();
    QApplication::setActiveWindow(&mw);
    QVERIFY(QTest::qWaitForWindowActive(&mw));
    QTest::keyClick(&mw, Qt::Key_N, Qt::ControlModifier);
    JobWizard *fresh = mw.findChild<JobWizard *>();
    QVERIFY(fresh);
    QCOMPARE(fresh->jobPage()->jobIdEdit()->text(), QString());
    fresh->close(); // deletes itself
    QTRY_VERIFY(!mw.findChild<JobWizard *>());

    auto *mime = new QMimeData;
    mime->setUrls({QUrl::fromLocalFile(gpuGuideFixture())});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&mw, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&mw, &drop);
    JobWizard *opened = mw.findChild<JobWizard *>();
    QVERIFY(opened);
    QCOMPARE(opened->jobPage()->jobIdEdit()->text(), QStringLiteral("gpu_guide_20240101_120000"));
    // That ID is in the store already.
    QVERIFY(
        shownFor(opened, opened->jobPage()->jobIdEdit()).contains(QLatin1String("already exists")));
    delete mime;
    qunsetenv("TRAINYARD_HOME");
}

namespace {

jobspec::Job localJob(const QString &jobDir)
{
    jobspec::Job job;
    job.jobId = QStringLiteral("wizard_local_1");
    jobspec::TrainingInput &in = job.trainingInput;
    in.scaleTier = QStringLiteral("BASIC");
    in.pythonModule = QStringLiteral("fixtrainer.envdump");
    in.region = QStringLiteral("us-central1");
    in.jobDir = jobDir;
    job.local.packagePath = QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer");
    job.local.env.append(
        {QStringLiteral("FIXTURE_VAR"), QStringLiteral("from the wizard"), QString()});
    return job;
}

} // namespace

// "Run locally" stores the job and starts it with the real executor (trainyard supervise).
void TestWizardRun::runLocally()
{
    if (!QFileInfo::exists(QStringLiteral(TRAINYARD_BINARY)))
        QSKIP("the trainyard executable is not built");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString storeRoot = dir.filePath(QStringLiteral("store"));
    const QString out = dir.filePath(QStringLiteral("out"));

    // The user's defaults (Settings > Local runs) go into the new run.
    QSettings().setValue(QStringLiteral("localRuns/maxRestarts"), 3);
    QSettings().setValue(QStringLiteral("localRuns/jobReruns"), 2);
    JobWizard w(cat());
    w.setStoreRoot(storeRoot);
    w.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    w.show();
    w.loadJob(localJob(out));
    QVERIFY(w.regionPage()->localOnlyCheck()->isChecked()); // a local job dir means a local run
    while (w.currentId() != ReviewPageId) {
        QTRY_VERIFY2(isNextEnabled(w),
                     qPrintable(static_cast<WizardPage *>(w.currentPage())->summaryText()));
        clickButton(w, QWizard::NextButton);
    }
    // Rehearse VM maintenance: a check box of the local run, explained in its tooltip.
    QCheckBox *rehearse = w.reviewPage()->rehearseMaintenanceCheck();
    QVERIFY(!rehearse->isChecked());
    QVERIFY(rehearse->toolTip().contains(QStringLiteral("seeded by the job ID")));
    QTest::mouseClick(rehearse, Qt::LeftButton);
    QVERIFY(rehearse->isChecked());
    QSignalSpy started(&w, &JobWizard::jobStarted);
    clickButton(w, QWizard::FinishButton); // "Run locally"
    // Stored and started on a worker thread: the button waits for it, then the signal comes.
    QVERIFY(!w.button(QWizard::FinishButton)->isEnabled() || started.count() == 1);
    QTRY_VERIFY2_WITH_TIMEOUT(started.count() == 1,
                              qPrintable(w.reviewPage()->statusLabel()->text()), 20000);
    QCOMPARE(started.first().at(0).toString(), QStringLiteral("wizard_local_1"));
    QCOMPARE(w.result(), int(QDialog::Accepted));

    const store::JobStore store(storeRoot);
    QVERIFY(store.contains(QStringLiteral("wizard_local_1")));
    exec::RunSettings run;
    QCOMPARE(exec::readRunSettings(store, QStringLiteral("wizard_local_1"), &run), QString());
    QCOMPARE(run.maxRestarts, 3);
    QCOMPARE(run.jobReruns, 2);
    QVERIFY(run.rehearseMaintenance);
    QFile runJson(exec::runSettingsPath(store, QStringLiteral("wizard_local_1")));
    QVERIFY(runJson.open(QIODevice::ReadOnly));
    QVERIFY(QJsonDocument::fromJson(runJson.readAll())
                .object()
                .value(QStringLiteral("rehearseMaintenance"))
                .toBool());
    QSettings().remove(QStringLiteral("localRuns"));
    QTRY_VERIFY_WITH_TIMEOUT(
        store::isTerminal(store.readState(QStringLiteral("wizard_local_1")).state.state), 60000);
    const store::StateReadResult state = store.readState(QStringLiteral("wizard_local_1"));
    QVERIFY2(state.state.state == store::JobStatus::Succeeded,
             qPrintable(state.state.errorMessage));
    QDirIterator dumps(out, {QStringLiteral("env-*.json")}, QDir::Files);
    QVERIFY(dumps.hasNext());
    QFile dump(dumps.next());
    QVERIFY(dump.open(QIODevice::ReadOnly));
    QVERIFY(dump.readAll().contains("from the wizard"));
}

void TestWizardRun::runLocallyRefusesInvalidJob()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    JobWizard w(cat());
    w.setStoreRoot(dir.path());
    jobspec::Job job = localJob(dir.filePath(QStringLiteral("out")));
    job.local.packagePath.clear(); // nothing to run on this machine
    w.loadJob(job);
    QString error;
    QVERIFY(!w.runLocally(&error));
    QVERIFY2(error.contains(QLatin1String("trainyardLocal")), qPrintable(error));
    QVERIFY(!store::JobStore(dir.path()).contains(QStringLiteral("wizard_local_1")));
}

// Keyboard only: focus starts in the Job ID field, Enter moves page by page, and on the
// Review page Enter runs the job (the default button is "Run locally").
void TestWizardRun::enterRunsTheJob()
{
    if (!QFileInfo::exists(QStringLiteral(TRAINYARD_BINARY)))
        QSKIP("the trainyard executable is not built");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    JobWizard w(cat());
    w.setStoreRoot(dir.filePath(QStringLiteral("store")));
    w.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    w.loadJob(localJob(dir.filePath(QStringLiteral("out"))));
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTRY_COMPARE(QApplication::focusWidget(), w.jobPage()->jobIdEdit());
    QSignalSpy started(&w, &JobWizard::jobStarted);
    enterToReview(w); // each page with the focus in its first field, inside the page
    if (QTest::currentTestFailed())
        return;
    QTRY_VERIFY(w.button(QWizard::FinishButton)->isEnabled());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QTRY_VERIFY2_WITH_TIMEOUT(started.count() == 1,
                              qPrintable(w.reviewPage()->statusLabel()->text()), 20000);
    QCOMPARE(w.result(), int(QDialog::Accepted));
    QVERIFY(!w.isVisible());
    QVERIFY(store::JobStore(dir.filePath(QStringLiteral("store")))
                .contains(QStringLiteral("wizard_local_1")));
}

// Escape on a changed wizard asks; "Keep as draft" closes it and the next new job starts from
// the draft; "Discard" forgets it; Escape on an untouched wizard just closes.
void TestWizardRun::escapeAsksAndKeepsADraft()
{
    {
        JobWizard untouched(cat());
        untouched.show();
        QVERIFY(QTest::qWaitForWindowExposed(&untouched));
        QVERIFY(!untouched.isModified());
        QTest::keyClick(&untouched, Qt::Key_Escape);
        QTRY_VERIFY(!untouched.isVisible());
        QVERIFY(!untouched.findChild<QMessageBox *>());
    }
    JobWizard w(cat());
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClicks(w.jobPage()->jobIdEdit(), QStringLiteral("draft_job"));
    QVERIFY(w.isModified());
    QTest::keyClick(w.jobPage()->jobIdEdit(), Qt::Key_Escape);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = w.findChild<QMessageBox *>()) != nullptr);
    QVERIFY(box->text().contains(QLatin1String("draft_job")));
    QVERIFY(w.isVisible()); // nothing is closed before the answer

    // Cancel (Escape in the question) stays.
    QTRY_VERIFY(box->isVisible());
    QTest::keyClick(box, Qt::Key_Escape);
    QTRY_VERIFY(!w.findChild<QMessageBox *>());
    QVERIFY(w.isVisible());

    w.close(); // the window's Close asks the same
    QTRY_VERIFY((box = w.findChild<QMessageBox *>()) != nullptr);
    QVERIFY(w.isVisible());
    QAbstractButton *keep = nullptr;
    for (QAbstractButton *b : box->buttons()) {
        if (b->text().contains(QLatin1String("draft")))
            keep = b;
    }
    QVERIFY(keep);
    QTest::mouseClick(keep, Qt::LeftButton);
    QTRY_VERIFY(!w.isVisible());
    QCOMPARE(w.result(), int(QDialog::Rejected));
    QVERIFY(QFileInfo::exists(JobWizard::draftPath()));

    // The draft comes back, still counted as unsent; Discard forgets it.
    JobWizard again(cat());
    QVERIFY(again.restoreDraft());
    QCOMPARE(again.jobPage()->jobIdEdit()->text(), QStringLiteral("draft_job"));
    QVERIFY(again.isModified());
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QTest::keyClick(&again, Qt::Key_Escape);
    QTRY_VERIFY((box = again.findChild<QMessageBox *>()) != nullptr);
    QAbstractButton *discard = nullptr;
    for (QAbstractButton *b : box->buttons()) {
        if (box->buttonRole(b) == QMessageBox::DestructiveRole)
            discard = b;
    }
    QVERIFY(discard);
    QTest::mouseClick(discard, Qt::LeftButton);
    QTRY_VERIFY(!again.isVisible());
    QVERIFY(!QFileInfo::exists(JobWizard::draftPath()));
    JobWizard fresh(cat());
    QVERIFY(!fresh.restoreDraft());
}

// Run locally is refused while the package directory is missing, before anything is stored.
void TestWizardRun::runRefusedWithoutPackageDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    JobWizard w(cat());
    w.setStoreRoot(dir.filePath(QStringLiteral("store")));
    jobspec::Job job = localJob(dir.filePath(QStringLiteral("out")));
    job.local.packagePath = dir.filePath(QStringLiteral("gone/trainer"));
    w.loadJob(job);
    QString error;
    QVERIFY(!w.runLocally(&error));
    QVERIFY2(error.contains(QLatin1String("does not exist")), qPrintable(error));
    QVERIFY(!store::JobStore(dir.filePath(QStringLiteral("store")))
                 .contains(QStringLiteral("wizard_local_1")));
}

QTEST_MAIN(TestWizardRun)
#include "tst_wizardrun.moc"
