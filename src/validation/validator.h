// SPDX-License-Identifier: MIT
// Validation: one pure function from a spec, the catalog and the job IDs that already exist to
// a list of diagnostics. Messages say what is wrong and what would be valid:
// "3 × NVIDIA_TESLA_T4 cannot attach to n1-highcpu-16; valid counts: 1, 2, 4".
// Rules built on facts the catalog marks uncertain produce warnings, not errors.
#pragma once

#include "catalog/catalog.h"
#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QSet>
#include <QString>

namespace trainyard::validation {

enum class Target {
    Cloud, // the job will be submitted to the service: jobDir must be gs://, packages needed
    Local, // a local dry-run: a local jobDir and a local package directory are fine
};

struct Options
{
    Target target = Target::Cloud;
    QSet<QString> existingJobIds;
};

// Diagnostics carry field paths; pass `sources` to have positions and origins filled in.
jobspec::Diagnostics validate(const jobspec::Job &job, const catalog::Catalog &catalog,
                              const Options &options = {},
                              const jobspec::SourceMap *sources = nullptr);

// The job ID rules alone (docs/service.md §1), for live checks of a single field. Empty when valid.
// The message names the rule and the offending character's position.
jobspec::Diagnostics validateJobId(const QString &jobId, const QSet<QString> &existingJobIds = {});

} // namespace trainyard::validation
