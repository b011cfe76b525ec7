// SPDX-License-Identifier: MIT
#include "study/trialsmodel.h"

#include <QLocale>
#include <limits>

namespace trainyard::ui::study {

TrialsModel::TrialsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void TrialsModel::setTuning(const store::TuningState &tuning, const QStringList &parameterOrder)
{
    QStringList params;
    for (const QString &name : parameterOrder) {
        if (!params.contains(name))
            params.append(name);
    }
    QStringList others;
    for (const store::TrialState &t : tuning.trials) {
        for (auto it = t.hyperparameters.cbegin(); it != t.hyperparameters.cend(); ++it) {
            if (!params.contains(it.key()) && !others.contains(it.key()))
                others.append(it.key());
        }
    }
    others.sort();
    params += others;
    const bool sameShape =
        params == m_params && tuning.hyperparameterMetricTag == m_tuning.hyperparameterMetricTag;
    if (!sameShape) {
        beginResetModel();
        m_params = params;
        m_tuning = tuning;
        endResetModel();
        return;
    }
    // Trials are only ever added (in order); existing rows may change.
    const int before = int(m_tuning.trials.size());
    if (tuning.trials.size() < before) { // a different job: start over
        beginResetModel();
        m_tuning = tuning;
        endResetModel();
        return;
    }
    const QList<store::TrialState> old = m_tuning.trials;
    store::TuningState next = tuning;
    next.trials = tuning.trials.mid(0, before);
    m_tuning = next;
    for (int row = 0; row < before && row < old.size(); ++row) {
        if (row < m_tuning.trials.size() && old.at(row) != m_tuning.trials.at(row))
            Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1));
    }
    if (tuning.trials.size() > before) {
        beginInsertRows({}, before, int(tuning.trials.size()) - 1);
        m_tuning.trials = tuning.trials;
        endInsertRows();
    }
}

int TrialsModel::rowOf(const QString &trialId) const
{
    for (int row = 0; row < m_tuning.trials.size(); ++row) {
        if (m_tuning.trials.at(row).trialId == trialId)
            return row;
    }
    return -1;
}

int TrialsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_tuning.trials.size());
}

int TrialsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NUM_FIXED_COLUMNS + int(m_params.size());
}

QVariant TrialsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    return cell(m_tuning.trials.at(index.row()), index.column(), role);
}

QVariant TrialsModel::cell(const store::TrialState &t, int column, int role) const
{
    if (role == TrialIdRole)
        return t.trialId;
    if (role == Qt::ToolTipRole)
        return t.errorMessage.isEmpty() ? QVariant() : QVariant(t.errorMessage);
    if (role == Qt::TextAlignmentRole)
        return column == StateColumn || column == StoppedColumn
                   ? QVariant()
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::AccessibleTextRole)
        return {};
    const bool sort = role == SortRole;
    switch (column) {
    case TrialColumn:
        return sort ? QVariant(t.trialId.toLongLong()) : QVariant(t.trialId);
    case StateColumn:
        return store::jobStatusName(t.state);
    case ObjectiveColumn:
        if (!t.finalMetric)
            return sort ? QVariant(std::numeric_limits<double>::lowest()) : QVariant(QString());
        return sort ? QVariant(t.finalMetric->objectiveValue)
                    : QVariant(QLocale().toString(t.finalMetric->objectiveValue, 'g', 6));
    case StepColumn:
        if (!t.finalMetric)
            return sort ? QVariant(qint64(-1)) : QVariant(QString());
        return sort ? QVariant(t.finalMetric->trainingStep)
                    : QVariant(QLocale().toString(t.finalMetric->trainingStep));
    case StoppedColumn:
        if (sort)
            return t.isTrialStoppedEarly ? 1 : 0;
        return t.isTrialStoppedEarly ? tr("stopped early") : QString();
    default:
        break;
    }
    const QString value = t.hyperparameters.value(m_params.value(column - NUM_FIXED_COLUMNS));
    if (sort) {
        bool ok = false;
        const double number = value.toDouble(&ok);
        return ok ? QVariant(number) : QVariant(value);
    }
    return value;
}

QVariant TrialsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    switch (section) {
    case TrialColumn:
        return tr("Trial");
    case StateColumn:
        return tr("State");
    case ObjectiveColumn:
        return role == Qt::ToolTipRole
                   ? QVariant(tr("The final value of %1, as the service reports it "
                                 "(finalMetric.objectiveValue); goal %2")
                                  .arg(m_tuning.hyperparameterMetricTag, m_tuning.goal))
                   : QVariant(tr("Objective: %1").arg(m_tuning.hyperparameterMetricTag));
    case StepColumn:
        return tr("Step");
    case StoppedColumn:
        return tr("Early stopping");
    default:
        return m_params.value(section - NUM_FIXED_COLUMNS);
    }
}

} // namespace trainyard::ui::study
