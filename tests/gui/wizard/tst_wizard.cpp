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
    void keyboardOnly();
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
