// SPDX-License-Identifier: MIT
// The Settings window (Settings > Settings…, Ctrl+,). Modeless; one per main window. Pages:
// Secrets, Local runs (more pages append a tab).
#pragma once

#include <QDialog>

class QTabWidget;

namespace trainyard::secrets {
class SecretStore;
}

namespace trainyard::ui {

class LocalRunsPage;
class SecretsPage;

class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    // store: null creates one with the default names file, owned by the dialog.
    explicit SettingsDialog(secrets::SecretStore *store = nullptr, QWidget *parent = nullptr);
    ~SettingsDialog() override;

    // Shows (creating on first use) the settings window of `owner` without blocking.
    static SettingsDialog *showFor(QWidget *owner);

    SecretsPage *secretsPage() const { return m_secrets; }
    LocalRunsPage *localRunsPage() const { return m_localRuns; }
    QTabWidget *tabs() const { return m_tabs; }

private:
    QTabWidget *m_tabs;
    SecretsPage *m_secrets;
    LocalRunsPage *m_localRuns;
};

} // namespace trainyard::ui
