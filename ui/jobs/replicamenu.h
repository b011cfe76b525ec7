// SPDX-License-Identifier: MIT
// The Overview's replica menu, opened on the replica table by a right click, the Menu key or
// Shift+F10: "Show TF_CONFIG…" and, for a local job, "Rehearse VM maintenance" and "Rehearse
// crash" (exec/rehearsal.h, as `trainyard jobs rehearse`). The rehearsals are enabled for a
// running replica of a RUNNING job only; otherwise their tooltip and status tip say why. Cloud
// jobs are not offered them (the service restarts their replicas itself).
//
// A rehearsal writes a request file and waits (up to 10 s) for the job's owner to take it and
// answer: both run on the global thread pool, never on the GUI thread; finished() brings the
// outcome as a sentence.
#pragma once

#include "exec/rehearsal.h"
#include "store/jobstate.h"

#include <QObject>
#include <QPoint>

class QAction;
class QMenu;
class QTableView;

namespace trainyard::ui::jobs {

class ReplicaMenu : public QObject
{
    Q_OBJECT
public:
    static constexpr int AnswerTimeoutMs = 10000;

    // `view` shows a ReplicaModel; the menu acts on its selected row.
    ReplicaMenu(const QString &storeRoot, QTableView *view, QObject *parent = nullptr);

    // The job shown (empty: none); cloud jobs get no rehearsals.
    void setJob(const QString &jobId, bool cloud);
    void setState(const store::JobState &state, bool known);

    QMenu *menu() const { return m_menu; }
    QAction *tfConfigAction() const { return m_tfConfig; }
    QAction *maintenanceAction() const { return m_maintenance; }
    QAction *crashAction() const { return m_crash; }
    // Why the rehearsals are disabled now; empty when they are enabled.
    QString refusal() const;
    bool isBusy() const { return m_busy; }

    // Opens the menu for the current row (the keyboard's way), or at a point of the viewport
    // (selecting the row there).
    void popupForCurrent();
    void popupAt(const QPoint &viewportPos);
    // Rehearses `event` on the selected replica (what the menu's actions do).
    void rehearse(exec::RehearsalEvent event);

Q_SIGNALS:
    void tfConfigRequested();
    // A rehearsal was asked for (`text` says so), and its outcome: done, or why not.
    void started(const QString &text);
    void finished(const QString &text, bool done);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateActions();
    // The selected replica's log name and state (nullptr when none is selected).
    const store::ReplicaState *selectedReplica() const;

    QString m_root;
    QTableView *m_view;
    QMenu *m_menu;
    QAction *m_tfConfig;
    QAction *m_rehearseSeparator;
    QAction *m_maintenance;
    QAction *m_crash;
    QString m_jobId;
    bool m_cloud = false;
    store::JobState m_state;
    bool m_known = false;
    bool m_busy = false;
};

} // namespace trainyard::ui::jobs
