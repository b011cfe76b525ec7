// SPDX-License-Identifier: MIT
// The job wizard: builds a jobspec::Job page by page (Job, Trainer, Cluster, Region and runtime,
// Hyperparameter tuning when asked for, Review). Every edit re-runs validation::validate()
// (coalesced into one run per event batch); each diagnostic shows next to the widget bound to
// its field path and in the page's summary, and a page with errors keeps Next/Finish disabled.
// The rules are the validator's and the catalog's; the wizard only routes their messages.
#pragma once

#include "catalog/catalog.h"
#include "exec/runsettings.h"
#include "export/commandline.h"
#include "jobspec/diagnostic.h"
#include "jobspec/job.h"
#include "validation/validator.h"

#include <QSet>
#include <QWizard>

class QTimer;

namespace trainyard::jobactions {
class JobActions;
struct PreStartReport;
} // namespace trainyard::jobactions

namespace trainyard::ui::wizard {

class ClusterPage;
class FieldMessage;
class HyperparameterPage;
class JobPage;
class RegionPage;
class ReviewPage;
class TrainerPage;
class VertexSubmitDialog;
class WizardPage;

class JobWizard : public QWizard
{
    Q_OBJECT
public:
    explicit JobWizard(const catalog::Catalog &catalog, QWidget *parent = nullptr);
    ~JobWizard() override;

    // Job IDs that exist already (from the job store): a new job may not reuse them.
    void setExistingJobIds(const QSet<QString> &ids);
    QSet<QString> existingJobIds() const { return m_options.existingJobIds; }

    // Fills every page from `job`. `diagnostics` (the importer's) show on the fields they
    // belong to until the user edits that page; `sources` gives positions in the file.
    void loadJob(const jobspec::Job &job, const jobspec::SourceMap &sources = {},
                 const jobspec::Diagnostics &diagnostics = {});
    // Imports a config.yaml or JSON file and loads it. False when the file cannot be read at
    // all (its diagnostics are still shown on the review page).
    bool openFile(const QString &path);
    // Loads a pasted gcloud command (File > Paste gcloud command…): its config file with the
    // flags applied; its diagnostics, including the ignored client-side flags, show like an
    // imported file's. `baseDirectory` is where the command's relative paths are.
    void loadGcloudImport(const exporters::GcloudImport &imported, const QString &baseDirectory);
    QString fileName() const { return m_fileName; }

    // The job as the pages show it (fields without a widget keep the loaded values).
    jobspec::Job job() const;
    // Diagnostics shown now (validation plus the importer's that still apply).
    jobspec::Diagnostics diagnostics() const { return m_diagnostics; }
    validation::Target target() const;
    // Runs a pending validation now (it normally runs at the end of the event batch).
    void validateNow();

    // Where "Run locally" stores jobs (default: store::JobStore::defaultRoot()) and the
    // program it starts as the job's owner (default: this application).
    void setStoreRoot(const QString &root);
    void setOwnerProgram(const QString &program);

    // Saving without a dialog (the Save buttons ask for the name, then call this).
    bool saveTo(const QString &path, bool withLocal, QString *error = nullptr);
    // Starts the job with the local executor after the checks every start passes
    // (jobactions/prestart.h): the spec's rules, the package folder and, once this machine's GPUs
    // are known, the GPU plan at once (false and *error when one refuses; a refusal the GPU
    // choice settles opens it), the rest with the store's writes and the owner's start on a
    // worker thread. jobStarted() follows, and the wizard closes; a refusal or a failure to
    // start is shown on the review page. Nothing refused is stored.
    bool runLocally(QString *error = nullptr);
    // The job actions Run locally asks (jobactions::JobActions).
    jobactions::JobActions *jobActions() const { return m_actions; }

    // Opens "Submit to Vertex AI…" for the job as the pages show it (window-modal, deleted on
    // close) and returns it.
    VertexSubmitDialog *openVertexSubmit();

    // Whether the user changed the job since it was opened, saved, run or submitted: closing
    // then asks first (keep it as a draft, discard it, or stay).
    bool isModified() const { return exportedJob() != m_pristine; }
    // The draft a closed, changed wizard left behind (a config.yaml with the local section).
    static QString draftPath();
    // Loads the draft into a new wizard; false when there is none.
    bool restoreDraft();
    // Writes the job as the draft (the main window does so for a changed wizard when it quits).
    bool keepDraft(QString *error = nullptr);

    JobPage *jobPage() const { return m_jobPage; }
    TrainerPage *trainerPage() const { return m_trainerPage; }
    ClusterPage *clusterPage() const { return m_clusterPage; }
    RegionPage *regionPage() const { return m_regionPage; }
    HyperparameterPage *hyperparameterPage() const { return m_hyperPage; }
    ReviewPage *reviewPage() const { return m_reviewPage; }

Q_SIGNALS:
    // After each validation run.
    void validated();
    // "Run locally" started the job; its files are in `directory`.
    void jobStarted(const QString &jobId, const QString &directory);
    // "Submit to Vertex AI…" created the job; its local record is `jobId`.
    void cloudJobSubmitted(const QString &jobId, const QString &resourceName);

protected:
    void initializePage(int id) override;
    void done(int result) override;
    void showEvent(QShowEvent *event) override;

private:
    void scheduleValidation();
    void runValidation();
    void onPageEdited(WizardPage *page);
    // The page and message of the binding with the longest prefix of `field`; the review page
    // and null when no page binds it.
    std::pair<WizardPage *, FieldMessage *> route(const QString &field) const;
    void refreshReview();
    void rememberValues() const;
    void saveWithDialog(bool withLocal);
    void updateLastPageButtons();
    void focusFirstField();
    void askBeforeClosing();
    void closeConfirmed();
    void finishAccepted();
    void connectJobActions();
    exec::RunSettings localRunSettings() const;
    // A refused start: the reasons on the Review page, and the GPU choice when it settles it.
    void showRefusal(const jobspec::Job &job, const jobactions::PreStartReport &report);
    QByteArray exportedJob() const;
    QList<WizardPage *> pages() const;

    const catalog::Catalog &m_catalog;
    validation::Options m_options;
    JobPage *m_jobPage;
    TrainerPage *m_trainerPage;
    ClusterPage *m_clusterPage;
    RegionPage *m_regionPage;
    HyperparameterPage *m_hyperPage;
    ReviewPage *m_reviewPage;
    QTimer *m_validateTimer;
    bool m_starting = false; // a runLocally() start is under way
    jobspec::Job m_base;     // the loaded job: fields without a widget come from here
    jobspec::SourceMap m_sources;
    struct ImportNote
    {
        WizardPage *page;
        jobspec::Diagnostic diagnostic;
    };
    QList<ImportNote> m_importNotes;
    jobspec::Diagnostics m_diagnostics;
    jobspec::Diagnostics m_cloudOnly;
    QString m_fileName;
    QString m_savedFileName;
    QString m_storeRoot;
    jobactions::JobActions *m_actions; // "Run locally"
    bool m_inventoryKnown = false;     // this machine's GPUs were read
    bool m_loading = false;
    QSet<WizardPage *> m_revealPending; // pages the user edited since the last validation
    QByteArray m_pristine;              // the job as last opened, saved, run or submitted
    bool m_closing = false;             // the user confirmed closing a changed wizard
};

} // namespace trainyard::ui::wizard
