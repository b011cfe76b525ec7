// SPDX-License-Identifier: MIT
#include "settings/settingsdialog.h"

#include "cloud/keychain/secretstore.h"
#include "settings/cloudpage.h"
#include "settings/localrunspage.h"
#include "settings/metricpatternspage.h"
#include "settings/secretspage.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace trainyard::ui {

SettingsDialog::SettingsDialog(secrets::SecretStore *store, QWidget *parent)
    : QDialog(parent)
    , m_tabs(new QTabWidget(this))
{
    setWindowTitle(tr("Settings"));
    setObjectName(QStringLiteral("settingsDialog"));
    if (!store)
        store = new secrets::SecretStore(this);
    m_secrets = new SecretsPage(store, this);
    m_tabs->addTab(m_secrets, tr("&Secrets"));
    m_localRuns = new LocalRunsPage(this);
    m_localRuns->setObjectName(QStringLiteral("localRunsPage"));
    m_tabs->addTab(m_localRuns, tr("&Local runs"));
    auto *metrics = new MetricPatternsPage(this);
    metrics->setObjectName(QStringLiteral("metricPatternsPage"));
    m_tabs->addTab(metrics, tr("&Metrics"));
    auto *cloudPage = new CloudPage(this);
    cloudPage->setObjectName(QStringLiteral("cloudPage"));
    m_tabs->addTab(cloudPage, tr("&Google Cloud"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(buttons);
    resize(660, 580);
}

SettingsDialog::~SettingsDialog() = default;

SettingsDialog *SettingsDialog::showFor(QWidget *owner)
{
    auto *dialog = owner->findChild<SettingsDialog *>(QString(), Qt::FindDirectChildrenOnly);
    if (!dialog)
        dialog = new SettingsDialog(nullptr, owner);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

} // namespace trainyard::ui
