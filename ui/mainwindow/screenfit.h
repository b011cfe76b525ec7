// SPDX-License-Identifier: MIT
// Windows open at a size that fits the screen they open on: the preferred size, at most the
// screen's available geometry less room for the window frame, and placed inside it.
#pragma once

#include <QGuiApplication>
#include <QPoint>
#include <QRect>
#include <QScreen>
#include <QWidget>
#include <algorithm>

namespace trainyard::ui {

inline void resizeToScreen(QWidget *window, const QSize &preferred)
{
    const QWidget *anchor = window->parentWidget() ? window->parentWidget()->window() : window;
    QScreen *screen = anchor->screen() ? anchor->screen() : QGuiApplication::primaryScreen();
    if (!screen) {
        window->resize(preferred);
        return;
    }
    const QRect available = screen->availableGeometry();
    // A title bar and borders of a typical window manager around the client area.
    const QSize frame(16, 48);
    const QSize size =
        preferred.boundedTo(available.size() - frame).expandedTo(window->minimumSize());
    window->resize(size);
    // Inside the available area (a window below the top panel, not under it).
    QPoint topLeft = window->pos();
    topLeft.setX(
        std::clamp(topLeft.x(), available.left(),
                   std::max(available.left(), available.right() - size.width() - frame.width())));
    topLeft.setY(
        std::clamp(topLeft.y(), available.top(),
                   std::max(available.top(), available.bottom() - size.height() - frame.height())));
    window->move(topLeft);
}

} // namespace trainyard::ui
