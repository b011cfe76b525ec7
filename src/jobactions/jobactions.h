// SPDX-License-Identifier: MIT
// The actions on a job, one way for every face: start (after the pre-start checks, prestart.h),
// run again, clone into the wizard, delete and cancel (a local job through its owner's cancel
// file, a cloud job through the hook trainyard_cloud installs). The wizard and the console use
// JobActions, which does the blocking parts off the GUI thread; the CLI calls the blocking
// functions below on its own thread. A window decides none of it: it asks, and shows what comes
// back (a refusal's diagnostics next to its controls, with the remedies as choices).
#pragma once

#include "exec/runsettings.h"
#include "jobactions/prestart.h"
#include "jobspec/job.h"
#include "store/jobstate.h"
#include "store/jobstore.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>

namespace trainyard::catalog {
struct Catalog;
}

namespace trainyard::exec {
class LocalLauncher;
}

namespace trainyard::jobactions {

// ---- Job IDs: the one generator (validation/jobids.h) against the store's jobs ----

// local_MODULE_YYYYMMDD_HHMMSS, _2, _3 ... when taken (`trainyard local train`); with `from` > 1
// the first candidate is _<from>. Only the store's atomic creation makes it unique against a run
// started at the same moment: the caller tries the next `from` when it was taken.
QString localTrainJobId(const store::JobStore &store, const QString &module, const QDateTime &now,
                        int from = 1);
// The ID a run again of `jobId` gets: JOB_run2, JOB_run3 ...
QString rerunJobId(const store::JobStore &store, const QString &jobId);

// ---- Run again and clone ----

// A stored job made new: its spec under a fresh ID (rerunJobId), its paths that the run resolved
// against the config's folder made absolute, and the run settings it was started with. Blocking
// (config.yaml and run.json are read).
struct JobCopy
{
    jobspec::Job job;
    exec::RunSettings settings;
    QString errorMessage;
    explicit operator bool() const { return errorMessage.isEmpty(); }
};
JobCopy copyJob(const store::JobStore &store, const QString &jobId);

// ---- Delete and cancel ----

// Deletes a job: refused while its owner runs it (cancel it first). The folder leaves the store
// at once; *grave is where its files wait to be removed (removeGrave(), off the GUI thread).
store::StoreResult deleteJob(store::JobStore &store, const QString &jobId, QString *grave);
void removeGrave(const QString &grave);

// Asks a local job's owner to cancel it (a file the owner polls: exec::requestCancel); refused
// when the job has ended. `trainyard jobs cancel` and JobActions::cancel() alike.
store::StoreResult cancelLocalJob(const store::JobStore &store, const QString &jobId);

// A cloud job's actions, installed by trainyard_cloud (cloud/commands/cloudcommands.h,
// installCloud()); a program without it cannot reach the service.
struct CloudJobHooks
{
    // Requests the cancel of the cloud job; `done` gets an empty string or a message, on
    // `context`'s thread.
    using Done = std::function<void(const QString &error)>;
    std::function<void(const QString &storeRoot, const QString &jobId, QObject *context, Done done)>
        cancel;
};
void installCloudJobHooks(const CloudJobHooks &hooks);

// ---- The TF_CONFIG view ----

// A replica's TF_CONFIG as its owner computed it: the stored config.yaml and run.json give the
// cluster layout (exec::layoutOptions, service::planLayout), the recorded state each replica's
// port and the trial running, service::tfConfig() the JSON. Blocking (two small files).
struct TfConfigResult
{
    QString json; // indented
    QString errorMessage;
    explicit operator bool() const { return errorMessage.isEmpty(); }
};
TfConfigResult replicaTfConfig(const store::JobStore &store, const QString &jobId,
                               const store::JobState &state, const QString &replicaName);

// ---- The object the windows use ----

class JobActions : public QObject
{
    Q_OBJECT
public:
    // storeRoot empty: store::JobStore::defaultRoot(). The checks use the default catalog
    // (catalog::Catalog::loadDefault()) unless setCatalog() gives another.
    explicit JobActions(const QString &storeRoot = {}, QObject *parent = nullptr);
    ~JobActions() override;

    QString storeRoot() const;
    void setStoreRoot(const QString &root);
    void setOwnerProgram(const QString &program);
    // The catalog the spec is checked against; it must outlive this object.
    void setCatalog(const catalog::Catalog *catalog) { m_catalog = catalog; }
    const catalog::Catalog *catalog() const;
    // Taken job IDs for the spec's check (the wizard's); the store's when empty.
    void setExistingJobIds(const QSet<QString> &ids) { m_existingJobIds = ids; }
    // This machine's GPUs when already read (the wizard reads them once); else each start does.
    void setInventory(const gpu::GpuInventory &inventory) { m_inventory = inventory; }
    exec::LocalLauncher *launcher() const { return m_launcher; }

    // Checks the job off the GUI thread and, when nothing refuses, stores and starts it:
    // refused() (nothing stored), or started() / failed() follows. An ID the store cannot take
    // (not storable, or taken) is refused at once: the result says why, and nothing follows.
    // `skip`: checks left out, by name (prestart.h).
    store::StoreResult start(const jobspec::Job &job, const exec::RunSettings &settings,
                             const QStringList &skip = {});
    // Run again: a copy of the job (copyJob), its recorded GPU choice replaced by `gpus` when
    // given (the user's pick in the choice a refusal offered), then start().
    void runAgain(const QString &jobId, std::optional<exec::GpuMode> gpus = std::nullopt);
    // Clone into the wizard: the copy, with the checks' findings; cloned() follows.
    void clone(const QString &jobId);
    // Deletes a job (deleteJob(): refused while it runs); its files are removed off the GUI
    // thread.
    store::StoreResult remove(const QString &jobId);
    // Cancels a job, local or cloud: cancelRequested() follows.
    void cancel(const QString &jobId);
    // Starts or copies in flight.
    bool isBusy() const { return m_busy > 0; }

Q_SIGNALS:
    // The checks refused the job; nothing was stored. `job` and `settings` are what was checked,
    // for a retry with the remedy the user picked.
    void refused(const trainyard::jobspec::Job &job, const trainyard::exec::RunSettings &settings,
                 const trainyard::jobactions::PreStartReport &report);
    // A run again passed the checks: `newJobId` is being stored and started.
    void runAgainStarting(const QString &jobId, const QString &newJobId);
    // The job is stored and its owner runs it.
    void started(const QString &jobId);
    // The job could not be copied, stored or started (a job stored is recorded FAILED).
    void failed(const QString &jobId, const QString &errorMessage);
    void cloned(const trainyard::jobspec::Job &job,
                const trainyard::jobactions::PreStartReport &report);
    void cancelRequested(const QString &jobId, const QString &errorMessage);

private:
    PreStartRequest request(const jobspec::Job &job, const exec::RunSettings &settings) const;

    QString m_root;
    exec::LocalLauncher *m_launcher;
    const catalog::Catalog *m_catalog = nullptr;
    QSet<QString> m_existingJobIds;
    std::optional<gpu::GpuInventory> m_inventory;
    int m_busy = 0;
};

} // namespace trainyard::jobactions

Q_DECLARE_METATYPE(trainyard::jobactions::PreStartReport)
