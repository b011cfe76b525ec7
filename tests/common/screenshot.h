// SPDX-License-Identifier: MIT
// A window as a PNG under $TRAINYARD_SCREENSHOT_DIR (nothing when it is not set): the GUI tests'
// screenshots for the README and for looking at what a test drove.
#pragma once

#include <QDir>
#include <QPixmap>
#include <QString>
#include <QWidget>

namespace trainyard::test {

inline void screenshot(QWidget *window, const QString &name)
{
    const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    window->grab().save(QDir(dir).filePath(name));
}

} // namespace trainyard::test
