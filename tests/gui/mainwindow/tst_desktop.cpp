// SPDX-License-Identifier: MIT
// A desktop app people can live in: every focusable control has an accessible name (walked
// through QAccessible, as a screen reader reads it), Tab leaves the job table, Ctrl+F finds the
// filter, and the main window and the wizard fit a 1366×768 laptop screen.
#include "catalog/catalog.h"
#include "jobs/jobconsole.h"
#include "mainwindow/mainwindow.h"
#include "wizard/jobpage.h"
#include "wizard/jobwizard.h"
#include "wizard/wizardfields.h"

#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;

namespace {

// The focusable, visible, enabled widgets of `window` whose accessible name is empty.
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
        if (name.trimmed().isEmpty()) {
            out.append(QStringLiteral("%1 %2 (in %3)")
                           .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
                                QString::fromLatin1(w->parentWidget()->metaObject()->className())));
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
    // A laptop's screen: 1366×768 (the offscreen platform reads its screens from a file).
    QTemporaryDir config;
    const QString path = config.filePath(QStringLiteral("screens.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(R"({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
                   "logicalDpiX": 96, "logicalDpiY": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + path.toLocal8Bit());
    QCoreApplication::setOrganizationName(QStringLiteral("TrainyardDesktopTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_desktop"));
    QApplication app(argc, argv);
    TestDesktop test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_desktop.moc"
