// SPDX-License-Identifier: MIT
// Free localhost ports for a job's cluster, probed by binding them.
#pragma once

#include "service/layout.h"

#include <QList>
#include <QSet>
#include <QString>

namespace trainyard::exec {

struct PortResult
{
    QList<quint16> ports;
    QString error; // no (or not enough) free ports

    explicit operator bool() const { return error.isEmpty(); }
};

// The first `count` ports >= start that can be bound on `host` right now (probed by
// binding and closing a listening socket) and are not in `skip` (ports other jobs have
// reserved but may not have bound yet). When the block start..start+count-1 is free this is
// that block, as gcloud uses it; taken ports are skipped. Never blocks.
PortResult findFreePorts(quint16 start, int count,
                         const QString &host = QStringLiteral("localhost"),
                         const QSet<quint16> &skip = {});

// findFreePorts() + assignPorts() from layout.startPort on layout.host. On failure the layout is
// unchanged.
PortResult assignFreePorts(service::ClusterLayout &layout, const QSet<quint16> &skip = {});

} // namespace trainyard::exec
