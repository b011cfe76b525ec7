// SPDX-License-Identifier: MIT
#include "jobactions/jobactions.h"

#include "catalog/catalog.h"
#include "cloudrecord/cloudjob.h"
#include "exec/locallauncher.h"
#include "jobspec/yamlio.h"
#include "service/layout.h"
#include "service/tfconfig.h"
#include "store/jobstore.h"
#include "threads/offthread.h"
#include "validation/jobids.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QTimer>

namespace trainyard::jobactions {

namespace {

CloudJobHooks g_cloudHooks; // set once by installCloud(), before any window exists

// A stored job as it was run: its spec and its run settings (run.json). Empty, with the reason,
// when the spec cannot be read.
struct StoredJob
{
    jobspec::Job job;
    exec::RunSettings settings;
    QString errorMessage;
};

StoredJob readStoredJob(const store::JobStore &store, const QString &jobId)
{
    StoredJob stored;
    QByteArray yaml;
    if (const store::StoreResult read = store.readConfig(jobId, &yaml); !read) {
        stored.errorMessage = read.errorMessage;
        return stored;
    }
    const jobspec::ImportResult imported = jobspec::importJob(yaml, store.configPath(jobId));
    if (!imported) {
        stored.errorMessage =
            QCoreApplication::translate("trainyard::jobactions", "The config of %1 cannot be read.")
                .arg(jobId);
        return stored;
    }
    stored.job = imported.job;
    exec::readRunSettings(store, jobId, &stored.settings);
    return stored;
}

const catalog::Catalog *defaultCatalog()
{
    static const catalog::LoadResult loaded = catalog::Catalog::loadDefault();
    return loaded.catalog ? loaded.catalog.get() : &catalog::Catalog::builtIn();
}

} // namespace

QString localTrainJobId(const store::JobStore &store, const QString &module, const QDateTime &now,
                        int from)
{
    return validation::stampedJobId(
        validation::jobIdStem(QStringLiteral("local_") + module), now,
        [&store](const QString &id) { return store.contains(id); }, from);
}

QString rerunJobId(const store::JobStore &store, const QString &jobId)
{
    return validation::rerunJobId(jobId,
                                  [&store](const QString &id) { return store.contains(id); });
}

JobCopy copyJob(const store::JobStore &store, const QString &jobId)
{
    JobCopy copy;
    StoredJob stored = readStoredJob(store, jobId);
    if (!stored.errorMessage.isEmpty()) {
        copy.errorMessage = stored.errorMessage;
        return copy;
    }
    copy.job = std::move(stored.job);
    copy.job.jobId = rerunJobId(store, jobId);
    copy.settings = std::move(stored.settings);
    // Paths the run resolved against its config's folder become absolute: the copy runs from
    // wherever it is opened.
    if (!copy.settings.baseDirectory.isEmpty()) {
        const QDir base(copy.settings.baseDirectory);
        QString &package = copy.job.local.packagePath;
        if (!package.isEmpty() && QDir::isRelativePath(package))
            package = QDir::cleanPath(base.filePath(package));
        // An executable with a folder in its name (a bare name is looked up in PATH).
        QString &program = copy.job.local.executable;
        if (QDir::isRelativePath(program) && program.contains(QLatin1Char('/')))
            program = QDir::cleanPath(base.filePath(program));
    }
    return copy;
}

store::StoreResult deleteJob(store::JobStore &store, const QString &jobId, QString *grave)
{
    store::StoreResult result;
    if (const store::StateReadResult read = store.readState(jobId);
        read && !read.state.isTerminal() && store.isOwnerAlive(jobId)) {
        result.errorMessage = QCoreApplication::translate("trainyard::jobactions",
                                                          "%1 is still running; cancel it first.")
                                  .arg(jobId);
        return result;
    }
    return store.deleteJob(jobId, grave);
}

void removeGrave(const QString &grave)
{
    if (!grave.isEmpty())
        QDir(grave).removeRecursively();
}

store::StoreResult cancelLocalJob(const store::JobStore &store, const QString &jobId)
{
    store::StoreResult result;
    if (const store::StateReadResult read = store.readState(jobId);
        read && read.state.isTerminal()) {
        result.errorMessage = QCoreApplication::translate("trainyard::jobactions",
                                                          "The job %1 has already ended: %2.")
                                  .arg(jobId, store::jobStatusName(read.state.state));
        return result;
    }
    result.errorMessage = exec::requestCancel(store, jobId);
    return result;
}

void installCloudJobHooks(const CloudJobHooks &hooks)
{
    g_cloudHooks = hooks;
}

TfConfigResult replicaTfConfig(const store::JobStore &store, const QString &jobId,
                               const store::JobState &state, const QString &replicaName)
{
    TfConfigResult result;
    const StoredJob stored = readStoredJob(store, jobId);
    if (!stored.errorMessage.isEmpty()) {
        result.errorMessage = stored.errorMessage;
        return result;
    }
    const jobspec::Job &job = stored.job;
    const exec::RunSettings &settings = stored.settings;
    service::LayoutResult layout =
        service::planLayout(job, *defaultCatalog(), exec::layoutOptions(settings));
    if (!layout) {
        result.errorMessage = layout.error;
        return result;
    }
    // The ports the owner chose, as the state records them.
    for (service::Replica &replica : layout.layout.replicas) {
        const int i = state.replicaIndex(replica.name);
        if (i >= 0 && state.replicas.at(i).port > 0 && replica.inCluster())
            replica.port = quint16(state.replicas.at(i).port);
    }
    const service::Replica *replica = layout.layout.find(replicaName);
    if (!replica) {
        result.errorMessage = QCoreApplication::translate("trainyard::jobactions",
                                                          "The job's cluster has no replica %1.")
                                  .arg(replicaName);
        return result;
    }
    // A tuning job's replicas run the current (or last) trial.
    const QString trialId = state.tuning && !state.tuning->trials.isEmpty()
                                ? state.tuning->trials.constLast().trialId
                                : QString();
    const QJsonObject config =
        service::tfConfig(job, layout.layout, *replica, trialId, job.trainingInput.args);
    result.json = QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Indented));
    return result;
}

JobActions::JobActions(const QString &storeRoot, QObject *parent)
    : QObject(parent)
    , m_root(storeRoot.isEmpty() ? store::JobStore::defaultRoot() : storeRoot)
    , m_launcher(new exec::LocalLauncher(m_root, this))
{
    qRegisterMetaType<trainyard::jobactions::PreStartReport>();
    connect(m_launcher, &exec::LocalLauncher::started, this, &JobActions::started);
    connect(m_launcher, &exec::LocalLauncher::failed, this,
            [this](const QString &jobId, const QString &error) { Q_EMIT failed(jobId, error); });
}

JobActions::~JobActions() = default;

QString JobActions::storeRoot() const
{
    return m_root;
}

void JobActions::setStoreRoot(const QString &root)
{
    m_root = root.isEmpty() ? store::JobStore::defaultRoot() : root;
    m_launcher->setStoreRoot(m_root);
}

void JobActions::setOwnerProgram(const QString &program)
{
    m_launcher->setOwnerProgram(program);
}

const catalog::Catalog *JobActions::catalog() const
{
    return m_catalog ? m_catalog : defaultCatalog();
}

PreStartRequest JobActions::request(const jobspec::Job &job,
                                    const exec::RunSettings &settings) const
{
    PreStartRequest request;
    request.job = job;
    request.settings = settings;
    request.catalog = catalog();
    request.storeRoot = m_root;
    request.existingJobIds = m_existingJobIds;
    request.inventory = m_inventory;
    return request;
}

store::StoreResult JobActions::start(const jobspec::Job &job, const exec::RunSettings &settings,
                                     const QStringList &skip)
{
    store::StoreResult result;
    const store::JobStore store(m_root);
    if (!store::JobStore::isStorableJobId(job.jobId)) {
        result.errorMessage =
            tr("The job ID \"%1\" cannot name a folder in the job store.").arg(job.jobId);
        return result;
    }
    if (store.contains(job.jobId)) {
        result.errorMessage = tr("There is already a job %1.").arg(job.jobId);
        result.idTaken = true;
        return result;
    }
    PreStartRequest checked = request(job, settings);
    checked.skip = skip;
    ++m_busy;
    threads::offThread(
        this, [checked] { return checkBeforeStart(checked); },
        [this, job, settings](const PreStartReport &report) {
            --m_busy;
            if (report.refused()) {
                Q_EMIT refused(job, settings, report);
                return;
            }
            m_launcher->start(job, settings); // started() or failed() follows
        });
    return result;
}

void JobActions::runAgain(const QString &jobId, std::optional<exec::GpuMode> gpus)
{
    struct Checked
    {
        JobCopy copy;
        PreStartReport report;
    };
    PreStartRequest checked = request({}, {});
    checked.skip = {QStringLiteral("spec")};
    ++m_busy;
    threads::offThread(
        this,
        [checked, jobId, gpus]() mutable {
            Checked out;
            out.copy = copyJob(store::JobStore(checked.storeRoot), jobId);
            if (!out.copy)
                return out;
            if (gpus)
                out.copy.settings.gpus = *gpus;
            checked.job = out.copy.job;
            checked.settings = out.copy.settings;
            out.report = checkBeforeStart(checked);
            return out;
        },
        [this, jobId](const Checked &out) {
            --m_busy;
            if (!out.copy) {
                Q_EMIT failed(jobId, out.copy.errorMessage);
            } else if (out.report.refused()) {
                Q_EMIT refused(out.copy.job, out.copy.settings, out.report);
            } else {
                Q_EMIT runAgainStarting(jobId, out.copy.job.jobId);
                m_launcher->start(out.copy.job, out.copy.settings);
            }
        });
}

void JobActions::clone(const QString &jobId)
{
    struct Checked
    {
        JobCopy copy;
        PreStartReport report;
    };
    PreStartRequest checked = request({}, {});
    ++m_busy;
    threads::offThread(
        this,
        [checked, jobId]() mutable {
            Checked out;
            out.copy = copyJob(store::JobStore(checked.storeRoot), jobId);
            if (!out.copy)
                return out;
            checked.job = out.copy.job;
            checked.settings = out.copy.settings;
            out.report = checkBeforeStart(checked);
            return out;
        },
        [this, jobId](const Checked &out) {
            --m_busy;
            if (!out.copy)
                Q_EMIT failed(jobId, out.copy.errorMessage);
            else
                Q_EMIT cloned(out.copy.job, out.report);
        });
}

store::StoreResult JobActions::remove(const QString &jobId)
{
    store::JobStore store(m_root);
    QString grave;
    const store::StoreResult removed = deleteJob(store, jobId, &grave);
    if (removed) // out of the store at once; its files may be gigabytes of logs
        threads::offThread(this, [grave] { removeGrave(grave); });
    return removed;
}

void JobActions::cancel(const QString &jobId)
{
    const store::JobStore store(m_root);
    if (cloud::isCloudJob(store, jobId)) {
        if (!g_cloudHooks.cancel) {
            QTimer::singleShot(0, this, [this, jobId] {
                Q_EMIT cancelRequested(jobId, tr("This program cannot reach the cloud: the cloud "
                                                 "job %1 was not cancelled.")
                                                  .arg(jobId));
            });
            return;
        }
        // Asynchronous: the service's answer arrives later.
        g_cloudHooks.cancel(m_root, jobId, this, [this, jobId](const QString &error) {
            Q_EMIT cancelRequested(jobId, error);
        });
        return;
    }
    // Creating the request file does not block; the owner polls it.
    const store::StoreResult requested = cancelLocalJob(store, jobId);
    QTimer::singleShot(0, this, [this, jobId, error = requested.errorMessage] {
        Q_EMIT cancelRequested(jobId, error);
    });
}

} // namespace trainyard::jobactions
