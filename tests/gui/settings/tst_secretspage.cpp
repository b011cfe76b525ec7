// SPDX-License-Identifier: MIT
// Settings > Secrets (offscreen) against a REAL secret service: add a secret and see its name,
// rename it in place, delete it after confirming. Values never stay in the widgets or reach files.
#include "../../unit/secrets/secrettesthelpers.h"
#include "cloud/keychain/secretstore.h"
#include "cloud/keychain/secretsync.h"
#include "settings/secretspage.h"
#include "settings/settingsdialog.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;

namespace {

QString uniqueName(const char *base)
{
    return QStringLiteral("gui-%1-%2")
        .arg(QCoreApplication::applicationPid())
        .arg(QLatin1String(base));
}

// The blocking helpers refuse on the GUI thread (by design), so the test waits on signals.
secrets::SecretResult writeSecret(const QString &file, const QString &name, const QString &value)
{
    secrets::SecretStore store(file);
    QSignalSpy spy(&store, &secrets::SecretStore::writeFinished);
    store.write(name, value);
    if (!spy.wait(20000))
        return {secrets::SecretResult::Status::Keychain, 0, QStringLiteral("timeout"), QString()};
    return spy.at(0).at(1).value<secrets::SecretResult>();
}

secrets::SecretValue readSecret(const QString &file, const QString &name)
{
    secrets::SecretStore store(file);
    QSignalSpy spy(&store, &secrets::SecretStore::readFinished);
    store.read(name);
    secrets::SecretValue out;
    if (!spy.wait(20000))
        return out;
    out.result = spy.at(0).at(1).value<secrets::SecretResult>();
    out.value = spy.at(0).at(2).toString();
    return out;
}

secrets::SecretResult removeSecret(const QString &file, const QString &name)
{
    secrets::SecretStore store(file);
    QSignalSpy spy(&store, &secrets::SecretStore::removeFinished);
    store.remove(name);
    if (!spy.wait(20000))
        return {secrets::SecretResult::Status::Keychain, 0, QStringLiteral("timeout"), QString()};
    return spy.at(0).at(1).value<secrets::SecretResult>();
}

} // namespace

class TestSecretsPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void addShowsName();
    void renameInPlace();
    void deleteAfterConfirmation_data();
    void deleteAfterConfirmation();
    void shortValueWarns();
    void settingsDialogOpensWithoutBlocking();
    void blockingHelpersRefuseOnGuiThread();

private:
    QString namesFile() const { return m_dir.filePath(QStringLiteral("secret-names")); }
    QTemporaryDir m_dir;
};

void TestSecretsPage::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
             "needs a session bus with an unlocked secret service (scripts/run-tests.sh)");
}

void TestSecretsPage::addShowsName()
{
    secrets::SecretStore store(namesFile());
    ui::SecretsPage page(&store);
    auto *list = page.findChild<QListView *>(QStringLiteral("secretList"));
    QAbstractItemModelTester tester(list->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.show();
    auto *name = page.findChild<QLineEdit *>(QStringLiteral("nameEdit"));
    auto *value = page.findChild<QLineEdit *>(QStringLiteral("valueEdit"));
    auto *add = page.findChild<QPushButton *>(QStringLiteral("addButton"));
    QCOMPARE(value->echoMode(), QLineEdit::Password);
    QVERIFY(!add->isEnabled());

    const QString secretName = uniqueName("hf");
    const QString secretValue =
        QStringLiteral("gui-value-%1-xyz").arg(QCoreApplication::applicationPid());
    QTest::keyClicks(name, secretName);
    QTest::keyClicks(value, secretValue);
    QVERIFY(add->isEnabled());
    QTest::mouseClick(add, Qt::LeftButton);
    QVERIFY(value->text().isEmpty()); // the value left the widget at once
    QVERIFY(!add->isEnabled());       // busy until the keychain answers
    QTRY_VERIFY_WITH_TIMEOUT(page.listedNames().contains(secretName), 20000);
    QCOMPARE(page.errorText(), QString());
    QCOMPARE(list->model()->rowCount(), page.listedNames().size());
    QCOMPARE(readSecret(namesFile(), secretName).value, secretValue);
    QCOMPARE(secrets::test::filesContaining(m_dir.path(), secretValue.toUtf8()), QStringList());
    QVERIFY(removeSecret(namesFile(), secretName));
}

void TestSecretsPage::renameInPlace()
{
    const QString oldName = uniqueName("before");
    const QString newName = uniqueName("after");
    QVERIFY(writeSecret(namesFile(), oldName, QStringLiteral("rename-gui-1234")));
    secrets::SecretStore store(namesFile());
    ui::SecretsPage page(&store);
    page.show();
    auto *list = page.findChild<QListView *>(QStringLiteral("secretList"));
    const int row = int(page.listedNames().indexOf(oldName));
    QVERIFY(row >= 0);
    const QModelIndex index = list->model()->index(row, 0);
    list->setCurrentIndex(index);
    QVERIFY(page.findChild<QPushButton *>(QStringLiteral("renameButton"))->isEnabled());
    // What the item delegate does when the user commits an edit.
    QVERIFY(list->model()->setData(index, newName));
    QCOMPARE(list->model()->index(row, 0).data().toString(), oldName); // until the keychain is done
    // Renaming writes the new entry before deleting the old: both may show for a moment.
    QTRY_VERIFY_WITH_TIMEOUT(
        page.listedNames().contains(newName) && !page.listedNames().contains(oldName), 20000);
    QCOMPARE(page.errorText(), QString());
    QCOMPARE(readSecret(namesFile(), newName).value, QStringLiteral("rename-gui-1234"));
    QVERIFY(removeSecret(namesFile(), newName));
}

void TestSecretsPage::deleteAfterConfirmation_data()
{
    QTest::addColumn<bool>("confirm");
    QTest::newRow("yes") << true;
    QTest::newRow("cancel") << false;
}

void TestSecretsPage::deleteAfterConfirmation()
{
    QFETCH(bool, confirm);
    const QString secretName = uniqueName("delete");
    QVERIFY(writeSecret(namesFile(), secretName, QStringLiteral("delete-gui-1234")));
    secrets::SecretStore store(namesFile());
    ui::SecretsPage page(&store);
    page.show();
    auto *list = page.findChild<QListView *>(QStringLiteral("secretList"));
    list->setCurrentIndex(list->model()->index(int(page.listedNames().indexOf(secretName)), 0));
    QTest::mouseClick(page.findChild<QPushButton *>(QStringLiteral("deleteButton")),
                      Qt::LeftButton);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = page.findChild<QMessageBox *>()) != nullptr);
    QVERIFY(box->text().contains(secretName));
    box->button(confirm ? QMessageBox::Yes : QMessageBox::Cancel)->click();
    if (confirm) {
        QTRY_VERIFY_WITH_TIMEOUT(!page.listedNames().contains(secretName), 20000);
        QCOMPARE(readSecret(namesFile(), secretName).result.status,
                 secrets::SecretResult::Status::NotFound);
    } else {
        QTest::qWait(50);
        QVERIFY(page.listedNames().contains(secretName));
        QCOMPARE(store.pendingOperations(), 0);
        QVERIFY(removeSecret(namesFile(), secretName));
    }
}

void TestSecretsPage::shortValueWarns()
{
    secrets::SecretStore store(namesFile());
    ui::SecretsPage page(&store);
    page.show();
    QTest::keyClicks(page.findChild<QLineEdit *>(QStringLiteral("nameEdit")),
                     QStringLiteral("pin"));
    QTest::keyClicks(page.findChild<QLineEdit *>(QStringLiteral("valueEdit")),
                     QStringLiteral("123"));
    auto *hint = page.findChild<QLabel *>(QStringLiteral("hintLabel"));
    QVERIFY(hint->isVisible());
    QVERIFY(hint->text().contains(QStringLiteral("not be masked")));
    QVERIFY(page.findChild<QPushButton *>(QStringLiteral("addButton"))->isEnabled());
}

void TestSecretsPage::settingsDialogOpensWithoutBlocking()
{
    QWidget owner;
    ui::SettingsDialog *dialog = ui::SettingsDialog::showFor(&owner);
    QVERIFY(dialog->isVisible());
    QVERIFY(!dialog->isModal());
    QCOMPARE(ui::SettingsDialog::showFor(&owner), dialog); // one per window
    QVERIFY(dialog->secretsPage());
}

void TestSecretsPage::blockingHelpersRefuseOnGuiThread()
{
    const secrets::SecretValue r = secrets::readSecretBlocking(uniqueName("any"), namesFile());
    QCOMPARE(r.result.status, secrets::SecretResult::Status::WrongThread);
    QVERIFY(!r.result.errorString.isEmpty());
}

QTEST_MAIN(TestSecretsPage)
#include "tst_secretspage.moc"
