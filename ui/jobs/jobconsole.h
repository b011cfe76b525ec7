// SPDX-License-Identifier: MIT
// The job console: the job list (filterable, sorted by job ID) above the selected job's detail
// tabs, in a splitter whose layout is remembered. Its actions (Run again, Clone into wizard,
// Cancel, Open job dir, Delete) carry shortcuts, appear in the list's context menu and are
// exposed by actions() for the main window's Job menu. A disabled action says why: its status
// tip and What's This, and the status bar (message()) when its shortcut is pressed. Cancel and
// Delete ask first. Ctrl+F goes to the filter of the tab the focus is in, else the job filter.
// The list takes the height its jobs need, the detail the rest, until the user drags the handle.
#pragma once

#include "exec/runsettings.h"
#include "jobspec/job.h"
#include "store/jobstate.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QTimer>
#include <QWidget>
#include <optional>
#include <utility>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QShortcut;
class QSplitter;
class QTableView;

namespace trainyard::ui::compare {
class CompareView;
}

namespace trainyard::cloud {
class CloudWatcher;
}

namespace trainyard::jobactions {
class JobActions;
struct PreStartReport;
} // namespace trainyard::jobactions

namespace trainyard::ui::jobs {

class DesktopNotifier;
class DiskSpaceMonitor;
struct DiskSpace;
class JobDetail;
class JobFilterProxy;
class JobListModel;

class JobConsole : public QWidget
{
    Q_OBJECT
public:
    // storeRoot empty: store::JobStore::defaultRoot().
    explicit JobConsole(const QString &storeRoot = {}, QWidget *parent = nullptr);
    ~JobConsole() override;

    // The program started as a job's owner (`PROGRAM supervise ...`); default: this application.
    void setOwnerProgram(const QString &program);
    QString storeRoot() const;

    // QWidget::actions() holds Run again, Clone into wizard, Cancel, Open job dir, Compare runs
    // and Delete,
    // in that order. "New job" (newJobAction()) only emits newJobRequested(); it has no
    // shortcut so the main window's File > New job keeps Ctrl+N.
    QAction *newJobAction() const { return m_newJob; }
    QAction *runAgainAction() const { return m_runAgain; }
    QAction *cloneAction() const { return m_clone; }
    QAction *cancelAction() const { return m_cancel; }
    QAction *openDirAction() const { return m_openDir; }
    QAction *deleteAction() const { return m_delete; }
    // "Compare runs": the selected jobs side by side (a tuning job alone: its trials).
    QAction *compareAction() const { return m_compare; }

    // Checks `job` as every start is checked (jobactions::JobActions::start, but the spec's
    // rules: the job is given, not typed) and stores and starts it with the local executor, off
    // the GUI thread. jobSubmitted() follows; a refusal stores nothing and is shown with its
    // reasons (the GPU choice when that settles it). False (and *error) when refused at once.
    bool startJob(const jobspec::Job &job, const exec::RunSettings &settings,
                  QString *error = nullptr);
    // Run again: a copy of the job under a new ID (jobactions::rerunJobId), checked before
    // anything is stored; jobSubmitted() follows when it was started, a refusal is shown. `gpus`
    // replaces the GPU choice the job was run with (the user's pick in that refusal).
    void runAgain(const QString &jobId, std::optional<exec::GpuMode> gpus = std::nullopt);
    // The job's spec with a fresh, unused job ID (jobactions::copyJob); false when its config
    // cannot be read.
    bool cloneSpec(const QString &jobId, jobspec::Job *job, QString *error = nullptr) const;
    // Deletes a job; a job that is still running is refused (cancel it first).
    bool deleteJob(const QString &jobId, QString *error = nullptr);
    // The job actions the console's actions ask (start, run again, clone, cancel).
    jobactions::JobActions *jobActions() const { return m_actions; }
    // Asks whether to cancel a job (a message box); cancelConfirmed() follows a yes.
    void confirmCancel(const QString &jobId);

    QString currentJobId() const;
    void selectJob(const QString &jobId);
    // The selected jobs (the list allows several, Ctrl/Shift+click), in list order.
    QStringList selectedJobIds() const;
    void selectJobs(const QStringList &jobIds);
    // Opens a Compare window for these jobs (one tuning job: its trials); nullptr if < 1 run.
    compare::CompareView *openCompare(const QStringList &jobIds);

    JobListModel *model() const { return m_model; }
    JobFilterProxy *proxy() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    JobDetail *detail() const { return m_detail; }
    // Tells the desktop when a job ends.
    DesktopNotifier *notifier() const { return m_notifier; }
    // Checks the free space of the store's disk; the banner above the list warns when it is low.
    DiskSpaceMonitor *diskSpace() const { return m_diskSpace; }
    QWidget *spaceBanner() const { return m_spaceBanner; }
    QString spaceBannerText() const;

    void saveLayout() const;
    void restoreLayout();

protected:
    void resizeEvent(QResizeEvent *event) override;

Q_SIGNALS:
    // After startJob(): errorMessage is empty when the job's owner was started.
    void jobSubmitted(const QString &jobId, const QString &errorMessage);
    void newJobRequested();
    // "Clone into wizard": the job's spec with a new ID, for the wizard to open.
    void cloneRequested(const trainyard::jobspec::Job &job);
    // A job this console watched running has ended.
    void jobEnded(const QString &jobId, trainyard::store::JobStatus status);
    // Something to tell the user in a status bar.
    void message(const QString &text);
    // The user said yes to cancelling a job: the Cancel action's work.
    void cancelConfirmed(const QString &jobId);

private:
    void followFilter();
    void notifyEnded();
    void createActions();
    void updateActions();
    void explain(QAction *action, bool enabled, const QString &why);
    // The list's height for its jobs (at most half the console), the rest to the detail.
    void fitSplitter();
    void onRefreshed();
    void onJobEnded(const QString &jobId, store::JobStatus status);
    void showContextMenu(const QPoint &pos);
    void confirmDelete();
    void connectJobActions();
    void onStartRefused(const jobspec::Job &job, const exec::RunSettings &settings,
                        const jobactions::PreStartReport &report);
    void fail(const QString &text);
    void showDiskSpace(const DiskSpace &space, bool low);

    JobListModel *m_model;
    jobactions::JobActions *m_actions;      // start, run again, clone, cancel
    cloud::CloudWatcher *m_cloud = nullptr; // polls the store's Vertex AI jobs
    JobFilterProxy *m_proxy;
    QTableView *m_view;
    JobDetail *m_detail;
    QSplitter *m_splitter;
    QLineEdit *m_filter;
    QComboBox *m_stateFilter;
    DesktopNotifier *m_notifier = nullptr;
    QDateTime m_startedAt;                               // older endings are not notified
    QList<std::pair<QString, store::JobStatus>> m_ended; // a burst, gathered
    QTimer m_notifyDelay;
    DiskSpaceMonitor *m_diskSpace = nullptr;
    QWidget *m_spaceBanner = nullptr;
    QLabel *m_spaceText = nullptr;
    bool m_columnsSized = false;
    bool m_userSplit = false; // the user dragged the splitter (or its place was remembered)
    QHash<QAction *, QShortcut *> m_whyShortcuts;
    bool m_brokenSized = false;
    QAction *m_newJob = nullptr;
    QAction *m_runAgain = nullptr;
    QAction *m_clone = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_openDir = nullptr;
    QAction *m_delete = nullptr;
    QAction *m_compare = nullptr;
};

} // namespace trainyard::ui::jobs
