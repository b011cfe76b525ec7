// SPDX-License-Identifier: MIT
// enableTrialEarlyStopping run locally: the median stopping rule, as the service's own stopping
// rule names it (AI Platform's AutomatedStoppingConfig.MedianAutomatedStoppingConfig, Vertex
// AI's StudySpec.MedianAutomatedStoppingSpec, from Golovin et al., "Google Vizier: A Service for
// Black-Box Optimization", KDD 2017, §3.2.2): a running trial is stopped when its best
// objective so far is strictly worse than the median of the completed trials' running averages
// of the objective reported up to the same step (global_step of the hypertune reports).
// Minimums, as Katib's medianstop defaults them (min_trials_required 3, start_step 4): at
// least MinCompletedTrials completed trials that reported by that step, and at least
// MinReports reports of the trial judged. "Completed" trials are those that ran to their end
// (SUCCEEDED and not stopped early).
#pragma once

#include <QList>
#include <QString>

namespace trainyard::service::tuning {

// One hypertune report of the objective.
struct Report
{
    qint64 step = 0;
    double value = 0;
    bool operator==(const Report &o) const { return step == o.step && value == o.value; }
};
using Curve = QList<Report>; // steps ascending

struct StoppingVerdict
{
    bool stop = false;
    qint64 step = 0;   // the judged trial's last step
    double best = 0;   // its best objective so far
    double median = 0; // the completed trials' median running average up to that step
    int compared = 0;  // how many completed trials it was compared with
};

constexpr int MinCompletedTrials = 3;
constexpr int MinReports = 4;

StoppingVerdict medianStoppingRule(const Curve &running, const QList<Curve> &completed,
                                   bool minimize);

// Adds reports to a curve (the hypertune file keeps only its last 100 entries: what was read
// before stays), one value per step (the latest report of a step wins), steps ascending.
void mergeReports(Curve *curve, const Curve &more);

} // namespace trainyard::service::tuning
