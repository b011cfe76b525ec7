// SPDX-License-Identifier: MIT
#include "service/trials.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>

namespace trainyard::service {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::service", text);
}

bool isLogScale(const QString &scale)
{
    return scale == QLatin1String("UNIT_LOG_SCALE") ||
           scale == QLatin1String("UNIT_REVERSE_LOG_SCALE");
}

// A value in [min, max] at the position u in [0, 1) of the parameter's scale: linear, log
// (dense near min) or reverse log (dense near max).
double scaled(double min, double max, const QString &scale, double u)
{
    if (!isLogScale(scale) || min <= 0)
        return min + u * (max - min);
    const double logValue = std::exp(std::log(min) + u * (std::log(max) - std::log(min)));
    if (scale == QLatin1String("UNIT_LOG_SCALE"))
        return logValue;
    return max + min - logValue;
}

// Why a parameter cannot be sampled or walked; empty when it can.
QString parameterProblem(const jobspec::ParameterSpec &p, bool grid)
{
    const QString &type = p.type;
    if (type == QLatin1String("DOUBLE") || type == QLatin1String("INTEGER")) {
        if (grid && type == QLatin1String("DOUBLE"))
            return tr("the parameter %1 is DOUBLE, which GRID_SEARCH cannot walk")
                .arg(p.parameterName);
        if (!p.minValue || !p.maxValue || *p.minValue > *p.maxValue)
            return tr("the parameter %1 needs minValue <= maxValue").arg(p.parameterName);
        if (isLogScale(p.scaleType) && *p.minValue <= 0)
            return tr("the parameter %1 has a log scale but a range that is not positive")
                .arg(p.parameterName);
        return {};
    }
    if (type == QLatin1String("CATEGORICAL"))
        return p.categoricalValues.isEmpty()
                   ? tr("the parameter %1 has no categoricalValues").arg(p.parameterName)
                   : QString();
    if (type == QLatin1String("DISCRETE"))
        return p.discreteValues.isEmpty()
                   ? tr("the parameter %1 has no discreteValues").arg(p.parameterName)
                   : QString();
    return tr("the parameter %1 has the unknown type '%2'").arg(p.parameterName, type);
}

// Number of grid points of one parameter (INTEGER, CATEGORICAL or DISCRETE).
qint64 gridSize(const jobspec::ParameterSpec &p)
{
    if (p.type == QLatin1String("INTEGER")) {
        const double span = std::floor(*p.maxValue) - std::ceil(*p.minValue) + 1;
        return span < 1 ? 0 : qint64(std::min(span, 1e15));
    }
    if (p.type == QLatin1String("CATEGORICAL"))
        return p.categoricalValues.size();
    return p.discreteValues.size();
}

QString gridValue(const jobspec::ParameterSpec &p, qint64 index)
{
    if (p.type == QLatin1String("INTEGER"))
        return formatParameterValue(std::ceil(*p.minValue) + double(index));
    if (p.type == QLatin1String("CATEGORICAL"))
        return p.categoricalValues.at(index);
    return formatParameterValue(p.discreteValues.at(index));
}

} // namespace

quint64 trialSeed(const QString &jobId)
{
    quint64 hash = 14695981039346656037ULL;
    const QByteArray utf8 = jobId.toUtf8();
    for (const char c : utf8) {
        hash ^= quint8(c);
        hash *= 1099511628211ULL;
    }
    return hash;
}

QString formatParameterValue(double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
        return QString::number(qint64(value));
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QString sampleParameter(const jobspec::ParameterSpec &p, std::mt19937_64 &random)
{
    const double u = tuning::uniformUnit(random);
    if (p.type == QLatin1String("DOUBLE"))
        return formatParameterValue(scaled(*p.minValue, *p.maxValue, p.scaleType, u));
    if (p.type == QLatin1String("INTEGER")) {
        const double min = std::ceil(*p.minValue);
        const double max = std::floor(*p.maxValue);
        if (!isLogScale(p.scaleType)) // every whole number equally likely
            return formatParameterValue(std::min(max, min + std::floor(u * (max - min + 1))));
        return formatParameterValue(
            std::clamp(std::round(scaled(min, max, p.scaleType, u)), min, max));
    }
    const qsizetype count = p.type == QLatin1String("CATEGORICAL") ? p.categoricalValues.size()
                                                                   : p.discreteValues.size();
    const qsizetype index = std::min(count - 1, qsizetype(u * double(count)));
    return gridValue(p, index);
}

TrialPlan planTrials(const jobspec::HyperparameterSpec &spec, const QString &jobId,
                     int maxLocalTrials, const QList<TrialParameters> &tried)
{
    TrialPlan plan;
    plan.maxTrials = std::max<qint64>(1, spec.maxTrials.value_or(1));
    qint64 count = plan.maxTrials;
    if (maxLocalTrials > 0 && maxLocalTrials < count) {
        count = maxLocalTrials;
        plan.capped = true;
    }
    if (spec.params.isEmpty()) {
        plan.error = tr("The hyperparameter spec has no parameters.");
        return plan;
    }
    const bool grid = spec.algorithm == QLatin1String("GRID_SEARCH");
    for (const jobspec::ParameterSpec &p : spec.params) {
        if (const QString problem = parameterProblem(p, grid); !problem.isEmpty()) {
            plan.error = tr("The trials cannot be planned: %1.").arg(problem);
            return plan;
        }
    }
    if (plan.capped)
        plan.notes << tr("%1 of %2 trials run locally (--max-local-trials).")
                          .arg(count)
                          .arg(plan.maxTrials);

    if (spec.algorithm.isEmpty() || spec.algorithm == QLatin1String("ALGORITHM_UNSPECIFIED")) {
        plan.bayesian = true;
        plan.count = int(count);
        const int seeds = tuning::BayesianOptimizer(spec, 0).seedTrialCount();
        plan.notes << QCoreApplication::translate(
            "trainyard::service",
            "The values come from Bayesian optimisation, as on the service: a Gaussian process "
            "over the ended trials, with UCB in a trust region (Vizier's GP bandit), after %n "
            "seed trial(s).",
            nullptr, seeds);
        return plan;
    }
    if (!grid) {
        std::mt19937_64 random(trialSeed(jobId));
        for (qint64 t = 0; t < count; ++t) {
            TrialParameters values;
            for (const jobspec::ParameterSpec &p : spec.params)
                values.append({p.parameterName, sampleParameter(p, random)});
            plan.trials.append(values);
        }
        plan.count = int(plan.trials.size());
        return plan;
    }

    // GRID_SEARCH: an odometer over the parameters' value indices, the last one fastest.
    QList<qint64> sizes;
    qint64 points = 1;
    for (const jobspec::ParameterSpec &p : spec.params) {
        sizes.append(gridSize(p));
        const qint64 size = sizes.last();
        points = size == 0 ? 0 : std::min(points, std::numeric_limits<qint64>::max() / size) * size;
    }
    if (points == 0) {
        plan.error = tr("The trials cannot be planned: the grid has no point.");
        return plan;
    }
    const qint64 left = points - qint64(tried.size());
    if (left < count) {
        plan.notes << (tried.isEmpty()
                           ? tr("The grid has only %1 points: %1 trials run.").arg(points)
                           : tr("The grid has %1 points the previous job did not try: %1 trials "
                                "run.")
                                 .arg(std::max<qint64>(0, left)));
    }
    QList<qint64> index(sizes.size(), 0);
    for (qint64 p = 0; p < points && plan.trials.size() < count; ++p) {
        TrialParameters values;
        for (qsizetype i = 0; i < spec.params.size(); ++i)
            values.append(
                {spec.params.at(i).parameterName, gridValue(spec.params.at(i), index.at(i))});
        if (!tried.contains(values))
            plan.trials.append(values);
        for (qsizetype i = index.size() - 1; i >= 0; --i) {
            if (++index[i] < sizes.at(i))
                break;
            index[i] = 0;
        }
    }
    plan.count = int(plan.trials.size());
    if (plan.count == 0)
        plan.error = tr("The trials cannot be planned: the previous job tried every point of "
                        "the grid.");
    return plan;
}

TrialSuggester::TrialSuggester(const jobspec::HyperparameterSpec &spec, const QString &jobId,
                               TrialPlan plan)
    : m_plan(std::move(plan))
{
    if (m_plan.bayesian)
        m_bayes = std::make_unique<tuning::BayesianOptimizer>(spec, trialSeed(jobId));
}

TrialParameters TrialSuggester::next(int index, int trialNumber,
                                     const QList<tuning::Observation> &observations,
                                     const QList<TrialParameters> &pending)
{
    if (m_bayes)
        return m_bayes->suggest(trialNumber, observations, pending);
    return m_plan.trials.value(index);
}

QString TrialSuggester::lastReason() const
{
    return m_bayes ? m_bayes->lastReason() : QString();
}

QString failedTrialsVerdict(std::optional<qint64> maxFailedTrials, bool firstTrialFailed,
                            int failed, int succeeded)
{
    if (maxFailedTrials.value_or(0) > 0) {
        if (failed >= *maxFailedTrials)
            return QCoreApplication::translate("trainyard::service",
                                               "%n trial(s) failed, as many as maxFailedTrials "
                                               "allows.",
                                               nullptr, failed);
        return {};
    }
    if (firstTrialFailed)
        return tr("The first trial failed, which ends the job at once when maxFailedTrials is "
                  "not set, as on the service.");
    if (failed >= FailedTrialsLimit)
        return QCoreApplication::translate(
                   "trainyard::service",
                   "%n trial(s) failed (without maxFailedTrials the job ends at %1 failed "
                   "trials locally).",
                   nullptr, failed)
            .arg(FailedTrialsLimit);
    if (failed >= FailedTrialsRatioMinimum && failed > FailedTrialsRatio * succeeded)
        return tr("%1 trials failed and %2 succeeded (without maxFailedTrials the job ends "
                  "locally once more than %3 times as many trials failed as succeeded, at "
                  "least %4).")
            .arg(failed)
            .arg(succeeded)
            .arg(FailedTrialsRatio)
            .arg(FailedTrialsRatioMinimum);
    return {};
}

} // namespace trainyard::service
