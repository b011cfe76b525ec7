// SPDX-License-Identifier: MIT
// trainyard_cloud's part of the CLI, the owner and the windows: installs `ai`, `secrets` and
// `jobs submit training --cloud` into the core's hooks (cloudhooks.h), the keychain into a job's
// secret resolution (secrets/references.h) and a cloud job's cancel into the job actions
// (jobactions/jobactions.h). Called by every program that links trainyard_cloud
// (trainyard-cloud, trainyard-gui, the test programs) before it runs anything.
#pragma once

namespace trainyard::cli {

void installCloud();

} // namespace trainyard::cli
