// SPDX-License-Identifier: MIT
// The checks a job passes before it is stored and started on this machine, the same for the
// wizard's Run locally, the console's Run again, `trainyard local train` and `trainyard jobs
// submit training`: the spec's validation errors, the package folder, the GPU plan with the
// user's choice (--gpus, the Review page's GPUs), the free-space floor of the store's disk and
// the cluster's ports. A refused job is never stored: nothing is left behind, no job ID used up.
//
// Each finding is a typed diagnostic: the field (a spec path, or the run setting it concerns),
// a message that says what is wrong and names neither a flag nor a control, and the remedies the
// user can choose from. The CLI words a remedy with its flag (cli/prestartwords.cpp), the window
// with its control (ui/jobs/startchoice.cpp).
//
// Adding a check is one place: a function in prestartchecks.cpp and its row in the table there.
#pragma once

#include "exec/jobgpuplan.h"
#include "exec/runsettings.h"
#include "gpu/nvml.h"
#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <optional>

namespace trainyard::catalog {
struct Catalog;
}

namespace trainyard::jobactions {

// What the user can do about a finding. The core names the choice; each face words it.
enum class Remedy {
    RunOnCpu,            // every GPU hidden (--gpus=cpu)
    ShareGpus,           // the GPUs handed out round-robin (--gpus=shared)
    ChoosePackageFolder, // give the trainer's package folder (trainyardLocal.packagePath)
    FixSpec,             // change the spec's field the diagnostic names
    FreeSpace,           // free space on the store's disk, or delete old jobs
    ChooseStartPort,     // another first port for the cluster
};

struct PreStartDiagnostic
{
    QString check; // the check that found it: its name in the table (prestartchecks.cpp)
    jobspec::Severity severity = jobspec::Severity::Error;
    // A spec field ("trainyardLocal.packagePath"), or the run setting concerned ("gpus",
    // "startPort", "store").
    QString field;
    QString message;        // what is wrong; translated; names no flag and no control
    QList<Remedy> remedies; // what the user can do, the likeliest first
    // A finding about one of the spec's fields ("spec": the validator's, "resume": the previous
    // study's) as a spec diagnostic, which the CLI prints with its position in the file.
    jobspec::Diagnostic validation;

    bool isError() const { return severity == jobspec::Severity::Error; }
    bool isInSpec() const { return !validation.message.isEmpty(); }
};

// What the checks are given. Everything is by value, so a request can go to a worker thread.
struct PreStartRequest
{
    jobspec::Job job;
    exec::RunSettings settings;                // the run's, gpus and baseDirectory included
    const catalog::Catalog *catalog = nullptr; // outlives the checks (built-in, or the CLI's)
    QString storeRoot;                         // empty: store::JobStore::defaultRoot()
    QSet<QString> existingJobIds; // for the spec's job ID rule; the store's when left empty
    const jobspec::SourceMap *sources = nullptr; // positions for the spec's diagnostics
    // This machine's GPUs (gpu::readInventory()); read by the checks when not given.
    std::optional<gpu::GpuInventory> inventory;
    int cores = 0; // QThread::idealThreadCount() when 0
    // The checks to run, by name; empty: all. The Review page asks for the pure one it shows as
    // the user changes the GPU choice ("gpus").
    QStringList only;
    // Checks left out, by name: a run again skips "spec" (the stored spec was checked when the
    // job was submitted, and one `local train` made never was a service spec).
    QStringList skip;
};

struct PreStartReport
{
    QList<PreStartDiagnostic> diagnostics; // in the checks' order
    exec::JobGpuPlan gpuPlan;              // the plan the "gpus" check made (notes, replicas)
    bool gpuPlanMade = false;

    // Any error: the job may not be stored.
    bool refused() const;
    explicit operator bool() const { return !refused(); }
    // The errors' remedies, each once, in order.
    QList<Remedy> remedies() const;
    bool offers(Remedy remedy) const { return remedies().contains(remedy); }
    QList<PreStartDiagnostic> errors() const;
    // Findings of one check.
    QList<PreStartDiagnostic> of(const QString &check) const;
};

// Runs the checks (blocking: a stat of the package folder, a statvfs of the store, port probes
// and, without request.inventory, NVML). Call it off the GUI thread (JobActions does).
PreStartReport checkBeforeStart(const PreStartRequest &request);

// The names of the checks, in the order they run.
QStringList preStartCheckNames();

} // namespace trainyard::jobactions
