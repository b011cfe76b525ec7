// SPDX-License-Identifier: MIT
// Starting a replica's process without waiting for its exec on the owner's thread.
//
// QProcess (and posix_spawn) create the child with vfork semantics: the calling thread is
// suspended until the child has exec'd. Eleven replicas started in turn from the owner's thread
// therefore wait for eleven execs one after the other, each child first having to be scheduled
// on a machine that the earlier replicas' interpreters already keep busy. spawnChild() hands the
// vfork to one of a few spawn threads instead: only that thread waits, the owner's thread starts
// the next replica at once and hears of each child on its event loop.
//
// The child, between vfork and exec, touches only what was prepared for it: it starts a session
// of its own (setsid: its process group is the replica's), asks for SIGKILL when its parent
// thread ends (PR_SET_PDEATHSIG; the spawn threads live as long as the process, so that is when
// the owner ends) and exits at once if the owner is already gone, resets the signals the owner
// handles or ignores (the trainer sees SIGTERM, SIGINT, SIGPIPE as usual), reads /dev/null and
// writes to the given pipes, changes to the working directory and execs. A failure of either of
// the last two is written to a close-on-exec pipe as (step, errno), so the caller learns why.
//
// A spawned child stays registered (mayBeUnclaimedChild) until its owner object reaps it: the
// owner's reaping of adopted descendants (containment.h) leaves it alone, so a replica that
// exits at once is still seen exiting, with its status, by the object that started it.
#pragma once

#include <QByteArray>
#include <QList>
#include <cstddef>
#include <functional>
#include <memory>

namespace trainyard::exec {

struct SpawnPlan
{
    QByteArray program; // a path (resolved by the caller)
    QList<QByteArray> arguments;
    QList<QByteArray> environment; // NAME=value
    QByteArray workingDirectory;   // empty: the owner's
    int stdoutFd = -1;             // the pipes' write ends the child gets as fd 1 and 2
    int stderrFd = -1;
};

struct SpawnResult
{
    enum class Step { None, Fork, WorkingDirectory, Exec };
    qint64 pid = 0; // the child (already reaped when it failed)
    Step failed = Step::None;
    int error = 0; // errno of the step that failed
    explicit operator bool() const { return failed == Step::None; }
};

// Starts the child of `plan` on a spawn thread; done(result) runs on that thread once the child
// has exec'd or failed to. The caller keeps its copies of the pipes until then. A started
// child is registered (see above) before done() runs.
void spawnChild(std::shared_ptr<const SpawnPlan> plan,
                std::function<void(const SpawnResult &)> done);

// Whether `pid` was started by spawnChild() and not yet released by its owner; also true for
// any pid while a spawn is under way (its child's number is not known yet).
bool mayBeUnclaimedChild(qint64 pid);
// Ends that registration (after the owner object reaped the child, or gave it up).
void releaseChild(qint64 pid);

namespace detail {
// The spawn threads' rule: a post starts one more thread (below maxThreads) when more jobs wait
// than threads are free to take them. A thread started for one post counts as free until it has
// taken that post's job, so "start one when none is free" left a second post waiting behind the
// first one's exec (11 replicas posted at once were forked by two threads).
bool needsSpawnThread(std::size_t waitingJobs, int freeThreads, int threads, int maxThreads);
} // namespace detail

} // namespace trainyard::exec
