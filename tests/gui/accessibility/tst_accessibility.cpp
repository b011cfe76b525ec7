// SPDX-License-Identifier: MIT
// What a screen reader and a keyboard user meet, read through QAccessible as the AT-SPI bridge
// reads it, on a 1366×768 laptop screen (offscreen):
// - the Logs tab's lines are a table whose cells hold each line's time, replica, severity and
//   text; the current row is the focus child; a search's jump is announced ("match 2 of 3, line
//   5") as the description of the search field;
// - every chart is a Chart named by its metric and described by its series' last value, min,
//   max and points, with its Export and Table buttons in the tree; Table lists the points;
// - every focusable or actionable object of the Logs, Metrics and Compare views and of each
//   wizard page has a name, and no two share one;
// - Ctrl+F goes to the filter of the tab the focus is in; a disabled action says why when its
//   shortcut is pressed; Cancel asks first; Help lists the shortcuts; the job list leaves the
//   height it does not need to the detail;
// - Compare with 27 runs fits the screen, its legend scrolls, 20 runs have 20 colours far apart,
//   a series name has one line style in every run, and the system series are in a section of
//   their own against time.
// To look at it: TRAINYARD_SCREENSHOT_DIR=/tmp/shots ctest -R tst_accessibility.
#include "a11yfixtures.h"
#include "a11ytree.h"
#include "catalog/catalog.h"
#include "charts/charttable.h"
#include "charts/metricchart.h"
#include "charts/metricspanel.h"
#include "common/laptopscreen.h"
#include "compare/compareview.h"
#include "compare/runlegend.h"
#include "compare/scatterpage.h"
#include "exec/runsettings.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/joblistmodel.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"
#include "logs/logview.h"
#include "logs/logwriter.h"
#include "mainwindow/accessiblecombo.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/shortcutsdialog.h"
#include "metrics/metricstore.h"
#include "metrics/systemsampler.h"
#include "store/jobstore.h"
#include "store/ownerlock.h"
#include "wizard/jobwizard.h"
#include "wizard/wizardfields.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QChartView>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <cmath>

using namespace trainyard;
using namespace trainyard::test;

class TestAccessibility : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void logLinesAreATable();
    void searchJumpIsAnnounced();
    void logsPageNamedOnce();
    void chartsNamedDescribedAndTabled();
    void scatterDescribed();
    void wizardPagesNamedOnce();
    void consoleKeyboard();
    void cancelAsksFirst();
    void deleteAsksFirst();
    void helpListsShortcuts();
    void compareOfManyRunsFits();

private:
    ui::logs::LogPanel *logPanel(const QString &name);
    QTemporaryDir m_tmp;
    QString m_logs;
    QList<Line> m_chief;
    QList<Line> m_worker;
};

void TestAccessibility::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_tmp.isValid());
    qputenv("TRAINYARD_HOME", m_tmp.filePath(QStringLiteral("home")).toLocal8Bit());
    QSettings().clear();
    QCOMPARE(QGuiApplication::primaryScreen()->geometry().size(), QSize(1366, 768));
    // Two replicas, interleaved by time: chief-0 at even seconds, worker-0 at odd ones.
    for (int i = 0; i < 4; ++i) {
        m_chief.append({T0 + i * 2000, logs::Severity::Info,
                        "step=" + QByteArray::number(i * 10) +
                            " loss=" + QByteArray::number(1.0 / (i + 1), 'g', 4)});
        m_worker.append({T0 + i * 2000 + 1000,
                         i == 2 ? logs::Severity::Error : logs::Severity::Info,
                         i == 2 ? QByteArray("worker-0 lost its connection to ps-0")
                                : "worker step " + QByteArray::number(i) + " loss=0.5"});
    }
    m_logs = m_tmp.filePath(QStringLiteral("logs"));
    writeLog(m_logs + QStringLiteral("/chief-0.log"), m_chief);
    writeLog(m_logs + QStringLiteral("/worker-0.log"), m_worker);
}

ui::logs::LogPanel *TestAccessibility::logPanel(const QString &name)
{
    auto *panel = new ui::logs::LogPanel;
    panel->setObjectName(name);
    panel->setAttribute(Qt::WA_DeleteOnClose);
    panel->setLogsDir(m_logs);
    panel->resize(1100, 500);
    panel->show();
    return panel;
}

// The Logs tab's lines as a table: rows are the lines (by time over both replicas), columns time,
// replica, severity and message; moving the current row moves the table's focus child.
void TestAccessibility::logLinesAreATable()
{
    QPointer<ui::logs::LogPanel> panel = logPanel(QStringLiteral("table"));
    QVERIFY(QTest::qWaitForWindowExposed(panel));
    QTRY_COMPARE(panel->model()->rowCount(), 8);
    ui::logs::LogView *view = panel->view();
    QAccessibleInterface *table = QAccessible::queryAccessibleInterface(view);
    QVERIFY(table);
    QCOMPARE(table->role(), QAccessible::Table);
    QCOMPARE(table->text(QAccessible::Name), QStringLiteral("Log lines"));
    QAccessibleTableInterface *t = table->tableInterface();
    QVERIFY(t);
    QCOMPARE(t->rowCount(), 8);
    QCOMPARE(t->columnCount(), 4);
    QCOMPARE(table->childCount(), 32);
    const QStringList headers{QStringLiteral("Time"), QStringLiteral("Replica"),
                              QStringLiteral("Severity"), QStringLiteral("Message")};
    for (int c = 0; c < 4; ++c)
        QCOMPARE(t->columnDescription(c), headers.at(c));
    for (int row = 0; row < 8; ++row) {
        const Line &line = row % 2 == 0 ? m_chief.at(row / 2) : m_worker.at(row / 2);
        QAccessibleInterface *message = t->cellAt(row, 3);
        QVERIFY(message);
        QCOMPARE(message->role(), QAccessible::Cell);
        QCOMPARE(message->text(QAccessible::Name), QString::fromUtf8(line.text));
        QCOMPARE(t->cellAt(row, 1)->text(QAccessible::Name),
                 row % 2 == 0 ? QStringLiteral("chief-0") : QStringLiteral("worker-0"));
        QCOMPARE(t->cellAt(row, 2)->text(QAccessible::Name), logs::severityName(line.severity));
        QCOMPARE(t->cellAt(row, 0)->text(QAccessible::Name),
                 QDateTime::fromMSecsSinceEpoch(line.at).toLocalTime().toString(
                     QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")));
        QCOMPARE(table->indexOfChild(message), row * 4 + 3);
        QCOMPARE(table->child(row * 4 + 3), message);
        // The message cell's description says the rest of the row.
        QVERIFY(message->text(QAccessible::Description)
                    .startsWith(t->cellAt(row, 1)->text(QAccessible::Name)));
    }
    QAccessibleTableCellInterface *cell = t->cellAt(5, 3)->tableCellInterface();
    QVERIFY(cell);
    QCOMPARE(cell->rowIndex(), 5);
    QCOMPARE(cell->columnIndex(), 3);
    QCOMPARE(cell->columnHeaderCells().value(0)->text(QAccessible::Name),
             QStringLiteral("Message"));
    QVERIFY(!t->cellAt(5, 3)->rect().isEmpty()); // on screen

    // The keyboard moves the current row; the table's focus child is its message cell.
    panel->activateWindow();
    view->setFocus();
    QTRY_VERIFY(view->hasFocus());
    QTest::keyClick(view, Qt::Key_Home, Qt::ControlModifier);
    QTest::keyClick(view, Qt::Key_Down);
    QTest::keyClick(view, Qt::Key_Down);
    QCOMPARE(view->currentRow(), 2);
    QAccessibleInterface *focus = table->focusChild();
    QVERIFY(focus);
    QCOMPARE(focus->text(QAccessible::Name), QString::fromUtf8(m_chief.at(1).text));
    QVERIFY(focus->state().focused);
    QVERIFY(focus->state().selected);
    QVERIFY(t->isRowSelected(2));

    // Without timestamps: three columns, the message still last.
    view->setShowTimestamps(false);
    QCOMPARE(t->columnCount(), 3);
    QCOMPARE(t->cellAt(2, 2)->text(QAccessible::Name), QString::fromUtf8(m_chief.at(1).text));
    QCOMPARE(table->focusChild()->text(QAccessible::Name), QString::fromUtf8(m_chief.at(1).text));
    shot(panel, QStringLiteral("a11y-logs.png"));
    panel->close();
}

// A search's jump says where it landed, in the status line and as the description of the search
// field (what a screen reader speaks for the focused field); F3 moves on.
void TestAccessibility::searchJumpIsAnnounced()
{
    QPointer<ui::logs::LogPanel> panel = logPanel(QStringLiteral("search"));
    QVERIFY(QTest::qWaitForWindowExposed(panel));
    QTRY_COMPARE(panel->model()->rowCount(), 8);
    panel->setSearch(QStringLiteral("loss="), false);
    QTRY_VERIFY(!panel->isSearching() && panel->model()->matchCount() == 7);
    auto *search = panel->findChild<QLineEdit *>(QStringLiteral("logSearch"));
    QVERIFY(search);
    QCOMPARE(search->property("trainyardFind").toBool(), true);
    panel->findNext();
    QTRY_VERIFY(panel->lastMatchRow() >= 0);
    const int first = panel->lastMatchRow();
    QCOMPARE(panel->announcement(),
             QStringLiteral("match 1 of 7, line %1: %2")
                 .arg(first + 1)
                 .arg(panel->view()->cellText(first, ui::logs::LogModel::MessageColumn)));
    QAccessibleInterface *field = QAccessible::queryAccessibleInterface(search);
    QCOMPARE(field->text(QAccessible::Description), panel->announcement());
    QVERIFY(panel->statusText().contains(QStringLiteral("match 1 of 7")));
    panel->findNext();
    QVERIFY(panel->announcement().startsWith(QStringLiteral("match 2 of 7, line ")));
    QCOMPARE(QAccessible::queryAccessibleInterface(panel->view())->text(QAccessible::Description),
             panel->announcement());
    // The log view's focus child follows the jump.
    QCOMPARE(QAccessible::queryAccessibleInterface(panel->view())
                 ->tableInterface()
                 ->cellAt(panel->lastMatchRow(), 3)
                 ->text(QAccessible::Name),
             panel->view()->cellText(panel->lastMatchRow(), ui::logs::LogModel::MessageColumn));
    panel->setSearch(QStringLiteral("no such text"), false);
    QTRY_VERIFY(!panel->isSearching());
    panel->findNext();
    QTRY_COMPARE(panel->announcement(), QStringLiteral("No match for “no such text”"));
    panel->close();
}

void TestAccessibility::logsPageNamedOnce()
{
    QPointer<ui::logs::LogPanel> panel = logPanel(QStringLiteral("names"));
    QVERIFY(QTest::qWaitForWindowExposed(panel));
    // With text in the fields: their clear buttons show (and need names) too.
    panel->setSearch(QStringLiteral("loss"), false);
    panel->findChild<QLineEdit *>(QStringLiteral("logSearch"))->setFocus();
    const QList<QLineEdit *> edits = panel->findChildren<QLineEdit *>();
    for (QLineEdit *edit : edits) {
        if (edit->accessibleName() == QLatin1String("Go to time"))
            edit->setText(QStringLiteral("14:02"));
    }
    QApplication::processEvents();
    const test::NameCheck check = checkNames(panel);
    QVERIFY(check.operable.size() >= 14); // the bar's controls and the lines
    QVERIFY2(check.unnamed.isEmpty() && check.duplicates.isEmpty(), qPrintable(report(check)));
    panel->close();
}

// The Metrics tab: each chart a Chart named by its metric, described by each series' last value
// at its step, min, max and points; its Export and Table buttons in the tree, named after it;
// Table lists the points of the visible range.
void TestAccessibility::chartsNamedDescribedAndTabled()
{
    const QString dir = m_tmp.filePath(QStringLiteral("store-metrics"));
    writeSeries(dir, metrics::kinds::Log, QStringLiteral("chief-0"), QStringLiteral("loss"), 60,
                &falling);
    writeSeries(dir, metrics::kinds::Log, QStringLiteral("worker-0"), QStringLiteral("loss"), 60,
                &falling);
    writeSeries(dir, metrics::kinds::Log, QStringLiteral("chief-0"), QStringLiteral("accuracy"), 60,
                &rising);
    ui::charts::MetricsPanel panel;
    panel.resize(1200, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setJobDirs(dir, QString(), QString());
    QTRY_VERIFY_WITH_TIMEOUT(panel.chart(QStringLiteral("loss")) &&
                                 panel.chart(QStringLiteral("accuracy")) &&
                                 panel.chart(QStringLiteral("loss"))->lineSeries().size() == 2 &&
                                 !panel.chart(QStringLiteral("accuracy"))->lineSeries().isEmpty(),
                             10000);
    for (const QString &metric : {QStringLiteral("loss"), QStringLiteral("accuracy")}) {
        ui::charts::MetricChartView *chart = panel.chart(metric);
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(chart);
        QCOMPARE(iface->role(), QAccessible::Chart);
        QCOMPARE(iface->text(QAccessible::Name), metric);
        const QString description = iface->text(QAccessible::Description);
        const double last = metric == QLatin1String("loss") ? falling(59) : rising(59);
        const double lo = metric == QLatin1String("loss") ? falling(59) : rising(0);
        const double hi = metric == QLatin1String("loss") ? falling(0) : rising(59);
        const QString expected =
            QStringLiteral("chief-0: last %1 at step 590, min %2, max %3, 60 point")
                .arg(QString::number(last, 'g', 6), QString::number(lo, 'g', 6),
                     QString::number(hi, 'g', 6));
        QVERIFY2(description.contains(expected), qPrintable(description));
        // Export and Table: children of the chart, named after it, reachable by Tab.
        QStringList children;
        for (int i = 0; i < iface->childCount(); ++i)
            children.append(iface->child(i)->text(QAccessible::Name));
        QCOMPARE(children, QStringList({QStringLiteral("Export %1").arg(metric),
                                        QStringLiteral("Show %1 as a table").arg(metric)}));
        QVERIFY(chart->focusPolicy() & Qt::TabFocus);
        QVERIFY(chart->exportButton()->focusPolicy() & Qt::TabFocus);
    }
    QVERIFY(panel.chart(QStringLiteral("loss"))->summary().contains(QStringLiteral("worker-0: ")));

    // Names on the page: every control named, none twice.
    const test::NameCheck check = checkNames(&panel);
    QVERIFY2(check.unnamed.isEmpty() && check.duplicates.isEmpty(), qPrintable(report(check)));

    // Focus is visible: the chart's border in the highlight colour.
    ui::charts::MetricChartView *loss = panel.chart(QStringLiteral("loss"));
    panel.activateWindow();
    loss->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(loss->hasFocus());
    QCOMPARE(loss->chart()->backgroundPen().color(), loss->palette().color(QPalette::Highlight));
    QVERIFY(loss->chart()->backgroundPen().widthF() >= 2);
    shot(&panel, QStringLiteral("a11y-metrics-focus.png"));

    // T: the points of the visible range as a table.
    QTest::keyClick(loss, Qt::Key_T);
    ui::charts::ChartTableDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = loss->findChild<ui::charts::ChartTableDialog *>()) != nullptr);
    ui::charts::ChartTableModel *model = dialog->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), 120);  // 60 points of each series, all in view
    QCOMPARE(model->columnCount(), 4); // smoothed (0.6 by default): Series, Step, Value, Smoothed
    QCOMPARE(model->headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("Step"));
    QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("chief-0"));
    QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("0"));
    QCOMPARE(model->index(0, 2).data(ui::charts::ChartTableModel::NumberRole).toDouble(),
             falling(0));
    // The first smoothed value is the first value (debiased: not pulled toward 0).
    QCOMPARE(model->index(0, 3).data(ui::charts::ChartTableModel::NumberRole).toDouble(),
             falling(0));
    auto *table = dialog->findChild<QTableView *>(QStringLiteral("chartTable"));
    QVERIFY(table);
    QCOMPARE(QAccessible::queryAccessibleInterface(table)->text(QAccessible::Name),
             QStringLiteral("Points of loss"));
    dialog->close();
}

// The trials' scatter plots: each a Chart named "metric against parameter", described by each
// run's value of both.
void TestAccessibility::scatterDescribed()
{
    ui::compare::ScatterPage page;
    QList<ui::compare::RunRow> rows;
    for (int i = 1; i <= 3; ++i) {
        ui::compare::RunRow row{QStringLiteral("trial %1").arg(i),
                                QColor(Qt::blue),
                                {{QStringLiteral("learning_rate"), QString::number(0.01 * i)}},
                                {}};
        row.stats.insert(QStringLiteral("accuracy"), {0.9 + i / 100.0, 0.5, 0.9 + i / 100.0});
        rows.append(row);
    }
    page.update(rows, {QStringLiteral("learning_rate")}, {QStringLiteral("accuracy")});
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QChartView *scatter = page.scatter(QStringLiteral("learning_rate"));
    QVERIFY(scatter);
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(scatter);
    QCOMPARE(iface->role(), QAccessible::Chart);
    QCOMPARE(iface->text(QAccessible::Name), QStringLiteral("accuracy against learning_rate"));
    QVERIFY2(iface->text(QAccessible::Description)
                 .contains(QStringLiteral("trial 2: learning_rate 0.02, accuracy 0.92")),
             qPrintable(iface->text(QAccessible::Description)));
    QVERIFY(scatter->focusPolicy() & Qt::TabFocus);
    const test::NameCheck check = checkNames(&page);
    QVERIFY2(check.unnamed.isEmpty() && check.duplicates.isEmpty(), qPrintable(report(check)));
}

// Every page of the wizard: its controls named, no two alike (the Trainer page had twelve
// buttons sharing five names).
void TestAccessibility::wizardPagesNamedOnce()
{
    ui::wizard::JobWizard w(catalog::Catalog::builtIn());
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(QStringLiteral(TRAINYARD_FIXTURES_DIR "/jobspec/full_example.yaml"));
    int pages = 0;
    for (int i = 0; i < 10; ++i) {
        QApplication::processEvents();
        const test::NameCheck check = checkNames(&w);
        QVERIFY2(check.unnamed.isEmpty() && check.duplicates.isEmpty(),
                 qPrintable(QStringLiteral("page %1: ").arg(w.currentId()) + report(check)));
        ++pages;
        if (w.currentId() == ui::wizard::ReviewPageId)
            break;
        w.next();
    }
    QVERIFY(pages >= 5);
    QCOMPARE(w.currentId(), int(ui::wizard::ReviewPageId));
}

// The console by keyboard: Ctrl+F goes to the filter of the tab the focus is in; a disabled
// action's shortcut says why in the status bar; the job list takes the height of its jobs and
// leaves the rest to the detail.
void TestAccessibility::consoleKeyboard()
{
    const QString root = m_tmp.filePath(QStringLiteral("store-console"));
    store::JobStore store(root);
    addJob(store, QStringLiteral("done_job"), false, false);
    writeLog(store.logPath(QStringLiteral("done_job"), QStringLiteral("chief-0")), m_chief);
    ui::jobs::JobConsole console(root);
    console.resize(1366, 700);
    console.show();
    QApplication::setActiveWindow(&console);
    QVERIFY(QTest::qWaitForWindowActive(&console));
    QTRY_COMPARE(console.currentJobId(), QStringLiteral("done_job"));
    ui::jobs::JobDetail *detail = console.detail();

    // The job list needs a header and a few rows: the detail gets the rest.
    QTRY_VERIFY2(
        detail->height() > console.height() * 0.6,
        qPrintable(
            QStringLiteral("detail %1 of %2 px").arg(detail->height()).arg(console.height())));
    QVERIFY(console.view()->height() >= console.view()->verticalHeader()->defaultSectionSize() * 3);
    shot(&console, QStringLiteral("a11y-console.png"));

    auto ctrlF = [] {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier);
        return qobject_cast<QLineEdit *>(QApplication::focusWidget());
    };
    // Overview: no filter of its own, the job filter.
    detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::OverviewTab);
    detail->replicaView()->setFocus();
    QTRY_VERIFY(detail->replicaView()->hasFocus());
    QLineEdit *target = ctrlF();
    QVERIFY(target);
    QCOMPARE(target->accessibleName(), QStringLiteral("Filter jobs"));
    // Logs: the log search.
    detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::LogsTab);
    detail->logPanel()->view()->setFocus();
    QTRY_VERIFY(detail->logPanel()->view()->hasFocus());
    target = ctrlF();
    QVERIFY(target);
    QCOMPARE(target->accessibleName(), QStringLiteral("Search the log"));
    // Metrics: its filter of the metrics shows with more than a page of them (none here): the job
    // filter, never a field of a hidden tab.
    detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::MetricsTab);
    detail->tabs()->currentWidget()->setFocus();
    QTRY_VERIFY(detail->tabs()->currentWidget()->isAncestorOf(QApplication::focusWidget()) ||
                QApplication::focusWidget() == detail->tabs()->currentWidget());
    target = ctrlF();
    QVERIFY(target);
    QVERIFY(target->isVisible());
    QCOMPARE(target->accessibleName(), QStringLiteral("Filter jobs"));

    // The job has ended: Cancel is disabled and says why, also when its shortcut is pressed.
    QAction *cancel = console.cancelAction();
    QVERIFY(!cancel->isEnabled());
    QCOMPARE(cancel->whatsThis(), QStringLiteral("done_job has already ended (Succeeded)."));
    QCOMPARE(cancel->statusTip(), cancel->whatsThis());
    QVERIFY(console.deleteAction()->isEnabled());
    QVERIFY(console.deleteAction()->whatsThis().isEmpty());
    QSignalSpy messages(&console, &ui::jobs::JobConsole::message);
    console.view()->setFocus();
    QTest::keyClick(console.view(), Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.at(0).at(0).toString(), cancel->whatsThis());
    QVERIFY(!console.findChild<QMessageBox *>()); // nothing was asked, nothing cancelled
}

// Cancel asks first; "Keep running" leaves the job alone, "Cancel job" goes on.
void TestAccessibility::cancelAsksFirst()
{
    const QString root = m_tmp.filePath(QStringLiteral("store-cancel"));
    store::JobStore store(root);
    addJob(store, QStringLiteral("some_job"), false, false);
    // This test is its owner: it holds the lock (so recovery leaves the job alone) and RUNNING.
    store::OwnerLock owner;
    QVERIFY(owner.tryAcquire(store.ownerLockPath(QStringLiteral("some_job"))));
    store::JobState state = store.readState(QStringLiteral("some_job")).state;
    state.state = store::JobStatus::Running;
    QVERIFY(store.writeState(QStringLiteral("some_job"), state));
    ui::jobs::JobConsole console(root);
    QSignalSpy confirmed(&console, &ui::jobs::JobConsole::cancelConfirmed);
    for (const bool yes : {false, true}) {
        console.confirmCancel(QStringLiteral("some_job"));
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = console.findChild<QMessageBox *>()) != nullptr);
        QVERIFY(box->text().contains(QStringLiteral("Cancel some_job?")));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::No));
        QCOMPARE(box->button(QMessageBox::No)->text(), QStringLiteral("Keep running"));
        QSignalSpy messages(&console, &ui::jobs::JobConsole::message);
        box->button(yes ? QMessageBox::Yes : QMessageBox::No)->click();
        QCOMPARE(confirmed.size(), yes ? 1 : 0);
        // A yes reaches the job actions: the owner's cancel request is there, a no leaves none.
        QTRY_COMPARE(exec::isCancelRequested(store, QStringLiteral("some_job")), yes);
        if (yes)
            QTRY_COMPARE(messages.value(0).value(0).toString(),
                         QStringLiteral("Cancel requested for some_job"));
        QTRY_VERIFY(!console.findChild<QMessageBox *>()); // nothing went wrong
    }
    QCOMPARE(confirmed.at(0).at(0).toString(), QStringLiteral("some_job"));
}

// Delete asks first too, "Keep job" the default; only "Delete job" removes the job's folder.
void TestAccessibility::deleteAsksFirst()
{
    const QString root = m_tmp.filePath(QStringLiteral("store-delete"));
    store::JobStore store(root);
    addJob(store, QStringLiteral("old_job"), false, false);
    const QString dir = store.jobDir(QStringLiteral("old_job"));
    ui::jobs::JobConsole console(root);
    console.selectJob(QStringLiteral("old_job"));
    QTRY_COMPARE(console.currentJobId(), QStringLiteral("old_job"));
    for (const bool yes : {false, true}) {
        console.deleteAction()->trigger();
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = console.findChild<QMessageBox *>()) != nullptr);
        QVERIFY(box->text().contains(QStringLiteral("Delete old_job")));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::No));
        QCOMPARE(box->button(QMessageBox::No)->text(), QStringLiteral("Keep job"));
        QCOMPARE(box->button(QMessageBox::Yes)->text(), QStringLiteral("Delete job"));
        box->button(yes ? QMessageBox::Yes : QMessageBox::No)->click();
        QTRY_VERIFY(!console.findChild<QMessageBox *>());
        QTRY_COMPARE(QFileInfo::exists(dir), !yes);
    }
}

// Help > Keyboard shortcuts (F1) lists every menu shortcut and the views' keys.
void TestAccessibility::helpListsShortcuts()
{
    ui::MainWindow mw;
    mw.show();
    QApplication::setActiveWindow(&mw);
    QVERIFY(QTest::qWaitForWindowActive(&mw));
    QTest::keyClick(&mw, Qt::Key_F1);
    ui::ShortcutsDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = mw.findChild<ui::ShortcutsDialog *>()) != nullptr);
    QStringList rows;
    for (int g = 0; g < dialog->tree()->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = dialog->tree()->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i)
            rows.append(group->child(i)->text(0) + QStringLiteral(" = ") +
                        group->child(i)->text(1));
    }
    for (const QString &row :
         {QStringLiteral("Ctrl+Shift+K = Job › Cancel job"),
          QStringLiteral("Ctrl+M = Job › Compare runs"), QStringLiteral("Ctrl+N = File › New job"),
          QStringLiteral("F1 = Help › Keyboard shortcuts"),
          QStringLiteral("Shift+F3 = Previous match"),
          QStringLiteral("T = The chart's points as a table")})
        QVERIFY2(rows.contains(row), qPrintable(row + QStringLiteral(" in\n") + rows.join(u'\n')));
    QCOMPARE(QAccessible::queryAccessibleInterface(dialog->tree())->text(QAccessible::Name),
             QStringLiteral("Keyboard shortcuts"));
    dialog->close();
}

// 27 runs: the Compare window fits 1366×768, its legend scrolls; 20 runs have colours far
// apart; a series name has one line style in every run, and every line's colour and style is a
// legend entry's; the GPU power readings have a System section against time; each chart and its
// Export button are in the accessibility tree, named once.
void TestAccessibility::compareOfManyRunsFits()
{
    const QString root = m_tmp.filePath(QStringLiteral("store-compare"));
    store::JobStore store(root);
    QStringList ids;
    for (int i = 0; i < 27; ++i) {
        ids.append(
            QStringLiteral("resnet50_lr_sweep_%1_warmup_cosine").arg(i, 2, 10, QLatin1Char('0')));
        addJob(store, ids.last(), i % 3 == 0, i < 2);
    }
    ui::jobs::JobConsole console(root);
    QTRY_COMPARE_WITH_TIMEOUT(console.model()->rowCount(), 27, 10000);
    QPointer<ui::compare::CompareView> view = console.openCompare(ids);
    QVERIFY(view);
    QVERIFY(QTest::qWaitForWindowExposed(view));
    QTRY_VERIFY_WITH_TIMEOUT(view->isComplete() &&
                                 view->chart(QStringLiteral("loss"))->lineSeries().size() == 36,
                             30000);
    QApplication::processEvents();

    // The window and what it needs fit the screen.
    const QRect screen = view->screen()->availableGeometry();
    QVERIFY2(view->minimumSizeHint().width() <= screen.width() &&
                 view->minimumSizeHint().height() <= screen.height(),
             qPrintable(QStringLiteral("needs %1x%2")
                            .arg(view->minimumSizeHint().width())
                            .arg(view->minimumSizeHint().height())));
    QVERIFY2(screen.contains(view->frameGeometry()),
             qPrintable(QStringLiteral("%1x%2").arg(view->width()).arg(view->height())));
    ui::compare::RunLegend *legend = view->legend();
    QVERIFY(legend->rowsNeeded() > ui::compare::RunLegend::MaxRows);
    QVERIFY(legend->verticalScrollBar()->maximum() > 0); // the rest is a scroll away
    QVERIFY(legend->height() < view->height() / 4);
    shot(view, QStringLiteral("a11y-compare-27.png"));

    // Colours: the first 20 runs pairwise at least 20 apart in CIELAB; all 27 differ.
    for (int i = 0; i < 27; ++i) {
        for (int j = i + 1; j < 27; ++j) {
            const auto a = lab(view->colorOf(ids.at(i)));
            const auto b = lab(view->colorOf(ids.at(j)));
            const double d = std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
            QVERIFY2(d >= (j < 20 ? 20.0 : 10.0),
                     qPrintable(QStringLiteral("runs %1 and %2: %3").arg(i).arg(j).arg(d)));
        }
    }
    // Styles: chief-0 solid and worker-0 dashed wherever drawn; each line's colour and style is
    // a legend entry's.
    QSet<QPair<QRgb, int>> legendStyles;
    for (const ui::compare::RunLegend::Entry &e : legend->entries())
        legendStyles.insert({e.color.rgb(), int(e.style)});
    QCOMPARE(legend->names().count(ids.at(0) + QStringLiteral(" · worker-0")), 1);
    for (QLineSeries *line : view->chart(QStringLiteral("loss"))->lineSeries()) {
        const bool worker = line->name().endsWith(QStringLiteral("worker-0"));
        QCOMPARE(line->pen().style(), worker ? Qt::DashLine : Qt::SolidLine);
        QVERIFY2(legendStyles.contains({line->pen().color().rgb(), int(line->pen().style())}),
                 qPrintable(line->name()));
    }
    // System: its own section, against time.
    ui::charts::MetricChartView *power = view->chart(metrics::systemseries::GpuPowerW);
    QVERIFY(power);
    QVERIFY(view->systemHeading()->isVisible());
    QCOMPARE(power->title(), QStringLiteral("GPU power (W)"));
    QCOMPARE(power->chart()->axes(Qt::Horizontal).first()->titleText(),
             QStringLiteral("Time since start (s)"));
    QCOMPARE(
        view->chart(QStringLiteral("loss"))->chart()->axes(Qt::Horizontal).first()->titleText(),
        QStringLiteral("Step"));
    QVERIFY(view->systemHeading()->y() > view->chart(QStringLiteral("loss"))->y());
    // The accessibility tree: charts named, Export buttons present, no name twice.
    view->tabs()->setCurrentIndex(0);
    const test::NameCheck check = checkNames(view);
    QVERIFY2(check.unnamed.isEmpty() && check.duplicates.isEmpty(), qPrintable(report(check)));
    QVERIFY(test::findNamed(view, QStringLiteral("Export loss")));
    QVERIFY(test::findNamed(view, QStringLiteral("Export accuracy")));
    QAccessibleInterface *chart = test::findNamed(view, QStringLiteral("loss"));
    QVERIFY(chart);
    QCOMPARE(chart->role(), QAccessible::Chart);
    QVERIFY(chart->text(QAccessible::Description)
                .contains(ids.at(1) + QStringLiteral(": last ") +
                          QString::number(falling(59), 'g', 6) + QStringLiteral(" at step 590")));
    view->close();
}

int main(int argc, char **argv)
{
    return trainyard::test::runOnLaptopScreen<TestAccessibility>(
        argc, argv, QStringLiteral("tst_accessibility"), &ui::installAccessibleComboBox);
}

#include "tst_accessibility.moc"
