// SPDX-License-Identifier: MIT
#include "mainwindow/mainwindow.h"

#include "catalog/catalog.h"
#include "jobs/jobconsole.h"
#include "jobs/joblistmodel.h"
#include "jobspec/job.h"
#include "mainwindow/screenfit.h"
#include "mainwindow/shortcutsdialog.h"
#include "settings/settingsdialog.h"
#include "store/jobstore.h"
#include "wizard/jobwizard.h"
#include "wizard/pastecommanddialog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QVBoxLayout>
#include <QWhatsThis>

namespace trainyard::ui {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Trainyard"));
    resizeToScreen(this, QSize(1200, 800));

    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *newJobAction = fileMenu->addAction(tr("&New job…"));
    newJobAction->setShortcut(QKeySequence::New);
    connect(newJobAction, &QAction::triggered, this, &MainWindow::newJob);
    QAction *openAction = fileMenu->addAction(tr("&Open config…"));
    openAction->setShortcut(QKeySequence::Open);
    connect(openAction, &QAction::triggered, this, &MainWindow::chooseConfig);
    QAction *pasteAction = fileMenu->addAction(tr("&Paste gcloud command…"));
    pasteAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    connect(pasteAction, &QAction::triggered, this, &MainWindow::pasteGcloudCommand);
    fileMenu->addSeparator();
    QAction *quit = fileMenu->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    auto *settingsMenu = menuBar()->addMenu(tr("&Settings"));
    QAction *settings = settingsMenu->addAction(tr("&Settings…"));
    settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settings->setMenuRole(QAction::PreferencesRole);
    connect(settings, &QAction::triggered, this, [this] { SettingsDialog::showFor(this); });

    auto *helpMenu = menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts = helpMenu->addAction(tr("&Keyboard shortcuts"));
    shortcuts->setShortcut(QKeySequence::HelpContents);
    connect(shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    // Shift+F1: what a control is, and why a menu item is disabled.
    helpMenu->addAction(QWhatsThis::createAction(this));
    helpMenu->addSeparator();
    QAction *about = helpMenu->addAction(tr("&About Trainyard"));
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);

    const catalog::LoadResult loaded = catalog::Catalog::loadDefault();
    m_catalog = loaded.catalog;
    if (!m_catalog) {
        const QString why = tr("The job wizard needs the service catalog, which could not be "
                               "loaded.");
        for (QAction *a : {newJobAction, openAction, pasteAction}) {
            a->setEnabled(false);
            a->setToolTip(why);
            a->setStatusTip(why);
            a->setWhatsThis(why);
        }
        const QString reason =
            loaded.diagnostics.isEmpty() ? QString() : loaded.diagnostics.constFirst().message;
        statusBar()->showMessage(tr("The service catalog could not be loaded: %1").arg(reason));
    }
    setAcceptDrops(m_catalog != nullptr);

    // The job console: job list above the selected job's Overview, Logs, Metrics and Config.
    m_console = new jobs::JobConsole(QString(), this);
    setCentralWidget(m_console);
    auto *jobMenu = new QMenu(tr("&Job"), this);
    menuBar()->insertMenu(settingsMenu->menuAction(), jobMenu);
    jobMenu->addAction(newJobAction);
    jobMenu->addSeparator();
    const QList<QAction *> consoleActions = m_console->actions();
    for (QAction *action : consoleActions) {
        if (action == m_console->deleteAction())
            jobMenu->addSeparator();
        jobMenu->addAction(action);
    }
    connect(m_console, &jobs::JobConsole::newJobRequested, this, &MainWindow::newJob);
    m_console->newJobAction()->setEnabled(newJobAction->isEnabled());
    connect(m_console, &jobs::JobConsole::cloneRequested, this, &MainWindow::cloneJob);
    connect(m_console, &jobs::JobConsole::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    connect(m_console, &jobs::JobConsole::jobEnded, this,
            [this](const QString &jobId, store::JobStatus status) {
                statusBar()->showMessage(
                    tr("Job %1 ended: %2").arg(jobId, jobs::JobListModel::statusWord(status)),
                    10000);
            });

    restoreGeometry(QSettings().value(QStringLiteral("mainWindow/geometry")).toByteArray());
}

MainWindow::~MainWindow() = default;

void MainWindow::newJob()
{
    showWizard(QString());
}

void MainWindow::openConfig(const QString &path)
{
    showWizard(path);
}

void MainWindow::cloneJob(const jobspec::Job &job)
{
    showWizard(QString(), &job);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings().setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    // A changed wizard still open: its job comes back as the draft next time.
    if (m_lastWizard && m_lastWizard->isVisible() && m_lastWizard->isModified())
        m_lastWizard->keepDraft();
    m_console->saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::chooseConfig()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open config"), QString(), tr("Job configs (*.yaml *.yml *.json);;All files (*)"));
    if (!path.isEmpty())
        openConfig(path);
}

void MainWindow::pasteGcloudCommand()
{
    if (!m_catalog)
        return;
    wizard::PasteCommandDialog dialog(*m_catalog, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    showWizard(QString());
    if (m_lastWizard)
        m_lastWizard->loadGcloudImport(dialog.result(), dialog.baseDirectory());
}

void MainWindow::showWizard(const QString &path, const jobspec::Job *job)
{
    if (!m_catalog)
        return;
    auto *wizard = new wizard::JobWizard(*m_catalog, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    m_lastWizard = wizard;
    // The wizard refers to the catalog; it lives as long as this window (its parent).
    const QStringList ids = store::JobStore().ids();
    wizard->setExistingJobIds(QSet<QString>(ids.cbegin(), ids.cend()));
    if (!path.isEmpty())
        wizard->openFile(path);
    else if (job)
        wizard->loadJob(*job);
    else
        wizard->restoreDraft(); // the job the user left unsent last time
    connect(
        wizard, &wizard::JobWizard::jobStarted, this,
        [this](const QString &jobId, const QString &directory) {
            statusBar()->showMessage(
                tr("Job %1 started on this machine; its files are in %2").arg(jobId, directory));
            m_console->selectJob(jobId);
        });
    wizard->show();
}

namespace {

bool isConfigFile(const QUrl &url)
{
    if (!url.isLocalFile())
        return false;
    const QString suffix = QFileInfo(url.toLocalFile()).suffix().toLower();
    return suffix == QLatin1String("yaml") || suffix == QLatin1String("yml") ||
           suffix == QLatin1String("json");
}

} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && isConfigFile(urls.first()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !isConfigFile(urls.first()))
        return;
    event->acceptProposedAction();
    openConfig(urls.first().toLocalFile());
}

void MainWindow::showShortcuts()
{
    auto *dialog = new ShortcutsDialog(menuBar(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About Trainyard"),
        tr("Trainyard %1\n\nConfigure training jobs for Google Cloud AI Platform Training and "
           "Vertex AI custom jobs, check them against the service's rules, and dry-run them "
           "on this machine.")
            .arg(QCoreApplication::applicationVersion()));
}

} // namespace trainyard::ui
