// SPDX-License-Identifier: MIT
// The trials of a hyperparameter tuning job run locally (docs/service.md §12): how many, and each
// trial's parameter values as the strings its replicas get as --<parameterName>=<value>.
// Pure: the values depend only on the spec, the job ID (the random seed, so a rerun of the
// same job reproduces them) and the local cap.
//
// Local rules:
//  - Trials run: min(maxTrials (default 1), maxLocalTrials); maxLocalTrials 0 = all. How many
//    run at once (maxParallelTrials, as far as the machine holds them) is the owner's
//    (planTrialSlots() in gpuplacement.h, TrialRunner).
//  - ALGORITHM_UNSPECIFIED is Bayesian optimisation, as on the service
//    (tuning/bayesopt.h: Vizier's GP bandit): each trial's values depend on the trials that
//    ended before it, so they are asked for when the trial starts (TrialSuggester).
//  - RANDOM_SEARCH samples each parameter by its type and scaleType.
//  - GRID_SEARCH walks the grid of INTEGER (every whole number from minValue to maxValue),
//    CATEGORICAL and DISCRETE values in order, the first parameter outermost and the last
//    one changing fastest; a grid smaller than the trial count ends the trials early. Points a
//    resumed study already tried are passed over.
#pragma once

#include "jobspec/job.h"
#include "service/tuning/bayesopt.h"
#include "service/tuning/space.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <memory>
#include <random>

namespace trainyard::service {

struct TrialPlan
{
    QList<TrialParameters> trials; // RANDOM and GRID: trial n of this job is trials[n - 1]
    int count = 0;                 // trials this job runs
    bool bayesian = false;         // values come from TrialSuggester as each trial starts
    qint64 maxTrials = 1;          // what the spec asks for
    bool capped = false;           // fewer trials than maxTrials because of the local cap
    QStringList notes;             // what differs from the service, for the owner's log
    QString error;                 // no trial can run when set

    explicit operator bool() const { return error.isEmpty(); }
};

// maxLocalTrials: RunSettings::maxLocalTrials (0: every one of maxTrials). `tried`: the values
// of a resumed study's trials (a grid passes over them).
TrialPlan planTrials(const jobspec::HyperparameterSpec &spec, const QString &jobId,
                     int maxLocalTrials, const QList<TrialParameters> &tried = {});

// The values of each trial as it starts: the plan's for RANDOM_SEARCH and GRID_SEARCH, the
// Bayesian optimiser's for ALGORITHM_UNSPECIFIED.
class TrialSuggester
{
public:
    TrialSuggester(const jobspec::HyperparameterSpec &spec, const QString &jobId, TrialPlan plan);

    const TrialPlan &plan() const { return m_plan; }
    // Values of this job's trial `index` (0-based) whose ID is `trialNumber` (a resumed study
    // continues the previous job's IDs), given the ended trials (the previous job's too) and
    // the trials running now.
    TrialParameters next(int index, int trialNumber, const QList<tuning::Observation> &observations,
                         const QList<TrialParameters> &pending);
    // How the last values were chosen (empty for the plan's).
    QString lastReason() const;

private:
    TrialPlan m_plan;
    std::unique_ptr<tuning::BayesianOptimizer> m_bayes;
};

// Whether a tuning job fails now because of its failed trials (docs/service.md §12), and why;
// empty while it goes on. maxFailedTrials > 0: once that many failed. Unset or 0, the service's
// own rule: the job ends at once when its first trial fails; afterwards it "might end the job"
// when failures grow too many or too frequent, thresholds the service keeps to itself; locally:
// FailedTrialsLimit failed trials, or at least FailedTrialsRatioMinimum failed and more than
// FailedTrialsRatio times as many as succeeded.
constexpr int FailedTrialsLimit = 10;
constexpr int FailedTrialsRatioMinimum = 3;
constexpr int FailedTrialsRatio = 2;
QString failedTrialsVerdict(std::optional<qint64> maxFailedTrials, bool firstTrialFailed,
                            int failed, int succeeded);

// A number as the service shows a parameter value: whole numbers without a fraction, others in
// the shortest form that reads back exactly ("0.001", "1e-05").
QString formatParameterValue(double value);

// One sampled value of a parameter; `random` gives uniform 64-bit numbers. Exposed for tests.
QString sampleParameter(const jobspec::ParameterSpec &parameter, std::mt19937_64 &random);

// The seed of a job's random values (FNV-1a of the job ID's UTF-8 bytes; stable everywhere).
quint64 trialSeed(const QString &jobId);

} // namespace trainyard::service
