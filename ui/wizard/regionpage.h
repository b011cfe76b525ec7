// SPDX-License-Identifier: MIT
// Page 4: where and with what the job runs. The region list shows the GPU types each region
// offers and marks the regions that lack one of this job's accelerators; runtime and Python
// version come from the catalog (and can be typed); the job directory is checked live. A
// "local run only" switch validates for this machine instead of the service.
#pragma once

#include "catalog/catalog.h"
#include "wizard/wizardpage.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace trainyard::ui::wizard {

class Disclosure;

class RegionPage : public WizardPage
{
    Q_OBJECT
public:
    explicit RegionPage(const catalog::Catalog &catalog, QWidget *parent = nullptr);

    void load(const jobspec::Job &job) override;
    void store(jobspec::Job &job) const override;
    int nextId() const override;

    // Marks the regions that do not offer every accelerator type in `types`.
    void setJobAccelerators(const QStringList &types);
    // Accelerator types (API names) the job's cluster uses, from its roles or its scale tier.
    static QStringList usedAccelerators(const jobspec::Job &job, const catalog::Catalog &catalog);

    bool localOnly() const;
    // Fills empty fields with the values remembered from the last job (QSettings) or the
    // catalog's newest runtime.
    void applyDefaults();

    QComboBox *regionCombo() const { return m_region; }
    QComboBox *runtimeCombo() const { return m_runtime; }
    QComboBox *pythonCombo() const { return m_python; }
    QLineEdit *jobDirEdit() const { return m_jobDir; }
    QCheckBox *localOnlyCheck() const { return m_localOnly; }
    // The job-wide options of the closed "Advanced" section.
    Disclosure *advanced() const { return m_advanced; }
    QLineEdit *maxRunningTimeEdit() const { return m_maxRunningTime; }
    QLineEdit *maxWaitTimeEdit() const { return m_maxWaitTime; }
    QSpinBox *prioritySpin() const { return m_priority; }
    QLineEdit *networkEdit() const { return m_network; }
    QLineEdit *serviceAccountEdit() const { return m_serviceAccount; }
    QLineEdit *kmsKeyEdit() const { return m_kmsKey; }
    QComboBox *useChiefCombo() const { return m_useChief; }
    QComboBox *webAccessCombo() const { return m_webAccess; }

protected:
    void diagnosticsApplied() override;

private:
    void buildAdvanced();
    int advancedSetCount() const;
    void fillPythonVersions();
    void browseJobDir();

    const catalog::Catalog &m_catalog;
    QComboBox *m_region;
    QComboBox *m_runtime;
    QComboBox *m_python;
    QLineEdit *m_jobDir;
    QPushButton *m_browse;
    QCheckBox *m_localOnly;
    Disclosure *m_advanced;
    QLineEdit *m_maxRunningTime;
    QLineEdit *m_maxWaitTime;
    QSpinBox *m_priority;
    QLineEdit *m_network;
    QLineEdit *m_serviceAccount;
    QLineEdit *m_kmsKey;
    QComboBox *m_useChief;
    QComboBox *m_webAccess;
    QStringList m_accelerators;
};

} // namespace trainyard::ui::wizard
