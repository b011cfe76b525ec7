// SPDX-License-Identifier: MIT
#include "cloud/resourcename.h"

#include "text/plaintext.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace trainyard::cloud {
namespace {

class Names
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::CloudApi)
};

const QRegularExpression &regionRe()
{
    static const QRegularExpression re(QStringLiteral("\\A[a-z]+-[a-z]+[0-9]+\\z"));
    return re;
}

const QRegularExpression &projectRe()
{
    static const QRegularExpression re(QStringLiteral(
        "\\A(?:(?:[a-z0-9][a-z0-9-]*\\.)+[a-z]{2,63}:)?[a-z][a-z0-9-]{4,28}[a-z0-9]\\z"
        "|\\A[0-9]{1,20}\\z"));
    return re;
}

QString shown(const QString &text)
{
    return text::plainText(text.size() > 200 ? text.left(200) + QStringLiteral("…") : text);
}

// The endpoints configured through the environment (without their trailing '/').
bool underConfiguredRoot(const QUrl &url)
{
    for (const char *variable : {"TRAINYARD_VERTEX_ENDPOINT", "TRAINYARD_LOGGING_ENDPOINT",
                                 "TRAINYARD_STORAGE_ENDPOINT"}) {
        const QString value = qEnvironmentVariable(variable);
        if (value.isEmpty())
            continue;
        const QUrl root(value);
        if (!root.isValid() || root.host().isEmpty())
            continue;
        if (root.scheme() != url.scheme() || root.host() != url.host() ||
            root.port(-1) != url.port(-1))
            continue;
        QString prefix = root.path();
        if (!prefix.endsWith(QLatin1Char('/')))
            prefix += QLatin1Char('/');
        if (url.path().startsWith(prefix) || url.path() + QLatin1Char('/') == prefix)
            return true;
    }
    return false;
}

} // namespace

bool isRegion(const QString &region)
{
    return region.size() <= 64 && regionRe().match(region).hasMatch();
}

bool isProject(const QString &project)
{
    return project.size() <= 100 && projectRe().match(project).hasMatch();
}

bool parseJobName(const QString &name, JobName *parsed)
{
    if (name.size() > 400)
        return false;
    const QStringList parts = name.split(QLatin1Char('/'));
    if (parts.size() != 6 || parts.at(0) != QLatin1String("projects") ||
        parts.at(2) != QLatin1String("locations"))
        return false;
    if (parts.at(4) != QLatin1String("customJobs") &&
        parts.at(4) != QLatin1String("hyperparameterTuningJobs"))
        return false;
    static const QRegularExpression idRe(QStringLiteral("\\A[0-9]{1,30}\\z"));
    if (!isProject(parts.at(1)) || !isRegion(parts.at(3)) || !idRe.match(parts.at(5)).hasMatch())
        return false;
    if (parsed)
        *parsed = JobName{parts.at(1), parts.at(3), parts.at(4), parts.at(5)};
    return true;
}

QString checkRegion(const QString &region)
{
    if (isRegion(region))
        return {};
    return Names::tr("'%1' is not a region: a region is named like us-central1 "
                     "([a-z]+-[a-z]+[0-9]+)")
        .arg(shown(region));
}

QString checkProject(const QString &project)
{
    if (isProject(project))
        return {};
    return Names::tr("'%1' is not a project ID: 6 to 30 lowercase letters, digits and hyphens, "
                     "starting with a letter (or a project number)")
        .arg(shown(project));
}

QString checkJobName(const QString &name)
{
    if (parseJobName(name))
        return {};
    return Names::tr("'%1' is not a job's resource name: "
                     "projects/PROJECT/locations/REGION/customJobs/NUMBER "
                     "(or hyperparameterTuningJobs/NUMBER)")
        .arg(shown(name));
}

bool isAllowedEndpoint(const QUrl &url, QString *error)
{
    const QString host = url.host().toLower();
    const bool google = url.isValid() && url.scheme() == QLatin1String("https") &&
                        url.userInfo().isEmpty() && url.port(-1) == -1 &&
                        (host == QLatin1String("googleapis.com") ||
                         host.endsWith(QLatin1String(".googleapis.com")));
    if (google || (url.isValid() && underConfiguredRoot(url)))
        return true;
    if (error) {
        *error = Names::tr("refused to send a request to %1: only https://*.googleapis.com/ "
                           "and the endpoints configured in TRAINYARD_VERTEX_ENDPOINT, "
                           "TRAINYARD_LOGGING_ENDPOINT and TRAINYARD_STORAGE_ENDPOINT are "
                           "contacted")
                     .arg(shown(url.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)));
    }
    return false;
}

} // namespace trainyard::cloud
