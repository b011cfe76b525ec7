// SPDX-License-Identifier: MIT
#include "cloud/commands/cloudcommands.h"

#include "cli/cloudhooks.h"
#include "cloud/commands/aicommands.h"
#include "cloud/commands/secretcommands.h"
#include "cloud/keychain/resolve.h"

namespace trainyard::cli {

void installCloud()
{
    CloudCommands commands;
    commands.ai = runAi;
    commands.aiHelp = aiHelp;
    commands.secrets = [](const QStringList &args) { return runSecrets(args); };
    commands.secretsHelp = secretsHelp;
    commands.submitTraining = runCloudSubmitTraining;
    installCloudCommands(commands);
    secrets::setBlockingResolver(secrets::resolveSecretsBlocking);
}

} // namespace trainyard::cli
