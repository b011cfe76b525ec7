// SPDX-License-Identifier: MIT
// What the programs share, `trainyard` and `trainyard-cloud` (the CLI, cli_main.cpp) and
// `trainyard-gui` (the window, main.cpp): the application's identity, from which the settings'
// and the store's folders follow, its translations, and running a command.
#pragma once

class QCoreApplication;

namespace trainyard::app {

// Before QCoreApplication exists: a job's owner forked then finds the same store.
void setIdentity();
void installTranslators(QCoreApplication &app);
// Whether the command line is a command (not a GUI option, a config to open, or nothing).
bool wantsCommand(int argc, char **argv);
// Runs the command: `jobs submit training` first forks its job's owner, before any thread
// exists (exec/ownerstandby.h), and that child runs the job from here.
int runCommand(int &argc, char **argv);

} // namespace trainyard::app
