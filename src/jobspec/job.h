// SPDX-License-Identifier: MIT
// The job spec: value types for the service's Job resource (docs/service.md §10) plus the
// local-only part a dry-run on this machine needs. Plain values, cheap to copy and compare.
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <array>
#include <optional>

namespace trainyard::jobspec {

// acceleratorConfig {count, type}. count is an int64 in the API (a string in JSON).
struct AcceleratorConfig
{
    std::optional<qint64> count;
    QString type; // API enum spelling, e.g. NVIDIA_TESLA_T4

    bool operator==(const AcceleratorConfig &o) const { return count == o.count && type == o.type; }
    bool operator!=(const AcceleratorConfig &o) const { return !(*this == o); }
};

struct DiskConfig
{
    std::optional<qint64> bootDiskSizeGb;
    QString bootDiskType; // pd-ssd | pd-standard

    bool operator==(const DiskConfig &o) const
    {
        return bootDiskSizeGb == o.bootDiskSizeGb && bootDiskType == o.bootDiskType;
    }
    bool operator!=(const DiskConfig &o) const { return !(*this == o); }
};

struct ReplicaConfig
{
    std::optional<AcceleratorConfig> acceleratorConfig;
    QString imageUri;
    QStringList containerCommand;
    QStringList containerArgs;
    std::optional<DiskConfig> diskConfig;
    QString tpuTfVersion;

    bool isEmpty() const;
    bool operator==(const ReplicaConfig &o) const;
    bool operator!=(const ReplicaConfig &o) const { return !(*this == o); }
};

// The four replica roles of a cluster. The order is the API's and Vertex's pool order.
enum class Role { Master, Worker, ParameterServer, Evaluator };
inline constexpr std::array<Role, 4> allRoles = {Role::Master, Role::Worker, Role::ParameterServer,
                                                 Role::Evaluator};

// YAML key prefix of a role: "master", "worker", "parameterServer", "evaluator".
QString roleKey(Role role);
// gcloud flag prefix of a role: "master", "worker", "parameter-server", "evaluator".
QString roleFlag(Role role);
// TF_CONFIG task type for the non-primary roles ("worker", "ps", "evaluator").
QString roleTaskType(Role role);

// One role of the cluster: <role>Type, <role>Count (not for the master), <role>Config.
struct RoleSpec
{
    QString type;
    std::optional<qint64> count; // never set for the master
    ReplicaConfig config;

    bool operator==(const RoleSpec &o) const
    {
        return type == o.type && count == o.count && config == o.config;
    }
    bool operator!=(const RoleSpec &o) const { return !(*this == o); }
};

struct ParameterSpec
{
    QString parameterName;
    QString type; // DOUBLE | INTEGER | CATEGORICAL | DISCRETE
    std::optional<double> minValue;
    std::optional<double> maxValue;
    QStringList categoricalValues;
    QList<double> discreteValues;
    QString scaleType; // NONE | UNIT_LINEAR_SCALE | UNIT_LOG_SCALE | UNIT_REVERSE_LOG_SCALE

    bool operator==(const ParameterSpec &o) const;
    bool operator!=(const ParameterSpec &o) const { return !(*this == o); }
};

struct HyperparameterSpec
{
    QString goal; // MAXIMIZE | MINIMIZE
    QList<ParameterSpec> params;
    std::optional<qint64> maxTrials;
    std::optional<qint64> maxParallelTrials;
    std::optional<qint64> maxFailedTrials;
    QString hyperparameterMetricTag;
    QString algorithm; // ALGORITHM_UNSPECIFIED | GRID_SEARCH | RANDOM_SEARCH
    std::optional<bool> enableTrialEarlyStopping;
    QString resumePreviousJobId;

    bool operator==(const HyperparameterSpec &o) const;
    bool operator!=(const HyperparameterSpec &o) const { return !(*this == o); }
};

struct Scheduling
{
    QString maxRunningTime; // "3600s"
    QString maxWaitTime;
    std::optional<qint64> priority;
    // Vertex AI's Scheduling.restartJobOnWorkerRestart: a replica's restart restarts every
    // replica (the legacy service has no such field).
    std::optional<bool> restartJobOnWorkerRestart;

    bool operator==(const Scheduling &o) const
    {
        return maxRunningTime == o.maxRunningTime && maxWaitTime == o.maxWaitTime &&
               priority == o.priority && restartJobOnWorkerRestart == o.restartJobOnWorkerRestart;
    }
    bool operator!=(const Scheduling &o) const { return !(*this == o); }
};

struct TrainingInput
{
    QString scaleTier; // API enum spelling: BASIC, STANDARD_1, ..., CUSTOM
    RoleSpec master;
    RoleSpec worker;
    RoleSpec parameterServer;
    RoleSpec evaluator;
    QStringList packageUris;
    QString pythonModule;
    QStringList args;
    std::optional<HyperparameterSpec> hyperparameters;
    QString region;
    QString jobDir;
    QString runtimeVersion;
    QString pythonVersion;
    QString network;
    QString serviceAccount;
    QString kmsKeyName; // encryptionConfig.kmsKeyName
    std::optional<Scheduling> scheduling;
    std::optional<bool> useChiefInTfConfig;
    std::optional<bool> enableWebAccess;

    RoleSpec &role(Role r);
    const RoleSpec &role(Role r) const;

    bool operator==(const TrainingInput &o) const;
    bool operator!=(const TrainingInput &o) const { return !(*this == o); }
};

// An environment variable for a local run: a literal value, or a reference to a named secret
// in the system keychain (YAML: `NAME: value` or `NAME: {secret: secret-name}`).
struct EnvVar
{
    QString name;
    QString value;
    QString secret; // non-empty: the value comes from this secret at launch

    bool operator==(const EnvVar &o) const
    {
        return name == o.name && value == o.value && secret == o.secret;
    }
    bool operator!=(const EnvVar &o) const { return !(*this == o); }
};

// What a local run needs that the service lacks. Lives under the top-level YAML key
// `trainyardLocal`, which an exported cloud config never carries.
struct LocalRun
{
    QString packagePath; // local Python package directory (gcloud --package-path)
    QString executable;  // or an executable for a non-Python trainer
    QList<EnvVar> env;

    bool isEmpty() const { return packagePath.isEmpty() && executable.isEmpty() && env.isEmpty(); }
    bool operator==(const LocalRun &o) const
    {
        return packagePath == o.packagePath && executable == o.executable && env == o.env;
    }
    bool operator!=(const LocalRun &o) const { return !(*this == o); }
};

struct Job
{
    QString jobId;
    QMap<QString, QString> labels;
    TrainingInput trainingInput;
    LocalRun local;

    bool operator==(const Job &o) const
    {
        return jobId == o.jobId && labels == o.labels && trainingInput == o.trainingInput &&
               local == o.local;
    }
    bool operator!=(const Job &o) const { return !(*this == o); }
};

} // namespace trainyard::jobspec
