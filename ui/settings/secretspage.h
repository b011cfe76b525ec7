// SPDX-License-Identifier: MIT
// Settings > Secrets: the names of the trainers' secrets, with Add, Rename and Delete.
//
// Values are typed into a password field, handed to the keychain (secrets::SecretStore) and
// cleared from the field at once; the page never shows or keeps a value. Every keychain call is
// asynchronous (SecretStore's signals, no nested event loop); while one runs the buttons are
// disabled. Failures (also "no secret service") appear in a plain-text label with QtKeychain's
// own message, and the rest of the application keeps working.
//
// Rename: edit the name in place (F2, double-click or the Rename button); the list shows the
// old name until the keychain has moved the value.
#pragma once

#include <QPointer>
#include <QStringList>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListView;
class QMessageBox;
class QPushButton;
class QStringListModel;

namespace trainyard::secrets {
class SecretStore;
struct SecretResult;
} // namespace trainyard::secrets

namespace trainyard::ui {

class SecretsPage : public QWidget
{
    Q_OBJECT

public:
    // The store is not owned and must outlive the page.
    explicit SecretsPage(secrets::SecretStore *store, QWidget *parent = nullptr);
    ~SecretsPage() override;

    // Names as listed (for tests and accessibility checks).
    QStringList listedNames() const { return m_names; }
    // The message of the last failure; empty after a success.
    QString errorText() const;

    // Re-reads the names file (the CLI may have changed it). Called when the page is shown.
    void refresh();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void add();
    void renameSelected();
    void askDelete();
    void onWriteFinished(const QString &name, const secrets::SecretResult &result);
    void onRemoveFinished(const QString &name, const secrets::SecretResult &result);
    void onRenameFinished(const QString &oldName, const QString &newName,
                          const secrets::SecretResult &result);
    void onNameEdited(int row);
    void setNames(const QStringList &names); // row inserts/removes, no reset
    // detail: the keychain's own text, shown as the message's tooltip.
    void showError(const QString &message, const QString &detail = QString());
    void showNote(const QString &message);
    void updateState();
    QString selectedName() const;

    secrets::SecretStore *m_store;
    QStringListModel *m_model;
    QListView *m_list;
    QLineEdit *m_nameEdit;
    QLineEdit *m_valueEdit;
    QPushButton *m_addButton;
    QPushButton *m_renameButton;
    QPushButton *m_deleteButton;
    QLabel *m_hintLabel;   // about the fields being typed
    QLabel *m_statusLabel; // what the last operation did
    QLabel *m_errorLabel;
    QPointer<QMessageBox> m_confirm;
    QStringList m_names;
    bool m_syncing = false; // the model is being changed by setNames(), not by the user
};

} // namespace trainyard::ui
