// SPDX-License-Identifier: MIT
#include "secrets/references.h"

#include <algorithm>

namespace trainyard::secrets {

namespace {

BlockingResolver g_blockingResolver = nullptr;

} // namespace

QList<SecretReference> secretReferences(const jobspec::Job &job)
{
    QList<SecretReference> refs;
    for (const jobspec::EnvVar &var : job.local.env) {
        if (var.secret.isEmpty())
            continue;
        auto it = std::find_if(refs.begin(), refs.end(),
                               [&var](const SecretReference &r) { return r.secret == var.secret; });
        if (it == refs.end())
            refs.append(SecretReference{var.secret, {var.name}});
        else
            it->variables.append(var.name);
    }
    return refs;
}

SecretResolver SecretResolution::resolver() const
{
    return [values = values](const QString &secretName) -> std::optional<QString> {
        const auto it = values.constFind(secretName);
        if (it == values.constEnd())
            return std::nullopt;
        return *it;
    };
}

Masker SecretResolution::masker() const
{
    Masker m;
    for (auto it = values.constBegin(); it != values.constEnd(); ++it)
        m.addSecret(it.key(), it.value());
    return m;
}

void setBlockingResolver(BlockingResolver resolver)
{
    g_blockingResolver = resolver;
}

BlockingResolver blockingResolver()
{
    return g_blockingResolver;
}

} // namespace trainyard::secrets
