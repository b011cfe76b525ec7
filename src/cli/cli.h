// SPDX-License-Identifier: MIT
// The headless face of Trainyard: `trainyard COMMAND ...`. Runs on the same core as the GUI.
#pragma once

#include <QStringList>

namespace trainyard::cli {

// True when the process arguments name a subcommand (or --help/--version), i.e. the CLI should
// run instead of the GUI. argv[0] is ignored.
bool wantsCli(int argc, char **argv);

// Runs the command line (arguments as from QCoreApplication::arguments(), program name first)
// and returns the process exit code: 0 ok, 1 the spec has errors / the job failed, 2 usage
// errors and unreadable files.
int run(const QStringList &arguments);

} // namespace trainyard::cli
