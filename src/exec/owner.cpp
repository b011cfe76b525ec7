// SPDX-License-Identifier: MIT
// The Owner's job lifecycle: claiming, preparing, wiring its parts, polling, stopping and
// finishing the job.
#include "exec/owner.h"

#include "catalog/catalog.h"
#include "exec/companion.h"
#include "exec/jobgpuplan.h"
#include "exec/ports.h"
#include "gpu/gpusampler.h"
#include "jobspec/yamlio.h"
#include "secrets/references.h"
#include "store/ownerlock.h"
#include "store/procidentity.h"
#include "text/plaintext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QSet>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
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

// How much of a name from outside (a rehearsal request's replica) a note shows.
constexpr qsizetype MaxShownNameLength = 100;

bool isCloudPath(const QString &path)
{
    return path.contains(QLatin1String("://"));
}

} // namespace

Owner::Owner(const store::JobStore &store, const QString &jobId, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_jobId(jobId)
{
    m_poll.setInterval(PollIntervalMs);
    connect(&m_poll, &QTimer::timeout, this, &Owner::poll);
}

Owner::~Owner()
{
    // Normally everything stopped already; this is the last line of defence.
    m_containment.signalAll(SIGKILL);
    delete m_run; // before m_containment, which they unregister from
    delete m_trials;
    if (m_backgroundWrite) // a state write still on the pool lands before the owner is gone
        m_backgroundWrite->waitForFinished();
}

void Owner::cancel()
{
    m_cancelRequested = true;
    if (m_phase == Phase::Running)
        stopJob(JobStatus::Cancelled, QString());
}

QList<LiveReplica> Owner::liveReplicas() const
{
    if (m_run)
        return m_run->liveReplicas();
    if (m_trials)
        return m_trials->liveReplicas();
    return {};
}

void Owner::start()
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
    // The metric store opens once the replicas run (startMetrics): nothing it does is needed
    // before, and its locks, catch-up and syncs would otherwise delay every replica's start.
    // The observers only flag new lines, and the store catches up on every log when it opens.
    m_metrics =
        new metrics::OwnerMetrics(m_store.metricsDir(m_jobId), m_store.hypertuneDir(m_jobId), this);
    m_poll.start();
    if (isCancelRequested(m_store, m_jobId) || m_cancelRequested) {
        finishEarly(JobStatus::Cancelled, QString());
        return;
    }
    m_state.state = JobStatus::Preparing;
    m_state.errorMessage.clear();
    // RUNNING (or the end) follows with a durable write; until then a power loss may bring
    // back QUEUED, which recovery treats the same. Written and synced on a thread while the
    // job is prepared; the next state write waits for it (writeState()).
    m_backgroundWrite = QtConcurrent::run([store = m_store, id = m_jobId, state = m_state] {
        return store.writeState(id, state, store::Durability::ContentOnly);
    });
    if (!prepare())
        return;
    m_phase = Phase::Running;
    if (m_trials) {
        m_trials->start(); // ends the job itself when the first trial cannot start
        return;
    }
    m_run = new ReplicaSet(setConfig(), &m_containment, this);
    if (const QString error = m_run->setUp(); !error.isEmpty()) {
        finishEarly(JobStatus::Failed, error);
        return;
    }
    connectPart(m_run);
    connect(m_run, &ReplicaSet::finished, this, &Owner::onFinished);
    m_run->start();
}

void Owner::startMetrics()
{
    if (!m_metrics || m_metricsStarted)
        return;
    m_metricsStarted = true;
    if (QString why; !m_metrics->start(&why)) {
        note(tr("Metrics are not recorded by the owner: %1").arg(why));
        return;
    }
    if (m_phase == Phase::Done)
        return; // only the catch-up of what was logged: finishWith() stops it at once
    m_system = std::make_unique<metrics::SystemSampler>(
        [owner = m_metrics](const metrics::SystemPoints &points) { owner->addPoints(points); });
    m_system->setNoteSink([](const QString &text) { note(text); }); // note() is thread-safe
    m_system->setGpusPresent(m_gpusPresent); // no GPU helper on a machine without GPUs
    m_system->start(metrics::SystemSampler::IntervalMs, true);
    // The sampled trees follow the running replicas (starts, restarts, exits, trials).
    connect(this, &Owner::replicasChanged, this, [this] {
        if (!m_system)
            return;
        QSet<QString> live;
        for (const LiveReplica &replica : liveReplicas()) {
            if (replica.pid <= 0)
                continue;
            live.insert(replica.logName);
            m_system->setReplica(replica.logName, replica.pid); // same pid: kept as it is
        }
        for (const QString &gone : std::as_const(m_sampled)) {
            if (!live.contains(gone))
                m_system->removeReplica(gone);
        }
        m_sampled = live;
    });
}

ReplicaSetConfig Owner::setConfig()
{
    ReplicaSetConfig config;
    config.store = m_store;
    config.jobId = m_jobId;
    config.job = m_job;
    config.layout = m_layout;
    config.options = m_envOptions;
    config.settings = m_settings;
    config.masker = m_masker;
    config.extraEnvironment = m_gpuEnvironment;
    config.metrics = m_metrics;
    config.cancelRequested = [this] { return m_cancelRequested; };
    config.logStopped = [this](const QString &logName, int error, qint64 atMs) {
        onLogStopped(logName, error, atMs);
    };
    return config;
}

template<typename Part>
static void connectSignals(Owner *owner, Part *part, const std::function<void()> &dirty,
                           const std::function<void()> &now, const std::function<void()> &running,
                           const std::function<void()> &rerunning)
{
    QObject::connect(part, &Part::changed, owner, dirty);
    QObject::connect(part, &Part::changedNow, owner, now);
    QObject::connect(part, &Part::running, owner, running);
    QObject::connect(part, &Part::rerunning, owner, rerunning);
}

void Owner::connectPart(QObject *part)
{
    const auto dirty = [this] {
        m_dirty = true;
        Q_EMIT replicasChanged();
    };
    const auto now = [this] {
        writeState();
        Q_EMIT replicasChanged();
    };
    const auto running = [this] { onRunning(); };
    const auto rerunning = [this] {
        m_state.state = JobStatus::Running;
        writeState();
    };
    if (auto *set = qobject_cast<ReplicaSet *>(part))
        connectSignals(this, set, dirty, now, running, rerunning);
    else if (auto *trials = qobject_cast<TrialRunner *>(part))
        connectSignals(this, trials, dirty, now, running, rerunning);
}

void Owner::onRunning()
{
    if (m_phase != Phase::Running)
        return;
    m_state.state = JobStatus::Running;
    if (!m_state.startTime.isValid()) {
        m_state.startTime = QDateTime::currentDateTimeUtc();
        m_runningTimer.start();
    }
    // The replicas' identities hold for this boot only: a power loss that took this rename
    // back would have ended the processes it names too, and recovery ends the job as it would
    // a RUNNING one. So the folder is left to the next durable write (or the kernel's
    // write-back); the file itself is synced, never torn.
    writeState(store::Durability::ContentOnly);
    startMetrics();
    Q_EMIT replicasChanged();
}

bool Owner::prepare()
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

    // The predefined tiers need the catalog (their local shapes); CUSTOM gives its counts, and
    // without a catalog its machine types' built-in GPUs are unknown (acceleratorConfig counts).
    static const catalog::Catalog noCatalog;
    const catalog::LoadResult catalogLoad = catalog::Catalog::loadDefault(); // compiled: < 1 ms
    const catalog::Catalog *catalog = catalogLoad ? catalogLoad.catalog.get() : &noCatalog;
    if (!catalogLoad && m_job.trainingInput.scaleTier != QLatin1String("CUSTOM")) {
        finishEarly(JobStatus::Failed, tr("The service catalog cannot be loaded."));
        return false;
    }
    service::LayoutResult layout = service::planLayout(m_job, *catalog, layoutOptions(m_settings));
    if (!layout) {
        finishEarly(JobStatus::Failed, layout.error);
        return false;
    }
    for (const QString &warning : std::as_const(layout.layout.warnings))
        note(warning);

    // GPUs are placed before anything starts; a job this machine cannot hold is refused here.
    // Through NVML's helper process, within its deadline (gpu/gpusampler.h).
    const gpu::GpuInventory inventory = gpu::readInventory();
    m_gpusPresent = inventory.hasGpus();
    for (const QString &line : inventory.notes)
        note(line);
    const JobGpuPlan gpuPlan =
        planJobGpus(m_job, m_settings, *catalog, inventory.gpus, QThread::idealThreadCount());
    if (!gpuPlan) {
        finishEarly(JobStatus::Failed, gpuPlan.error);
        return false;
    }
    const QStringList gpuNotes = gpuPlan.notes();
    for (const QString &line : gpuNotes)
        note(line);
    for (const QString &line : gpuPlan.replicaLines())
        note(line);
    const int slotCount = m_job.trainingInput.hyperparameters ? gpuPlan.trialSlots.count : 1;
    QList<service::ClusterLayout> layouts;
    if (!reservePorts(layout.layout, slotCount, &layouts))
        return false;
    QList<QHash<QString, QList<QPair<QString, QString>>>> slotEnvironments;
    for (int slot = 0; slot < slotCount; ++slot) {
        QHash<QString, QList<QPair<QString, QString>>> env;
        const GpuPlacement &placement = gpuPlan.trialSlots.placements.at(slot);
        for (const service::Replica &replica : std::as_const(layout.layout.replicas)) {
            if (const auto vars = placement.environment(replica.name); !vars.isEmpty())
                env.insert(replica.name, vars);
        }
        slotEnvironments << env;
    }
    m_gpuEnvironment = slotEnvironments.constFirst();

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
    // A program without a keychain hands such a job to one with it before it gets here
    // (runOwner); this is what is left when that program could not be started.
    if (!secrets::secretReferences(m_job).isEmpty()) {
        const secrets::BlockingResolver resolve = secrets::blockingResolver();
        if (!resolve) {
            finishEarly(JobStatus::Failed,
                        tr("The job's secrets cannot be read: this program has no keychain, "
                           "and %1 beside it could not be started.")
                            .arg(QLatin1String(CloudProgramName)));
            return false;
        }
        const secrets::SecretResolution resolution = resolve(m_job);
        if (!resolution) {
            finishEarly(JobStatus::Failed, resolution.errorMessage);
            return false;
        }
        for (const QString &name : resolution.shortSecrets)
            note(tr("The secret %1 is shorter than 4 bytes and is not masked in logs.").arg(name));
        envOptions.secretResolver = resolution.resolver();
        m_masker = resolution.masker();
    }

    m_layout = layouts.constFirst();
    m_envOptions = envOptions;
    if (!m_job.trainingInput.hyperparameters)
        return true;
    for (int slot = 0; slot < layouts.size(); ++slot)
        m_slots.append(TrialSlot{layouts.at(slot), slotEnvironments.at(slot)});
    m_trials = new TrialRunner(setConfig(), m_slots, &m_containment, this);
    if (QString error; !m_trials->plan(&error)) {
        finishEarly(JobStatus::Failed, error);
        return false;
    }
    m_state.tuning = m_trials->tuning();
    connectPart(m_trials);
    connect(m_trials, &TrialRunner::finished, this, &Owner::onFinished);
    return true;
}

bool Owner::reservePorts(const service::ClusterLayout &layout, int slotCount,
                         QList<service::ClusterLayout> *layouts)
{
    // Every port is claimed for the machine as it is chosen (ports.h): owners of other jobs, of
    // other stores and of other users skip it until this owner exits. Each slot (a trial running
    // beside others) gets ports of its own.
    if (!m_ports.note().isEmpty())
        note(tr("Ports are reserved for this user only: %1").arg(m_ports.note()));
    for (int slot = 0; slot < slotCount; ++slot) {
        service::ClusterLayout slotLayout = layout;
        const PortResult ports = assignFreePorts(slotLayout, {}, &m_ports);
        if (!ports) {
            finishEarly(JobStatus::Failed, ports.error);
            return false;
        }
        layouts->append(slotLayout);
    }
    return true;
}

void Owner::stopJob(JobStatus outcome, const QString &errorMessage)
{
    if (m_phase != Phase::Running)
        return;
    m_phase = Phase::Stopping;
    if (outcome == JobStatus::Cancelled) {
        m_state.state = JobStatus::Cancelling;
        writeState();
    }
    if (m_trials)
        m_trials->stop(outcome, errorMessage);
    else if (m_run)
        m_run->stop(outcome, errorMessage);
}

void Owner::poll()
{
    if (m_phase == Phase::Running && (m_cancelRequested || isCancelRequested(m_store, m_jobId))) {
        m_cancelRequested = true;
        stopJob(JobStatus::Cancelled, QString());
        return;
    }
    if (m_phase == Phase::Running && m_maxRunningMs > 0 && m_runningTimer.isValid() &&
        m_runningTimer.elapsed() >= m_maxRunningMs) {
        stopJob(JobStatus::Cancelled,
                tr("The job ran longer than its maximum running time (scheduling.maxRunningTime "
                   "%1) and was cancelled.")
                    .arg(m_job.trainingInput.scheduling->maxRunningTime));
        return;
    }
    if (m_phase == Phase::Running)
        takeRehearsals();
    ++m_pollCount;
    if (m_phase == Phase::Running && m_pollCount % RecordProcessesEvery == 0 &&
        m_containment.recordProcesses(&m_state.processes))
        m_dirty = true;
    if (m_phase == Phase::Running && m_pollCount % CheckSpaceEvery == 0)
        checkSpace();
    if (m_trials)
        m_trials->poll();
    else if (m_run)
        m_run->poll();
    if (m_dirty && m_phase != Phase::Done)
        writeState();
}

void Owner::onFinished(JobStatus outcome, const QString &errorMessage)
{
    if (m_phase == Phase::Done)
        return;
    m_state.state = outcome;
    m_state.errorMessage = errorMessage;
    m_state.endTime = QDateTime::currentDateTimeUtc();
    m_state.processes.clear(); // none is left
    finishWith(outcome == JobStatus::Succeeded ? 0 : 1);
}

void Owner::finishEarly(JobStatus outcome, const QString &errorMessage)
{
    m_state.state = outcome;
    m_state.errorMessage = errorMessage;
    m_state.endTime = QDateTime::currentDateTimeUtc();
    if (!errorMessage.isEmpty())
        note(errorMessage);
    finishWith(outcome == JobStatus::Succeeded ? 0 : 1);
}

void Owner::finishWith(int exitCode)
{
    m_phase = Phase::Done;
    m_poll.stop();
    startMetrics(); // a job that never ran: what its replicas logged is still extracted
    // No sampler is waited for before the final state is written: a GPU reading that hangs
    // kept a finished job RUNNING for most of a minute. It stops feeding the store now, and is
    // joined once the state is written.
    if (m_system)
        m_system->requestStop();
    if (m_metrics)
        m_metrics->stop();
    const bool written = writeState(); // the final state: kept in memory and retried (full disk)
    m_system.reset();
    if (!written) {
        m_finalWriteTimer.start();
        QTimer::singleShot(PollIntervalMs, this, [this, exitCode] { retryFinalWrite(exitCode); });
        return;
    }
    m_lock.release();
    QTimer::singleShot(0, this, [this, exitCode] { Q_EMIT finished(exitCode); });
}

bool Owner::isReplicaOfJob(const QString &logName) const
{
    const QList<store::ReplicaState> replicas =
        m_run ? m_run->replicas() : (m_trials ? m_trials->replicas() : m_state.replicas);
    return std::any_of(replicas.cbegin(), replicas.cend(), [&logName](const auto &r) {
        return store::trialLogName(r.name, r.trialId) == logName;
    });
}

void Owner::takeRehearsals()
{
    QStringList rejected;
    const QList<RehearsalRequest> requests =
        takeRehearsalRequests(m_store, m_jobId, &rejected, &m_stuckRequests);
    for (const QString &why : std::as_const(rejected))
        note(why);
    for (const RehearsalRequest &request : requests) {
        // A name from a file anyone who can write the folder may have put there: checked
        // before it reaches a log, and shown escaped where it is refused.
        if (!isReplicaOfJob(request.replica)) {
            const QString name = text::plainText(request.replica.left(MaxShownNameLength));
            note(tr("A rehearsal request names no replica of this job (%1); ignored").arg(name));
            answerRehearsal(request, tr("There is no replica %1 in this job.").arg(name));
            continue;
        }
        QString problem;
        if (m_trials)
            problem = m_trials->rehearse(request.replica, request.event);
        else if (m_run)
            problem = m_run->rehearse(request.replica, request.event);
        if (!problem.isEmpty())
            note(tr("Rehearsal of %1 for %2 not done: %3")
                     .arg(rehearsalEventName(request.event), request.replica, problem));
        answerRehearsal(request, problem);
    }
}

} // namespace trainyard::exec
