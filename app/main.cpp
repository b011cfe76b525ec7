// SPDX-License-Identifier: MIT
// Trainyard: the GUI when started without a subcommand, the CLI with one.
#include "cli/cli.h"
#include "exec/ownerstandby.h"
#include "mainwindow/accessiblecombo.h"
#include "mainwindow/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDialog>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

namespace {

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Trainyard"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("trainyard.invalid"));
    QCoreApplication::setApplicationName(QStringLiteral("trainyard"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TRAINYARD_VERSION));
}

void installTranslators(QCoreApplication &app)
{
    auto *qt = new QTranslator(&app);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    // trainyard_de.qm for German; every other language gets English, whose translation holds
    // only the plural forms ("1 error", "2 errors").
    auto *own = new QTranslator(&app);
    if (own->load(QLocale(), QStringLiteral("trainyard"), QStringLiteral("_"),
                  QStringLiteral(":/i18n")) ||
        own->load(QStringLiteral(":/i18n/trainyard_en.qm")))
        QCoreApplication::installTranslator(own);
}

// GUI options start with "--" too, so they are recognised before the CLI gets a look.
bool isGuiOption(int argc, char **argv)
{
    return argc > 1 && qstrcmp(argv[1], "--screenshot") == 0;
}

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
    setIdentity();
    if (!isGuiOption(argc, argv) && trainyard::cli::wantsCli(argc, argv)) {
        // `jobs submit training` forks its job's owner now, before any thread exists
        // (exec/ownerstandby.h); the child returns here as that owner.
        const bool standby = trainyard::exec::OwnerStandby::forkForSubmit(argc, argv);
        QCoreApplication app(argc, argv);
        installTranslators(app);
        if (standby)
            return trainyard::exec::runStandbyOwner(trainyard::store::JobStore());
        return trainyard::cli::run(QCoreApplication::arguments());
    }
    QApplication app(argc, argv);
    trainyard::ui::installAccessibleComboBox(); // after QtWidgets' own: asked first
    QApplication::setApplicationDisplayName(QStringLiteral("Trainyard"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.trainyard.Trainyard"));
    installTranslators(app);

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
