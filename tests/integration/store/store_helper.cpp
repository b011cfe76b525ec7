// SPDX-License-Identifier: MIT
// Helper program for the store's process tests (tst_storeprocesses). Modes:
//   write-loop ROOT JOB      writes sampleState(n), (n+1), ... to JOB's state forever, n
//                            following the state found; prints "ready" after the first write
//   hold-lock LOCKFILE       takes an OwnerLock and sleeps; prints "locked"
//   orphan ROOT JOB          holds JOB's owner lock, starts `sleep 1000` in a new process
//                            group, records it (with its identity) as a RUNNING replica;
//                            prints "ready PGID"
//   create ROOT JOB          createJob; prints "created" or "refused: MESSAGE"
//   recover ROOT             recoverOrphans (no grace); prints one recovered job ID per line
#include "statesamples.h"
#include "store/jobstore.h"
#include "store/ownerlock.h"
#include "store/procidentity.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QStringList>
#include <cstdio>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

extern char **environ;

using namespace trainyard::store;

namespace {

void say(const QString &line)
{
    std::fputs(line.toUtf8().constData(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

[[noreturn]] void sleepForever()
{
    for (;;)
        ::pause();
}

int writeLoop(const QString &root, const QString &jobId)
{
    JobStore store(root);
    // Numbering goes on from what an earlier (killed) writer left.
    const StateReadResult previous = store.readState(jobId);
    const int first = previous ? previous.state.attempt + 1 : 1;
    for (int n = first;; ++n) {
        if (const StoreResult r = store.writeState(jobId, testing::sampleState(n)); !r) {
            say(r.errorMessage);
            return 1;
        }
        if (n == first)
            say(QStringLiteral("ready"));
    }
}

int holdLock(const QString &path)
{
    OwnerLock lock;
    if (const LockResult r = lock.tryAcquire(path, 5000); !r) {
        say(r.errorMessage);
        return 1;
    }
    say(QStringLiteral("locked"));
    sleepForever();
}

int orphan(const QString &root, const QString &jobId)
{
    JobStore store(root);
    OwnerLock lock;
    if (const LockResult r = lock.tryAcquire(store.ownerLockPath(jobId), 5000); !r) {
        say(r.errorMessage);
        return 1;
    }
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0); // a group of its own, as the executor does
    char sleepName[] = "sleep";
    char duration[] = "1000";
    char *argv[] = {sleepName, duration, nullptr};
    pid_t child = 0;
    const int rc = posix_spawnp(&child, "sleep", nullptr, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        say(QStringLiteral("cannot start sleep"));
        return 1;
    }
    JobState state;
    state.state = JobStatus::Running;
    state.createTime = QDateTime::currentDateTimeUtc();
    state.startTime = state.createTime;
    state.ownerPid = qint64(::getpid());
    ReplicaState replica;
    replica.name = QStringLiteral("master-0");
    replica.taskType = QStringLiteral("master");
    replica.pid = child;
    replica.pgid = child;
    // Its identity, as the executor records it: recovery signals only the recorded process.
    if (const std::optional<ProcessIdentity> id = processIdentity(child)) {
        replica.leaderStartTime = id->startTime;
        state.bootId = id->bootId;
    }
    replica.port = 27182;
    replica.state = ReplicaStatus::Running;
    replica.lastStart = state.startTime;
    state.replicas.append(replica);
    if (const StoreResult r = store.writeState(jobId, state); !r) {
        ::kill(-child, SIGKILL);
        say(r.errorMessage);
        return 1;
    }
    say(QStringLiteral("ready %1").arg(qint64(child)));
    sleepForever();
}

int create(const QString &root, const QString &jobId)
{
    JobStore store(root);
    const StoreResult r = store.createJob(jobId, QByteArrayLiteral("jobId: x\n"));
    say(r ? QStringLiteral("created") : QStringLiteral("refused: ") + r.errorMessage);
    return 0;
}

int recover(const QString &root)
{
    RecoveryOptions options;
    options.unclaimedGraceMs = 0;
    const QList<RecoveredJob> jobs = recoverOrphans(JobStore(root), options);
    for (const RecoveredJob &job : jobs)
        say(job.jobId);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    const QString mode = args.value(0);
    if (mode == QLatin1String("write-loop") && args.size() == 3)
        return writeLoop(args.at(1), args.at(2));
    if (mode == QLatin1String("hold-lock") && args.size() == 2)
        return holdLock(args.at(1));
    if (mode == QLatin1String("orphan") && args.size() == 3)
        return orphan(args.at(1), args.at(2));
    if (mode == QLatin1String("create") && args.size() == 3)
        return create(args.at(1), args.at(2));
    if (mode == QLatin1String("recover") && args.size() == 2)
        return recover(args.at(1));
    std::fputs("usage: store_helper write-loop|hold-lock|orphan|create|recover ARGS\n", stderr);
    return 2;
}
