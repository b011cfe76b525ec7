// SPDX-License-Identifier: MIT
// The job wizard filled from a file, an import or remembered values: every field shows what the
// spec holds, what it cannot show stays, and the job comes back out as it went in.
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

class TestWizardLoad : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void openFillsEveryField();
    void roundTrip_data();
    void roundTrip();
    void tuningPageOnlyWhenAsked();
    void advancedFieldsFilled();
    void advancedMessages();
    void advancedEmptyWritesNothing();
    void loadKeepsWhatItCannotFix();
    void packageScan();
    void importProblemsOnFields();
    void argumentsPassedAsShown();
    void rememberedValues();
};

void TestWizardLoad::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TrainyardWizardTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_wizardload"));
}

void TestWizardLoad::init()
{
    QSettings().clear();
    QFile::remove(JobWizard::draftPath());
}

void TestWizardLoad::openFillsEveryField()
{
    JobWizard w(cat());
    w.show();
    QVERIFY(w.openFile(gpuGuideFixture()));
    QVERIFY2(!jobspec::hasErrors(w.diagnostics()),
             qPrintable(w.diagnostics().isEmpty() ? QString() : w.diagnostics().first().message));

    QCOMPARE(w.jobPage()->jobIdEdit()->text(), QStringLiteral("gpu_guide_20240101_120000"));
    QCOMPARE(w.jobPage()->labelsEditor()->rows(),
             (QList<QStringList>{{QStringLiteral("team"), QStringLiteral("vision")}}));
    QVERIFY(!w.jobPage()->tuningCheck()->isChecked());

    TrainerPage *t = w.trainerPage();
    QCOMPARE(t->mode(), TrainerPage::Mode::Package);
    // "trainer" in the file: next to the file, shown absolute.
    QCOMPARE(t->packageDirEdit()->text(),
             QDir::toNativeSeparators(QStringLiteral(WIZARD_TEST_DIR "/trainer")));
    QCOMPARE(t->moduleEdit()->text(), QStringLiteral("trainer.task"));
    QCOMPARE(t->argsEditor()->values(),
             (QStringList{QStringLiteral("--epochs"), QStringLiteral("5"),
                          QStringLiteral("two words")}));
    QCOMPARE(t->envEditor()->rows(),
             (QList<QStringList>{{QStringLiteral("BATCH_SIZE"), QStringLiteral("64"), QString()}}));

    ClusterPage *c = w.clusterPage();
    QCOMPARE(c->tierCombo()->currentData().toString(), QStringLiteral("CUSTOM"));
    const auto &master = c->row(jobspec::Role::Master);
    QCOMPARE(master.type->currentData().toString(), QStringLiteral("n1-highcpu-16"));
    QCOMPARE(master.acceleratorType->currentData().toString(), QStringLiteral("NVIDIA_TESLA_T4"));
    QCOMPARE(master.acceleratorCount->currentData().toLongLong(), 4);
    const auto &worker = c->row(jobspec::Role::Worker);
    QCOMPARE(worker.count->value(), 9);
    QCOMPARE(worker.type->currentData().toString(), QStringLiteral("n1-highcpu-16"));
    QCOMPARE(worker.acceleratorCount->currentData().toLongLong(), 4);
    const auto &ps = c->row(jobspec::Role::ParameterServer);
    QCOMPARE(ps.count->value(), 3);
    QCOMPARE(ps.type->currentData().toString(), QStringLiteral("n1-highmem-8"));
    QCOMPARE(ps.acceleratorType->currentData().toString(), QString());
    QCOMPARE(c->row(jobspec::Role::Evaluator).count->value(), 0);

    RegionPage *r = w.regionPage();
    QCOMPARE(r->regionCombo()->currentData().toString(), QStringLiteral("us-central1"));
    QCOMPARE(r->runtimeCombo()->currentText(), QStringLiteral("2.11"));
    QCOMPARE(r->pythonCombo()->currentText(), QStringLiteral("3.7"));
    QCOMPARE(r->jobDirEdit()->text(), QStringLiteral("gs://my-bucket/jobs/gpu_guide"));
    QVERIFY(!r->localOnlyCheck()->isChecked());

    // No error next to any field.
    const QList<FieldMessage *> messages = w.findChildren<FieldMessage *>();
    for (const FieldMessage *m : messages)
        QVERIFY2(!m->hasErrors(), qPrintable(m->text()));
}

void TestWizardLoad::roundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("tuning");
    QTest::newRow("GPU guide") << gpuGuideFixture() << false;
    QTest::newRow("full example") << QStringLiteral(TRAINYARD_FIXTURES_DIR
                                                    "/jobspec/full_example.yaml")
                                  << true;
    QTest::newRow("advanced options") << advancedFixture() << false;
}

void TestWizardLoad::roundTrip()
{
    QFETCH(QString, path);
    QFETCH(bool, tuning);
    const jobspec::ImportResult imported = importFixture(path);
    QVERIFY(imported.ok());

    JobWizard w(cat());
    w.show();
    w.openFile(path);
    const QList<int> expectedPages =
        tuning ? QList<int>{JobPageId,    TrainerPageId,        ClusterPageId,
                            RegionPageId, HyperparameterPageId, ReviewPageId}
               : QList<int>{JobPageId, TrainerPageId, ClusterPageId, RegionPageId, ReviewPageId};
    QCOMPARE(w.currentId(), int(JobPageId));
    for (qsizetype i = 1; i < expectedPages.size(); ++i) {
        QTRY_VERIFY2(isNextEnabled(w),
                     qPrintable(static_cast<WizardPage *>(w.currentPage())->summaryText()));
        clickButton(w, QWizard::NextButton);
        QCOMPARE(w.currentId(), expectedPages.at(i));
    }
    QTRY_VERIFY(w.button(QWizard::FinishButton)->isEnabled());
    // The last page's default action runs the job, with Save and Submit beside it.
    QCOMPARE(w.button(QWizard::FinishButton)->text(), QStringLiteral("&Run locally"));
    QVERIFY(static_cast<QPushButton *>(w.button(QWizard::FinishButton))->isDefault());
    QVERIFY(w.button(QWizard::CustomButton1)->isVisible());
    QVERIFY(w.button(QWizard::CustomButton2)->isVisible());
    QVERIFY(!w.reviewPage()->runButton()->isVisible());

    // The review's YAML is the cloud part of the same job.
    const QString yaml = w.reviewPage()->yamlView()->toPlainText();
    QVERIFY(!yaml.contains(QLatin1String("trainyardLocal")));
    const jobspec::ImportResult again =
        jobspec::importJob(yaml.toUtf8(), QStringLiteral("review.yaml"));
    QVERIFY(again.ok());
    jobspec::Job cloudPart = imported.job;
    cloudPart.local = {};
    QCOMPARE(jobspec::exportYaml(again.job, jobspec::ExportScope::WithLocal),
             jobspec::exportYaml(cloudPart, jobspec::ExportScope::WithLocal));
    QVERIFY(again.job == cloudPart);
    QVERIFY(w.reviewPage()->gcloudView()->toPlainText().contains(
        QLatin1String("gcloud ai-platform jobs submit training")));
    QVERIFY(w.reviewPage()->vertexView()->toPlainText().contains(QLatin1String("workerPoolSpecs")));

    // What the wizard holds is the file's job, its package directory made absolute against
    // the file's folder.
    jobspec::Job expected = imported.job;
    if (!expected.local.packagePath.isEmpty())
        expected.local.packagePath =
            QDir::cleanPath(QFileInfo(path).dir().filePath(expected.local.packagePath));
    QCOMPARE(jobspec::exportYaml(w.job(), jobspec::ExportScope::WithLocal),
             jobspec::exportYaml(expected, jobspec::ExportScope::WithLocal));
    QVERIFY(w.job() == expected);
    QVERIFY(!w.isModified());
}

// A config with every advanced option fills its widgets and opens the sections.
void TestWizardLoad::advancedFieldsFilled()
{
    JobWizard w(cat());
    w.show();
    QVERIFY(w.openFile(advancedFixture()));
    RegionPage *r = w.regionPage();
    QVERIFY(r->advanced()->isExpanded());
    QCOMPARE(r->maxRunningTimeEdit()->text(), QStringLiteral("7200s"));
    QCOMPARE(r->maxWaitTimeEdit()->text(), QStringLiteral("3600s"));
    QCOMPARE(r->prioritySpin()->value(), 0);
    QCOMPARE(r->networkEdit()->text(), QStringLiteral("projects/12345/global/networks/train-net"));
    QCOMPARE(r->serviceAccountEdit()->text(),
             QStringLiteral("trainer@my-project.iam.gserviceaccount.com"));
    QVERIFY(r->kmsKeyEdit()->text().endsWith(QLatin1String("/cryptoKeys/jobs")));
    QCOMPARE(r->useChiefCombo()->currentData(), QVariant(true));
    QCOMPARE(r->webAccessCombo()->currentData(), QVariant(false));

    ClusterPage *c = w.clusterPage();
    QVERIFY(c->disks()->isExpanded());
    const auto &master = c->row(jobspec::Role::Master);
    QCOMPARE(master.diskType->currentData().toString(), QStringLiteral("pd-standard"));
    QCOMPARE(master.diskSize->value(), 500);
    const auto &worker = c->row(jobspec::Role::Worker);
    QCOMPARE(worker.diskType->currentData().toString(), QString());
    QCOMPARE(worker.diskSize->value(), 200);
    const auto &ps = c->row(jobspec::Role::ParameterServer);
    QCOMPARE(ps.diskType->currentData().toString(), QStringLiteral("pd-ssd"));
    QCOMPARE(ps.diskSize->value(), ps.diskSize->minimum());
    QVERIFY(!c->row(jobspec::Role::Evaluator).diskType->isEnabled());
    const QList<FieldMessage *> messages = w.findChildren<FieldMessage *>();
    for (const FieldMessage *m : messages)
        QVERIFY2(!m->hasErrors(), qPrintable(m->text()));
}

// Typing into the advanced fields: the validator's messages show next to them and an error
// keeps Next disabled.
void TestWizardLoad::advancedMessages()
{
    JobWizard w(cat());
    w.show();
    QVERIFY(w.openFile(gpuGuideFixture()));
    for (int i = 0; i < 2; ++i) {
        QTRY_VERIFY(isNextEnabled(w));
        clickButton(w, QWizard::NextButton);
    }
    QCOMPARE(w.currentId(), int(ClusterPageId));
    ClusterPage *c = w.clusterPage();
    QVERIFY(!c->disks()->isExpanded());
    QTest::mouseClick(c->disks()->button(), Qt::LeftButton);
    QVERIFY(c->disks()->isExpanded());
    const auto &worker = c->row(jobspec::Role::Worker);
    worker.diskSize->setFocus();
    worker.diskSize->selectAll();
    QTest::keyClicks(worker.diskSize, QStringLiteral("70000"));
    QTRY_VERIFY(shownFor(&w, worker.diskSize).contains(QLatin1String("maximum is 64000 GB")));
    // The size range is not certain: a warning, Next stays enabled.
    QVERIFY(isNextEnabled(w));
    QVERIFY(choose(worker.diskType, QStringLiteral("pd-standard")));
    QTRY_VERIFY(shownFor(&w, worker.diskType).isEmpty());
    worker.diskSize->selectAll();
    QTest::keyClicks(worker.diskSize, QStringLiteral("250"));
    QTRY_VERIFY(shownFor(&w, worker.diskSize).isEmpty());
    QTRY_VERIFY(isNextEnabled(w));
    clickButton(w, QWizard::NextButton);
    QCOMPARE(w.currentId(), int(RegionPageId));

    RegionPage *r = w.regionPage();
    QVERIFY(!r->advanced()->isExpanded());
    // Its mnemonic opens the section; Tab reaches the first field.
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_V, Qt::AltModifier);
    QTRY_VERIFY(r->advanced()->isExpanded());
    QTest::keyClick(&w, Qt::Key_A, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), r->maxWaitTimeEdit());
    QTest::keyClicks(r->maxWaitTimeEdit(), QStringLiteral("600s"));
    QTRY_VERIFY(shownFor(&w, r->maxWaitTimeEdit()).contains(QLatin1String("minimum is 1800s")));
    QVERIFY(!isNextEnabled(w));
    r->maxWaitTimeEdit()->clear();
    QTest::keyClicks(r->maxWaitTimeEdit(), QStringLiteral("1h"));
    QTRY_VERIFY(shownFor(&w, r->maxWaitTimeEdit()).contains(QLatin1String("not a duration")));
    QVERIFY(!isNextEnabled(w));
    r->maxWaitTimeEdit()->clear();
    QTest::keyClicks(r->maxWaitTimeEdit(), QStringLiteral("3600s"));
    QTRY_VERIFY(shownFor(&w, r->maxWaitTimeEdit()).isEmpty());
    QTRY_VERIFY(isNextEnabled(w));

    const jobspec::Job job = w.job();
    QVERIFY(job.trainingInput.scheduling.has_value());
    QCOMPARE(job.trainingInput.scheduling->maxWaitTime, QStringLiteral("3600s"));
    QVERIFY(!job.trainingInput.scheduling->priority.has_value());
    QCOMPARE(job.trainingInput.worker.config.diskConfig->bootDiskSizeGb, qint64(250));
    QCOMPARE(job.trainingInput.worker.config.diskConfig->bootDiskType,
             QStringLiteral("pd-standard"));
    QVERIFY(!job.trainingInput.master.config.diskConfig.has_value());
}

// A job without advanced options gets none from the wizard, also after a field was typed into
// and cleared again.
void TestWizardLoad::advancedEmptyWritesNothing()
{
    JobWizard w(cat());
    w.show();
    QVERIFY(w.openFile(gpuGuideFixture()));
    RegionPage *r = w.regionPage();
    r->advanced()->setExpanded(true);
    QTest::keyClicks(r->maxRunningTimeEdit(), QStringLiteral("7200s"));
    r->maxRunningTimeEdit()->clear();
    r->prioritySpin()->setValue(5);
    r->prioritySpin()->setValue(r->prioritySpin()->minimum());
    const auto &master = w.clusterPage()->row(jobspec::Role::Master);
    QVERIFY(choose(master.diskType, QStringLiteral("pd-ssd")));
    QVERIFY(choose(master.diskType, QString()));
    const QByteArray yaml = jobspec::exportYaml(w.job(), jobspec::ExportScope::Cloud);
    QVERIFY2(!yaml.contains("scheduling") && !yaml.contains("diskConfig") &&
                 !yaml.contains("network") && !yaml.contains("serviceAccount") &&
                 !yaml.contains("encryptionConfig") && !yaml.contains("useChiefInTfConfig") &&
                 !yaml.contains("enableWebAccess"),
             yaml.constData());
}

void TestWizardLoad::tuningPageOnlyWhenAsked()
{
    JobWizard w(cat());
    w.show();
    w.openFile(gpuGuideFixture());
    for (int i = 0; i < 4; ++i) {
        QTRY_VERIFY(isNextEnabled(w));
        clickButton(w, QWizard::NextButton);
    }
    QCOMPARE(w.currentId(), int(ReviewPageId));

    // Back to the start: values stay (free movement), then ask for tuning.
    for (int i = 0; i < 4; ++i)
        clickButton(w, QWizard::BackButton);
    QCOMPARE(w.currentId(), int(JobPageId));
    QCOMPARE(w.jobPage()->jobIdEdit()->text(), QStringLiteral("gpu_guide_20240101_120000"));
    w.jobPage()->tuningCheck()->setFocus();
    QTest::keyClick(w.jobPage()->tuningCheck(), Qt::Key_Space);
    QVERIFY(w.jobPage()->tuningCheck()->isChecked());
    for (int i = 0; i < 4; ++i) {
        QTRY_VERIFY(isNextEnabled(w));
        clickButton(w, QWizard::NextButton);
    }
    QCOMPARE(w.currentId(), int(HyperparameterPageId));
    // No parameters yet: the validator's message shows and Next waits.
    QTRY_VERIFY(!isNextEnabled(w));
    HyperparameterPage *hp = w.hyperparameterPage();
    QVERIFY(shownFor(&w, hp->paramsEditor()->table())
                .contains(QLatin1String("at least one parameter")));
    hp->paramsEditor()->appendRow({QStringLiteral("lr"), QStringLiteral("DOUBLE"),
                                   QStringLiteral("0.001"), QStringLiteral("0.1"),
                                   QStringLiteral("UNIT_LOG_SCALE"), QString()});
    QTest::keyClicks(hp->metricEdit(), QStringLiteral("accuracy"));
    QVERIFY(choose(hp->goalCombo(), QStringLiteral("MAXIMIZE")));
    QTRY_VERIFY2(isNextEnabled(w), qPrintable(hp->summaryText()));
    const jobspec::Job j = w.job();
    QVERIFY(j.trainingInput.hyperparameters.has_value());
    QCOMPARE(j.trainingInput.hyperparameters->params.size(), 1);
    QCOMPARE(j.trainingInput.hyperparameters->params.first().minValue,
             std::optional<double>(0.001));

    // Turning tuning off again drops the section from the job.
    for (int i = 0; i < 4; ++i)
        clickButton(w, QWizard::BackButton);
    QTest::keyClick(w.jobPage()->tuningCheck(), Qt::Key_Space);
    QVERIFY(!w.job().trainingInput.hyperparameters.has_value());
}

// Opening a job never fills in or drops a value on its own: unset stays unset, unknown stays.
void TestWizardLoad::loadKeepsWhatItCannotFix()
{
    jobspec::Job j;
    j.jobId = QStringLiteral("odd_job");
    j.trainingInput.worker.count = 2; // no workerType, no scaleTier
    j.trainingInput.region = QStringLiteral("mars-north1");
    j.trainingInput.runtimeVersion = QStringLiteral("9.9");
    j.trainingInput.master.config.acceleratorConfig =
        jobspec::AcceleratorConfig{3, QStringLiteral("NVIDIA_TESLA_T4")};
    j.trainingInput.master.type = QStringLiteral("n1-highcpu-16");
    JobWizard w(cat());
    w.loadJob(j);
    QVERIFY(w.job() == j);
    QCOMPARE(w.clusterPage()->tierCombo()->currentData().toString(), QString());
    QVERIFY(w.regionPage()->regionCombo()->currentText().contains(QLatin1String("mars-north1")));
    // The invalid count is kept; without a scaleTier (BASIC on the wire) the accelerator is
    // explained as needing CUSTOM.
    const auto &master = w.clusterPage()->row(jobspec::Role::Master);
    QCOMPARE(master.acceleratorCount->currentData().toLongLong(), 3);
    bool explained = false;
    for (const jobspec::Diagnostic &d : w.diagnostics())
        explained = explained || d.message.contains(QLatin1String("needs scaleTier CUSTOM"));
    QVERIFY(explained);
    QVERIFY(shownFor(&w, w.regionPage()->regionCombo()).contains(QLatin1String("mars-north1")));
}

void TestWizardLoad::packageScan()
{
    JobWizard w(cat());
    w.show();
    TrainerPage *t = w.trainerPage();
    t->setMode(TrainerPage::Mode::Package);
    QTest::keyClicks(t->packageDirEdit(),
                     QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer"));
    QTRY_VERIFY(t->knownModules().contains(QLatin1String("fixtrainer.sleeper")));
    QTRY_VERIFY(!t->isScanning());
    auto *model = qobject_cast<QStringListModel *>(t->moduleEdit()->completer()->model());
    QVERIFY(model && model->stringList().contains(QLatin1String("fixtrainer.envdump")));
    QVERIFY2(t->packageNote()->text().contains(QLatin1String("Python package with")),
             qPrintable(t->packageNote()->text()));

    QTest::keyClicks(t->moduleEdit(), QStringLiteral("fixtrainer.nope"));
    QVERIFY2(t->packageNote()->text().contains(QLatin1String("has no module fixtrainer.nope")),
             qPrintable(t->packageNote()->text()));

    // A directory that is not a package.
    t->packageDirEdit()->clear();
    QTest::keyClicks(t->packageDirEdit(), QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers"));
    QTRY_VERIFY2(t->packageNote()->text().contains(QLatin1String("no __init__.py")),
                 qPrintable(t->packageNote()->text()));
}

void TestWizardLoad::importProblemsOnFields()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("broken.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("jobId: 1bad\n"
            "trainingInput:\n"
            "  scaleTier: CUSTOM\n"
            "  masterType: n1-standard-4\n"
            "  workerCount: nine\n"
            "  pythonModule: trainer.task\n"
            "  region: us-central1\n"
            "  runtimeVersion: \"2.11\"\n");
    f.close();

    JobWizard w(cat());
    w.show();
    w.openFile(path);
    QVERIFY(
        shownFor(&w, w.jobPage()->jobIdEdit()).contains(QLatin1String("must start with a letter")));
    QSpinBox *workers = w.clusterPage()->row(jobspec::Role::Worker).count;
    QVERIFY2(shownFor(&w, workers).contains(QLatin1String("nine")),
             qPrintable(shownFor(&w, workers)));
    QCOMPARE(w.clusterPage()->errorCount(), 1);

    // Editing the cluster page clears the file's note; the validator's view remains.
    workers->setFocus();
    workers->selectAll();
    QTest::keyClicks(workers, QStringLiteral("2"));
    QTRY_VERIFY(shownFor(&w, workers).isEmpty());
    QCOMPARE(workers->value(), 2);

    // A file that does not parse: the problem is on the first page, not hidden at the end.
    const QString syntax = dir.filePath(QStringLiteral("syntax.yaml"));
    QFile g(syntax);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write("trainingInput: [unclosed\n");
    g.close();
    QVERIFY(w.openFile(syntax));
    QCOMPARE(w.currentId(), int(JobPageId));
    QVERIFY(jobspec::hasErrors(w.diagnostics()));
    QVERIFY2(w.jobPage()->summaryText().contains(w.diagnostics().first().message),
             qPrintable(w.jobPage()->summaryText()));
    QVERIFY(!isNextEnabled(w));

    // An unknown key (an error for `trainyard validate`, as for the API) has no field here: the
    // wizard says it is left out and lets the user go on with the job it holds.
    const QString typo = dir.filePath(QStringLiteral("typo.yaml"));
    QFile h(typo);
    QVERIFY(h.open(QIODevice::WriteOnly));
    h.write("jobId: census_1\ntrainingInput:\n  regoin: us-central1\n");
    h.close();
    QVERIFY(w.openFile(typo));
    QVERIFY2(w.jobPage()->summaryText().contains(QLatin1String(
                 "unknown key 'regoin'; did you mean 'region'? (left out: the job in the wizard "
                 "does not have it)")),
             qPrintable(w.jobPage()->summaryText()));
    QTRY_VERIFY(isNextEnabled(w));
}

void TestWizardLoad::argumentsPassedAsShown()
{
    JobWizard w(cat());
    w.show();
    TrainerPage *t = w.trainerPage();
    QTest::keyClicks(t->moduleEdit(), QStringLiteral("trainer.task"));
    t->argsEditor()->setValues(
        {QStringLiteral("--name"), QStringLiteral("two words"), QStringLiteral("it's")});
    QCOMPARE(w.job().trainingInput.args,
             (QStringList{QStringLiteral("--name"), QStringLiteral("two words"),
                          QStringLiteral("it's")}));
    const QString preview = t->commandPreview()->text();
    QVERIFY2(preview.startsWith(QLatin1String("python -m trainer.task --name 'two words' ")),
             qPrintable(preview));
    QCOMPARE(t->argsEditor()->list()->count(), 3);
    QCOMPARE(t->argsEditor()->list()->item(1)->text(), QStringLiteral("two words"));
}

void TestWizardLoad::rememberedValues()
{
    {
        JobWizard w(cat());
        w.show();
        w.openFile(gpuGuideFixture());
        for (int i = 0; i < 4; ++i) {
            QTRY_VERIFY(isNextEnabled(w));
            clickButton(w, QWizard::NextButton);
        }
        QTRY_VERIFY(w.button(QWizard::FinishButton)->isEnabled());
        QTemporaryDir saved;
        QString error;
        QVERIFY2(w.saveTo(saved.filePath(QStringLiteral("job.yaml")), true, &error),
                 qPrintable(error));
    }
    JobWizard fresh(cat());
    QCOMPARE(fresh.regionPage()->regionCombo()->currentData().toString(),
             QStringLiteral("us-central1"));
    QCOMPARE(fresh.regionPage()->runtimeCombo()->currentText(), QStringLiteral("2.11"));
    QCOMPARE(fresh.regionPage()->pythonCombo()->currentText(), QStringLiteral("3.7"));
    // Remembered absolutely: the fixture's "trainer" next to its file.
    QCOMPARE(fresh.trainerPage()->packageDirEdit()->text(),
             QDir::toNativeSeparators(QStringLiteral(WIZARD_TEST_DIR "/trainer")));
    QCOMPARE(fresh.jobPage()->jobIdEdit()->text(), QString());
}

QTEST_MAIN(TestWizardLoad)
#include "tst_wizardload.moc"
