// SPDX-License-Identifier: MIT
// Without a reachable secret service: the user reads what happened and what to do (QtKeychain's
// own text is kept as detail), nothing crashes, names still list, and only jobs that reference a
// secret fail, naming the secret.
// Runs on a private session bus that has no secret service (and cannot activate one).
#include "cloud/keychain/resolve.h"
#include "cloud/keychain/secretstore.h"
#include "cloud/keychain/secretsync.h"
#include "secrettesthelpers.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::secrets;

namespace {

jobspec::EnvVar env(const char *name, const char *value, const char *secret)
{
    return jobspec::EnvVar{QLatin1String(name), QLatin1String(value), QLatin1String(secret)};
}

} // namespace

class TestNoKeychain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void operationsFailWithKeychainMessage_data();
    void operationsFailWithKeychainMessage();
    void namesStillList();
    void jobWithSecretFailsNamingIt();
    void jobWithoutSecretStillResolves();

private:
    test::NoSecretServiceBus m_bus;
    QTemporaryDir m_dir;
    QString namesFile() const { return m_dir.filePath(QStringLiteral("secret-names")); }
};

void TestNoKeychain::initTestCase()
{
    const QString error = m_bus.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_bus.use(); // before any keychain call of this process
    QFile names(namesFile());
    QVERIFY(names.open(QIODevice::WriteOnly));
    names.write("listed\n");
}

void TestNoKeychain::operationsFailWithKeychainMessage_data()
{
    QTest::addColumn<QString>("operation");
    QTest::newRow("write") << QStringLiteral("write");
    QTest::newRow("read") << QStringLiteral("read");
    QTest::newRow("remove") << QStringLiteral("remove");
    QTest::newRow("rename") << QStringLiteral("rename");
}

void TestNoKeychain::operationsFailWithKeychainMessage()
{
    QFETCH(QString, operation);
    SecretResult r;
    if (operation == QLatin1String("write"))
        r = writeSecretBlocking(QStringLiteral("hf"), QStringLiteral("hf_value_1234"), namesFile());
    else if (operation == QLatin1String("read"))
        r = readSecretBlocking(QStringLiteral("hf"), namesFile()).result;
    else if (operation == QLatin1String("remove"))
        r = removeSecretBlocking(QStringLiteral("listed"), namesFile());
    else
        r = renameSecretBlocking(QStringLiteral("listed"), QStringLiteral("other"), namesFile());
    QCOMPARE(r.status, SecretResult::Status::Keychain);
    QCOMPARE(r.keychainError, 7); // QKeychain::OtherError
    QVERIFY2(r.errorString.startsWith(QStringLiteral(
                 "No secret service is running in this desktop session, so the keychain cannot "
                 "be reached. Start one (GNOME Keyring, KWallet or KeePassXC")),
             qPrintable(r.errorString));
    QVERIFY2(r.errorString.endsWith(QStringLiteral("and try again.")), qPrintable(r.errorString));
    QCOMPARE(
        r.keychainDetail,
        QStringLiteral("The name org.freedesktop.secrets was not provided by any .service files"));
    // The failed operation left the list alone.
    QCOMPARE(SecretStore(namesFile()).names(), QStringList{QStringLiteral("listed")});
}

void TestNoKeychain::namesStillList()
{
    SecretStore store(namesFile());
    QCOMPARE(store.names(), QStringList{QStringLiteral("listed")});
}

void TestNoKeychain::jobWithSecretFailsNamingIt()
{
    jobspec::Job job;
    job.local.env = {env("PLAIN", "1", ""), env("HF_TOKEN", "", "hf")};
    JobSecretResolver resolver;
    QSignalSpy finished(&resolver, &JobSecretResolver::finished);
    resolver.start(job); // the asynchronous form, as the GUI would use it
    QVERIFY(finished.wait(20000));
    const SecretResolution r = finished.takeFirst().at(0).value<SecretResolution>();
    QVERIFY(!r);
    QCOMPARE(r.failedSecrets, QStringList{QStringLiteral("hf")});
    QVERIFY2(r.errorMessage.startsWith(
                 QStringLiteral("The secret \"hf\" (for HF_TOKEN) cannot be read from the "
                                "keychain: No secret service is running in this desktop session")),
             qPrintable(r.errorMessage));
    QVERIFY(r.values.isEmpty());
}

void TestNoKeychain::jobWithoutSecretStillResolves()
{
    jobspec::Job job;
    job.local.env = {env("PLAIN", "1", "")};
    const SecretResolution r = resolveSecretsBlocking(job);
    QVERIFY(r);
    QVERIFY(r.values.isEmpty());
    QCOMPARE(r.resolver()(QStringLiteral("hf")), std::nullopt);
}

QTEST_GUILESS_MAIN(TestNoKeychain)
#include "tst_nokeychain.moc"
