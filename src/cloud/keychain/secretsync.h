// SPDX-License-Identifier: MIT
// Blocking access to the keychain for processes WITHOUT a GUI: the CLI (`trainyard secrets`)
// and the job's owner process (`trainyard supervise`), where nothing else needs the event loop
// while a secret is read.
//
// Each call runs a local QEventLoop until QtKeychain answers. That is a nested event loop, so:
//  - never call these on the GUI thread: they refuse with SecretResult::Status::WrongThread
//    when the application is a QGuiApplication and the caller is its main thread (the GUI
//    uses SecretStore's signals instead);
//  - use them from the same single thread as every other keychain use of the process
//    (QtKeychain's job queue is not thread-safe; see secretstore.h). In practice: the main
//    thread of a QCoreApplication.
// A QCoreApplication must exist.
#pragma once

#include "cloud/keychain/secretstore.h"

namespace trainyard::secrets {

struct SecretValue
{
    SecretResult result;
    QString value;

    explicit operator bool() const { return bool(result); }
};

// Empty: blocking is allowed here; else the message of the refusal.
QString blockingRefusal();

// namesFile empty: SecretStore::defaultNamesFile().
SecretValue readSecretBlocking(const QString &name, const QString &namesFile = QString());
SecretResult writeSecretBlocking(const QString &name, const QString &value,
                                 const QString &namesFile = QString());
SecretResult removeSecretBlocking(const QString &name, const QString &namesFile = QString());
SecretResult renameSecretBlocking(const QString &oldName, const QString &newName,
                                  const QString &namesFile = QString());

} // namespace trainyard::secrets
