// SPDX-License-Identifier: MIT
// A tuning job's search space as the optimiser sees it (docs/service.md §12), as Vizier's
// converters map a study's parameters to model features (vizier/pyvizier/converters/core.py,
// `TrialToArrayConverter(scale=True, max_discrete_indices=0)`):
//  - DOUBLE and INTEGER: one continuous feature in [0, 1] along the parameter's scale
//    (UNIT_LINEAR_SCALE or NONE: linear; UNIT_LOG_SCALE: log, dense near minValue;
//    UNIT_REVERSE_LOG_SCALE: dense near maxValue); an INTEGER is rounded in the parameter's own
//    units and its feature is that of the whole number.
//  - DISCRETE: "continuified", one continuous feature of its values' range on the same scales;
//    a feature snaps to the nearest of its values.
//  - CATEGORICAL: one categorical feature (the index of its value); the kernel compares it by
//    equality (gp.h), which is a one-hot encoding with a length scale per parameter.
// Pure and cheap: no I/O.
#pragma once

#include "jobspec/job.h"

#include <QList>
#include <QPair>
#include <QString>
#include <optional>
#include <random>
#include <vector>

namespace trainyard::service {

using TrialParameters = QList<QPair<QString, QString>>; // name -> value, in the spec's order

namespace tuning {

// A point of the space: continuous features in [0, 1], categorical indices.
struct Point
{
    std::vector<double> continuous;
    std::vector<int> categorical;

    bool operator==(const Point &o) const
    {
        return continuous == o.continuous && categorical == o.categorical;
    }
};

class SearchSpace
{
public:
    // `spec`'s parameters must be usable (service::planTrials checks them first).
    explicit SearchSpace(const jobspec::HyperparameterSpec &spec);

    int continuousCount() const { return int(m_continuous.size()); }
    int categoricalCount() const { return int(m_categorical.size()); }
    // Number of values of categorical feature i.
    int categoryCount(int i) const { return int(m_categorical.at(size_t(i)).values.size()); }
    // Whether continuous feature i counts for the trust region: DOUBLE always, INTEGER and
    // DISCRETE when no two neighbouring values are further apart than `maxGap` in features
    // (Vizier's TrustRegion leaves out parameters with large gaps).
    bool finelySpaced(int i, double maxGap) const;

    // The features of a trial's values; nullopt when a value is not one of the space's (a
    // previous job's trial outside the range is then no observation).
    std::optional<Point> toPoint(const TrialParameters &values) const;
    // The values of a point, snapped to what the parameters take, as the service shows them.
    TrialParameters toValues(const Point &point) const;
    // The point moved onto what the parameters take (rounded integers, discrete values).
    Point snapped(const Point &point) const;
    // The centre of the space (every feature 0.5, the first category), snapped.
    Point centre() const;
    // A uniform random point (features uniform in [0, 1], categories uniform), snapped.
    Point randomPoint(std::mt19937_64 &random) const;

private:
    struct Continuous
    {
        QString name;
        QString type;   // DOUBLE, INTEGER or DISCRETE
        double min = 0; // in the parameter's units
        double max = 0;
        int scale = 0;                     // 0 linear, 1 log, 2 reverse log
        QList<double> values;              // DISCRETE: sorted; INTEGER: empty (every whole number)
        std::vector<double> valueFeatures; // DISCRETE: the features of values
        int specIndex = 0;
    };
    struct Categorical
    {
        QString name;
        QStringList values;
        int specIndex = 0;
    };

    double toFeature(const Continuous &c, double value) const;
    double fromFeature(const Continuous &c, double feature) const;
    // The feature snapped to a value the parameter takes, and that value.
    std::pair<double, double> snap(const Continuous &c, double feature) const;

    std::vector<Continuous> m_continuous;
    std::vector<Categorical> m_categorical;
    int m_parameterCount = 0;
};

// Uniform in [0, 1) from the generator's 64 bits (the standard distributions differ between
// library implementations; this does not).
double uniformUnit(std::mt19937_64 &random);
// A standard normal number from two uniform ones (Box-Muller), the same everywhere.
double standardNormal(std::mt19937_64 &random);

} // namespace tuning
} // namespace trainyard::service
