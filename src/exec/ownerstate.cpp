// SPDX-License-Identifier: MIT
// The Owner's state persistence: state.json writes, the final write's retry, owner.log notes.
#include "exec/owner.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTextStream>
#include <utility>

namespace trainyard::exec {

namespace {

using detail::note;

} // namespace

void detail::note(const QString &message)
{
    QTextStream err(stderr);
    err << QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) << ' ' << message << '\n';
}

bool Owner::writeState(store::Durability durability)
{
    // A write still under way on its thread lands first: writes never overtake each other.
    if (m_backgroundWrite) {
        const store::StoreResult earlier = std::exchange(m_backgroundWrite, {})->result();
        if (!earlier) {
            note(tr("Cannot write the job state: %1").arg(earlier.errorMessage));
            m_writeFailing = true;
        }
    }
    // The parts keep their own state; the job's is composed from them.
    if (m_run) {
        m_state.replicas = m_run->replicas();
        m_state.attempt = m_run->attempt();
    } else if (m_trials) {
        m_state.replicas = m_trials->replicas();
        m_state.attempt = m_trials->attempt();
        m_state.tuning = m_trials->tuning();
    }
    const store::StoreResult r = m_store.writeState(m_jobId, m_state, durability);
    if (!r && !m_writeFailing) // once per failure streak
        note(tr("Cannot write the job state: %1").arg(r.errorMessage));
    m_writeFailing = !r;
    m_dirty = !r;
    return bool(r);
}

void Owner::retryFinalWrite(int exitCode)
{
    if (writeState()) {
        m_lock.release();
        Q_EMIT finished(exitCode);
        return;
    }
    if (m_finalWriteTimer.elapsed() < RetryFinalWriteMs) {
        QTimer::singleShot(PollIntervalMs * 5, this,
                           [this, exitCode] { retryFinalWrite(exitCode); });
        return;
    }
    // The end is left outside the folder, where every reader of the store finds it
    // (JobStore::holdOutcome), so the job never shows RUNNING with a dead owner.
    const store::StoreResult last = m_store.writeState(m_jobId, m_state);
    if (last) {
        m_lock.release();
        Q_EMIT finished(exitCode);
        return;
    }
    if (const store::StoreResult held = m_store.holdOutcome(m_jobId, m_state, last.errorMessage))
        detail::note(tr("The job ended %1 but its state cannot be recorded in the job folder "
                        "(%2); it is kept in %3.")
                         .arg(store::jobStatusName(m_state.state), last.errorMessage,
                              m_store.heldOutcomePath(m_jobId)));
    else
        detail::note(tr("The job ended %1 but its state cannot be recorded; giving up.")
                         .arg(store::jobStatusName(m_state.state)));
    m_lock.release();
    Q_EMIT finished(exitCode == 0 ? 1 : exitCode);
}

} // namespace trainyard::exec
