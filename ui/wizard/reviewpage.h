// SPDX-License-Identifier: MIT
// Page 6: the job as the service will see it. The config.yaml (cloud scope), the equivalent
// gcloud command and the Vertex AI CustomJob JSON, each read-only with a Copy button; every
// remaining problem in the summary; Save, Export for gcloud, and Run locally.
#pragma once

#include "catalog/catalog.h"
#include "wizard/wizardpage.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace trainyard::ui::wizard {

class KubernetesTab;

class ReviewPage : public WizardPage
{
    Q_OBJECT
public:
    explicit ReviewPage(const catalog::Catalog &catalog, QWidget *parent = nullptr);

    void load(const jobspec::Job &) override {}
    void store(jobspec::Job &) const override {}

    // Shows `job`. `cloudOnly` lists what the service would reject when the job is checked for
    // a local run only.
    void showJob(const jobspec::Job &job, const jobspec::Diagnostics &cloudOnly,
                 const QString &configFileName);
    void setStatus(const QString &text, bool problem);

    QPlainTextEdit *yamlView() const { return m_yaml; }
    QPlainTextEdit *gcloudView() const { return m_gcloud; }
    QPlainTextEdit *vertexView() const { return m_vertex; }
    KubernetesTab *kubernetesTab() const { return m_kubernetes; }
    QLabel *notesLabel() const { return m_notes; }
    QLabel *statusLabel() const { return m_status; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *exportButton() const { return m_export; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *vertexSubmitButton() const { return m_submitVertex; }

Q_SIGNALS:
    void saveRequested();
    void exportRequested();
    void runRequested();
    void vertexSubmitRequested();

private:
    QWidget *viewWithCopy(QPlainTextEdit *view, const QString &copyLabel);

    const catalog::Catalog &m_catalog;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_yaml;
    QPlainTextEdit *m_gcloud;
    QPlainTextEdit *m_vertex;
    KubernetesTab *m_kubernetes;
    QLabel *m_notes;
    QPushButton *m_save;
    QPushButton *m_export;
    QPushButton *m_run;
    QPushButton *m_submitVertex;
    QLabel *m_status;
};

} // namespace trainyard::ui::wizard
