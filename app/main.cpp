// SPDX-License-Identifier: MIT
// `trainyard-gui`: the window, which `trainyard` (cli_main.cpp) hands over to when it is started
// without a command. Given a command it runs it as `trainyard-cloud` does.
#include "appsetup.h"
#include "cloud/commands/cloudcommands.h"
#include "exec/companion.h"
#include "exec/locallauncher.h"
#include "gpu/gpusampler.h"
#include "mainwindow/accessiblecombo.h"
#include "mainwindow/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDialog>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QTimer>

namespace {

// The window a user looks at: a dialog over the main window (the wizard with the opened
// config), else the active window, else the main window. Without a window manager (Xvfb) no
// window is active, so the dialog is found among the visible top-level windows.
QWidget *frontWindow(QWidget &mainWindow)
{
    const QList<QWidget *> windows = QApplication::topLevelWidgets();
    for (QWidget *w : windows) {
        if (w != &mainWindow && w->isVisible() && qobject_cast<QDialog *>(w))
            return w;
    }
    if (QWidget *active = QApplication::activeWindow())
        return active;
    return &mainWindow;
}

// --screenshot FILE: save a picture of the window in front (the wizard when a config was
// opened, else the main window) once it has settled, then quit. Used to look at the GUI under
// Xvfb or the offscreen platform, with or without a window manager.
void scheduleScreenshot(QWidget &window, const QString &path)
{
    QTimer::singleShot(2500, &window, [&window, path] {
        const bool saved = frontWindow(window)->grab().save(path);
        QCoreApplication::exit(saved ? 0 : 1);
    });
}

} // namespace

int main(int argc, char **argv)
{
    trainyard::app::setIdentity();
    trainyard::cli::installCloud();
    if (trainyard::app::wantsCommand(argc, argv))
        return trainyard::app::runCommand(argc, argv);
    QApplication app(argc, argv);
    trainyard::ui::installAccessibleComboBox(); // after QtWidgets' own: asked first
    QApplication::setApplicationDisplayName(QStringLiteral("Trainyard"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.trainyard.Trainyard"));
    // The installed icon (hicolor) by the desktop entry's name, else the same picture built in.
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.trainyard.Trainyard"),
                                                 QIcon(QStringLiteral(":/icons/trainyard.svg"))));
    trainyard::app::installTranslators(app);
    // Jobs' owners are the lean `trainyard` of this installation (cli_main.cpp) when it is there.
    if (const QFileInfo cli(QFile::decodeName(
            trainyard::exec::companionProgram(trainyard::exec::CliProgramName).c_str()));
        cli.isExecutable())
        trainyard::exec::LocalLauncher::setDefaultOwnerProgram(cli.filePath());

    QCommandLineParser parser;
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save a screenshot of the window and quit."),
                                        QStringLiteral("file"));
    parser.addOption(screenshot);
    parser.addPositionalArgument(
        QStringLiteral("config"),
        QStringLiteral("A config.yaml (or JSON) to open in the job wizard."),
        QStringLiteral("[config.yaml]"));
    parser.process(app);

    // A GPU listing still waiting for NVML (the wizard's) ends at once: the window closes
    // without waiting for its deadline.
    QObject::connect(&app, &QCoreApplication::aboutToQuit, &app,
                     [] { trainyard::gpu::interruptGpuHelpers(); });

    trainyard::ui::MainWindow window;
    window.show();
    if (!parser.positionalArguments().isEmpty()) {
        const QString config = parser.positionalArguments().constFirst();
        QTimer::singleShot(0, &window, [&window, config] { window.openConfig(config); });
    }
    if (parser.isSet(screenshot))
        scheduleScreenshot(window, parser.value(screenshot));
    return app.exec();
}
