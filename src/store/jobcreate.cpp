// SPDX-License-Identifier: MIT
// createJob(Job) on its own: the only part of the store that needs the YAML exporter.
#include "spec/job.h"
#include "spec/yamlio.h"
#include "store/jobstore.h"

namespace trainyard::store {

StoreResult JobStore::createJob(const spec::Job &job, const JobState &initial)
{
    return createJob(job.jobId, spec::exportYaml(job, spec::ExportScope::WithLocal), initial);
}

} // namespace trainyard::store
