// SPDX-License-Identifier: MIT
#include "service/tuning/space.h"

#include "service/trials.h"

#include <algorithm>
#include <cmath>

namespace trainyard::service::tuning {

namespace {

int scaleOf(const QString &scaleType)
{
    if (scaleType == QLatin1String("UNIT_LOG_SCALE"))
        return 1;
    if (scaleType == QLatin1String("UNIT_REVERSE_LOG_SCALE"))
        return 2;
    return 0;
}

} // namespace

double uniformUnit(std::mt19937_64 &random)
{
    return double(random() >> 11) * (1.0 / 9007199254740992.0);
}

double standardNormal(std::mt19937_64 &random)
{
    const double u1 = 1.0 - uniformUnit(random); // (0, 1]
    const double u2 = uniformUnit(random);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

SearchSpace::SearchSpace(const jobspec::HyperparameterSpec &spec)
{
    m_parameterCount = int(spec.params.size());
    for (int i = 0; i < spec.params.size(); ++i) {
        const jobspec::ParameterSpec &p = spec.params.at(i);
        if (p.type == QLatin1String("CATEGORICAL")) {
            m_categorical.push_back(Categorical{p.parameterName, p.categoricalValues, i});
            continue;
        }
        Continuous c;
        c.name = p.parameterName;
        c.type = p.type;
        c.specIndex = i;
        if (p.type == QLatin1String("DISCRETE")) {
            c.values = p.discreteValues;
            std::sort(c.values.begin(), c.values.end());
            c.min = c.values.constFirst();
            c.max = c.values.constLast();
        } else {
            c.min = p.minValue.value_or(0);
            c.max = p.maxValue.value_or(c.min);
            if (p.type == QLatin1String("INTEGER")) {
                c.min = std::ceil(c.min);
                c.max = std::max(c.min, std::floor(c.max));
            }
        }
        c.scale = c.min > 0 ? scaleOf(p.scaleType) : 0; // a log scale needs a positive range
        for (double v : std::as_const(c.values))
            c.valueFeatures.push_back(toFeature(c, v));
        m_continuous.push_back(c);
    }
}

double SearchSpace::toFeature(const Continuous &c, double value) const
{
    if (!(c.max > c.min))
        return 0.5;
    double f = 0;
    switch (c.scale) {
    case 1:
        f = (std::log(value) - std::log(c.min)) / (std::log(c.max) - std::log(c.min));
        break;
    case 2: // dense near max: the log of the distance from the top, mirrored
        f = 1.0 - (std::log(std::max(c.max + c.min - value, c.min)) - std::log(c.min)) /
                      (std::log(c.max) - std::log(c.min));
        break;
    default:
        f = (value - c.min) / (c.max - c.min);
    }
    return std::clamp(f, 0.0, 1.0);
}

double SearchSpace::fromFeature(const Continuous &c, double feature) const
{
    const double f = std::clamp(feature, 0.0, 1.0);
    if (!(c.max > c.min))
        return c.min;
    switch (c.scale) {
    case 1:
        return std::exp(std::log(c.min) + f * (std::log(c.max) - std::log(c.min)));
    case 2:
        return c.max + c.min -
               std::exp(std::log(c.min) + (1.0 - f) * (std::log(c.max) - std::log(c.min)));
    default:
        return c.min + f * (c.max - c.min);
    }
}

std::pair<double, double> SearchSpace::snap(const Continuous &c, double feature) const
{
    if (c.type == QLatin1String("DISCRETE")) {
        size_t best = 0;
        for (size_t k = 1; k < c.valueFeatures.size(); ++k) {
            if (std::abs(c.valueFeatures[k] - feature) < std::abs(c.valueFeatures[best] - feature))
                best = k;
        }
        return {c.valueFeatures[best], c.values.at(qsizetype(best))};
    }
    double value = std::clamp(fromFeature(c, feature), c.min, c.max);
    if (c.type == QLatin1String("INTEGER"))
        value = std::clamp(std::round(value), c.min, c.max);
    return {c.type == QLatin1String("INTEGER") ? toFeature(c, value)
                                               : std::clamp(feature, 0.0, 1.0),
            value};
}

bool SearchSpace::finelySpaced(int i, double maxGap) const
{
    const Continuous &c = m_continuous.at(size_t(i));
    if (c.type == QLatin1String("DOUBLE"))
        return true;
    if (c.type == QLatin1String("INTEGER")) {
        if (c.max - c.min < 1)
            return false; // one value
        // The widest gap between neighbouring whole numbers, in features.
        double widest = 0;
        const double span = c.max - c.min;
        for (double v : {c.min, c.max - 1}) // log scales: widest at an end
            widest = std::max(widest, std::abs(toFeature(c, v + 1) - toFeature(c, v)));
        return span >= 1 && widest <= maxGap;
    }
    if (c.valueFeatures.size() < 2)
        return false;
    for (size_t k = 1; k < c.valueFeatures.size(); ++k) {
        if (c.valueFeatures[k] - c.valueFeatures[k - 1] > maxGap)
            return false;
    }
    return true;
}

std::optional<Point> SearchSpace::toPoint(const TrialParameters &values) const
{
    const auto valueOf = [&values](const QString &name) -> std::optional<QString> {
        for (const auto &[n, v] : values) {
            if (n == name)
                return v;
        }
        return std::nullopt;
    };
    Point point;
    for (const Continuous &c : m_continuous) {
        const std::optional<QString> text = valueOf(c.name);
        bool ok = false;
        const double v = text ? text->toDouble(&ok) : 0;
        if (!ok || !std::isfinite(v) || v < c.min - 1e-9 * std::abs(c.min) ||
            v > c.max + 1e-9 * std::abs(c.max))
            return std::nullopt;
        point.continuous.push_back(toFeature(c, v));
    }
    for (const Categorical &c : m_categorical) {
        const std::optional<QString> text = valueOf(c.name);
        const qsizetype index = text ? c.values.indexOf(*text) : -1;
        if (index < 0)
            return std::nullopt;
        point.categorical.push_back(int(index));
    }
    return point;
}

TrialParameters SearchSpace::toValues(const Point &point) const
{
    std::vector<QPair<QString, QString>> bySpec(static_cast<size_t>(m_parameterCount));
    for (size_t i = 0; i < m_continuous.size(); ++i) {
        const Continuous &c = m_continuous[i];
        bySpec[size_t(c.specIndex)] = {c.name,
                                       formatParameterValue(snap(c, point.continuous[i]).second)};
    }
    for (size_t i = 0; i < m_categorical.size(); ++i) {
        const Categorical &c = m_categorical[i];
        const int index = std::clamp(point.categorical[i], 0, int(c.values.size()) - 1);
        bySpec[size_t(c.specIndex)] = {c.name, c.values.at(index)};
    }
    return TrialParameters(bySpec.cbegin(), bySpec.cend());
}

Point SearchSpace::snapped(const Point &point) const
{
    Point out = point;
    for (size_t i = 0; i < m_continuous.size(); ++i)
        out.continuous[i] = snap(m_continuous[i], point.continuous[i]).first;
    for (size_t i = 0; i < m_categorical.size(); ++i)
        out.categorical[i] =
            std::clamp(point.categorical[i], 0, int(m_categorical[i].values.size()) - 1);
    return out;
}

Point SearchSpace::centre() const
{
    Point p;
    p.continuous.assign(m_continuous.size(), 0.5);
    p.categorical.assign(m_categorical.size(), 0);
    return snapped(p);
}

Point SearchSpace::randomPoint(std::mt19937_64 &random) const
{
    Point p;
    for (size_t i = 0; i < m_continuous.size(); ++i)
        p.continuous.push_back(uniformUnit(random));
    for (const Categorical &c : m_categorical)
        p.categorical.push_back(
            std::min(int(c.values.size()) - 1, int(uniformUnit(random) * double(c.values.size()))));
    return snapped(p);
}

} // namespace trainyard::service::tuning
