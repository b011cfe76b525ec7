// SPDX-License-Identifier: MIT
// The Supervisor's job lifecycle: claiming, preparing, polling, stopping and finishing the job.
#include "exec/supervisor.h"

#include "catalog/catalog.h"
#include "secrets/resolve.h"
#include "jobspec/yamlio.h"
#include "store/ownerlock.h"
#include "store/procidentity.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <signal.h>
#include <unistd.h>

namespace trainyard::exec {

namespace {

using detail::note;
using store::JobStatus;
using store::ReplicaStatus;

// A google.protobuf.Duration in JSON form ("3600s", "1.5s") in milliseconds; 0 when unset or
// not a duration (validation reports those).
qint64 durationMs(const QString &text)
{
    if (!text.endsWith(QLatin1Char('s')))
        return 0;
    bool ok = false;
    const double seconds = text.chopped(1).toDouble(&ok);
    return ok && seconds > 0 ? qint64(seconds * 1000) : 0;
}

bool isCloudPath(const QString &path)
{
    return path.contains(QLatin1String("://"));
}

} // namespace

Supervisor::Supervisor(const store::JobStore &store, const QString &jobId, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_jobId(jobId)
{
    m_poll.setInterval(PollIntervalMs);
    connect(&m_poll, &QTimer::timeout, this, &Supervisor::poll);
}

Supervisor::~Supervisor()
{
    // Normally everything stopped already; this is the last line of defence.
    signalJobProcesses(SIGKILL);
}

void Supervisor::cancel()
{
    m_cancelRequested = true;
    if (m_phase == Phase::Starting || m_phase == Phase::Running)
        beginStop(JobStatus::Cancelled, QString());
}

void Supervisor::start()
{
    const store::LockResult lock = m_lock.tryAcquire(m_store.ownerLockPath(m_jobId), 5000);
    if (!lock) {
        note(tr("Cannot claim the job %1: %2").arg(m_jobId, lock.errorMessage));
        QTimer::singleShot(0, this, [this] { Q_EMIT finished(3); });
        return;
    }
    const store::StateReadResult read = m_store.readState(m_jobId);
    if (!read) {
        note(tr("Cannot read the state of the job %1: %2").arg(m_jobId, read.errorMessage));
        m_lock.release();
        QTimer::singleShot(0, this, [this] { Q_EMIT finished(3); });
        return;
    }
    m_state = read.state;
    if (m_state.isTerminal()) {
        note(tr("The job %1 has already ended.").arg(m_jobId));
        m_lock.release();
        const int code = m_state.state == JobStatus::Succeeded ? 0 : 1;
        QTimer::singleShot(0, this, [this, code] { Q_EMIT finished(code); });
        return;
    }
    m_state.ownerPid = qint64(::getpid());
    m_state.bootId = store::currentBootId();
    m_metrics = new metrics::OwnerMetrics(m_store.metricsDir(m_jobId), m_store.hypertuneDir(m_jobId),
                                          this);
    if (QString why; !m_metrics->start(&why)) {
        note(tr("Metrics are not recorded by the owner: %1").arg(why));
    } else {
        m_system = std::make_unique<metrics::SystemSampler>(
            [owner = m_metrics](const metrics::SystemPoints &points) { owner->addPoints(points); });
        m_system->start();
    }
    m_poll.start();
    if (isCancelRequested(m_store, m_jobId) || m_cancelRequested) {
        finishEarly(JobStatus::Cancelled, QString());
        return;
    }
    m_state.state = JobStatus::Preparing;
    m_state.errorMessage.clear();
    writeState();
    if (!prepare())
        return;
    if (isTuning()) {
        startTrial(0);
        return;
    }
    if (const QString error = setUpReplicas(); !error.isEmpty()) {
        finishEarly(JobStatus::Failed, error);
        return;
    }
    m_phase = Phase::Starting;
    startAll();
}

bool Supervisor::prepare()
{
    if (const QString error = readRunSettings(m_store, m_jobId, &m_settings); !error.isEmpty()) {
        finishEarly(JobStatus::Failed, error);
        return false;
    }
    QByteArray yaml;
    if (const store::StoreResult r = m_store.readConfig(m_jobId, &yaml); !r) {
        finishEarly(JobStatus::Failed, r.errorMessage);
        return false;
    }
    const jobspec::ImportResult imported = jobspec::importJob(yaml, QStringLiteral("config.yaml"));
    if (!imported.ok()) {
        QStringList messages;
        for (const jobspec::Diagnostic &d : imported.diagnostics) {
            if (d.severity == jobspec::Severity::Error)
                messages << d.message;
        }
        finishEarly(
            JobStatus::Failed,
            tr("The stored spec cannot be read: %1").arg(messages.join(QStringLiteral("; "))));
        return false;
    }
    m_job = imported.job;
    if (m_job.jobId.isEmpty())
        m_job.jobId = m_jobId;
    if (m_job.trainingInput.scheduling)
        m_maxRunningMs = durationMs(m_job.trainingInput.scheduling->maxRunningTime);

    // Only the predefined tiers need the catalog (their local shapes); CUSTOM gives its counts.
    static const catalog::Catalog noCatalog;
    catalog::LoadResult catalogLoad;
    const catalog::Catalog *catalog = &noCatalog;
    if (m_job.trainingInput.scaleTier != QLatin1String("CUSTOM")) {
        catalogLoad = catalog::Catalog::loadDefault();
        if (!catalogLoad) {
            finishEarly(JobStatus::Failed, tr("The service catalog cannot be loaded."));
            return false;
        }
        catalog = catalogLoad.catalog.get();
    }
    LayoutOptions layoutOptions;
    layoutOptions.style = m_settings.style;
    layoutOptions.distributed = m_settings.distributed;
    layoutOptions.startPort = m_settings.startPort;
    layoutOptions.maxLocalReplicas = m_settings.maxLocalReplicas;
    layoutOptions.localTensorFlowMajor = m_settings.localTensorFlowMajor;
    LayoutResult layout = planLayout(m_job, *catalog, layoutOptions);
    if (!layout) {
        finishEarly(JobStatus::Failed, layout.error);
        return false;
    }
    for (const QString &warning : std::as_const(layout.layout.warnings))
        note(warning);
    // Pick ports under the store-wide lock, skipping those other live jobs have reserved but
    // whose replicas may not listen yet (two jobs started together would otherwise both probe
    // 27182 free and clash), and reserve ours before letting the next owner choose.
    {
        store::OwnerLock portsLock;
        if (const store::LockResult locked = portsLock.tryAcquire(m_store.portsLockPath(), 10000);
            !locked)
            note(tr("Ports are chosen without the store's port lock: %1").arg(locked.errorMessage));
        const PortResult ports = assignFreePorts(layout.layout, m_store.reservedPorts(m_jobId));
        if (!ports) {
            finishEarly(JobStatus::Failed, ports.error);
            return false;
        }
        if (const store::StoreResult reserved = m_store.reservePorts(m_jobId, ports.ports);
            !reserved)
            note(tr("The ports cannot be reserved: %1").arg(reserved.errorMessage));
    }

    EnvironmentOptions envOptions;
    envOptions.python = m_settings.python;
    envOptions.baseDirectory = m_settings.baseDirectory;
    envOptions.metricsDirectory = m_store.hypertuneDir(m_jobId);
    QString jobDir = m_settings.jobDir;
    if (jobDir.isEmpty() && !m_job.trainingInput.jobDir.isEmpty() &&
        !isCloudPath(m_job.trainingInput.jobDir)) {
        const QDir base(m_settings.baseDirectory.isEmpty() ? QDir::currentPath()
                                                           : m_settings.baseDirectory);
        jobDir = QDir::cleanPath(base.absoluteFilePath(m_job.trainingInput.jobDir));
    }
    if (jobDir.isEmpty())
        jobDir = defaultOutputDirectory(m_store, m_jobId);
    QDir().mkpath(jobDir);
    envOptions.jobDir = jobDir;
    if (m_metrics)
        m_metrics->setTensorBoardRoots({jobDir}); // AIP_TENSORBOARD_LOG_DIR, trials: inside

    // Secret references (trainyardLocal.env NAME: {secret: ...}) are read from the keychain
    // here; a job without any never touches it, a job whose secret is missing fails naming it.
    // Their values are masked in every line the replicas print before it is stored.
    if (!secrets::secretReferences(m_job).isEmpty()) {
        const secrets::SecretResolution resolution = secrets::resolveSecretsBlocking(m_job);
        if (!resolution) {
            finishEarly(JobStatus::Failed, resolution.errorMessage);
            return false;
        }
        for (const QString &name : resolution.shortSecrets)
            note(tr("The secret %1 is shorter than 4 bytes and is not masked in logs.").arg(name));
        envOptions.secretResolver = resolution.resolver();
        m_masker = resolution.masker();
    }

    m_layout = layout.layout;
    m_envOptions = envOptions;

    return !m_job.trainingInput.hyperparameters || planTuning();
}


void Supervisor::beginStop(JobStatus outcome, const QString &errorMessage, bool rerun)
{
    if (m_phase == Phase::Stopping || m_phase == Phase::Done)
        return;
    m_phase = Phase::Stopping;
    ++m_generation;
    m_outcome = outcome;
    m_outcomeMessage = errorMessage;
    m_rerunAfterStop = rerun;
    m_killSent = false;
    m_stopTimer.start();
    if (outcome == JobStatus::Cancelled) {
        m_state.state = JobStatus::Cancelling;
        writeState();
    }
    signalJobProcesses(SIGTERM);
    poll();
}

void Supervisor::poll()
{
    if ((m_phase == Phase::Starting || m_phase == Phase::Running) &&
        (m_cancelRequested || isCancelRequested(m_store, m_jobId))) {
        m_cancelRequested = true;
        beginStop(JobStatus::Cancelled, QString());
        return;
    }
    if ((m_phase == Phase::Starting || m_phase == Phase::Running) && m_maxRunningMs > 0 &&
        m_runningTimer.isValid() && m_runningTimer.elapsed() >= m_maxRunningMs) {
        beginStop(JobStatus::Cancelled,
                  tr("The job ran longer than its maximum running time (scheduling.maxRunningTime "
                     "%1) and was cancelled.")
                      .arg(m_job.trainingInput.scheduling->maxRunningTime));
        return;
    }
    if ((m_phase == Phase::Starting || m_phase == Phase::Running) &&
        ++m_pollCount % RecordProcessesEvery == 0)
        recordProcesses();
    if (m_phase == Phase::Stopping) {
        const bool alive = jobProcessesLeft();
        const qint64 elapsed = m_stopTimer.elapsed();
        if (!alive) {
            completeStop();
            return;
        }
        if (!m_killSent && elapsed >= m_settings.graceMs) {
            note(tr("Grace period over: killing what is left of the replicas."));
            signalJobProcesses(SIGKILL);
            m_killSent = true;
        } else if (m_killSent && elapsed >= qint64(m_settings.graceMs) + 10000) {
            note(tr("Some replica processes do not die; giving up on them."));
            completeStop();
            return;
        }
    }
    if (m_dirty)
        writeState();
}

void Supervisor::completeStop()
{
    for (store::ReplicaState &rs : m_state.replicas) {
        if (rs.state == ReplicaStatus::Running || rs.state == ReplicaStatus::Restarting ||
            rs.state == ReplicaStatus::Pending)
            rs.state = ReplicaStatus::Stopped;
    }
    if (m_rerunAfterStop && !m_cancelRequested) {
        ++m_state.attempt;
        m_rerunAfterStop = false;
        m_phase = Phase::Starting;
        m_state.state = JobStatus::Running;
        writeState();
        startAll();
        return;
    }
    JobStatus outcome = m_outcome;
    if (m_rerunAfterStop) // cancelled while stopping for a rerun
        outcome = JobStatus::Cancelled;
    // Failures and a cancel for overrunning maxRunningTime say why; a user's cancel does not.
    QString message = outcome == JobStatus::Succeeded ? QString() : m_outcomeMessage;
    if (isTuning() && !endTrial(&outcome, &message))
        return; // the next trial runs
    m_state.state = outcome;
    m_state.errorMessage = message;
    m_state.endTime = QDateTime::currentDateTimeUtc();
    m_state.processes.clear(); // none is left
    finishWith(outcome == JobStatus::Succeeded ? 0 : 1);
}

void Supervisor::finishEarly(JobStatus outcome, const QString &errorMessage)
{
    m_state.state = outcome;
    m_state.errorMessage = errorMessage;
    m_state.endTime = QDateTime::currentDateTimeUtc();
    if (!errorMessage.isEmpty())
        note(errorMessage);
    finishWith(outcome == JobStatus::Succeeded ? 0 : 1);
}

void Supervisor::finishWith(int exitCode)
{
    m_phase = Phase::Done;
    m_poll.stop();
    m_system.reset(); // before the store closes
    if (m_metrics)
        m_metrics->stop();
    if (!writeState()) { // the final state: kept in memory and retried (disk full)
        m_finalWriteTimer.start();
        QTimer::singleShot(PollIntervalMs, this, [this, exitCode] { retryFinalWrite(exitCode); });
        return;
    }
    m_lock.release();
    QTimer::singleShot(0, this, [this, exitCode] { Q_EMIT finished(exitCode); });
}

} // namespace trainyard::exec
