// SPDX-License-Identifier: MIT
// States of known shape for the store's crash tests: the writer writes sampleState(n) for
// n = 1, 2, 3, ...; a reader checks that what it finds is exactly sampleState(attempt).
// Sizes vary from about 1 KiB to about 30 KiB, so a torn write would show.
#pragma once

#include "store/jobstate.h"

#include <QDateTime>
#include <QString>

namespace trainyard::store::testing {

inline JobState sampleState(int n)
{
    JobState s;
    s.state = (n % 2) ? JobStatus::Running : JobStatus::Preparing;
    s.createTime = QDateTime::fromMSecsSinceEpoch(1700000000000LL, Qt::UTC);
    s.startTime = QDateTime::fromMSecsSinceEpoch(1700000000000LL + n, Qt::UTC);
    s.errorMessage = QString((n % 5) * 1000, QLatin1Char('x'));
    s.attempt = n;
    s.ownerPid = 4242;
    const int replicas = 1 + (n % 7) * 10;
    for (int i = 0; i < replicas; ++i) {
        ReplicaState r;
        r.name = QStringLiteral("worker-%1").arg(i);
        r.taskType = QStringLiteral("worker");
        r.index = i;
        r.pid = 1000 + i;
        r.pgid = 0; // never a real group: nothing may kill it
        r.port = 27182 + i;
        r.state = ReplicaStatus::Running;
        r.restartCount = n % 6;
        r.lastStart = s.startTime;
        s.replicas.append(r);
    }
    return s;
}

} // namespace trainyard::store::testing
