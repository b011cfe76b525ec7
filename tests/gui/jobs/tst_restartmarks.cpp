// SPDX-License-Identifier: MIT
// Restart rehearsals from the console (issue 17), with the real executor (`trainyard supervise`)
// and the fixture trainer fixtrainer.resumer (a chief and one worker printing step=N): "Rehearse
// VM maintenance" and "Rehearse crash" from the replica table's menu (right click and Shift+F10),
// then the Overview's Last restart column (resumed, or started over with a warning), the Logs
// tab's mark lines and the Metrics tab's restart lines. With TRAINYARD_SCREENSHOT_DIR set it saves
// restart-menu.png, restart-overview.png, restart-logs.png, restart-chart.png and
// restart-startedover.png there.
#include "charts/metricchart.h"
#include "charts/metricspanel.h"
#include "consoletesthelpers.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/joblistmodel.h"
#include "jobs/replicamenu.h"
#include "jobs/replicamodel.h"
#include "jobspec/yamlio.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"
#include "logs/logview.h"
#include "store/jobstore.h"

#include <QAbstractAxis>
#include <QAction>
#include <QContextMenuEvent>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using trainyard::store::JobStatus;
using trainyard::ui::charts::MetricChartView;
using trainyard::ui::charts::XMode;
using trainyard::ui::jobs::JobConsole;
using trainyard::ui::jobs::JobDetail;
using trainyard::ui::jobs::ReplicaMenu;
using trainyard::ui::jobs::ReplicaModel;

namespace {

// A chief and one worker of fixtrainer.resumer, each printing step=N every 0.1 s.
jobspec::Job resumerJob(const QString &jobId, const QString &jobDir, bool checkpoint)
{
    const QByteArray yaml =
        QStringLiteral("jobId: %1\ntrainingInput:\n  scaleTier: CUSTOM\n  region: us-central1\n"
                       "  runtimeVersion: \"2.11\"\n  pythonVersion: \"3.7\"\n"
                       "  pythonModule: fixtrainer.resumer\n"
                       "  args: [\"--interval\", \"0.1\"%2]\n  jobDir: %3\n"
                       "  masterType: n1-standard-4\n"
                       "  workerType: n1-standard-4\n  workerCount: 1\n"
                       "trainyardLocal:\n  packagePath: %4\n")
            .arg(jobId, checkpoint ? QStringLiteral(", \"--checkpoint\"") : QString(), jobDir,
                 QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer"))
            .toUtf8();
    const jobspec::ImportResult imported = jobspec::importJob(yaml, QStringLiteral("resumer.yaml"));
    return imported.job;
}

void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget->grab().save(dir + u'/' + name, "PNG", 0));
}

int replicaRow(const ReplicaModel *model, const QString &name)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(ReplicaModel::NameRole).toString() == name)
            return row;
    }
    return -1;
}

QString lastRestart(const ReplicaModel *model, const QString &name)
{
    const int row = replicaRow(model, name);
    return row < 0 ? QString()
                   : model->index(row, ReplicaModel::LastRestartColumn).data().toString();
}

int stepLines(const store::JobStore &store, const QString &jobId, const QString &replica)
{
    QFile file(store.logPath(jobId, replica));
    return file.open(QIODevice::ReadOnly) ? int(file.readAll().count("step=")) : 0;
}

// The rows of the Logs tab whose text starts with `prefix`.
QList<int> logRows(const ui::logs::LogModel *model, const QString &prefix)
{
    QList<int> rows;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->line(row).text.startsWith(prefix))
            rows.append(row);
    }
    return rows;
}

// Rows of the pixel column x (and its neighbours: antialiasing) of `image` close to `color`,
// from top to bottom.
int pixelsNear(const QImage &image, int x, int top, int bottom, const QColor &color)
{
    int count = 0;
    for (int y = top; y < bottom; ++y) {
        for (int dx = -1; dx <= 1; ++dx) {
            const QColor c = image.pixelColor(x + dx, y);
            if (std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) +
                    std::abs(c.blue() - color.blue()) <
                90) {
                ++count;
                break;
            }
        }
    }
    return count;
}

} // namespace

class TestRestartMarks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void maintenanceResumes();
    void crashStartsOverWithWarning();
    void menuRefusesWhatCannotBeRehearsed();
    void overviewSaysWhatWasLost();

private:
    // Starts the job in `console` and waits until both replicas reported a few steps.
    void startJob(JobConsole &console, const jobspec::Job &job, int port);
    // Opens the replica table's menu on `replica` (right click) and triggers `action`.
    void rehearseFromMenu(JobDetail *detail, const QString &replica, QAction *action);
    void cancel(JobConsole &console, const QString &jobId);

    QTemporaryDir m_tmp;
};

void TestRestartMarks::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_restartmarks"));
    QSettings().clear();
    QVERIFY(m_tmp.isValid());
}

void TestRestartMarks::startJob(JobConsole &console, const jobspec::Job &job, int port)
{
    QVERIFY(!job.jobId.isEmpty());
    exec::RunSettings settings;
    settings.startPort = port;
    settings.graceMs = 2000;
    settings.jobDir = job.trainingInput.jobDir;
    console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console.model()->setRefreshInterval(200);
    console.resize(1300, 850);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QString error;
    QVERIFY2(submitAndWait(console, job, settings, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(console.model()->job(job.jobId) &&
                                 console.model()->job(job.jobId)->state.state == JobStatus::Running,
                             30000);
    console.selectJob(job.jobId);
    QTRY_COMPARE(console.currentJobId(), job.jobId);
    const store::JobStore store(console.storeRoot());
    for (const QString &replica : {QStringLiteral("chief-0"), QStringLiteral("worker-0")})
        QTRY_VERIFY_WITH_TIMEOUT(stepLines(store, job.jobId, replica) >= 8, 20000);
    QTRY_COMPARE(console.detail()->replicaModel()->rowCount(), 2);
}

void TestRestartMarks::rehearseFromMenu(JobDetail *detail, const QString &replica, QAction *action)
{
    detail->tabs()->setCurrentIndex(JobDetail::OverviewTab);
    QTableView *view = detail->replicaView();
    const int row = replicaRow(detail->replicaModel(), replica);
    QVERIFY(row >= 0);
    // Both replicas RUNNING in the table first.
    QTRY_COMPARE(detail->replicaModel()->index(row, ReplicaModel::StateColumn).data().toString(),
                 QStringLiteral("RUNNING"));
    const QPoint pos = view->visualRect(detail->replicaModel()->index(row, 0)).center();
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(view->viewport(), &event);
    QMenu *menu = detail->replicaMenu()->menu();
    QTRY_VERIFY(menu->isVisible());
    // The right click selected the replica under it.
    QCOMPARE(view->selectionModel()->selectedRows().value(0).row(), row);
    QVERIFY(menu->actions().contains(action));
    QVERIFY2(action->isEnabled(), qPrintable(action->toolTip()));
    QVERIFY(action->toolTip().contains(replica));
    saveShot(menu, QStringLiteral("restart-menu.png"));
    action->trigger();
    menu->close();
}

void TestRestartMarks::cancel(JobConsole &console, const QString &jobId)
{
    console.selectJob(jobId);
    QTRY_VERIFY(console.cancelAction()->isEnabled());
    QVERIFY(cancelAndConfirm(console));
    QTRY_VERIFY_WITH_TIMEOUT(console.model()->job(jobId)->state.isTerminal(), 30000);
}

void TestRestartMarks::maintenanceResumes()
{
    const QString root = m_tmp.filePath(QStringLiteral("maintenance"));
    const jobspec::Job job = resumerJob(QStringLiteral("rehearse_maintenance"),
                                        m_tmp.filePath(QStringLiteral("maintenance-out")), true);
    JobConsole console(root);
    startJob(console, job, 29910);
    JobDetail *detail = console.detail();
    QSignalSpy messages(&console, &JobConsole::message);

    // The keyboard's way opens the same menu on the current row.
    QTableView *view = detail->replicaView();
    view->setFocus();
    view->setCurrentIndex(detail->replicaModel()->index(
        replicaRow(detail->replicaModel(), QStringLiteral("worker-0")), 0));
    QTest::keyClick(view, Qt::Key_F10, Qt::ShiftModifier);
    QTRY_VERIFY(detail->replicaMenu()->menu()->isVisible());
    QVERIFY(detail->replicaMenu()->maintenanceAction()->isVisible());
    detail->replicaMenu()->menu()->close();

    rehearseFromMenu(detail, QStringLiteral("worker-0"),
                     detail->replicaMenu()->maintenanceAction());
    // The owner's answer, beside the table and in the status bar.
    QTRY_VERIFY_WITH_TIMEOUT(detail->rehearsalText().contains(QStringLiteral("rehearsed")), 15000);
    QVERIFY2(detail->rehearsalText().startsWith(
                 QStringLiteral("worker-0 of rehearse_maintenance: VM maintenance rehearsed")),
             qPrintable(detail->rehearsalText()));
    QVERIFY(!messages.isEmpty());
    QCOMPARE(messages.last().at(0).toString(), detail->rehearsalText());

    // The Overview: the restart, and that it resumed past where it was.
    const ReplicaModel *model = detail->replicaModel();
    QTRY_VERIFY_WITH_TIMEOUT(
        lastRestart(model, QStringLiteral("worker-0")).contains(QStringLiteral("resumed at step")),
        20000);
    const store::JobState state = store::JobStore(root).readState(job.jobId).state;
    const store::ReplicaState &worker =
        state.replicas.at(state.replicaIndex(QStringLiteral("worker-0")));
    QCOMPARE(worker.restarts.size(), 1);
    const store::RestartRecord restart = worker.restarts.first();
    QVERIFY(restart.stepBeforeRestart && *restart.stepBeforeRestart >= 7);
    QVERIFY(restart.resumedAtStep && *restart.resumedAtStep >= *restart.stepBeforeRestart);
    QCOMPARE(lastRestart(model, QStringLiteral("worker-0")),
             QStringLiteral("VM maintenance · resumed at step %1").arg(*restart.resumedAtStep));
    const int row = replicaRow(model, QStringLiteral("worker-0"));
    QVERIFY(!model->index(row, 0).data(ReplicaModel::StartedOverRole).toBool());
    // No warning: it resumed.
    QVERIFY(model->index(row, ReplicaModel::LastRestartColumn).data(Qt::DecorationRole).isNull());
    QVERIFY(lastRestart(model, QStringLiteral("chief-0")).isEmpty()); // the chief ran on
    QCOMPARE(detail->restartWarningText(), QString());
    saveShot(detail, QStringLiteral("restart-overview.png"));

    // The Logs tab: Trainyard's mark lines, drawn on a tinted row with a bar.
    detail->tabs()->setCurrentIndex(JobDetail::LogsTab);
    ui::logs::LogModel *logs = detail->logPanel()->model();
    QTRY_VERIFY_WITH_TIMEOUT(
        !logRows(logs, QStringLiteral("[trainyard] worker-0 resumed at step")).isEmpty(), 15000);
    const QList<int> restarted =
        logRows(logs, QStringLiteral("[trainyard] worker-0 restarted after VM maintenance"));
    QCOMPARE(restarted.size(), 1);
    QVERIFY(ui::logs::LogView::isTrainyardMark(logs->line(restarted.first()).text));
    ui::logs::LogView *logView = detail->logPanel()->view();
    logView->setFollowing(false);
    logView->showRow(restarted.first());
    logView->selectRows(-1, -1);
    QTest::qWait(50);
    const QImage logImage = logView->viewport()->grab().toImage();
    const int y = (restarted.first() - logView->firstVisibleRow()) * logView->rowHeight() +
                  logView->rowHeight() / 2;
    QVERIFY(y > 0 && y < logImage.height());
    QCOMPARE(logImage.pixelColor(1, y), logView->palette().color(QPalette::Link));
    // A step line is not marked.
    const QList<int> steps = logRows(logs, QStringLiteral("step="));
    QVERIFY(!steps.isEmpty());
    QVERIFY(!ui::logs::LogView::isTrainyardMark(logs->line(steps.first()).text));
    saveShot(detail, QStringLiteral("restart-logs.png"));

    // The Metrics tab: a line on the worker's loss at the last step before the restart...
    detail->tabs()->setCurrentIndex(JobDetail::MetricsTab);
    ui::charts::MetricsPanel *metrics = detail->metricsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(metrics->chart(QStringLiteral("loss")) != nullptr, 15000);
    MetricChartView *chart = metrics->chart(QStringLiteral("loss"));
    QTRY_COMPARE_WITH_TIMEOUT(chart->shownRestartMarks().size(), 1, 10000);
    MetricChartView::ShownMark shown = chart->shownRestartMarks().first();
    QCOMPARE(shown.mark.source, QStringLiteral("worker-0"));
    QCOMPARE(shown.x, double(*restart.stepBeforeRestart));
    QVERIFY(!shown.mark.warning);
    QVERIFY(shown.mark.label.contains(QStringLiteral("resumed at step")));
    // ...and on a time axis at the restart's time.
    metrics->setXMode(XMode::Time);
    QTRY_VERIFY_WITH_TIMEOUT(!chart->shownRestartMarks().isEmpty() &&
                                 chart->axisLabels(Qt::Horizontal).size() > 1 &&
                                 chart->chart()->axes(Qt::Horizontal).value(0)->titleText() ==
                                     QStringLiteral("Time since start (s)"),
                             10000);
    QTest::qWait(300); // the chart's layout settles
    shown = chart->shownRestartMarks().first();
    const double sinceStart =
        double(restart.time.toMSecsSinceEpoch() - state.startTime.toMSecsSinceEpoch()) / 1000.0;
    // The store's first point comes a moment after the job started.
    QVERIFY2(shown.x > 0 && shown.x <= sinceStart + 0.01,
             qPrintable(QStringLiteral("%1 %2").arg(shown.x).arg(sinceStart)));
    // The dashed line is drawn: about half the plot's height in the worker's colour.
    const QRectF plot = chart->chart()->plotArea();
    const QImage chartImage = chart->grab().toImage();
    QColor workerColor;
    for (QLineSeries *series : chart->lineSeries()) {
        if (series->name() == QStringLiteral("worker-0"))
            workerColor = series->color();
    }
    QVERIFY(workerColor.isValid());
    const int top = int(plot.top()) + 40; // below the label
    const int bottom = int(plot.bottom()) - 2;
    const int hits = pixelsNear(chartImage, shown.viewportX, top, bottom, workerColor);
    QVERIFY2(hits > (bottom - top) / 4, qPrintable(QString::number(hits)));
    // Nowhere else: a column away from the line has only the series crossing it.
    const int elsewhere =
        pixelsNear(chartImage, int(plot.left() + plot.width() / 8), top, bottom, workerColor);
    QVERIFY2(elsewhere < (bottom - top) / 4, qPrintable(QString::number(elsewhere)));
    saveShot(detail, QStringLiteral("restart-chart.png"));
    metrics->setXMode(XMode::Step);

    cancel(console, job.jobId);
    // A job that ended rehearses nothing: the action says why.
    detail->tabs()->setCurrentIndex(JobDetail::OverviewTab);
    QTRY_VERIFY(!detail->replicaMenu()->maintenanceAction()->isEnabled());
    QVERIFY2(detail->replicaMenu()->maintenanceAction()->toolTip().contains(
                 QStringLiteral("Only a running job")),
             qPrintable(detail->replicaMenu()->maintenanceAction()->toolTip()));
}

void TestRestartMarks::crashStartsOverWithWarning()
{
    const QString root = m_tmp.filePath(QStringLiteral("crash"));
    const jobspec::Job job = resumerJob(QStringLiteral("rehearse_crash"),
                                        m_tmp.filePath(QStringLiteral("crash-out")), false);
    JobConsole console(root);
    startJob(console, job, 29940);
    JobDetail *detail = console.detail();
    rehearseFromMenu(detail, QStringLiteral("worker-0"), detail->replicaMenu()->crashAction());
    QTRY_VERIFY_WITH_TIMEOUT(detail->rehearsalText().contains(QStringLiteral("crash rehearsed")),
                             15000);

    const ReplicaModel *model = detail->replicaModel();
    QTRY_VERIFY_WITH_TIMEOUT(
        lastRestart(model, QStringLiteral("worker-0")).contains(QStringLiteral("started over")),
        20000);
    QCOMPARE(lastRestart(model, QStringLiteral("worker-0")),
             QStringLiteral("crash · started over at step 0"));
    const int row = replicaRow(model, QStringLiteral("worker-0"));
    const QModelIndex cell = model->index(row, ReplicaModel::LastRestartColumn);
    QVERIFY(cell.data(ReplicaModel::StartedOverRole).toBool());
    QVERIFY(!cell.data(Qt::DecorationRole).value<QIcon>().isNull()); // the warning icon
    const QString tip = cell.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("save checkpoints under the job dir regularly")),
             qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("no checkpoint was restored")));
    QCOMPARE(model->index(row, ReplicaModel::RestartsColumn).data().toInt(), 1); // counted
    // The warning under the table says it, with the advice.
    QVERIFY2(detail->restartWarningText().startsWith(
                 QStringLiteral("worker-0 started over at step 0 after reaching step")),
             qPrintable(detail->restartWarningText()));
    QVERIFY(detail->restartWarningText().contains(
        QStringLiteral("restore the most recent one when the trainer starts")));
    detail->replicaView()->selectRow(row);
    saveShot(detail, QStringLiteral("restart-startedover.png"));

    // The Logs tab: the started-over mark is a warning.
    detail->tabs()->setCurrentIndex(JobDetail::LogsTab);
    ui::logs::LogModel *logs = detail->logPanel()->model();
    QTRY_VERIFY_WITH_TIMEOUT(
        !logRows(logs, QStringLiteral("[trainyard] worker-0 started over at step 0")).isEmpty(),
        15000);
    const int warning =
        logRows(logs, QStringLiteral("[trainyard] worker-0 started over at step 0")).first();
    QCOMPARE(logs->line(warning).severity, trainyard::logs::Severity::Warning);
    QVERIFY(!logRows(logs, QStringLiteral("[trainyard] worker-0 restarted after")).isEmpty());

    // The chart's line is a warning too.
    detail->tabs()->setCurrentIndex(JobDetail::MetricsTab);
    ui::charts::MetricsPanel *metrics = detail->metricsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(metrics->chart(QStringLiteral("loss")) != nullptr, 15000);
    MetricChartView *chart = metrics->chart(QStringLiteral("loss"));
    QTRY_COMPARE_WITH_TIMEOUT(chart->shownRestartMarks().size(), 1, 10000);
    QVERIFY(chart->shownRestartMarks().first().mark.warning);
    QVERIFY(chart->shownRestartMarks().first().mark.toolTip.contains(
        QStringLiteral("restore the most recent one")));
    cancel(console, job.jobId);
}

void TestRestartMarks::menuRefusesWhatCannotBeRehearsed()
{
    // No owner here: the menu's state follows the recorded state alone.
    JobDetail detail(m_tmp.filePath(QStringLiteral("none")));
    detail.resize(900, 500);
    detail.show();
    QVERIFY(QTest::qWaitForWindowExposed(&detail));
    detail.setJob(QStringLiteral("some_job"));
    store::JobState state;
    state.state = JobStatus::Running;
    store::ReplicaState chief;
    chief.name = QStringLiteral("chief-0");
    chief.taskType = QStringLiteral("chief");
    chief.state = store::ReplicaStatus::Running;
    store::ReplicaState worker = chief;
    worker.name = QStringLiteral("worker-0");
    worker.taskType = QStringLiteral("worker");
    worker.state = store::ReplicaStatus::Succeeded;
    state.replicas = {chief, worker};
    detail.setState(state, true, QString());
    ReplicaMenu *menu = detail.replicaMenu();
    QCOMPARE(menu->refusal(), QStringLiteral("Select a replica first."));
    detail.replicaView()->selectRow(1);
    QCOMPARE(menu->refusal(), QStringLiteral("worker-0 is not running (SUCCEEDED)."));
    QVERIFY(!menu->crashAction()->isEnabled());
    QCOMPARE(menu->crashAction()->statusTip(), menu->refusal());
    detail.replicaView()->selectRow(0);
    QVERIFY(menu->maintenanceAction()->isEnabled());
    QVERIFY(menu->refusal().isEmpty());
    // A cloud job: the rehearsals are not offered at all.
    detail.setCloudJob(true);
    detail.setState(state, true, QString());
    menu->popupForCurrent();
    QTRY_VERIFY(menu->menu()->isVisible());
    QVERIFY(!menu->maintenanceAction()->isVisible());
    QVERIFY(!menu->crashAction()->isVisible());
    QVERIFY(menu->tfConfigAction()->isVisible());
    menu->menu()->close();
}

void TestRestartMarks::overviewSaysWhatWasLost()
{
    // Issue 32: a job that SUCCEEDED with a log cut by a full disk is no plain success in the
    // Overview either: its warnings are shown beside the outcome, as the CLI's end line says.
    JobDetail detail(m_tmp.filePath(QStringLiteral("none")));
    detail.resize(900, 500);
    detail.show();
    QVERIFY(QTest::qWaitForWindowExposed(&detail));
    detail.setJob(QStringLiteral("cut_job"));
    store::JobState state;
    state.state = JobStatus::Succeeded;
    store::JobWarning cut;
    cut.kind = store::JobWarning::Kind::LogStopped;
    cut.time = QDateTime(QDate(2025, 3, 1), QTime(13, 10, 10), Qt::LocalTime).toUTC();
    cut.subject = QStringLiteral("chief-0");
    cut.reason = QStringLiteral("no space left on device");
    store::JobWarning low;
    low.kind = store::JobWarning::Kind::LowSpace;
    low.time = QDateTime(QDate(2025, 3, 1), QTime(13, 9, 55), Qt::LocalTime).toUTC();
    low.subject = QStringLiteral("/store");
    low.freeBytes = 150000;
    low.floorBytes = 209715;
    state.warnings = {low, cut};
    detail.setState(state, true, QString());
    QCOMPARE(detail.warningsText(),
             QStringLiteral("the disk holding the store was nearly full at 13:09:55: 150.0 kB "
                            "free, less than 209.7 kB\n"
                            "chief-0's log stopped at 13:10:10: no space left on device"));
    auto *label = detail.findChild<QLabel *>(QStringLiteral("jobWarnings"));
    QVERIFY(label);
    QVERIFY(label->isVisible());
    QCOMPARE(label->textFormat(), Qt::PlainText);
    if (const QByteArray shot = qgetenv("TRAINYARD_SCREENSHOT_DIR"); !shot.isEmpty())
        detail.grab().save(QFile::decodeName(shot) + QStringLiteral("/overview-warnings.png"));
    // A clean run shows no such row.
    state.warnings.clear();
    detail.setState(state, true, QString());
    QCOMPARE(detail.warningsText(), QString());
    QVERIFY(!label->isVisible());
}

QTEST_MAIN(TestRestartMarks)
#include "tst_restartmarks.moc"
