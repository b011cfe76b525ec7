// SPDX-License-Identifier: MIT
#include "service/trainingjson.h"

#include <QJsonArray>

namespace trainyard::service {

namespace {

void putString(QJsonObject &o, const char *key, const QString &value)
{
    if (!value.isEmpty())
        o.insert(QLatin1String(key), value);
}

// int64 fields travel as strings in the API's JSON.
void putInt64(QJsonObject &o, const char *key, const std::optional<qint64> &value)
{
    if (value)
        o.insert(QLatin1String(key), QString::number(*value));
}

void putBool(QJsonObject &o, const char *key, const std::optional<bool> &value)
{
    if (value)
        o.insert(QLatin1String(key), *value);
}

void putList(QJsonObject &o, const char *key, const QStringList &values)
{
    if (!values.isEmpty())
        o.insert(QLatin1String(key), QJsonArray::fromStringList(values));
}

void putObject(QJsonObject &o, const QString &key, const QJsonObject &value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}

QJsonObject replicaConfigJson(const jobspec::ReplicaConfig &c)
{
    QJsonObject o;
    if (c.acceleratorConfig) {
        QJsonObject acc;
        putInt64(acc, "count", c.acceleratorConfig->count);
        putString(acc, "type", c.acceleratorConfig->type);
        putObject(o, QStringLiteral("accelerator_config"), acc);
    }
    putString(o, "image_uri", c.imageUri);
    putList(o, "container_command", c.containerCommand);
    putList(o, "container_args", c.containerArgs);
    if (c.diskConfig) {
        QJsonObject disk;
        putInt64(disk, "boot_disk_size_gb", c.diskConfig->bootDiskSizeGb);
        putString(disk, "boot_disk_type", c.diskConfig->bootDiskType);
        putObject(o, QStringLiteral("disk_config"), disk);
    }
    putString(o, "tpu_tf_version", c.tpuTfVersion);
    return o;
}

QJsonObject parameterJson(const jobspec::ParameterSpec &p)
{
    QJsonObject o;
    putString(o, "parameter_name", p.parameterName);
    putString(o, "type", p.type);
    if (p.minValue)
        o.insert(QStringLiteral("min_value"), *p.minValue);
    if (p.maxValue)
        o.insert(QStringLiteral("max_value"), *p.maxValue);
    putList(o, "categorical_values", p.categoricalValues);
    if (!p.discreteValues.isEmpty()) {
        QJsonArray values;
        for (double v : p.discreteValues)
            values.append(v);
        o.insert(QStringLiteral("discrete_values"), values);
    }
    putString(o, "scale_type", p.scaleType);
    return o;
}

QJsonObject hyperparametersJson(const jobspec::HyperparameterSpec &h)
{
    QJsonObject o;
    putString(o, "goal", h.goal);
    if (!h.params.isEmpty()) {
        QJsonArray params;
        for (const jobspec::ParameterSpec &p : h.params)
            params.append(parameterJson(p));
        o.insert(QStringLiteral("params"), params);
    }
    putInt64(o, "max_trials", h.maxTrials);
    putInt64(o, "max_parallel_trials", h.maxParallelTrials);
    putInt64(o, "max_failed_trials", h.maxFailedTrials);
    putString(o, "hyperparameter_metric_tag", h.hyperparameterMetricTag);
    putString(o, "algorithm", h.algorithm);
    putBool(o, "enable_trial_early_stopping", h.enableTrialEarlyStopping);
    putString(o, "resume_previous_job_id", h.resumePreviousJobId);
    return o;
}

QString snakeRole(jobspec::Role role)
{
    return role == jobspec::Role::ParameterServer ? QStringLiteral("parameter_server")
                                                  : jobspec::roleKey(role);
}

} // namespace

QJsonObject trainingInputJson(const jobspec::TrainingInput &in)
{
    QJsonObject o;
    putString(o, "scale_tier", in.scaleTier);
    for (jobspec::Role role : jobspec::allRoles) {
        const jobspec::RoleSpec &r = in.role(role);
        const QString prefix = snakeRole(role);
        if (!r.type.isEmpty())
            o.insert(prefix + QStringLiteral("_type"), r.type);
        if (r.count)
            o.insert(prefix + QStringLiteral("_count"), QString::number(*r.count));
        putObject(o, prefix + QStringLiteral("_config"), replicaConfigJson(r.config));
    }
    putList(o, "package_uris", in.packageUris);
    putString(o, "python_module", in.pythonModule);
    putList(o, "args", in.args);
    if (in.hyperparameters)
        putObject(o, QStringLiteral("hyperparameters"), hyperparametersJson(*in.hyperparameters));
    putString(o, "region", in.region);
    putString(o, "job_dir", in.jobDir);
    putString(o, "runtime_version", in.runtimeVersion);
    putString(o, "python_version", in.pythonVersion);
    putString(o, "network", in.network);
    putString(o, "service_account", in.serviceAccount);
    if (!in.kmsKeyName.isEmpty()) {
        QJsonObject enc;
        enc.insert(QStringLiteral("kms_key_name"), in.kmsKeyName);
        o.insert(QStringLiteral("encryption_config"), enc);
    }
    if (in.scheduling) {
        QJsonObject s;
        putString(s, "max_running_time", in.scheduling->maxRunningTime);
        putString(s, "max_wait_time", in.scheduling->maxWaitTime);
        // Scheduling.priority is an int32 in the API: a JSON number.
        if (in.scheduling->priority)
            s.insert(QStringLiteral("priority"), *in.scheduling->priority);
        putObject(o, QStringLiteral("scheduling"), s);
    }
    putBool(o, "use_chief_in_tf_config", in.useChiefInTfConfig);
    putBool(o, "enable_web_access", in.enableWebAccess);
    return o;
}

} // namespace trainyard::service
