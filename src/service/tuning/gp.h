// SPDX-License-Identifier: MIT
// The Gaussian process of the local Bayesian optimisation (internal to src/service/tuning/),
// modelled on Vizier's tuned GP (vizier/_src/jax/models/tuned_gp_models.py,
// VizierGaussianProcess):
//  - a Matérn 5/2 kernel with a signal variance and one squared length scale per feature (ARD);
//    continuous features by their scaled difference, categorical ones by equality
//    (tfp's FeatureScaledWithCategorical: a mismatch counts 1 over its squared length scale);
//  - zero mean (the labels are warped to about zero mean first, warping.h) and Gaussian
//    observation noise;
//  - the hyperparameters within Vizier's bounds (signal variance 1e-3..10, squared length scales
//    1e-2..1e2, noise variance 1e-10..1) and with its regularisers 0.01·log(x/c)² (c = 0.039,
//    0.5 and 0.0039), fitted by minimising the negative log marginal likelihood with L-BFGS
//    from more than one start (Vizier: L-BFGS-B, 4 random restarts); here from the regularisers'
//    centres and from seeded log-uniform starts.
// Linear algebra: Eigen's Cholesky (LLT), with growing jitter when it fails, as Vizier's
// retrying Cholesky does.
#pragma once

#include "service/tuning/space.h"

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <random>
#include <vector>

namespace trainyard::service::tuning {

struct GpHyperparameters
{
    double logSignalVariance = 0;
    std::vector<double> logLengthScaleSquared; // continuous features, then categorical ones
    double logNoiseVariance = 0;
};

class GaussianProcess
{
public:
    // Fits the hyperparameters to `points` and their (warped) `labels`; `starts` initial points
    // for L-BFGS: `warm` (the last fit's, when given) or the regularisers' centres, and
    // starts - 1 seeded log-uniform ones.
    static GaussianProcess fit(const std::vector<Point> &points, const std::vector<double> &labels,
                               std::mt19937_64 &random, int starts = 2, int maxIterations = 30,
                               const GpHyperparameters *warm = nullptr);
    // The same hyperparameters conditioned on `points` with `labels` (no fitting).
    static GaussianProcess condition(const GpHyperparameters &hyperparameters,
                                     const std::vector<Point> &points,
                                     const std::vector<double> &labels);

    // The posterior mean and standard deviation of the latent function at `points`.
    void predict(const std::vector<Point> &points, Eigen::VectorXd *mean,
                 Eigen::VectorXd *stddev) const;

    const GpHyperparameters &hyperparameters() const { return m_hyper; }
    const std::vector<Point> &points() const { return m_points; }
    const std::vector<double> &labels() const { return m_labels; }
    // The fitted loss (negative log marginal likelihood plus regularisers).
    double loss() const { return m_loss; }

private:
    // Cross kernel between `a` (rows) and the GP's points (columns), with the squared distance
    // of each pair.
    Eigen::MatrixXd crossKernel(const std::vector<Point> &a) const;
    bool factorise();

    GpHyperparameters m_hyper;
    std::vector<Point> m_points;
    std::vector<double> m_labels;
    Eigen::LLT<Eigen::MatrixXd> m_llt;
    Eigen::VectorXd m_alpha; // K⁻¹ y
    double m_loss = 0;
};

} // namespace trainyard::service::tuning
