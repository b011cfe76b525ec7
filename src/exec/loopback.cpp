// SPDX-License-Identifier: MIT
#include "exec/loopback.h"

#include <QCoreApplication>
#include <netdb.h>
#include <sys/socket.h>

namespace trainyard::exec {

namespace {

LoopbackHost lookUp()
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *addrs = nullptr;
    const int rc = ::getaddrinfo(LoopbackName, nullptr, &hints, &addrs);
    if (rc == 0) {
        ::freeaddrinfo(addrs);
        return {QLatin1String(LoopbackName), QString()};
    }
    return {QLatin1String(LoopbackAddress),
            QCoreApplication::translate("trainyard::exec",
                                        "The host name %1 does not resolve on this machine (%2; "
                                        "/etc/hosts has no entry for it): the replicas listen on "
                                        "and are given the loopback address %3 instead.")
                .arg(QLatin1String(LoopbackName), QString::fromLocal8Bit(::gai_strerror(rc)),
                     QLatin1String(LoopbackAddress))};
}

} // namespace

const LoopbackHost &loopbackHost()
{
    static const LoopbackHost host = lookUp();
    return host;
}

} // namespace trainyard::exec
