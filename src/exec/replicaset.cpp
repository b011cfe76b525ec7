// SPDX-License-Identifier: MIT
// One run's or one trial's replicas: creating, starting, restarting them and their exits
// (rules in replicaset.h).
#include "exec/replicaset.h"

#include "exec/containment.h"
#include "exec/owner.h"
#include "exec/ports.h"
#include "exec/replicaprocess.h"
#include "metrics/ownermetrics.h"
#include "store/procidentity.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>
#include <algorithm>
#include <signal.h>

namespace trainyard::exec {

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
    if (text.contains(QLatin1String("Address already in use"), Qt::CaseInsensitive) ||
        text.contains(QLatin1String("EADDRINUSE"))) {
        if (!launch.replica.port)
            return tr("a port it needs is already in use by another program");
        // Other jobs never get this job's ports (ports.h); who took it meanwhile is named.
        const quint16 port = *launch.replica.port;
        if (const QString holder = describePortHolder(port); !holder.isEmpty())
            return tr("port %1 is already in use by another program (%2)").arg(port).arg(holder);
        return tr("port %1 is already in use by another program").arg(port);
    }
    return {};
}

} // namespace

ReplicaSet::ReplicaSet(ReplicaSetConfig config, Containment *containment, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_containment(containment)
{
    m_containment->add(this);
}

ReplicaSet::~ReplicaSet()
{
    m_containment->remove(this);
    for (ReplicaProcess *replica : m_processes)
        replica->disconnect(this);
}

QList<LiveReplica> ReplicaSet::liveReplicas() const
{
    QList<LiveReplica> live;
    for (const ReplicaProcess *replica : m_processes) {
        if (replica->isRunning())
            live.append({store::trialLogName(replica->name(), trialId()), trialId(), replica->pid(),
                         replica->pgid()});
    }
    return live;
}

QString ReplicaSet::setUp()
{
    const LaunchPlan plan = planLaunch(m_config.job, m_config.layout, m_config.options);
    if (!plan)
        return plan.error;
    for (const ReplicaLaunch &launch : std::as_const(plan.replicas)) {
        for (const QString &warning : launch.warnings)
            note(launch.replica.name + QStringLiteral(": ") + warning);
        if (!launch.skippedSecrets.isEmpty()) {
            note(tr("%1: secret variables left out: %2")
                     .arg(launch.replica.name, launch.skippedSecrets.join(QStringLiteral(", "))));
        }
        if (const QString problem = preflight(launch); !problem.isEmpty())
            return tr("The replica %1 cannot start: %2").arg(launch.replica.name, problem);
    }

    const QString trial = trialId();
    for (int i = 0; i < plan.replicas.size(); ++i) {
        ReplicaLaunch launch = plan.replicas.at(i);
        const auto extra = m_config.extraEnvironment.constFind(launch.replica.name);
        if (extra != m_config.extraEnvironment.cend()) {
            for (const auto &[name, value] : *extra) {
                launch.environment.insert(name, value);
                launch.addedVariables.removeAll(name);
                launch.addedVariables.append(name);
            }
        }
        const QString logName = store::trialLogName(launch.replica.name, trial);
        auto *replica =
            new ReplicaProcess(launch, m_config.store.logPath(m_config.jobId, logName), this);
        replica->setLogSizeCap(qint64(m_config.settings.logCapMB) * 1024 * 1024);
        if (!m_config.masker.isEmpty()) {
            replica->setLineFilter(
                [masker = m_config.masker](const char *data, qsizetype size, QByteArray *out) {
                    return masker.mask(data, size, out);
                });
        }
        // Every stored line: its step (restart records), then the metric store.
        auto metricsObserver =
            m_config.metrics ? m_config.metrics->observer(logName) : ReplicaProcess::LineObserver();
        replica->setLineObserver([this, i, metricsObserver](qint64 wallMs, bool continuation,
                                                            const char *data, qsizetype size,
                                                            qint64 endOffset) {
            if (!continuation)
                observeLine(i, data, size);
            if (metricsObserver)
                metricsObserver(wallMs, continuation, data, size, endOffset);
        });
        if (!replica->logError().isEmpty())
            note(tr("%1: the log file cannot be written: %2")
                     .arg(launch.replica.name, replica->logError()));
        connect(replica, &ReplicaProcess::started, this,
                [this, i](qint64 pid) { onStarted(i, pid); });
        connect(replica, &ReplicaProcess::exited, this,
                [this, i](int code, bool crashed) { onExited(i, code, crashed); });
        connect(replica, &ReplicaProcess::failedToStart, this,
                [this, i](const QString &message) { onFailedToStart(i, message); });
        connect(replica, &ReplicaProcess::logStopped, this,
                [this, logName](int error, qint64 atMs) {
                    if (m_config.logStopped)
                        m_config.logStopped(logName, error, atMs);
                });
        m_processes.push_back(replica);
        store::ReplicaState rs;
        rs.name = launch.replica.name;
        rs.taskType = launch.replica.taskType;
        rs.index = launch.replica.index;
        rs.port = launch.replica.port ? int(*launch.replica.port) : 0;
        rs.trialId = trial;
        if (launch.environment.contains(QStringLiteral("CUDA_VISIBLE_DEVICES")))
            rs.cudaVisibleDevices =
                launch.environment.value(QStringLiteral("CUDA_VISIBLE_DEVICES"));
        m_states.append(rs);
    }
    m_rehearsing.assign(m_processes.size(), std::nullopt);
    m_steps.assign(m_processes.size(), StepTracker());
    m_restartPending.assign(m_processes.size(), false);
    // Not written yet: the RUNNING write follows once the replicas have started, with their
    // process groups (what recovery needs).
    return {};
}

void ReplicaSet::start()
{
    m_phase = Phase::Starting;
    startAll();
}

void ReplicaSet::startAll(bool keepRestarts)
{
    for (store::ReplicaState &rs : m_states) {
        rs.state = ReplicaStatus::Pending;
        if (!keepRestarts)
            rs.restartCount = 0;
        rs.exitCode.reset();
    }
    std::fill(m_rehearsing.begin(), m_rehearsing.end(), std::nullopt);
    // gcloud's order: parameter servers and workers, evaluators, the primary last.
    std::vector<int> order;
    for (int i = 0; i < int(m_processes.size()); ++i) {
        if (!m_processes[size_t(i)]->launch().replica.isPrimary())
            order.push_back(i);
    }
    for (int i = 0; i < int(m_processes.size()); ++i) {
        if (m_processes[size_t(i)]->launch().replica.isPrimary())
            order.push_back(i);
    }
    const int generation = m_generation;
    for (int i : order) {
        if (m_phase != Phase::Starting || generation != m_generation)
            return; // a start failed and the set is stopping
        m_processes[size_t(i)]->start();
    }
}

void ReplicaSet::onStarted(int index, qint64 pid)
{
    store::ReplicaState &rs = m_states[index];
    rs.pid = pid;
    rs.pgid = m_processes[size_t(index)]->pgid();
    const std::optional<store::ProcessIdentity> leader = store::processIdentity(rs.pgid);
    rs.leaderStartTime = leader ? leader->startTime : 0;
    rs.state = ReplicaStatus::Running;
    rs.lastStart = QDateTime::currentDateTimeUtc();
    onRestarted(index);
    Q_EMIT changed();
    const bool allStarted =
        std::none_of(m_states.cbegin(), m_states.cend(), [](const store::ReplicaState &r) {
            return r.state == ReplicaStatus::Pending;
        });
    if (m_phase == Phase::Starting && allStarted) {
        m_phase = Phase::Running;
        if (m_config.settings.rehearseMaintenance)
            scheduleMaintenance(m_config.jobId);
        Q_EMIT running();
    } else if (rs.restartCount > 0) {
        Q_EMIT changedNow(); // restarts matter to a watching console; record the new group
    }
}

QString ReplicaSet::failureMessage(int index, int exitCode, bool crashed,
                                   const QString &reason) const
{
    const store::ReplicaState &rs = m_states.at(index);
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
    const QStringList lines = m_processes[size_t(index)]->lastStderrLines(StderrLinesInError);
    if (!lines.isEmpty())
        message += QLatin1Char('\n') + tr("Last lines of its stderr:") + QLatin1Char('\n') +
                   lines.join(QLatin1Char('\n'));
    return message;
}

void ReplicaSet::onExited(int index, int exitCode, bool crashed)
{
    store::ReplicaState &rs = m_states[index];
    rs.exitCode = crashed ? 128 + exitCode : exitCode;
    onExitBeforeRestart(index);
    Q_EMIT changed();
    ReplicaProcess *replica = m_processes[size_t(index)];
    if (m_phase == Phase::Stopping || m_phase == Phase::Done || m_phase == Phase::Idle) {
        if (rs.state == ReplicaStatus::Running || rs.state == ReplicaStatus::Restarting)
            rs.state =
                (!crashed && exitCode == 0) ? ReplicaStatus::Succeeded : ReplicaStatus::Stopped;
        return;
    }
    const std::optional<RehearsalEvent> rehearsal = m_rehearsing[size_t(index)];
    m_rehearsing[size_t(index)].reset();
    if (rehearsal == RehearsalEvent::Maintenance)
        return onMaintenanceExit(index); // whatever its exit: the VM went away
    if (!crashed && exitCode == 0) {
        rs.state = ReplicaStatus::Succeeded;
        if (replica->launch().replica.isPrimary())
            beginStop(JobStatus::Succeeded, QString(), false);
        else
            Q_EMIT changedNow();
        return;
    }
    if (m_config.cancelRequested && m_config.cancelRequested())
        return beginStop(JobStatus::Cancelled, QString(), false);
    const QString reason =
        permanentReason(replica->lastStderrLines(StderrLinesChecked), replica->launch());
    if (!reason.isEmpty()) {
        rs.state = ReplicaStatus::Failed;
        return beginStop(JobStatus::Failed, failureMessage(index, exitCode, crashed, reason),
                         false);
    }
    if (rs.restartCount < m_config.settings.maxRestarts) {
        rs.state = ReplicaStatus::Restarting;
        ++rs.restartCount;
        note(tr("%1 exited with code %2; restart %3 of %4")
                 .arg(store::trialLogName(rs.name, trialId()))
                 .arg(rs.exitCode.value_or(-1))
                 .arg(rs.restartCount)
                 .arg(m_config.settings.maxRestarts));
        const QString why =
            rehearsal == RehearsalEvent::Crash ? QStringLiteral("crash") : QStringLiteral("exit");
        if (restartsEveryReplica())
            return restartEveryReplica(index, why, true);
        recordRestart(index, why, true);
        Q_EMIT changedNow();
        const int generation = m_generation;
        QTimer::singleShot(RestartDelayMs, this,
                           [this, index, generation] { restartReplica(index, generation); });
        return;
    }
    rs.state = ReplicaStatus::Failed;
    const QString message = failureMessage(index, exitCode, crashed, QString());
    if (m_attempt < m_config.settings.jobReruns) {
        note(tr("Rerunning the whole job (attempt %1 of %2): %3")
                 .arg(m_attempt + 2)
                 .arg(m_config.settings.jobReruns + 1)
                 .arg(message));
        return beginStop(JobStatus::Running, message, true);
    }
    beginStop(JobStatus::Failed, message, false);
}

void ReplicaSet::restartReplica(int index, int generation)
{
    if (generation != m_generation || (m_phase != Phase::Running && m_phase != Phase::Starting))
        return;
    ReplicaProcess *replica = m_processes[size_t(index)];
    replica->killGroup(); // whatever the last run left behind
    replica->start();
}

void ReplicaSet::onFailedToStart(int index, const QString &message)
{
    store::ReplicaState &rs = m_states[index];
    rs.state = ReplicaStatus::Failed;
    Q_EMIT changed();
    if (m_phase == Phase::Stopping || m_phase == Phase::Done)
        return;
    beginStop(JobStatus::Failed, tr("The replica %1 cannot start: %2").arg(rs.name, message),
              false);
}

void ReplicaSet::stop(JobStatus outcome, const QString &errorMessage)
{
    beginStop(outcome, errorMessage, false);
}

void ReplicaSet::beginStop(JobStatus outcome, const QString &errorMessage, bool rerun)
{
    if (m_phase == Phase::Stopping || m_phase == Phase::Done)
        return;
    if (m_phase == Phase::Idle) { // nothing was started
        m_phase = Phase::Done;
        Q_EMIT finished(outcome, outcome == JobStatus::Succeeded ? QString() : errorMessage);
        return;
    }
    m_phase = Phase::Stopping;
    ++m_generation;
    m_outcome = outcome;
    m_outcomeMessage = errorMessage;
    m_rerunAfterStop = rerun;
    m_killSent = false;
    m_stopTimer.start();
    m_containment->signalSet(*this, SIGTERM);
    poll();
}

void ReplicaSet::poll()
{
    if (m_phase != Phase::Stopping)
        return;
    const bool alive = m_containment->setProcessesLeft(*this);
    const qint64 elapsed = m_stopTimer.elapsed();
    if (!alive) {
        completeStop();
        return;
    }
    if (!m_killSent && elapsed >= m_config.settings.graceMs) {
        note(tr("Grace period over: killing what is left of the replicas."));
        m_containment->signalSet(*this, SIGKILL);
        m_killSent = true;
    } else if (m_killSent && elapsed >= qint64(m_config.settings.graceMs) + 10000) {
        note(tr("Some replica processes do not die; giving up on them."));
        completeStop();
    }
}

void ReplicaSet::completeStop()
{
    for (store::ReplicaState &rs : m_states) {
        if (rs.state == ReplicaStatus::Running || rs.state == ReplicaStatus::Restarting ||
            rs.state == ReplicaStatus::Pending)
            rs.state = ReplicaStatus::Stopped;
    }
    const bool cancelled = m_config.cancelRequested && m_config.cancelRequested();
    if (m_restartAllAfterStop && !cancelled) { // restartJobOnWorkerRestart: the same set again
        m_restartAllAfterStop = false;
        m_rerunAfterStop = false;
        m_phase = Phase::Starting;
        startAll(true);
        return;
    }
    if (m_rerunAfterStop && !cancelled) {
        ++m_attempt;
        m_rerunAfterStop = false;
        m_phase = Phase::Starting;
        Q_EMIT rerunning();
        startAll();
        return;
    }
    JobStatus outcome = m_outcome;
    if (m_rerunAfterStop) // cancelled while stopping for a rerun
        outcome = JobStatus::Cancelled;
    m_phase = Phase::Done;
    // Failures and a cancel for overrunning maxRunningTime say why; a user's cancel does not.
    Q_EMIT finished(outcome, outcome == JobStatus::Succeeded ? QString() : m_outcomeMessage);
}

} // namespace trainyard::exec
