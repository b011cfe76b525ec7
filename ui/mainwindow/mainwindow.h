// SPDX-License-Identifier: MIT
#pragma once

#include <QMainWindow>

namespace trainyard::ui {

// The main window. Until the job list and the wizard land it shows the application's name,
// which service catalog is in use, and what the command line can do today; nothing in it
// pretends to work.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

private:
    void showAbout();
};

} // namespace trainyard::ui
