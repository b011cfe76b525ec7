// SPDX-License-Identifier: MIT
// Page 2: what runs. A Python package directory and module (completed from the package's
// modules, found by a bounded walk off the GUI thread), an executable, or a container image;
// the user arguments, one row per argv element; environment variables for local runs.
#pragma once

#include "wizard/packagescan.h"
#include "wizard/wizardpage.h"

class QCompleter;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QStringListModel;
class QTimer;

namespace trainyard::ui::wizard {

class StringListEditor;
class TableEditor;

class TrainerPage : public WizardPage
{
    Q_OBJECT
public:
    enum class Mode { Package, Executable, Container };

    explicit TrainerPage(QWidget *parent = nullptr);

    void load(const jobspec::Job &job) override;
    void store(jobspec::Job &job) const override;

    // Relative package directories are relative to this one (the opened file's directory).
    void setBaseDirectory(const QString &dir);

    Mode mode() const;
    void setMode(Mode mode);

    QLineEdit *packageDirEdit() const { return m_packageDir; }
    QLineEdit *moduleEdit() const { return m_module; }
    QLineEdit *executableEdit() const { return m_executable; }
    QLineEdit *imageEdit() const { return m_image; }
    StringListEditor *argsEditor() const { return m_args; }
    QWidget *packageUrisFocus() const;
    TableEditor *envEditor() const { return m_env; }
    QLabel *packageNote() const { return m_packageNote; }
    QLabel *commandPreview() const { return m_preview; }
    QStringList knownModules() const { return m_scan.modules; }
    // True while a package scan is pending or running.
    bool isScanning() const;

Q_SIGNALS:
    // A package scan finished and its result is shown.
    void packageScanned();

private:
    void updateModeWidgets();
    void schedulePackageScan();
    QString scanPath() const;
    void showScan(const PackageScan &scan);
    void updatePackageNote();
    void updatePreview();
    void browsePackage();
    void browseExecutable();

    // Declared (so created) in the order of the form: that is the tab order.
    QRadioButton *m_packageMode;
    QLineEdit *m_packageDir;
    QPushButton *m_browsePackage;
    QLabel *m_packageNote;
    QLineEdit *m_module;
    QStringListModel *m_moduleModel;
    StringListEditor *m_packageUris;
    QRadioButton *m_executableMode;
    QLineEdit *m_executable;
    QPushButton *m_browseExecutable;
    QRadioButton *m_containerMode;
    QLineEdit *m_image;
    StringListEditor *m_args;
    QLabel *m_preview;
    TableEditor *m_env;
    QTimer *m_scanDelay;
    PackageScanner *m_scanner;
    PackageScan m_scan;
    QString m_baseDirectory;
};

} // namespace trainyard::ui::wizard
