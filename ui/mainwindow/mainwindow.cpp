// SPDX-License-Identifier: MIT
#include "mainwindow/mainwindow.h"

#include "catalog/catalog.h"
#include "settings/settingsdialog.h"

#include <QAction>
#include <QApplication>
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
        tr("The job wizard and the job list are not part of this version yet. Today the "
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
