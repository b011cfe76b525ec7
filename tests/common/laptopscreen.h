// SPDX-License-Identifier: MIT
// A GUI suite's main() on a laptop's screen: the offscreen platform with one 1366×768 screen at
// 96 dpi (it reads its screens from a file), as a user of a small laptop meets the windows.
#pragma once

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace trainyard::test {

template<typename Suite>
int runOnLaptopScreen(int argc, char **argv, const QString &appName, void (*setup)() = nullptr)
{
    QTemporaryDir config;
    const QString path = config.filePath(QStringLiteral("screens.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(R"({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
                   "logicalDpiX": 96, "logicalDpiY": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + path.toLocal8Bit());
    QCoreApplication::setOrganizationName(QStringLiteral("TrainyardTests"));
    QCoreApplication::setApplicationName(appName);
    QApplication app(argc, argv);
    if (setup)
        setup();
    Suite suite;
    return QTest::qExec(&suite, argc, argv);
}

} // namespace trainyard::test
