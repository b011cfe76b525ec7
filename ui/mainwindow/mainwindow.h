// SPDX-License-Identifier: MIT
#pragma once

#include <QMainWindow>

#include <memory>

namespace trainyard::catalog {
struct Catalog;
}

namespace trainyard::ui {

// The main window. Until the job list lands it shows the application's name, which service
// catalog is in use, and what the command line can do today; File > New job and File > Open
// config (or dropping a .yaml/.json file on the window) open the job wizard.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens the job wizard, empty or with the config file at `path`.
    void newJob();
    void openConfig(const QString &path);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void showAbout();
    void chooseConfig();
    void showWizard(const QString &path);

    std::shared_ptr<const catalog::Catalog> m_catalog;
};

} // namespace trainyard::ui
