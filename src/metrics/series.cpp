// SPDX-License-Identifier: MIT
#include "metrics/series.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trainyard::metrics {

QVector<double> smoothEma(const QVector<double> &values, double weight)
{
    weight = std::clamp(weight, 0.0, 0.999);
    if (weight <= 0.0)
        return values;
    QVector<double> out(values.size());
    double last = 0;
    double debias = 0;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (qsizetype i = 0; i < values.size(); ++i) {
        const double v = values.at(i);
        if (!std::isfinite(v)) {
            out[i] = v;
            continue;
        }
        last = last * weight + (1.0 - weight) * v;
        debias = debias * weight + (1.0 - weight);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        // A weighted mean of the values so far, also after rounding (docs/charts.md).
        out[i] = std::clamp(last / debias, lo, hi);
    }
    return out;
}

} // namespace trainyard::metrics
