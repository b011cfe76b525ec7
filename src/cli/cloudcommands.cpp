// SPDX-License-Identifier: MIT
#include "cli/cloudcommands.h"

#include "cli/aicommands.h"
#include "cli/cloudhooks.h"
#include "cli/secretcommands.h"
#include "secrets/resolve.h"

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
