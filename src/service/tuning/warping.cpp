// SPDX-License-Identifier: MIT
#include "service/tuning/warping.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trainyard::service::tuning {

namespace {

constexpr double Nan = std::numeric_limits<double>::quiet_NaN();

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// HalfRankComponent.warp: labels below the median are replaced by the normal quantile of their
// rank, scaled by the spread of the better half.
void halfRank(std::vector<double> &y)
{
    std::vector<double> finite;
    for (double v : y) {
        if (std::isfinite(v))
            finite.push_back(v);
    }
    if (finite.size() <= 1)
        return;
    const double med = median(finite);
    std::vector<double> unique = finite;
    std::sort(unique.begin(), unique.end());
    unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
    const size_t medianIndex =
        size_t(std::lower_bound(unique.begin(), unique.end(), med) - unique.begin());
    const double denominator =
        double(medianIndex) +
        (medianIndex < unique.size() && unique[medianIndex] == med ? 0.5 : 0.0);
    // The spread of the good half (labels at or above the median) around the median.
    double sum = 0;
    size_t count = 0;
    for (double v : unique) {
        if (v >= med) {
            sum += (v - med) * (v - med);
            ++count;
        }
    }
    double spread = count ? std::sqrt(sum / double(count)) : 0;
    if (!(spread > 0)) {
        sum = 0;
        for (double v : unique)
            sum += (v - med) * (v - med);
        spread = std::sqrt(sum / double(unique.size()));
    }
    if (!(spread > 0) || !(denominator > 0))
        return;
    for (double &v : y) {
        if (!std::isfinite(v) || v >= med)
            continue;
        // Dense rank, 1-based, among the finite labels.
        const double rank =
            double(std::lower_bound(unique.begin(), unique.end(), v) - unique.begin()) + 1;
        const double quantile = 0.5 * (rank - 0.5) / denominator;
        v = normalQuantile(quantile) * spread + med;
    }
}

// LogWarperComponent.warp with offset 1.5.
void logWarp(std::vector<double> &y)
{
    constexpr double Offset = 1.5;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (double v : y) {
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    for (double &v : y) {
        if (!std::isfinite(v))
            continue;
        const double diff = hi > lo ? (hi - v) / (hi - lo) : 0.0;
        v = 0.5 - std::log1p(diff * (Offset - 1)) / std::log(Offset);
    }
}

// InfeasibleWarperComponent.warp.
void infeasibleWarp(std::vector<double> &y)
{
    std::vector<double> finite;
    for (double v : y) {
        if (std::isfinite(v))
            finite.push_back(v);
    }
    if (finite.empty()) {
        std::fill(y.begin(), y.end(), 0.0);
        return;
    }
    const auto [lo, hi] = std::minmax_element(finite.begin(), finite.end());
    const double bad = *lo - (0.5 * (*hi - *lo) + 1);
    double mean = 0;
    for (double v : finite)
        mean += v;
    mean /= double(finite.size());
    const double pFeasible = (0.5 + double(finite.size())) / (1.0 + double(y.size()));
    const double shift = -mean * pFeasible - bad * (1 - pFeasible);
    for (double &v : y) {
        if (!std::isfinite(v))
            v = bad;
        v += shift;
    }
}

} // namespace

double normalQuantile(double p)
{
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    if (!(p > 0))
        return -std::numeric_limits<double>::infinity();
    if (!(p < 1))
        return std::numeric_limits<double>::infinity();
    constexpr double Low = 0.02425;
    if (p < Low) {
        const double q = std::sqrt(-2 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - Low)
        return -normalQuantile(1 - p);
    const double q = p - 0.5;
    const double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

std::vector<double> warpLabels(const std::vector<std::optional<double>> &labels)
{
    std::vector<double> y;
    y.reserve(labels.size());
    for (const std::optional<double> &l : labels)
        y.push_back(l && std::isfinite(*l) ? *l : Nan);
    halfRank(y);
    logWarp(y);
    infeasibleWarp(y);
    return y;
}

} // namespace trainyard::service::tuning
