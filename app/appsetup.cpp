// SPDX-License-Identifier: MIT
#include "appsetup.h"

#include "cli/cli.h"
#include "exec/ownerstandby.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace trainyard::app {

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

bool wantsCommand(int argc, char **argv)
{
    // GUI options start with "--" too, so they are recognised before the CLI gets a look.
    const bool guiOption = argc > 1 && qstrcmp(argv[1], "--screenshot") == 0;
    return !guiOption && cli::wantsCli(argc, argv);
}

int runCommand(int &argc, char **argv)
{
    const bool standby = exec::OwnerStandby::forkForSubmit(argc, argv);
    QCoreApplication app(argc, argv);
    installTranslators(app);
    if (standby)
        return exec::runStandbyOwner(store::JobStore());
    return cli::run(QCoreApplication::arguments());
}

} // namespace trainyard::app
