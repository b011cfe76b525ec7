// SPDX-License-Identifier: MIT
#include "cloud/clouddefaults.h"

#include "cloud/credentials.h"

#include <QSettings>

namespace trainyard::cloud {

CloudDefaults readCloudDefaults()
{
    const QSettings settings;
    CloudDefaults d;
    d.project = settings.value(QLatin1String(cloudSettingsKeys::project)).toString().trimmed();
    d.region = settings.value(QLatin1String(cloudSettingsKeys::region)).toString().trimmed();
    d.stagingBucket =
        settings.value(QLatin1String(cloudSettingsKeys::stagingBucket)).toString().trimmed();
    d.serviceAccount =
        settings.value(QLatin1String(cloudSettingsKeys::serviceAccount)).toString().trimmed();
    return d;
}

void writeCloudLocation(const QString &project, const QString &region)
{
    QSettings settings;
    settings.setValue(QLatin1String(cloudSettingsKeys::project), project.trimmed());
    settings.setValue(QLatin1String(cloudSettingsKeys::region), region.trimmed());
}

void writeCloudDefaults(const CloudDefaults &defaults)
{
    writeCloudLocation(defaults.project, defaults.region);
    QSettings settings;
    settings.setValue(QLatin1String(cloudSettingsKeys::stagingBucket),
                      defaults.stagingBucket.trimmed());
    settings.setValue(QLatin1String(cloudSettingsKeys::serviceAccount),
                      defaults.serviceAccount.trimmed());
}

QString resolveProject(const QString &given, const Credentials &credentials)
{
    if (!given.trimmed().isEmpty())
        return given.trimmed();
    if (const QString chosen = readCloudDefaults().project; !chosen.isEmpty())
        return chosen;
    return defaultProject(credentials);
}

QString resolveRegion(const QString &given, const QString &specRegion)
{
    if (!given.trimmed().isEmpty())
        return given.trimmed();
    if (!specRegion.isEmpty())
        return specRegion;
    return readCloudDefaults().region;
}

} // namespace trainyard::cloud
