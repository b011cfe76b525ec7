// SPDX-License-Identifier: MIT
#include "exec/ownerstandby.h"

#include "catalog/catalog.h"
#include "exec/owner.h"

#include <QCoreApplication>
#include <QFile>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <initializer_list>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace trainyard::exec {

namespace {

constexpr int MaxLine = 512;      // a job ID and its newline, with room to spare
constexpr int StandbyMs = 600000; // a CLI that neither assigns nor exits in 10 min: gone

// Reads one '\n'-terminated line from `fd` within `timeoutMs`; empty on EOF, timeout, error or
// a line too long.
QByteArray readLine(int fd, int timeoutMs)
{
    QByteArray line;
    char buffer[64];
    while (line.size() < MaxLine) {
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, timeoutMs);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return {};
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return {};
        line.append(buffer, n);
        if (const qsizetype end = line.indexOf('\n'); end >= 0)
            return line.left(end);
    }
    return {};
}

// The forked standby's socket, in the CLI that forked it (forkForSubmit, takeForked).
int g_forkedSocket = -1;

// The memory of a forked standby's arguments (argv[1] to the end of the last one), which
// /proc/PID/cmdline shows; empty in any other process.
char *g_titleBegin = nullptr;
char *g_titleEnd = nullptr;

// Rewrites the arguments after argv[0] in place, as ps shows them, when `words` fit in the
// memory the old ones held; the rest is zeroed. False, nothing changed, when they do not fit.
bool retitle(std::initializer_list<const char *> words, int *argc = nullptr, char **argv = nullptr)
{
    size_t need = 0;
    for (const char *word : words)
        need += std::strlen(word) + 1;
    if (!g_titleBegin || need > size_t(g_titleEnd - g_titleBegin))
        return false;
    char *at = g_titleBegin;
    int n = 1;
    for (const char *word : words) {
        const size_t length = std::strlen(word) + 1;
        std::memcpy(at, word, length);
        if (argv)
            argv[n] = at;
        ++n;
        at += length;
    }
    std::memset(at, 0, size_t(g_titleEnd - at));
    if (argv && argc) {
        argv[n] = nullptr;
        *argc = n;
    }
    return true;
}

bool sendAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n =
            ::send(fd, bytes.constData() + done, size_t(bytes.size() - done), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

} // namespace

OwnerStandby::OwnerStandby(OwnerStandby &&other) noexcept
    : m_socket(other.m_socket)
{
    other.m_socket = -1;
}

OwnerStandby &OwnerStandby::operator=(OwnerStandby &&other) noexcept
{
    if (this != &other) {
        close();
        m_socket = other.m_socket;
        other.m_socket = -1;
    }
    return *this;
}

OwnerStandby::~OwnerStandby()
{
    close();
}

void OwnerStandby::close()
{
    if (m_socket >= 0)
        ::close(m_socket);
    m_socket = -1;
}

OwnerStandby OwnerStandby::start(const QString &program, const QString &storeRoot)
{
    OwnerStandby standby;
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return standby;
    const QByteArray path = QFile::encodeName(program);
    const QByteArray root = QFile::encodeName(storeRoot);
    const QByteArray args[] = {path, "supervise", "--store", root, "--standby"};
    std::vector<char *> argv;
    for (const QByteArray &arg : args)
        argv.push_back(const_cast<char *>(arg.constData()));
    argv.push_back(nullptr);

    // posix_spawn (a vfork and an exec, no copy of this process): the owner's input is its end
    // of the pair, its output /dev/null until it has a job, and it leads a session of its own
    // from the start, so a Ctrl-C meant for the CLI never reaches it. A CLI that exits leaves
    // it to init (or a subreaper), as startOwner()'s detached owners are.
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_adddup2(&actions, pair[1], STDIN_FILENO);
    ::posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    ::posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    ::posix_spawnattr_init(&attributes);
    sigset_t none;
    sigemptyset(&none);
    ::posix_spawnattr_setsigmask(&attributes, &none);
    ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK);
    pid_t pid = 0;
    const int spawned =
        ::posix_spawn(&pid, path.constData(), &actions, &attributes, argv.data(), environ);
    ::posix_spawnattr_destroy(&attributes);
    ::posix_spawn_file_actions_destroy(&actions);
    ::close(pair[1]);
    if (spawned != 0) {
        ::close(pair[0]);
        return standby;
    }
    standby.m_socket = pair[0];
    return standby;
}

bool OwnerStandby::forkForSubmit(int &argc, char **argv)
{
    if (argc < 4 || std::strcmp(argv[1], "jobs") != 0 || std::strcmp(argv[2], "submit") != 0 ||
        std::strcmp(argv[3], "training") != 0)
        return false;
    for (int i = 4; i < argc; ++i) {
        if (std::strcmp(argv[i], "--cloud") == 0 || std::strcmp(argv[i], "--help") == 0 ||
            std::strcmp(argv[i], "-h") == 0)
            return false; // runs no owner here, or nothing at all
    }
    // The arguments must be the kernel's contiguous block for ps to show a new title.
    for (int i = 2; i < argc; ++i) {
        if (argv[i] != argv[i - 1] + std::strlen(argv[i - 1]) + 1)
            return false;
    }
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return false;
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(pair[0]);
        ::close(pair[1]);
        return false;
    }
    if (pid > 0) {
        ::close(pair[1]);
        g_forkedSocket = pair[0];
        return false;
    }
    // The standby: what posix_spawn gives start()'s (a session of its own, so a Ctrl-C meant
    // for the CLI never reaches it; no blocked signal; its end of the pair as input and
    // /dev/null as output until it has a job), and none of the CLI's other descriptors, so it
    // holds no pipe of whoever ran the CLI.
    ::setsid();
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::dup2(pair[1], STDIN_FILENO);
    const int devNull = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (devNull >= 0) {
        ::dup2(devNull, STDOUT_FILENO);
        ::dup2(devNull, STDERR_FILENO);
    }
    ::close_range(3, ~0U, 0);
    g_titleBegin = argv[1];
    g_titleEnd = argv[argc - 1] + std::strlen(argv[argc - 1]) + 1;
    retitle({"supervise", "--standby"}, &argc, argv); // 20 bytes: "jobs submit training" has 21
    return true;
}

OwnerStandby OwnerStandby::takeForked()
{
    OwnerStandby standby;
    standby.m_socket = g_forkedSocket;
    g_forkedSocket = -1;
    return standby;
}

qint64 OwnerStandby::assign(const QString &jobId, int timeoutMs, QString *error)
{
    const auto fail = [&](const QString &why) -> qint64 {
        close();
        if (error)
            *error = why;
        return 0;
    };
    if (!isValid())
        return fail(
            QCoreApplication::translate("trainyard::OwnerStandby", "no owner is standing by"));
    if (!sendAll(m_socket, jobId.toUtf8() + '\n'))
        return fail(QCoreApplication::translate("trainyard::OwnerStandby",
                                                "the owner standing by has exited"));
    const QByteArray answer = readLine(m_socket, timeoutMs);
    bool ok = false;
    const qint64 pid = answer.toLongLong(&ok);
    close();
    if (!ok || pid <= 0)
        return fail(QCoreApplication::translate("trainyard::OwnerStandby",
                                                "the owner standing by did not take the job"));
    return pid;
}

int runStandbyOwner(const store::JobStore &store)
{
    ::setsid(); // started as a session leader (a no-op then); `supervise --standby` by hand too
    ::signal(SIGPIPE, SIG_IGN);
    // What every owner needs, loaded while the CLI is still validating.
    catalog::Catalog::loadDefault();

    const QByteArray line = readLine(STDIN_FILENO, StandbyMs);
    const QString jobId = QString::fromUtf8(line);
    if (jobId.isEmpty() || !store::JobStore::isStorableJobId(jobId) || !store.contains(jobId))
        return 0; // no job for us: the CLI stopped before storing one
    const QByteArray log = QFile::encodeName(store.jobDir(jobId) + QStringLiteral("/owner.log"));
    const int fd = ::open(log.constData(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return 0; // the CLI starts an owner the usual way, which reports why
    if (!sendAll(STDIN_FILENO, QByteArray::number(qint64(::getpid())) + '\n')) {
        ::close(fd);
        return 0; // the CLI gave up waiting and starts another owner
    }
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
    ::close(fd);
    // A forked standby shows its job as an owner started for it would (startOwner), or at
    // least the job's ID where the store's path does not fit.
    const QByteArray root = QFile::encodeName(store.root());
    const QByteArray id = jobId.toUtf8();
    if (!retitle({"supervise", "--store", root.constData(), id.constData()}))
        retitle({"supervise", id.constData()});
    const int devNull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (devNull >= 0) {
        ::dup2(devNull, STDIN_FILENO); // the socket closes: the replicas never inherit it
        ::close(devNull);
    }
    // In the job's folder, as startOwner() starts owners (where a core file would land).
    if (::chdir(QFile::encodeName(store.jobDir(jobId)).constData()) != 0)
        detail::note(QCoreApplication::translate("trainyard::OwnerStandby",
                                                 "Cannot enter the job's folder: %1")
                         .arg(qt_error_string(errno)));
    return runOwner(store, jobId);
}

} // namespace trainyard::exec
