// SPDX-License-Identifier: MIT
// Page 1: the job's ID (with a "Suggest" button), its labels, and whether it tunes
// hyperparameters (which adds the hyperparameter page).
#pragma once

#include "wizard/wizardpage.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace trainyard::ui::wizard {

class TableEditor;

class JobPage : public WizardPage
{
    Q_OBJECT
public:
    explicit JobPage(QWidget *parent = nullptr);

    void load(const jobspec::Job &job) override;
    void store(jobspec::Job &job) const override;

    // Existing job IDs, so that Suggest proposes a free one.
    void setExistingJobIds(const QSet<QString> &ids) { m_existing = ids; }
    // Fills in base_YYYYMMDD_HHMMSS (validation/jobids.h).
    void suggestId();

    QLineEdit *jobIdEdit() const { return m_jobId; }
    QPushButton *suggestButton() const { return m_suggest; }
    TableEditor *labelsEditor() const { return m_labels; }
    QCheckBox *tuningCheck() const { return m_tuning; }

private:
    void updateLabelNote();

    QLineEdit *m_jobId;
    QPushButton *m_suggest;
    TableEditor *m_labels;
    QLabel *m_labelNote;
    QCheckBox *m_tuning;
    QSet<QString> m_existing;
};

} // namespace trainyard::ui::wizard
