// SPDX-License-Identifier: MIT
// Trainyard's programs, installed side by side (the build tree's app/ and an installed bin/):
// `trainyard` (the CLI and every job's owner, on trainyard_core alone), `trainyard-cloud` (the
// same with trainyard_cloud: Vertex AI and the keychain) and `trainyard-gui` (the window). Each
// finds the others beside its own executable.
#pragma once

#include <string>

namespace trainyard::exec {

inline constexpr char CliProgramName[] = "trainyard";
inline constexpr char CloudProgramName[] = "trainyard-cloud";
inline constexpr char GuiProgramName[] = "trainyard-gui";

// The program `name` in this executable's own folder (from /proc/self/exe).
std::string programBeside(const char *name);

} // namespace trainyard::exec
