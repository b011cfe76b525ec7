// SPDX-License-Identifier: MIT
#include "wizard/jobwizard.h"

#include "gpu/gpusampler.h"
#include "jobactions/jobactions.h"
#include "jobspec/yamlio.h"
#include "mainwindow/screenfit.h"
#include "store/atomicwrite.h"
#include "store/jobstore.h"
#include "threads/offthread.h"
#include "wizard/clusterpage.h"
#include "wizard/fieldmessage.h"
#include "wizard/hyperparampage.h"
#include "wizard/jobpage.h"
#include "wizard/regionpage.h"
#include "wizard/reviewpage.h"
#include "wizard/trainerpage.h"
#include "wizard/vertexsubmitdialog.h"
#include "wizard/wizardfields.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QStandardPaths>
#include <QTimer>

namespace trainyard::ui::wizard {

namespace {

// `prefix` covers `field` when equal, or when the field continues with '.' or '['.
bool covers(const QString &prefix, const QString &field)
{
    if (!field.startsWith(prefix))
        return false;
    if (field.size() == prefix.size())
        return true;
    const QChar next = field.at(prefix.size());
    return next == QLatin1Char('.') || next == QLatin1Char('[');
}

} // namespace

JobWizard::JobWizard(const catalog::Catalog &catalog, QWidget *parent)
    : QWizard(parent)
    , m_catalog(catalog)
    , m_jobPage(new JobPage(this))
    , m_trainerPage(new TrainerPage(this))
    , m_clusterPage(new ClusterPage(catalog, this))
    , m_regionPage(new RegionPage(catalog, this))
    , m_hyperPage(new HyperparameterPage(this))
    , m_reviewPage(new ReviewPage(catalog, this))
    , m_validateTimer(new QTimer(this))
    , m_storeRoot(store::JobStore::defaultRoot())
    , m_actions(new jobactions::JobActions(m_storeRoot, this))
{
    m_actions->setCatalog(&m_catalog);
    setWindowTitle(tr("New training job"));
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::NoCancelButtonOnLastPage, false);
    setPage(JobPageId, m_jobPage);
    setPage(TrainerPageId, m_trainerPage);
    setPage(ClusterPageId, m_clusterPage);
    setPage(RegionPageId, m_regionPage);
    setPage(HyperparameterPageId, m_hyperPage);
    setPage(ReviewPageId, m_reviewPage);
    setStartId(JobPageId);
    resizeToScreen(this, QSize(1100, 760));

    // The last page's default action runs the job; Save and Submit sit beside it, and no button
    // closes the wizard without acting (Cancel asks when something would be lost).
    setButtonText(QWizard::FinishButton, tr("&Run locally"));
    button(QWizard::FinishButton)->setToolTip(m_reviewPage->runButton()->toolTip());
    m_reviewPage->runButton()->hide();
    setOption(QWizard::HaveCustomButton1);
    setOption(QWizard::HaveCustomButton2);
    setButton(QWizard::CustomButton1, m_reviewPage->saveButton());
    setButton(QWizard::CustomButton2, m_reviewPage->vertexSubmitButton());
    setButtonLayout({QWizard::Stretch, QWizard::CustomButton1, QWizard::CustomButton2,
                     QWizard::BackButton, QWizard::NextButton, QWizard::FinishButton,
                     QWizard::CancelButton});
    connect(this, &QWizard::currentIdChanged, this, [this] {
        updateLastPageButtons();
        focusFirstField();
    });
    // Ctrl+W closes like Escape (asking first when something would be lost).
    auto *closeShortcut = new QShortcut(QKeySequence::Close, this);
    connect(closeShortcut, &QShortcut::activated, this, &QWidget::close);
    connect(this, &JobWizard::cloudJobSubmitted, this, [this] {
        m_pristine = exportedJob();
        QFile::remove(draftPath());
    });

    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(0);
    connect(m_validateTimer, &QTimer::timeout, this, &JobWizard::runValidation);
    for (WizardPage *page : pages())
        connect(page, &WizardPage::edited, this, [this, page] { onPageEdited(page); });
    connect(m_reviewPage, &ReviewPage::saveRequested, this, [this] { saveWithDialog(true); });
    connect(m_reviewPage, &ReviewPage::exportRequested, this, [this] { saveWithDialog(false); });
    connect(m_reviewPage, &ReviewPage::vertexSubmitRequested, this, [this] { openVertexSubmit(); });
    // This machine's GPUs, read once off the GUI thread (NVML can take a moment to start).
    threads::offThread(this, &gpu::readInventory, [this](const gpu::GpuInventory &inventory) {
        m_clusterPage->setMachineGpus(inventory);
        m_reviewPage->setMachineGpus(inventory);
        m_actions->setInventory(inventory);
        m_inventoryKnown = true;
    });
    connect(m_reviewPage, &ReviewPage::runRequested, this, [this] {
        QString error;
        if (!runLocally(&error))
            m_reviewPage->setStatus(error, true);
    });
    connectJobActions();

    // A new job starts from the values used last time.
    const QSettings settings;
    const QString packageDir = settings.value(settings::packageDir).toString();
    // Only an absolute directory: a relative one would resolve against wherever the app runs.
    if (QDir::isAbsolutePath(packageDir))
        m_trainerPage->packageDirEdit()->setText(QDir::toNativeSeparators(packageDir));
    m_regionPage->applyDefaults();
    scheduleValidation();
    updateLastPageButtons();
    m_pristine = exportedJob();
}

JobWizard::~JobWizard() = default;

void JobWizard::setStoreRoot(const QString &root)
{
    m_storeRoot = root;
    m_actions->setStoreRoot(root);
}

void JobWizard::setOwnerProgram(const QString &program)
{
    m_actions->setOwnerProgram(program);
}

VertexSubmitDialog *JobWizard::openVertexSubmit()
{
    const QString base =
        m_fileName.isEmpty() ? QDir::currentPath() : QFileInfo(m_fileName).absolutePath();
    auto *dialog = new VertexSubmitDialog(m_catalog, job(), base, m_storeRoot, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &VertexSubmitDialog::submitted, this, &JobWizard::cloudJobSubmitted);
    dialog->open();
    return dialog;
}

QList<WizardPage *> JobWizard::pages() const
{
    return {m_jobPage, m_trainerPage, m_clusterPage, m_regionPage, m_hyperPage, m_reviewPage};
}

void JobWizard::setExistingJobIds(const QSet<QString> &ids)
{
    m_options.existingJobIds = ids;
    m_jobPage->setExistingJobIds(ids);
    m_actions->setExistingJobIds(ids);
    scheduleValidation();
}

validation::Target JobWizard::target() const
{
    return m_regionPage->localOnly() ? validation::Target::Local : validation::Target::Cloud;
}

void JobWizard::loadJob(const jobspec::Job &job, const jobspec::SourceMap &sources,
                        const jobspec::Diagnostics &diagnostics)
{
    m_loading = true;
    m_base = job;
    m_sources = sources;
    m_fileName = sources.fileName;
    m_savedFileName.clear();
    m_trainerPage->setBaseDirectory(m_fileName.isEmpty() ? QString()
                                                         : QFileInfo(m_fileName).absolutePath());
    for (WizardPage *page : pages())
        page->load(job);
    m_loading = false;

    m_importNotes.clear();
    for (jobspec::Diagnostic d : diagnostics) {
        const auto [page, message] = route(d.field);
        // A key no field of the wizard holds (unknown, misplaced, or a value that did not
        // import) is not part of the job the wizard edits: the user is told, and can go on
        // with that job, which the file's error no longer concerns. (`validate` still fails.)
        if (d.isError() && !d.field.isEmpty() && !message) {
            d.severity = jobspec::Severity::Warning;
            d.message = tr("%1 (left out: the job in the wizard does not have it)").arg(d.message);
        }
        m_importNotes.append({page == m_reviewPage ? m_jobPage : page, d});
    }
    if (!m_fileName.isEmpty())
        setWindowTitle(tr("Training job from %1").arg(QFileInfo(m_fileName).fileName()));
    restart();
    validateNow();
    // A loaded job's problems show at once, touched or not.
    for (WizardPage *page : pages())
        page->revealAll();
    m_pristine = exportedJob();
}

QByteArray JobWizard::exportedJob() const
{
    return jobspec::exportYaml(job(), jobspec::ExportScope::WithLocal);
}

QString JobWizard::draftPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/wizard-draft.yaml");
}

bool JobWizard::keepDraft(QString *error)
{
    const QString path = draftPath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (const store::WriteResult written = store::writeFileAtomically(path, exportedJob());
        !written) {
        if (error)
            *error = tr("Could not keep the draft in %1: %2")
                         .arg(QDir::toNativeSeparators(path), written.errorMessage);
        return false;
    }
    return true;
}

bool JobWizard::restoreDraft()
{
    QFile file(draftPath());
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const jobspec::ImportResult imported = jobspec::importJob(file.readAll(), QString());
    loadJob(imported.job, {}, imported.diagnostics);
    m_pristine.clear(); // still unsent: closing asks again
    setWindowTitle(tr("New training job (the draft you left)"));
    return true;
}

bool JobWizard::openFile(const QString &path)
{
    bool unreadable = false;
    jobspec::ImportResult imported = jobspec::importJobFile(path, &unreadable);
    imported.sources.fileName = path;
    loadJob(imported.job, imported.sources, imported.diagnostics);
    return !unreadable;
}

void JobWizard::loadGcloudImport(const exporters::GcloudImport &imported,
                                 const QString &baseDirectory)
{
    // What the command itself caused (ignored flags, unset variables) has no field of the spec:
    // name the flag or the command instead, so the page summary says where it comes from.
    jobspec::Diagnostics diagnostics = imported.import.diagnostics;
    for (jobspec::Diagnostic &d : diagnostics) {
        if (d.field.isEmpty())
            d.field = d.origin;
    }
    // gcloud resolves --package-path against the command's working directory.
    jobspec::Job job = imported.import.job;
    if (!baseDirectory.isEmpty() && !job.local.packagePath.isEmpty() &&
        !QDir::isAbsolutePath(job.local.packagePath))
        job.local.packagePath =
            QDir::cleanPath(QDir(baseDirectory).filePath(job.local.packagePath));
    loadJob(job, imported.import.sources, diagnostics);
    if (!baseDirectory.isEmpty())
        m_trainerPage->setBaseDirectory(baseDirectory);
    setWindowTitle(imported.command.jobId.isEmpty()
                       ? tr("Training job from a gcloud command")
                       : tr("Training job %1 from a gcloud command").arg(imported.command.jobId));
}

jobspec::Job JobWizard::job() const
{
    jobspec::Job job = m_base;
    for (WizardPage *page : pages())
        page->store(job);
    return job;
}

void JobWizard::scheduleValidation()
{
    m_validateTimer->start();
}

void JobWizard::validateNow()
{
    m_validateTimer->stop();
    runValidation();
}

void JobWizard::onPageEdited(WizardPage *page)
{
    if (m_loading)
        return;
    // The file's own problems stay until the user changes something on their page.
    m_importNotes.erase(std::remove_if(m_importNotes.begin(), m_importNotes.end(),
                                       [page](const ImportNote &n) { return n.page == page; }),
                        m_importNotes.end());
    m_savedFileName.clear();
    m_reviewPage->setStatus(QString(), false);
    // The user works on this page: its problems show (a machine type that no longer takes the
    // chosen GPU count), not only those of the fields touched so far.
    m_revealPending.insert(page);
    scheduleValidation();
}

std::pair<WizardPage *, FieldMessage *> JobWizard::route(const QString &field) const
{
    WizardPage *bestPage = m_reviewPage;
    FieldMessage *bestMessage = nullptr;
    qsizetype bestLength = -1;
    for (WizardPage *page : pages()) {
        for (const WizardPage::Binding &b : page->bindings()) {
            if (b.prefix.size() > bestLength && covers(b.prefix, field)) {
                bestLength = b.prefix.size();
                bestPage = page;
                bestMessage = b.message;
            }
        }
    }
    return {bestPage, bestMessage};
}

void JobWizard::runValidation()
{
    const jobspec::Job current = job();
    validation::Options options = m_options;
    options.target = target();
    const jobspec::Diagnostics found =
        validation::validate(current, m_catalog, options, &m_sources);
    m_diagnostics.clear();
    for (const ImportNote &n : std::as_const(m_importNotes))
        m_diagnostics.append(n.diagnostic);
    m_diagnostics.append(found);

    m_cloudOnly.clear();
    if (options.target == validation::Target::Local) {
        options.target = validation::Target::Cloud;
        const jobspec::Diagnostics cloud = validation::validate(current, m_catalog, options);
        for (const jobspec::Diagnostic &d : cloud) {
            if (d.isError())
                m_cloudOnly.append(d);
        }
    }

    for (WizardPage *page : pages())
        page->clearDiagnostics();
    const auto show = [this](WizardPage *page, FieldMessage *message,
                             const jobspec::Diagnostic &d) {
        if (page != m_reviewPage)
            page->addDiagnostic(d, message);
        m_reviewPage->addDiagnostic(d, nullptr); // the review lists everything
    };
    for (const ImportNote &n : std::as_const(m_importNotes)) {
        // A problem of the file that no field shows (a syntax error, an unknown key) is shown
        // on the page the user sees first.
        const auto [page, message] = route(n.diagnostic.field);
        show(page == m_reviewPage ? n.page : page, message, n.diagnostic);
    }
    for (const jobspec::Diagnostic &d : found) {
        const auto [page, message] = route(d.field);
        show(page, message, d);
    }
    for (WizardPage *page : pages())
        page->applyDiagnostics();
    for (WizardPage *page : std::as_const(m_revealPending))
        page->revealAll();
    m_revealPending.clear();

    m_regionPage->setJobAccelerators(RegionPage::usedAccelerators(current, m_catalog));
    if (currentId() == ReviewPageId)
        refreshReview();
    Q_EMIT validated();
}

void JobWizard::refreshReview()
{
    m_reviewPage->showJob(job(), m_cloudOnly,
                          m_savedFileName.isEmpty() ? QString()
                                                    : QFileInfo(m_savedFileName).fileName());
}

void JobWizard::initializePage(int id)
{
    QWizard::initializePage(id);
    if (id == ReviewPageId)
        refreshReview();
}

void JobWizard::done(int result)
{
    if (result == QDialog::Accepted) {
        // Finish is "Run locally": the wizard closes once the job has started.
        QString error;
        if (!runLocally(&error))
            m_reviewPage->setStatus(error, true);
        return;
    }
    if (!m_closing && isVisible() && isModified()) {
        askBeforeClosing();
        return;
    }
    QWizard::done(result);
}

void JobWizard::askBeforeClosing()
{
    if (findChild<QMessageBox *>(QStringLiteral("closeQuestion")))
        return;
    const QString id = m_jobPage->jobIdEdit()->text();
    auto *box = new QMessageBox(
        QMessageBox::Question, tr("Close the job wizard"),
        id.isEmpty() ? tr("This job has not been run, saved or submitted.")
                     : tr("The job %1 has not been run, saved or submitted.").arg(id),
        QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("closeQuestion"));
    box->setTextFormat(Qt::PlainText);
    box->setInformativeText(tr("A draft comes back the next time you start a new job."));
    QPushButton *keep = box->addButton(tr("&Keep as draft"), QMessageBox::AcceptRole);
    QPushButton *discard = box->addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    QPushButton *stay = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(keep);
    box->setEscapeButton(stay);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, keep, discard](QAbstractButton *b) {
        if (b == keep) {
            QString error;
            if (!keepDraft(&error)) {
                m_reviewPage->setStatus(error, true);
                QMessageBox::warning(this, tr("Close the job wizard"), error);
                return;
            }
            closeConfirmed();
        } else if (b == discard) {
            QFile::remove(draftPath());
            closeConfirmed();
        }
    });
    box->open();
}

void JobWizard::closeConfirmed()
{
    m_closing = true;
    QWizard::done(QDialog::Rejected);
}

void JobWizard::finishAccepted()
{
    rememberValues();
    QFile::remove(draftPath());
    m_pristine = exportedJob();
    QWizard::done(QDialog::Accepted);
}

void JobWizard::showEvent(QShowEvent *event)
{
    QWizard::showEvent(event);
    focusFirstField();
}

void JobWizard::updateLastPageButtons()
{
    const bool last = currentId() == ReviewPageId;
    for (QWizard::WizardButton which : {QWizard::CustomButton1, QWizard::CustomButton2}) {
        if (QAbstractButton *b = button(which))
            b->setVisible(last);
    }
}

// Focus goes to the page's first field, not to its scroll area or the wizard's buttons.
void JobWizard::focusFirstField()
{
    QWidget *page = currentPage();
    if (!page)
        return;
    QWidget *w = page->nextInFocusChain();
    for (int guard = 0; w && w != page && guard < 1000; w = w->nextInFocusChain(), ++guard) {
        if (!page->isAncestorOf(w) || !(w->focusPolicy() & Qt::TabFocus) || !w->isEnabled() ||
            !w->isVisibleTo(page) || qobject_cast<QScrollArea *>(w))
            continue;
        w->setFocus(Qt::TabFocusReason);
        return;
    }
}

void JobWizard::rememberValues() const
{
    const jobspec::Job j = job();
    QSettings settings;
    const auto remember = [&settings](QLatin1String key, const QString &value) {
        if (!value.isEmpty())
            settings.setValue(key, value);
    };
    remember(settings::region, j.trainingInput.region);
    remember(settings::runtimeVersion, j.trainingInput.runtimeVersion);
    remember(settings::pythonVersion, j.trainingInput.pythonVersion);
    remember(settings::packageDir, j.local.packagePath);
}

bool JobWizard::saveTo(const QString &path, bool withLocal, QString *error)
{
    const QByteArray yaml = jobspec::exportYaml(job(), withLocal ? jobspec::ExportScope::WithLocal
                                                                 : jobspec::ExportScope::Cloud);
    // Checked and atomic (Qt 6.4's QSaveFile::commit() hides a failed buffered write).
    if (const store::WriteResult written = store::writeFileAtomically(path, yaml); !written) {
        if (error)
            *error = tr("Could not save %1: %2")
                         .arg(QDir::toNativeSeparators(path), written.errorMessage);
        return false;
    }
    if (!withLocal) {
        m_savedFileName = path;
        if (currentId() == ReviewPageId)
            refreshReview();
    } else {
        m_pristine = exportedJob(); // nothing is lost when the wizard closes now
        QFile::remove(draftPath());
    }
    rememberValues();
    return true;
}

void JobWizard::saveWithDialog(bool withLocal)
{
    QString suggested = m_fileName;
    if (suggested.isEmpty() || !withLocal) {
        const QString dir =
            m_fileName.isEmpty() ? QDir::homePath() : QFileInfo(m_fileName).absolutePath();
        const QString id = m_jobPage->jobIdEdit()->text();
        suggested = dir + QLatin1Char('/') + (id.isEmpty() ? QStringLiteral("config") : id) +
                    (withLocal ? QStringLiteral(".yaml") : QStringLiteral("-gcloud.yaml"));
    }
    const QString path = QFileDialog::getSaveFileName(
        this, withLocal ? tr("Save config.yaml") : tr("Export config.yaml for gcloud"), suggested,
        tr("YAML files (*.yaml *.yml);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (saveTo(path, withLocal, &error)) {
        if (withLocal)
            m_fileName = path;
        m_reviewPage->setStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)), false);
    } else {
        m_reviewPage->setStatus(error, true);
    }
}

} // namespace trainyard::ui::wizard
