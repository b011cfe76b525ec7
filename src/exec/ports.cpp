// SPDX-License-Identifier: MIT
// Free localhost ports, probed by binding a listening socket and closing it again, claimed
// machine-wide with a lock file per port, and who holds a port that is taken.
#include "exec/ports.h"

#include "store/runtimedir.h"
#include "text/plaintext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trainyard::exec {

namespace {

enum class Probe { Free, Taken, Unusable };

// Binds like a trainer's server does (SO_REUSEADDR, so ports in TIME_WAIT count as free; a
// listening socket on the port, on this address or the wildcard, still makes it taken).
Probe probe(const addrinfo *ai, quint16 port)
{
    const int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0)
        return Probe::Unusable;
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_storage addr{};
    std::memcpy(&addr, ai->ai_addr, std::min<size_t>(ai->ai_addrlen, sizeof addr));
    if (ai->ai_family == AF_INET)
        reinterpret_cast<sockaddr_in *>(&addr)->sin_port = htons(port);
    else if (ai->ai_family == AF_INET6)
        reinterpret_cast<sockaddr_in6 *>(&addr)->sin6_port = htons(port);
    else {
        ::close(fd);
        return Probe::Unusable;
    }
    Probe result = Probe::Free;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), ai->ai_addrlen) != 0 ||
        ::listen(fd, 1) != 0) {
        result = (errno == EADDRINUSE || errno == EACCES) ? Probe::Taken : Probe::Unusable;
    }
    ::close(fd);
    return result;
}

// Opens the claim file of a port in the shared folder: never through a link, a regular file
// only. Made by this user, it is readable by all, so another user's owner can lock it too.
int openClaimFile(const QByteArray &path)
{
    constexpr int flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    int fd = ::open(path.constData(), flags);
    if (fd < 0 && errno == ENOENT) {
        // O_CREAT only with O_EXCL: fs.protected_regular refuses opening another user's file
        // with O_CREAT in a sticky folder.
        fd = ::open(path.constData(), flags | O_CREAT | O_EXCL, 0644);
        if (fd >= 0)
            ::fchmod(fd, 0644); // whatever the umask
        else if (errno == EEXIST)
            fd = ::open(path.constData(), flags);
    }
    if (fd < 0)
        return -1;
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

PortReservations::PortReservations()
{
    const store::RuntimeFolder folder = store::machineFolder(QStringLiteral("trainyard-ports"));
    m_folder = folder.path;
    m_note = folder.note;
}

PortReservations::~PortReservations()
{
    for (const auto &[port, fd] : m_claims) {
        if (fd >= 0)
            ::close(fd);
    }
}

bool PortReservations::claim(quint16 port)
{
    for (const auto &[claimed, fd] : m_claims) {
        if (claimed == port)
            return false; // ours already: chosen for another slot
    }
    if (m_folder.isEmpty()) {
        m_claims.emplace_back(port, -1); // nowhere to claim: probing alone, but never twice
        return true;
    }
    const QByteArray path = QFile::encodeName(m_folder) + '/' + QByteArray::number(port);
    const int fd = openClaimFile(path);
    if (fd < 0)
        return false; // another user's file we cannot open, or not a file: not ours to take
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return false;
    }
    m_claims.emplace_back(port, fd);
    return true;
}

void PortReservations::release(quint16 port)
{
    for (auto it = m_claims.begin(); it != m_claims.end(); ++it) {
        if (it->first == port) {
            if (it->second >= 0)
                ::close(it->second);
            m_claims.erase(it);
            return;
        }
    }
}

QList<quint16> PortReservations::claimed() const
{
    QList<quint16> ports;
    for (const auto &[port, fd] : m_claims)
        ports.append(port);
    return ports;
}

PortResult findFreePorts(quint16 start, int count, const QString &host, const QSet<quint16> &skip,
                         PortReservations *reservations)
{
    PortResult result;
    if (count <= 0)
        return result;

    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *addrs = nullptr;
    const QByteArray hostName = host.isEmpty() ? QByteArrayLiteral("localhost") : host.toUtf8();
    if (const int rc = ::getaddrinfo(hostName.constData(), nullptr, &hints, &addrs); rc != 0) {
        result.error = QCoreApplication::translate("trainyard::ClusterLayout",
                                                   "Cannot resolve the host %1: %2")
                           .arg(host, QString::fromLocal8Bit(::gai_strerror(rc)));
        return result;
    }

    for (int port = std::max<int>(start, 1); port <= 65535 && result.ports.size() < count; ++port) {
        if (skip.contains(static_cast<quint16>(port)))
            continue;
        bool anyFree = false;
        bool taken = false;
        for (const addrinfo *ai = addrs; ai && !taken; ai = ai->ai_next) {
            switch (probe(ai, static_cast<quint16>(port))) {
            case Probe::Free:
                anyFree = true;
                break;
            case Probe::Taken:
                taken = true;
                break;
            case Probe::Unusable: // e.g. ::1 on a host without IPv6
                break;
            }
        }
        // Free now, and claimed before anyone else on the machine picks it.
        if (anyFree && !taken && (!reservations || reservations->claim(static_cast<quint16>(port))))
            result.ports.append(static_cast<quint16>(port));
    }
    ::freeaddrinfo(addrs);

    if (result.ports.size() < count) {
        result.error = QCoreApplication::translate(
                           "trainyard::ClusterLayout",
                           "Not enough free ports on %1: the cluster needs %2 ports from %3 "
                           "upward, only %4 are free.")
                           .arg(host)
                           .arg(count)
                           .arg(start)
                           .arg(result.ports.size());
        for (quint16 port : std::as_const(result.ports)) {
            if (reservations)
                reservations->release(port);
        }
        result.ports.clear();
    }
    return result;
}

PortResult assignFreePorts(service::ClusterLayout &layout, const QSet<quint16> &skip,
                           PortReservations *reservations)
{
    int needed = 0;
    for (const service::Replica &r : std::as_const(layout.replicas))
        needed += r.inCluster() ? 1 : 0;
    PortResult ports = findFreePorts(layout.startPort, needed, layout.host, skip, reservations);
    if (ports)
        service::assignPorts(layout, ports.ports);
    return ports;
}

namespace {

// The inodes of the sockets listening on `port` in a /proc/net/tcp{,6} table, with their uid.
void listeners(const QString &table, quint16 port, QList<QPair<quint64, uint>> *out)
{
    QFile file(table);
    if (!file.open(QIODevice::ReadOnly))
        return;
    file.readLine(); // the header
    while (!file.atEnd()) {
        // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
        const QList<QByteArray> fields = file.readLine().simplified().split(' ');
        if (fields.size() < 10 || fields.at(3) != "0A") // 0A: TCP_LISTEN
            continue;
        const QByteArray &local = fields.at(1);
        bool ok = false;
        const uint localPort = local.mid(local.lastIndexOf(':') + 1).toUInt(&ok, 16);
        if (!ok || localPort != port)
            continue;
        const quint64 inode = fields.at(9).toULongLong(&ok);
        if (ok && inode != 0)
            out->append({inode, fields.at(7).toUInt()});
    }
}

} // namespace

QString describePortHolder(quint16 port)
{
    QList<QPair<quint64, uint>> sockets;
    listeners(QStringLiteral("/proc/net/tcp"), port, &sockets);
    listeners(QStringLiteral("/proc/net/tcp6"), port, &sockets);
    if (sockets.isEmpty())
        return {};
    QSet<QByteArray> wanted;
    for (const auto &[inode, uid] : std::as_const(sockets))
        wanted.insert("socket:[" + QByteArray::number(inode) + ']');
    // Who holds one of them: a readlink of every descriptor of every process we may look at.
    const QStringList pids =
        QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        bool numeric = false;
        pid.toLongLong(&numeric);
        if (!numeric)
            continue;
        const QString fdDir = QStringLiteral("/proc/") + pid + QStringLiteral("/fd");
        const QStringList fds = QDir(fdDir).entryList(QDir::System | QDir::NoDotAndDotDot);
        for (const QString &fd : fds) {
            char target[64] = {};
            const QByteArray link = QFile::encodeName(fdDir + QLatin1Char('/') + fd);
            const ssize_t n = ::readlink(link.constData(), target, sizeof target - 1);
            if (n <= 0 || !wanted.contains(QByteArray(target, qsizetype(n))))
                continue;
            QFile comm(QStringLiteral("/proc/") + pid + QStringLiteral("/comm"));
            const QString name = comm.open(QIODevice::ReadOnly)
                                     ? text::plainText(QString::fromUtf8(comm.read(64).trimmed()))
                                     : QString();
            return name.isEmpty()
                       ? QCoreApplication::translate("trainyard::ClusterLayout", "pid %1").arg(pid)
                       : QCoreApplication::translate("trainyard::ClusterLayout", "pid %1, %2")
                             .arg(pid, name);
        }
    }
    return QCoreApplication::translate("trainyard::ClusterLayout", "a process of uid %1")
        .arg(sockets.constFirst().second);
}

} // namespace trainyard::exec
