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

namespace trainyard::ui::wizard {

class RegionPage : public WizardPage
{
    Q_OBJECT
public:
    explicit RegionPage(const catalog::Catalog &catalog, QWidget *parent = nullptr);

    void load(const spec::Job &job) override;
    void store(spec::Job &job) const override;
    int nextId() const override;

    // Marks the regions that do not offer every accelerator type in `types`.
    void setJobAccelerators(const QStringList &types);
    // Accelerator types (API names) the job's cluster uses, from its roles or its scale tier.
    static QStringList usedAccelerators(const spec::Job &job, const catalog::Catalog &catalog);

    bool localOnly() const;
    // Fills empty fields with the values remembered from the last job (QSettings) or the
    // catalog's newest runtime.
    void applyDefaults();

    QComboBox *regionCombo() const { return m_region; }
    QComboBox *runtimeCombo() const { return m_runtime; }
    QComboBox *pythonCombo() const { return m_python; }
    QLineEdit *jobDirEdit() const { return m_jobDir; }
    QCheckBox *localOnlyCheck() const { return m_localOnly; }

private:
    void fillPythonVersions();
    void browseJobDir();

    const catalog::Catalog &m_catalog;
    QComboBox *m_region;
    QComboBox *m_runtime;
    QComboBox *m_python;
    QLineEdit *m_jobDir;
    QPushButton *m_browse;
    QCheckBox *m_localOnly;
    QStringList m_accelerators;
};

} // namespace trainyard::ui::wizard
