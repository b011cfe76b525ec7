// SPDX-License-Identifier: MIT
#include "settings/cloudpage.h"

#include "cloud/apiclient.h"
#include "cloud/clouddefaults.h"
#include "cloud/credentials.h"
#include "cloud/vertexclient.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace trainyard::ui {

namespace {

const QString defaultRegion = QLatin1String(cloud::DefaultRegion);

QLabel *plainLabel(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

CloudPage::CloudPage(QWidget *parent)
    : QWidget(parent)
    , m_credentialsStatus(plainLabel(this, QStringLiteral("credentialsStatus")))
    , m_reloadButton(new QPushButton(tr("Look &again"), this))
    , m_projectEdit(new QLineEdit(this))
    , m_regionEdit(new QLineEdit(this))
    , m_testButton(new QPushButton(tr("&Test connection"), this))
    , m_testResult(plainLabel(this, QStringLiteral("testResult")))
{
    auto *intro = new QLabel(tr("Jobs submitted to Vertex AI use Application Default "
                                "Credentials, found as Google's own tools find them: the key "
                                "file named by GOOGLE_APPLICATION_CREDENTIALS, else the file "
                                "that gcloud writes."),
                             this);
    intro->setTextFormat(Qt::PlainText);
    intro->setWordWrap(true);

    m_reloadButton->setObjectName(QStringLiteral("reloadButton"));
    auto *credentialsBox = new QGroupBox(tr("Credentials"), this);
    auto *credentialsLayout = new QVBoxLayout(credentialsBox);
    credentialsLayout->addWidget(m_credentialsStatus);
    auto *reloadRow = new QHBoxLayout;
    reloadRow->addStretch(1);
    reloadRow->addWidget(m_reloadButton);
    credentialsLayout->addLayout(reloadRow);

    m_projectEdit->setObjectName(QStringLiteral("projectEdit"));
    m_projectEdit->setAccessibleName(tr("Project"));
    m_projectEdit->setPlaceholderText(tr("e.g. my-project"));
    m_regionEdit->setObjectName(QStringLiteral("regionEdit"));
    m_regionEdit->setAccessibleName(tr("Region"));
    m_regionEdit->setPlaceholderText(defaultRegion);
    m_testButton->setObjectName(QStringLiteral("testButton"));

    auto *connectionBox = new QGroupBox(tr("Vertex AI"), this);
    auto *form = new QFormLayout(connectionBox);
    auto *projectLabel = new QLabel(tr("&Project:"), connectionBox);
    projectLabel->setBuddy(m_projectEdit);
    form->addRow(projectLabel, m_projectEdit);
    auto *regionLabel = new QLabel(tr("&Region:"), connectionBox);
    regionLabel->setBuddy(m_regionEdit);
    form->addRow(regionLabel, m_regionEdit);
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_testButton);
    testRow->addStretch(1);
    form->addRow(testRow);
    form->addRow(m_testResult);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(credentialsBox);
    layout->addWidget(connectionBox);
    layout->addStretch(1);

    connect(m_reloadButton, &QPushButton::clicked, this, &CloudPage::reload);
    connect(m_testButton, &QPushButton::clicked, this, &CloudPage::testConnection);
    connect(m_projectEdit, &QLineEdit::textChanged, this, &CloudPage::save);
    connect(m_regionEdit, &QLineEdit::textChanged, this, &CloudPage::save);
    reload();
}

CloudPage::~CloudPage() = default;

void CloudPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    reload();
}

void CloudPage::reload()
{
    // Reading a small local key file; the network is not touched.
    const cloud::Credentials credentials = cloud::findDefaultCredentials();
    m_testContext.reset();
    m_vertex.reset();
    m_api.reset();
    m_haveCredentials = bool(credentials);
    if (credentials) {
        QStringList lines;
        lines << tr("Found: %1").arg(credentials.origin)
              << tr("Type: %1").arg(credentials.typeName());
        if (!credentials.account.isEmpty())
            lines << tr("Account: %1").arg(credentials.account);
        if (!credentials.projectId.isEmpty())
            lines << tr("Project of the credentials: %1").arg(credentials.projectId);
        m_credentialsStatus->setText(lines.join(QLatin1Char('\n')));
        m_api = std::make_unique<cloud::ApiClient>(credentials);
        m_vertex = std::make_unique<cloud::VertexClient>(m_api.get());
    } else {
        m_credentialsStatus->setText(credentials.errorMessage);
    }
    m_loading = true;
    // As the CLI's `ai` commands pick them (cloud/clouddefaults.h).
    const cloud::CloudDefaults chosen = cloud::readCloudDefaults();
    QString project = chosen.project;
    if (project.isEmpty() && credentials)
        project = cloud::defaultProject(credentials);
    if (m_projectEdit->text() != project)
        m_projectEdit->setText(project);
    const QString region = chosen.region.isEmpty() ? defaultRegion : chosen.region;
    if (m_regionEdit->text() != region)
        m_regionEdit->setText(region);
    m_loading = false;
    m_testResult->clear();
    updateTestButton();
}

void CloudPage::save()
{
    updateTestButton();
    if (m_loading)
        return;
    cloud::writeCloudLocation(m_projectEdit->text(), m_regionEdit->text());
}

void CloudPage::updateTestButton()
{
    m_testButton->setEnabled(m_haveCredentials && !m_testContext &&
                             !m_projectEdit->text().trimmed().isEmpty() &&
                             !m_regionEdit->text().trimmed().isEmpty());
}

void CloudPage::testConnection()
{
    if (!m_vertex || m_testContext)
        return;
    const QString project = m_projectEdit->text().trimmed();
    const QString region = m_regionEdit->text().trimmed();
    if (project.isEmpty() || region.isEmpty())
        return;
    m_testContext = std::make_unique<QObject>();
    m_testResult->setText(
        tr("Listing the custom jobs of %1…").arg(cloud::locationName(project, region)));
    updateTestButton();
    m_vertex->listJobs(
        project, region, QStringLiteral("customJobs"), {}, m_testContext.get(),
        [this, project, region](const QList<QJsonObject> &jobs, const QString &error) {
            const bool ok = error.isEmpty();
            if (ok)
                m_testResult->setText(
                    tr("Connected: %n custom job(s) in %1.", nullptr, int(jobs.size()))
                        .arg(cloud::locationName(project, region)));
            else
                m_testResult->setText(tr("Connection failed: %1").arg(error));
            // Deleted later: this runs inside a callback bound to the context.
            m_testContext.release()->deleteLater();
            updateTestButton();
            Q_EMIT connectionTested(ok);
        });
}

} // namespace trainyard::ui
