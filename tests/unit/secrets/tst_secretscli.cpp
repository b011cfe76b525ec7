// SPDX-License-Identifier: MIT
// `trainyard secrets` as a user runs it: the real binary, the value written to its stdin, a
// REAL secret service (scripts/run-tests.sh), a private config directory.
#include "cloud/commands/secretcommands.h"
#include "cloud/keychain/secretsync.h"
#include "secrettesthelpers.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

QString uniqueName(const char *base)
{
    return QStringLiteral("cli-%1-%2")
        .arg(QCoreApplication::applicationPid())
        .arg(QLatin1String(base));
}

} // namespace

class TestSecretsCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void valueFromInput_data();
    void valueFromInput();
    void setListDelete();
    void setStripsOneNewline_data();
    void setStripsOneNewline();
    void refusals_data();
    void refusals();
    void shortValueWarns();
    void deleteUnknownFails();
    void withoutSecretService();
    void withoutSessionBus();
    void keyringNeverSetUp();
    void lockedKeyring();

private:
    Run run(const QStringList &args, const QByteArray &input = QByteArray(),
            const QByteArray &busAddress = QByteArray()) const;
    QTemporaryDir m_config;
};

void TestSecretsCli::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
             "needs a session bus with an unlocked secret service (scripts/run-tests.sh)");
    QVERIFY(QFile::exists(QStringLiteral(TRAINYARD_BINARY)));
}

Run TestSecretsCli::run(const QStringList &args, const QByteArray &input,
                        const QByteArray &busAddress) const
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_config.path());
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    if (!busAddress.isEmpty())
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QString::fromUtf8(busAddress));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TRAINYARD_BINARY), QStringList{QStringLiteral("secrets")} + args);
    process.write(input);
    process.closeWriteChannel();
    Run r;
    if (!process.waitForFinished(120000)) { // a hang guard, not a timing assertion
        process.kill();
        process.waitForFinished();
        return r;
    }
    r.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

void TestSecretsCli::valueFromInput_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("value");
    QTest::newRow("no newline") << QByteArray("abc123") << QStringLiteral("abc123");
    QTest::newRow("one newline") << QByteArray("abc123\n") << QStringLiteral("abc123");
    QTest::newRow("crlf") << QByteArray("abc123\r\n") << QStringLiteral("abc123");
    QTest::newRow("two newlines keep one")
        << QByteArray("abc123\n\n") << QStringLiteral("abc123\n");
    QTest::newRow("inner newline kept") << QByteArray("a\nb\n") << QStringLiteral("a\nb");
    QTest::newRow("spaces kept") << QByteArray(" abc \n") << QStringLiteral(" abc ");
    QTest::newRow("only newline") << QByteArray("\n") << QString();
}

void TestSecretsCli::valueFromInput()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, value);
    QCOMPARE(trainyard::cli::secretValueFromInput(input), value);
}

void TestSecretsCli::setListDelete()
{
    const QString name = uniqueName("hf");
    const QByteArray value =
        "hf_cli_value_" + QByteArray::number(QCoreApplication::applicationPid());
    Run r = run({QStringLiteral("set"), name}, value + '\n');
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(r.out, QString());

    r = run({QStringLiteral("list")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.split(QLatin1Char('\n')).contains(name));
    QVERIFY(!r.out.contains(QString::fromUtf8(value)));

    // The value is nowhere in the config directory (names file, settings).
    QVERIFY(trainyard::secrets::test::fileCount(m_config.path()) >= 1);
    QCOMPARE(trainyard::secrets::test::filesContaining(m_config.path(), value), QStringList());

    const QString renamed = uniqueName("hf2");
    r = run({QStringLiteral("rename"), name, renamed});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = run({QStringLiteral("list")});
    QVERIFY(r.out.split(QLatin1Char('\n')).contains(renamed));
    QVERIFY(!r.out.split(QLatin1Char('\n')).contains(name));

    r = run({QStringLiteral("delete"), renamed});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = run({QStringLiteral("list")});
    QVERIFY(!r.out.split(QLatin1Char('\n')).contains(renamed));
}

void TestSecretsCli::setStripsOneNewline_data()
{
    valueFromInput_data();
}

void TestSecretsCli::setStripsOneNewline()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, value);
    if (value.isEmpty())
        QSKIP("an empty value is refused (see refusals)");
    const QString name = uniqueName("strip");
    const Run r = run({QStringLiteral("set"), name}, input);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    // Read back from the keychain by this process: what the binary stored.
    const trainyard::secrets::SecretValue stored = trainyard::secrets::readSecretBlocking(name);
    QVERIFY2(stored, qPrintable(stored.result.errorString));
    QCOMPARE(stored.value, value);
    QCOMPARE(run({QStringLiteral("delete"), name}).code, 0);
}

void TestSecretsCli::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("value on the command line")
        << QStringList{QStringLiteral("set"), QStringLiteral("hf"), QStringLiteral("hf_secret")}
        << QByteArray() << QStringLiteral("never from the command line");
    QTest::newRow("empty value") << QStringList{QStringLiteral("set"), QStringLiteral("hf")}
                                 << QByteArray("\n") << QStringLiteral("is empty");
    QTest::newRow("bad name") << QStringList{QStringLiteral("set"), QStringLiteral("my token")}
                              << QByteArray("value\n") << QStringLiteral("1 to 64 characters");
    QTest::newRow("no name") << QStringList{QStringLiteral("set")} << QByteArray()
                             << QStringLiteral("NAME");
    QTest::newRow("no subcommand") << QStringList{} << QByteArray() << QStringLiteral("missing");
    QTest::newRow("unknown subcommand") << QStringList{QStringLiteral("show"), QStringLiteral("hf")}
                                        << QByteArray() << QStringLiteral("unknown subcommand");
    QTest::newRow("list with argument") << QStringList{QStringLiteral("list"), QStringLiteral("x")}
                                        << QByteArray() << QStringLiteral("no arguments");
}

void TestSecretsCli::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    const Run r = run(args, input);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(!r.err.contains(QStringLiteral("hf_secret"))); // the refused value is not echoed
}

void TestSecretsCli::shortValueWarns()
{
    const QString name = uniqueName("pin");
    const Run r = run({QStringLiteral("set"), name}, "123\n");
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.contains(QStringLiteral("will not be masked")), qPrintable(r.err));
    QCOMPARE(run({QStringLiteral("delete"), name}).code, 0);
}

void TestSecretsCli::deleteUnknownFails()
{
    const Run r = run({QStringLiteral("delete"), uniqueName("never")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(QStringLiteral("is not in the keychain")));
}

void TestSecretsCli::withoutSecretService()
{
    trainyard::secrets::test::NoSecretServiceBus bus;
    const QString error = bus.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // Every subcommand fails with the same clear message, list included (it shows what is in
    // the keychain; an empty list would claim there is nothing).
    const QList<QStringList> commands = {
        {QStringLiteral("set"), QStringLiteral("hf")},
        {QStringLiteral("list")},
        {QStringLiteral("delete"), QStringLiteral("hf")},
        {QStringLiteral("rename"), QStringLiteral("hf"), QStringLiteral("hf2")}};
    for (const QStringList &command : commands) {
        const Run r = run(command, "hf_value_1234\n", bus.address());
        QCOMPARE(r.code, 1);
        // What happened and what to do first; the D-Bus text only as detail.
        QVERIFY2(r.err.startsWith(QStringLiteral(
                     "trainyard secrets: No secret service is running in this desktop session, "
                     "so the keychain cannot be reached. Start one (GNOME Keyring")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral(
                     "\nKeychain detail: The name org.freedesktop.secrets was not provided by "
                     "any .service files\n")),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }
}

// gnome-keyring runs but has no login keyring, and no prompt can be shown to create one (a
// session started without PAM, a container): the service answers "Object does not exist at
// path .../collection/login". The user reads what that means.
void TestSecretsCli::keyringNeverSetUp()
{
    trainyard::secrets::test::PrivateKeyring keyring;
    const QString error = keyring.start(false);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const Run r =
        run({QStringLiteral("set"), QStringLiteral("hf")}, "hf_value_1234\n", keyring.address());
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral(
                 "trainyard secrets: The keyring is locked, or no default keyring has been set "
                 "up yet. Unlock it or create one")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("Keychain detail: Object does not exist at path")),
             qPrintable(r.err));
    QVERIFY2(!r.err.startsWith(QStringLiteral("trainyard secrets: Object")), qPrintable(r.err));
}

// A keyring that was unlocked and then locked again (screen lock, Seahorse): storing fails with
// the same plain words, and nothing is listed as stored.
void TestSecretsCli::lockedKeyring()
{
    trainyard::secrets::test::PrivateKeyring keyring;
    const QString error = keyring.start(true);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    Run r = run({QStringLiteral("set"), QStringLiteral("first")}, "first_value_1234\n",
                keyring.address());
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString lockError = keyring.lock();
    QVERIFY2(lockError.isEmpty(), qPrintable(lockError));
    r = run({QStringLiteral("set"), QStringLiteral("second")}, "second_value_1234\n",
            keyring.address());
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral(
                 "trainyard secrets: The keyring is locked, or no default keyring has been set "
                 "up yet.")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("Keychain detail: ")), qPrintable(r.err));
    r = run({QStringLiteral("list")}, QByteArray(), keyring.address());
    QVERIFY2(!r.out.contains(QStringLiteral("second")), qPrintable(r.out));
}

void TestSecretsCli::withoutSessionBus()
{
    // No D-Bus session at all (a server, ssh without a desktop session).
    const QTemporaryDir runtime; // XDG_RUNTIME_DIR without a bus socket
    QVERIFY(runtime.isValid());
    const QList<QStringList> commands = {
        {QStringLiteral("set"), QStringLiteral("hf")},
        {QStringLiteral("list")},
        {QStringLiteral("delete"), QStringLiteral("hf")},
        {QStringLiteral("rename"), QStringLiteral("hf"), QStringLiteral("hf2")}};
    for (const QStringList &command : commands) {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_config.path());
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        env.remove(QStringLiteral("DISPLAY")); // no X11 autolaunch of a bus either
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(TRAINYARD_BINARY),
                      QStringList{QStringLiteral("secrets")} + command);
        process.write("hf_value_1234\n");
        process.closeWriteChannel();
        QVERIFY(process.waitForFinished(60000)); // a hang guard
        QCOMPARE(process.exitCode(), 1);
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(err.startsWith(QStringLiteral(
                     "trainyard secrets: no secret service is available: there is no D-Bus "
                     "session bus (DBUS_SESSION_BUS_ADDRESS is not set)\n")),
                 qPrintable(err));
    }
}

QTEST_GUILESS_MAIN(TestSecretsCli)
#include "tst_secretscli.moc"
