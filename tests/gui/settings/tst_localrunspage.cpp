// SPDX-License-Identifier: MIT
// Settings > Local runs (offscreen): the interpreter is checked as it is typed (the reason next
// to the field, the --version answer of a real python3), spin boxes save to QSettings at once,
// Restore defaults removes what is stored, mnemonics reach the fields. QSettings in test mode:
// the user's settings are never touched.
#include "exec/runsettings.h"
#include "settings/localrunspage.h"
#include "settings/settingsdialog.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

using namespace trainyard;
using exec::LocalRunDefaults;
using ui::LocalRunsPage;

class TestLocalRunsPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void emptyNamesTheFallback();
    void missingInterpreter_data();
    void missingInterpreter();
    void relativePathIsNotSaved();
    void python3ShowsItsVersion();
    void staleVersionIsDropped();
    void spinBoxesSave();
    void restoreDefaults();
    void reloadShowsOutsideChanges();
    void mnemonicsReachTheFields();
    void accessibleNames();
    void dialogHasTheTab();
    void screenshot();

private:
    template<typename T>
    T *child(const char *name) const
    {
        T *widget = m_page->findChild<T *>(QLatin1String(name));
        if (!widget)
            qWarning("no child %s", name);
        return widget;
    }
    QLineEdit *pythonEdit() const { return child<QLineEdit>("pythonEdit"); }
    QString status() const { return child<QLabel>("pythonStatus")->text(); }
    QLabel *versionLabel() const { return child<QLabel>("pythonVersion"); }
    // Types `text` into the interpreter field as a user would (select all, type).
    void typePython(const QString &text);
    static QVariant stored(const char *key) { return QSettings().value(QLatin1String(key)); }

    LocalRunsPage *m_page = nullptr;
};

void TestLocalRunsPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests-localruns"));
    QCoreApplication::setApplicationName(QStringLiteral("trainyard"));
    qunsetenv("TRAINYARD_PYTHON");
}

void TestLocalRunsPage::init()
{
    QSettings().clear();
    m_page = new LocalRunsPage;
    m_page->resize(640, 560);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page));
}

void TestLocalRunsPage::cleanup()
{
    delete m_page;
    m_page = nullptr;
    qunsetenv("TRAINYARD_PYTHON");
    QSettings().clear();
}

void TestLocalRunsPage::typePython(const QString &text)
{
    QLineEdit *edit = pythonEdit();
    edit->setFocus();
    edit->selectAll();
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Delete);
    else
        QTest::keyClicks(edit, text);
    QCOMPARE(edit->text(), text);
}

void TestLocalRunsPage::emptyNamesTheFallback()
{
    QCOMPARE(pythonEdit()->text(), QString());
    QVERIFY2(status().contains(QLatin1String("python3, as $TRAINYARD_PYTHON is not set")),
             qPrintable(status()));
    // With $TRAINYARD_PYTHON set the page says that one is used, and checks it.
    qputenv("TRAINYARD_PYTHON", "/nonexistent/env-python");
    typePython(QStringLiteral("x"));
    typePython(QString());
    QVERIFY2(
        status().contains(QLatin1String("$TRAINYARD_PYTHON, which is /nonexistent/env-python")),
        qPrintable(status()));
    QVERIFY2(status().contains(QLatin1String("/nonexistent/env-python does not exist")),
             qPrintable(status()));
    QVERIFY(!stored("localRuns/python").isValid());
}

void TestLocalRunsPage::missingInterpreter_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("reason");
    QTest::newRow("path") << QStringLiteral("/nonexistent/bin/python9")
                          << QStringLiteral("Not found: /nonexistent/bin/python9 does not exist.");
    QTest::newRow("name") << QStringLiteral("no-such-python-trainyard")
                          << QStringLiteral(
                                 "Not found: there is no no-such-python-trainyard on PATH.");
    QTest::newRow("directory")
        << QDir::tempPath()
        << QStringLiteral("Not usable: %1 is not an executable file.").arg(QDir::tempPath());
    // Outside text is shown as text, never as markup.
    QTest::newRow("markup") << QStringLiteral("/nonexistent/<b>bold</b>")
                            << QStringLiteral(
                                   "Not found: /nonexistent/<b>bold</b> does not exist.");
}

void TestLocalRunsPage::missingInterpreter()
{
    QFETCH(QString, typed);
    QFETCH(QString, reason);
    QSignalSpy checked(m_page, &LocalRunsPage::pythonChecked);
    typePython(typed);
    QCOMPARE(status(), reason);
    QCOMPARE(child<QLabel>("pythonStatus")->textFormat(), Qt::PlainText);
    QVERIFY(checked.count() > 0);
    QVERIFY(versionLabel()->isHidden());
    // It is saved all the same: it may exist when the job runs (the run then says why not).
    QCOMPARE(stored("localRuns/python").toString(), typed);
    QCOMPARE(pythonEdit()->accessibleDescription(), reason);
}

void TestLocalRunsPage::relativePathIsNotSaved()
{
    typePython(QStringLiteral("venv/bin/python"));
    QVERIFY2(status().contains(QLatin1String("absolute path")), qPrintable(status()));
    QVERIFY(!stored("localRuns/python").isValid());
    QCOMPARE(exec::readLocalRunDefaults().python, QString());
}

void TestLocalRunsPage::python3ShowsItsVersion()
{
    const QString python3 = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python3.isEmpty())
        QSKIP("no python3 on PATH");
    typePython(QStringLiteral("python3"));
    QCOMPARE(status(), QStringLiteral("Found: %1").arg(python3));
    QCOMPARE(stored("localRuns/python").toString(), QStringLiteral("python3"));
    // The answer comes from the real interpreter, without blocking the GUI thread.
    QTRY_VERIFY_WITH_TIMEOUT(versionLabel()->text().startsWith(QLatin1String("Python 3.")), 15000);
    QVERIFY(versionLabel()->isVisible());
    QCOMPARE(versionLabel()->textFormat(), Qt::PlainText);
    // An absolute path the same.
    typePython(python3);
    QCOMPARE(status(), QStringLiteral("Found: %1").arg(python3));
    QTRY_VERIFY_WITH_TIMEOUT(versionLabel()->text().startsWith(QLatin1String("Python 3.")), 15000);
}

void TestLocalRunsPage::staleVersionIsDropped()
{
    const QString python3 = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python3.isEmpty())
        QSKIP("no python3 on PATH");
    typePython(QStringLiteral("python3"));
    QTest::qWait(350); // past the typing pause: the check has started
    typePython(QStringLiteral("/nonexistent/python"));
    QTest::qWait(1500); // long enough for python3 to have answered
    QVERIFY(versionLabel()->isHidden());
    QVERIFY2(!versionLabel()->text().contains(QLatin1String("Python")),
             qPrintable(versionLabel()->text()));
    QCOMPARE(status(), QStringLiteral("Not found: /nonexistent/python does not exist."));
}

void TestLocalRunsPage::spinBoxesSave()
{
    auto *reruns = child<QSpinBox>("jobRerunsSpin");
    QCOMPARE(reruns->value(), 0);
    reruns->setFocus();
    reruns->selectAll();
    QTest::keyClicks(reruns, QStringLiteral("3"));
    QCOMPARE(stored("localRuns/jobReruns").toInt(), 3);
    QTest::keyClick(reruns, Qt::Key_Up);
    QCOMPARE(stored("localRuns/jobReruns").toInt(), 4);

    child<QSpinBox>("maxRestartsSpin")->setValue(2);
    child<QSpinBox>("gracePeriodSpin")->setValue(30);
    child<QSpinBox>("maxLocalReplicasSpin")->setValue(4);
    child<QSpinBox>("startPortSpin")->setValue(30000);
    QCOMPARE(stored("localRuns/maxRestarts").toInt(), 2);
    QCOMPARE(stored("localRuns/gracePeriodSeconds").toInt(), 30);
    QCOMPARE(stored("localRuns/maxLocalReplicas").toInt(), 4);
    QCOMPARE(stored("localRuns/startPort").toInt(), 30000);
    const LocalRunDefaults d = exec::readLocalRunDefaults();
    QCOMPARE(d.jobReruns, 4);
    QCOMPARE(d.maxRestarts, 2);
    QCOMPARE(d.gracePeriodSeconds, 30);
    QCOMPARE(d.maxLocalReplicas, 4);
    QCOMPARE(d.startPort, quint16(30000));
    QCOMPARE(d, m_page->shownDefaults());

    // Back at the built-in value: nothing stored for it.
    child<QSpinBox>("maxRestartsSpin")->setValue(5);
    QVERIFY(!stored("localRuns/maxRestarts").isValid());
    // 0 replicas reads "No cap".
    child<QSpinBox>("maxLocalReplicasSpin")->setValue(0);
    QCOMPARE(child<QSpinBox>("maxLocalReplicasSpin")->text(), QStringLiteral("No cap"));
    QVERIFY(!stored("localRuns/maxLocalReplicas").isValid());
    // The log size cap: off ("No cap") by default, in MB.
    QCOMPARE(child<QSpinBox>("logCapSpin")->text(), QStringLiteral("No cap"));
    child<QSpinBox>("logCapSpin")->setValue(100);
    QCOMPARE(stored("localRuns/logCapMB").toInt(), 100);
    QCOMPARE(exec::readLocalRunDefaults().logCapMB, 100);
    QCOMPARE(child<QSpinBox>("logCapSpin")->text(), QStringLiteral("100 MB"));
    child<QSpinBox>("logCapSpin")->setValue(0);
    QVERIFY(!stored("localRuns/logCapMB").isValid());
}

void TestLocalRunsPage::restoreDefaults()
{
    typePython(QStringLiteral("/opt/python/bin/python3"));
    child<QSpinBox>("jobRerunsSpin")->setValue(3);
    child<QSpinBox>("startPortSpin")->setValue(31000);
    QVERIFY(stored("localRuns/python").isValid());
    QTest::mouseClick(child<QPushButton>("restoreDefaultsButton"), Qt::LeftButton);
    QSettings settings;
    settings.beginGroup(QStringLiteral("localRuns"));
    QCOMPARE(settings.childKeys(), QStringList());
    settings.endGroup();
    QCOMPARE(m_page->shownDefaults(), LocalRunDefaults());
    QCOMPARE(pythonEdit()->text(), QString());
    QCOMPARE(child<QSpinBox>("jobRerunsSpin")->value(), 0);
    QCOMPARE(child<QSpinBox>("startPortSpin")->value(), 27182);
    QVERIFY2(status().startsWith(QLatin1String("Empty:")), qPrintable(status()));
}

void TestLocalRunsPage::reloadShowsOutsideChanges()
{
    // The CLI cannot change them, but another window or a hand-edited file can; a stored value
    // out of range shows the built-in default.
    QSettings().setValue(QStringLiteral("localRuns/maxRestarts"), 9);
    QSettings().setValue(QStringLiteral("localRuns/startPort"), 99999);
    m_page->hide();
    m_page->show();
    QCOMPARE(child<QSpinBox>("maxRestartsSpin")->value(), 9);
    QCOMPARE(child<QSpinBox>("startPortSpin")->value(), 27182);
}

void TestLocalRunsPage::mnemonicsReachTheFields()
{
    m_page->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_page));
    const QList<QPair<Qt::Key, const char *>> keys = {
        {Qt::Key_I, "pythonEdit"},           {Qt::Key_R, "maxRestartsSpin"},
        {Qt::Key_W, "jobRerunsSpin"},        {Qt::Key_G, "gracePeriodSpin"},
        {Qt::Key_C, "maxLocalReplicasSpin"}, {Qt::Key_P, "startPortSpin"},
        {Qt::Key_L, "logCapSpin"},
    };
    for (const auto &[key, name] : keys) {
        QTest::keyClick(m_page, key, Qt::AltModifier);
        QVERIFY2(QApplication::focusWidget() &&
                     QApplication::focusWidget()->objectName() == QLatin1String(name),
                 name);
    }
    // Alt+D restores the defaults (a mnemonic clicks after a short animation).
    child<QSpinBox>("jobRerunsSpin")->setValue(2);
    QTest::keyClick(m_page, Qt::Key_D, Qt::AltModifier);
    QTRY_COMPARE(child<QSpinBox>("jobRerunsSpin")->value(), 0);
}

void TestLocalRunsPage::accessibleNames()
{
    const QList<QWidget *> fields = {pythonEdit(),
                                     child<QPushButton>("pythonBrowseButton"),
                                     child<QSpinBox>("maxRestartsSpin"),
                                     child<QSpinBox>("jobRerunsSpin"),
                                     child<QSpinBox>("gracePeriodSpin"),
                                     child<QSpinBox>("maxLocalReplicasSpin"),
                                     child<QSpinBox>("startPortSpin"),
                                     child<QSpinBox>("logCapSpin")};
    for (QWidget *field : fields) {
        QVERIFY(field);
        QVERIFY2(!field->accessibleName().isEmpty(), qPrintable(field->objectName()));
    }
    QVERIFY(child<QSpinBox>("jobRerunsSpin")->accessibleDescription().contains(QLatin1String("3")));
    QVERIFY(!child<QSpinBox>("maxLocalReplicasSpin")->accessibleDescription().isEmpty());
}

void TestLocalRunsPage::dialogHasTheTab()
{
    ui::SettingsDialog dialog;
    QTabWidget *tabs = dialog.tabs();
    const int index = tabs->indexOf(dialog.localRunsPage());
    QVERIFY(index >= 0);
    QCOMPARE(tabs->tabText(index), QStringLiteral("&Local runs"));
}

void TestLocalRunsPage::screenshot()
{
    const QString outDir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (outDir.isEmpty())
        QSKIP("TRAINYARD_SCREENSHOT_DIR is not set");
    QDir().mkpath(outDir);
    QSettings().setValue(QStringLiteral("localRuns/jobReruns"), 3);
    ui::SettingsDialog dialog;
    dialog.tabs()->setCurrentWidget(dialog.localRunsPage());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *edit = dialog.localRunsPage()->findChild<QLineEdit *>(QStringLiteral("pythonEdit"));
    edit->setText(QStringLiteral("python3"));
    auto *version = dialog.localRunsPage()->findChild<QLabel *>(QStringLiteral("pythonVersion"));
    QTRY_VERIFY_WITH_TIMEOUT(version->text().startsWith(QLatin1String("Python")), 15000);
    QCoreApplication::processEvents();
    const QString file = outDir + QStringLiteral("/settings-local-runs.png");
    QVERIFY2(dialog.grab().save(file), qPrintable(file));
}

QTEST_MAIN(TestLocalRunsPage)
#include "tst_localrunspage.moc"
