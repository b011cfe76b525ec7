// SPDX-License-Identifier: MIT
// The grammar of what goes into a Google Cloud URL, checked before any URL is built, and the
// hosts a request (with its Bearer token) may go to.
//  - region: [a-z]+-[a-z]+[0-9]+ ("us-central1", "europe-west4");
//  - project: a project ID ([a-z][a-z0-9-]{4,28}[a-z0-9], optionally "DOMAIN:" before it, as
//    legacy domain-scoped projects are named) or a project number;
//  - job name: projects/PROJECT/locations/REGION/(customJobs|hyperparameterTuningJobs)/NUMBER.
// A request may only go to an https URL on a googleapis.com host, or under an endpoint the user
// configured explicitly (TRAINYARD_VERTEX_ENDPOINT, TRAINYARD_LOGGING_ENDPOINT,
// TRAINYARD_STORAGE_ENDPOINT: tests and private service connect).
#pragma once

#include <QString>
#include <QUrl>

namespace trainyard::cloud {

bool isRegion(const QString &region);
bool isProject(const QString &project);

struct JobName
{
    QString project;
    QString region;
    QString collection; // "customJobs" or "hyperparameterTuningJobs"
    QString id;         // digits
};
// False when `name` is not a job's resource name.
bool parseJobName(const QString &name, JobName *parsed = nullptr);

// A translated message naming what is wrong, or an empty string. Outside text in a message is
// made plain (text::plainText).
QString checkRegion(const QString &region);
QString checkProject(const QString &project);
QString checkJobName(const QString &name);

// True when a request with the user's token may go to `url` (see above); else *error says why.
bool isAllowedEndpoint(const QUrl &url, QString *error = nullptr);

} // namespace trainyard::cloud
