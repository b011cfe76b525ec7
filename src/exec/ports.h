// SPDX-License-Identifier: MIT
// Free localhost ports for a job's cluster, probed by binding them and reserved for the whole
// machine until the job's owner exits.
//
// Reservations: a port chosen for a replica is free when probed, but its replica binds it only
// later; another job choosing meanwhile would probe it free too (two stores handed out 27182 to
// two jobs at once, and a whole-job restart then found it taken). So every chosen port is also
// claimed: an exclusive flock(2) on the file named after the port in one folder every user of
// the machine shares (store::machineFolder("trainyard-ports"): /run/lock/trainyard-ports). A
// claim is held by an open descriptor of the owner, so it lapses when the owner exits, also by
// SIGKILL, and needs no clean-up; whoever holds a claim, in any store and for any user, the
// port is skipped.
#pragma once

#include "service/layout.h"

#include <QList>
#include <QSet>
#include <QString>
#include <vector>

namespace trainyard::exec {

struct PortResult
{
    QList<quint16> ports;
    QString error; // no (or not enough) free ports

    explicit operator bool() const { return error.isEmpty(); }
};

// The ports this process has claimed on the machine (see above), held until it is destroyed.
class PortReservations
{
public:
    PortReservations();
    ~PortReservations();
    PortReservations(const PortReservations &) = delete;
    PortReservations &operator=(const PortReservations &) = delete;

    // Claims `port`: false when it is claimed already, by another process of any store or user
    // (or its claim file cannot be opened), or by this object (chosen for another cluster).
    bool claim(quint16 port);
    void release(quint16 port);
    QList<quint16> claimed() const;

    // The folder of the claims; empty when there is none (ports are then only probed).
    QString folder() const { return m_folder; }
    // Why claims are not machine-wide (the shared folder cannot be had); empty when they are.
    QString note() const { return m_note; }

private:
    QString m_folder;
    QString m_note;
    std::vector<std::pair<quint16, int>> m_claims; // port, descriptor holding its lock
};

// The first `count` ports >= start that can be bound on `host` right now (probed by
// binding and closing a listening socket), are not in `skip` and, with `reservations`, could
// be claimed there (they stay claimed; on failure none is). When the block
// start..start+count-1 is free this is that block, as gcloud uses it; taken ports are skipped.
// Never blocks.
PortResult findFreePorts(quint16 start, int count,
                         const QString &host = QStringLiteral("localhost"),
                         const QSet<quint16> &skip = {}, PortReservations *reservations = nullptr);

// findFreePorts() + assignPorts() from layout.startPort on layout.host. On failure the layout is
// unchanged.
PortResult assignFreePorts(service::ClusterLayout &layout, const QSet<quint16> &skip = {},
                           PortReservations *reservations = nullptr);

// The program listening on `port` of this machine (its network namespace), as a clause for a
// message: "pid 4242, nc", or "a process of uid 1001" when its descriptors cannot be read;
// empty when no listener is found. From /proc/net/tcp{,6} (the socket's inode) and
// /proc/PID/fd (who holds it).
QString describePortHolder(quint16 port);

} // namespace trainyard::exec
