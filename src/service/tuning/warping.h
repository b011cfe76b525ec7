// SPDX-License-Identifier: MIT
// The labels' warping before the Gaussian process sees them, as Vizier's default output warper
// (vizier/_src/algorithms/designers/gp/output_warpers.py, create_default_warper): the half-rank
// warp (the worse half of the labels moved by rank onto a normal curve with the better half's
// spread), the log warp (best 0.5, worst -0.5, differences among good values stretched, offset
// 1.5), and the infeasible warp (failed trials below the worst by half the range plus 1; every
// label shifted so that the expected value is 0). Labels are "higher is better" (a MINIMIZE
// goal is negated first); a failed trial is nullopt.
#pragma once

#include <optional>
#include <vector>

namespace trainyard::service::tuning {

std::vector<double> warpLabels(const std::vector<std::optional<double>> &labels);

// The standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9).
double normalQuantile(double p);

} // namespace trainyard::service::tuning
