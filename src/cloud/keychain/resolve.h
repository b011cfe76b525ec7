// SPDX-License-Identifier: MIT
// Resolving a job's secret references (trainyardLocal.env entries `NAME: {secret: name}`) at
// launch. Only a job that references a secret touches the keychain, and only such a job fails
// when the keychain is unreachable or a secret is missing; the message names the secret and the
// variable ("The secret "hf" (for HF_TOKEN) is not in the keychain.") or passes QtKeychain's
// message on.
//
// The result plugs into the executor (exec::EnvironmentOptions::secretResolver) and into log
// capture (masker()).
#pragma once

#include "cloud/keychain/secretstore.h"
#include "secrets/references.h"

#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

namespace trainyard::secrets {

// Reads every secret a job references, asynchronously, with a store of its own. Safe on the GUI
// thread: no nested event loop. finished() is emitted exactly once per start(), always from the
// event loop (also for a job without secrets).
class JobSecretResolver : public QObject
{
    Q_OBJECT

public:
    explicit JobSecretResolver(QObject *parent = nullptr);
    ~JobSecretResolver() override;

    void start(const jobspec::Job &job);
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void finished(const trainyard::secrets::SecretResolution &resolution);

private:
    void onRead(const QString &name, const SecretResult &result, const QString &value);

    SecretStore m_store;
    QList<SecretReference> m_references;
    QStringList m_waiting;
    SecretResolution m_resolution;
    QMap<QString, QString> m_errors; // secret -> failure line
    bool m_running = false;
};

// Blocking form for the job's owner process and the CLI (rules of secretsync.h: never on the
// GUI thread; refuses there with an error).
SecretResolution resolveSecretsBlocking(const jobspec::Job &job);

} // namespace trainyard::secrets
