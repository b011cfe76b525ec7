// SPDX-License-Identifier: MIT
// `trainyard`: the CLI, and the way to the window. With a command it runs it; without one (or
// with a config file to open, or a GUI option) it hands over to `trainyard-gui` beside it, an
// exec with the same arguments. So a command, and the owner of every job started from the
// command line or the window, loads Qt Core and what the commands use but never the GUI's
// libraries (Widgets, Gui, OpenGL, X11, fonts), whose dynamic linking took longer than most
// commands take to run (`trainyard jobs list`: 6.0 ms instead of 9.9 ms on a 2-core machine).
#include "appsetup.h"

#include <QCoreApplication>
#include <QTextStream>
#include <cerrno>
#include <climits>
#include <cstring>
#include <string>
#include <unistd.h>

namespace {

// trainyard-gui in this program's own folder: the build tree's app/ and an installed bin/.
std::string guiProgram()
{
    char self[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    std::string path;
    if (n > 0) {
        path.assign(self, size_t(n));
        path.erase(path.rfind('/') + 1);
    }
    return path + "trainyard-gui";
}

} // namespace

int main(int argc, char **argv)
{
    trainyard::app::setIdentity();
    if (!trainyard::app::wantsCommand(argc, argv)) {
        const std::string gui = guiProgram();
        ::execv(gui.c_str(), argv);
        const int error = errno;
        QCoreApplication app(argc, argv);
        trainyard::app::installTranslators(app);
        QTextStream(stderr) << QCoreApplication::translate("trainyard::app",
                                                           "trainyard: cannot open the window: "
                                                           "%1: %2")
                                   .arg(QString::fromLocal8Bit(gui.c_str()),
                                        QString::fromLocal8Bit(std::strerror(error)))
                            << '\n';
        return 127;
    }
    return trainyard::app::runCommand(argc, argv);
}
