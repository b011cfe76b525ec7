// SPDX-License-Identifier: MIT
// resumePreviousJobId (docs/service.md §12): a new tuning job continues the study of a previous
// one, so both must tune the same thing: the same parameters (names, types, ranges, values,
// scales) and the same goal and metric tag. What differs, one line each; empty when they match.
#pragma once

#include "jobspec/job.h"

#include <QStringList>

namespace trainyard::service::tuning {

QStringList studyDifferences(const jobspec::HyperparameterSpec &now,
                             const jobspec::HyperparameterSpec &previous);

} // namespace trainyard::service::tuning
