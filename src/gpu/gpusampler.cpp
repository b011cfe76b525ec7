// SPDX-License-Identifier: MIT
#include "gpu/gpusampler.h"

#include "exec/companion.h"
#include "gpu/gpuhelper.h"
#include "store/runtimedir.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QThread>
#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace trainyard::gpu {

namespace {

// The helpers of this process not reaped yet, and every sampler (interruptGpuHelpers()).
std::mutex g_mutex;
QSet<qint64> g_helpers;
QSet<GpuSampler *> g_samplers;
bool g_allInterrupted = false;

int environmentMs(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

// `trainyard` of this installation (exec/companion.h: beside this program in the build tree, in
// bin/ for the window in libexec/), or the test's. Never a name looked up relative to the working
// directory (without /proc there is no helper).
QByteArray helperProgram()
{
    if (const QByteArray set = qgetenv("TRAINYARD_GPU_HELPER"); !set.isEmpty())
        return set;
    const std::string program = exec::companionProgram(exec::CliProgramName);
    if (program.empty() || program.front() != '/')
        return {};
    return QByteArray::fromStdString(program);
}

bool mayHaveNvml()
{
    for (const char *path : {"/proc/driver/nvidia/version", "/dev/nvidiactl", "/dev/dxg"}) {
        if (::access(path, F_OK) == 0)
            return true;
    }
    return !qEnvironmentVariableIsEmpty("LD_LIBRARY_PATH");
}

QString markPath()
{
    const QString folder = store::userFolder();
    return folder.isEmpty() ? QString() : folder + QStringLiteral("/nvml-unanswered");
}

// When NVML last missed a helper's start deadline, if that was less than UnansweredMarkMs ago.
QDateTime freshMark()
{
    const QString path = markPath();
    if (path.isEmpty())
        return {};
    const QFileInfo info(path);
    if (!info.exists())
        return {};
    const QDateTime when = info.lastModified();
    const qint64 age = when.msecsTo(QDateTime::currentDateTime());
    return age >= 0 && age < UnansweredMarkMs ? when : QDateTime();
}

void reapLeftovers()
{
    const std::lock_guard<std::mutex> lock(g_mutex);
    for (auto it = g_helpers.begin(); it != g_helpers.end();) {
        if (::waitpid(pid_t(*it), nullptr, WNOHANG) != 0) // reaped, or not our child any more
            it = g_helpers.erase(it);
        else
            ++it;
    }
}

QString seconds(int ms)
{
    return QString::number(ms / 1000.0, 'g', 3);
}

} // namespace

GpuHelperOptions GpuHelperOptions::fromEnvironment()
{
    GpuHelperOptions options;
    const int deadline = environmentMs("TRAINYARD_GPU_DEADLINE_MS", 0);
    if (deadline > 0) {
        options.startDeadlineMs = deadline;
        options.sampleDeadlineMs = deadline;
    }
    const int backoff = environmentMs("TRAINYARD_GPU_BACKOFF_MS", 0);
    if (backoff > 0) {
        options.backoffMs = backoff;
        options.maxBackoffMs = backoff * 60;
    }
    return options;
}

GpuSampler::GpuSampler(GpuHelperOptions options)
    : m_options(options)
    , m_wake(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
{
    const std::lock_guard<std::mutex> lock(g_mutex);
    g_samplers.insert(this);
    if (g_allInterrupted)
        m_interrupted = true;
}

GpuSampler::~GpuSampler()
{
    {
        const std::lock_guard<std::mutex> lock(g_mutex);
        g_samplers.remove(this);
    }
    stopHelper();
    if (m_wake >= 0)
        ::close(m_wake);
}

void GpuSampler::interrupt()
{
    m_interrupted = true;
    if (m_wake >= 0) {
        const quint64 one = 1;
        [[maybe_unused]] const ssize_t n = ::write(m_wake, &one, sizeof one);
    }
}

void GpuSampler::note(const QString &text)
{
    if (m_noted.contains(text))
        return;
    m_noted.append(text);
    m_notes.append(text);
}

QStringList GpuSampler::takeNotes()
{
    QStringList notes;
    notes.swap(m_notes);
    return notes;
}

bool GpuSampler::waiting() const
{
    return m_failures > 0 && m_sinceFailure.isValid() && m_sinceFailure.elapsed() < m_delayMs;
}

bool GpuSampler::spawn()
{
    reapLeftovers();
    const QByteArray program = helperProgram();
    if (program.isEmpty() || ::access(program.constData(), X_OK) != 0) {
        m_failure =
            tr("the GPU helper %1 cannot be started")
                .arg(QFile::decodeName(program.isEmpty() ? QByteArray("trainyard") : program));
        return false;
    }
    // One socket for both ways: the helper's standard input and output. Writes to it never
    // raise SIGPIPE here (MSG_NOSIGNAL), whatever this process does with that signal.
    int ends[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
        m_failure = tr("the GPU helper cannot be started: %1")
                        .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    const char *const argv[] = {program.constData(), "gpu-sampler", nullptr};
    sigset_t none;
    sigemptyset(&none);
    pid_t pid = -1;
    {
        // Registered before anyone walking this process's children can see it.
        const std::lock_guard<std::mutex> lock(g_mutex);
        pid = ::fork();
        if (pid == 0) {
            // The child, until exec: async-signal-safe calls only.
            ::dup2(ends[1], STDIN_FILENO);
            ::dup2(ends[1], STDOUT_FILENO);
            const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
            if (null >= 0)
                ::dup2(null, STDERR_FILENO);
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            ::sigprocmask(SIG_SETMASK, &none, nullptr);
            ::execv(argv[0], const_cast<char *const *>(argv));
            ::_exit(127);
        }
        if (pid > 0)
            g_helpers.insert(qint64(pid));
    }
    ::close(ends[1]);
    if (pid < 0) {
        ::close(ends[0]);
        m_failure = tr("the GPU helper cannot be started: %1")
                        .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    ::fcntl(ends[0], F_SETFL, ::fcntl(ends[0], F_GETFL) | O_NONBLOCK);
    m_pid = qint64(pid);
    m_toHelper = ends[0];
    m_fromHelper = ends[0];
    m_buffer.clear();
    return true;
}

GpuSampler::Read GpuSampler::readLine(int deadlineMs, QByteArray *line)
{
    QElapsedTimer timer;
    timer.start();
    for (;;) {
        if (const qsizetype end = m_buffer.indexOf('\n'); end >= 0) {
            *line = m_buffer.left(end);
            m_buffer.remove(0, end + 1);
            return Read::Line;
        }
        if (m_buffer.size() > MaxHelperLineBytes)
            return Read::TooLong;
        if (m_interrupted)
            return Read::Interrupted;
        const qint64 left = deadlineMs - timer.elapsed();
        if (left <= 0)
            return Read::Timeout;
        pollfd fds[2] = {{m_fromHelper, POLLIN, 0}, {m_wake, POLLIN, 0}};
        const int ready = ::poll(fds, m_wake >= 0 ? 2 : 1, int(left));
        if (ready < 0 && errno != EINTR)
            return Read::Ended;
        if (ready <= 0 || (fds[0].revents == 0))
            continue; // the wake (m_interrupted is set), a signal or the deadline
        char chunk[64 * 1024];
        const ssize_t n = ::read(m_fromHelper, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            return Read::Ended;
        m_buffer.append(chunk, n);
    }
}

void GpuSampler::stopHelper(const QString &why, bool ended)
{
    QString detail;
    if (m_pid > 0) {
        const pid_t pid = pid_t(m_pid);
        int status = 0;
        pid_t reaped = ::waitpid(pid, &status, WNOHANG);
        // One that closed its end is on its way out: a moment to learn how it ended.
        for (int i = 0; ended && reaped == 0 && i < 20; ++i) {
            QThread::msleep(5);
            reaped = ::waitpid(pid, &status, WNOHANG);
        }
        if (reaped == 0)
            ::kill(pid, SIGKILL);
        for (int i = 0; reaped == 0 && i < 40; ++i) {
            QThread::msleep(i < 4 ? 1 : 5);
            reaped = ::waitpid(pid, &status, WNOHANG);
        }
        if (reaped == pid && ended) {
            if (WIFSIGNALED(status))
                detail = tr("killed by signal %1, %2")
                             .arg(WTERMSIG(status))
                             .arg(QString::fromLocal8Bit(::strsignal(WTERMSIG(status))));
            else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
                detail = tr("it could not be started");
            else if (WIFEXITED(status))
                detail = tr("exit code %1").arg(WEXITSTATUS(status));
        }
        // One not reaped yet (stuck in the driver) stays registered: reapLeftovers().
        if (reaped != 0) {
            const std::lock_guard<std::mutex> lock(g_mutex);
            g_helpers.remove(m_pid);
        }
    }
    if (m_fromHelper >= 0)
        ::close(m_fromHelper);
    m_fromHelper = m_toHelper = -1;
    m_pid = 0;
    m_buffer.clear();
    if (why.isEmpty())
        return;
    ++m_failures;
    m_delayMs = std::min<qint64>(qint64(m_options.backoffMs) << std::min(m_failures - 1, 20),
                                 m_options.maxBackoffMs);
    m_sinceFailure.start();
    const QString what = detail.isEmpty() ? why : tr("%1 (%2)").arg(why, detail);
    m_failure = what;
    m_notes.append(tr("The GPU helper stopped: %1; it starts again in %2 s.")
                       .arg(what, seconds(int(m_delayMs))));
}

bool GpuSampler::start()
{
    if (m_pid > 0)
        return true;
    if (m_noGpus)
        return false;
    if (m_interrupted) {
        m_failure = tr("stopped before NVML answered");
        m_inventory.unavailableReason = m_failure;
        return false;
    }
    if (!mayHaveNvml()) {
        m_noGpus = true;
        m_failure = tr("no NVIDIA driver (no /proc/driver/nvidia, /dev/nvidiactl or /dev/dxg)");
        m_inventory = GpuInventory();
        m_inventory.unavailableReason = m_failure;
        return false;
    }
    if (waiting())
        return false;
    if (const QDateTime mark = freshMark(); mark.isValid()) {
        m_failure = tr("NVML did not answer at %1; it is asked again after %2")
                        .arg(mark.toString(QStringLiteral("HH:mm:ss")),
                             mark.addMSecs(UnansweredMarkMs).toString(QStringLiteral("HH:mm:ss")));
        m_inventory = GpuInventory();
        m_inventory.unavailableReason = m_failure;
        return false;
    }
    if (!spawn()) {
        m_inventory = GpuInventory();
        m_inventory.unavailableReason = m_failure;
        return false;
    }
    QByteArray line;
    GpuInventory inventory;
    QString why;
    bool ended = false;
    switch (readLine(m_options.startDeadlineMs, &line)) {
    case Read::Line:
        if (!parseInventoryLine(line, &inventory))
            why = tr("its answer is not a list of GPUs");
        break;
    case Read::Timeout:
        why = tr("NVML did not list the GPUs within %1 s").arg(seconds(m_options.startDeadlineMs));
        if (const QString path = markPath(); !path.isEmpty()) {
            QFile mark(path);
            if (mark.open(QIODevice::WriteOnly | QIODevice::Truncate))
                mark.write(QByteArray::number(m_options.startDeadlineMs) + '\n');
        }
        break;
    case Read::Ended:
        why = tr("it ended before it listed the GPUs");
        ended = true;
        break;
    case Read::TooLong:
        why = tr("its answer is too long");
        break;
    case Read::Interrupted:
        stopHelper();
        m_failure = tr("stopped before NVML answered");
        m_inventory = GpuInventory();
        m_inventory.unavailableReason = m_failure;
        return false;
    }
    if (!why.isEmpty()) {
        stopHelper(why, ended);
        m_inventory = GpuInventory();
        m_inventory.unavailableReason = m_failure;
        return false;
    }
    if (const QString path = markPath(); !path.isEmpty())
        QFile::remove(path); // NVML answers again
    m_inventory = inventory;
    m_failure.clear();
    for (const QString &text : std::as_const(inventory.notes))
        note(text);
    if (inventory.gpus.isEmpty()) {
        m_noGpus = true; // nothing to sample: the helper is not kept
        stopHelper();
    }
    return true;
}

std::optional<GpuSnapshot> GpuSampler::sample()
{
    if (m_noGpus || (m_pid <= 0 && !start()) || m_noGpus)
        return std::nullopt;
    static const char request[] = "sample\n";
    if (::send(m_toHelper, request, sizeof request - 1, MSG_NOSIGNAL | MSG_DONTWAIT) !=
        ssize_t(sizeof request - 1)) {
        stopHelper(tr("it ended between readings"), true);
        return std::nullopt;
    }
    QByteArray line;
    GpuSnapshot snapshot;
    switch (readLine(m_options.sampleDeadlineMs, &line)) {
    case Read::Line:
        if (parseSampleLine(line, m_inventory, &snapshot))
            break;
        stopHelper(tr("its answer is not a reading"));
        return std::nullopt;
    case Read::Timeout:
        stopHelper(
            tr("a reading did not come within %1 s").arg(seconds(m_options.sampleDeadlineMs)));
        return std::nullopt;
    case Read::Ended:
        stopHelper(tr("it ended in a reading"), true);
        return std::nullopt;
    case Read::TooLong:
        stopHelper(tr("its answer is too long"));
        return std::nullopt;
    case Read::Interrupted:
        stopHelper();
        return std::nullopt;
    }
    m_failures = 0;
    for (const QString &text : std::as_const(snapshot.notes))
        note(text);
    return snapshot;
}

GpuInventory readInventory()
{
    GpuSampler sampler;
    sampler.start();
    return sampler.inventory(); // the failure, if any, as unavailableReason
}

bool isGpuHelperProcess(qint64 pid)
{
    const std::lock_guard<std::mutex> lock(g_mutex);
    return g_helpers.contains(pid);
}

void interruptGpuHelpers()
{
    const std::lock_guard<std::mutex> lock(g_mutex);
    g_allInterrupted = true;
    for (GpuSampler *sampler : std::as_const(g_samplers))
        sampler->interrupt();
}

} // namespace trainyard::gpu
