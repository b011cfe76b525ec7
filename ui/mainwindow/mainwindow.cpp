// SPDX-License-Identifier: MIT
#include "mainwindow/mainwindow.h"

#include "catalog/catalog.h"
#include "store/jobstore.h"
#include "wizard/jobwizard.h"
#include "settings/settingsdialog.h"

#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMimeData>
#include <QStatusBar>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QVBoxLayout>

namespace trainyard::ui {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Trainyard"));
    resize(1000, 640);

    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *newJobAction = fileMenu->addAction(tr("&New job…"));
    newJobAction->setShortcut(QKeySequence::New);
    connect(newJobAction, &QAction::triggered, this, &MainWindow::newJob);
    QAction *openAction = fileMenu->addAction(tr("&Open config…"));
    openAction->setShortcut(QKeySequence::Open);
    connect(openAction, &QAction::triggered, this, &MainWindow::chooseConfig);
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
    QAction *about = helpMenu->addAction(tr("&About Trainyard"));
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(32, 32, 32, 32);

    auto *title = new QLabel(tr("Trainyard"), central);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.0);
    titleFont.setBold(true);
    title->setFont(titleFont);
    layout->addWidget(title);

    auto *subtitle =
        new QLabel(tr("A desktop console for machine-learning training jobs."), central);
    layout->addWidget(subtitle);

    const catalog::LoadResult loaded = catalog::Catalog::loadDefault();
    m_catalog = loaded.catalog;
    if (!m_catalog) {
        const QString why = tr("The job wizard needs the service catalog, which could not be "
                               "loaded.");
        for (QAction *a : {newJobAction, openAction}) {
            a->setEnabled(false);
            a->setToolTip(why);
        }
    }
    setAcceptDrops(m_catalog != nullptr);
    auto *catalogLabel = new QLabel(central);
    catalogLabel->setTextFormat(Qt::PlainText);
    catalogLabel->setWordWrap(true);
    if (loaded) {
        catalogLabel->setText(
            tr("Service catalog: %1 (data as of %2): %n machine type(s), %3 accelerator "
               "types, %4 regions.",
               nullptr, int(loaded.catalog->machineTypes.size()))
                .arg(loaded.catalog->source, loaded.catalog->date)
                .arg(loaded.catalog->accelerators.size())
                .arg(loaded.catalog->regions.size()));
    } else {
        const QString reason = loaded.diagnostics.isEmpty()
                                   ? QString()
                                   : loaded.diagnostics.constFirst().message;
        catalogLabel->setText(tr("The service catalog could not be loaded: %1").arg(reason));
    }
    layout->addSpacing(16);
    layout->addWidget(catalogLabel);

    auto *cliLabel = new QLabel(central);
    cliLabel->setTextFormat(Qt::PlainText);
    cliLabel->setWordWrap(true);
    cliLabel->setText(
        tr("Create a job with File > New job, or open a config.yaml with File > Open config "
           "(or drop it on this window). The job list is not part of this version yet. The "
           "command line checks and converts job specs:\n\n"
           "  trainyard validate config.yaml\n"
           "  trainyard export --to gcloud config.yaml\n"
           "  trainyard export --to vertex config.yaml"));
    QFont mono = cliLabel->font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    cliLabel->setFont(mono);
    layout->addSpacing(16);
    layout->addWidget(cliLabel);
    layout->addStretch(1);

    setCentralWidget(central);
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

void MainWindow::chooseConfig()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open config"), QString(), tr("Job configs (*.yaml *.yml *.json);;All files (*)"));
    if (!path.isEmpty())
        openConfig(path);
}

void MainWindow::showWizard(const QString &path)
{
    if (!m_catalog)
        return;
    auto *wizard = new wizard::JobWizard(*m_catalog, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    // The wizard refers to the catalog; it lives as long as this window (its parent).
    const QStringList ids = store::JobStore().ids();
    wizard->setExistingJobIds(QSet<QString>(ids.cbegin(), ids.cend()));
    if (!path.isEmpty())
        wizard->openFile(path);
    connect(wizard, &wizard::JobWizard::jobStarted, this,
            [this](const QString &jobId, const QString &directory) {
                statusBar()->showMessage(
                    tr("Job %1 started on this machine; its files are in %2").arg(jobId, directory));
            });
    wizard->show();
}

namespace {

bool isConfigFile(const QUrl &url)
{
    if (!url.isLocalFile())
        return false;
    const QString suffix = QFileInfo(url.toLocalFile()).suffix().toLower();
    return suffix == QLatin1String("yaml") || suffix == QLatin1String("yml")
        || suffix == QLatin1String("json");
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
