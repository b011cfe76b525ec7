// SPDX-License-Identifier: MIT
// A desktop app people can live in: every focusable control has an accessible name (walked
// through QAccessible, as a screen reader reads it), Tab leaves the job table, Ctrl+F finds the
// filter, and the main window and the wizard fit a 1366×768 laptop screen (the cluster page
// without a horizontal scroll bar, Tab through its grid before the boot disks).
#include "catalog/catalog.h"
#include "charts/metricspanel.h"
#include "common/laptopscreen.h"
#include "compare/compareview.h"
#include "compare/scatterpage.h"
#include "jobs/jobconsole.h"
#include "logs/logpanel.h"
#include "mainwindow/accessiblecombo.h"
#include "mainwindow/mainwindow.h"
#include "wizard/clusterpage.h"
#include "wizard/disclosure.h"
#include "wizard/jobpage.h"
#include "wizard/jobwizard.h"
#include "wizard/wizardfields.h"

#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace trainyard;

namespace {

// The focusable, visible, enabled widgets of `window` whose accessible name is empty, and the
// drop-downs named by nothing but their current value (a screen reader would read "BASIC",
// not what is chosen).
QStringList unnamed(QWidget *window)
{
    QStringList out;
    const QList<QWidget *> widgets = window->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        if (!(w->focusPolicy() & Qt::TabFocus) || !w->isVisibleTo(window) || !w->isEnabled())
            continue;
        // A spin box's line edit hands its focus to the spin box, which carries the name.
        if (w->focusProxy() || qobject_cast<QAbstractSpinBox *>(w->parentWidget()))
            continue;
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
        const QString name = iface ? iface->text(QAccessible::Name) : QString();
        const auto *combo = qobject_cast<QComboBox *>(w);
        if (name.trimmed().isEmpty() ||
            (combo && !combo->currentText().isEmpty() && name == combo->currentText())) {
            out.append(QStringLiteral("%1 %2 '%4' (in %3)")
                           .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
                                QString::fromLatin1(w->parentWidget()->metaObject()->className()),
                                name));
        }
    }
    return out;
}

bool fitsScreen(QWidget *w)
{
    const QRect available = w->screen()->availableGeometry();
    return available.contains(w->frameGeometry()) && w->width() <= available.width() &&
           w->height() <= available.height();
}

} // namespace

class TestDesktop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_home.isValid());
        qputenv("TRAINYARD_HOME", m_home.path().toLocal8Bit());
        QSettings().clear();
        QCOMPARE(QGuiApplication::primaryScreen()->geometry().size(), QSize(1366, 768));
    }

    void mainWindowFitsAndIsNamed()
    {
        ui::MainWindow mw;
        mw.show();
        QVERIFY(QTest::qWaitForWindowExposed(&mw));
        QVERIFY2(fitsScreen(&mw),
                 qPrintable(QStringLiteral("%1x%2").arg(mw.width()).arg(mw.height())));
        const QStringList missing = unnamed(&mw);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1String("\n"))));
        auto *table = mw.findChild<QTableView *>();
        QVERIFY(table);
        QVERIFY(!table->accessibleName().isEmpty());
    }

    // Tab enters the job table and leaves it on the next press; Ctrl+F goes to the filter.
    void tabLeavesTheTable()
    {
        ui::MainWindow mw;
        mw.show();
        QApplication::setActiveWindow(&mw);
        QVERIFY(QTest::qWaitForWindowActive(&mw));
        auto *table = mw.findChild<QTableView *>();
        QVERIFY(table);
        table->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), table);
        QTest::keyClick(table, Qt::Key_Tab);
        QVERIFY(QApplication::focusWidget() != table);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier);
        auto *filter = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(filter);
        QCOMPARE(filter->accessibleName(), QStringLiteral("Filter jobs"));
    }

    // Every page of the wizard: inside the screen, every focusable control named.
    void wizardFitsAndIsNamed()
    {
        ui::wizard::JobWizard w(catalog::Catalog::builtIn());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(fitsScreen(&w),
                 qPrintable(QStringLiteral("%1x%2").arg(w.width()).arg(w.height())));
        w.openFile(QStringLiteral(TRAINYARD_FIXTURES_DIR "/jobspec/full_example.yaml"));
        for (int page = 0; page < 8; ++page) {
            const QStringList missing = unnamed(&w);
            QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("page %1:\n").arg(w.currentId()) +
                                                   missing.join(QLatin1String("\n"))));
            if (w.currentId() == ui::wizard::ReviewPageId)
                break;
            w.next();
        }
        QCOMPARE(w.currentId(), int(ui::wizard::ReviewPageId));
        QVERIFY(fitsScreen(&w));
    }

    // A drop-down without a label of its own still gets a name that says what it chooses.
    void comboNamedByItsValueIsCaught()
    {
        QWidget window;
        auto *combo = new QComboBox(&window);
        combo->addItems({QStringLiteral("BASIC"), QStringLiteral("CUSTOM")});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(unnamed(&window).size(), 1);
        combo->setAccessibleName(QStringLiteral("Scale tier"));
        QVERIFY(unnamed(&window).isEmpty());
    }

    // The panels of a job's detail and the compare window: each control named, no drop-down
    // by its value (replica, severity, x axis, metric).
    void panelsAreNamed()
    {
        ui::logs::LogPanel logs;
        ui::charts::MetricsPanel metrics;
        ui::compare::CompareView compare;
        ui::compare::ScatterPage scatter;
        for (QWidget *w : {static_cast<QWidget *>(&logs), static_cast<QWidget *>(&metrics),
                           static_cast<QWidget *>(&compare), static_cast<QWidget *>(&scatter)}) {
            w->show();
            QVERIFY(QTest::qWaitForWindowExposed(w));
            const QStringList missing = unnamed(w);
            QVERIFY2(missing.isEmpty(),
                     qPrintable(QString::fromLatin1(w->metaObject()->className()) +
                                QStringLiteral(":\n") + missing.join(QLatin1String("\n"))));
        }
    }

    // The cluster page at 1366×768: BASIC -> CUSTOM enables the grid without a horizontal
    // scroll bar, "Accelerators per replica" stays in view; Tab visits the grid row by row
    // before "Boot disks".
    void clusterPageOnALaptop()
    {
        ui::wizard::JobWizard w(catalog::Catalog::builtIn());
        w.show();
        QApplication::setActiveWindow(&w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.openFile(QStringLiteral(TRAINYARD_FIXTURES_DIR "/jobspec/full_example.yaml"));
        while (w.currentId() != ui::wizard::ClusterPageId && w.currentId() >= 0)
            w.next();
        QCOMPARE(w.currentId(), int(ui::wizard::ClusterPageId));
        ui::wizard::ClusterPage *page = w.clusterPage();
        QComboBox *tier = page->tierCombo();
        tier->setCurrentIndex(tier->findData(QStringLiteral("BASIC")));
        QApplication::processEvents();
        tier->setCurrentIndex(tier->findData(QStringLiteral("CUSTOM")));
        const ui::wizard::ClusterPage::RoleRow &master = page->row(jobspec::Role::Master);
        master.type->setCurrentIndex(master.type->findData(QStringLiteral("n1-highmem-16")));
        master.acceleratorType->setCurrentIndex(
            master.acceleratorType->findData(QStringLiteral("NVIDIA_TESLA_K80")));
        QTRY_VERIFY(master.acceleratorCount->isEnabled());
        QTest::qWait(50); // layouts settle

        auto *scroll = page->findChild<QScrollArea *>();
        QVERIFY(scroll);
        QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
                 qPrintable(QStringLiteral("page body %1 px wide in a %2 px viewport")
                                .arg(scroll->widget()->minimumSizeHint().width())
                                .arg(scroll->viewport()->width())));
        QLabel *header = nullptr;
        const QList<QLabel *> labels = page->findChildren<QLabel *>();
        for (QLabel *l : labels) {
            if (l->text() == QLatin1String("Accelerators per replica"))
                header = l;
        }
        QVERIFY(header);
        for (QWidget *v :
             {static_cast<QWidget *>(header), static_cast<QWidget *>(master.acceleratorCount)}) {
            const QRect inViewport(v->mapTo(scroll->viewport(), QPoint(0, 0)), v->size());
            QVERIFY2(scroll->viewport()->rect().contains(
                         QRect(inViewport.topLeft(), QSize(inViewport.width(), 1))),
                     qPrintable(QStringLiteral("%1 at x %2..%3, viewport %4 wide")
                                    .arg(QString::fromLatin1(v->metaObject()->className()))
                                    .arg(inViewport.left())
                                    .arg(inViewport.right())
                                    .arg(scroll->viewport()->width())));
        }
        QVERIFY(fitsScreen(&w));
        // To look at it: TRAINYARD_SCREENSHOT_DIR=/tmp/shots ctest -R tst_desktop
        if (const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(QDir(dir).filePath(QStringLiteral("cluster-1366x768.png"))));

        // Tab from the scale tier: the master's machine, accelerator and count, the other
        // roles, and only then the "Boot disks" button.
        tier->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), tier);
        QList<QWidget *> visited;
        for (int i = 0; i < 40 && visited.size() < 40; ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            QWidget *f = QApplication::focusWidget();
            if (!f || !page->isAncestorOf(f))
                break;
            visited.append(f);
        }
        QVERIFY(visited.size() >= 4);
        QCOMPARE(visited.at(0), master.type);
        QCOMPARE(visited.at(1), master.acceleratorType);
        QCOMPARE(visited.at(2), master.acceleratorCount);
        const qsizetype disks = visited.indexOf(page->disks()->button());
        QVERIFY2(disks > 2, "Boot disks is not reached by Tab after the grid");
        const ui::wizard::ClusterPage::RoleRow &worker = page->row(jobspec::Role::Worker);
        QCOMPARE(visited.at(3), worker.count);
        for (qsizetype i = 0; i < disks; ++i)
            QVERIFY2(page->findChild<QGroupBox *>()->isAncestorOf(visited.at(i)),
                     qPrintable(QString::number(i)));
    }

    // Ctrl+W closes the wizard as Escape does (an untouched one without asking).
    void ctrlWClosesTheWizard()
    {
        ui::wizard::JobWizard w(catalog::Catalog::builtIn());
        w.show();
        QApplication::setActiveWindow(&w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QCOMPARE(QApplication::focusWidget(), w.jobPage()->jobIdEdit()); // the first field
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_W, Qt::ControlModifier);
        QTRY_VERIFY(!w.isVisible());
    }

private:
    QTemporaryDir m_home;
};

int main(int argc, char **argv)
{
    // A laptop's screen: 1366×768; the combo boxes named as main() names them.
    return test::runOnLaptopScreen<TestDesktop>(argc, argv, QStringLiteral("tst_desktop"),
                                                &ui::installAccessibleComboBox);
}

#include "tst_desktop.moc"
