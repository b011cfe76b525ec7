// SPDX-License-Identifier: MIT
// The Owner's state persistence: state.json writes, the final write's retry, owner.log notes.
#include "exec/owner.h"
#include "text/plaintext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QTextStream>
#include <algorithm>
#include <mutex>
#include <utility>

namespace trainyard::exec {

namespace {

using detail::note;

} // namespace

void detail::note(const QString &message)
{
    // One entry per note: controls are escaped and a line break starts an indented continuation,
    // so nothing a note carries (a trainer's stderr, a name from a request file) passes for an
    // entry of its own or reaches a terminal as an escape sequence. Notes come from the owner's
    // thread and the system sampler's: one at a time.
    QString text = text::plainText(message, text::Newlines::Keep);
    text.replace(QLatin1Char('\n'), QStringLiteral("\n    "));
    static std::mutex mutex;
    const std::lock_guard<std::mutex> lock(mutex);
    QTextStream err(stderr);
    err << QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) << ' ' << text << '\n';
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

void Owner::onLogStopped(const QString &logName, int error, qint64 atMs)
{
    store::JobWarning warning;
    warning.kind = store::JobWarning::Kind::LogStopped;
    warning.time = QDateTime::fromMSecsSinceEpoch(atMs, Qt::UTC);
    warning.subject = logName;
    warning.reason = store::writeErrorReason(error);
    note(tr("The log of %1 cannot be written (%2): the rest of its output is lost.")
             .arg(logName, warning.reason));
    m_state.warnings.append(warning);
    m_dirty = true;
}

void Owner::checkSpace()
{
    const store::FreeSpace space = store::freeSpace(m_store.root());
    if (!space.known())
        return;
    if (m_spaceLow) {
        m_spaceLow = space.available < 2 * space.floor(); // re-armed once there is room again
        return;
    }
    if (!space.belowFloor())
        return;
    m_spaceLow = true;
    store::JobWarning warning;
    warning.kind = store::JobWarning::Kind::LowSpace;
    warning.time = QDateTime::currentDateTimeUtc();
    warning.subject = m_store.root();
    warning.freeBytes = space.available;
    warning.floorBytes = space.floor();
    const QLocale c = QLocale::c();
    note(tr("The disk holding the store (%1) is nearly full: %2 free, less than %3 (1 % of the "
            "file system, at most 1 GB). Logs, metrics and the job's state stop being written "
            "when it is full.")
             .arg(m_store.root(),
                  c.formattedDataSize(space.available, 1, QLocale::DataSizeSIFormat),
                  c.formattedDataSize(space.floor(), 1, QLocale::DataSizeSIFormat)));
    // One such warning in the state; owner.log notes every time it falls below again.
    const bool known =
        std::any_of(m_state.warnings.cbegin(), m_state.warnings.cend(),
                    [](const auto &w) { return w.kind == store::JobWarning::Kind::LowSpace; });
    if (!known) {
        m_state.warnings.append(warning);
        m_dirty = true;
    }
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
