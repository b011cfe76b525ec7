// SPDX-License-Identifier: MIT
// Names shared by the job wizard's pages: page ids, registered field names (QWizard::field),
// the QSettings keys of remembered values, and the field-path prefixes of the spec that the
// validator's diagnostics carry. One place, so a page and a test never spell them differently.
#pragma once

#include <QLatin1String>

namespace trainyard::ui::wizard {

enum PageId {
    JobPageId,
    TrainerPageId,
    ClusterPageId,
    RegionPageId,
    HyperparameterPageId,
    ReviewPageId,
};

// Registered wizard fields (QWizard::field / setField).
namespace fields {
inline constexpr QLatin1String jobId("jobId");
inline constexpr QLatin1String tuning("hyperparameterTuning");
inline constexpr QLatin1String pythonModule("pythonModule");
inline constexpr QLatin1String packageDir("packageDir");
inline constexpr QLatin1String executable("executable");
inline constexpr QLatin1String imageUri("imageUri");
inline constexpr QLatin1String scaleTier("scaleTier");
inline constexpr QLatin1String region("region");
inline constexpr QLatin1String runtimeVersion("runtimeVersion");
inline constexpr QLatin1String pythonVersion("pythonVersion");
inline constexpr QLatin1String jobDir("jobDir");
inline constexpr QLatin1String localOnly("localOnly");
inline constexpr QLatin1String metricTag("metricTag");
} // namespace fields

// Values remembered between wizard sessions (QSettings).
namespace settings {
inline constexpr QLatin1String region("wizard/region");
inline constexpr QLatin1String runtimeVersion("wizard/runtimeVersion");
inline constexpr QLatin1String pythonVersion("wizard/pythonVersion");
inline constexpr QLatin1String packageDir("wizard/packageDir");
} // namespace settings

// Field paths of the spec (as in jobspec::Diagnostic::field). A diagnostic goes to the widget
// bound to the longest prefix of its path.
namespace paths {
inline constexpr QLatin1String jobId("jobId");
inline constexpr QLatin1String labels("labels");
inline constexpr QLatin1String scaleTier("trainingInput.scaleTier");
inline constexpr QLatin1String packageUris("trainingInput.packageUris");
inline constexpr QLatin1String pythonModule("trainingInput.pythonModule");
inline constexpr QLatin1String args("trainingInput.args");
inline constexpr QLatin1String imageUri("trainingInput.masterConfig.imageUri");
inline constexpr QLatin1String hyperparameters("trainingInput.hyperparameters");
inline constexpr QLatin1String region("trainingInput.region");
inline constexpr QLatin1String jobDir("trainingInput.jobDir");
inline constexpr QLatin1String runtimeVersion("trainingInput.runtimeVersion");
inline constexpr QLatin1String pythonVersion("trainingInput.pythonVersion");
inline constexpr QLatin1String scheduling("trainingInput.scheduling");
inline constexpr QLatin1String maxRunningTime("trainingInput.scheduling.maxRunningTime");
inline constexpr QLatin1String maxWaitTime("trainingInput.scheduling.maxWaitTime");
inline constexpr QLatin1String priority("trainingInput.scheduling.priority");
inline constexpr QLatin1String network("trainingInput.network");
inline constexpr QLatin1String serviceAccount("trainingInput.serviceAccount");
inline constexpr QLatin1String encryptionConfig("trainingInput.encryptionConfig");
inline constexpr QLatin1String useChiefInTfConfig("trainingInput.useChiefInTfConfig");
inline constexpr QLatin1String enableWebAccess("trainingInput.enableWebAccess");
// Per role: trainingInput.<role>Config.diskConfig[.bootDiskType|.bootDiskSizeGb].
inline constexpr QLatin1String diskConfig("Config.diskConfig");
inline constexpr QLatin1String bootDiskType("Config.diskConfig.bootDiskType");
inline constexpr QLatin1String bootDiskSizeGb("Config.diskConfig.bootDiskSizeGb");
inline constexpr QLatin1String local("trainyardLocal");
inline constexpr QLatin1String packagePath("trainyardLocal.packagePath");
inline constexpr QLatin1String executable("trainyardLocal.executable");
inline constexpr QLatin1String env("trainyardLocal.env");
} // namespace paths

} // namespace trainyard::ui::wizard
