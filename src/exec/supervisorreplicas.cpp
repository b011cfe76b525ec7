// SPDX-License-Identifier: MIT
// The Supervisor's replica lifecycle: creating, starting, restarting replicas and their exits.
#include "exec/replicaprocess.h"
#include "exec/supervisor.h"
#include "store/procidentity.h"

#include <QCoreApplication>
#include <QDateTime>
#include <algorithm>

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
    if (text.contains(QLatin1String("Address already in use"))) {
        if (launch.replica.port)
            return tr("port %1 is already in use by another program").arg(*launch.replica.port);
        return tr("a port it needs is already in use by another program");
    }
    return {};
}

} // namespace

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
    if (m_system)
        m_system->clearReplicas();
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
    if (m_system) // its whole process tree, from now on
        m_system->setReplica(store::trialLogName(rs.name, trialId()), pid);
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

} // namespace trainyard::exec
