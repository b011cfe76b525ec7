// SPDX-License-Identifier: MIT
#include "cli/cloudhooks.h"

#include "cli/commands.h"
#include "cli/output.h"
#include "exec/companion.h"

#include <QCoreApplication>

namespace trainyard::cli {

namespace {

CloudCommands g_commands;
HandOver g_handOver = nullptr;

int handOver()
{
    if (g_handOver)
        return g_handOver();
    err() << QCoreApplication::translate("trainyard::Cli",
                                         "trainyard: this program has no cloud commands; run "
                                         "%1")
                 .arg(QLatin1String(exec::CloudProgramName))
          << '\n';
    err().flush();
    return exitUsage;
}

} // namespace

void installCloudCommands(const CloudCommands &commands)
{
    g_commands = commands;
}

bool hasCloudCommands()
{
    return g_commands.ai != nullptr;
}

const CloudCommands &cloudCommands()
{
    return g_commands;
}

void setHandOver(HandOver handOver)
{
    g_handOver = handOver;
}

int runCloudCommand(CloudCommands::Run CloudCommands::*which, const QStringList &args)
{
    if (const CloudCommands::Run run = g_commands.*which)
        return run(args);
    return handOver();
}

bool handedOver(int *exitCode)
{
    if (hasCloudCommands())
        return false;
    *exitCode = handOver();
    return true;
}

} // namespace trainyard::cli
