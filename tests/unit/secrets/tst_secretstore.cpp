// SPDX-License-Identifier: MIT
// SecretStore against a REAL secret service (gnome-keyring on a private session bus, see
// scripts/run-tests.sh): values go to the keychain, only names to the names file.
#include "cloud/keychain/secretstore.h"
#include "cloud/keychain/secretsync.h"
#include "secrettesthelpers.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard::secrets;

namespace {

// Names unique to this run: several suites share one keyring when ctest runs in parallel.
QString uniqueName(const char *base)
{
    static const QString run = QString::number(QCoreApplication::applicationPid());
    return QStringLiteral("store-") + run + QLatin1Char('-') + QLatin1String(base);
}

} // namespace

class TestSecretStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void roundTrip_data();
    void roundTrip();
    void listShowsNamesSorted();
    void valuesNeverReachFiles();
    void rename();
    void renameOntoExistingIsRefused();
    void removeUnknownIsNotFound();
    void refusedBeforeKeychain_data();
    void refusedBeforeKeychain();
    void signalsNeverInsideTheCall();
    void blockingHelpersWorkInCoreApp();

private:
    QString namesFile() const { return m_dir->filePath(QStringLiteral("config/secret-names")); }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestSecretStore::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
             "needs a session bus with an unlocked secret service: run through "
             "scripts/run-tests.sh or the recipe in TOOLCHAIN.md");
    QStandardPaths::setTestModeEnabled(true);
}

void TestSecretStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestSecretStore::roundTrip_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("token") << QStringLiteral("hf_AbCdEf0123456789");
    QTest::newRow("spaces and symbols") << QStringLiteral("p@ss w0rd; \"quoted\" $HOME");
    QTest::newRow("non-ascii") << QStringLiteral("gehe\u00efm-\u5bc6\u7801");
    QTest::newRow("multi-line") << QStringLiteral("line1\nline2");
}

void TestSecretStore::roundTrip()
{
    QFETCH(QString, value);
    const QString name = uniqueName("roundtrip");
    SecretStore store(namesFile());
    QSignalSpy written(&store, &SecretStore::writeFinished);
    QSignalSpy read(&store, &SecretStore::readFinished);
    QSignalSpy removed(&store, &SecretStore::removeFinished);

    store.write(name, value);
    QVERIFY(written.wait(20000));
    const auto w = written.takeFirst();
    QCOMPARE(w.at(0).toString(), name);
    const SecretResult wr = w.at(1).value<SecretResult>();
    QVERIFY2(wr, qPrintable(wr.errorString));
    QVERIFY(store.names().contains(name));

    store.read(name);
    QVERIFY(read.wait(20000));
    auto r = read.takeFirst();
    QVERIFY2(r.at(1).value<SecretResult>(), qPrintable(r.at(1).value<SecretResult>().errorString));
    QCOMPARE(r.at(2).toString(), value);

    store.write(name, value + QStringLiteral("-v2")); // replace
    QVERIFY(written.wait(20000));
    store.read(name);
    QVERIFY(read.wait(20000));
    QCOMPARE(read.takeFirst().at(2).toString(), value + QStringLiteral("-v2"));

    store.remove(name);
    QVERIFY(removed.wait(20000));
    QVERIFY(removed.takeFirst().at(1).value<SecretResult>());
    QVERIFY(!store.names().contains(name));

    store.read(name);
    QVERIFY(read.wait(20000));
    r = read.takeFirst();
    const SecretResult gone = r.at(1).value<SecretResult>();
    QCOMPARE(gone.status, SecretResult::Status::NotFound);
    QCOMPARE(gone.keychainError, 1); // QKeychain::EntryNotFound
    QVERIFY(gone.errorString.contains(name));
    QCOMPARE(store.pendingOperations(), 0);
}

void TestSecretStore::listShowsNamesSorted()
{
    SecretStore store(namesFile());
    QSignalSpy written(&store, &SecretStore::writeFinished);
    QSignalSpy namesChanged(&store, &SecretStore::namesChanged);
    const QStringList names{uniqueName("zeta"), uniqueName("alpha"), uniqueName("mid")};
    for (const QString &name : names)
        store.write(name, QStringLiteral("value-of-") + name);
    QTRY_COMPARE_WITH_TIMEOUT(written.size(), 3, 30000);
    QCOMPARE(namesChanged.size(), 3);
    QStringList expected = names;
    expected.sort();
    QCOMPARE(store.names(), expected);
    // Another store on the same file (the CLI, the GUI) sees the same list.
    QCOMPARE(SecretStore(namesFile()).names(), expected);
    for (const QString &name : names)
        QVERIFY(removeSecretBlocking(name, namesFile()));
    QVERIFY(store.names().isEmpty());
}

void TestSecretStore::valuesNeverReachFiles()
{
    const QString value =
        QStringLiteral("grep-me-%1-secret-value").arg(QCoreApplication::applicationPid());
    const QString name = uniqueName("files");
    QSettings settings; // the application's settings file, where a careless store would write
    settings.setValue(QStringLiteral("probe"), 1);
    settings.sync();
    QVERIFY(writeSecretBlocking(name, value, namesFile()));
    QVERIFY(readSecretBlocking(name, namesFile()).value == value);

    QFile names(namesFile());
    QVERIFY(names.open(QIODevice::ReadOnly));
    const QByteArray text = names.readAll();
    QVERIFY(text.contains(name.toUtf8()));
    QVERIFY(!text.contains(value.toUtf8()));
    QVERIFY(test::fileCount(m_dir->path()) >= 1);
    QCOMPARE(test::filesContaining(m_dir->path(), value.toUtf8()), QStringList());
    const QString settingsDir = QFileInfo(settings.fileName()).absolutePath();
    QCOMPARE(test::filesContaining(settingsDir, value.toUtf8()), QStringList());
    QVERIFY(removeSecretBlocking(name, namesFile()));
}

void TestSecretStore::rename()
{
    const QString oldName = uniqueName("old");
    const QString newName = uniqueName("new");
    QVERIFY(writeSecretBlocking(oldName, QStringLiteral("rename-me-1234"), namesFile()));
    SecretStore store(namesFile());
    QSignalSpy renamed(&store, &SecretStore::renameFinished);
    store.rename(oldName, newName);
    QVERIFY(renamed.wait(30000));
    const auto args = renamed.takeFirst();
    QCOMPARE(args.at(0).toString(), oldName);
    QCOMPARE(args.at(1).toString(), newName);
    QVERIFY2(args.at(2).value<SecretResult>(),
             qPrintable(args.at(2).value<SecretResult>().errorString));
    QCOMPARE(store.names(), QStringList{newName});
    QCOMPARE(readSecretBlocking(newName, namesFile()).value, QStringLiteral("rename-me-1234"));
    QCOMPARE(readSecretBlocking(oldName, namesFile()).result.status,
             SecretResult::Status::NotFound);
    QVERIFY(removeSecretBlocking(newName, namesFile()));
}

void TestSecretStore::renameOntoExistingIsRefused()
{
    const QString a = uniqueName("a");
    const QString b = uniqueName("b");
    QVERIFY(writeSecretBlocking(a, QStringLiteral("value-a-1234"), namesFile()));
    QVERIFY(writeSecretBlocking(b, QStringLiteral("value-b-1234"), namesFile()));
    const SecretResult r = renameSecretBlocking(a, b, namesFile());
    QCOMPARE(r.status, SecretResult::Status::AlreadyExists);
    QVERIFY(r.errorString.contains(b));
    QCOMPARE(readSecretBlocking(b, namesFile()).value, QStringLiteral("value-b-1234"));
    QCOMPARE(readSecretBlocking(a, namesFile()).value, QStringLiteral("value-a-1234"));
    QVERIFY(removeSecretBlocking(a, namesFile()));
    QVERIFY(removeSecretBlocking(b, namesFile()));
}

void TestSecretStore::removeUnknownIsNotFound()
{
    const SecretResult r = removeSecretBlocking(uniqueName("never-set"), namesFile());
    QCOMPARE(r.status, SecretResult::Status::NotFound);
    QVERIFY(r.errorString.contains(uniqueName("never-set")));
}

void TestSecretStore::refusedBeforeKeychain_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("status");
    QTest::newRow("empty name") << QString() << QStringLiteral("value")
                                << int(SecretResult::Status::InvalidName);
    QTest::newRow("space in name") << QStringLiteral("my token") << QStringLiteral("value")
                                   << int(SecretResult::Status::InvalidName);
    QTest::newRow("slash in name") << QStringLiteral("a/b") << QStringLiteral("value")
                                   << int(SecretResult::Status::InvalidName);
    QTest::newRow("65 chars") << QString(65, QLatin1Char('x')) << QStringLiteral("value")
                              << int(SecretResult::Status::InvalidName);
    QTest::newRow("empty value") << QStringLiteral("ok-name") << QString()
                                 << int(SecretResult::Status::EmptyValue);
}

void TestSecretStore::refusedBeforeKeychain()
{
    QFETCH(QString, name);
    QFETCH(QString, value);
    QFETCH(int, status);
    const SecretResult r = writeSecretBlocking(name, value, namesFile());
    QCOMPARE(int(r.status), status);
    QVERIFY(!r.errorString.isEmpty());
    QVERIFY(!QFile::exists(namesFile()));
}

void TestSecretStore::signalsNeverInsideTheCall()
{
    SecretStore store(namesFile());
    QSignalSpy written(&store, &SecretStore::writeFinished);
    store.write(QStringLiteral("bad name"), QStringLiteral("v")); // refused without the keychain
    QCOMPARE(written.size(), 0);
    QCOMPARE(store.pendingOperations(), 1);
    QVERIFY(written.wait(5000));
    QCOMPARE(store.pendingOperations(), 0);
}

void TestSecretStore::blockingHelpersWorkInCoreApp()
{
    QCOMPARE(blockingRefusal(), QString()); // a QCoreApplication's main thread may block
}

QTEST_GUILESS_MAIN(TestSecretStore)
#include "tst_secretstore.moc"
