// SPDX-License-Identifier: MIT
#include "jobs/replicamenu.h"

#include "jobs/joblistmodel.h"
#include "jobs/replicamodel.h"
#include "store/jobstore.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QFutureWatcher>
#include <QKeyEvent>
#include <QMenu>
#include <QTableView>
#include <QtConcurrent/QtConcurrentRun>

namespace trainyard::ui::jobs {

namespace {

struct Outcome
{
    bool answered = false;
    QString problem; // the owner's reason, or why the request could not be made
};

Outcome askOwner(const QString &root, const QString &jobId, const exec::RehearsalRequest &request)
{
    Outcome outcome;
    QString path;
    const store::JobStore store(root);
    if (const QString error = exec::requestRehearsal(store, jobId, request, &path);
        !error.isEmpty()) {
        outcome.answered = true;
        outcome.problem = error;
        return outcome;
    }
    outcome.answered = exec::waitForRehearsal(path, ReplicaMenu::AnswerTimeoutMs, &outcome.problem);
    return outcome;
}

} // namespace

ReplicaMenu::ReplicaMenu(const QString &storeRoot, QTableView *view, QObject *parent)
    : QObject(parent)
    , m_root(storeRoot)
    , m_view(view)
    , m_menu(new QMenu(view))
{
    m_menu->setToolTipsVisible(true); // a disabled rehearsal says why
    m_tfConfig = m_menu->addAction(tr("Show &TF_CONFIG…"));
    connect(m_tfConfig, &QAction::triggered, this, &ReplicaMenu::tfConfigRequested);
    m_rehearseSeparator = m_menu->addSeparator();
    m_maintenance = m_menu->addAction(tr("Rehearse VM &maintenance"));
    m_crash = m_menu->addAction(tr("Rehearse &crash"));
    connect(m_maintenance, &QAction::triggered, this,
            [this] { rehearse(exec::RehearsalEvent::Maintenance); });
    connect(m_crash, &QAction::triggered, this, [this] { rehearse(exec::RehearsalEvent::Crash); });
    connect(m_menu, &QMenu::aboutToShow, this, &ReplicaMenu::updateActions);
    if (view->selectionModel())
        connect(view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
                &ReplicaMenu::updateActions);
    view->installEventFilter(this);
    view->viewport()->installEventFilter(this);
    updateActions();
}

void ReplicaMenu::setJob(const QString &jobId, bool cloud)
{
    m_jobId = jobId;
    m_cloud = cloud;
    m_state = store::JobState();
    m_known = false;
    updateActions();
}

void ReplicaMenu::setState(const store::JobState &state, bool known)
{
    m_state = state;
    m_known = known;
    updateActions();
}

const store::ReplicaState *ReplicaMenu::selectedReplica() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return nullptr;
    const QString name = rows.first().data(ReplicaModel::NameRole).toString();
    const int at = m_state.replicaIndex(name);
    return at < 0 ? nullptr : &m_state.replicas.at(at);
}

QString ReplicaMenu::refusal() const
{
    if (m_jobId.isEmpty())
        return tr("No job is selected.");
    if (m_cloud)
        return tr("The service restarts the replicas of a cloud job itself; only local runs can "
                  "rehearse a restart.");
    if (m_busy)
        return tr("A rehearsal is under way: wait for the job's owner to answer.");
    if (!m_known || m_state.state != store::JobStatus::Running)
        return tr("Only a running job can rehearse a restart (this one: %1).")
            .arg(m_known ? JobListModel::statusWord(m_state.state) : tr("Unknown"));
    const store::ReplicaState *replica = selectedReplica();
    if (!replica)
        return tr("Select a replica first.");
    if (replica->state != store::ReplicaStatus::Running)
        return tr("%1 is not running (%2).")
            .arg(store::trialLogName(replica->name, replica->trialId),
                 store::replicaStatusName(replica->state));
    return {};
}

void ReplicaMenu::updateActions()
{
    m_tfConfig->setEnabled(m_view->selectionModel() && m_view->selectionModel()->hasSelection());
    // Not offered for cloud jobs at all.
    for (QAction *a : {m_rehearseSeparator, m_maintenance, m_crash})
        a->setVisible(!m_cloud);
    const QString why = refusal();
    const QString name =
        selectedReplica() ? store::trialLogName(selectedReplica()->name, selectedReplica()->trialId)
                          : QString();
    m_maintenance->setEnabled(why.isEmpty());
    m_crash->setEnabled(why.isEmpty());
    m_maintenance->setToolTip(
        why.isEmpty() ? tr("SIGTERM to %1, the job's grace period, SIGKILL, then the same launch "
                           "again (same TF_CONFIG, port and environment), not counted against "
                           "the restarts, as when the service moves a replica off a VM under "
                           "maintenance.")
                            .arg(name)
                      : why);
    m_crash->setToolTip(why.isEmpty()
                            ? tr("SIGKILL to %1: it restarts as after a non-zero exit, counted "
                                 "against the restarts.")
                                  .arg(name)
                            : why);
    for (QAction *a : {m_maintenance, m_crash})
        a->setStatusTip(a->toolTip());
}

void ReplicaMenu::popupForCurrent()
{
    if (m_menu->isVisible())
        return;
    QModelIndex current = m_view->currentIndex();
    if (!current.isValid() && m_view->model() && m_view->model()->rowCount() > 0) {
        current = m_view->model()->index(0, 0);
        m_view->setCurrentIndex(current);
    }
    if (current.isValid())
        m_view->selectRow(current.row());
    const QRect cell = current.isValid() ? m_view->visualRect(current) : QRect();
    const QPoint at = cell.isValid() ? cell.center() : QPoint(4, 4);
    updateActions();
    m_menu->popup(m_view->viewport()->mapToGlobal(at));
}

void ReplicaMenu::popupAt(const QPoint &viewportPos)
{
    if (m_menu->isVisible())
        return;
    const QModelIndex index = m_view->indexAt(viewportPos);
    if (index.isValid()) {
        m_view->setCurrentIndex(index);
        m_view->selectRow(index.row());
    }
    updateActions();
    m_menu->popup(m_view->viewport()->mapToGlobal(viewportPos));
}

bool ReplicaMenu::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress && watched == m_view) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Menu ||
            (key->key() == Qt::Key_F10 && key->modifiers() == Qt::ShiftModifier)) {
            popupForCurrent();
            return true;
        }
    }
    if (event->type() == QEvent::ContextMenu) {
        const auto *menuEvent = static_cast<QContextMenuEvent *>(event);
        if (menuEvent->reason() == QContextMenuEvent::Keyboard)
            popupForCurrent();
        else
            popupAt(m_view->viewport()->mapFromGlobal(menuEvent->globalPos()));
        return true;
    }
    return QObject::eventFilter(watched, event);
}

void ReplicaMenu::rehearse(exec::RehearsalEvent event)
{
    updateActions();
    const store::ReplicaState *replica = selectedReplica();
    if (!refusal().isEmpty() || !replica) {
        Q_EMIT finished(refusal(), false);
        return;
    }
    const QString logName = store::trialLogName(replica->name, replica->trialId);
    const QString jobId = m_jobId;
    const bool maintenance = event == exec::RehearsalEvent::Maintenance;
    m_busy = true;
    updateActions();
    Q_EMIT started(
        maintenance
            ? tr("Asking the owner of %1 to rehearse VM maintenance of %2…").arg(jobId, logName)
            : tr("Asking the owner of %1 to rehearse a crash of %2…").arg(jobId, logName));
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this,
            [this, watcher, jobId, logName, maintenance] {
                const Outcome outcome = watcher->result();
                watcher->deleteLater();
                m_busy = false;
                updateActions();
                if (!outcome.answered) {
                    Q_EMIT finished(tr("%1 of %2 was not restarted: the job's owner did not take "
                                       "the request within %3 s.")
                                        .arg(logName, jobId)
                                        .arg(AnswerTimeoutMs / 1000),
                                    false);
                } else if (!outcome.problem.isEmpty()) {
                    Q_EMIT finished(
                        tr("%1 of %2 was not restarted: %3").arg(logName, jobId, outcome.problem),
                        false);
                } else if (maintenance) {
                    Q_EMIT finished(tr("%1 of %2: VM maintenance rehearsed (SIGTERM, grace "
                                       "period, SIGKILL, then the same launch again). The Last "
                                       "restart column says whether it resumed.")
                                        .arg(logName, jobId),
                                    true);
                } else {
                    Q_EMIT finished(tr("%1 of %2: crash rehearsed (SIGKILL); it restarts as after "
                                       "a non-zero exit. The Last restart column says whether it "
                                       "resumed.")
                                        .arg(logName, jobId),
                                    true);
                }
            });
    watcher->setFuture(QtConcurrent::run(askOwner, m_root, jobId,
                                         exec::RehearsalRequest{logName, event, QString()}));
}

} // namespace trainyard::ui::jobs
