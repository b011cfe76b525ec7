// SPDX-License-Identifier: MIT
#include "study/studyview.h"

#include "study/parallelcoordinates.h"
#include "study/trialsmodel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace trainyard::ui::study {

StudyView::StudyView(QWidget *parent)
    : QWidget(parent)
    , m_headline(new QLabel(this))
    , m_model(new TrialsModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView)
    , m_plot(new ParallelCoordinates)
{
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(TrialsModel::SortRole);
    m_table->setObjectName(QStringLiteral("trialsTable"));
    m_table->setAccessibleName(tr("Trials"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(TrialsModel::TrialColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false); // Tab goes on to the plot
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_plot);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addWidget(split, 1);
    setTabOrder(m_table, m_plot);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_plot->setCurrentTrial(current.data(TrialsModel::TrialIdRole).toString());
            });
    connect(m_plot, &ParallelCoordinates::trialActivated, this, &StudyView::selectTrial);
}

QString StudyView::algorithmText(const QString &algorithm)
{
    if (algorithm == QLatin1String("GRID_SEARCH"))
        return tr("Grid search: the service and a local run walk the grid of the parameters' "
                  "values in order.");
    if (algorithm == QLatin1String("RANDOM_SEARCH"))
        return tr("Random search: the service and a local run draw each trial's values at "
                  "random (locally from a seed of the job ID, so a rerun draws the same).");
    return tr("Bayesian optimisation (the default): the service uses Vizier's Gaussian process "
              "bandit; a local run does the same, a Gaussian process over the ended trials with "
              "UCB in a trust region, after a few seed trials (seeded by the job ID).");
}

void StudyView::setTuning(const store::TuningState &tuning, const jobspec::HyperparameterSpec *spec)
{
    QStringList order;
    if (spec) {
        for (const jobspec::ParameterSpec &p : spec->params)
            order.append(p.parameterName);
    }
    m_model->setTuning(tuning, order);
    m_plot->setTuning(tuning, m_model->parameters());
    QStringList parts;
    parts << algorithmText(spec ? spec->algorithm : QString());
    parts << tr("Goal: %1 %2.").arg(tuning.goal, tuning.hyperparameterMetricTag);
    if (!tuning.resumedJobId.isEmpty())
        parts << tr("Continues the study of %1 (%n trial(s) as observations).", nullptr,
                    tuning.resumedTrials)
                     .arg(tuning.resumedJobId);
    const QList<store::TrialState> best = tuning.trialsBestFirst();
    if (!best.isEmpty() && best.first().finalMetric)
        parts << tr("Best: trial %1, %2 = %3.")
                     .arg(best.first().trialId, tuning.hyperparameterMetricTag,
                          QLocale().toString(best.first().finalMetric->objectiveValue, 'g', 6));
    m_headline->setText(parts.join(QLatin1Char(' ')));
}

QString StudyView::headline() const
{
    return m_headline->text();
}

void StudyView::selectTrial(const QString &trialId)
{
    const int row = m_model->rowOf(trialId);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    m_table->scrollTo(index);
}

} // namespace trainyard::ui::study
