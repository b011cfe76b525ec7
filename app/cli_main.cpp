// SPDX-License-Identifier: MIT
// `trainyard` and `trainyard-cloud` (built from this file with TRAINYARD_CLOUD_PROGRAM): the CLI,
// and the way to the window. With a command it runs it; without one (or with a config file to
// open, or a GUI option) it hands over to `trainyard-gui` (exec/companion.h), an exec with the same
// arguments.
//
// `trainyard` links trainyard_core alone. So a local command, and the owner of every job started
// from the command line or the window, loads Qt Core and what the local commands use, but neither
// the GUI's libraries (Widgets, Gui, OpenGL, X11, fonts) nor those of the cloud and the keychain
// (Qt Network, OpenSSL, QtKeychain and its D-Bus): their dynamic linking took longer than most
// commands take to run. A command of trainyard_cloud (`ai`, `secrets`, `jobs submit training
// --cloud`, a cloud job's describe, stream-logs and cancel, and the help of all commands) it
// hands over to `trainyard-cloud` the same way (cli/cloudhooks.h).
#include "appsetup.h"
#include "exec/companion.h"

#ifdef TRAINYARD_CLOUD_PROGRAM
#include "cloud/commands/cloudcommands.h"
#else
#include "cli/cloudhooks.h"
#endif

#include <QCoreApplication>
#include <QTextStream>
#include <cerrno>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

// Execs the program `name` of this installation with this process's arguments; returns only when
// that failed, after saying so, with the exit status a shell gives a command it cannot run.
int execCompanion(const char *name, char **argv)
{
    const std::string program = trainyard::exec::companionProgram(name);
    if (!program.empty())
        ::execv(program.c_str(), argv);
    const int error = errno;
    if (QCoreApplication::instance() == nullptr) {
        static int argc = 1;
        static QCoreApplication app(argc, argv);
        trainyard::app::installTranslators(app);
    }
    QTextStream(stderr)
        << (program.empty()
                ? QCoreApplication::translate("trainyard::app",
                                              "trainyard: cannot find %1: the folder of this "
                                              "program is not known (is /proc mounted?)")
                      .arg(QString::fromLatin1(name))
                : QCoreApplication::translate("trainyard::app", "trainyard: cannot start %1: %2")
                      .arg(QString::fromLocal8Bit(program.c_str()),
                           QString::fromLocal8Bit(std::strerror(error))))
        << '\n';
    return 127;
}

#ifndef TRAINYARD_CLOUD_PROGRAM
// The arguments as the process got them: QCoreApplication may take some out of argv.
std::vector<char *> g_arguments;

int handOverToCloud()
{
    return execCompanion(trainyard::exec::CloudProgramName, g_arguments.data());
}
#endif

} // namespace

int main(int argc, char **argv)
{
    trainyard::app::setIdentity();
    if (!trainyard::app::wantsCommand(argc, argv))
        return execCompanion(trainyard::exec::GuiProgramName, argv);
#ifdef TRAINYARD_CLOUD_PROGRAM
    trainyard::cli::installCloud();
#else
    g_arguments.assign(argv, argv + argc + 1);
    trainyard::cli::setHandOver(handOverToCloud);
#endif
    return trainyard::app::runCommand(argc, argv);
}
