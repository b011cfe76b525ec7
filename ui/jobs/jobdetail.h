// SPDX-License-Identifier: MIT
// The selected job's detail as tabs: Overview (state, error, what was lost while it ran, times,
// the replica table with each replica's last restart, its menu: TF_CONFIG on demand and the
// restart rehearsals), Logs (logs::LogPanel), Metrics (charts::MetricsPanel), Config
// (config.yaml, read-only plain text) and, for a tuning job, Trials (study::StudyView: the
// trials table and parallel coordinates).
#pragma once

#include "jobspec/job.h"
#include "store/jobstate.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;

namespace trainyard::ui::logs {
class LogPanel;
}
namespace trainyard::ui::charts {
class MetricsPanel;
struct RestartMark;
} // namespace trainyard::ui::charts
namespace trainyard::ui::study {
class StudyView;
}

namespace trainyard::ui::jobs {

class ReplicaMenu;
class ReplicaModel;

class JobDetail : public QWidget
{
    Q_OBJECT
public:
    enum Tab { OverviewTab, LogsTab, MetricsTab, ConfigTab, TrialsTab };

    explicit JobDetail(const QString &storeRoot, QWidget *parent = nullptr);
    ~JobDetail() override;

    // Shows a job (empty: none). Logs and metrics start following it.
    void setJob(const QString &jobId);
    QString jobId() const { return m_jobId; }
    // New state of the shown job (from the job list's refresh).
    // unknownWord: what the state label says when !known (default "Unknown"), e.g. "Broken".
    void setState(const store::JobState &state, bool known, const QString &unknownReason,
                  const QString &unknownWord = {});
    // The shown job is a cloud job (no rehearsals; set before setState()).
    void setCloudJob(bool cloud);

    QTabWidget *tabs() const { return m_tabs; }
    logs::LogPanel *logPanel() const { return m_logs; }
    charts::MetricsPanel *metricsPanel() const { return m_metrics; }
    study::StudyView *studyView() const { return m_study; }
    ReplicaModel *replicaModel() const { return m_replicaModel; }
    QTableView *replicaView() const { return m_replicaView; }
    // The replica table's menu (right click, Menu key, Shift+F10).
    ReplicaMenu *replicaMenu() const { return m_replicaMenu; }
    // The last rehearsal's outcome as shown below the replica table (plain text).
    QString rehearsalText() const;
    // What the job lost while it ran, one warning a line, as the Overview shows it (empty:
    // nothing; store::JobWarning).
    QString warningsText() const;
    // The warning under the replica table for replicas that started over (empty: none).
    QString restartWarningText() const;
    QString configText() const;
    // A tuning job's trials in one line (empty for other jobs), as the Overview shows them.
    QString trialsText() const;
    // TF_CONFIG of a replica of the shown job, as the dialog shows it.
    QString tfConfigText(const QString &replica) const;

Q_SIGNALS:
    // Something to tell the user in a status bar (a rehearsal's outcome).
    void message(const QString &text);

private:
    QWidget *createOverview();
    static QString trialsSummary(const store::JobState &state);
    // The restarts of the replicas as the charts mark them.
    static QList<charts::RestartMark> restartMarks(const store::JobState &state);
    void showTfConfig();

    QString m_root;
    QString m_jobId;
    store::JobState m_state;
    QTabWidget *m_tabs;
    QLabel *m_title;
    QLabel *m_stateLabel;
    QLabel *m_error;
    QLabel *m_warnings; // the state's warnings: what was lost while the job ran
    QLabel *m_created;
    QLabel *m_started;
    QLabel *m_ended;
    QLabel *m_attempt;
    QLabel *m_trials;
    QFormLayout *m_form;
    ReplicaModel *m_replicaModel;
    QTableView *m_replicaView;
    QPushButton *m_tfConfig;
    ReplicaMenu *m_replicaMenu;
    QLabel *m_rehearsal;
    QWidget *m_restartWarning;
    QLabel *m_restartWarningText;
    bool m_cloud = false;
    logs::LogPanel *m_logs;
    charts::MetricsPanel *m_metrics;
    QPlainTextEdit *m_config;
    study::StudyView *m_study;
    std::optional<jobspec::HyperparameterSpec> m_tuningSpec; // the shown job's, from its config
};

} // namespace trainyard::ui::jobs
