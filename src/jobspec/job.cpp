// SPDX-License-Identifier: MIT
#include "jobspec/job.h"

#include <array>
#include <iterator>

namespace trainyard::jobspec {

bool ReplicaConfig::isEmpty() const
{
    return !acceleratorConfig && imageUri.isEmpty() && containerCommand.isEmpty() &&
           containerArgs.isEmpty() && !diskConfig && tpuTfVersion.isEmpty();
}

bool ReplicaConfig::operator==(const ReplicaConfig &o) const
{
    return acceleratorConfig == o.acceleratorConfig && imageUri == o.imageUri &&
           containerCommand == o.containerCommand && containerArgs == o.containerArgs &&
           diskConfig == o.diskConfig && tpuTfVersion == o.tpuTfVersion;
}

namespace {

// The names of each role, in Role order: YAML key prefix, gcloud flag prefix, TF_CONFIG task.
struct RoleNames
{
    const char *key;
    const char *flag;
    const char *task;
};

constexpr RoleNames roleNames[] = {
    {"master", "master", "master"},
    {"worker", "worker", "worker"},
    {"parameterServer", "parameter-server", "ps"},
    {"evaluator", "evaluator", "evaluator"},
};
static_assert(std::size(roleNames) == allRoles.size());

// One of the table's names as a QString made once: each call returns a shared copy, without
// allocating (validation asks for role keys several times a call).
template<const char *RoleNames::*Name>
const QString &nameOf(Role role)
{
    static const std::array<QString, std::size(roleNames)> names = [] {
        std::array<QString, std::size(roleNames)> made;
        for (std::size_t i = 0; i < made.size(); ++i)
            made[i] = QLatin1String(roleNames[i].*Name);
        return made;
    }();
    return names[static_cast<std::size_t>(role)];
}

} // namespace

QString roleKey(Role role)
{
    return nameOf<&RoleNames::key>(role);
}

QString roleFlag(Role role)
{
    return nameOf<&RoleNames::flag>(role);
}

QString roleTaskType(Role role)
{
    return nameOf<&RoleNames::task>(role);
}

bool ParameterSpec::operator==(const ParameterSpec &o) const
{
    return parameterName == o.parameterName && type == o.type && minValue == o.minValue &&
           maxValue == o.maxValue && categoricalValues == o.categoricalValues &&
           discreteValues == o.discreteValues && scaleType == o.scaleType;
}

bool HyperparameterSpec::operator==(const HyperparameterSpec &o) const
{
    return goal == o.goal && params == o.params && maxTrials == o.maxTrials &&
           maxParallelTrials == o.maxParallelTrials && maxFailedTrials == o.maxFailedTrials &&
           hyperparameterMetricTag == o.hyperparameterMetricTag && algorithm == o.algorithm &&
           enableTrialEarlyStopping == o.enableTrialEarlyStopping &&
           resumePreviousJobId == o.resumePreviousJobId;
}

RoleSpec &TrainingInput::role(Role r)
{
    switch (r) {
    case Role::Master:
        return master;
    case Role::Worker:
        return worker;
    case Role::ParameterServer:
        return parameterServer;
    case Role::Evaluator:
        break;
    }
    return evaluator;
}

const RoleSpec &TrainingInput::role(Role r) const
{
    return const_cast<TrainingInput *>(this)->role(r);
}

bool TrainingInput::operator==(const TrainingInput &o) const
{
    return scaleTier == o.scaleTier && master == o.master && worker == o.worker &&
           parameterServer == o.parameterServer && evaluator == o.evaluator &&
           packageUris == o.packageUris && pythonModule == o.pythonModule && args == o.args &&
           hyperparameters == o.hyperparameters && region == o.region && jobDir == o.jobDir &&
           runtimeVersion == o.runtimeVersion && pythonVersion == o.pythonVersion &&
           network == o.network && serviceAccount == o.serviceAccount &&
           kmsKeyName == o.kmsKeyName && scheduling == o.scheduling &&
           useChiefInTfConfig == o.useChiefInTfConfig && enableWebAccess == o.enableWebAccess;
}

} // namespace trainyard::jobspec
