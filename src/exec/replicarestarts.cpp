// SPDX-License-Identifier: MIT
// A ReplicaSet's restarts beyond the failure rules: rehearsed maintenance events and crashes,
// restartJobOnWorkerRestart, and the record of each restart with the steps around it (rules in
// replicaset.h, rehearsal.h).
#include "exec/containment.h"
#include "exec/owner.h"
#include "exec/replicaprocess.h"
#include "exec/replicaset.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

namespace trainyard::exec {

namespace {

using detail::note;
using store::ReplicaStatus;

QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::exec", text);
}

QString reasonText(const QString &reason)
{
    if (reason == QLatin1String("maintenance"))
        return tr("VM maintenance (rehearsed)");
    if (reason == QLatin1String("crash"))
        return tr("a crash (rehearsed)");
    if (reason == QLatin1String("jobRestart"))
        return tr("another replica's restart (restartJobOnWorkerRestart)");
    return tr("a non-zero exit");
}

} // namespace

int ReplicaSet::replicaIndex(const QString &logName) const
{
    for (int i = 0; i < int(m_states.size()); ++i) {
        if (logNameOf(i) == logName)
            return i;
    }
    return -1;
}

bool ReplicaSet::restartsEveryReplica() const
{
    const auto &scheduling = m_config.job.trainingInput.scheduling;
    return scheduling && scheduling->restartJobOnWorkerRestart.value_or(false);
}

QString ReplicaSet::rehearse(const QString &logName, RehearsalEvent event)
{
    const int index = replicaIndex(logName);
    if (index < 0)
        return tr("There is no replica %1 in this job.").arg(logName);
    if (m_phase != Phase::Running && m_phase != Phase::Starting)
        return tr("The replicas are not running (the job is ending).");
    ReplicaProcess *replica = m_processes[size_t(index)];
    if (!replica->isRunning() || m_states.at(index).state != ReplicaStatus::Running)
        return tr("%1 is not running now (%2).")
            .arg(logName, store::replicaStatusName(m_states.at(index).state));
    if (m_rehearsing[size_t(index)])
        return tr("%1 is already going through a rehearsed %2.")
            .arg(logName, rehearsalEventName(*m_rehearsing[size_t(index)]));
    m_rehearsing[size_t(index)] = event;
    if (event == RehearsalEvent::Crash) {
        note(tr("Rehearsal: %1 crashes (SIGKILL)").arg(logName));
        replica->killGroup();
        return {};
    }
    note(tr("Rehearsal: VM maintenance for %1: SIGTERM, %2 s grace period, then SIGKILL; it "
            "restarts with the same TF_CONFIG, port and environment")
             .arg(logName)
             .arg(m_config.settings.graceMs / 1000.0));
    m_states[index].state = ReplicaStatus::Restarting;
    Q_EMIT changedNow();
    replica->terminateGroup();
    const int generation = m_generation;
    QTimer::singleShot(m_config.settings.graceMs, this, [this, index, generation] {
        ReplicaProcess *process = m_processes[size_t(index)];
        if (generation == m_generation &&
            m_rehearsing[size_t(index)] == RehearsalEvent::Maintenance && process->groupAlive()) {
            note(tr("%1: grace period over, SIGKILL").arg(logNameOf(index)));
            process->killGroup();
        }
    });
    return {};
}

void ReplicaSet::scheduleMaintenance(const QString &jobId)
{
    if (m_maintenanceScheduled)
        return;
    m_maintenanceScheduled = true;
    for (int i = 0; i < int(m_states.size()); ++i) {
        const QString logName = logNameOf(i);
        const qint64 delay = maintenanceDelayMs(jobId, logName);
        note(tr("Rehearsal planned: VM maintenance for %1 %2 s after the start")
                 .arg(logName)
                 .arg(delay / 1000.0));
        QTimer::singleShot(int(delay), this, [this, logName] {
            const QString problem = rehearse(logName, RehearsalEvent::Maintenance);
            if (!problem.isEmpty())
                note(tr("Planned VM maintenance for %1 skipped: %2").arg(logName, problem));
        });
    }
}

void ReplicaSet::onMaintenanceExit(int index)
{
    store::ReplicaState &rs = m_states[index];
    if (restartsEveryReplica())
        return restartEveryReplica(index, QStringLiteral("maintenance"), false);
    rs.state = ReplicaStatus::Restarting;
    recordRestart(index, QStringLiteral("maintenance"), false);
    Q_EMIT changedNow();
    const int generation = m_generation;
    QTimer::singleShot(RestartDelayMs, this,
                       [this, index, generation] { restartReplica(index, generation); });
}

void ReplicaSet::restartEveryReplica(int index, const QString &reason, bool counted)
{
    note(tr("%1 restarts: scheduling.restartJobOnWorkerRestart restarts every replica")
             .arg(logNameOf(index)));
    for (int i = 0; i < int(m_states.size()); ++i)
        recordRestart(i, i == index ? reason : QStringLiteral("jobRestart"), i == index && counted);
    if (m_phase != Phase::Running && m_phase != Phase::Starting)
        return;
    m_restartAllAfterStop = true;
    beginStop(store::JobStatus::Running, QString(), true);
    Q_EMIT changedNow();
}

void ReplicaSet::recordRestart(int index, const QString &reason, bool counted)
{
    store::ReplicaState &rs = m_states[index];
    store::RestartRecord record;
    record.time = QDateTime::currentDateTimeUtc();
    record.reason = reason;
    record.exitCode = rs.exitCode;
    record.counted = counted;
    rs.restarts.append(record);
    // The rest once it starts again: a replica restarted with the others
    // (restartJobOnWorkerRestart) still runs, and reports steps, until the set has stopped.
    m_restartPending[size_t(index)] = true;
}

void ReplicaSet::onExitBeforeRestart(int index)
{
    store::ReplicaState &rs = m_states[index];
    if (m_restartPending[size_t(index)] && !rs.restarts.isEmpty() && !rs.restarts.last().exitCode)
        rs.restarts.last().exitCode = rs.exitCode;
}

void ReplicaSet::onRestarted(int index)
{
    if (!m_restartPending[size_t(index)])
        return;
    m_restartPending[size_t(index)] = false;
    store::ReplicaState &rs = m_states[index];
    StepTracker &steps = m_steps[size_t(index)];
    store::RestartRecord &record = rs.restarts.last();
    record.time = QDateTime::currentDateTimeUtc();
    record.stepBeforeRestart = steps.lastStep();
    steps.restarted();
    const QString logName = logNameOf(index);
    const QString before =
        record.stepBeforeRestart ? tr(", last step %1").arg(*record.stepBeforeRestart) : QString();
    // A mark in the replica's own log (no "=" or ":": never read as a metric).
    m_processes[size_t(index)]->appendNote(
        false,
        tr("[trainyard] %1 restarted after %2%3").arg(logName, reasonText(record.reason), before));
}

void ReplicaSet::observeLine(int index, const char *data, qsizetype size)
{
    StepTracker &steps = m_steps[size_t(index)];
    if (!steps.addLine(data, size))
        return;
    // Waiting for the first step since the last restart: recorded, started again, no step yet.
    store::ReplicaState &rs = m_states[index];
    if (rs.restarts.isEmpty() || rs.restarts.last().resumedAtStep ||
        m_restartPending[size_t(index)])
        return;
    store::RestartRecord &record = rs.restarts.last();
    record.resumedAtStep = steps.firstStepOfRun();
    const std::optional<qint64> first = steps.firstStep();
    record.startedOver = record.stepBeforeRestart && first && record.resumedAtStep &&
                         *record.stepBeforeRestart > *first && *record.resumedAtStep <= *first;
    const QString logName = logNameOf(index);
    if (record.startedOver) {
        const QString warning =
            tr("%1 started over at step %2 after reaching step %3: it did not restore a "
               "checkpoint. The service restarts replicas (VM maintenance, failures); save "
               "checkpoints under the job dir regularly and restore the most recent one at start.")
                .arg(logName)
                .arg(*record.resumedAtStep)
                .arg(*record.stepBeforeRestart);
        note(warning);
        m_processes[size_t(index)]->appendNote(
            true, tr("[trainyard] %1 started over at step %2 after reaching step %3 (no "
                     "checkpoint restored)")
                      .arg(logName)
                      .arg(*record.resumedAtStep)
                      .arg(*record.stepBeforeRestart));
    } else {
        m_processes[size_t(index)]->appendNote(
            false, tr("[trainyard] %1 resumed at step %2").arg(logName).arg(*record.resumedAtStep));
    }
    Q_EMIT changedNow();
}

} // namespace trainyard::exec
