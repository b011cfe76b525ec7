// SPDX-License-Identifier: MIT
// Vertex AI from the command line, named as gcloud names it (gcloud ai custom-jobs):
//   trainyard ai custom-jobs create --config FILE [--region R] [--project P] [...]
//   trainyard ai custom-jobs list|describe JOB|stream-logs JOB|cancel JOB
//   trainyard jobs submit training JOB_ID --config FILE --cloud   (a shortcut for create)
// JOB is a resource name (projects/P/locations/R/customJobs/ID), a numeric ID with --region
// and --project, or the ID of the job's local record. A created job gets a record in the job
// store (cloudrecord/cloudjob.h), so `trainyard jobs list` and the console show it too.
// Exit status: 0 done, 1 the spec has errors or the cloud call failed (or the job did not
// succeed, for stream-logs; was not cancelled, for cancel), 2 usage errors.
#pragma once

#include <QString>
#include <QStringList>

namespace trainyard::cli {

int runAi(const QStringList &args); // arguments after "ai"
QString aiHelp();
// `jobs submit training JOB_ID ... --cloud`: args without "--cloud".
int runCloudSubmitTraining(const QStringList &args);

} // namespace trainyard::cli
