// SPDX-License-Identifier: MIT
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <memory>

namespace trainyard::catalog {
struct Catalog;
}

namespace trainyard::jobspec {
struct Job;
}

namespace trainyard::ui {

namespace jobs {
class JobConsole;
}
namespace wizard {
class JobWizard;
}

// The main window: the job console (job list and the selected job's detail tabs) as its central
// widget, its actions in the Job menu. File > New job, File > Open config (or dropping a
// .yaml/.json file on the window) and Job > Clone into wizard open the job wizard. Help lists
// the keyboard shortcuts (F1) and offers What's This (Shift+F1).
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens the job wizard, empty or with the config file at `path`.
    void newJob();
    void openConfig(const QString &path);
    // Opens the wizard filled from a job's spec (Clone into wizard).
    void cloneJob(const jobspec::Job &job);
    // File > Paste gcloud command…: a dialog reads the command, then the wizard opens filled.
    void pasteGcloudCommand();

    jobs::JobConsole *console() const { return m_console; }

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void showShortcuts();
    void showAbout();
    void chooseConfig();
    void showWizard(const QString &path, const jobspec::Job *job = nullptr);

    std::shared_ptr<const catalog::Catalog> m_catalog;
    jobs::JobConsole *m_console = nullptr;
    QPointer<wizard::JobWizard> m_lastWizard; // the wizard showWizard() opened last
};

} // namespace trainyard::ui
