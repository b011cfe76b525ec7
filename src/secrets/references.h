// SPDX-License-Identifier: MIT
// A job's secret references (trainyardLocal.env entries `NAME: {secret: name}`) and what their
// resolution gives the executor and log capture. In trainyard_core, which has no keychain: the
// reading itself (cloud/keychain/resolve.h, QtKeychain) is in trainyard_cloud, and the job's owner
// finds it through blockingResolver(), which that library installs
// (cloud/commands/cloudcommands.h).
#pragma once

#include "jobspec/job.h"
#include "secrets/masker.h"

#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace trainyard::secrets {

// Looks up a keychain secret by name; std::nullopt when it is not available.
using SecretResolver = std::function<std::optional<QString>(const QString &secretName)>;

struct SecretReference
{
    QString secret;        // the secret's name
    QStringList variables; // environment variables that take its value, in spec order
};

// The distinct secrets a job references, in the order of first use.
QList<SecretReference> secretReferences(const jobspec::Job &job);

struct SecretResolution
{
    QMap<QString, QString> values; // secret name -> value; complete only when ok
    QStringList failedSecrets;     // secrets that could not be read
    QStringList shortSecrets;      // resolved, but too short to be masked in logs
    QString errorMessage;          // one line per failed secret; empty when every one resolved

    explicit operator bool() const { return errorMessage.isEmpty(); }

    // For exec::EnvironmentOptions::secretResolver (copies the values into the function).
    SecretResolver resolver() const;
    // Masks every resolved value of at least MinimumMaskedLength bytes.
    Masker masker() const;
};

// Reads every secret of a job from the keychain, blocking (resolve.h's resolveSecretsBlocking):
// installed by the programs that link trainyard_cloud; null in a program without a keychain,
// which hands such a job to one that has it (exec/owner.h).
using BlockingResolver = SecretResolution (*)(const jobspec::Job &job);
void setBlockingResolver(BlockingResolver resolver);
BlockingResolver blockingResolver();

} // namespace trainyard::secrets

Q_DECLARE_METATYPE(trainyard::secrets::SecretResolution)
