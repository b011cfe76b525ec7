// SPDX-License-Identifier: MIT
// Free localhost ports, probed by binding a listening socket and closing it again.
#include "exec/ports.h"

#include <QCoreApplication>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
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

} // namespace

PortResult findFreePorts(quint16 start, int count, const QString &host, const QSet<quint16> &skip)
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
        if (anyFree && !taken)
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
        result.ports.clear();
    }
    return result;
}

PortResult assignFreePorts(service::ClusterLayout &layout, const QSet<quint16> &skip)
{
    int needed = 0;
    for (const service::Replica &r : std::as_const(layout.replicas))
        needed += r.inCluster() ? 1 : 0;
    PortResult ports = findFreePorts(layout.startPort, needed, layout.host, skip);
    if (ports)
        service::assignPorts(layout, ports.ports);
    return ports;
}

} // namespace trainyard::exec
