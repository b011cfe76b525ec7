// SPDX-License-Identifier: MIT
// Bayesian optimisation of a tuning job run locally: what ALGORITHM_UNSPECIFIED means on the
// service (Vizier's Gaussian process bandit, vizier/_src/algorithms/designers/gp_bandit.py,
// VizierGPBandit), followed step by step:
//  1. Seed trials: the first trial of a study is the centre of the space (Vizier's first seed);
//     then random values, drawn from the job's seed as RANDOM_SEARCH draws them, until
//     seedTrialCount() trials have ended (min(5, parameters + 1); Vizier's default stops
//     after the centre, the simulation and the random seeds of most BO tools take a
//     few more).
//  2. The ended trials are observations: the objective, negated for MINIMIZE, warped as Vizier
//     warps labels (warping.h; a failed trial is infeasible, below the worst), and a Gaussian
//     process fitted to them (gp.h).
//  3. Pending trials (running beside, maxParallelTrials > 1) are fantasised: added to the
//     process at its predicted mean (the "kriging believer"), which leaves the mean alone and
//     shrinks the uncertainty near them, as GP-UCB-PE conditions on its pending points
//     (gp_ucb_pe.py), so the next suggestion goes elsewhere.
//  4. The acquisition is Vizier's default, UCB with coefficient 1.8 (acquisitions.py, UCB),
//     inside its trust region: a point further than the radius (L∞ in features, 0.2 growing
//     with the observations per degree of freedom, off past 0.5) from every observation scores
//     -1e4 - distance (acquisitions.py, TrustRegion).
//  5. It is maximised over the space by seeded random candidates and rounds of local moves
//     around the best ones (Vizier uses its Eagle strategy, a firefly search, for this);
//     INTEGER and DISCRETE values are snapped, categories changed one at a time. A point equal
//     to an observed or pending trial is passed over for the next best one.
// Deterministic: the same spec, job ID (seed), trial number, observations and pending trials
// give the same values.
#pragma once

#include "service/tuning/space.h"

#include <QList>
#include <QString>
#include <memory>
#include <optional>

namespace trainyard::service::tuning {

// An ended trial the optimiser learns from.
struct Observation
{
    TrialParameters values;
    std::optional<double> objective; // nullopt: the trial failed (infeasible)
};

class GaussianProcess;

class BayesianOptimizer
{
public:
    static constexpr double UcbCoefficient = 1.8;
    static constexpr int RandomCandidates = 1000;
    static constexpr int LocalRounds = 4;

    BayesianOptimizer(const jobspec::HyperparameterSpec &spec, quint64 seed);
    ~BayesianOptimizer();
    BayesianOptimizer(BayesianOptimizer &&) noexcept;
    BayesianOptimizer &operator=(BayesianOptimizer &&) noexcept;

    int seedTrialCount() const;
    // The values of trial `trialNumber` (1-based in the study), given the trials that ended
    // and those still running.
    TrialParameters suggest(int trialNumber, const QList<Observation> &observations,
                            const QList<TrialParameters> &pending);
    // How the last suggestion was made, for the owner's log ("the centre of the space",
    // "seed trial 2 of 5 (random)", "UCB 0.83 (mean 0.61 ± 0.12) after 7 trials").
    QString lastReason() const { return m_reason; }

    const SearchSpace &space() const { return m_space; }

private:
    SearchSpace m_space;
    jobspec::HyperparameterSpec m_spec;
    bool m_minimize = false;
    quint64 m_seed = 0;
    QString m_reason;
    // The last fit, reused while no trial has ended since (Vizier keeps its state likewise);
    // its hyperparameters start the next fit. So the values depend on the trials as they ended
    // one after the other, which a rerun repeats.
    std::unique_ptr<GaussianProcess> m_fit;
    int m_fitObservations = -1;
    QList<TrialParameters> m_fitValues;
};

} // namespace trainyard::service::tuning
