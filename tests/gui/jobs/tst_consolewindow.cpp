// SPDX-License-Identifier: MIT
// The job console inside the main window: Job menu, a real run watched and cancelled, Clone into
// wizard, and (with TRAINYARD_SCREENSHOT_DIR set) the screenshots of the list and each tab.
#include "charts/metricspanel.h"
#include "common/darkpalette.h"
#include "consoletesthelpers.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/joblistmodel.h"
#include "jobspec/yamlio.h"
#include "logs/logpanel.h"
#include "mainwindow/mainwindow.h"
#include "wizard/jobwizard.h"

#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using trainyard::store::JobStatus;

class TestConsoleWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
        QSettings().clear(); // no remembered layout from an earlier run
        QVERIFY(m_tmp.isValid());
    }
    void mainWindowRunsAndCancels();

private:
    QTemporaryDir m_tmp;
};

// The main window shows the console with its actions in the Job menu; a real run of the example
// trainer is watched, then cancelled with Job > Cancel. With TRAINYARD_SCREENSHOT_DIR set, the
// list and each tab are saved as console-<name>.png there during the run (console-<name>-dark.png
// in a dark palette when TRAINYARD_SCREENSHOT_DARK is set too).
void TestConsoleWindow::mainWindowRunsAndCancels()
{
    const QString home = m_tmp.filePath(QStringLiteral("mwstore"));
    QVERIFY(QDir().mkpath(home));
    qputenv("TRAINYARD_HOME", home.toLocal8Bit());
    const QString shots = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    // With TRAINYARD_SCREENSHOT_DARK set too, the screenshots are taken in a dark palette.
    const bool dark = !shots.isEmpty() && qEnvironmentVariableIsSet("TRAINYARD_SCREENSHOT_DARK");
    if (dark)
        test::useDarkPalette();
    const QString examples = QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like");
    jobspec::ImportResult imported =
        jobspec::importJobFile(examples + QStringLiteral("/config.yaml"));
    QVERIFY(imported);

    ui::MainWindow mw;
    mw.resize(1280, 900);
    mw.show();
    QVERIFY(QTest::qWaitForWindowExposed(&mw));
    ui::jobs::JobConsole *console = mw.console();
    QVERIFY(console);
    console->setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console->model()->setRefreshInterval(200);

    // Job menu: the console's actions with their shortcuts.
    QMenu *jobMenu = nullptr;
    for (QAction *a : mw.menuBar()->actions()) {
        if (a->menu() && a->text() == QStringLiteral("&Job"))
            jobMenu = a->menu();
    }
    QVERIFY(jobMenu);
    QVERIFY(jobMenu->actions().contains(console->runAgainAction()));
    QVERIFY(jobMenu->actions().contains(console->cancelAction()));
    QCOMPARE(console->runAgainAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));

    exec::RunSettings settings;
    settings.baseDirectory = examples;
    settings.graceMs = 2000;
    QString error;
    // A finished job and a failed one, for a realistic list.
    jobspec::Job done = imported.job;
    done.jobId = QStringLiteral("mnist_like_20261122_0900");
    done.trainingInput.args = {QStringLiteral("--epochs"), QStringLiteral("1"),
                               QStringLiteral("--steps-per-epoch"), QStringLiteral("10")};
    settings.startPort = 29810;
    QVERIFY2(submitAndWait(*console, done, settings, &error), qPrintable(error));
    jobspec::Job failed = done;
    failed.jobId = QStringLiteral("mnist_like_20261122_0915");
    failed.trainingInput.args << QStringLiteral("--fail-at-step") << QStringLiteral("3");
    settings.startPort = 29820;
    settings.maxRestarts = 0;
    QVERIFY2(submitAndWait(*console, failed, settings, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(console->model()->rowCount() == 2 &&
                                 console->model()->job(done.jobId)->state.isTerminal() &&
                                 console->model()->job(failed.jobId)->state.isTerminal(),
                             60000);
    QCOMPARE(console->model()->job(failed.jobId)->state.state, JobStatus::Failed);

    // The watched run: long enough to be cancelled while it runs.
    jobspec::Job live = imported.job;
    live.jobId = QStringLiteral("mnist_like_20261122_0930");
    live.trainingInput.args = {QStringLiteral("--epochs"),          QStringLiteral("200"),
                               QStringLiteral("--steps-per-epoch"), QStringLiteral("40"),
                               QStringLiteral("--learning-rate"),   QStringLiteral("0.2")};
    settings.startPort = 29830;
    settings.maxRestarts = 5;
    QVERIFY2(submitAndWait(*console, live, settings, &error), qPrintable(error));
    console->selectJob(live.jobId);
    QTRY_COMPARE(console->currentJobId(), live.jobId);
    ui::jobs::JobDetail *detail = console->detail();
    ui::charts::MetricsPanel *metrics = detail->metricsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(
        console->model()->job(live.jobId)->state.state == JobStatus::Running &&
            metrics->pointCount(QStringLiteral("loss"), QStringLiteral("chief-0")) > 400,
        60000);
    QVERIFY(console->cancelAction()->isEnabled());
    if (!shots.isEmpty()) {
        QDir().mkpath(shots);
        auto save = [&](const QString &name) {
            QTest::qWait(700); // a refresh of list, logs and charts
            // Quality 0: the strongest PNG compression (screenshots stay small).
            const QString file = QStringLiteral("/console-%1%2.png")
                                     .arg(name, dark ? QStringLiteral("-dark") : QString());
            QVERIFY(mw.grab().save(shots + file, "PNG", 0));
        };
        detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::OverviewTab);
        save(QStringLiteral("list"));
        detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::LogsTab);
        detail->logPanel()->setSearch(QStringLiteral("loss"), false);
        save(QStringLiteral("logs"));
        detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::MetricsTab);
        save(QStringLiteral("metrics"));
        detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::ConfigTab);
        save(QStringLiteral("config"));
        detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::OverviewTab);
    }

    // Job > Cancel ends it as CANCELLED; Delete is refused while it runs.
    QVERIFY(!console->deleteJob(live.jobId, &error));
    QVERIFY(error.contains(QStringLiteral("cancel it first")));
    QVERIFY(cancelAndConfirm(*console)); // it asks first
    QTRY_VERIFY_WITH_TIMEOUT(console->model()->job(live.jobId)->state.state == JobStatus::Cancelled,
                             30000);

    // Clone into wizard opens the wizard with the job's spec under a new ID.
    console->cloneAction()->trigger();
    ui::wizard::JobWizard *wizard = nullptr;
    QTRY_VERIFY((wizard = mw.findChild<ui::wizard::JobWizard *>()) != nullptr);
    QCOMPARE(wizard->job().jobId, QStringLiteral("mnist_like_20261122_0930_run2"));
    wizard->close();
    qunsetenv("TRAINYARD_HOME");
}

QTEST_MAIN(TestConsoleWindow)
#include "tst_consolewindow.moc"
