// SPDX-License-Identifier: MIT
// Settings > Secrets without a reachable secret service: what happened and what to do in a
// plain-text label (the keychain's own text as its tooltip), the list and the page stay usable.
// Runs on a private session bus without one.
#include "../../unit/secrets/secrettesthelpers.h"
#include "cloud/keychain/secretstore.h"
#include "settings/secretspage.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;

class TestSecretsPageNoKeychain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void addShowsKeychainError();

private:
    secrets::test::NoSecretServiceBus m_bus;
    QTemporaryDir m_dir;
};

void TestSecretsPageNoKeychain::initTestCase()
{
    const QString error = m_bus.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_bus.use();
    QFile names(m_dir.filePath(QStringLiteral("secret-names")));
    QVERIFY(names.open(QIODevice::WriteOnly));
    names.write("existing\n");
}

void TestSecretsPageNoKeychain::addShowsKeychainError()
{
    secrets::SecretStore store(m_dir.filePath(QStringLiteral("secret-names")));
    ui::SecretsPage page(&store);
    page.show();
    QCOMPARE(page.listedNames(), QStringList{QStringLiteral("existing")});
    auto *name = page.findChild<QLineEdit *>(QStringLiteral("nameEdit"));
    auto *value = page.findChild<QLineEdit *>(QStringLiteral("valueEdit"));
    auto *add = page.findChild<QPushButton *>(QStringLiteral("addButton"));
    QTest::keyClicks(name, QStringLiteral("hf"));
    QTest::keyClicks(value, QStringLiteral("hf_value_1234"));
    QTest::mouseClick(add, Qt::LeftButton);
    auto *error = page.findChild<QLabel *>(QStringLiteral("errorLabel"));
    QTRY_VERIFY_WITH_TIMEOUT(error->isVisible(), 20000);
    QCOMPARE(error->textFormat(), Qt::PlainText);
    QVERIFY2(error->text().startsWith(QStringLiteral(
                 "The secret \"hf\" could not be stored: No secret service is running in this "
                 "desktop session, so the keychain cannot be reached. Start one")),
             qPrintable(error->text()));
    QVERIFY2(!error->text().contains(QLatin1String("org.freedesktop.secrets")),
             qPrintable(error->text()));
    // The service's own words stay at hand for a bug report.
    QCOMPARE(error->toolTip(),
             QStringLiteral("Keychain detail: The name org.freedesktop.secrets was not provided "
                            "by any .service files"));
    QCOMPARE(page.listedNames(), QStringList{QStringLiteral("existing")});
    // Still usable: the form takes a new attempt.
    QCOMPARE(store.pendingOperations(), 0);
    QTest::keyClicks(value, QStringLiteral("another-value"));
    QVERIFY(add->isEnabled());
}

QTEST_MAIN(TestSecretsPageNoKeychain)
#include "tst_secretspage_nokeychain.moc"
