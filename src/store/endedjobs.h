// SPDX-License-Identifier: MIT
// The jobs of a store already seen ended, so that recovery (recovery.h), which every console
// and CLI command runs, reads only the state of jobs that may still be running: without it each
// `jobs submit` parsed every state.json of the store (about 0.1 ms per job: 20 ms for 200).
//
// A pure cache in <store>/.ended-jobs: a job is skipped only while its state.json is the very
// file seen ended (same device, inode, size and modification time). Every state write replaces
// the file (a new inode), so a rewritten, restored or tampered state is read again; a missing,
// stale or broken cache only costs the reads it would have saved.
#pragma once

#include "store/filestamp.h"

#include <QHash>
#include <QString>

namespace trainyard::store {

class JobStore;

class EndedJobs
{
public:
    explicit EndedJobs(const JobStore &store); // reads the cache (nothing when there is none)

    // The stamp of the job's state.json now; false when it cannot be stat'ed.
    bool stamp(const QString &jobId, FileStamp *stamp) const;
    // Whether the job's state file is the one seen ended.
    bool isKnownEnded(const QString &jobId, const FileStamp &stamp) const;
    void remember(const QString &jobId, const FileStamp &stamp);
    // Writes the cache back when remember() added to it, keeping only `liveIds` (the jobs the
    // store still has). Best effort: a cache that cannot be written is simply not used.
    void save(const QStringList &liveIds);

    static QString fileName();

private:
    const JobStore &m_store;
    QHash<QString, FileStamp> m_ended;
    bool m_changed = false;
};

} // namespace trainyard::store
