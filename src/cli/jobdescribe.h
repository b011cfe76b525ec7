// SPDX-License-Identifier: MIT
// `trainyard jobs describe` of a job in the store: the YAML gcloud prints for a job, with
// Trainyard's run details under trainyardRun.
#pragma once

#include "store/jobstate.h"

#include <QDateTime>
#include <QString>

namespace trainyard::store {
class JobStore;
}

namespace trainyard::cli {

// A time as gcloud prints it: RFC 3339 in UTC.
QString rfc3339(const QDateTime &time);

// gcloud's describe: the Job's fields in alphabetical order. The spec's part is the store's
// export verbatim (so "2.11" stays a string); Trainyard's run details follow under trainyardRun.
QString describeYaml(const store::JobStore &store, const QString &jobId,
                     const store::JobState &state);

} // namespace trainyard::cli
