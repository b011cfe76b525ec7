// SPDX-License-Identifier: MIT
// The cloud settings the window writes (Settings > Google Cloud, Submit to Vertex AI…) and the
// CLI's `ai` commands read: the project and region (and the submit dialog's staging bucket and
// service account), kept in the application's QSettings under cloud/. One place for their keys and
// for the order in which a command picks its project and region.
#pragma once

#include <QString>

namespace trainyard::cloud {

struct Credentials;

namespace cloudSettingsKeys {
inline constexpr char project[] = "cloud/project";
inline constexpr char region[] = "cloud/region";
inline constexpr char stagingBucket[] = "cloud/stagingBucket";
inline constexpr char serviceAccount[] = "cloud/serviceAccount";
} // namespace cloudSettingsKeys

// What Settings > Google Cloud shows for a region nobody chose.
inline constexpr char DefaultRegion[] = "us-central1";

struct CloudDefaults
{
    QString project; // empty: not set
    QString region;  // empty: not set
    QString stagingBucket;
    QString serviceAccount;
};

// From the application's QSettings (organization and application name set).
CloudDefaults readCloudDefaults();
// Stores the project and the region (Settings > Google Cloud).
void writeCloudLocation(const QString &project, const QString &region);
// Stores all four (the submit dialog, once a job was submitted).
void writeCloudDefaults(const CloudDefaults &defaults);

// The project a command or the window uses: `given` (--project, the dialog's field), else the one
// Settings > Google Cloud keeps, else $GOOGLE_CLOUD_PROJECT / $GCLOUD_PROJECT, else the
// credentials'.
QString resolveProject(const QString &given, const Credentials &credentials);
// The region: `given` (--region), else the spec's, else the one Settings > Google Cloud keeps.
QString resolveRegion(const QString &given, const QString &specRegion);

} // namespace trainyard::cloud
