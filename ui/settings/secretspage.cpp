// SPDX-License-Identifier: MIT
#include "settings/secretspage.h"

#include "cloud/keychain/secretstore.h"

#include <QAbstractItemView>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QStringListModel>
#include <QVBoxLayout>

namespace trainyard::ui {

using secrets::SecretResult;
using secrets::SecretStore;

SecretsPage::SecretsPage(SecretStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new QStringListModel(this))
    , m_list(new QListView(this))
    , m_nameEdit(new QLineEdit(this))
    , m_valueEdit(new QLineEdit(this))
    , m_addButton(new QPushButton(tr("&Add"), this))
    , m_renameButton(new QPushButton(tr("&Rename"), this))
    , m_deleteButton(new QPushButton(tr("&Delete…"), this))
    , m_hintLabel(new QLabel(this))
    , m_statusLabel(new QLabel(this))
    , m_errorLabel(new QLabel(this))
{
    auto *intro = new QLabel(
        tr("Secrets are kept in the system keychain, never in job files or logs. A job's local "
           "environment refers to one by name, for example HF_TOKEN: {secret: hf}. Log lines "
           "that contain a secret's value are stored with the value masked."),
        this);
    intro->setTextFormat(Qt::PlainText);
    intro->setWordWrap(true);

    m_list->setObjectName(QStringLiteral("secretList"));
    m_list->setModel(m_model);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
    m_list->setAccessibleName(tr("Secret names"));

    m_renameButton->setObjectName(QStringLiteral("renameButton"));
    m_deleteButton->setObjectName(QStringLiteral("deleteButton"));
    auto *listButtons = new QVBoxLayout;
    listButtons->addWidget(m_renameButton);
    listButtons->addWidget(m_deleteButton);
    listButtons->addStretch(1);
    auto *listRow = new QHBoxLayout;
    listRow->addWidget(m_list, 1);
    listRow->addLayout(listButtons);

    m_nameEdit->setObjectName(QStringLiteral("nameEdit"));
    m_nameEdit->setPlaceholderText(tr("e.g. hf"));
    m_valueEdit->setObjectName(QStringLiteral("valueEdit"));
    m_valueEdit->setEchoMode(QLineEdit::Password);
    m_valueEdit->setAttribute(Qt::WA_InputMethodEnabled, false);
    m_addButton->setObjectName(QStringLiteral("addButton"));
    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_nameEdit);
    auto *valueRow = new QHBoxLayout;
    valueRow->addWidget(m_valueEdit, 1);
    valueRow->addWidget(m_addButton);
    auto *valueLabel = new QLabel(tr("&Value:"), this);
    valueLabel->setBuddy(m_valueEdit); // addRow(text, layout) would not set a buddy
    form->addRow(valueLabel, valueRow);

    m_hintLabel->setObjectName(QStringLiteral("hintLabel"));
    m_hintLabel->setTextFormat(Qt::PlainText);
    m_hintLabel->setWordWrap(true);
    m_statusLabel->setObjectName(QStringLiteral("statusLabel"));
    m_statusLabel->setTextFormat(Qt::PlainText);
    m_statusLabel->setWordWrap(true);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setTextFormat(Qt::PlainText);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setVisible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(listRow, 1);
    layout->addLayout(form);
    layout->addWidget(m_hintLabel);
    layout->addWidget(m_statusLabel);
    layout->addWidget(m_errorLabel);

    connect(m_addButton, &QPushButton::clicked, this, &SecretsPage::add);
    connect(m_valueEdit, &QLineEdit::returnPressed, this, &SecretsPage::add);
    connect(m_nameEdit, &QLineEdit::textChanged, this, &SecretsPage::updateState);
    connect(m_valueEdit, &QLineEdit::textChanged, this, &SecretsPage::updateState);
    connect(m_renameButton, &QPushButton::clicked, this, &SecretsPage::renameSelected);
    connect(m_deleteButton, &QPushButton::clicked, this, &SecretsPage::askDelete);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &SecretsPage::updateState);
    connect(m_model, &QStringListModel::dataChanged, this,
            [this](const QModelIndex &topLeft) { onNameEdited(topLeft.row()); });
    connect(m_store, &SecretStore::writeFinished, this, &SecretsPage::onWriteFinished);
    connect(m_store, &SecretStore::removeFinished, this, &SecretsPage::onRemoveFinished);
    connect(m_store, &SecretStore::renameFinished, this, &SecretsPage::onRenameFinished);
    connect(m_store, &SecretStore::namesChanged, this, &SecretsPage::refresh);

    refresh();
}

SecretsPage::~SecretsPage() = default;

QString SecretsPage::errorText() const
{
    return m_errorLabel->isVisible() ? m_errorLabel->text() : QString();
}

void SecretsPage::showEvent(QShowEvent *event)
{
    refresh();
    QWidget::showEvent(event);
}

void SecretsPage::refresh()
{
    setNames(m_store->names());
}

void SecretsPage::setNames(const QStringList &names)
{
    m_syncing = true;
    // Both lists are sorted: walk them together, removing and inserting rows.
    int row = 0;
    qsizetype next = 0;
    while (row < m_names.size() || next < names.size()) {
        if (next < names.size() && (row >= m_names.size() || names.at(next) < m_names.at(row))) {
            m_model->insertRows(row, 1);
            m_model->setData(m_model->index(row), names.at(next));
            m_names.insert(row, names.at(next));
            ++row;
            ++next;
        } else if (next >= names.size() || m_names.at(row) < names.at(next)) {
            m_model->removeRows(row, 1);
            m_names.removeAt(row);
        } else {
            if (m_model->index(row).data().toString() != m_names.at(row)) // an edit not taken
                m_model->setData(m_model->index(row), m_names.at(row));
            ++row;
            ++next;
        }
    }
    m_syncing = false;
    updateState();
}

QString SecretsPage::selectedName() const
{
    const QModelIndex current = m_list->currentIndex();
    if (!current.isValid() || current.row() >= m_names.size())
        return {};
    return m_names.at(current.row());
}

void SecretsPage::updateState()
{
    const bool idle = m_store->pendingOperations() == 0;
    const QString name = m_nameEdit->text().trimmed();
    const QString value = m_valueEdit->text();
    m_addButton->setEnabled(idle && SecretStore::isValidName(name) && !value.isEmpty());
    const bool selected = !selectedName().isEmpty();
    m_renameButton->setEnabled(idle && selected);
    m_deleteButton->setEnabled(idle && selected);

    if (!name.isEmpty() && !SecretStore::isValidName(name))
        m_hintLabel->setText(SecretStore::nameRule());
    else if (!value.isEmpty() && value.toUtf8().size() < secrets::MinimumMaskedLength)
        m_hintLabel->setText(name.isEmpty()
                                 ? tr("This value is shorter than %1 bytes: it would be stored, "
                                      "but not masked in logs.")
                                       .arg(secrets::MinimumMaskedLength)
                                 : SecretStore::shortValueWarning(name));
    else if (m_names.contains(name))
        m_hintLabel->setText(tr("Adding replaces the value of the secret \"%1\".").arg(name));
    else
        m_hintLabel->clear();
    m_hintLabel->setVisible(!m_hintLabel->text().isEmpty());
}

void SecretsPage::showError(const QString &message, const QString &detail)
{
    m_statusLabel->clear();
    m_errorLabel->setText(message);
    m_errorLabel->setToolTip(detail.isEmpty() ? QString() : tr("Keychain detail: %1").arg(detail));
    m_errorLabel->setVisible(!message.isEmpty());
}

void SecretsPage::showNote(const QString &message)
{
    showError(QString());
    m_statusLabel->setText(message);
}

void SecretsPage::add()
{
    if (!m_addButton->isEnabled())
        return;
    const QString name = m_nameEdit->text().trimmed();
    const QString value = m_valueEdit->text();
    m_valueEdit->clear(); // the value leaves the widget at once
    showError(QString());
    m_store->write(name, value);
    updateState();
}

void SecretsPage::onWriteFinished(const QString &name, const SecretResult &result)
{
    if (result) {
        m_nameEdit->clear();
        refresh();
        showNote(tr("The secret \"%1\" is stored in the keychain.").arg(name));
    } else {
        showError(tr("The secret \"%1\" could not be stored: %2").arg(name, result.errorString),
                  result.keychainDetail);
    }
    updateState();
}

void SecretsPage::renameSelected()
{
    const QModelIndex current = m_list->currentIndex();
    if (current.isValid())
        m_list->edit(current);
}

void SecretsPage::onNameEdited(int row)
{
    if (m_syncing || row < 0 || row >= m_names.size())
        return;
    const QString oldName = m_names.at(row);
    const QString newName = m_model->index(row).data().toString().trimmed();
    // Show the old name until the keychain has moved the value (or refused).
    m_syncing = true;
    m_model->setData(m_model->index(row), oldName);
    m_syncing = false;
    if (newName == oldName || newName.isEmpty())
        return;
    showError(QString());
    m_store->rename(oldName, newName);
    updateState();
}

void SecretsPage::onRenameFinished(const QString &oldName, const QString &newName,
                                   const SecretResult &result)
{
    refresh();
    if (result)
        showNote(tr("The secret \"%1\" is now \"%2\".").arg(oldName, newName));
    else
        showError(tr("The secret \"%1\" could not be renamed to \"%2\": %3")
                      .arg(oldName, newName, result.errorString),
                  result.keychainDetail);
    updateState();
}

void SecretsPage::askDelete()
{
    const QString name = selectedName();
    if (name.isEmpty() || m_confirm)
        return;
    // Window-modal and asynchronous (open(), not exec()): no nested event loop.
    auto *box = new QMessageBox(
        QMessageBox::Question, tr("Delete Secret"),
        tr("Delete the secret \"%1\" from the keychain? Jobs that use it will not start until "
           "it is set again.")
            .arg(name),
        QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setTextFormat(Qt::PlainText);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    m_confirm = box;
    connect(box, &QMessageBox::buttonClicked, this, [this, box, name](QAbstractButton *button) {
        if (box->standardButton(button) != QMessageBox::Yes)
            return;
        showError(QString());
        m_store->remove(name);
        updateState();
    });
    box->open();
}

void SecretsPage::onRemoveFinished(const QString &name, const SecretResult &result)
{
    refresh();
    if (result)
        showNote(tr("The secret \"%1\" is deleted.").arg(name));
    else
        showError(tr("The secret \"%1\" could not be deleted: %2").arg(name, result.errorString),
                  result.keychainDetail);
    updateState();
}

} // namespace trainyard::ui
