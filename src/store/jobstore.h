// SPDX-License-Identifier: MIT
// Jobs on disk. One directory per job under the store's root:
//   <root>/<jobId>/config.yaml        the spec (jobspec::exportYaml, ExportScope::WithLocal)
//                  state.json         JobState, replaced atomically on every write
//                  owner.lock         held (flock) by the owner process while it runs the job
//                  logs/<replica>.log written by the log writer
//                  metrics/           metric series
//                  hypertune/<replica>.metrics   CLOUD_ML_HP_METRIC_FILE of each replica
//                  cloud.json         a Vertex AI job's record (cloudrecord/cloudjob.h); no local
//                  owner
// In a hyperparameter tuning job every trial has its own files, named by trialLogName():
// logs/chief-0.trial-2.log, hypertune/chief-0.trial-2.metrics.
// The root is $TRAINYARD_HOME when set, else <AppDataLocation>/jobs. Job IDs are unique: a job
// directory is claimed with an atomic mkdir. Names starting with '.' are the store's own.
// Every write goes through writeFileAtomically (checked writes, fsync, rename), so a SIGKILL or a
// full disk at any moment leaves the old or the new file, never an empty or torn one.
#pragma once

#include "store/atomicwrite.h"
#include "store/jobstate.h"

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace trainyard::jobspec {
struct Job;
}

namespace trainyard::store {

// Success, or a message for the user.
struct StoreResult
{
    QString errorMessage;
    bool idTaken = false; // createJob: a job with that ID exists already

    explicit operator bool() const { return errorMessage.isEmpty(); }
};

struct StateReadResult
{
    enum class Failure {
        None,
        NoSuchJob,  // no directory for the ID
        NoState,    // the directory exists but no state.json yet (being created)
        Unreadable, // I/O error or a state.json that does not parse
        Broken,     // the folder cannot be read, or has had no state.json for NoStateGraceMs
    };
    JobState state;
    Failure failure = Failure::None;
    QString errorMessage;

    explicit operator bool() const { return failure == Failure::None; }
};

// One line of a listing. A job whose state cannot be read still lists.
struct JobEntry
{
    enum class StateSource {
        File,       // state read from state.json
        Missing,    // no state.json yet: reported as QUEUED, createTime from the directory
        Unreadable, // state.json is broken: state unknown, see errorMessage
        Broken,     // the folder is unreadable or has no state.json: see errorMessage
    };
    QString jobId;
    JobState state;
    StateSource source = StateSource::File;
    QString errorMessage; // for Unreadable and Broken: why, for the user

    bool stateKnown() const
    {
        return source == StateSource::File || source == StateSource::Missing;
    }
    // A job folder the store cannot make sense of (listed as BROKEN, with errorMessage).
    bool isBroken() const { return !stateKnown(); }
};

class JobStore
{
public:
    // The root from $TRAINYARD_HOME or AppDataLocation + "/jobs" (see defaultRoot()).
    JobStore();
    explicit JobStore(const QString &root);

    // $TRAINYARD_HOME when set and not empty, else AppDataLocation + "/jobs".
    static QString defaultRoot();
    QString root() const { return m_root; }

    // True for IDs the store can hold as a directory name: not empty, at most 255 bytes, no
    // '/', no NUL, not starting with '.'. The service's own rules are validation's business.
    static bool isStorableJobId(const QString &jobId);

    // Paths; they do not check that anything exists.
    QString jobDir(const QString &jobId) const;
    QString configPath(const QString &jobId) const;
    QString statePath(const QString &jobId) const;
    QString ownerLockPath(const QString &jobId) const;
    QString logsDir(const QString &jobId) const;
    // A file of SpaceReserveBytes that a job not yet ended keeps: when the disk is full, the
    // write of the job's final state removes it to make room (see writeState()).
    QString spaceReservePath(const QString &jobId) const;
    static constexpr int SpaceReserveBytes = 64 * 1024;
    QString logPath(const QString &jobId, const QString &replicaName) const;
    QString metricsDir(const QString &jobId) const;
    QString hypertuneDir(const QString &jobId) const;
    QString hypertuneMetricPath(const QString &jobId, const QString &replicaName) const;
    // The record of a job handed to Vertex AI (cloudrecord/cloudjob.h); such a job has no local
    // owner.
    QString cloudRecordPath(const QString &jobId) const;

    // Creates the job's directory (failing when the ID is taken, also against another process
    // doing the same at the same moment), its logs/, metrics/ and hypertune/ folders,
    // config.yaml, state.json and the `extraFiles` (name in the job's folder, bytes: the
    // executor's run.json). createTime is set to now when the initial state has none. The files
    // are fsync'd together, then the job's folder and the store's once, so the new job
    // survives a power loss as a whole.
    struct ExtraFile
    {
        QString name;
        QByteArray bytes;
    };
    // With FolderSync::Later the caller syncs the folders itself (syncNewJob()), e.g. after
    // handing the job to its owner, which reads the files from memory meanwhile.
    enum class FolderSync { Now, Later };
    StoreResult createJob(const jobspec::Job &job, const JobState &initial = JobState(),
                          const QList<ExtraFile> &extraFiles = {},
                          FolderSync folderSync = FolderSync::Now);
    // The same with config.yaml's bytes given; createJob(Job) exports and calls this.
    StoreResult createJob(const QString &jobId, const QByteArray &configYaml,
                          const JobState &initial = JobState(),
                          const QList<ExtraFile> &extraFiles = {},
                          FolderSync folderSync = FolderSync::Now);
    // The job's folder and the store's synced: its new entries survive a power loss (a file
    // system that cannot sync folders is not an error).
    void syncNewJob(const QString &jobId) const;

    // Existing job IDs, sorted. Cheap: one directory listing, no file is read.
    QStringList ids() const;
    bool contains(const QString &jobId) const;

    // A folder without state.json is being created for this long (createJob writes it right
    // after the folder); older, it is Broken.
    static constexpr qint64 NoStateGraceMs = 10000;
    StateReadResult readState(const QString &jobId) const;
    // Atomic, checked replacement of state.json (store/atomicwrite.h): on failure the old
    // state stays. A terminal state that does not fit on a full disk gets the job's space
    // reserve; the error for a full disk reads "no space left on device: PATH". Durable
    // unless told otherwise (an intermediate state a durable write follows: ContentOnly).
    StoreResult writeState(const QString &jobId, const JobState &state,
                           Durability durability = Durability::Durable) const;
    // config.yaml as stored.
    StoreResult readConfig(const QString &jobId, QByteArray *yaml) const;

    // A job's end when its folder cannot be written (turned read-only, full even after the
    // reserve): the owner leaves the terminal state at heldOutcomePath(), outside the job
    // folder (<root>/.outcomes/<job ID>.json), its error message saying why it is not in
    // state.json. readState() returns it while state.json is not terminal, so the console, the
    // CLI and stream-logs show the outcome instead of RUNNING with a dead owner. writeState()
    // of a terminal state and deleteJob() remove it.
    QString heldOutcomePath(const QString &jobId) const;
    StoreResult holdOutcome(const QString &jobId, const JobState &state, const QString &why) const;

    // Every job with its state, sorted by ID.
    QList<JobEntry> list() const;

    // Liveness of the job's owner process (see ownerlock.h).
    bool isOwnerAlive(const QString &jobId) const;

    // Removes the job's directory. Refused while its owner runs (or another console holds its
    // lock). A job left non-terminal by a dead owner has its process groups killed first.
    // The directory is first renamed out of the store (the job is gone from lists at once);
    // with `removeLater` the caller gets that renamed directory to remove itself, e.g. on a
    // worker thread (gigabytes of logs take a while), instead of it being removed here.
    StoreResult deleteJob(const QString &jobId, QString *removeLater = nullptr);

private:
    QString m_root;
};

} // namespace trainyard::store
