// SPDX-License-Identifier: MIT
#include "cloud/keychain/secretsync.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QThread>

namespace trainyard::secrets {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::secrets", text);
}

SecretResult refused(const QString &message)
{
    SecretResult result;
    result.status = SecretResult::Status::WrongThread;
    result.errorString = message;
    return result;
}

// Starts `start` on a store and runs a local loop until `signal` delivers the result.
template<typename Signal, typename Start, typename Take>
void runBlocking(const QString &namesFile, Signal signal, Start start, Take take)
{
    SecretStore store(namesFile.isEmpty() ? SecretStore::defaultNamesFile() : namesFile);
    QEventLoop loop;
    QObject::connect(&store, signal, &loop, take); // connected first: runs before quit()
    QObject::connect(&store, signal, &loop, &QEventLoop::quit);
    start(store);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
}

} // namespace

QString blockingRefusal()
{
    const QCoreApplication *app = QCoreApplication::instance();
    if (!app)
        return tr("Internal error: the keychain needs a running application object.");
    if (app->inherits("QGuiApplication") && QThread::currentThread() == app->thread())
        return tr("Internal error: blocking keychain access on the GUI thread.");
    return {};
}

SecretValue readSecretBlocking(const QString &name, const QString &namesFile)
{
    SecretValue out;
    if (const QString refusal = blockingRefusal(); !refusal.isEmpty()) {
        out.result = refused(refusal);
        return out;
    }
    runBlocking(
        namesFile, &SecretStore::readFinished, [&name](SecretStore &s) { s.read(name); },
        [&out](const QString &, const SecretResult &result, const QString &value) {
            out.result = result;
            out.value = value;
        });
    return out;
}

SecretResult writeSecretBlocking(const QString &name, const QString &value,
                                 const QString &namesFile)
{
    if (const QString refusal = blockingRefusal(); !refusal.isEmpty())
        return refused(refusal);
    SecretResult out;
    runBlocking(
        namesFile, &SecretStore::writeFinished, [&](SecretStore &s) { s.write(name, value); },
        [&out](const QString &, const SecretResult &result) { out = result; });
    return out;
}

SecretResult removeSecretBlocking(const QString &name, const QString &namesFile)
{
    if (const QString refusal = blockingRefusal(); !refusal.isEmpty())
        return refused(refusal);
    SecretResult out;
    runBlocking(
        namesFile, &SecretStore::removeFinished, [&name](SecretStore &s) { s.remove(name); },
        [&out](const QString &, const SecretResult &result) { out = result; });
    return out;
}

SecretResult renameSecretBlocking(const QString &oldName, const QString &newName,
                                  const QString &namesFile)
{
    if (const QString refusal = blockingRefusal(); !refusal.isEmpty())
        return refused(refusal);
    SecretResult out;
    runBlocking(
        namesFile, &SecretStore::renameFinished,
        [&](SecretStore &s) { s.rename(oldName, newName); },
        [&out](const QString &, const QString &, const SecretResult &result) { out = result; });
    return out;
}

} // namespace trainyard::secrets
