// SPDX-License-Identifier: MIT
// What both programs, `trainyard` (the CLI, cli_main.cpp) and `trainyard-gui` (the window,
// main.cpp), do first: the application's identity, from which the settings' and the store's
// folders follow, and its translations.
#pragma once

class QCoreApplication;

namespace trainyard::app {

// Before QCoreApplication exists: a job's owner forked then finds the same store.
void setIdentity();
void installTranslators(QCoreApplication &app);
// GUI options start with "--" too, so they are recognised before the CLI gets a look.
bool isGuiOption(int argc, char **argv);

} // namespace trainyard::app
