// SPDX-License-Identifier: MIT
// Keychain failures in plain words: the texts the secret service really sends (recorded from
// gnome-keyring 42 through QtKeychain's libsecret backend: no service on the bus, a keyring
// never set up, a locked one) and QtKeychain's own codes map to what happened and what to do;
// an unknown failure keeps the service's text.
#include "cloud/keychain/keychainerror.h"

#include <QTest>

using namespace trainyard::secrets;

class TestKeychainError : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classify_data();
    void classify();
    void explainSaysWhatToDo();
    void unknownKeepsText();
};

void TestKeychainError::classify_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<int>("problem");
    const auto row = [](const char *name, int code, const char *raw, KeychainProblem p) {
        QTest::newRow(name) << code << QString::fromUtf8(raw) << int(p);
    };
    row("no service", 7, "The name org.freedesktop.secrets was not provided by any .service files",
        KeychainProblem::NoService);
    row("never set up", 7,
        "Object does not exist at path \xE2\x80\x9C/org/freedesktop/secrets/collection/login"
        "\xE2\x80\x9D",
        KeychainProblem::Locked);
    row("default alias missing", 7,
        "Object does not exist at path \xE2\x80\x9C/org/freedesktop/secrets/aliases/default"
        "\xE2\x80\x9D",
        KeychainProblem::Locked);
    row("locked collection", 4, "Cannot create an item in a locked collection",
        KeychainProblem::Locked);
    row("is locked, other code", 7, "The collection is locked.", KeychainProblem::Locked);
    row("prompt dismissed", 7, "The operation was cancelled", KeychainProblem::Cancelled);
    row("denied by user", 3, "User denied access", KeychainProblem::Cancelled);
    row("bus policy", 7,
        "Rejected send message, 1 matched rules; type=\"method_call\", sender=\":1.4\"",
        KeychainProblem::Denied);
    row("timeout", 7, "Timeout was reached", KeychainProblem::NoAnswer);
    row("no backend", 5, "No keychain service available", KeychainProblem::NoBackend);
    row("unknown", 7, "Something unexpected", KeychainProblem::Other);
}

void TestKeychainError::classify()
{
    QFETCH(int, code);
    QFETCH(QString, raw);
    QFETCH(int, problem);
    QCOMPARE(int(classifyKeychainError(code, raw)), problem);
}

void TestKeychainError::explainSaysWhatToDo()
{
    const QString locked = explainKeychainError(
        7, QString::fromUtf8("Object does not exist at path \xE2\x80\x9C/org/freedesktop/secrets/"
                             "collection/login\xE2\x80\x9D"));
    QVERIFY2(locked.startsWith(QLatin1String("The keyring is locked")), qPrintable(locked));
    QVERIFY2(locked.contains(QLatin1String("Unlock it or create one")), qPrintable(locked));
    QVERIFY2(!locked.contains(QLatin1String("/org/freedesktop")), qPrintable(locked));

    const QString none = explainKeychainError(
        7, QStringLiteral("The name org.freedesktop.secrets was not provided by any .service "
                          "files"));
    QVERIFY2(none.contains(QLatin1String("No secret service is running")), qPrintable(none));
    QVERIFY2(none.contains(QLatin1String("apt install gnome-keyring")), qPrintable(none));
    QVERIFY2(!none.contains(QLatin1String(".service files")), qPrintable(none));

    const QString cancelled = explainKeychainError(3, QStringLiteral("User denied access"));
    QVERIFY2(cancelled.contains(QLatin1String("unlock the keyring when asked")),
             qPrintable(cancelled));
}

void TestKeychainError::unknownKeepsText()
{
    QCOMPARE(explainKeychainError(7, QStringLiteral("Something unexpected")),
             QStringLiteral("The keychain reported an error: Something unexpected"));
    QCOMPARE(explainKeychainError(7, QString()), QStringLiteral("The keychain reported error 7."));
}

QTEST_GUILESS_MAIN(TestKeychainError)
#include "tst_keychainerror.moc"
