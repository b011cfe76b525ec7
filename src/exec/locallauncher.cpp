// SPDX-License-Identifier: MIT
#include "exec/locallauncher.h"

#include "store/recovery.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace trainyard::exec {

namespace {
QString g_defaultOwnerProgram; // set once by main(), before any launcher exists
} // namespace

QString LocalLauncher::defaultOwnerProgram()
{
    return g_defaultOwnerProgram.isEmpty() ? QCoreApplication::applicationFilePath()
                                           : g_defaultOwnerProgram;
}

void LocalLauncher::setDefaultOwnerProgram(const QString &program)
{
    g_defaultOwnerProgram = program;
}

LocalLauncher::LocalLauncher(const QString &storeRoot, QObject *parent)
    : QObject(parent)
    , m_root(storeRoot.isEmpty() ? store::JobStore::defaultRoot() : storeRoot)
    , m_ownerProgram(defaultOwnerProgram())
{
    m_followTimer.setInterval(DefaultFollowIntervalMs);
    connect(&m_followTimer, &QTimer::timeout, this, &LocalLauncher::pollFollowed);
    connect(&m_followPass, &QFutureWatcher<QList<FollowedState>>::finished, this,
            &LocalLauncher::onFollowPassFinished);
}

LocalLauncher::~LocalLauncher()
{
    m_followTimer.stop();
    for (QFutureWatcher<StartResult> *watcher : std::as_const(m_starting))
        watcher->waitForFinished();
    m_followPass.waitForFinished();
}

void LocalLauncher::setStoreRoot(const QString &root)
{
    m_root = root.isEmpty() ? store::JobStore::defaultRoot() : root;
}

QString LocalLauncher::startFailedMessage(const QString &jobId, const QString &errorMessage)
{
    return tr("The job %1 could not be started: %2").arg(jobId, errorMessage);
}

void LocalLauncher::start(const jobspec::Job &job, const RunSettings &settings)
{
    const QString jobId = job.jobId;
    auto *watcher = new QFutureWatcher<StartResult>(this);
    m_starting.insert(jobId, watcher);
    connect(watcher, &QFutureWatcher<StartResult>::finished, this, [this, watcher, jobId] {
        watcher->deleteLater();
        m_starting.remove(jobId, watcher);
        report(jobId, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([root = m_root, job, settings, program = m_ownerProgram] {
        store::JobStore store(root);
        return startLocalJob(store, job, settings, program);
    }));
}

StartResult LocalLauncher::startNow(const jobspec::Job &job, const RunSettings &settings,
                                    OwnerStandby *standby)
{
    store::JobStore store(m_root);
    const StartResult result = startLocalJob(store, job, settings, m_ownerProgram, standby);
    report(job.jobId, result);
    return result;
}

void LocalLauncher::report(const QString &jobId, const StartResult &result)
{
    if (!result) {
        Q_EMIT failed(jobId, result.errorMessage, result.idTaken);
        return;
    }
    if (m_followStarted)
        follow(jobId);
    Q_EMIT started(jobId);
}

store::StoreResult LocalLauncher::cancel(const QString &jobId) const
{
    store::StoreResult result;
    result.errorMessage = requestCancel(store::JobStore(m_root), jobId);
    return result;
}

void LocalLauncher::follow(const QString &jobId)
{
    m_followed.insert(jobId);
    if (!m_followTimer.isActive())
        m_followTimer.start();
}

QList<LocalLauncher::FollowedState> LocalLauncher::readFollowed(const QString &storeRoot,
                                                                const QStringList &ids)
{
    const store::JobStore store(storeRoot);
    QList<FollowedState> states;
    bool orphaned = false;
    for (const QString &id : ids) {
        const store::StateReadResult read = store.readState(id);
        FollowedState s;
        s.jobId = id;
        s.exists = read.failure != store::StateReadResult::Failure::NoSuchJob;
        if (read) {
            s.status = read.state.state;
            orphaned = orphaned || store::isOrphaned(store, id, read.state);
        }
        states.append(s);
    }
    if (!orphaned)
        return states;
    // An owner died: the store's recovery ends its job (FAILED, interrupted), as the CLI's.
    store::recoverOrphans(store);
    for (FollowedState &s : states) {
        if (const store::StateReadResult read = store.readState(s.jobId))
            s.status = read.state.state;
    }
    return states;
}

void LocalLauncher::pollFollowed()
{
    if (m_followed.isEmpty()) {
        m_followTimer.stop();
        return;
    }
    if (m_followPass.isRunning())
        return;
    const QStringList ids(m_followed.cbegin(), m_followed.cend());
    m_followPass.setFuture(QtConcurrent::run(&LocalLauncher::readFollowed, m_root, ids));
}

void LocalLauncher::onFollowPassFinished()
{
    const QList<FollowedState> states = m_followPass.result();
    for (const FollowedState &s : states) {
        if (!m_followed.contains(s.jobId))
            continue;
        if (!s.exists) { // deleted meanwhile: nothing left to follow
            m_followed.remove(s.jobId);
            continue;
        }
        if (store::isTerminal(s.status)) {
            m_followed.remove(s.jobId);
            Q_EMIT finished(s.jobId, s.status);
        }
    }
    if (m_followed.isEmpty())
        m_followTimer.stop();
}

} // namespace trainyard::exec
