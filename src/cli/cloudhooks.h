// SPDX-License-Identifier: MIT
// The commands whose code is in trainyard_cloud (cloud/commands/cloudcommands.h): `ai`, `secrets`,
// `jobs submit training --cloud`, a cloud job's `jobs describe|stream-logs|cancel`, and what
// prints their help (`help ai`, `completion`, `man-page`). A program that links that library
// installs them (installCloudCommands). `trainyard`, which does not, runs such a command line
// through its hand-over: an exec of `trainyard-cloud` (exec/companion.h) with the same arguments,
// so the process, its terminal and its exit status are the same as if it had run the command
// itself.
#pragma once

#include <QString>
#include <QStringList>

namespace trainyard::cli {

struct CloudCommands
{
    using Run = int (*)(const QStringList &args);
    Run ai = nullptr; // arguments after "ai"
    QString (*aiHelp)() = nullptr;
    Run secrets = nullptr; // arguments after "secrets"
    QString (*secretsHelp)() = nullptr;
    Run submitTraining = nullptr; // `jobs submit training --cloud`: the arguments after
                                  // "training", without --cloud
};

void installCloudCommands(const CloudCommands &commands);
bool hasCloudCommands();
const CloudCommands &cloudCommands();

// What a program without them does instead, set by its main(); returns only when it failed,
// with the exit status to end with.
using HandOver = int (*)();
void setHandOver(HandOver handOver);

// Runs `which` with args, or, in a program without the cloud part, hands the whole command
// line over (without a hand-over: an error naming the missing program, exit 2).
int runCloudCommand(CloudCommands::Run CloudCommands::*which, const QStringList &args);
// The same for commands that need every command's help: true with *exitCode set when the
// command line was handed over (or could not be).
bool handedOver(int *exitCode);

} // namespace trainyard::cli
