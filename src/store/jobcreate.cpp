// SPDX-License-Identifier: MIT
// createJob(Job) on its own: the only part of the store that needs the YAML exporter.
#include "jobspec/job.h"
#include "jobspec/yamlio.h"
#include "store/jobstore.h"

namespace trainyard::store {

StoreResult JobStore::createJob(const jobspec::Job &job, const JobState &initial,
                                const QList<ExtraFile> &extraFiles, FolderSync folderSync)
{
    return createJob(job.jobId, jobspec::exportYaml(job, jobspec::ExportScope::WithLocal), initial,
                     extraFiles, folderSync);
}

} // namespace trainyard::store
