// SPDX-License-Identifier: MIT
// A tuning job's trials as a table (the console's Trials tab): trial ID, state, the objective
// (the final value of hyperparameterMetricTag as the service reports it, finalMetric), its
// step, the early-stopping mark, then one column per parameter in the spec's order. Sorting
// goes through SortRole (numbers as numbers). Updates merge: rows are matched by trial ID, new
// trials inserted, changed cells reported; only a change of the parameters resets the model.
#pragma once

#include "store/jobstate.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace trainyard::ui::study {

class TrialsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns {
        TrialColumn,
        StateColumn,
        ObjectiveColumn,
        StepColumn,
        StoppedColumn,
        NUM_FIXED_COLUMNS
    };
    enum Roles {
        SortRole = Qt::UserRole, // the number (or text) a column sorts by
        TrialIdRole,             // the row's trial ID
    };

    explicit TrialsModel(QObject *parent = nullptr);

    // The trials and the parameters' names in the spec's order (others follow by name).
    void setTuning(const store::TuningState &tuning, const QStringList &parameterOrder = {});

    const store::TuningState &tuning() const { return m_tuning; }
    QStringList parameters() const { return m_params; }
    // The row of a trial, or -1.
    int rowOf(const QString &trialId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant cell(const store::TrialState &trial, int column, int role) const;

    store::TuningState m_tuning;
    QStringList m_params;
};

} // namespace trainyard::ui::study
