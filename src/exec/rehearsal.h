// SPDX-License-Identifier: MIT
// Rehearsing the service's restarts on a local run.
//
// The service restarts a replica with the same hostname when its VM goes under maintenance (the
// replica is moved to another VM) and when it exits non-zero (restarted at once on the same VM,
// counted: five times, then the whole job reruns). A rehearsal makes one of those happen to one
// replica of a running local job:
//  - Maintenance: SIGTERM to the replica's process tree, the job's grace period, SIGKILL, then the
//    same launch again (TF_CONFIG, port, environment: the same hostname), not counted.
//  - Crash: SIGKILL, handled as any non-zero exit (counted against the restarts).
// Other replicas run on unless the spec asks for scheduling.restartJobOnWorkerRestart (Vertex),
// which restarts every replica.
//
// Requests: whoever asks (the CLI's `jobs rehearse`, a console) writes a small JSON file into
// <job>/requests; the owner takes (reads and removes) them on its 100 ms poll, as it does with the
// cancel file. A file works whatever process asks, and never reaches a reused pid.
#pragma once

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringView>
#include <optional>

namespace trainyard::store {
class JobStore;
}

namespace trainyard::exec {

enum class RehearsalEvent { Maintenance, Crash };

QString rehearsalEventName(RehearsalEvent event); // "maintenance", "crash"
std::optional<RehearsalEvent> rehearsalEventFromName(QStringView name);

struct RehearsalRequest
{
    QString replica; // the replica's log name: "worker-0", or "worker-0.trial-2" in a trial
    RehearsalEvent event = RehearsalEvent::Maintenance;
    QString file; // the request's file (set by takeRehearsalRequests)
};

QString rehearsalRequestDir(const store::JobStore &store, const QString &jobId);
// Writes the request (atomically). Empty on success, else why not; *path gets the file, which
// disappears once the owner took it.
QString requestRehearsal(const store::JobStore &store, const QString &jobId,
                         const RehearsalRequest &request, QString *path = nullptr);
// The owner's side: the requests waiting, oldest first; each file is removed as it is taken.
// Files that are not requests are removed too, with a note in *rejected. Only regular files are
// read: a link, a FIFO or a device named like a request is refused without being opened for
// good (store/safefile.h); one that cannot be removed (a folder with files) goes into *stuck
// and is passed over from then on.
QList<RehearsalRequest> takeRehearsalRequests(const store::JobStore &store, const QString &jobId,
                                              QStringList *rejected = nullptr,
                                              QSet<QByteArray> *stuck = nullptr);

// The owner's answer to a taken request: empty when the event happened, else why not. Written
// beside the request (<file>.result); the asker reads and removes it (waitForRehearsal).
void answerRehearsal(const RehearsalRequest &request, const QString &problem);
// The asker's side: waits up to timeoutMs for the owner to take the request at `path` and answer.
// Returns true with *problem set (empty: done); false when no answer came (the request is then
// withdrawn if it was not taken).
bool waitForRehearsal(const QString &path, int timeoutMs, QString *problem);

// --rehearse-maintenance: when the maintenance event of a replica comes, in ms after the job is
// RUNNING. Seeded by the job ID and the replica's log name, so a rerun of the same job repeats
// it; between MinMaintenanceDelayMs and MaxMaintenanceDelayMs.
inline constexpr qint64 MinMaintenanceDelayMs = 3000;
inline constexpr qint64 MaxMaintenanceDelayMs = 20000;
qint64 maintenanceDelayMs(const QString &jobId, const QString &replicaLogName);

} // namespace trainyard::exec
