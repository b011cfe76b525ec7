// SPDX-License-Identifier: MIT
#include "wizard/vertexsubmitdialog.h"

#include "cloud/apiclient.h"
#include "cloud/clouddefaults.h"
#include "cloud/credentials.h"
#include "cloud/resourcename.h"
#include "cloud/vertexrequest.h"
#include "store/jobstore.h"
#include "text/plaintext.h"
#include "wizard/fieldmessage.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace trainyard::ui::wizard {

namespace {

QLabel *plainLabel(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

void showMessage(FieldMessage *message, const QString &text)
{
    message->clear();
    if (!text.isEmpty()) {
        jobspec::Diagnostic d;
        d.message = text;
        message->add(d);
    }
    message->apply();
}

} // namespace

VertexSubmitDialog::VertexSubmitDialog(const catalog::Catalog &catalog, const jobspec::Job &job,
                                       const QString &baseDirectory, const QString &storeRoot,
                                       QWidget *parent)
    : QDialog(parent)
    , m_catalog(catalog)
    , m_job(job)
    , m_baseDirectory(baseDirectory)
    , m_storeRoot(storeRoot)
    , m_project(new QLineEdit(this))
    , m_region(new QLineEdit(this))
    , m_bucket(new QLineEdit(this))
    , m_serviceAccount(new QLineEdit(this))
    , m_projectMessage(new FieldMessage(m_project, this))
    , m_regionMessage(new FieldMessage(m_region, this))
    , m_bucketMessage(new FieldMessage(m_bucket, this))
    , m_serviceAccountMessage(new FieldMessage(m_serviceAccount, this))
    , m_credentials(plainLabel(this, QStringLiteral("credentialsLabel")))
    , m_progressText(plainLabel(this, QStringLiteral("progressLabel")))
    , m_progress(new QProgressBar(this))
    , m_result(plainLabel(this, QStringLiteral("resultLabel")))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
{
    setWindowTitle(tr("Submit to Vertex AI"));
    setObjectName(QStringLiteral("vertexSubmitDialog"));
    m_project->setObjectName(QStringLiteral("projectEdit"));
    m_region->setObjectName(QStringLiteral("regionEdit"));
    m_bucket->setObjectName(QStringLiteral("bucketEdit"));
    m_serviceAccount->setObjectName(QStringLiteral("serviceAccountEdit"));
    m_projectMessage->setObjectName(QStringLiteral("projectMessage"));
    m_regionMessage->setObjectName(QStringLiteral("regionMessage"));
    m_bucketMessage->setObjectName(QStringLiteral("bucketMessage"));
    m_serviceAccountMessage->setObjectName(QStringLiteral("serviceAccountMessage"));
    m_project->setAccessibleName(tr("Project"));
    m_region->setAccessibleName(tr("Region"));
    m_bucket->setAccessibleName(tr("Staging bucket"));
    m_serviceAccount->setAccessibleName(tr("Service account"));
    m_project->setPlaceholderText(tr("e.g. my-project"));
    m_region->setPlaceholderText(QStringLiteral("us-central1"));
    m_bucket->setPlaceholderText(tr("gs://BUCKET[/PATH]"));
    m_serviceAccount->setPlaceholderText(tr("optional: NAME@PROJECT.iam.gserviceaccount.com"));

    const cloud::Credentials credentials = cloud::findDefaultCredentials();
    m_haveCredentials = bool(credentials);
    if (credentials) {
        m_credentials->setText(
            credentials.account.isEmpty()
                ? tr("Credentials: %1 (%2)").arg(credentials.origin, credentials.typeName())
                : tr("Credentials: %1 (%2, %3)")
                      .arg(credentials.origin, credentials.typeName(), credentials.account));
    } else {
        m_credentials->setText(credentials.errorMessage);
    }

    // As the CLI's `ai custom-jobs create` picks them (cloud/clouddefaults.h).
    const cloud::CloudDefaults chosen = cloud::readCloudDefaults();
    m_project->setText(credentials ? cloud::resolveProject({}, credentials) : chosen.project);
    const QString region = cloud::resolveRegion({}, job.trainingInput.region);
    m_region->setText(region.isEmpty() ? QLatin1String(cloud::DefaultRegion) : region);
    m_bucket->setText(chosen.stagingBucket);
    m_serviceAccount->setText(chosen.serviceAccount);

    auto *intro = plainLabel(this, QStringLiteral("introLabel"));
    intro->setText(
        job.local.packagePath.isEmpty()
            ? tr("The job %1 is created as a Vertex AI CustomJob with the packages its spec "
                 "names.")
                  .arg(job.jobId)
            : tr("The package %1 is built as a source distribution and uploaded to the staging "
                 "bucket (once per content), then the job %2 is created as a Vertex AI "
                 "CustomJob.")
                  .arg(QDir::toNativeSeparators(job.local.packagePath), job.jobId));

    auto *form = new QFormLayout;
    const auto addField = [this, form](const QString &label, QLineEdit *edit,
                                       FieldMessage *message) {
        auto *l = new QLabel(label, this);
        l->setBuddy(edit);
        form->addRow(l, edit);
        form->addRow(QString(), message);
    };
    addField(tr("&Project:"), m_project, m_projectMessage);
    addField(tr("&Region:"), m_region, m_regionMessage);
    addField(tr("&Staging bucket:"), m_bucket, m_bucketMessage);
    addField(tr("Service &account:"), m_serviceAccount, m_serviceAccountMessage);

    m_progress->setObjectName(QStringLiteral("progressBar"));
    m_progress->setRange(0, 100);
    m_progress->hide();
    m_progressText->hide();
    m_submitButton = m_buttons->addButton(tr("Su&bmit"), QDialogButtonBox::AcceptRole);
    m_submitButton->setObjectName(QStringLiteral("submitButton"));
    m_submitButton->setDefault(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_credentials);
    layout->addLayout(form);
    layout->addWidget(m_progressText);
    layout->addWidget(m_progress);
    layout->addWidget(m_result);
    layout->addStretch(1);
    layout->addWidget(m_buttons);

    for (QLineEdit *edit : {m_project, m_region, m_bucket, m_serviceAccount})
        connect(edit, &QLineEdit::textChanged, this, [this] { validateFields(); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &VertexSubmitDialog::submit);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &VertexSubmitDialog::reject);
    validateFields();
    resize(620, 460);
}

VertexSubmitDialog::~VertexSubmitDialog() = default;

QString VertexSubmitDialog::resultText() const
{
    return m_result->text();
}

bool VertexSubmitDialog::validateFields()
{
    static const QRegularExpression bucketRe(QStringLiteral("^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$"));
    static const QRegularExpression emailRe(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));

    const QString project = m_project->text().trimmed();
    QString projectError;
    if (project.isEmpty())
        projectError = tr("A project ID is required.");
    else if (!cloud::isProject(project))
        projectError = tr("'%1' is not a project ID: 6 to 30 lowercase letters, digits and "
                          "hyphens, starting with a letter.")
                           .arg(project);
    showMessage(m_projectMessage, projectError);

    const QString region = m_region->text().trimmed();
    QString regionError;
    if (region.isEmpty())
        regionError = tr("A region is required, e.g. us-central1.");
    else if (!cloud::isRegion(region))
        regionError = tr("'%1' is not a region name such as us-central1.").arg(region);
    showMessage(m_regionMessage, regionError);

    const QString bucketUri = m_bucket->text().trimmed();
    QString bucketError;
    // Local archives among the spec's packages are staged as they are, beside the package dir.
    const bool localArchives = cloud::hasLocalArchives(m_job.trainingInput.packageUris);
    const bool hasPackage = !m_job.local.packagePath.isEmpty() || localArchives;
    if (bucketUri.isEmpty()) {
        if (localArchives || (hasPackage && m_job.trainingInput.packageUris.isEmpty()))
            bucketError = tr("A staging bucket is required to upload the package.");
    } else {
        QString bucket;
        QString prefix;
        if (!cloud::parseStagingBucket(bucketUri, &bucket, &prefix))
            bucketError = tr("The staging bucket must be gs://BUCKET[/PATH].");
        else if (!bucketRe.match(bucket).hasMatch())
            bucketError = tr("'%1' is not a bucket name: 3 to 63 lowercase letters, digits, "
                             "dots, hyphens and underscores.")
                              .arg(bucket);
        else if (!hasPackage)
            bucketError = tr("The spec has no package directory to stage "
                             "(trainyardLocal.packagePath); leave the bucket empty.");
    }
    showMessage(m_bucketMessage, bucketError);

    const QString account = m_serviceAccount->text().trimmed();
    QString accountError;
    if (!account.isEmpty() && !emailRe.match(account).hasMatch())
        accountError = tr("'%1' is not a service account e-mail address.").arg(account);
    showMessage(m_serviceAccountMessage, accountError);

    const bool ok = projectError.isEmpty() && regionError.isEmpty() && bucketError.isEmpty() &&
                    accountError.isEmpty();
    m_submitButton->setEnabled(ok && m_haveCredentials && !m_submitting);
    return ok;
}

void VertexSubmitDialog::showProgress(const QString &text, int percent)
{
    m_progressText->setText(text);
    m_progressText->show();
    m_progress->setVisible(percent >= 0);
    if (percent >= 0)
        m_progress->setValue(percent);
}

void VertexSubmitDialog::submit()
{
    if (m_submitting || !validateFields() || !m_haveCredentials)
        return;
    const QString project = m_project->text().trimmed();
    const QString region = m_region->text().trimmed();
    const QString bucketUri = m_bucket->text().trimmed();
    const QString account = m_serviceAccount->text().trimmed();
    cloud::writeCloudDefaults({project, region, bucketUri, account});

    // The request as `ai custom-jobs create` makes it (CPU only: no waiting).
    jobspec::Job job = m_job;
    job.trainingInput.region = region;
    cloud::VertexRequest request;
    const jobspec::Diagnostics diags = cloud::buildVertexJob(job, m_catalog, nullptr, &request);
    QStringList problems;
    for (const jobspec::Diagnostic &d : diags) {
        if (d.isError())
            problems << (d.field.isEmpty() ? d.message
                                           : d.field + QStringLiteral(": ") + d.message);
    }
    if (!problems.isEmpty()) {
        m_result->setText(text::plainText(
            tr("Not submitted: the spec has errors.\n%1").arg(problems.join(QLatin1Char('\n'))),
            text::Newlines::Keep));
        Q_EMIT submitFailed(m_result->text());
        return;
    }
    request.project = project;
    request.region = region;
    request.serviceAccount = account;
    // The same staging as `ai custom-jobs create`: local archives as they are, then the
    // package dir's sdist; the spec's gs:// URIs give way to them.
    request.stagingBucket = bucketUri;
    if (!bucketUri.isEmpty()) {
        request.packages = job.trainingInput.packageUris;
        request.packageDir = job.local.packagePath;
        request.baseDir = m_baseDirectory;
    }
    const bool staging = !request.packageDir.isEmpty();

    m_submitting = true;
    m_result->clear();
    m_submitButton->setEnabled(false);
    m_buttons->button(QDialogButtonBox::Close)->setEnabled(false);
    for (QLineEdit *edit : {m_project, m_region, m_bucket, m_serviceAccount})
        edit->setReadOnly(true);
    showProgress(staging ? tr("Building the package…") : tr("Submitting…"), -1);

    // Progress from the worker reaches the dialog through a relay of the GUI thread; the relay
    // goes when both are done with it (deleteLater is safe from any thread).
    const std::shared_ptr<QObject> relay(new QObject, [](QObject *o) { o->deleteLater(); });
    const QPointer<VertexSubmitDialog> self(this);
    const auto post = [relay, self](const std::function<void(VertexSubmitDialog *)> &f) {
        QMetaObject::invokeMethod(
            relay.get(),
            [self, f] {
                if (self)
                    f(self);
            },
            Qt::QueuedConnection);
    };
    const QString storeRoot = m_storeRoot;
    auto work = [=]() -> Outcome {
        Outcome outcome;
        // Everything network-bound lives in this thread.
        const cloud::Credentials credentials = cloud::findDefaultCredentials();
        if (!credentials) {
            outcome.errorMessage = credentials.errorMessage;
            return outcome;
        }
        cloud::ApiClient api(credentials);
        int lastPercent = -1;
        cloud::StageEvents events;
        events.progress = [&lastPercent, post](const QString &fileName, qint64 sent, qint64 total) {
            const int percent = total > 0 ? int(sent * 100 / total) : 100;
            if (percent == lastPercent)
                return;
            lastPercent = percent;
            post([fileName, percent](VertexSubmitDialog *d) {
                d->showProgress(tr("Uploading %1: %2%").arg(fileName).arg(percent), percent);
            });
        };
        events.staged = [&lastPercent, post](const cloud::StagedFile &staged) {
            lastPercent = -1;
            const QString uri = staged.uri;
            const bool uploaded = staged.uploaded;
            post([uri, uploaded](VertexSubmitDialog *d) {
                d->showProgress(uploaded ? tr("Uploaded %1. Submitting…").arg(uri)
                                         : tr("%1 is staged already; not uploaded again. "
                                              "Submitting…")
                                               .arg(uri),
                                100);
            });
        };
        store::JobStore store(storeRoot.isEmpty() ? store::JobStore::defaultRoot() : storeRoot);
        const cloud::SubmitResult r = cloud::submitVertexRequest(&api, store, job, request, events);
        outcome.localId = r.localId;
        outcome.resourceName = r.resourceName;
        outcome.errorMessage = r.errorMessage;
        return outcome;
    };
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        finish(outcome);
    });
    watcher->setFuture(QtConcurrent::run(work));
}

void VertexSubmitDialog::finish(const Outcome &outcome)
{
    m_submitting = false;
    m_buttons->button(QDialogButtonBox::Close)->setEnabled(true);
    for (QLineEdit *edit : {m_project, m_region, m_bucket, m_serviceAccount})
        edit->setReadOnly(false);
    m_progress->hide();
    m_progressText->hide();
    if (outcome.errorMessage.isEmpty()) {
        m_result->setText(text::plainText(tr("Submitted: %1\nThe job list shows it as %2.")
                                              .arg(outcome.resourceName, outcome.localId),
                                          text::Newlines::Keep));
        m_submitButton->setEnabled(false); // submitted once; Close remains
        Q_EMIT submitted(outcome.localId, outcome.resourceName);
    } else {
        m_result->setText(text::plainText(
            outcome.localId.isEmpty()
                ? tr("Not submitted: %1").arg(outcome.errorMessage)
                : tr("Not submitted: %1\nThe record %2 keeps the attempt; submit again to retry.")
                      .arg(outcome.errorMessage, outcome.localId),
            text::Newlines::Keep));
        validateFields();
        Q_EMIT submitFailed(outcome.errorMessage);
    }
}

void VertexSubmitDialog::reject()
{
    if (m_submitting)
        return; // the submit finishes first (the record must not be left half-written)
    QDialog::reject();
}

} // namespace trainyard::ui::wizard
