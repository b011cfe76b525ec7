// SPDX-License-Identifier: MIT
// A replica's TF_CONFIG, computed on demand the way the owner computed it: the stored
// config.yaml and run.json give the cluster layout (service::planLayout), the recorded state gives
// each replica's port, and service::tfConfig() the JSON.
#pragma once

#include "store/jobstate.h"

#include <QString>

namespace trainyard::ui::jobs {

struct TfConfigResult
{
    QString json; // indented
    QString errorMessage;

    explicit operator bool() const { return errorMessage.isEmpty(); }
};

TfConfigResult replicaTfConfig(const QString &storeRoot, const QString &jobId,
                               const store::JobState &state, const QString &replicaName);

} // namespace trainyard::ui::jobs
