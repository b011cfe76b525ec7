// SPDX-License-Identifier: MIT
#include "exec/ownerstandby.h"

#include "catalog/catalog.h"
#include "exec/supervisor.h"

#include <QCoreApplication>
#include <QFile>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
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
