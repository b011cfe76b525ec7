// SPDX-License-Identifier: MIT
#include "jobs/jobdetail.h"

#include "charts/metricspanel.h"
#include "jobactions/jobactions.h"
#include "jobs/joblistmodel.h"
#include "jobs/replicamenu.h"
#include "jobs/replicamodel.h"
#include "jobspec/yamlio.h"
#include "logs/logpanel.h"
#include "store/jobstore.h"
#include "study/studyview.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace trainyard::ui::jobs {

namespace {

QLabel *plainLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText); // outside strings are never rich text
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString when(const QDateTime &time)
{
    return time.isValid() ? QLocale().toString(time.toLocalTime(), QLocale::LongFormat) : QString();
}

QFont monospace(const QFont &base)
{
    QFont mono = base;
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    return mono;
}

} // namespace

JobDetail::JobDetail(const QString &storeRoot, QWidget *parent)
    : QWidget(parent)
    , m_root(storeRoot)
{
    m_tabs = new QTabWidget(this);
    m_tabs->setAccessibleName(tr("Job details"));
    m_tabs->addTab(createOverview(), tr("&Overview"));
    m_logs = new logs::LogPanel(this);
    m_tabs->addTab(m_logs, tr("&Logs"));
    m_metrics = new charts::MetricsPanel(this);
    m_tabs->addTab(m_metrics, tr("&Metrics"));
    m_config = new QPlainTextEdit(this);
    m_config->setReadOnly(true);
    m_config->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_config->setFont(monospace(font()));
    m_tabs->addTab(m_config, tr("&Config"));
    m_study = new study::StudyView(this);
    m_tabs->addTab(m_study, tr("T&rials"));
    m_tabs->setTabVisible(TrialsTab, false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    setJob(QString());
}

JobDetail::~JobDetail() = default;

QWidget *JobDetail::createOverview()
{
    auto *page = new QWidget(this);
    m_title = plainLabel(page);
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.3);
    m_title->setFont(big);
    m_stateLabel = plainLabel(page);
    m_error = plainLabel(page);
    m_error->setWordWrap(true);
    m_error->setForegroundRole(QPalette::Text);
    // What the job lost while it ran (a log cut by a full disk), beside its outcome.
    m_warnings = plainLabel(page);
    m_warnings->setObjectName(QStringLiteral("jobWarnings"));
    m_warnings->setWordWrap(true);
    m_created = plainLabel(page);
    m_started = plainLabel(page);
    m_ended = plainLabel(page);
    m_attempt = plainLabel(page);
    m_trials = plainLabel(page);
    m_trials->setWordWrap(true);
    auto *form = new QFormLayout;
    m_form = form;
    form->addRow(tr("State:"), m_stateLabel);
    form->addRow(tr("Error:"), m_error);
    form->addRow(tr("Warnings:"), m_warnings);
    form->setRowVisible(m_warnings, false);
    form->addRow(tr("Created:"), m_created);
    form->addRow(tr("Started:"), m_started);
    form->addRow(tr("Ended:"), m_ended);
    form->addRow(tr("Run attempt:"), m_attempt);
    form->addRow(tr("Trials:"), m_trials);
    form->setRowVisible(m_trials, false);

    m_replicaModel = new ReplicaModel(this);
    m_replicaView = new QTableView(page);
    m_replicaView->setAccessibleName(tr("Replicas"));
    m_replicaView->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_replicaView->setModel(m_replicaModel);
    m_replicaView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_replicaView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_replicaView->verticalHeader()->hide();
    m_replicaView->horizontalHeader()->setStretchLastSection(true);
    m_replicaView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tfConfig = new QPushButton(tr("Show &TF_CONFIG…"), page);
    m_tfConfig->setToolTip(tr("The TF_CONFIG environment variable of the selected replica"));
    m_tfConfig->setEnabled(false);
    connect(m_tfConfig, &QPushButton::clicked, this, &JobDetail::showTfConfig);
    connect(m_replicaView, &QTableView::doubleClicked, this, &JobDetail::showTfConfig);
    connect(m_replicaView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_tfConfig->setEnabled(m_replicaView->selectionModel()->hasSelection()); });
    m_replicaMenu = new ReplicaMenu(m_root, m_replicaView, this);
    connect(m_replicaMenu, &ReplicaMenu::tfConfigRequested, this, &JobDetail::showTfConfig);
    // The rehearsal's outcome beside the table and in the status bar.
    m_rehearsal = plainLabel(page);
    m_rehearsal->setObjectName(QStringLiteral("rehearsalStatus"));
    m_rehearsal->setWordWrap(true);
    m_rehearsal->hide();
    const auto showRehearsal = [this](const QString &text) {
        m_rehearsal->setText(text);
        m_rehearsal->show();
        Q_EMIT message(text);
    };
    connect(m_replicaMenu, &ReplicaMenu::started, this, showRehearsal);
    connect(m_replicaMenu, &ReplicaMenu::finished, this, showRehearsal);

    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_title);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Replicas:"), page));
    layout->addWidget(m_replicaView, 1);
    // Replicas that started over after a restart: a warning under the table, with the advice.
    m_restartWarning = new QWidget(page);
    m_restartWarning->setObjectName(QStringLiteral("restartWarning"));
    auto *warningIcon = new QLabel(m_restartWarning);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    warningIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize));
    m_restartWarningText = plainLabel(m_restartWarning);
    m_restartWarningText->setWordWrap(true);
    auto *warningLayout = new QHBoxLayout(m_restartWarning);
    warningLayout->setContentsMargins(0, 0, 0, 0);
    warningLayout->addWidget(warningIcon, 0, Qt::AlignTop);
    warningLayout->addWidget(m_restartWarningText, 1);
    m_restartWarning->hide();
    layout->addWidget(m_restartWarning);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_tfConfig);
    buttons->addWidget(m_rehearsal, 1);
    layout->addLayout(buttons);
    return page;
}

void JobDetail::setJob(const QString &jobId)
{
    if (jobId == m_jobId && !jobId.isEmpty())
        return;
    m_jobId = jobId;
    m_state = store::JobState();
    m_tuningSpec.reset();
    m_title->setText(jobId.isEmpty() ? tr("No job selected") : jobId);
    m_replicaModel->setReplicas({});
    m_cloud = false;
    m_replicaMenu->setJob(jobId, false);
    m_rehearsal->clear();
    m_rehearsal->hide();
    m_metrics->setRestartMarks({});
    setState(store::JobState(), !jobId.isEmpty(), QString());
    const store::JobStore store(m_root);
    if (jobId.isEmpty()) {
        m_logs->setLogsDir(QString());
        m_metrics->setJobDirs(QString(), QString(), QString());
        m_config->clear();
    } else {
        m_logs->setLogsDir(store.logsDir(jobId));
        m_metrics->setJobDirs(store.metricsDir(jobId), store.logsDir(jobId),
                              store.hypertuneDir(jobId));
        QByteArray yaml;
        if (const store::StoreResult read = store.readConfig(jobId, &yaml))
            m_config->setPlainText(QString::fromUtf8(yaml));
        else
            m_config->setPlainText(read.errorMessage);
        // The Trials tab's parameter order and algorithm.
        const jobspec::ImportResult spec = jobspec::importJob(yaml, store.configPath(jobId));
        m_tuningSpec = spec.ok() ? spec.job.trainingInput.hyperparameters : std::nullopt;
    }
    for (int tab : {LogsTab, MetricsTab, ConfigTab})
        m_tabs->setTabEnabled(tab, !jobId.isEmpty());
}

void JobDetail::setState(const store::JobState &state, bool known, const QString &unknownReason,
                         const QString &unknownWord)
{
    m_state = state;
    if (m_jobId.isEmpty()) {
        for (QLabel *l : {m_stateLabel, m_error, m_warnings, m_created, m_started, m_ended,
                          m_attempt, m_trials})
            l->clear();
        m_form->setRowVisible(m_trials, false);
        m_tabs->setTabVisible(TrialsTab, false);
        m_form->setRowVisible(m_warnings, false);
        return;
    }
    m_stateLabel->setText(known                   ? JobListModel::statusWord(state.state)
                          : unknownWord.isEmpty() ? tr("Unknown")
                                                  : unknownWord);
    m_error->setText(known ? state.errorMessage : unknownReason);
    QStringList warnings;
    for (const store::JobWarning &warning : state.warnings)
        warnings.append(store::jobWarningText(warning));
    m_warnings->setText(warnings.join(u'\n'));
    m_form->setRowVisible(m_warnings, known && !warnings.isEmpty());
    m_created->setText(when(state.createTime));
    m_started->setText(when(state.startTime));
    m_ended->setText(when(state.endTime));
    m_attempt->setText(QString::number(state.attempt + 1));
    m_trials->setText(trialsSummary(state));
    m_form->setRowVisible(m_trials, state.tuning.has_value());
    m_tabs->setTabVisible(TrialsTab, state.tuning.has_value());
    if (state.tuning)
        m_study->setTuning(*state.tuning, m_tuningSpec ? &*m_tuningSpec : nullptr);
    m_replicaModel->setReplicas(state.replicas);
    m_replicaMenu->setState(state, known);
    m_metrics->setRestartMarks(restartMarks(state));
    QStringList startedOver;
    for (const store::ReplicaState &replica : state.replicas) {
        if (replica.restarts.isEmpty() || !replica.restarts.constLast().startedOver)
            continue;
        const store::RestartRecord &last = replica.restarts.constLast();
        startedOver.append(tr("%1 started over at step %2 after reaching step %3: no checkpoint "
                              "was restored.")
                               .arg(store::trialLogName(replica.name, replica.trialId))
                               .arg(last.resumedAtStep.value_or(0))
                               .arg(last.stepBeforeRestart.value_or(0)));
    }
    if (!startedOver.isEmpty())
        startedOver.append(ReplicaModel::checkpointAdvice());
    m_restartWarningText->setText(startedOver.join(u'\n'));
    m_restartWarning->setVisible(!startedOver.isEmpty());
}

QString JobDetail::warningsText() const
{
    return m_form->isRowVisible(m_warnings) ? m_warnings->text() : QString();
}

QString JobDetail::restartWarningText() const
{
    return m_restartWarning->isHidden() ? QString() : m_restartWarningText->text();
}

QList<charts::RestartMark> JobDetail::restartMarks(const store::JobState &state)
{
    QList<charts::RestartMark> marks;
    for (const store::ReplicaState &replica : state.replicas) {
        const QString logName = store::trialLogName(replica.name, replica.trialId);
        for (const store::RestartRecord &restart : replica.restarts) {
            charts::RestartMark mark;
            mark.source = logName;
            mark.wallMs = restart.time.isValid() ? restart.time.toMSecsSinceEpoch() : 0;
            mark.step = restart.stepBeforeRestart;
            mark.label = ReplicaModel::restartText(restart);
            mark.warning = restart.startedOver;
            mark.toolTip =
                tr("%1 restarted at %2: %3").arg(logName, when(restart.time), mark.label);
            if (restart.stepBeforeRestart)
                mark.toolTip +=
                    u'\n' + tr("Last step before the restart: %1").arg(*restart.stepBeforeRestart);
            if (restart.startedOver)
                mark.toolTip += u'\n' + ReplicaModel::checkpointAdvice();
            marks.append(mark);
        }
    }
    return marks;
}

void JobDetail::setCloudJob(bool cloud)
{
    if (cloud == m_cloud)
        return;
    m_cloud = cloud;
    m_replicaMenu->setJob(m_jobId, cloud);
    m_replicaMenu->setState(m_state, true);
}

QString JobDetail::rehearsalText() const
{
    return m_rehearsal->isHidden() ? QString() : m_rehearsal->text();
}

QString JobDetail::trialsSummary(const store::JobState &state)
{
    if (!state.tuning)
        return {};
    const store::TuningState &tuning = *state.tuning;
    QString text = tr("%1 of %2 run locally (maxTrials %3), %4 succeeded")
                       .arg(tuning.trials.size())
                       .arg(tuning.localTrials)
                       .arg(tuning.maxTrials)
                       .arg(tuning.completedTrialCount());
    const QList<store::TrialState> best = tuning.trialsBestFirst();
    if (!best.isEmpty() && best.first().finalMetric) {
        text += QStringLiteral("; ") +
                tr("best: trial %1, %2 = %3")
                    .arg(best.first().trialId, tuning.hyperparameterMetricTag,
                         QLocale().toString(best.first().finalMetric->objectiveValue, 'g', 6));
    }
    return text;
}

QString JobDetail::trialsText() const
{
    return m_trials->text();
}

QString JobDetail::configText() const
{
    return m_config->toPlainText();
}

QString JobDetail::tfConfigText(const QString &replica) const
{
    const jobactions::TfConfigResult result =
        jobactions::replicaTfConfig(store::JobStore(m_root), m_jobId, m_state, replica);
    return result ? result.json : result.errorMessage;
}

void JobDetail::showTfConfig()
{
    const QModelIndexList rows = m_replicaView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const QString replica = rows.first().data(ReplicaModel::NameRole).toString();
    // Non-modal: no nested event loop; the logs keep following meanwhile.
    auto *dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("TF_CONFIG of %1").arg(replica));
    auto *text = new QPlainTextEdit(dialog);
    text->setReadOnly(true);
    text->setFont(monospace(font()));
    text->setPlainText(tfConfigText(replica));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(560, 420);
    dialog->show();
}

} // namespace trainyard::ui::jobs
