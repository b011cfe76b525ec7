// SPDX-License-Identifier: MIT
// A tuning job's study in the job detail (its Trials tab): a line with the algorithm, the goal,
// the resumed study and the best trial; the trials table (TrialsModel, sortable: state,
// objective, step, early-stopping mark, each parameter) and the parallel coordinates of the
// parameters against the objective, side by side; selecting a trial in one shows it in the
// other.
#pragma once

#include "jobspec/job.h"
#include "store/jobstate.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace trainyard::ui::study {

class ParallelCoordinates;
class TrialsModel;

class StudyView : public QWidget
{
    Q_OBJECT
public:
    explicit StudyView(QWidget *parent = nullptr);

    // The job's trials; `spec` (may be null) gives the parameters' order and the algorithm.
    void setTuning(const store::TuningState &tuning, const jobspec::HyperparameterSpec *spec);

    QTableView *table() const { return m_table; }
    TrialsModel *model() const { return m_model; }
    ParallelCoordinates *plot() const { return m_plot; }
    QString headline() const;

    // What a spec's algorithm means on the service and in a local run, in a sentence.
    static QString algorithmText(const QString &algorithm);

private:
    void selectTrial(const QString &trialId);

    QLabel *m_headline;
    TrialsModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    ParallelCoordinates *m_plot;
};

} // namespace trainyard::ui::study
