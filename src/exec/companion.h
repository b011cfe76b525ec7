// SPDX-License-Identifier: MIT
// Trainyard's programs: `trainyard` (the CLI and every job's owner, on trainyard_core alone),
// `trainyard-cloud` (the same with trainyard_cloud: Vertex AI and the keychain) and
// `trainyard-gui` (the window). In the build tree (app/) they lie side by side; installed,
// `trainyard` is in bin/ and the two it hands over to in libexec/trainyard/ (a user types only
// `trainyard`). Each finds the others from its own executable, so an installation can move.
#pragma once

#include <QString>
#include <string>

namespace trainyard::exec {

inline constexpr char CliProgramName[] = "trainyard";
inline constexpr char CloudProgramName[] = "trainyard-cloud";
inline constexpr char GuiProgramName[] = "trainyard-gui";

// The program `name` of this installation (from /proc/self/exe; without /proc, from the absolute
// path this program was started by): beside this executable when it is there (the build tree),
// else where the installed layout puts it. That path even when it does not exist, for the error
// message of the exec that fails; empty when this executable's folder is not known (a companion
// is never looked up relative to the working directory).
std::string companionProgram(const char *name);

// The installation's data folder (`<prefix>/share/trainyard`, with the examples), found from
// this executable; empty when there is none (the build tree).
QString installedDataFolder();

// True when `path` lies in a folder that belongs to the system rather than the user: this
// installation's data folder or one of `xdgDataDirs` ($XDG_DATA_DIRS; empty: the default,
// /usr/local/share and /usr/share). Trainyard writes nothing there (a trainer run from such a
// folder runs without Python writing bytecode beside it).
bool isSystemDataPath(const QString &path, const QString &xdgDataDirs);

} // namespace trainyard::exec
