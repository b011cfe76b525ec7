// SPDX-License-Identifier: MIT
#include "service/tuning/gp.h"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <limits>

namespace trainyard::service::tuning {

namespace {

// Vizier's bounds and regularisers (tuned_gp_models.py), in log space.
const double SignalLow = std::log(1e-3);
const double SignalHigh = std::log(10.0);
const double SignalCentre = std::log(0.039);
const double LengthLow = std::log(1e-2);
const double LengthHigh = std::log(1e2);
const double LengthCentre = std::log(0.5);
const double NoiseLow = std::log(1e-10);
const double NoiseHigh = std::log(1.0);
const double NoiseCentre = std::log(0.0039);
constexpr double RegulariserWeight = 0.01;
const double Sqrt5 = std::sqrt(5.0);

// Cholesky of k with `diagonal` on its diagonal; when that fails, with jitter added, 1e-4 and
// growing tenfold up to five times (Vizier's retrying Cholesky). False when it never succeeds.
bool choleskyWithJitter(Eigen::MatrixXd *k, double diagonal, Eigen::LLT<Eigen::MatrixXd> *llt)
{
    double jitter = 0;
    for (int attempt = 0; attempt < 6; ++attempt) {
        k->diagonal().setConstant(diagonal + jitter);
        llt->compute(*k);
        if (llt->info() == Eigen::Success)
            return true;
        jitter = jitter == 0 ? 1e-4 : jitter * 10;
    }
    return false;
}

// Per feature, the squared differences of every pair of points (categorical: 0 or 1).
std::vector<Eigen::MatrixXd> pairDifferences(const std::vector<Point> &points)
{
    const Eigen::Index n = Eigen::Index(points.size());
    const size_t dc = points.empty() ? 0 : points.front().continuous.size();
    const size_t dk = points.empty() ? 0 : points.front().categorical.size();
    std::vector<Eigen::MatrixXd> d(dc + dk, Eigen::MatrixXd::Zero(n, n));
    for (Eigen::Index a = 0; a < n; ++a) {
        for (Eigen::Index b = a + 1; b < n; ++b) {
            const Point &pa = points[size_t(a)];
            const Point &pb = points[size_t(b)];
            for (size_t j = 0; j < dc; ++j) {
                const double diff = pa.continuous[j] - pb.continuous[j];
                d[j](a, b) = d[j](b, a) = diff * diff;
            }
            for (size_t j = 0; j < dk; ++j)
                d[dc + j](a, b) = d[dc + j](b, a) =
                    pa.categorical[j] == pb.categorical[j] ? 0.0 : 1.0;
        }
    }
    return d;
}

struct Objective
{
    const std::vector<Eigen::MatrixXd> &differences;
    const Eigen::VectorXd &y;

    // Parameters: [log signal variance, log squared length scales..., log noise variance].
    double operator()(const Eigen::VectorXd &theta, Eigen::VectorXd *gradient) const
    {
        const Eigen::Index n = y.size();
        const size_t dims = differences.size();
        const double signal = std::exp(theta[0]);
        const double noise = std::exp(theta[Eigen::Index(dims) + 1]);
        Eigen::MatrixXd r2 = Eigen::MatrixXd::Zero(n, n);
        for (size_t j = 0; j < dims; ++j)
            r2 += differences[j] * std::exp(-theta[Eigen::Index(j) + 1]);
        const Eigen::ArrayXXd s = (5.0 * r2.array()).sqrt();
        const Eigen::ArrayXXd e = (-s).exp();
        const Eigen::MatrixXd kf = (signal * (1.0 + s + s.square() / 3.0) * e).matrix();
        Eigen::MatrixXd k = kf;
        Eigen::LLT<Eigen::MatrixXd> llt;
        if (!choleskyWithJitter(&k, signal + noise, &llt))
            return std::numeric_limits<double>::infinity();
        const Eigen::VectorXd alpha = llt.solve(y);
        double logDet = 0;
        const auto &l = llt.matrixLLT();
        for (Eigen::Index i = 0; i < n; ++i)
            logDet += std::log(l(i, i));
        double loss = 0.5 * y.dot(alpha) + logDet + 0.5 * double(n) * std::log(2 * M_PI);
        const auto reg = [](double x, double c) { return RegulariserWeight * (x - c) * (x - c); };
        loss += reg(theta[0], SignalCentre) + reg(theta[Eigen::Index(dims) + 1], NoiseCentre);
        for (size_t j = 0; j < dims; ++j)
            loss += reg(theta[Eigen::Index(j) + 1], LengthCentre);
        if (!gradient)
            return loss;
        // d loss / d theta = ½ tr(W dK/dtheta), W = K⁻¹ - α αᵀ; K⁻¹ = L⁻ᵀ L⁻¹ from the
        // triangular inverse (a third of a general solve's work each).
        Eigen::MatrixXd linv = Eigen::MatrixXd::Identity(n, n);
        llt.matrixL().solveInPlace(linv);
        Eigen::MatrixXd w = Eigen::MatrixXd::Zero(n, n);
        w.selfadjointView<Eigen::Lower>().rankUpdate(linv.transpose());
        w.triangularView<Eigen::StrictlyUpper>() = w.transpose();
        w.noalias() -= alpha * alpha.transpose();
        gradient->resize(theta.size());
        (*gradient)[0] = 0.5 * (w.array() * kf.array()).sum() +
                         2 * RegulariserWeight * (theta[0] - SignalCentre);
        // dK/dθ_j = σ²·(5/6)(1 + s)e^(-s) · D_j / ℓ_j²
        const Eigen::ArrayXXd g = w.array() * (signal * (5.0 / 6.0) * (1.0 + s) * e);
        for (size_t j = 0; j < dims; ++j) {
            const Eigen::Index t = Eigen::Index(j) + 1;
            (*gradient)[t] = 0.5 * (g * differences[j].array()).sum() * std::exp(-theta[t]) +
                             2 * RegulariserWeight * (theta[t] - LengthCentre);
        }
        const Eigen::Index t = Eigen::Index(dims) + 1;
        (*gradient)[t] = 0.5 * noise * w.trace() + 2 * RegulariserWeight * (theta[t] - NoiseCentre);
        return loss;
    }
};

Eigen::VectorXd clampTo(const Eigen::VectorXd &x, const Eigen::VectorXd &lo,
                        const Eigen::VectorXd &hi)
{
    return x.cwiseMax(lo).cwiseMin(hi);
}

// L-BFGS (memory 6) with Armijo backtracking, projected onto the box [lo, hi].
Eigen::VectorXd minimise(const Objective &f, Eigen::VectorXd x, const Eigen::VectorXd &lo,
                         const Eigen::VectorXd &hi, int maxIterations, double *best)
{
    constexpr int Memory = 6;
    x = clampTo(x, lo, hi);
    Eigen::VectorXd g;
    double fx = f(x, &g);
    std::vector<Eigen::VectorXd> ss;
    std::vector<Eigen::VectorXd> ys;
    for (int it = 0; it < maxIterations && std::isfinite(fx); ++it) {
        if ((x - clampTo(x - g, lo, hi)).lpNorm<Eigen::Infinity>() < 1e-6)
            break;
        // Two-loop recursion.
        Eigen::VectorXd q = g;
        std::vector<double> a(ss.size());
        for (size_t i = ss.size(); i-- > 0;) {
            a[i] = ss[i].dot(q) / ys[i].dot(ss[i]);
            q -= a[i] * ys[i];
        }
        if (!ss.empty())
            q *= ss.back().dot(ys.back()) / ys.back().squaredNorm();
        for (size_t i = 0; i < ss.size(); ++i)
            q += ss[i] * (a[i] - ys[i].dot(q) / ys[i].dot(ss[i]));
        Eigen::VectorXd d = -q;
        for (Eigen::Index i = 0; i < d.size(); ++i) {
            if ((x[i] <= lo[i] && d[i] < 0) || (x[i] >= hi[i] && d[i] > 0))
                d[i] = 0;
        }
        if (g.dot(d) >= 0) { // not a descent direction: steepest descent, history dropped
            ss.clear();
            ys.clear();
            d = -g;
            for (Eigen::Index i = 0; i < d.size(); ++i) {
                if ((x[i] <= lo[i] && d[i] < 0) || (x[i] >= hi[i] && d[i] > 0))
                    d[i] = 0;
            }
        }
        double step =
            ss.empty() ? std::min(1.0, 1.0 / std::max(1e-12, d.lpNorm<Eigen::Infinity>())) : 1.0;
        Eigen::VectorXd xn;
        Eigen::VectorXd gn;
        double fn = std::numeric_limits<double>::infinity();
        bool accepted = false;
        for (int k = 0; k < 20; ++k) {
            xn = clampTo(x + step * d, lo, hi);
            fn = f(xn, &gn);
            if (std::isfinite(fn) && fn <= fx + 1e-4 * g.dot(xn - x)) {
                accepted = true;
                break;
            }
            step *= 0.5;
        }
        if (!accepted)
            break;
        const Eigen::VectorXd s = xn - x;
        const Eigen::VectorXd y = gn - g;
        if (s.dot(y) > 1e-12) {
            ss.push_back(s);
            ys.push_back(y);
            if (int(ss.size()) > Memory) {
                ss.erase(ss.begin());
                ys.erase(ys.begin());
            }
        }
        const bool converged = std::abs(fx - fn) < 1e-8 * (1 + std::abs(fx));
        x = xn;
        fx = fn;
        g = gn;
        if (converged)
            break;
    }
    *best = fx;
    return x;
}

} // namespace

GaussianProcess GaussianProcess::fit(const std::vector<Point> &points,
                                     const std::vector<double> &labels, std::mt19937_64 &random,
                                     int starts, int maxIterations, const GpHyperparameters *warm)
{
    const size_t dims =
        points.empty() ? 0 : points.front().continuous.size() + points.front().categorical.size();
    const Eigen::Index p = Eigen::Index(dims) + 2;
    Eigen::VectorXd lo(p);
    Eigen::VectorXd hi(p);
    Eigen::VectorXd centre(p);
    lo[0] = SignalLow;
    hi[0] = SignalHigh;
    centre[0] = SignalCentre;
    for (Eigen::Index j = 1; j <= Eigen::Index(dims); ++j) {
        lo[j] = LengthLow;
        hi[j] = LengthHigh;
        centre[j] = LengthCentre;
    }
    lo[p - 1] = NoiseLow;
    hi[p - 1] = NoiseHigh;
    centre[p - 1] = NoiseCentre;

    const std::vector<Eigen::MatrixXd> differences = pairDifferences(points);
    const Eigen::VectorXd y =
        Eigen::Map<const Eigen::VectorXd>(labels.data(), Eigen::Index(labels.size()));
    const Objective objective{differences, y};
    Eigen::VectorXd bestTheta = centre;
    double bestLoss = std::numeric_limits<double>::infinity();
    for (int start = 0; start < std::max(1, starts); ++start) {
        Eigen::VectorXd x0 = centre;
        if (start == 0 && warm && warm->logLengthScaleSquared.size() == dims) {
            x0[0] = warm->logSignalVariance;
            for (size_t j = 0; j < dims; ++j)
                x0[Eigen::Index(j) + 1] = warm->logLengthScaleSquared[j];
            x0[p - 1] = warm->logNoiseVariance;
        } else if (start > 0) { // log-uniform in the bounds, as Vizier's _log_uniform_init
            for (Eigen::Index j = 0; j < p; ++j)
                x0[j] = lo[j] + uniformUnit(random) * (hi[j] - lo[j]);
        }
        double loss = 0;
        const Eigen::VectorXd theta = minimise(objective, x0, lo, hi, maxIterations, &loss);
        if (loss < bestLoss) {
            bestLoss = loss;
            bestTheta = theta;
        }
    }
    GpHyperparameters h;
    h.logSignalVariance = bestTheta[0];
    for (size_t j = 0; j < dims; ++j)
        h.logLengthScaleSquared.push_back(bestTheta[Eigen::Index(j) + 1]);
    h.logNoiseVariance = bestTheta[p - 1];
    GaussianProcess gp = condition(h, points, labels);
    gp.m_loss = bestLoss;
    return gp;
}

GaussianProcess GaussianProcess::condition(const GpHyperparameters &hyperparameters,
                                           const std::vector<Point> &points,
                                           const std::vector<double> &labels)
{
    GaussianProcess gp;
    gp.m_hyper = hyperparameters;
    gp.m_points = points;
    gp.m_labels = labels;
    gp.factorise();
    return gp;
}

Eigen::MatrixXd GaussianProcess::crossKernel(const std::vector<Point> &a) const
{
    const Eigen::Index m = Eigen::Index(a.size());
    const Eigen::Index n = Eigen::Index(m_points.size());
    const size_t dc = m_points.empty() ? 0 : m_points.front().continuous.size();
    const size_t dk = m_points.empty() ? 0 : m_points.front().categorical.size();
    std::vector<double> inverse(dc + dk);
    for (size_t j = 0; j < dc + dk; ++j)
        inverse[j] = std::exp(-m_hyper.logLengthScaleSquared[j]);
    const double signal = std::exp(m_hyper.logSignalVariance);
    Eigen::MatrixXd k(m, n);
    for (Eigen::Index b = 0; b < n; ++b) {
        const Point &pb = m_points[size_t(b)];
        for (Eigen::Index r = 0; r < m; ++r) {
            const Point &pa = a[size_t(r)];
            double r2 = 0;
            for (size_t j = 0; j < dc; ++j) {
                const double diff = pa.continuous[j] - pb.continuous[j];
                r2 += diff * diff * inverse[j];
            }
            for (size_t j = 0; j < dk; ++j) {
                if (pa.categorical[j] != pb.categorical[j])
                    r2 += inverse[dc + j];
            }
            const double s = Sqrt5 * std::sqrt(r2);
            k(r, b) = signal * (1 + s + s * s / 3) * std::exp(-s);
        }
    }
    return k;
}

bool GaussianProcess::factorise()
{
    const Eigen::Index n = Eigen::Index(m_points.size());
    Eigen::MatrixXd k = crossKernel(m_points);
    const double signal = std::exp(m_hyper.logSignalVariance);
    const double noise = std::exp(m_hyper.logNoiseVariance);
    choleskyWithJitter(&k, signal + noise, &m_llt);
    const Eigen::VectorXd y =
        Eigen::Map<const Eigen::VectorXd>(m_labels.data(), Eigen::Index(m_labels.size()));
    m_alpha =
        m_llt.info() == Eigen::Success ? Eigen::VectorXd(m_llt.solve(y)) : Eigen::VectorXd::Zero(n);
    return m_llt.info() == Eigen::Success;
}

void GaussianProcess::predict(const std::vector<Point> &points, Eigen::VectorXd *mean,
                              Eigen::VectorXd *stddev) const
{
    const double signal = std::exp(m_hyper.logSignalVariance);
    const Eigen::Index m = Eigen::Index(points.size());
    if (m_points.empty() || m_llt.info() != Eigen::Success) {
        *mean = Eigen::VectorXd::Zero(m);
        *stddev = Eigen::VectorXd::Constant(m, std::sqrt(signal));
        return;
    }
    const Eigen::MatrixXd ks = crossKernel(points); // m × n
    *mean = ks * m_alpha;
    Eigen::MatrixXd v = ks.transpose(); // n × m
    m_llt.matrixL().solveInPlace(v);
    const Eigen::VectorXd variance =
        (signal - v.colwise().squaredNorm().transpose().array()).max(1e-12).matrix();
    *stddev = variance.cwiseSqrt();
}

} // namespace trainyard::service::tuning
