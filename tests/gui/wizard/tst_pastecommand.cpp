// SPDX-License-Identifier: MIT
// File > Paste gcloud command…: a multi-line command pasted into the dialog fills every page of
// the wizard, and the dialog lists what it ignored (client-side flags, unset variables).
// TRAINYARD_SCREENSHOT_DIR set: the dialog and every filled page are saved as PNGs there.
#include "catalog/catalog.h"
#include "mainwindow/mainwindow.h"
#include "wizard/clusterpage.h"
#include "wizard/hyperparampage.h"
#include "wizard/jobpage.h"
#include "wizard/listeditors.h"
#include "wizard/pastecommanddialog.h"
#include "wizard/regionpage.h"
#include "wizard/reviewpage.h"
#include "wizard/trainerpage.h"
#include "wizard/wizardfields.h"
#include "wizardtesthelpers.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::ui::wizard;
using namespace wizardtest;

namespace {

const catalog::Catalog &cat()
{
    return catalog::Catalog::builtIn();
}

// As in a user's submit script: variables, continuation lines, client-side flags, a config
// file with the fields gcloud has no flag for, and app arguments after --.
const char *pastedScript = "BUCKET=gs://paste-bucket\n"
                           "gcloud beta ai-platform jobs submit training paste_job_1 \\\n"
                           "  --region europe-west4 \\\n"
                           "  --scale-tier custom \\\n"
                           "  --master-machine-type n1-standard-8 \\\n"
                           "  --master-accelerator count=1,type=NVIDIA_TESLA_T4 \\\n"
                           "  --runtime-version 2.11 --python-version 3.7 \\\n"
                           "  --package-path trainer --module-name trainer.task \\\n"
                           "  --job-dir $BUCKET/jobs/paste_job_1 \\\n"
                           "  --staging-bucket $BUCKET --stream-logs --project my-project \\\n"
                           "  --config hptuning.yaml \\\n"
                           "  -- \\\n"
                           "  --epochs 5 --data $DATA_DIR\n";

const char *configFile = "trainingInput:\n"
                         "  hyperparameters:\n"
                         "    goal: MAXIMIZE\n"
                         "    hyperparameterMetricTag: accuracy\n"
                         "    maxTrials: 6\n"
                         "    maxParallelTrials: 2\n"
                         "    params:\n"
                         "      - parameterName: lr\n"
                         "        type: DOUBLE\n"
                         "        minValue: 0.001\n"
                         "        maxValue: 0.1\n"
                         "        scaleType: UNIT_LOG_SCALE\n";

QStringList summaryLines(const PasteCommandDialog &d)
{
    QStringList lines;
    for (int i = 0; i < d.summaryList()->count(); ++i)
        lines << d.summaryList()->item(i)->text();
    return lines;
}

bool anyContains(const QStringList &lines, const QString &part)
{
    for (const QString &l : lines) {
        if (l.contains(part))
            return true;
    }
    return false;
}

} // namespace

class TestPasteCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void dialogListsWhatItIgnored();
    void pasteFillsEveryPage();
    void notACommandCannotBeImported();
    void mainWindowHasTheMenuEntry();

private:
    void makeProject();
    void save(QWidget &w, const QString &name);
    QTemporaryDir m_dir;
};

void TestPasteCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    makeProject();
}

void TestPasteCommand::makeProject()
{
    QFile config(m_dir.filePath(QStringLiteral("hptuning.yaml")));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(configFile);
    config.close();
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("trainer")));
    QFile task(m_dir.filePath(QStringLiteral("trainer/task.py")));
    QVERIFY(task.open(QIODevice::WriteOnly));
    task.write("print('hello')\n");
    QFile init(m_dir.filePath(QStringLiteral("trainer/__init__.py")));
    QVERIFY(init.open(QIODevice::WriteOnly));
}

void TestPasteCommand::save(QWidget &w, const QString &name)
{
    const QString outDir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (outDir.isEmpty())
        return;
    QDir().mkpath(outDir);
    QCoreApplication::processEvents();
    const QString file = outDir + QStringLiteral("/paste-") + name + QStringLiteral(".png");
    QVERIFY2(w.grab().save(file), qPrintable(file));
}

void TestPasteCommand::dialogListsWhatItIgnored()
{
    PasteCommandDialog d(cat());
    d.resize(900, 620);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QVERIFY(!d.importButton()->isEnabled());
    d.setBaseDirectory(m_dir.path());
    // Typed (pasted) into the editor like a user; the summary follows after a pause.
    d.editor()->setFocus();
    d.editor()->insertPlainText(QString::fromUtf8(pastedScript));
    QTRY_VERIFY(d.importButton()->isEnabled());
    const QStringList lines = summaryLines(d);
    QVERIFY2(anyContains(lines, QStringLiteral("Job ID: paste_job_1")),
             qPrintable(lines.join(QLatin1Char('\n'))));
    QVERIFY2(anyContains(lines, QStringLiteral("hptuning.yaml")),
             qPrintable(lines.join(QLatin1Char('\n'))));
    QVERIFY2(anyContains(lines, QStringLiteral("Ignored: --staging-bucket=gs://paste-bucket")),
             qPrintable(lines.join(QLatin1Char('\n'))));
    QVERIFY(anyContains(lines, QStringLiteral("Ignored: --stream-logs")));
    QVERIFY(anyContains(lines, QStringLiteral("Ignored: --project=my-project")));
    QVERIFY(anyContains(lines, QStringLiteral("$DATA_DIR")));
    QVERIFY(!anyContains(lines, QStringLiteral("$BUCKET ")));
    QVERIFY(!jobspec::hasErrors(d.result().import.diagnostics));
    save(d, QStringLiteral("dialog"));
}

void TestPasteCommand::pasteFillsEveryPage()
{
    PasteCommandDialog d(cat());
    d.setBaseDirectory(m_dir.path());
    d.setText(QString::fromUtf8(pastedScript));
    QVERIFY(d.importButton()->isEnabled());

    JobWizard w(cat());
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.loadGcloudImport(d.result(), d.baseDirectory());
    QVERIFY(w.windowTitle().contains(QLatin1String("paste_job_1")));

    QCOMPARE(w.jobPage()->jobIdEdit()->text(), QStringLiteral("paste_job_1"));
    QVERIFY(w.jobPage()->tuningCheck()->isChecked());
    save(w, QStringLiteral("job"));

    TrainerPage *t = w.trainerPage();
    QCOMPARE(t->moduleEdit()->text(), QStringLiteral("trainer.task"));
    // --package-path resolves against the command's folder, as gcloud resolves it against its
    // working directory: the wizard keeps it absolute.
    QCOMPARE(t->packageDirEdit()->text(),
             QDir::toNativeSeparators(m_dir.filePath(QStringLiteral("trainer"))));
    QCOMPARE(t->argsEditor()->values(),
             (QStringList{QStringLiteral("--epochs"), QStringLiteral("5"), QStringLiteral("--data"),
                          QStringLiteral("$DATA_DIR")}));

    ClusterPage *c = w.clusterPage();
    QCOMPARE(c->tierCombo()->currentData().toString(), QStringLiteral("CUSTOM"));
    const auto &master = c->row(jobspec::Role::Master);
    QCOMPARE(master.type->currentData().toString(), QStringLiteral("n1-standard-8"));
    QCOMPARE(master.acceleratorType->currentData().toString(), QStringLiteral("NVIDIA_TESLA_T4"));
    QCOMPARE(master.acceleratorCount->currentData().toLongLong(), 1);

    RegionPage *r = w.regionPage();
    QCOMPARE(r->regionCombo()->currentData().toString(), QStringLiteral("europe-west4"));
    QCOMPARE(r->runtimeCombo()->currentText(), QStringLiteral("2.11"));
    QCOMPARE(r->pythonCombo()->currentText(), QStringLiteral("3.7"));
    QCOMPARE(r->jobDirEdit()->text(), QStringLiteral("gs://paste-bucket/jobs/paste_job_1"));

    HyperparameterPage *h = w.hyperparameterPage();
    QCOMPARE(h->metricEdit()->text(), QStringLiteral("accuracy"));
    QCOMPARE(h->maxTrialsSpin()->value(), 6);
    QCOMPARE(h->parallelTrialsSpin()->value(), 2);

    // Walk the pages as a user would, saving each.
    const QList<std::pair<int, const char *>> pages = {{TrainerPageId, "trainer"},
                                                       {ClusterPageId, "cluster"},
                                                       {RegionPageId, "region"},
                                                       {HyperparameterPageId, "tuning"},
                                                       {ReviewPageId, "review"}};
    for (const auto &[id, name] : pages) {
        QTRY_VERIFY2(w.button(QWizard::NextButton)->isEnabled(),
                     qPrintable(QStringLiteral("Next disabled before ") + QLatin1String(name)));
        clickButton(w, QWizard::NextButton);
        QCOMPARE(w.currentId(), id);
        save(w, QLatin1String(name));
    }
    // The review page says once where this would run today.
    const QString notes = w.reviewPage()->notesLabel()->text();
    QCOMPARE(notes.count(QLatin1String("Where this would run today")), 1);
    QVERIFY2(notes.contains(QLatin1String("Vertex AI")), qPrintable(notes));
    QVERIFY(
        w.reviewPage()->vertexView()->toPlainText().contains(QLatin1String("executorImageUri")));
}

void TestPasteCommand::notACommandCannotBeImported()
{
    PasteCommandDialog d(cat());
    d.setText(QStringLiteral("gsutil cp trainer.tar.gz gs://b/"));
    QVERIFY(!d.importButton()->isEnabled());
    QVERIFY(anyContains(summaryLines(d), QStringLiteral("no gcloud command")));
}

void TestPasteCommand::mainWindowHasTheMenuEntry()
{
    ui::MainWindow window;
    QAction *paste = nullptr;
    const QList<QAction *> menus = window.menuBar()->actions();
    for (QAction *menu : menus) {
        if (!menu->menu())
            continue;
        const QList<QAction *> actions = menu->menu()->actions();
        for (QAction *a : actions) {
            if (a->text().contains(QLatin1String("Paste gcloud command")))
                paste = a;
        }
    }
    QVERIFY(paste);
    QVERIFY(paste->isEnabled());
}

QTEST_MAIN(TestPasteCommand)
#include "tst_pastecommand.moc"
