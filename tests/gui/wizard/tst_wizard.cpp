// SPDX-License-Identifier: MIT
// The job wizard driven like a user: type, click, choose, and read what is shown next to the
// fields. Validation comes from the core validator; these tests check that its messages reach
// the right widgets and that Next/Finish follow them.
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

namespace {

const catalog::Catalog &cat()
{
    return catalog::Catalog::builtIn();
}

QString gpuGuideFixture()
{
    return QStringLiteral(WIZARD_TEST_DIR "/gpu_guide_job.yaml");
}

QString advancedFixture()
{
    return QStringLiteral(WIZARD_TEST_DIR "/advanced_job.yaml");
}

bool isNextEnabled(QWizard &w)
{
    return w.button(QWizard::NextButton)->isEnabled();
}

// Job page -> Cluster page: a valid ID and a module, clicking Next like a user.
void goToCluster(JobWizard &w)
{
    QTest::keyClicks(w.jobPage()->jobIdEdit(), QStringLiteral("gpu_job"));
    QTRY_VERIFY(isNextEnabled(w));
    clickButton(w, QWizard::NextButton);
    QCOMPARE(w.currentId(), int(TrainerPageId));
    QTest::keyClicks(w.trainerPage()->moduleEdit(), QStringLiteral("trainer.task"));
    QTRY_VERIFY(isNextEnabled(w));
    clickButton(w, QWizard::NextButton);
    QCOMPARE(w.currentId(), int(ClusterPageId));
}

void chooseCustomT4(JobWizard &w, const QString &machine, qlonglong count)
{
    const ClusterPage::RoleRow &master = w.clusterPage()->row(jobspec::Role::Master);
    QVERIFY(choose(w.clusterPage()->tierCombo(), QStringLiteral("CUSTOM")));
    QVERIFY(choose(master.type, machine));
    QVERIFY(choose(master.acceleratorType, QStringLiteral("NVIDIA_TESLA_T4")));
    QVERIFY(choose(master.acceleratorCount, count));
}

jobspec::ImportResult importFixture(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return jobspec::importJob(f.readAll(), path);
}

} // namespace

class TestWizard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void jobIdMessages_data();
    void jobIdMessages();
    void suggestId();
    void gpuCountChoices();
    void gpuListFromCatalog();
    void machineChangeKeepsCount();
    void regionWithoutGpu();
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
    void keyboardOnly();
    void mainWindowOpensWizard();
    void runLocally();
    void runLocallyRefusesInvalidJob();
    void enterRunsTheJob();
    void escapeAsksAndKeepsADraft();
    void runRefusedWithoutPackageDirectory();
    void screenshots();
};

void TestWizard::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TrainyardWizardTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_wizard"));
}

void TestWizard::init()
{
    QSettings().clear();
    QFile::remove(JobWizard::draftPath());
}

void TestWizard::jobIdMessages_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("existing");
    QTest::addColumn<QString>("expected"); // part of the message shown; empty: none

    QTest::newRow("leading digit")
        << QStringLiteral("1job") << QStringList() << QStringLiteral("must start with a letter");
    QTest::newRow("129 characters") << QString(129, QLatin1Char('a')) << QStringList()
                                    << QStringLiteral("129 characters long; the maximum is 128");
    QTest::newRow("hyphen") << QStringLiteral("my-job") << QStringList()
                            << QStringLiteral("character 3 '-' is not allowed");
    QTest::newRow("duplicate") << QStringLiteral("census_1")
                               << QStringList{QStringLiteral("census_1")}
                               << QStringLiteral("a job named census_1 already exists");
    QTest::newRow("valid") << QStringLiteral("census_2") << QStringList{QStringLiteral("census_1")}
                           << QString();
}

void TestWizard::jobIdMessages()
{
    QFETCH(QString, typed);
    QFETCH(QStringList, existing);
    QFETCH(QString, expected);

    JobWizard w(cat());
    w.setExistingJobIds(QSet<QString>(existing.cbegin(), existing.cend()));
    w.show();
    QLineEdit *edit = w.jobPage()->jobIdEdit();
    // An empty ID is an error from the start (Next stays off), shown once the field is touched.
    QTRY_VERIFY(!isNextEnabled(w));
    QVERIFY(shownFor(&w, edit).isEmpty());
    QCOMPARE(w.jobPage()->summaryText(), QString());
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_Tab);
    QTRY_VERIFY(shownFor(&w, edit).contains(QLatin1String("jobId is required")));
    QVERIFY(w.jobPage()->summaryText().contains(QLatin1String("jobId is required")));

    QTest::keyClicks(edit, typed);
    if (expected.isEmpty()) {
        QTRY_VERIFY(shownFor(&w, edit).isEmpty());
        QVERIFY(isNextEnabled(w));
        QVERIFY(edit->accessibleDescription().isEmpty());
    } else {
        QTRY_VERIFY2(shownFor(&w, edit).contains(expected), qPrintable(shownFor(&w, edit)));
        QVERIFY(!isNextEnabled(w));
        // Screen readers get the message too.
        QVERIFY(edit->accessibleDescription().contains(expected));
    }
}

void TestWizard::suggestId()
{
    JobWizard w(cat());
    w.show();
    QLineEdit *edit = w.jobPage()->jobIdEdit();
    QTest::keyClicks(edit, QStringLiteral("my-model.v2"));
    QTest::mouseClick(w.jobPage()->suggestButton(), Qt::LeftButton);
    static const QRegularExpression form(QStringLiteral("^my_model_v2_\\d{8}_\\d{6}$"));
    QVERIFY2(form.match(edit->text()).hasMatch(), qPrintable(edit->text()));
    QTRY_VERIFY(shownFor(&w, edit).isEmpty());

    // Suggesting again keeps the base, not stacking timestamps; a taken name gets a suffix.
    w.setExistingJobIds({edit->text()});
    const QString taken = edit->text();
    QTest::mouseClick(w.jobPage()->suggestButton(), Qt::LeftButton);
    static const QRegularExpression again(QStringLiteral("^my_model_v2_\\d{8}_\\d{6}(_2)?$"));
    QVERIFY2(again.match(edit->text()).hasMatch(), qPrintable(edit->text()));
    QVERIFY(edit->text() != taken);

    // Without an ID the module name gives the base.
    edit->clear();
    w.trainerPage()->moduleEdit()->setText(QStringLiteral("trainer.task"));
    QTest::mouseClick(w.jobPage()->suggestButton(), Qt::LeftButton);
    QVERIFY2(edit->text().startsWith(QLatin1String("trainer_task_")), qPrintable(edit->text()));
}

void TestWizard::gpuCountChoices()
{
    JobWizard w(cat());
    w.show();
    goToCluster(w);
    chooseCustomT4(w, QStringLiteral("n1-highcpu-16"), 2);
    const ClusterPage::RoleRow &master = w.clusterPage()->row(jobspec::Role::Master);
    QCOMPARE(itemCounts(master.acceleratorCount), (QList<qlonglong>{1, 2, 4}));
    QVERIFY(master.type->currentText().contains(QLatin1String("16 vCPUs, 14.4 GB")));
    QTRY_VERIFY(shownFor(&w, master.acceleratorCount).isEmpty());
    QVERIFY(isNextEnabled(w));

    // K80 on the same machine: 2, 4, 8.
    QVERIFY(choose(master.acceleratorType, QStringLiteral("NVIDIA_TESLA_K80")));
    QCOMPARE(itemCounts(master.acceleratorCount), (QList<qlonglong>{2, 4, 8}));
    QCOMPARE(master.acceleratorCount->currentData().toLongLong(), 2);
}

// The accelerator drop-down is the catalog's list: current GPUs plain, the types only Vertex AI
// offers and the retired ones marked as such (text and tooltip), never offered as current.
void TestWizard::gpuListFromCatalog()
{
    JobWizard w(cat());
    w.show();
    goToCluster(w);
    chooseCustomT4(w, QStringLiteral("n1-standard-8"), 1);
    const ClusterPage::RoleRow &master = w.clusterPage()->row(jobspec::Role::Master);
    QComboBox *combo = master.acceleratorType;
    QCOMPARE(combo->count(), int(cat().accelerators.size()) + 1); // and "None"
    const auto textOf = [combo](const char *type) {
        const int i = combo->findData(QString::fromLatin1(type));
        return i < 0 ? QString() : combo->itemText(i);
    };
    const auto tipOf = [combo](const char *type) {
        const int i = combo->findData(QString::fromLatin1(type));
        return i < 0 ? QString() : combo->itemData(i, Qt::ToolTipRole).toString();
    };
    QCOMPARE(textOf("NVIDIA_TESLA_T4"), QStringLiteral("NVIDIA Tesla T4"));
    QVERIFY2(textOf("NVIDIA_TESLA_K80").startsWith(QLatin1String("NVIDIA Tesla K80 (retired)")),
             qPrintable(textOf("NVIDIA_TESLA_K80")));
    QVERIFY2(tipOf("NVIDIA_TESLA_K80").contains(QLatin1String("No longer offered since about")),
             qPrintable(tipOf("NVIDIA_TESLA_K80")));
    for (const char *type : {"NVIDIA_L4", "NVIDIA_H100_80GB", "NVIDIA_A100_80GB"}) {
        QVERIFY2(textOf(type).contains(QLatin1String("(Vertex AI only)")), type);
        QVERIFY2(tipOf(type).contains(QLatin1String("Vertex AI")), type);
    }
    QVERIFY(!textOf("NVIDIA_TESLA_T4").contains(QLatin1String("retired")));

    // Picking the retired K80 says so at the field; the job stays what the user chose.
    QVERIFY(choose(combo, QStringLiteral("NVIDIA_TESLA_K80")));
    QTRY_VERIFY2(shownFor(&w, combo).contains(QLatin1String("is no longer offered")),
                 qPrintable(shownFor(&w, combo)));
    // L4 attaches to no N1 machine: an error, and a word about Vertex AI.
    QVERIFY(choose(combo, QStringLiteral("NVIDIA_L4")));
    QTRY_VERIFY2(shownFor(&w, combo).contains(QLatin1String("cannot attach to n1-standard-8")),
                 qPrintable(shownFor(&w, combo)));
    QVERIFY2(shownFor(&w, combo).contains(QLatin1String("Vertex AI custom training only")),
             qPrintable(shownFor(&w, combo)));
    QVERIFY(!isNextEnabled(w));
}

void TestWizard::machineChangeKeepsCount()
{
    JobWizard w(cat());
    w.show();
    goToCluster(w);
    chooseCustomT4(w, QStringLiteral("n1-highcpu-16"), 1);
    const ClusterPage::RoleRow &master = w.clusterPage()->row(jobspec::Role::Master);
    QTRY_VERIFY(isNextEnabled(w));

    // n1-highcpu-32 takes 2 or 4 T4s: the chosen 1 stays, marked with the reason.
    QVERIFY(choose(master.type, QStringLiteral("n1-highcpu-32")));
    QCOMPARE(master.acceleratorCount->currentData().toLongLong(), 1);
    QVERIFY(itemCounts(master.acceleratorCount).contains(2));
    QTRY_VERIFY2(
        shownFor(&w, master.acceleratorCount)
            .contains(QString::fromUtf8("1 × NVIDIA_TESLA_T4 cannot attach to n1-highcpu-32; "
                                        "valid counts: 2, 4")),
        qPrintable(shownFor(&w, master.acceleratorCount)));
    QVERIFY(!isNextEnabled(w));
    QCOMPARE(w.job().trainingInput.master.config.acceleratorConfig->count, qint64(1));

    // The user picks a valid count: the message goes, Next comes back.
    QVERIFY(choose(master.acceleratorCount, 2));
    QTRY_VERIFY(shownFor(&w, master.acceleratorCount).isEmpty());
    QVERIFY(isNextEnabled(w));
}

void TestWizard::regionWithoutGpu()
{
    JobWizard w(cat());
    w.show();
    goToCluster(w);
    chooseCustomT4(w, QStringLiteral("n1-highcpu-16"), 4);
    QTRY_VERIFY(isNextEnabled(w));
    clickButton(w, QWizard::NextButton);
    QCOMPARE(w.currentId(), int(RegionPageId));

    QComboBox *region = w.regionPage()->regionCombo();
    QVERIFY(choose(region, QStringLiteral("us-central1")));
    QTRY_VERIFY(shownFor(&w, region).isEmpty());
    QVERIFY(!region->currentText().contains(QString::fromUtf8("— no")));

    QVERIFY(choose(region, QStringLiteral("europe-west1")));
    QTRY_VERIFY2(
        shownFor(&w, region).contains(QLatin1String("europe-west1 does not offer NVIDIA_TESLA_T4")),
        qPrintable(shownFor(&w, region)));
    QVERIFY2(region->currentText().contains(QString::fromUtf8("— no NVIDIA_TESLA_T4")),
             qPrintable(region->currentText()));
    QVERIFY(region->itemData(region->currentIndex(), Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("does not offer")));
    QVERIFY(region->accessibleDescription().contains(QLatin1String("NVIDIA_TESLA_T4")));
}

void TestWizard::openFillsEveryField()
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

void TestWizard::roundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("tuning");
    QTest::newRow("GPU guide") << gpuGuideFixture() << false;
    QTest::newRow("full example") << QStringLiteral(TRAINYARD_FIXTURES_DIR
                                                    "/jobspec/full_example.yaml")
                                  << true;
    QTest::newRow("advanced options") << advancedFixture() << false;
}

void TestWizard::roundTrip()
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
void TestWizard::advancedFieldsFilled()
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
void TestWizard::advancedMessages()
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
void TestWizard::advancedEmptyWritesNothing()
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

void TestWizard::tuningPageOnlyWhenAsked()
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
void TestWizard::loadKeepsWhatItCannotFix()
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

void TestWizard::packageScan()
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

void TestWizard::importProblemsOnFields()
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

void TestWizard::argumentsPassedAsShown()
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

void TestWizard::rememberedValues()
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

// Mnemonics reach the fields; Alt+N is Next.
void TestWizard::keyboardOnly()
{
    JobWizard w(cat());
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_I, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), w.jobPage()->jobIdEdit());
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("kb_job"));
    QTRY_VERIFY(isNextEnabled(w));
    QTest::keyClick(&w, Qt::Key_N, Qt::AltModifier);
    QTRY_COMPARE(w.currentId(), int(TrainerPageId)); // a mnemonic clicks with animateClick()
    QTest::keyClick(&w, Qt::Key_M, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), w.trainerPage()->moduleEdit());
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("trainer.task"));
    // Tab moves on to the next field of the form.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), w.trainerPage()->packageUrisFocus());
    QTRY_VERIFY(isNextEnabled(w));
    QTest::keyClick(&w, Qt::Key_N, Qt::AltModifier);
    QTRY_COMPARE(w.currentId(), int(ClusterPageId));
    QTest::keyClick(&w, Qt::Key_S, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), w.clusterPage()->tierCombo());
}

// File > New job (Ctrl+N), and a config dropped on the main window opens in the wizard with the
// store's job IDs as the taken ones.
void TestWizard::mainWindowOpensWizard()
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
void TestWizard::runLocally()
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

void TestWizard::runLocallyRefusesInvalidJob()
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
void TestWizard::enterRunsTheJob()
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
    for (int page = 0; page < 6 && w.currentId() != ReviewPageId; ++page) {
        QTRY_VERIFY2(isNextEnabled(w),
                     qPrintable(static_cast<WizardPage *>(w.currentPage())->summaryText()));
        const int before = w.currentId();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QTRY_VERIFY(w.currentId() != before);
        // Each page starts with the focus in its first field, inside the page.
        QVERIFY(w.currentPage()->isAncestorOf(QApplication::focusWidget()));
    }
    QCOMPARE(w.currentId(), int(ReviewPageId));
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
void TestWizard::escapeAsksAndKeepsADraft()
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
void TestWizard::runRefusedWithoutPackageDirectory()
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

// Saves every page at 1280×800 when TRAINYARD_SCREENSHOT_DIR is set (and in a dark palette
// when TRAINYARD_SCREENSHOT_DARK is set too).
void TestWizard::screenshots()
{
    const QString outDir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (outDir.isEmpty())
        QSKIP("TRAINYARD_SCREENSHOT_DIR is not set");
    const bool dark = qEnvironmentVariableIsSet("TRAINYARD_SCREENSHOT_DARK");
    const QString suffix = dark ? QStringLiteral("-dark") : QString();
    if (dark)
        test::useDarkPalette();
    QDir().mkpath(outDir);
    const auto save = [&](QWidget &w, const QString &name) {
        QCoreApplication::processEvents();
        const QString file =
            outDir + QStringLiteral("/wizard-") + name + suffix + QStringLiteral(".png");
        QVERIFY2(w.grab().save(file), qPrintable(file));
    };

    // A job being typed: the ID breaks a rule, the message sits under the field.
    {
        JobWizard w(cat());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.jobPage()->labelsEditor()->appendRow({QStringLiteral("team"), QStringLiteral("vision")});
        QTest::keyClicks(w.jobPage()->jobIdEdit(), QStringLiteral("census-2024"));
        QTRY_VERIFY(!shownFor(&w, w.jobPage()->jobIdEdit()).isEmpty());
        save(w, QStringLiteral("job-error"));
    }

    JobWizard w(cat());
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(QStringLiteral(TRAINYARD_FIXTURES_DIR "/jobspec/full_example.yaml"));
    w.trainerPage()->packageDirEdit()->setText(
        QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer"));
    w.trainerPage()->moduleEdit()->setText(QStringLiteral("fixtrainer.sleeper"));
    QTRY_VERIFY(!w.trainerPage()->isScanning());
    const QStringList names = {
        QStringLiteral("job"),    QStringLiteral("trainer"),         QStringLiteral("cluster"),
        QStringLiteral("region"), QStringLiteral("hyperparameters"), QStringLiteral("review")};
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (i > 0) {
            QTRY_VERIFY(isNextEnabled(w));
            clickButton(w, QWizard::NextButton);
        }
        if (names.at(i) == QLatin1String("region")) {
            // Show a region that lacks this job's T4s.
            choose(w.regionPage()->regionCombo(), QStringLiteral("europe-west1"));
            QTRY_VERIFY(!shownFor(&w, w.regionPage()->regionCombo()).isEmpty());
            save(w, QStringLiteral("region-no-gpu"));
            choose(w.regionPage()->regionCombo(), QStringLiteral("us-central1"));
            QTRY_VERIFY(shownFor(&w, w.regionPage()->regionCombo()).isEmpty());
        }
        if (names.at(i) == QLatin1String("cluster")) {
            const auto &master = w.clusterPage()->row(jobspec::Role::Master);
            QVERIFY(choose(master.acceleratorCount, 1));
            QVERIFY(choose(master.type, QStringLiteral("n1-highcpu-32")));
            QTRY_VERIFY(!shownFor(&w, master.acceleratorCount).isEmpty());
            save(w, QStringLiteral("cluster-invalid-count"));
            choose(master.type, QStringLiteral("n1-highcpu-16"));
            choose(master.acceleratorCount, 4);
            QTRY_VERIFY(shownFor(&w, master.acceleratorCount).isEmpty());
        }
        save(w, names.at(i));
    }
}

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"
