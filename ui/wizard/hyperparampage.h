// SPDX-License-Identifier: MIT
// Page 5 (only when the job tunes hyperparameters): goal, metric tag, trial counts, search
// algorithm, and a table of parameters whose editors fit each parameter type (numeric range
// and scale for DOUBLE and INTEGER, a value list for CATEGORICAL and DISCRETE). Under the
// algorithm, which algorithm the service and a local run use (study::StudyView::algorithmText).
#pragma once

#include "wizard/wizardpage.h"

#include <QStyledItemDelegate>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace trainyard::ui::wizard {

class TableEditor;

// Columns of the parameter table.
enum ParamColumn {
    NameColumn,
    TypeColumn,
    MinColumn,
    MaxColumn,
    ScaleColumn,
    ValuesColumn,
    NUM_PARAM_COLUMNS
};

// Editors per cell: enum combos for type and scale, number fields (integers for INTEGER
// parameters) for the range, a number list for DISCRETE values.
class ParamDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;
};

class HyperparameterPage : public WizardPage
{
    Q_OBJECT
public:
    explicit HyperparameterPage(QWidget *parent = nullptr);

    void load(const jobspec::Job &job) override;
    void store(jobspec::Job &job) const override;

    QComboBox *goalCombo() const { return m_goal; }
    QLineEdit *metricEdit() const { return m_metric; }
    QSpinBox *maxTrialsSpin() const { return m_maxTrials; }
    QSpinBox *parallelTrialsSpin() const { return m_parallel; }
    QComboBox *algorithmCombo() const { return m_algorithm; }
    QLabel *algorithmNote() const { return m_algorithmNote; }
    TableEditor *paramsEditor() const { return m_params; }

private:
    void updateCellHints(int row);

    QComboBox *m_goal;
    QLineEdit *m_metric;
    QSpinBox *m_maxTrials;
    QSpinBox *m_parallel;
    QComboBox *m_algorithm;
    QLabel *m_algorithmNote;
    TableEditor *m_params;
};

} // namespace trainyard::ui::wizard
