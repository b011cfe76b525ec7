// SPDX-License-Identifier: MIT
// The wizard's "Submit to Vertex AI…": project, region (from the spec), staging bucket and
// service account, remembered in QSettings (cloud/project, cloud/region, cloud/stagingBucket,
// cloud/serviceAccount) and checked as they are typed (plain-text messages under the fields,
// as the wizard shows its own). Submit runs the same core as `trainyard ai custom-jobs create`
// (cloud/submit.h: local archives and the package's sdist staged under their content hash, the
// local record written first, the CustomJob or HyperparameterTuningJob created) on a worker
// thread; the dialog shows the staging and
// upload progress, then the job's resource name or the error as the cloud client words it.
// The job then has a record in the job store, so the console lists it.
#pragma once

#include "catalog/catalog.h"
#include "jobspec/job.h"

#include <QDialog>
#include <QFutureWatcher>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace trainyard::ui::wizard {

class FieldMessage;

class VertexSubmitDialog : public QDialog
{
    Q_OBJECT

public:
    // `baseDirectory`: where the spec's relative package path is (the spec file's folder).
    // `storeRoot`: the job store (empty: the default).
    VertexSubmitDialog(const catalog::Catalog &catalog, const jobspec::Job &job,
                       const QString &baseDirectory, const QString &storeRoot,
                       QWidget *parent = nullptr);
    ~VertexSubmitDialog() override;

    // Checks the fields; true when Submit may run.
    bool validateFields();
    bool submitting() const { return m_submitting; }
    QString resultText() const;

public Q_SLOTS:
    void submit();
    // Closes, unless a submit is under way (it finishes first: its record must be complete).
    void reject() override;

Q_SIGNALS:
    // The submit ended: the local record and resource name, or the error.
    void submitted(const QString &localId, const QString &resourceName);
    void submitFailed(const QString &error);

private:
    struct Outcome
    {
        QString localId;
        QString resourceName;
        QString errorMessage;
    };
    void showProgress(const QString &text, int percent);
    void finish(const Outcome &outcome);

    const catalog::Catalog &m_catalog;
    jobspec::Job m_job;
    QString m_baseDirectory;
    QString m_storeRoot;
    QLineEdit *m_project;
    QLineEdit *m_region;
    QLineEdit *m_bucket;
    QLineEdit *m_serviceAccount;
    FieldMessage *m_projectMessage;
    FieldMessage *m_regionMessage;
    FieldMessage *m_bucketMessage;
    FieldMessage *m_serviceAccountMessage;
    QLabel *m_credentials;
    QLabel *m_progressText;
    QProgressBar *m_progress;
    QLabel *m_result;
    QPushButton *m_submitButton;
    QDialogButtonBox *m_buttons;
    bool m_haveCredentials = false;
    bool m_submitting = false;
};

} // namespace trainyard::ui::wizard
