// SPDX-License-Identifier: MIT
// config.yaml import and export (yaml-cpp). Accepts the gcloud form (top-level jobId, labels,
// trainingInput, and Trainyard's own `trainyardLocal`), a bare TrainingInput document, and
// JSON. Every imported value's position lands in the SourceMap; unknown keys are errors at
// their position (the API refuses them), output-only keys warnings, wrong types errors
// ("trainingInput.workerCount: expected an integer, got 'nine'"). Hostile input (binary, NUL,
// UTF-16, huge, deeply nested, alias bombs, absurd numbers) gets an error, never a crash or a hang.
#pragma once

#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QByteArray>
#include <QString>

namespace trainyard::jobspec {

struct ImportResult
{
    Job job;
    SourceMap sources;
    Diagnostics diagnostics; // errors and warnings, positions filled in

    bool ok() const { return !hasErrors(diagnostics); }
    explicit operator bool() const { return ok(); }
};

// Files above this size are refused before parsing.
inline constexpr qint64 maxConfigFileBytes = 8 * 1024 * 1024;

ImportResult importJob(const QByteArray &text, const QString &fileName);
// Reads the file first: a missing file, a directory, an unreadable or oversized file give an
// error diagnostic (and `*unreadable = true` so the CLI can exit 2).
ImportResult importJobFile(const QString &path, bool *unreadable = nullptr);

enum class ExportScope {
    Cloud,     // what gcloud accepts: no trainyardLocal section
    WithLocal, // the job store's copy: the cloud part plus trainyardLocal
};

// YAML in the gcloud form. importJob(exportYaml(job, WithLocal)) reproduces job exactly.
QByteArray exportYaml(const Job &job, ExportScope scope = ExportScope::Cloud);

} // namespace trainyard::jobspec
