// SPDX-License-Identifier: MIT
// Staging a trainer package in Cloud Storage, as gcloud does it (command_lib/ml_engine/
// jobs_prep.py, uploads.py): a package directory becomes a source distribution
// (`python setup.py sdist`, with the setup.py of its parent folder, else a minimal one
// written for the purpose: setup(name=DIR, packages=find_packages(include=[DIR]))), a local
// archive is used as it is. The object name carries the SHA-256 of the package's files, so
// submitting the same package again finds it and uploads nothing:
//   gs://BUCKET[/PREFIX]/trainyard-staging/{sha256}/{file name}
// Uploads use the JSON API's resumable protocol in 1 MiB chunks; a chunk whose connection
// drops is resumed from what the server reports it has (a status query), so an interrupted
// upload neither restarts from zero nor leaves a corrupt object.
#pragma once

#include "cloud/apiclient.h"

#include <QString>
#include <functional>

namespace trainyard::cloud {

// The SHA-256 (hex) of a directory's files (relative names and contents, in name order) or of
// one file.
QString contentHash(const QString &path, QString *error);

// Builds the sdist of a package directory into `outDir`; returns the archive's path, or empty
// with *error (the Python's output included).
QString buildSdist(const QString &packageDir, const QString &outDir, const QString &python,
                   QString *error);

struct StagedFile
{
    QString uri;       // gs://bucket/object
    bool uploaded = false; // false: it was there already
    QString errorMessage;
    explicit operator bool() const { return errorMessage.isEmpty(); }
};

// Uploads `file` to gs://bucket/object unless an object of that name exists. `progress` gets
// (bytes sent, total). Blocks in a local event loop: for the CLI and worker threads.
StagedFile uploadFile(ApiClient *api, const QString &file, const QString &bucket,
                      const QString &object,
                      const std::function<void(qint64, qint64)> &progress);

} // namespace trainyard::cloud
