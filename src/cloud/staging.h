// SPDX-License-Identifier: MIT
// Staging a trainer package in Cloud Storage, as gcloud does it (command_lib/ml_engine/
// jobs_prep.py, uploads.py): a package directory becomes a source distribution
// (`python setup.py sdist`, with the setup.py of its parent folder, else a minimal one
// written for the purpose: setup(name=DIR, packages=find_packages(include=[DIR]))), a local
// archive is used as it is. As gcloud names what it stages (command_lib/ml_engine/uploads.py,
// UploadFiles: a SHA-256 over the contents of the files uploaded), the object name carries the
// SHA-256 of the archive actually uploaded, so a changed setup.py or a sibling package that the
// sdist takes in is a new object, while submitting the same package again finds it and uploads
// nothing:
//   gs://BUCKET[/PREFIX]/trainyard-staging/{sha256 of the archive}/{file name}
// For the second half to hold, a built sdist is made reproducible (normaliseSdist): its members
// in name order with a fixed time stamp and owner, gzip without a time stamp; what the archive
// holds is unchanged.
// Uploads use the JSON API's resumable protocol in 1 MiB chunks; a chunk whose connection
// drops is resumed from what the server reports it has (a status query), so an interrupted
// upload neither restarts from zero nor leaves a corrupt object.
#pragma once

#include "cloud/apiclient.h"

#include <QString>
#include <functional>

namespace trainyard::cloud {

// The SHA-256 (hex) of a file's bytes; empty with *error when it cannot be read.
QString fileHash(const QString &file, QString *error);

// Builds the sdist of a package directory into `outDir`; returns the archive's path, or empty
// with *error (the Python's output included).
QString buildSdist(const QString &packageDir, const QString &outDir, const QString &python,
                   QString *error);

// Rewrites the tar.gz `archive` in place as a reproducible one (see above), with `python`.
// False with *error when it cannot.
bool normaliseSdist(const QString &archive, const QString &python, QString *error);

struct StagedFile
{
    QString uri;           // gs://bucket/object
    bool uploaded = false; // false: it was there already
    QString errorMessage;
    explicit operator bool() const { return errorMessage.isEmpty(); }
};

// Uploads `file` to gs://bucket/object unless an object of that name exists. `progress` gets
// (bytes sent, total). Blocks in a local event loop: for the CLI and worker threads.
StagedFile uploadFile(ApiClient *api, const QString &file, const QString &bucket,
                      const QString &object, const std::function<void(qint64, qint64)> &progress);

} // namespace trainyard::cloud
