// SPDX-License-Identifier: MIT
#include "cloud/keychain/resolve.h"

#include "cloud/keychain/secretsync.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>
#include <algorithm>

namespace trainyard::secrets {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::secrets", text);
}

QString failureLine(const SecretReference &ref, const SecretResult &result)
{
    const QString variables = ref.variables.join(QStringLiteral(", "));
    switch (result.status) {
    case SecretResult::Status::NotFound:
        return tr("The secret \"%1\" (for %2) is not in the keychain.").arg(ref.secret, variables);
    case SecretResult::Status::InvalidName:
        return tr("The secret name \"%1\" (for %2) is not valid. %3")
            .arg(ref.secret, variables, result.errorString);
    default:
        return tr("The secret \"%1\" (for %2) cannot be read from the keychain: %3")
            .arg(ref.secret, variables, result.errorString);
    }
}

} // namespace

JobSecretResolver::JobSecretResolver(QObject *parent)
    : QObject(parent)
    , m_store(QString()) // reads only: the names file is never touched
{
    qRegisterMetaType<SecretResolution>();
    connect(&m_store, &SecretStore::readFinished, this, &JobSecretResolver::onRead);
}

JobSecretResolver::~JobSecretResolver() = default;

void JobSecretResolver::start(const jobspec::Job &job)
{
    m_references = secretReferences(job);
    m_resolution = SecretResolution();
    m_errors.clear();
    m_waiting.clear();
    m_running = true;
    if (m_references.isEmpty()) {
        QTimer::singleShot(0, this, [this] {
            m_running = false;
            Q_EMIT finished(m_resolution);
        });
        return;
    }
    for (const SecretReference &ref : std::as_const(m_references)) {
        m_waiting.append(ref.secret);
        m_store.read(ref.secret);
    }
}

void JobSecretResolver::onRead(const QString &name, const SecretResult &result,
                               const QString &value)
{
    if (!m_waiting.removeOne(name))
        return;
    for (const SecretReference &ref : std::as_const(m_references)) {
        if (ref.secret != name)
            continue;
        if (result) {
            m_resolution.values.insert(name, value);
            if (value.toUtf8().size() < MinimumMaskedLength)
                m_resolution.shortSecrets.append(name);
        } else {
            m_errors.insert(name, failureLine(ref, result));
        }
    }
    if (!m_waiting.isEmpty())
        return;
    // Report in spec order, whatever order the keychain answered in.
    QStringList lines;
    for (const SecretReference &ref : std::as_const(m_references)) {
        if (const auto it = m_errors.constFind(ref.secret); it != m_errors.constEnd()) {
            m_resolution.failedSecrets.append(ref.secret);
            lines.append(*it);
        }
    }
    m_resolution.errorMessage = lines.join(QLatin1Char('\n'));
    m_running = false;
    Q_EMIT finished(m_resolution);
}

SecretResolution resolveSecretsBlocking(const jobspec::Job &job)
{
    SecretResolution out;
    if (const QString refusal = blockingRefusal(); !refusal.isEmpty()) {
        out.errorMessage = refusal;
        return out;
    }
    if (secretReferences(job).isEmpty())
        return out;
    JobSecretResolver resolver;
    QEventLoop loop;
    QObject::connect(&resolver, &JobSecretResolver::finished, &loop,
                     [&out](const SecretResolution &r) { out = r; });
    QObject::connect(&resolver, &JobSecretResolver::finished, &loop, &QEventLoop::quit);
    resolver.start(job);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    return out;
}

} // namespace trainyard::secrets
