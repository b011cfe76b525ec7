// SPDX-License-Identifier: MIT
#include "service/tuning/earlystopping.h"

#include <algorithm>
#include <vector>

namespace trainyard::service::tuning {

StoppingVerdict medianStoppingRule(const Curve &running, const QList<Curve> &completed,
                                   bool minimize)
{
    StoppingVerdict verdict;
    if (running.size() < MinReports)
        return verdict;
    verdict.step = running.constLast().step;
    verdict.best = running.constFirst().value;
    for (const Report &r : running)
        verdict.best = minimize ? std::min(verdict.best, r.value) : std::max(verdict.best, r.value);
    std::vector<double> averages;
    for (const Curve &c : completed) {
        double sum = 0;
        int count = 0;
        for (const Report &r : c) {
            if (r.step > verdict.step)
                break;
            sum += r.value;
            ++count;
        }
        if (count > 0)
            averages.push_back(sum / count);
    }
    verdict.compared = int(averages.size());
    if (verdict.compared < MinCompletedTrials)
        return verdict;
    std::sort(averages.begin(), averages.end());
    const size_t n = averages.size();
    verdict.median = n % 2 ? averages[n / 2] : 0.5 * (averages[n / 2 - 1] + averages[n / 2]);
    verdict.stop = minimize ? verdict.best > verdict.median : verdict.best < verdict.median;
    return verdict;
}

void mergeReports(Curve *curve, const Curve &more)
{
    for (const Report &r : more) {
        auto it = std::lower_bound(curve->begin(), curve->end(), r.step,
                                   [](const Report &a, qint64 step) { return a.step < step; });
        if (it != curve->end() && it->step == r.step)
            it->value = r.value;
        else
            curve->insert(qsizetype(it - curve->begin()), r);
    }
}

} // namespace trainyard::service::tuning
