// SPDX-License-Identifier: MIT
#include "store/jobstore.h"

#include "store/atomicwrite.h"
#include "store/jobkill.h"
#include "store/ownerlock.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trainyard::store {

namespace {

// A state file beyond this is not ours; refuse it instead of reading it into memory.
constexpr qint64 maxStateFileBytes = 16 * 1024 * 1024;

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// A new file of `bytes` allocated blocks (posix_fallocate: the file system hands them out now
// or reports ENOSPC now; nothing is written). Its bytes mean nothing, so it is not synced: a
// power loss can at worst take the reserve. 0, or the errno of the failure.
int reserveSpace(const QString &path, qint64 bytes)
{
    const QByteArray name = QFile::encodeName(path);
    const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return errno;
    int error = ::posix_fallocate(fd, 0, off_t(bytes));
    if (::close(fd) != 0 && error == 0 && errno != EINTR)
        error = errno;
    if (error != 0)
        ::unlink(name.constData());
    return error;
}

QString pathIn(const QString &dir, const QString &name)
{
    return dir + QLatin1Char('/') + name;
}

} // namespace

JobStore::JobStore()
    : JobStore(defaultRoot())
{}

JobStore::JobStore(const QString &root)
    : m_root(QDir::cleanPath(QDir(root).absolutePath()))
{}

QString JobStore::defaultRoot()
{
    const QString home = qEnvironmentVariable("TRAINYARD_HOME");
    if (!home.isEmpty())
        return home;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/jobs");
}

bool JobStore::isStorableJobId(const QString &jobId)
{
    if (jobId.isEmpty() || jobId.startsWith(QLatin1Char('.')))
        return false;
    if (jobId.contains(QLatin1Char('/')) || jobId.contains(QChar(0)))
        return false;
    return QFile::encodeName(jobId).size() <= 255;
}

QString JobStore::jobDir(const QString &jobId) const
{
    return pathIn(m_root, jobId);
}

QString JobStore::configPath(const QString &jobId) const
{
    return pathIn(jobDir(jobId), QStringLiteral("config.yaml"));
}

QString JobStore::statePath(const QString &jobId) const
{
    return pathIn(jobDir(jobId), QStringLiteral("state.json"));
}

QString JobStore::ownerLockPath(const QString &jobId) const
{
    return pathIn(jobDir(jobId), QStringLiteral("owner.lock"));
}

QString JobStore::spaceReservePath(const QString &jobId) const
{
    return pathIn(jobDir(jobId), QStringLiteral(".space-reserve"));
}

QString JobStore::logsDir(const QString &jobId) const
{
    return pathIn(jobDir(jobId), QStringLiteral("logs"));
}

QString JobStore::logPath(const QString &jobId, const QString &replicaName) const
{
    return pathIn(logsDir(jobId), replicaName + QStringLiteral(".log"));
}

QString JobStore::metricsDir(const QString &jobId) const
{
    return pathIn(jobDir(jobId), QStringLiteral("metrics"));
}

QString JobStore::hypertuneDir(const QString &jobId) const
{
    return pathIn(jobDir(jobId), QStringLiteral("hypertune"));
}

QString JobStore::hypertuneMetricPath(const QString &jobId, const QString &replicaName) const
{
    return pathIn(hypertuneDir(jobId), replicaName + QStringLiteral(".metrics"));
}

QString JobStore::cloudRecordPath(const QString &jobId) const
{
    return pathIn(jobDir(jobId), QStringLiteral("cloud.json"));
}

StoreResult JobStore::createJob(const QString &jobId, const QByteArray &configYaml,
                                const JobState &initial, const QList<ExtraFile> &extraFiles,
                                FolderSync folderSync)
{
    StoreResult result;
    if (!isStorableJobId(jobId)) {
        result.errorMessage =
            QCoreApplication::translate("trainyard::JobStore",
                                        "'%1' cannot be used as a job ID in the job store")
                .arg(jobId);
        return result;
    }
    if (!QDir().mkpath(m_root)) {
        result.errorMessage =
            QCoreApplication::translate("trainyard::JobStore", "cannot create the job store %1")
                .arg(m_root);
        return result;
    }
    // A job that will run needs room for its logs and state: refused on a (nearly) full disk.
    if (!initial.isTerminal()) {
        if (const QString why = checkSpaceForNewJob(m_root); !why.isEmpty()) {
            result.errorMessage = why;
            return result;
        }
    }
    // mkdir(2) is atomic: of two processes creating the same job, exactly one succeeds.
    const QString dir = jobDir(jobId);
    if (::mkdir(QFile::encodeName(dir).constData(), 0755) != 0) {
        const int error = errno;
        if (error == EEXIST) {
            result.idTaken = true;
            result.errorMessage =
                QCoreApplication::translate("trainyard::JobStore",
                                            "a job with the ID %1 already exists in %2")
                    .arg(jobId, m_root);
        } else {
            result.errorMessage =
                QCoreApplication::translate("trainyard::JobStore", "cannot create %1: %2")
                    .arg(dir, systemError(error));
        }
        return result;
    }

    const auto fail = [&](const QString &message) {
        QDir(dir).removeRecursively(); // the directory is ours: nobody else could claim it
        result.errorMessage = message;
        return result;
    };
    // The reserve first: on a full disk the job fails here, at once.
    if (!initial.isTerminal()) {
        if (const int error = reserveSpace(spaceReservePath(jobId), SpaceReserveBytes); error != 0)
            return fail(writeErrorMessage(spaceReservePath(jobId), error));
    }
    for (const QString &sub : {logsDir(jobId), metricsDir(jobId), hypertuneDir(jobId)}) {
        if (!QDir().mkdir(sub))
            return fail(
                QCoreApplication::translate("trainyard::JobStore", "cannot create %1").arg(sub));
    }
    JobState state = initial;
    if (!state.createTime.isValid())
        state.createTime = QDateTime::currentDateTimeUtc();
    QList<FileContent> files = {{configPath(jobId), configYaml},
                                {statePath(jobId), state.toJson()}};
    for (const ExtraFile &extra : extraFiles)
        files.append({pathIn(dir, extra.name), extra.bytes});
    if (const WriteResult written = writeFilesAtomically(files, 0644, Durability::ContentOnly);
        !written)
        return fail(written.errorMessage);
    // The renames above and the job's folder itself, synced once each.
    if (folderSync == FolderSync::Now)
        syncNewJob(jobId);
    return result;
}

void JobStore::syncNewJob(const QString &jobId) const
{
    syncFolder(jobDir(jobId));
    syncFolder(m_root);
}

QStringList JobStore::ids() const
{
    QStringList result;
    const QStringList names = QDir(m_root).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : names) {
        if (isStorableJobId(name))
            result.append(name);
    }
    return result;
}

bool JobStore::contains(const QString &jobId) const
{
    return isStorableJobId(jobId) && QFileInfo(jobDir(jobId)).isDir();
}

StateReadResult JobStore::readState(const QString &jobId) const
{
    using Failure = StateReadResult::Failure;
    StateReadResult result;
    const auto fail = [&](Failure failure, const QString &message) {
        result.failure = failure;
        result.errorMessage = message;
        return result;
    };
    if (!contains(jobId)) {
        return fail(
            Failure::NoSuchJob,
            QCoreApplication::translate("trainyard::JobStore", "no job with the ID %1").arg(jobId));
    }
    const QByteArray dir = QFile::encodeName(jobDir(jobId));
    if (::access(dir.constData(), R_OK | X_OK) != 0) {
        return fail(Failure::Broken,
                    QCoreApplication::translate("trainyard::JobStore",
                                                "the job folder %1 cannot be read: %2")
                        .arg(jobDir(jobId), systemError(errno)));
    }
    QFile file(statePath(jobId));
    if (!file.exists()) {
        struct stat info = {};
        const bool old =
            ::stat(dir.constData(), &info) == 0 &&
            QDateTime::fromSecsSinceEpoch(info.st_mtime).msecsTo(QDateTime::currentDateTimeUtc()) >
                NoStateGraceMs;
        if (old) {
            return fail(Failure::Broken,
                        QCoreApplication::translate("trainyard::JobStore",
                                                    "the job folder %1 has no state.json")
                            .arg(jobDir(jobId)));
        }
        return fail(Failure::NoState, QCoreApplication::translate(
                                          "trainyard::JobStore", "job %1 has no recorded state yet")
                                          .arg(jobId));
    }
    if (!file.open(QIODevice::ReadOnly)) {
        return fail(Failure::Unreadable,
                    QCoreApplication::translate("trainyard::JobStore",
                                                "cannot read the state of job %1: %2")
                        .arg(jobId, file.errorString()));
    }
    if (file.size() > maxStateFileBytes) {
        return fail(Failure::Unreadable,
                    QCoreApplication::translate("trainyard::JobStore",
                                                "the state of job %1 is too large (%2 bytes)")
                        .arg(jobId)
                        .arg(file.size()));
    }
    const QByteArray bytes = file.readAll();
    JobStateResult parsed = JobState::fromJson(bytes);
    if (!parsed) {
        return fail(Failure::Unreadable,
                    QCoreApplication::translate("trainyard::JobStore",
                                                "the state of job %1 is unreadable (%2): %3")
                        .arg(jobId, file.fileName(), parsed.errorMessage));
    }
    result.state = std::move(parsed.state);
    if (!result.state.isTerminal()) {
        // The owner could not record the end in the folder: the end it left outside.
        QFile held(heldOutcomePath(jobId));
        if (held.size() <= maxStateFileBytes && held.open(QIODevice::ReadOnly)) {
            JobStateResult outcome = JobState::fromJson(held.readAll());
            if (outcome && outcome.state.isTerminal() &&
                outcome.state.createTime == result.state.createTime)
                result.state = std::move(outcome.state);
        }
    }
    return result;
}

QString JobStore::heldOutcomePath(const QString &jobId) const
{
    return pathIn(pathIn(m_root, QStringLiteral(".outcomes")), jobId + QStringLiteral(".json"));
}

StoreResult JobStore::holdOutcome(const QString &jobId, const JobState &state,
                                  const QString &why) const
{
    StoreResult result;
    JobState held = state;
    const QString note =
        QCoreApplication::translate("trainyard::JobStore",
                                    "The job ended %1, but its state cannot be recorded in the "
                                    "job folder (%2); it is kept in %3.")
            .arg(jobStatusName(state.state), why, heldOutcomePath(jobId));
    held.errorMessage = held.errorMessage.isEmpty() ? note : held.errorMessage + u'\n' + note;
    if (!QDir().mkpath(QFileInfo(heldOutcomePath(jobId)).absolutePath())) {
        result.errorMessage = QCoreApplication::translate("trainyard::JobStore", "cannot create %1")
                                  .arg(QFileInfo(heldOutcomePath(jobId)).absolutePath());
        return result;
    }
    const WriteResult written = writeFileAtomically(heldOutcomePath(jobId), held.toJson());
    if (!written)
        result.errorMessage = written.errorMessage;
    return result;
}

StoreResult JobStore::writeState(const QString &jobId, const JobState &state,
                                 Durability durability) const
{
    if (!contains(jobId)) {
        StoreResult result;
        result.errorMessage =
            QCoreApplication::translate("trainyard::JobStore", "no job with the ID %1").arg(jobId);
        return result;
    }
    const QByteArray json = state.toJson();
    WriteResult written = writeFileAtomically(statePath(jobId), json, 0644, durability);
    // A job's end is recorded even on a full disk: its reserve is given up to make room.
    if (!written && written.diskFull() && state.isTerminal() &&
        QFile::remove(spaceReservePath(jobId)))
        written = writeFileAtomically(statePath(jobId), json, 0644, durability);
    StoreResult result;
    if (!written)
        result.errorMessage = written.errorMessage;
    else if (state.isTerminal()) {
        QFile::remove(spaceReservePath(jobId)); // an ended job needs no reserve
        QFile::remove(heldOutcomePath(jobId));  // recorded in the folder after all
    }
    return result;
}

StoreResult JobStore::readConfig(const QString &jobId, QByteArray *yaml) const
{
    StoreResult result;
    QFile file(configPath(jobId));
    if (!contains(jobId) || !file.open(QIODevice::ReadOnly)) {
        result.errorMessage = QCoreApplication::translate("trainyard::JobStore",
                                                          "cannot read the config of job %1: %2")
                                  .arg(jobId, file.errorString());
        return result;
    }
    *yaml = file.readAll();
    return result;
}

QList<JobEntry> JobStore::list() const
{
    QList<JobEntry> entries;
    const QStringList jobIds = ids();
    entries.reserve(jobIds.size());
    for (const QString &id : jobIds) {
        JobEntry entry;
        entry.jobId = id;
        StateReadResult read = readState(id);
        switch (read.failure) {
        case StateReadResult::Failure::None:
            entry.state = std::move(read.state);
            break;
        case StateReadResult::Failure::NoSuchJob:
            continue; // deleted meanwhile
        case StateReadResult::Failure::NoState: {
            entry.source = JobEntry::StateSource::Missing;
            const QFileInfo info(jobDir(id));
            const QDateTime born = info.birthTime();
            entry.state.createTime = (born.isValid() ? born : info.lastModified()).toUTC();
            break;
        }
        case StateReadResult::Failure::Unreadable:
            entry.source = JobEntry::StateSource::Unreadable;
            entry.errorMessage = read.errorMessage;
            break;
        case StateReadResult::Failure::Broken: {
            entry.source = JobEntry::StateSource::Broken;
            entry.errorMessage = read.errorMessage;
            const QFileInfo info(jobDir(id));
            entry.state.createTime = info.lastModified().toUTC();
            break;
        }
        }
        entries.append(std::move(entry));
    }
    return entries;
}

bool JobStore::isOwnerAlive(const QString &jobId) const
{
    return isStorableJobId(jobId) && isLockHeld(ownerLockPath(jobId));
}

StoreResult JobStore::deleteJob(const QString &jobId, QString *removeLater)
{
    StoreResult result;
    if (!contains(jobId)) {
        result.errorMessage =
            QCoreApplication::translate("trainyard::JobStore", "no job with the ID %1").arg(jobId);
        return result;
    }
    OwnerLock lock;
    const LockResult locked = lock.tryAcquire(ownerLockPath(jobId));
    if (locked.status == LockStatus::Busy) {
        result.errorMessage =
            QCoreApplication::translate("trainyard::JobStore",
                                        "job %1 is still running; cancel it before deleting it")
                .arg(jobId);
        return result;
    }
    if (!locked) {
        result.errorMessage = locked.errorMessage;
        return result;
    }
    if (const StateReadResult read = readState(jobId); read && !read.state.isTerminal())
        killJobProcesses(read.state); // by recorded identity only

    // Move the directory out of the way first: the ID is free at once and nobody lists a
    // half-deleted job.
    const QString grave = pathIn(m_root, QStringLiteral(".deleted-%1-%2")
                                             .arg(qint64(::getpid()))
                                             .arg(QRandomGenerator::global()->generate()));
    if (!QDir().rename(jobDir(jobId), grave)) {
        result.errorMessage = QCoreApplication::translate("trainyard::JobStore", "cannot delete %1")
                                  .arg(jobDir(jobId));
        return result;
    }
    lock.release();
    QFile::remove(heldOutcomePath(jobId));
    if (removeLater)
        *removeLater = grave;
    else
        QDir(grave).removeRecursively();
    return result;
}

} // namespace trainyard::store
