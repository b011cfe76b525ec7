// SPDX-License-Identifier: MIT
// resumePreviousJobId for a local run (docs/service.md §12): the previous local tuning job whose
// study a new job continues, read from the store, and the check a console runs before it
// stores a job (the CLI's submit, the wizard's Run locally): the previous job exists here, is a
// local tuning job that has ended, and tunes the same parameters with the same goal and metric
// tag (service::tuning::studyDifferences). The owner reads the same study again when it plans
// the trials.
#pragma once

#include "jobspec/diagnostic.h"
#include "jobspec/job.h"
#include "store/jobstate.h"
#include "store/jobstore.h"

#include <optional>

namespace trainyard::exec {

struct PreviousStudy
{
    QString jobId;
    jobspec::HyperparameterSpec spec;
    QList<store::TrialState> trials; // as its state.json records them
    QString errorMessage;            // why the job cannot be resumed; empty when it can

    explicit operator bool() const { return errorMessage.isEmpty(); }
    // The highest trial ID of the previous job (the new IDs continue after it).
    int lastTrialId() const;
};

// The study `job` resumes (its hyperparameters name resumePreviousJobId, which must not be
// empty), read from `store`.
PreviousStudy readPreviousStudy(const store::JobStore &store, const jobspec::Job &job);

// The pre-start check: nullopt when the job resumes nothing or a study it may resume, else an
// error on trainingInput.hyperparameters.resumePreviousJobId saying what differs and what to do.
std::optional<jobspec::Diagnostic> checkResumePreviousJob(const store::JobStore &store,
                                                          const jobspec::Job &job);

} // namespace trainyard::exec
