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
//  - RANDOM_SEARCH samples each parameter by its type and scaleType. ALGORITHM_UNSPECIFIED
//    (Bayesian optimisation on the service) is sampled the same way locally, with a note.
//  - GRID_SEARCH walks the grid of INTEGER (every whole number from minValue to maxValue),
//    CATEGORICAL and DISCRETE values in order, the first parameter outermost and the last
//    one changing fastest; a grid smaller than the trial count ends the trials early.
#pragma once

#include "jobspec/job.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <random>

namespace trainyard::service {

using TrialParameters = QList<QPair<QString, QString>>; // name -> value, in the spec's order

struct TrialPlan
{
    QList<TrialParameters> trials; // trial n (1-based) is trials[n - 1]
    qint64 maxTrials = 1;          // what the spec asks for
    bool capped = false;           // fewer trials than maxTrials because of the local cap
    QStringList notes;             // what differs from the service, for the owner's log
    QString error;                 // no trial can run when set

    explicit operator bool() const { return error.isEmpty(); }
};

// maxLocalTrials: RunSettings::maxLocalTrials (0: every one of maxTrials).
TrialPlan planTrials(const jobspec::HyperparameterSpec &spec, const QString &jobId,
                     int maxLocalTrials);

// A number as the service shows a parameter value: whole numbers without a fraction, others in
// the shortest form that reads back exactly ("0.001", "1e-05").
QString formatParameterValue(double value);

// One sampled value of a parameter; `random` gives uniform 64-bit numbers. Exposed for tests.
QString sampleParameter(const jobspec::ParameterSpec &parameter, std::mt19937_64 &random);

// The seed of a job's random values (FNV-1a of the job ID's UTF-8 bytes; stable everywhere).
quint64 trialSeed(const QString &jobId);

} // namespace trainyard::service
