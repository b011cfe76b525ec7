// SPDX-License-Identifier: MIT
// Vizier's GP bandit, locally (the steps are in bayesopt.h).
#include "service/tuning/bayesopt.h"

#include "service/trials.h"
#include "service/tuning/gp.h"
#include "service/tuning/warping.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace trainyard::service::tuning {

namespace {

// splitmix64: a seed of its own for each trial number.
quint64 mix(quint64 x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

struct Scored
{
    Point point;
    double score = 0;
    double mean = 0;
    double stddev = 0;
};

} // namespace

BayesianOptimizer::BayesianOptimizer(const jobspec::HyperparameterSpec &spec, quint64 seed)
    : m_space(spec)
    , m_spec(spec)
    , m_minimize(spec.goal == QLatin1String("MINIMIZE"))
    , m_seed(seed)
{}

BayesianOptimizer::~BayesianOptimizer() = default;
BayesianOptimizer::BayesianOptimizer(BayesianOptimizer &&) noexcept = default;
BayesianOptimizer &BayesianOptimizer::operator=(BayesianOptimizer &&) noexcept = default;

int BayesianOptimizer::seedTrialCount() const
{
    return std::min(5, int(m_spec.params.size()) + 1);
}

TrialParameters BayesianOptimizer::suggest(int trialNumber, const QList<Observation> &observations,
                                           const QList<TrialParameters> &pending)
{
    // Observations the space can hold (a resumed study's trials are checked to match first).
    std::vector<Point> points;
    std::vector<std::optional<double>> labels;
    QList<TrialParameters> known;
    for (const Observation &o : observations) {
        std::optional<Point> p = m_space.toPoint(o.values);
        if (!p)
            continue;
        points.push_back(*p);
        labels.push_back(o.objective
                             ? std::optional<double>(m_minimize ? -*o.objective : *o.objective)
                             : std::nullopt);
        known.append(o.values);
    }
    std::vector<Point> pendingPoints;
    for (const TrialParameters &values : pending) {
        if (std::optional<Point> p = m_space.toPoint(values)) {
            pendingPoints.push_back(*p);
            known.append(values);
        }
    }

    // 1. Seed trials.
    if (int(points.size()) < seedTrialCount()) {
        if (points.empty() && pendingPoints.empty()) {
            m_reason = QCoreApplication::translate(
                "trainyard::service", "the centre of the search space (the first seed trial)");
            return m_space.toValues(m_space.centre());
        }
        std::mt19937_64 random(m_seed);
        random.discard(static_cast<unsigned long long>(std::max(0, trialNumber - 1)) *
                       static_cast<unsigned long long>(m_spec.params.size()));
        TrialParameters values;
        for (const jobspec::ParameterSpec &p : std::as_const(m_spec.params))
            values.append({p.parameterName, sampleParameter(p, random)});
        m_reason = QCoreApplication::translate(
                       "trainyard::service",
                       "a random seed trial (%1 of %2 trials end before the Gaussian process "
                       "takes over)")
                       .arg(points.size())
                       .arg(seedTrialCount());
        return values;
    }

    // Two streams: the fit's depends only on the observations (so a fit reused gives what a fit
    // made anew would), the candidates' on the trial number.
    std::mt19937_64 random(mix(m_seed ^ mix(quint64(trialNumber))));
    // 2. The process, fitted again only when trials ended since the last fit.
    if (!m_fit || m_fitObservations != int(points.size()) ||
        m_fitValues != known.mid(0, int(points.size()))) {
        const std::vector<double> warped = warpLabels(labels);
        std::mt19937_64 fitRandom(mix(m_seed ^ mix(0x5EEDULL + quint64(points.size()))));
        // The last fit's hyperparameters start the new one (one more trial changes them little):
        // one L-BFGS run from there instead of two from scratch.
        const GpHyperparameters previous = m_fit ? m_fit->hyperparameters() : GpHyperparameters();
        m_fit = std::make_unique<GaussianProcess>(GaussianProcess::fit(
            points, warped, fitRandom, m_fit ? 1 : 2, 30, m_fit ? &previous : nullptr));
        m_fitObservations = int(points.size());
        m_fitValues = known.mid(0, int(points.size()));
    }
    // 3. Pending trials at their predicted mean.
    GaussianProcess model = *m_fit;
    if (!pendingPoints.empty()) {
        Eigen::VectorXd mean;
        Eigen::VectorXd stddev;
        m_fit->predict(pendingPoints, &mean, &stddev);
        std::vector<Point> all = m_fit->points();
        std::vector<double> y = m_fit->labels();
        for (size_t i = 0; i < pendingPoints.size(); ++i) {
            all.push_back(pendingPoints[i]);
            y.push_back(mean[Eigen::Index(i)]);
        }
        model = GaussianProcess::condition(m_fit->hyperparameters(), all, y);
    }

    // 4. UCB in the trust region around the observations.
    std::vector<int> trusted; // continuous features that count for the trust region
    for (int i = 0; i < m_space.continuousCount(); ++i) {
        if (m_space.finelySpaced(i, 0.2))
            trusted.push_back(i);
    }
    const double dof = double(trusted.size()) + double(m_space.categoricalCount());
    const double radius = 0.2 + 0.3 * double(points.size()) / (5.0 * (dof + 1));
    const auto score = [&](std::vector<Point> &candidates) {
        std::vector<Scored> out;
        Eigen::VectorXd mean;
        Eigen::VectorXd stddev;
        model.predict(candidates, &mean, &stddev);
        for (size_t c = 0; c < candidates.size(); ++c) {
            Scored s{candidates[c], 0, mean[Eigen::Index(c)], stddev[Eigen::Index(c)]};
            s.score = s.mean + UcbCoefficient * s.stddev;
            if (radius <= 0.5 && !trusted.empty()) {
                double nearest = std::numeric_limits<double>::infinity();
                for (const Point &o : points) {
                    double d = 0;
                    for (int i : trusted)
                        d = std::max(d, std::abs(o.continuous[size_t(i)] -
                                                 candidates[c].continuous[size_t(i)]));
                    nearest = std::min(nearest, d);
                }
                if (nearest > radius)
                    s.score = -1e4 - nearest;
            }
            out.push_back(std::move(s));
        }
        return out;
    };

    // 5. Random candidates, then local moves around the best.
    std::vector<Point> candidates;
    candidates.reserve(RandomCandidates + points.size());
    for (int i = 0; i < RandomCandidates; ++i)
        candidates.push_back(m_space.randomPoint(random));
    // Around the best observations too: the trust region starts small.
    std::vector<size_t> order(points.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return labels[a].value_or(-1e300) > labels[b].value_or(-1e300);
    });
    std::vector<Scored> pool = score(candidates);
    constexpr int Elite = 8;
    constexpr int MovesPerElite = 24;
    double sigma = 0.1;
    for (int round = 0; round < LocalRounds; ++round, sigma *= 0.4) {
        std::partial_sort(pool.begin(), pool.begin() + std::min<size_t>(Elite, pool.size()),
                          pool.end(),
                          [](const Scored &a, const Scored &b) { return a.score > b.score; });
        std::vector<Point> moves;
        std::vector<const Point *> parents;
        for (size_t e = 0; e < std::min<size_t>(Elite, pool.size()); ++e)
            parents.push_back(&pool[e].point);
        if (round == 0) {
            for (size_t k = 0; k < std::min<size_t>(3, order.size()); ++k)
                parents.push_back(&points[order[k]]);
        }
        for (const Point *parent : parents) {
            for (int m = 0; m < MovesPerElite; ++m) {
                Point p = *parent;
                for (double &f : p.continuous)
                    f = std::clamp(f + sigma * standardNormal(random), 0.0, 1.0);
                if (!p.categorical.empty() && uniformUnit(random) < 0.25) {
                    const int which =
                        std::min(int(p.categorical.size()) - 1,
                                 int(uniformUnit(random) * double(p.categorical.size())));
                    const int count = m_space.categoryCount(which);
                    p.categorical[size_t(which)] =
                        std::min(count - 1, int(uniformUnit(random) * double(count)));
                }
                moves.push_back(m_space.snapped(p));
            }
        }
        std::vector<Scored> scored = score(moves);
        pool.insert(pool.end(), scored.begin(), scored.end());
    }
    std::sort(pool.begin(), pool.end(),
              [](const Scored &a, const Scored &b) { return a.score > b.score; });
    for (const Scored &s : pool) {
        const TrialParameters values = m_space.toValues(s.point);
        if (known.contains(values))
            continue; // already observed or running
        m_reason =
            QCoreApplication::translate(
                "trainyard::service", "UCB %1 (predicted %2 ± %3 in warped units) after %4 trials")
                .arg(QLocale::c().toString(s.score, 'g', 3), QLocale::c().toString(s.mean, 'g', 3),
                     QLocale::c().toString(s.stddev, 'g', 3))
                .arg(points.size());
        return values;
    }
    // Every candidate is a known point (a small grid that is used up): the best one again.
    m_reason = QCoreApplication::translate(
        "trainyard::service", "the best candidate again: every value nearby has been tried");
    return m_space.toValues(pool.front().point);
}

} // namespace trainyard::service::tuning
