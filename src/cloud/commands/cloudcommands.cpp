// SPDX-License-Identifier: MIT
#include "cloud/commands/cloudcommands.h"

#include "cli/cloudhooks.h"
#include "cloud/cloudwatcher.h"
#include "cloud/commands/aicommands.h"
#include "cloud/commands/secretcommands.h"
#include "cloud/keychain/resolve.h"
#include "jobactions/jobactions.h"

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
    // A window's Cancel of a cloud job (jobactions::JobActions::cancel): a watcher of its own
    // for the call, gone with its answer.
    jobactions::CloudJobHooks hooks;
    hooks.cancel = [](const QString &storeRoot, const QString &jobId, QObject *context,
                      jobactions::CloudJobHooks::Done done) {
        auto *watcher = new cloud::CloudWatcher(storeRoot, context);
        watcher->cancel(jobId, watcher, [watcher, done = std::move(done)](const QString &error) {
            done(error);
            watcher->deleteLater();
        });
    };
    jobactions::installCloudJobHooks(hooks);
}

} // namespace trainyard::cli
