// SPDX-License-Identifier: MIT
#include "joblist/jobsummary.h"

#include "cloudrecord/cloudjob.h"
#include "jobspec/yamlio.h"
#include "store/jobstore.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <unistd.h>

namespace trainyard::joblist {

QString brokenReasonText(BrokenReason reason)
{
    switch (reason) {
    case BrokenReason::None:
        break;
    case BrokenReason::NoState:
        return QCoreApplication::translate("trainyard::JobStore", "no state.json");
    case BrokenReason::StateUnreadable:
        return QCoreApplication::translate("trainyard::JobStore", "state.json unreadable");
    case BrokenReason::FolderUnreadable:
        return QCoreApplication::translate("trainyard::JobStore", "folder unreadable");
    }
    return {};
}

QList<BrokenReason> brokenReasons()
{
    return {BrokenReason::NoState, BrokenReason::StateUnreadable, BrokenReason::FolderUnreadable};
}

namespace {

// Shape and region from config.yaml; nothing is cached while it cannot be read.
QPair<QString, QString> configInfo(const store::JobStore &store, const QString &jobId,
                                   ConfigCache &cache)
{
    const auto cached = cache.constFind(jobId);
    if (cached != cache.cend())
        return *cached;
    QByteArray yaml;
    QPair<QString, QString> info;
    if (!store.readConfig(jobId, &yaml))
        return info;
    const jobspec::ImportResult imported =
        jobspec::importJob(yaml, QFileInfo(store.configPath(jobId)).fileName());
    const jobspec::TrainingInput &in = imported.job.trainingInput;
    info.first = in.scaleTier;
    if (in.scaleTier == QLatin1String("CUSTOM") || in.scaleTier.isEmpty()) {
        info.first = in.master.type.isEmpty() ? in.scaleTier
                                              : QStringLiteral("CUSTOM: %1").arg(in.master.type);
    }
    info.second = in.region;
    cache.insert(jobId, info);
    return info;
}

bool lessById(const JobSummary &a, const QString &id)
{
    return a.jobId < id;
}

} // namespace

bool readJobSummary(const store::JobStore &store, const QString &jobId, ConfigCache &cache,
                    JobSummary *summary)
{
    using Failure = store::StateReadResult::Failure;
    store::StateReadResult read = store.readState(jobId);
    JobSummary &row = *summary;
    row = JobSummary();
    row.jobId = jobId;
    switch (read.failure) {
    case Failure::None:
        row.state = std::move(read.state);
        break;
    case Failure::NoSuchJob:
        return false;
    case Failure::NoState: { // a job being created: it lists as QUEUED for now
        const QFileInfo info(store.jobDir(jobId));
        const QDateTime born = info.birthTime().isValid() ? info.birthTime() : info.lastModified();
        row.state.createTime = born.toUTC();
        break;
    }
    case Failure::Broken: {
        // The store's verdict: an unreadable folder, or no state.json past its grace period.
        const QString dir = store.jobDir(jobId);
        const bool readable = ::access(QFile::encodeName(dir).constData(), R_OK | X_OK) == 0;
        row.broken = true;
        row.brokenReason = readable ? BrokenReason::NoState : BrokenReason::FolderUnreadable;
        row.stateError = read.errorMessage;
        row.state.createTime = QFileInfo(dir).lastModified().toUTC();
        break;
    }
    case Failure::Unreadable:
        row.broken = true;
        row.brokenReason = BrokenReason::StateUnreadable;
        row.stateError = read.errorMessage;
        row.state.createTime = QFileInfo(store.jobDir(jobId)).lastModified().toUTC();
        break;
    }
    row.stateKnown = !row.broken;
    const QPair<QString, QString> info = configInfo(store, jobId, cache);
    row.shape = info.first;
    row.region = info.second;
    row.cloud = cloud::isCloudJob(store, jobId);
    row.where = cloud::whereText(store, jobId);
    return true;
}

ScanResult scanJobs(const QString &storeRoot, const ScanRequest &request, ConfigCache configCache)
{
    const store::JobStore store(storeRoot);
    ScanResult result;
    result.listed = request.list;
    QStringList toRead;
    if (request.list) {
        result.allIds = store.ids();
        for (const QString &id : std::as_const(result.allIds)) {
            if (!request.settled.contains(id))
                toRead.append(id);
        }
    } else {
        toRead = request.ids;
    }
    result.rows.reserve(toRead.size());
    bool orphaned = false;
    for (const QString &id : std::as_const(toRead)) {
        JobSummary row;
        if (!readJobSummary(store, id, configCache, &row)) {
            result.gone.append(id);
            continue;
        }
        orphaned = orphaned || (request.recover && row.stateKnown && !row.cloud &&
                                store::isOrphaned(store, id, row.state));
        result.rows.append(std::move(row));
    }
    if (orphaned) {
        // The CLI's recovery, for the whole store: it takes each orphan's owner lock, ends
        // what is left of its replicas and records the job's end.
        const QList<store::RecoveredJob> recovered = store::recoverOrphans(store);
        for (const store::RecoveredJob &job : recovered) {
            result.recovered.append(job.jobId);
            const auto it =
                std::lower_bound(result.rows.begin(), result.rows.end(), job.jobId, lessById);
            if (it != result.rows.end() && it->jobId == job.jobId) {
                JobSummary row;
                if (readJobSummary(store, job.jobId, configCache, &row))
                    *it = std::move(row);
            }
        }
    }
    return result;
}

QList<JobSummary> listJobs(const QString &storeRoot, ConfigCache configCache)
{
    ScanRequest request;
    request.list = true;
    return scanJobs(storeRoot, request, std::move(configCache)).rows;
}

} // namespace trainyard::joblist
