// SPDX-License-Identifier: MIT
// Page 6: the job as the service will see it. The config.yaml (cloud scope), the equivalent
// gcloud command and the Vertex AI CustomJob JSON, each read-only with a Copy button; every
// remaining problem in the summary; Save, Export for gcloud, and Run locally. For a local run:
// how the replicas get this machine's GPUs (auto / CPU only / shared) and the plan that follows,
// per replica, or why the job would be refused (the pre-start checks' "gpus", jobactions/).
#pragma once

#include "catalog/catalog.h"
#include "exec/runsettings.h"
#include "gpu/nvml.h"
#include "wizard/wizardpage.h"

class QCheckBox;
class QComboBox;
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
    // This machine's GPUs (read off the GUI thread by the wizard); the plan follows them.
    void setMachineGpus(const gpu::GpuInventory &inventory);
    const gpu::GpuInventory &machineGpus() const { return m_inventory; }
    exec::GpuMode gpuMode() const;
    // Chooses a GPU mode as the user would (the choice a refused Run locally offered).
    void setGpuMode(exec::GpuMode mode);
    // "Rehearse VM maintenance" (RunSettings::rehearseMaintenance, the CLI's
    // --rehearse-maintenance) for Run locally.
    bool rehearseMaintenance() const;
    // The GPU plan allows a local run (not refused).
    bool gpuPlanOk() const { return m_gpuPlanOk; }

    QPlainTextEdit *yamlView() const { return m_yaml; }
    QPlainTextEdit *gcloudView() const { return m_gcloud; }
    QPlainTextEdit *vertexView() const { return m_vertex; }
    KubernetesTab *kubernetesTab() const { return m_kubernetes; }
    QLabel *notesLabel() const { return m_notes; }
    QLabel *statusLabel() const { return m_status; }
    QComboBox *gpuModeCombo() const { return m_gpuMode; }
    QLabel *gpuPlanLabel() const { return m_gpuPlan; }
    QCheckBox *rehearseMaintenanceCheck() const { return m_rehearse; }
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
    void updateGpuPlan();

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
    QComboBox *m_gpuMode;
    QLabel *m_gpuPlan;
    QCheckBox *m_rehearse;
    jobspec::Job m_job;
    gpu::GpuInventory m_inventory;
    bool m_inventoryKnown = false;
    bool m_gpuPlanOk = true;
};

} // namespace trainyard::ui::wizard
