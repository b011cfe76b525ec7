// SPDX-License-Identifier: MIT
#include "exec/spawner.h"

#include <QSet>
#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <deque>
#include <fcntl.h>
#include <mutex>
#include <pthread.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace trainyard::exec {

namespace {

// ---- the registry of children not yet claimed back --------------------------------------

// Never destroyed, as the spawn threads that use them are not.
std::mutex &registryMutex()
{
    static auto *m = new std::mutex;
    return *m;
}

QSet<qint64> &registry()
{
    static auto *pids = new QSet<qint64>;
    return *pids;
}

// Spawns posted and not yet registered: their child may exist already without its number being
// known here (vfork returns in the spawn thread a moment after the exec).
int &inFlight()
{
    static int count = 0;
    return count;
}

// ---- the child between vfork and exec -----------------------------------------------------

// What the child reads: C arrays built on the spawn thread before the vfork.
struct ChildArgs
{
    const char *program;
    char *const *argv;
    char *const *envp;
    const char *workingDirectory; // nullptr: stay
    int stdoutFd;
    int stderrFd;
    int devNull;
    int statusFd; // close-on-exec: (step, errno) on failure
    pid_t owner;
    const sigset_t *mask; // the spawn thread's own mask, for the trainer
};

[[noreturn]] void fail(const ChildArgs &a, SpawnResult::Step step)
{
    const int report[2] = {int(step), errno};
    [[maybe_unused]] const ssize_t n = ::write(a.statusFd, report, sizeof report);
    ::_exit(127);
}

// Runs in the vforked child: async-signal-safe calls only, nothing allocated.
[[noreturn]] void runChild(const ChildArgs &a)
{
    ::setsid();
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != a.owner) // the owner died before prctl took effect
        ::_exit(127);
    // Handlers would run in this child (they are the owner's); ignored signals stay ignored
    // across exec: the trainer gets the defaults for those the owner ignores or handles.
    for (int sig = 1; sig < NSIG; ++sig) {
        if (sig == SIGKILL || sig == SIGSTOP)
            continue;
        struct sigaction old = {};
        if (::sigaction(sig, nullptr, &old) != 0)
            continue;
        const bool reset =
            old.sa_handler != SIG_DFL && (old.sa_handler != SIG_IGN || sig == SIGTERM ||
                                          sig == SIGINT || sig == SIGPIPE || sig == SIGCHLD);
        if (reset) {
            struct sigaction dfl = {};
            dfl.sa_handler = SIG_DFL;
            ::sigaction(sig, &dfl, nullptr);
        }
    }
    ::pthread_sigmask(SIG_SETMASK, a.mask, nullptr);
    ::dup2(a.devNull, STDIN_FILENO);
    ::dup2(a.stdoutFd, STDOUT_FILENO);
    ::dup2(a.stderrFd, STDERR_FILENO);
    if (a.workingDirectory != nullptr && ::chdir(a.workingDirectory) != 0)
        fail(a, SpawnResult::Step::WorkingDirectory);
    ::execve(a.program, a.argv, a.envp);
    fail(a, SpawnResult::Step::Exec);
}

// vfork is kept out of any function that does more than call it, so nothing the child might
// change on the shared stack matters to the caller.
__attribute__((noinline)) pid_t forkChild(const ChildArgs &a)
{
    const pid_t pid = ::vfork();
    if (pid == 0)
        runChild(a);
    return pid;
}

std::vector<char *> pointers(const QList<QByteArray> &strings)
{
    std::vector<char *> out;
    out.reserve(std::size_t(strings.size()) + 1);
    for (const QByteArray &s : strings)
        out.push_back(const_cast<char *>(s.constData()));
    out.push_back(nullptr);
    return out;
}

// One spawn, on a spawn thread.
SpawnResult spawn(const SpawnPlan &plan)
{
    SpawnResult result;
    QList<QByteArray> argv{plan.program};
    argv += plan.arguments;
    const std::vector<char *> argvPointers = pointers(argv);
    const std::vector<char *> envPointers = pointers(plan.environment);
    int status[2] = {-1, -1};
    const int devNull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (devNull < 0 || ::pipe2(status, O_CLOEXEC | O_NONBLOCK) != 0) {
        result.failed = SpawnResult::Step::Fork;
        result.error = errno;
        if (devNull >= 0)
            ::close(devNull);
        return result;
    }
    // No signal may reach the child before its handlers are reset.
    sigset_t all;
    sigset_t mask;
    ::sigfillset(&all);
    ::pthread_sigmask(SIG_SETMASK, &all, &mask);
    const ChildArgs args{plan.program.constData(),
                         argvPointers.data(),
                         envPointers.data(),
                         plan.workingDirectory.isEmpty() ? nullptr
                                                         : plan.workingDirectory.constData(),
                         plan.stdoutFd,
                         plan.stderrFd,
                         devNull,
                         status[1],
                         ::getpid(),
                         &mask};
    const pid_t pid = forkChild(args);
    const int forkError = errno;
    ::pthread_sigmask(SIG_SETMASK, &mask, nullptr);
    ::close(status[1]);
    ::close(devNull);
    if (pid < 0) {
        ::close(status[0]);
        result.failed = SpawnResult::Step::Fork;
        result.error = forkError;
        return result;
    }
    // The child has exec'd or exited (vfork): a failure report, if any, is in the pipe already.
    // Another spawn's child may still hold a copy of the write end until its own exec, so the
    // read end does not block: no report now (EAGAIN, or EOF) is a success.
    int report[2] = {0, 0};
    const ssize_t n = ::read(status[0], report, sizeof report);
    ::close(status[0]);
    result.pid = pid;
    if (n == ssize_t(sizeof report)) {
        result.failed = SpawnResult::Step(report[0]);
        result.error = report[1];
        int ignored = 0;
        ::waitpid(pid, &ignored, 0); // it has _exit'ed
        return result;
    }
    return result;
}

// ---- the spawn threads --------------------------------------------------------------------

struct Job
{
    std::shared_ptr<const SpawnPlan> plan;
    std::function<void(const SpawnResult &)> done;
};

// Threads that wait for jobs and never end (a replica dies with the thread that forked it), one
// more started whenever more jobs wait than threads are free to take them, up to MaxThreads: a
// job's replicas are all forked at once, none behind another's exec (detail::needsSpawnThread).
class SpawnThreads
{
public:
    static constexpr int MaxThreads = 16;

    void post(Job job)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_jobs.push_back(std::move(job));
        if (detail::needsSpawnThread(m_jobs.size(), m_idle, m_threads, MaxThreads)) {
            ++m_threads;
            ++m_idle;
            std::thread([this] { loop(); }).detach();
        }
        m_wake.notify_one();
    }

private:
    void loop()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return !m_jobs.empty(); });
            Job job = std::move(m_jobs.front());
            m_jobs.pop_front();
            --m_idle;
            lock.unlock();
            const SpawnResult result = spawn(*job.plan);
            {
                std::lock_guard<std::mutex> registered(registryMutex());
                if (result)
                    registry().insert(result.pid);
                --inFlight();
            }
            job.done(result);
            job = {};
            lock.lock();
            ++m_idle;
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Job> m_jobs;
    int m_threads = 0;
    int m_idle = 0;
};

SpawnThreads &spawnThreads()
{
    // Never destroyed: its threads outlive every static destructor (see above).
    static auto *threads = new SpawnThreads;
    return *threads;
}

} // namespace

bool detail::needsSpawnThread(std::size_t waitingJobs, int freeThreads, int threads, int maxThreads)
{
    return waitingJobs > std::size_t(std::max(freeThreads, 0)) && threads < maxThreads;
}

void spawnChild(std::shared_ptr<const SpawnPlan> plan,
                std::function<void(const SpawnResult &)> done)
{
    {
        std::lock_guard<std::mutex> lock(registryMutex());
        ++inFlight();
    }
    spawnThreads().post(Job{std::move(plan), std::move(done)});
}

bool mayBeUnclaimedChild(qint64 pid)
{
    std::lock_guard<std::mutex> lock(registryMutex());
    return inFlight() > 0 || registry().contains(pid);
}

void releaseChild(qint64 pid)
{
    std::lock_guard<std::mutex> lock(registryMutex());
    registry().remove(pid);
}

} // namespace trainyard::exec
