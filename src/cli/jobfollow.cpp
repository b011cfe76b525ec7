// SPDX-License-Identifier: MIT
// Following a job from a console: logs to stdout, state until the end, Ctrl-C.
#include "cli/jobcommands.h"
#include "cli/output.h"
#include "exec/runsettings.h"
#include "logs/linesplitter.h"
#include "logs/logfollower.h"
#include "logs/terminaltext.h"
#include "store/jobstore.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QSet>
#include <QTimer>
#include <csignal>
#include <cstdio>
#include <iterator>
#include <signal.h>
#include <unistd.h>

namespace trainyard::cli {
namespace {

class Follow
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

volatile std::sig_atomic_t g_interrupts = 0;
volatile std::sig_atomic_t g_lastSignal = 0;

extern "C" void onInterrupt(int signal)
{
    g_interrupts = g_interrupts + 1;
    g_lastSignal = signal;
}

// The signals that interrupt a follow: Ctrl-C, and a SIGTERM or SIGHUP (the terminal closed, a
// service manager or `kill` stopping the command) — all three cancel as Ctrl-C does.
constexpr int interruptSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Installs the handlers for the lifetime of the object and restores the previous ones.
class InterruptGuard
{
public:
    InterruptGuard()
    {
        g_interrupts = 0;
        g_lastSignal = 0;
        struct sigaction action = {};
        action.sa_handler = onInterrupt;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        for (int i = 0; i < int(std::size(interruptSignals)); ++i)
            ::sigaction(interruptSignals[i], &action, &m_previous[i]);
    }
    ~InterruptGuard()
    {
        for (int i = 0; i < int(std::size(interruptSignals)); ++i)
            ::sigaction(interruptSignals[i], &m_previous[i], nullptr);
    }
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;

private:
    struct sigaction m_previous[std::size(interruptSignals)] = {};
};

// How long a follow waits for a state that cannot be read (a job folder being created has
// none for a moment) before it reports the job as broken and returns.
constexpr qint64 unreadableGiveUpMs = 3000;

} // namespace

int followJob(const store::JobStore &store, const QString &jobId, const FollowOptions &options)
{
    InterruptGuard interrupts;
    const bool terminal = ::isatty(STDOUT_FILENO) == 1;
    logs::LogFollower follower;
    QSet<QString> followed;
    QEventLoop loop;
    QTimer tick;
    tick.setInterval(100);
    QElapsedTimer sinceLivenessCheck;
    sinceLivenessCheck.start();
    QElapsedTimer unreadableSince; // valid while the state cannot be read
    bool cancelRequested = false;
    int exitCode = 1;

    // A line's end is written when the next line starts: a line over 64 KiB comes as pieces
    // (records flagged as continuations) and stays one line here. On a terminal, colours are
    // kept (SGR only, every other control made harmless) and a progress bar's redraw ("\r")
    // returns to the line start so the next redraw overwrites it; piped, the bytes go out as
    // the trainer wrote them (like grep --color=auto).
    QByteArray lineEnd;
    const auto writeBytes = [](const QByteArray &bytes) {
        out().flush();
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    };
    QObject::connect(
        &follower, &logs::LogFollower::newRecords, &loop, [&](const logs::Records &batch) {
            QByteArray buffer;
            for (const logs::Record &record : batch) {
                const bool redraw = record.bytes.endsWith('\r');
                if (!record.continuation) {
                    buffer += lineEnd;
                    buffer += record.replica.toUtf8() + ": ";
                }
                buffer += terminal ? logs::terminalSafeSgr(record.bytes) : record.bytes;
                lineEnd = terminal && redraw ? QByteArray("\x1b[K\r") : QByteArray("\n");
                // Only a full-size piece can have a continuation: end the others now.
                if (record.bytes.size() < logs::LineSplitter::MaxLineBytes - 3) {
                    buffer += lineEnd;
                    lineEnd.clear();
                }
            }
            writeBytes(buffer);
            std::fflush(stdout);
        });

    auto drainLogs = [&] {
        for (int i = 0; i < 1000; ++i) {
            follower.poll();
            if (follower.isCaughtUp())
                break;
        }
    };

    auto onTick = [&] {
        if (g_interrupts > 0 && !cancelRequested) {
            if (!options.cancelOnInterrupt) {
                exitCode = 128 + int(g_lastSignal);
                loop.quit();
                return;
            }
            cancelRequested = true;
            err() << Follow::tr("Cancelling job [%1]...").arg(jobId) << '\n';
            err().flush();
            if (const QString e = exec::requestCancel(store, jobId); !e.isEmpty()) {
                err() << sanitize(e) << '\n';
                err().flush();
            }
        }
        store::StateReadResult read = store.readState(jobId);
        if (!read && read.failure == store::StateReadResult::Failure::NoSuchJob) {
            err() << Follow::tr("The job %1 no longer exists.").arg(jobId) << '\n';
            err().flush();
            exitCode = 1;
            loop.quit();
            return;
        }
        if (!read) {
            // A folder without a readable state.json: say why and return instead of waiting
            // for ever.
            if (!unreadableSince.isValid())
                unreadableSince.start();
            if (unreadableSince.elapsed() >= unreadableGiveUpMs) {
                err() << sanitize(Follow::tr("Job [%1] cannot be followed: %2")
                                      .arg(jobId, read.errorMessage))
                      << '\n';
                err().flush();
                exitCode = 1;
                loop.quit();
                return;
            }
        } else {
            unreadableSince.invalidate();
        }
        if (read && !read.state.isTerminal() && sinceLivenessCheck.elapsed() >= 1000) {
            sinceLivenessCheck.restart();
            if (!store.isOwnerAlive(jobId)) {
                const QList<store::RecoveredJob> recovered = store::recoverOrphans(store);
                read = store.readState(jobId);
                for (const store::RecoveredJob &job : recovered) {
                    if (job.jobId != jobId || job)
                        continue;
                    // The owner is gone and the end cannot be recorded (e.g. a full disk).
                    err() << sanitize(Follow::tr("Job [%1] ended, but its end cannot be "
                                                 "recorded: %2")
                                          .arg(jobId, job.errorMessage))
                          << '\n';
                    err().flush();
                    exitCode = 1;
                    loop.quit();
                    return;
                }
            }
        }
        if (options.printLogs && read) {
            // A tuning job's replicas log to one file per trial (chief-0.trial-2); every trial
            // listed is followed, also one that ended between two looks.
            QStringList trialIds;
            if (read.state.tuning) {
                for (const store::TrialState &trial : std::as_const(read.state.tuning->trials))
                    trialIds << trial.trialId;
            } else {
                trialIds << QString();
            }
            for (const QString &trialId : std::as_const(trialIds)) {
                for (const store::ReplicaState &replica : std::as_const(read.state.replicas)) {
                    const QString logName = store::trialLogName(replica.name, trialId);
                    if (followed.contains(logName))
                        continue;
                    followed.insert(logName);
                    follower.addFile(store.logPath(jobId, logName), logName);
                }
            }
            follower.poll();
        }
        if (read && read.state.isTerminal()) {
            if (options.printLogs)
                drainLogs();
            const store::JobState &state = read.state;
            const QString name = store::jobStatusName(state.state);
            // A failure says why; so does an end held outside a folder that cannot be written.
            const bool held = QFileInfo::exists(store.heldOutcomePath(jobId));
            // What was lost on the way (a log cut by a full disk) is said with the outcome.
            const QString warnings = state.warningsText();
            if ((state.state == store::JobStatus::Failed || held) &&
                !state.errorMessage.isEmpty()) {
                // Sanitized line by line: the message's own line breaks stay line breaks.
                QStringList lines = Follow::tr("Job [%1] %2: %3")
                                        .arg(jobId, name, state.errorMessage)
                                        .split(QLatin1Char('\n'));
                if (!warnings.isEmpty())
                    lines << Follow::tr("Job [%1]: %2.").arg(jobId, warnings);
                for (QString &line : lines)
                    line = sanitize(line);
                err() << lines.join(QLatin1Char('\n')) << '\n';
            } else if (!warnings.isEmpty()) {
                err() << sanitize(Follow::tr("Job [%1] %2; %3.").arg(jobId, name, warnings))
                      << '\n';
            } else {
                err() << Follow::tr("Job [%1] %2.").arg(jobId, name) << '\n';
            }
            err().flush();
            exitCode = state.state == options.expected ? 0 : 1;
            loop.quit();
        }
    };
    QObject::connect(&tick, &QTimer::timeout, &loop, onTick);
    tick.start();
    QTimer::singleShot(0, &loop, onTick);
    loop.exec();
    if (!lineEnd.isEmpty()) {
        std::fwrite("\n", 1, 1, stdout);
        std::fflush(stdout);
    }
    return exitCode;
}

} // namespace trainyard::cli
