// SPDX-License-Identifier: MIT
// The job's TrainingInput as the service hands it to replicas (TF_CONFIG "job", CLOUD_ML_JOB):
// a dict with snake_case keys, int64 values as strings ("worker_count": "2"), empty fields
// left out, nested configs snake_case too (docs/service.md §6.1, §6.2).
#pragma once

#include "jobspec/job.h"

#include <QJsonObject>

namespace trainyard::service {

QJsonObject trainingInputJson(const jobspec::TrainingInput &input);

} // namespace trainyard::service
