// SPDX-License-Identifier: MIT
// The variables the service gives each replica that follow from the spec and the cluster alone:
// TF_CONFIG, CLUSTER_SPEC and the AIP_* directories (docs/service.md §6, §7). Pure values.
#pragma once

#include "jobspec/job.h"
#include "service/layout.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace trainyard::service {

// TF_CONFIG of one replica. Submit style (§6.1): cluster (chief|master, worker, ps; never
// evaluator), task {type, index, trial as a string when tuning}, job = the snake_case
// TrainingInput, environment "cloud". LocalTrain style (§6.3): job = {job_name: module,
// args: the replica's arguments}, and empty cluster/task when not distributed.
QJsonObject tfConfig(const jobspec::Job &job, const ClusterLayout &layout, const Replica &replica,
                     const QString &trialId, const QStringList &appArguments);

// CLUSTER_SPEC: always the cloud form (cluster, task, job, environment).
QJsonObject clusterSpec(const jobspec::Job &job, const ClusterLayout &layout,
                        const Replica &replica, const QString &trialId);

// <jobDir>/<sub>/ or, in a trial, <jobDir>/<trial>/<sub>/ (trailing slash as the service).
QString aipDirectory(const QString &jobDir, const QString &trialId, const QString &sub);

} // namespace trainyard::service
