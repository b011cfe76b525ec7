// SPDX-License-Identifier: MIT
// ============================================================================================
// SERVICE FACTS NOT (YET) IN THE CATALOG.
// Every constant here is a fact of the service (or of Trainyard's own launcher) that the
// validator needs but catalog.h does not carry. They are candidates for resources/catalog.yaml;
// keep them in this one table so the move is mechanical. The tag names the reference section
// (/work/shared/reference/ai-platform-training.md) and its provenance.
// ============================================================================================
#pragma once

#include <QLatin1String>
#include <QString>
#include <QtGlobal>
#include <array>
#include <string_view>

namespace trainyard::validation::limits {

// §1 [S] job ID: a letter, then letters, digits, underscores; at most 128 characters.
inline constexpr int jobIdMaxLength = 128;

// Google Cloud label rules [P] (general GCP, not in the reference tables).
inline constexpr int labelMaxCount = 64;
inline constexpr int labelKeyMaxLength = 63;
inline constexpr int labelValueMaxLength = 63;

// §10 [P] packageUris: at most 100, each a gs:// URI.
inline constexpr int packageUrisMax = 100;
inline constexpr std::string_view gcsScheme = "gs://";

// §11 [P] job-dir (client-side check of gcloud).
inline constexpr int bucketMinLength = 3;
inline constexpr int bucketMaxLength = 222;
inline constexpr int bucketPartMaxLength = 63;
inline constexpr int objectMaxBytes = 1024;

// §9 [P] scheduling.
inline constexpr qint64 maxWaitTimeMinSeconds = 1800;
inline constexpr qint64 priorityMin = 0;
inline constexpr qint64 priorityMax = 1000;

// §12 [P] hyperparameter tuning enums and limits.
inline constexpr std::array<std::string_view, 2> goals = {"MAXIMIZE", "MINIMIZE"};
inline constexpr std::array<std::string_view, 3> algorithms = {"ALGORITHM_UNSPECIFIED",
                                                               "GRID_SEARCH", "RANDOM_SEARCH"};
inline constexpr std::string_view gridSearch = "GRID_SEARCH";
inline constexpr std::array<std::string_view, 4> parameterTypes = {"DOUBLE", "INTEGER",
                                                                   "CATEGORICAL", "DISCRETE"};
inline constexpr std::string_view typeDouble = "DOUBLE";
inline constexpr std::string_view typeInteger = "INTEGER";
inline constexpr std::string_view typeCategorical = "CATEGORICAL";
inline constexpr std::string_view typeDiscrete = "DISCRETE";
// The types GRID_SEARCH can enumerate.
inline constexpr std::array<std::string_view, 3> gridSearchTypes = {"INTEGER", "CATEGORICAL",
                                                                    "DISCRETE"};
inline constexpr std::array<std::string_view, 4> scaleTypes = {
    "NONE", "UNIT_LINEAR_SCALE", "UNIT_LOG_SCALE", "UNIT_REVERSE_LOG_SCALE"};
// Scales that need a strictly positive range.
inline constexpr std::array<std::string_view, 2> logScaleTypes = {"UNIT_LOG_SCALE",
                                                                  "UNIT_REVERSE_LOG_SCALE"};
inline constexpr int discreteValuesMax = 1000;

// §8.2 [P] user environment variables must not start with this prefix.
inline constexpr std::string_view reservedEnvPrefix = "AIP_";
// Variables Trainyard's local executor sets itself (§6, §7, §8.2, §12); a user value would be
// overwritten, so the validator rejects them.
inline constexpr std::array<std::string_view, 9> reservedEnvNames = {
    "TF_CONFIG",  "CLUSTER_SPEC", "CLOUD_ML_JOB_ID",         "MASTER_ADDR",      "MASTER_PORT",
    "WORLD_SIZE", "RANK",         "CLOUD_ML_HP_METRIC_FILE", "CLOUD_ML_TRIAL_ID"};

// Helpers over these tables.
inline QLatin1String latin1(std::string_view s)
{
    return QLatin1String(s.data(), qsizetype(s.size()));
}

// value == name for an ASCII name, inline (Qt's operator== calls out to compare them).
inline bool equals(const QString &value, std::string_view name)
{
    if (value.size() != qsizetype(name.size()))
        return false;
    const QChar *p = value.constData();
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (p[i].unicode() != char16_t(uchar(name[i])))
            return false;
    }
    return true;
}

template<std::size_t N>
bool contains(const std::array<std::string_view, N> &names, const QString &value)
{
    for (std::string_view n : names) {
        if (equals(value, n))
            return true;
    }
    return false;
}

} // namespace trainyard::validation::limits
