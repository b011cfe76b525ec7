// SPDX-License-Identifier: MIT
#include "jobs/jobconsole.h"

#include "cloud/cloudwatcher.h"
#include "compare/compareview.h"
#include "jobactions/jobactions.h"
#include "jobs/desktopnotifier.h"
#include "jobs/diskspacemonitor.h"
#include "jobs/jobdetail.h"
#include "jobs/jobfilterproxy.h"
#include "jobs/joblistmodel.h"
#include "jobspec/arguments.h"
#include "jobspec/yamlio.h"
#include "logs/logpanel.h"
#include "mainwindow/screenfit.h"
#include "store/jobstore.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QMenu>
#include <QMessageBox>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

namespace trainyard::ui::jobs {

namespace {
// Saved only once the user dragged the handle; until then the list fits its jobs.
const QString SplitterKey = QStringLiteral("jobConsole/splitterDragged");
const QString HeaderKey = QStringLiteral("jobConsole/header");
} // namespace

JobConsole::JobConsole(const QString &storeRoot, QWidget *parent)
    : QWidget(parent)
    , m_model(new JobListModel(storeRoot, this))
    , m_actions(new jobactions::JobActions(m_model->storeRoot(), this))
    , m_proxy(new JobFilterProxy(this))
{
    connectJobActions();
    m_proxy->setSourceModel(m_model);
    m_notifier = new DesktopNotifier(this);
    m_startedAt = QDateTime::currentDateTimeUtc();
    m_notifyDelay.setSingleShot(true);
    m_notifyDelay.setInterval(1500);
    connect(&m_notifyDelay, &QTimer::timeout, this, &JobConsole::notifyEnded);

    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter jobs by ID, tier or region"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter jobs"));
    logs::nameClearButton(m_filter, tr("Clear the job filter"));
    m_stateFilter = new QComboBox(this);
    m_stateFilter->setAccessibleName(tr("Show jobs in state"));
    m_stateFilter->addItem(tr("All states"), int(JobFilterProxy::StateFilter::All));
    m_stateFilter->addItem(tr("Active"), int(JobFilterProxy::StateFilter::Active));
    m_stateFilter->addItem(tr("Succeeded"), int(JobFilterProxy::StateFilter::Succeeded));
    m_stateFilter->addItem(tr("Failed"), int(JobFilterProxy::StateFilter::Failed));
    m_stateFilter->addItem(tr("Cancelled"), int(JobFilterProxy::StateFilter::Cancelled));
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setTextFilter(text);
        followFilter();
    });
    connect(m_stateFilter, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setStateFilter(JobFilterProxy::StateFilter(m_stateFilter->currentData().toInt()));
        followFilter();
    });
    // Ctrl+F: the filter of the tab the focus is in (the Logs tab's search; a tab's field marked
    // with the property "trainyardFind"), else the job filter.
    auto *find = new QShortcut(QKeySequence::Find, this);
    find->setContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QShortcut::activated, this, [this] {
        QLineEdit *target = m_filter;
        QWidget *page = m_detail->tabs()->currentWidget();
        QWidget *focus = QApplication::focusWidget();
        if (page && (page == focus || page->isAncestorOf(focus))) {
            const QList<QLineEdit *> fields = page->findChildren<QLineEdit *>();
            for (QLineEdit *field : fields) {
                if (field->property("trainyardFind").toBool() && field->isVisible())
                    target = field;
            }
        }
        target->setFocus(Qt::ShortcutFocusReason);
        target->selectAll();
    });

    m_view = new QTableView(this);
    m_view->setModel(m_proxy);
    m_view->setAccessibleName(tr("Jobs"));
    m_view->setSortingEnabled(true);
    // Newest first, as `trainyard jobs list` prints them.
    m_view->sortByColumn(JobListModel::CreatedColumn, Qt::DescendingOrder);
    // Tab leaves the table (arrows move inside it); long IDs lose their middle, not their end.
    m_view->setTabKeyNavigation(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->setWordWrap(false);
    m_view->setColumnWidth(JobListModel::JobIdColumn, 240);
    connect(m_view, &QTableView::customContextMenuRequested, this, &JobConsole::showContextMenu);

    m_detail = new JobDetail(m_model->storeRoot(), this);
    connect(m_detail, &JobDetail::message, this, &JobConsole::message);

    // The low-disk-space banner: hidden until the store's disk runs low.
    m_spaceBanner = new QFrame(this);
    m_spaceBanner->setObjectName(QStringLiteral("spaceBanner"));
    static_cast<QFrame *>(m_spaceBanner)->setFrameShape(QFrame::StyledPanel);
    m_spaceBanner->setAutoFillBackground(true);
    QPalette bannerPalette = m_spaceBanner->palette();
    bannerPalette.setColor(QPalette::Window, QColor(0xff, 0xf3, 0xcd));
    bannerPalette.setColor(QPalette::WindowText, QColor(0x5c, 0x3c, 0x00));
    m_spaceBanner->setPalette(bannerPalette);
    auto *bannerIcon = new QLabel(m_spaceBanner);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    bannerIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize));
    m_spaceText = new QLabel(m_spaceBanner);
    m_spaceText->setTextFormat(Qt::PlainText); // the path is the user's
    m_spaceText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bannerLayout = new QHBoxLayout(m_spaceBanner);
    bannerLayout->addWidget(bannerIcon, 0, Qt::AlignTop);
    bannerLayout->addWidget(m_spaceText, 1);
    m_spaceBanner->hide();
    m_diskSpace = new DiskSpaceMonitor(m_model->storeRoot(), this);
    connect(m_diskSpace, &DiskSpaceMonitor::checked, this, &JobConsole::showDiskSpace);

    auto *top = new QWidget(this);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_stateFilter);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_spaceBanner);
    topLayout->addLayout(bar);
    topLayout->addWidget(m_view);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(top);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    // The list gets the height its jobs need (fitSplitter), the detail the rest, until the user
    // drags the handle.
    m_splitter->setSizes({1000, 1000});
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSplit = true; });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    createActions();
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        m_detail->setJob(currentJobId());
        onRefreshed();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &JobConsole::updateActions);
    connect(m_model, &JobListModel::refreshed, this, &JobConsole::onRefreshed);
    connect(m_model, &JobListModel::jobEnded, this, &JobConsole::onJobEnded);
    restoreLayout();
    m_model->start();
    m_diskSpace->start();
    // Cloud jobs: their state and logs come from Vertex AI into the store's files.
    m_cloud = new cloud::CloudWatcher(storeRoot, this);
    connect(m_cloud, &cloud::CloudWatcher::updated, m_model, &JobListModel::refresh);
    connect(m_cloud, &cloud::CloudWatcher::failed, this, &JobConsole::message);
    m_cloud->start();
}

JobConsole::~JobConsole()
{
    saveLayout();
}

void JobConsole::setOwnerProgram(const QString &program)
{
    m_actions->setOwnerProgram(program);
}

QString JobConsole::storeRoot() const
{
    return m_model->storeRoot();
}

void JobConsole::createActions()
{
    QStyle *s = style();
    m_newJob = new QAction(s->standardIcon(QStyle::SP_FileIcon), tr("&New job…"), this);
    connect(m_newJob, &QAction::triggered, this, &JobConsole::newJobRequested);

    m_runAgain = new QAction(s->standardIcon(QStyle::SP_BrowserReload), tr("&Run again"), this);
    m_runAgain->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_runAgain->setToolTip(tr("Run the job's config again as a new job"));
    connect(m_runAgain, &QAction::triggered, this, [this] { runAgain(currentJobId()); });

    m_clone = new QAction(tr("C&lone into wizard…"), this);
    m_clone->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(m_clone, &QAction::triggered, this, [this] { m_actions->clone(currentJobId()); });

    m_cancel = new QAction(s->standardIcon(QStyle::SP_MediaStop), tr("&Cancel job"), this);
    m_cancel->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    // Cancelling stops every replica: the console asks first (confirmCancel); the job actions
    // route a yes, local or cloud, and cancelRequested() brings the answer.
    connect(m_cancel, &QAction::triggered, this, [this] { confirmCancel(currentJobId()); });
    connect(this, &JobConsole::cancelConfirmed, m_actions, &jobactions::JobActions::cancel);

    m_openDir = new QAction(s->standardIcon(QStyle::SP_DirOpenIcon), tr("&Open job folder"), this);
    m_openDir->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(m_openDir, &QAction::triggered, this, [this] {
        QDesktopServices::openUrl(
            QUrl::fromLocalFile(store::JobStore(storeRoot()).jobDir(currentJobId())));
    });

    m_delete = new QAction(s->standardIcon(QStyle::SP_TrashIcon), tr("&Delete job…"), this);
    m_delete->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Delete));
    connect(m_delete, &QAction::triggered, this, &JobConsole::confirmDelete);

    m_compare = new QAction(tr("Co&mpare runs"), this);
    m_compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    m_compare->setToolTip(tr("Select several jobs (Ctrl+click) or one tuning job"));
    connect(m_compare, &QAction::triggered, this, [this] { openCompare(selectedJobIds()); });
    addActions({m_runAgain, m_clone, m_cancel, m_openDir, m_compare, m_delete});
    // A disabled action's shortcut says why in the status bar instead of doing nothing (the
    // action's own shortcut is off while it is disabled, so the two never compete).
    for (QAction *action : actions()) {
        auto *why = new QShortcut(action->shortcut(), this);
        why->setContext(Qt::WindowShortcut);
        connect(why, &QShortcut::activated, this,
                [this, action] { Q_EMIT message(action->whatsThis()); });
        m_whyShortcuts.insert(action, why);
    }
    updateActions();
}

void JobConsole::updateActions()
{
    const QString id = currentJobId();
    const JobRow *row = id.isEmpty() ? nullptr : m_model->job(id);
    const bool has = row != nullptr;
    const bool terminal = has && row->stateKnown && row->state.isTerminal();
    const QStringList selected = selectedJobIds();
    const JobRow *only = selected.size() == 1 ? m_model->job(selected.first()) : nullptr;
    // Why each action is disabled: its status tip and What's This (Shift+F1 in the menu), and
    // the status bar when its shortcut is pressed.
    const QString none = tr("Select a job in the list first.");
    QString cancelWhy = none;
    if (has && !row->stateKnown)
        cancelWhy = tr("The state of %1 is not known.").arg(id);
    else if (terminal)
        cancelWhy =
            tr("%1 has already ended (%2).").arg(id, JobListModel::statusWord(row->state.state));
    else if (has)
        cancelWhy = tr("%1 is being cancelled.").arg(id);
    const QString deleteWhy =
        has ? tr("%1 is still running; cancel it first (Ctrl+Shift+K).").arg(id) : none;
    explain(m_runAgain, has, none);
    explain(m_clone, has, none);
    explain(m_cancel,
            has && row->stateKnown && !terminal && row->state.state != store::JobStatus::Cancelling,
            cancelWhy);
    explain(m_openDir, has, none);
    explain(m_delete, has && (terminal || !row->stateKnown), deleteWhy);
    explain(m_compare,
            selected.size() > 1 ||
                (only && only->state.tuning && only->state.tuning->trials.size() > 1),
            tr("Select several jobs (Ctrl+click) or one tuning job with trials to compare."));
}

void JobConsole::explain(QAction *action, bool enabled, const QString &why)
{
    action->setEnabled(enabled);
    const QString reason = enabled ? QString() : why;
    action->setStatusTip(reason);
    action->setWhatsThis(reason);
    if (QShortcut *shortcut = m_whyShortcuts.value(action))
        shortcut->setEnabled(!enabled && !reason.isEmpty());
}

QStringList JobConsole::selectedJobIds() const
{
    QStringList ids;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows(JobListModel::JobIdColumn);
    QList<int> order;
    for (const QModelIndex &index : rows)
        order.append(index.row());
    std::sort(order.begin(), order.end());
    for (int row : std::as_const(order))
        ids.append(m_proxy->index(row, JobListModel::JobIdColumn).data().toString());
    return ids;
}

void JobConsole::selectJobs(const QStringList &jobIds)
{
    QItemSelection selection;
    for (const QString &id : jobIds) {
        for (int row = 0; row < m_proxy->rowCount(); ++row) {
            const QModelIndex index = m_proxy->index(row, JobListModel::JobIdColumn);
            if (index.data().toString() == id)
                selection.select(index, index);
        }
    }
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect |
                                                    QItemSelectionModel::Rows);
    updateActions();
}

compare::CompareView *JobConsole::openCompare(const QStringList &jobIds)
{
    const store::JobStore store(m_model->storeRoot());
    QList<compare::CompareRun> runs;
    const JobRow *only = jobIds.size() == 1 ? m_model->job(jobIds.first()) : nullptr;
    if (only && only->state.tuning) {
        for (const store::TrialState &trial : only->state.tuning->trials)
            runs.append(compare::CompareRun{
                tr("trial %1").arg(trial.trialId), jobIds.first(), trial.trialId,
                trial.hyperparameters, only->state.tuning->hyperparameterMetricTag,
                trial.finalMetric ? std::optional<double>(trial.finalMetric->objectiveValue)
                                  : std::nullopt});
    } else {
        for (const QString &id : jobIds) {
            // The job's arguments, so the table can show those that differ between the runs.
            QMap<QString, QString> params;
            QByteArray yaml;
            if (store.readConfig(id, &yaml)) {
                const jobspec::ImportResult spec = jobspec::importJob(yaml, store.configPath(id));
                if (spec)
                    params = jobspec::argumentMap(spec.job.trainingInput.args);
            }
            runs.append(compare::CompareRun{id, id, QString(), params});
        }
    }
    if (runs.isEmpty())
        return nullptr;
    auto *view = new compare::CompareView;
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->setWindowTitle(only && only->state.tuning
                             ? tr("Trials of %1 — Trainyard").arg(jobIds.first())
                             : tr("Compare %1 runs — Trainyard").arg(runs.size()));
    resizeToScreen(view, QSize(1200, 800));
    // A window of its own: Escape and Ctrl+W close it.
    for (const QKeySequence &keys :
         {QKeySequence(QKeySequence::Close), QKeySequence(Qt::Key_Escape)}) {
        auto *close = new QShortcut(keys, view);
        connect(close, &QShortcut::activated, view, &QWidget::close);
    }
    view->setRuns(store.root(), runs);
    view->show();
    return view;
}

void JobConsole::onRefreshed()
{
    if (!m_columnsSized && m_proxy->rowCount() > 0) {
        // No remembered layout: fit the columns to the first jobs shown.
        m_columnsSized = true;
        m_view->resizeColumnsToContents();
        // One long ID does not take the row: a column is at most about 32 characters wide
        // (the ID's tooltip gives the rest).
        const int cap = m_view->fontMetrics().averageCharWidth() * 32;
        for (int c = 0; c < JobListModel::NUM_COLUMNS; ++c)
            m_view->setColumnWidth(c, std::min(m_view->columnWidth(c), cap));
        // Room for the longest state word, whatever state the first jobs are in.
        const QFontMetrics fm(m_view->font());
        int stateWidth = 0;
        for (store::JobStatus s :
             {store::JobStatus::Queued, store::JobStatus::Preparing, store::JobStatus::Running,
              store::JobStatus::Succeeded, store::JobStatus::Failed, store::JobStatus::Cancelling,
              store::JobStatus::Cancelled})
            stateWidth = std::max(stateWidth, fm.horizontalAdvance(JobListModel::statusWord(s)));
        const int iconAndMargins = m_view->iconSize().width() +
                                   4 * m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) +
                                   24;
        m_view->setColumnWidth(JobListModel::StateColumn,
                               std::max(m_view->columnWidth(JobListModel::StateColumn),
                                        stateWidth + std::max(iconAndMargins, 40)));
    }
    if (m_model->brokenCount() > 0 && !m_brokenSized) {
        // Room for "Broken: <reason>" once a broken job is listed.
        m_brokenSized = true;
        const QFontMetrics fm(m_view->font());
        int width = 0;
        for (const QString &reason : JobListModel::brokenReasons())
            width = std::max(width, fm.horizontalAdvance(JobListModel::brokenWord(reason)));
        const int icon = m_view->iconSize().width() > 0 ? m_view->iconSize().width() : 16;
        m_view->setColumnWidth(
            JobListModel::StateColumn,
            std::max(m_view->columnWidth(JobListModel::StateColumn), width + icon + 32));
    }
    fitSplitter();
    if (!m_view->selectionModel()->hasSelection() && m_proxy->rowCount() > 0 &&
        currentJobId().isEmpty())
        m_view->selectRow(0);
    const QString id = currentJobId();
    if (id != m_detail->jobId())
        m_detail->setJob(id);
    if (const JobRow *row = id.isEmpty() ? nullptr : m_model->job(id)) {
        m_detail->setCloudJob(row->cloud);
        m_detail->setState(
            row->state, row->stateKnown, row->stateError,
            row->broken ? JobListModel::brokenWord(joblist::brokenReasonText(row->brokenReason))
                        : QString());
    }
    updateActions();
}

void JobConsole::fitSplitter()
{
    QWidget *top = m_splitter->widget(0);
    const int total = m_splitter->height();
    if (m_userSplit || total <= 0 || !top)
        return;
    // Header and 3..10 rows of jobs (the list scrolls beyond), plus what sits above the table.
    const int rows = std::clamp(int(m_proxy->rowCount()), 3, 10);
    int list = m_view->horizontalHeader()->sizeHint().height() +
               rows * m_view->verticalHeader()->defaultSectionSize() + 2 * m_view->frameWidth();
    if (m_view->horizontalScrollBar()->isVisible())
        list += m_view->horizontalScrollBar()->height();
    const int above = std::max(0, top->height() - m_view->height());
    const int wanted = std::min(list + above, total / 2);
    if (m_splitter->sizes().value(0) != wanted)
        m_splitter->setSizes({wanted, total - wanted - m_splitter->handleWidth()});
}

void JobConsole::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitSplitter();
}

void JobConsole::onJobEnded(const QString &jobId, store::JobStatus status)
{
    Q_EMIT jobEnded(jobId, status);
    // A job that ended before this console started is not news (a second console, a job
    // recovered on the first look).
    const JobRow *row = m_model->job(jobId);
    if (row && row->state.endTime.isValid() && row->state.endTime < m_startedAt)
        return;
    // Jobs ending together become one notification: a burst is gathered for a moment.
    m_ended.append({jobId, status});
    if (!m_notifyDelay.isActive())
        m_notifyDelay.start();
}

void JobConsole::notifyEnded()
{
    const QList<std::pair<QString, store::JobStatus>> ended = std::exchange(m_ended, {});
    if (ended.isEmpty())
        return;
    const bool anyFailed = std::any_of(ended.cbegin(), ended.cend(), [](const auto &e) {
        return e.second == store::JobStatus::Failed;
    });
    const DesktopNotifier::Urgency urgency =
        anyFailed ? DesktopNotifier::Urgency::Critical : DesktopNotifier::Urgency::Normal;
    if (ended.size() == 1) {
        const auto &[jobId, status] = ended.first();
        QString title;
        switch (status) {
        case store::JobStatus::Succeeded:
            title = tr("Job succeeded");
            break;
        case store::JobStatus::Cancelled:
            title = tr("Job cancelled");
            break;
        default:
            title = tr("Job failed");
            break;
        }
        m_notifier->notify(
            title, tr("%1 has ended: %2").arg(jobId, JobListModel::statusWord(status)), urgency);
        return;
    }
    // One summary: how many ended how, and the first few IDs.
    QMap<QString, int> counts;
    QStringList ids;
    for (const auto &[jobId, status] : ended) {
        ++counts[JobListModel::statusWord(status)];
        if (ids.size() < 5)
            ids.append(jobId);
    }
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts.append(tr("%1: %2").arg(it.key()).arg(it.value()));
    QString body =
        parts.join(QLatin1String(", ")) + QLatin1Char('\n') + ids.join(QLatin1String(", "));
    if (ended.size() > ids.size())
        body += tr(" and %n more job(s)", nullptr, int(ended.size() - ids.size()));
    m_notifier->notify(tr("%n job(s) ended", nullptr, int(ended.size())), body, urgency);
}

void JobConsole::followFilter()
{
    // The detail pane shows a job the list shows: the filter hid it, the first row follows.
    const QString id = currentJobId();
    if (!id.isEmpty() && m_model->rowOf(id) >= 0 &&
        m_proxy->mapFromSource(m_model->index(m_model->rowOf(id), 0)).isValid())
        return;
    if (m_proxy->rowCount() > 0) {
        m_view->selectRow(0);
        m_view->setCurrentIndex(m_proxy->index(0, 0));
    } else {
        m_view->selectionModel()->clear();
        m_detail->setJob(QString());
    }
}

QString JobConsole::currentJobId() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? current.data(JobListModel::JobIdRole).toString() : QString();
}

void JobConsole::selectJob(const QString &jobId)
{
    const int sourceRow = m_model->rowOf(jobId);
    if (sourceRow < 0) {
        // Not listed yet: select it after the next refresh.
        m_model->refresh();
        auto *connection = new QMetaObject::Connection;
        *connection = connect(m_model, &JobListModel::refreshed, this, [this, jobId, connection] {
            if (m_model->rowOf(jobId) < 0)
                return;
            disconnect(*connection);
            delete connection;
            selectJob(jobId);
        });
        return;
    }
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(sourceRow, 0));
    if (!index.isValid())
        return;
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                         QItemSelectionModel::Rows);
    m_view->scrollTo(index);
}

void JobConsole::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    menu.addAction(m_newJob);
    menu.addSeparator();
    menu.addActions({m_runAgain, m_clone, m_cancel, m_openDir});
    menu.addAction(m_compare);
    menu.addSeparator();
    menu.addAction(m_delete);
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

void JobConsole::showDiskSpace(const DiskSpace &space, bool low)
{
    if (!low) {
        m_spaceBanner->hide();
        return;
    }
    const QLocale locale;
    // Two lines of their own: a path has no spaces to wrap at.
    m_spaceText->setText(
        tr("Little space is left on the disk holding the job store: %1 free of %2. Jobs fail "
           "when it fills up; free some space or delete old jobs.")
            .arg(locale.formattedDataSize(space.availableBytes),
                 locale.formattedDataSize(space.totalBytes)) +
        u'\n' +
        tr("Job store: %1 (file system %2)")
            .arg(QDir::toNativeSeparators(space.path), QDir::toNativeSeparators(space.mountPoint)));
    m_spaceBanner->show();
}

QString JobConsole::spaceBannerText() const
{
    return m_spaceBanner->isHidden() ? QString() : m_spaceText->text();
}

void JobConsole::fail(const QString &text)
{
    Q_EMIT message(text);
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Trainyard"), text, QMessageBox::Ok, this);
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void JobConsole::saveLayout() const
{
    QSettings settings;
    if (m_userSplit)
        settings.setValue(SplitterKey, m_splitter->saveState());
    settings.setValue(HeaderKey, m_view->horizontalHeader()->saveState());
}

void JobConsole::restoreLayout()
{
    QSettings settings;
    m_userSplit = m_splitter->restoreState(settings.value(SplitterKey).toByteArray());
    m_columnsSized =
        m_view->horizontalHeader()->restoreState(settings.value(HeaderKey).toByteArray());
}

} // namespace trainyard::ui::jobs
