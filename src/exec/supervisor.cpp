// SPDX-License-Identifier: MIT
#include "exec/supervisor.h"

#include "catalog/catalog.h"
#include "exec/containment.h"
#include "exec/replicaprocess.h"
#include "secrets/resolve.h"
#include "spec/yamlio.h"
#include "store/ownerlock.h"
#include "store/procidentity.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QTextStream>
#include <algorithm>
#include <signal.h>
#include <unistd.h>

namespace trainyard::exec {

void detail::note(const QString &message)
{
    QTextStream err(stderr);
    err << QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) << ' ' << message << '\n';
}

namespace {

using detail::note;
using store::JobStatus;
using store::ReplicaStatus;

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::exec", text);
}

// How many of a replica's last stderr lines are searched for a permanent failure.
constexpr int StderrLinesChecked = 20;

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

// A failure no restart can fix, judged from the replica's last stderr lines; empty otherwise.
QString permanentReason(const QStringList &stderrLines, const ReplicaLaunch &launch)
{
    const QString text = stderrLines.join(QLatin1Char('\n'));
    if (text.contains(QLatin1String("No module named"))) {
        if (!launch.pythonModule.isEmpty())
            return tr("Python cannot import the module %1 (or a module it needs)")
                .arg(launch.pythonModule);
        return tr("Python cannot import a module");
    }
    if (text.contains(QLatin1String("Address already in use"))) {
        if (launch.replica.port)
            return tr("port %1 is already in use by another program").arg(*launch.replica.port);
        return tr("a port it needs is already in use by another program");
    }
    return {};
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
    if (QString why; !m_metrics->start(&why))
        note(tr("Metrics are not recorded by the owner: %1").arg(why));
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
    const spec::ImportResult imported = spec::importJob(yaml, QStringLiteral("config.yaml"));
    if (!imported.ok()) {
        QStringList messages;
        for (const spec::Diagnostic &d : imported.diagnostics) {
            if (d.severity == spec::Severity::Error)
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

QString Supervisor::setUpReplicas()
{
    EnvironmentOptions options = m_envOptions;
    if (isTuning()) {
        options.trialId = trialId();
        options.trialParameters = m_trials.trials.at(m_trialIndex);
    }
    m_plan = planLaunch(m_job, m_layout, options);
    if (!m_plan)
        return m_plan.error;
    for (const ReplicaLaunch &launch : std::as_const(m_plan.replicas)) {
        for (const QString &warning : launch.warnings)
            note(launch.replica.name + QStringLiteral(": ") + warning);
        if (!launch.skippedSecrets.isEmpty()) {
            note(tr("%1: secret variables left out: %2")
                     .arg(launch.replica.name, launch.skippedSecrets.join(QStringLiteral(", "))));
        }
        if (const QString problem = preflight(launch); !problem.isEmpty())
            return tr("The replica %1 cannot start: %2").arg(launch.replica.name, problem);
    }

    // The replicas of a previous trial have all stopped; they may be inside a signal still.
    for (ReplicaProcess *replica : m_replicas) {
        replica->disconnect(this);
        replica->deleteLater();
    }
    m_replicas.clear();
    m_state.replicas.clear();
    for (int i = 0; i < m_plan.replicas.size(); ++i) {
        const ReplicaLaunch &launch = m_plan.replicas.at(i);
        const QString logName = store::trialLogName(launch.replica.name, options.trialId);
        auto *replica = new ReplicaProcess(launch, m_store.logPath(m_jobId, logName), this);
        replica->setLogSizeCap(qint64(m_settings.logCapMB) * 1024 * 1024);
        if (!m_masker.isEmpty()) {
            replica->setLineFilter([masker = m_masker](const char *data, qsizetype size,
                                                       QByteArray *out) {
                return masker.mask(data, size, out);
            });
        }
        if (m_metrics)
            replica->setLineObserver(m_metrics->observer(logName));
        if (!replica->logError().isEmpty())
            note(tr("%1: the log file cannot be written: %2")
                     .arg(launch.replica.name, replica->logError()));
        connect(replica, &ReplicaProcess::started, this,
                [this, i](qint64 pid) { onStarted(i, pid); });
        connect(replica, &ReplicaProcess::exited, this,
                [this, i](int code, bool crashed) { onExited(i, code, crashed); });
        connect(replica, &ReplicaProcess::failedToStart, this,
                [this, i](const QString &message) { onFailedToStart(i, message); });
        m_replicas.push_back(replica);
        store::ReplicaState rs;
        rs.name = launch.replica.name;
        rs.taskType = launch.replica.taskType;
        rs.index = launch.replica.index;
        rs.port = launch.replica.port ? int(*launch.replica.port) : 0;
        m_state.replicas.append(rs);
    }
    // Not written yet: the RUNNING write follows once the replicas have started, with their
    // process groups (what recovery needs).
    return {};
}

void Supervisor::startAll()
{
    for (store::ReplicaState &rs : m_state.replicas) {
        rs.state = ReplicaStatus::Pending;
        rs.restartCount = 0;
        rs.exitCode.reset();
    }
    // gcloud's order: parameter servers and workers, evaluators, the primary last.
    std::vector<int> order;
    for (int i = 0; i < int(m_replicas.size()); ++i) {
        if (!m_replicas[size_t(i)]->launch().replica.isPrimary())
            order.push_back(i);
    }
    for (int i = 0; i < int(m_replicas.size()); ++i) {
        if (m_replicas[size_t(i)]->launch().replica.isPrimary())
            order.push_back(i);
    }
    const int generation = m_generation;
    for (int i : order) {
        if (m_phase != Phase::Starting || generation != m_generation)
            return; // a start failed and the job is stopping
        m_replicas[size_t(i)]->start();
    }
}

void Supervisor::onStarted(int index, qint64 pid)
{
    store::ReplicaState &rs = m_state.replicas[index];
    rs.pid = pid;
    rs.pgid = m_replicas[size_t(index)]->pgid();
    const std::optional<store::ProcessIdentity> leader = store::processIdentity(rs.pgid);
    rs.leaderStartTime = leader ? leader->startTime : 0;
    rs.state = ReplicaStatus::Running;
    rs.lastStart = QDateTime::currentDateTimeUtc();
    m_dirty = true;
    const bool allStarted = std::none_of(
        m_state.replicas.cbegin(), m_state.replicas.cend(),
        [](const store::ReplicaState &r) { return r.state == ReplicaStatus::Pending; });
    if (m_phase == Phase::Starting && allStarted) {
        m_phase = Phase::Running;
        m_state.state = JobStatus::Running;
        if (!m_state.startTime.isValid()) {
            m_state.startTime = QDateTime::currentDateTimeUtc();
            m_runningTimer.start();
        }
        writeState();
    } else if (rs.restartCount > 0) {
        writeState(); // restarts matter to a watching console; record the new group at once
    }
}

QString Supervisor::failureMessage(int index, int exitCode, bool crashed,
                                   const QString &reason) const
{
    const store::ReplicaState &rs = m_state.replicas.at(index);
    QString message;
    const QString how = crashed ? tr("was killed by signal %1").arg(exitCode)
                                : tr("exited with code %1").arg(exitCode);
    if (!reason.isEmpty())
        message = tr("The replica %1 %2: %3.").arg(rs.name, how, reason);
    else if (rs.restartCount > 0)
        message = tr("The replica %1 %2 after %n restart(s).", nullptr, rs.restartCount)
                      .arg(rs.name, how);
    else
        message = tr("The replica %1 %2.").arg(rs.name, how);
    const QStringList lines = m_replicas[size_t(index)]->lastStderrLines(StderrLinesInError);
    if (!lines.isEmpty())
        message += QLatin1Char('\n') + tr("Last lines of its stderr:") + QLatin1Char('\n') +
                   lines.join(QLatin1Char('\n'));
    return message;
}

void Supervisor::onExited(int index, int exitCode, bool crashed)
{
    store::ReplicaState &rs = m_state.replicas[index];
    rs.exitCode = crashed ? 128 + exitCode : exitCode;
    m_dirty = true;
    ReplicaProcess *replica = m_replicas[size_t(index)];
    if (m_phase == Phase::Stopping || m_phase == Phase::Done || m_phase == Phase::Idle) {
        if (rs.state == ReplicaStatus::Running || rs.state == ReplicaStatus::Restarting)
            rs.state =
                (!crashed && exitCode == 0) ? ReplicaStatus::Succeeded : ReplicaStatus::Stopped;
        return;
    }
    if (!crashed && exitCode == 0) {
        rs.state = ReplicaStatus::Succeeded;
        if (replica->launch().replica.isPrimary())
            beginStop(JobStatus::Succeeded, QString());
        else
            writeState();
        return;
    }
    if (m_cancelRequested) // a signal to the owner may reach the group too
        return beginStop(JobStatus::Cancelled, QString());
    const QString reason =
        permanentReason(replica->lastStderrLines(StderrLinesChecked), replica->launch());
    if (!reason.isEmpty()) {
        rs.state = ReplicaStatus::Failed;
        return beginStop(JobStatus::Failed, failureMessage(index, exitCode, crashed, reason));
    }
    if (rs.restartCount < m_settings.maxRestarts) {
        rs.state = ReplicaStatus::Restarting;
        ++rs.restartCount;
        note(tr("%1 exited with code %2; restart %3 of %4")
                 .arg(rs.name)
                 .arg(rs.exitCode.value_or(-1))
                 .arg(rs.restartCount)
                 .arg(m_settings.maxRestarts));
        writeState();
        const int generation = m_generation;
        QTimer::singleShot(RestartDelayMs, this,
                           [this, index, generation] { restartReplica(index, generation); });
        return;
    }
    rs.state = ReplicaStatus::Failed;
    const QString message = failureMessage(index, exitCode, crashed, QString());
    if (m_state.attempt < m_settings.jobReruns) {
        note(tr("Rerunning the whole job (attempt %1 of %2): %3")
                 .arg(m_state.attempt + 2)
                 .arg(m_settings.jobReruns + 1)
                 .arg(message));
        return beginStop(JobStatus::Running, message, true);
    }
    beginStop(JobStatus::Failed, message);
}

void Supervisor::restartReplica(int index, int generation)
{
    if (generation != m_generation || (m_phase != Phase::Running && m_phase != Phase::Starting))
        return;
    ReplicaProcess *replica = m_replicas[size_t(index)];
    replica->killGroup(); // whatever the last run left behind
    replica->start();
}

void Supervisor::onFailedToStart(int index, const QString &message)
{
    store::ReplicaState &rs = m_state.replicas[index];
    rs.state = ReplicaStatus::Failed;
    m_dirty = true;
    if (m_phase == Phase::Stopping || m_phase == Phase::Done)
        return;
    beginStop(JobStatus::Failed, tr("The replica %1 cannot start: %2").arg(rs.name, message));
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

bool Supervisor::writeState()
{
    const store::StoreResult r = m_store.writeState(m_jobId, m_state);
    if (!r && !m_writeFailing) // once per failure streak
        note(tr("Cannot write the job state: %1").arg(r.errorMessage));
    m_writeFailing = !r;
    m_dirty = !r;
    return bool(r);
}

QString submitJob(store::JobStore &store, const spec::Job &job, const RunSettings &settings,
                  const QString &program, bool *idTaken)
{
    if (const store::StoreResult created = store.createJob(job); !created) {
        if (idTaken)
            *idTaken = created.idTaken;
        return created.errorMessage;
    }
    QString error = writeRunSettings(store, job.jobId, settings);
    if (error.isEmpty())
        startOwner(store, job.jobId, program, &error);
    if (error.isEmpty())
        return {};
    store::JobState state;
    if (const store::StateReadResult read = store.readState(job.jobId))
        state = read.state;
    state.state = JobStatus::Failed;
    state.errorMessage = error;
    state.endTime = QDateTime::currentDateTimeUtc();
    store.writeState(job.jobId, state);
    return error;
}

} // namespace trainyard::exec
