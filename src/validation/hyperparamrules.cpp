// SPDX-License-Identifier: MIT
// Hyperparameter tuning rules (docs/service.md §12): goal, algorithm, trial counts, and each
// parameter's type, range, values and scale.
#include "validation/limits.h"
#include "validation/rules.h"

#include <cmath>
#include <vector>

namespace trainyard::validation::detail {

namespace {

const QLatin1String hpPrefix("trainingInput.hyperparameters.");

QString hpField(const char *leaf)
{
    return hpPrefix + QLatin1String(leaf);
}

QString paramField(qsizetype i, const char *leaf)
{
    return hpPrefix + QLatin1String("params[") + QString::number(i) + QLatin1String("].") +
           QLatin1String(leaf);
}

QString num(double v)
{
    return QString::number(v, 'g', 12);
}

bool is(const QString &value, std::string_view name)
{
    return limits::equals(value, name);
}

void checkRange(Context &ctx, qsizetype i, const jobspec::ParameterSpec &p, bool integer)
{
    if (!p.minValue || !p.maxValue) {
        ctx.error(paramField(i, p.minValue ? "maxValue" : "minValue"),
                  QCoreApplication::translate("trainyard::Validation",
                                              "parameter %1 of type %2 needs minValue and maxValue")
                      .arg(quoted(p.parameterName), p.type));
        return;
    }
    const double lo = *p.minValue;
    const double hi = *p.maxValue;
    if (integer) {
        for (const auto &[value, leaf] : {std::pair{lo, "minValue"}, std::pair{hi, "maxValue"}}) {
            if (std::trunc(value) != value) {
                ctx.error(paramField(i, leaf),
                          QCoreApplication::translate(
                              "trainyard::Validation",
                              "%1 of INTEGER parameter %2 is %3; use a whole number")
                              .arg(QLatin1String(leaf), quoted(p.parameterName), num(value)));
            }
        }
    }
    if (lo == hi) {
        ctx.warning(paramField(i, "maxValue"),
                    QCoreApplication::translate("trainyard::Validation",
                                                "parameter %1: minValue and maxValue are both %2, "
                                                "which pins the value: every trial gets %2")
                        .arg(quoted(p.parameterName), num(lo)));
    } else if (!(lo < hi)) {
        ctx.error(
            paramField(i, "maxValue"),
            QCoreApplication::translate("trainyard::Validation",
                                        "parameter %1: minValue %2 must be less than maxValue %3")
                .arg(quoted(p.parameterName), num(lo), num(hi)));
    }
    if (limits::contains(limits::logScaleTypes, p.scaleType) && !(lo > 0)) {
        ctx.error(paramField(i, "scaleType"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "parameter %1: %2 needs a positive range, but minValue is %3: "
                      "raise minValue above 0 or use UNIT_LINEAR_SCALE")
                      .arg(quoted(p.parameterName), p.scaleType, num(lo)));
    }
}

void checkCategorical(Context &ctx, qsizetype i, const jobspec::ParameterSpec &p)
{
    const QStringList &values = p.categoricalValues;
    if (values.isEmpty()) {
        ctx.error(paramField(i, "categoricalValues"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "CATEGORICAL parameter %1 needs categoricalValues, e.g. [adam, "
                      "sgd]")
                      .arg(quoted(p.parameterName)));
        return;
    }
    for (qsizetype a = 1; a < values.size(); ++a) {
        for (qsizetype b = 0; b < a; ++b) {
            if (values.at(a) == values.at(b)) {
                ctx.error(paramField(i, "categoricalValues"),
                          QCoreApplication::translate(
                              "trainyard::Validation",
                              "parameter %1 lists %2 twice; categorical values must be "
                              "unique")
                              .arg(quoted(p.parameterName), quoted(values.at(a))));
                return;
            }
        }
    }
}

void checkDiscrete(Context &ctx, qsizetype i, const jobspec::ParameterSpec &p)
{
    const QList<double> &values = p.discreteValues;
    if (values.isEmpty()) {
        ctx.error(paramField(i, "discreteValues"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "DISCRETE parameter %1 needs discreteValues in increasing order, "
                      "e.g. [16, 32, 64]")
                      .arg(quoted(p.parameterName)));
        return;
    }
    if (values.size() > limits::discreteValuesMax) {
        ctx.error(
            paramField(i, "discreteValues"),
            QCoreApplication::translate("trainyard::Validation",
                                        "parameter %1 has %2 discrete values; the maximum is %3")
                .arg(quoted(p.parameterName), QString::number(values.size()),
                     QString::number(limits::discreteValuesMax)));
    }
    for (qsizetype k = 1; k < values.size(); ++k) {
        if (!(values.at(k - 1) < values.at(k))) {
            ctx.error(paramField(i, "discreteValues"),
                      QCoreApplication::translate(
                          "trainyard::Validation",
                          "discreteValues of parameter %1 must be strictly increasing: "
                          "%2 follows %3")
                          .arg(quoted(p.parameterName), num(values.at(k)), num(values.at(k - 1))));
            break;
        }
    }
    if (limits::contains(limits::logScaleTypes, p.scaleType) && !(values.first() > 0)) {
        ctx.error(paramField(i, "scaleType"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "parameter %1: %2 needs positive values, but the smallest is %3: "
                      "use UNIT_LINEAR_SCALE or positive values")
                      .arg(quoted(p.parameterName), p.scaleType, num(values.first())));
    }
}

// A cheap key of a name (its length, first and last character): names are compared in full only
// when their keys agree (20 parameters are 190 pairs).
quint64 nameKey(const QString &name)
{
    if (name.isEmpty())
        return 0;
    return quint64(name.size()) << 32 | quint64(name.front().unicode()) << 16 |
           name.back().unicode();
}

// nameKeys[k]: nameKey of params[k].parameterName.
void checkParameter(Context &ctx, const jobspec::HyperparameterSpec &hp, qsizetype i,
                    const std::vector<quint64> &nameKeys)
{
    const jobspec::ParameterSpec &p = hp.params.at(i);
    if (p.parameterName.isEmpty()) {
        ctx.error(paramField(i, "parameterName"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "parameterName is required: the name your trainer receives as "
                      "--<name>=<value>"));
    } else {
        const quint64 key = nameKeys[std::size_t(i)];
        for (qsizetype k = 0; k < i; ++k) {
            if (nameKeys[std::size_t(k)] == key &&
                hp.params.at(k).parameterName == p.parameterName) {
                ctx.error(
                    paramField(i, "parameterName"),
                    QCoreApplication::translate("trainyard::Validation",
                                                "parameter %1 is already defined by params[%2]; "
                                                "parameter names must be unique")
                        .arg(quoted(p.parameterName), QString::number(k)));
                break;
            }
        }
    }

    if (!p.scaleType.isEmpty() && !limits::contains(limits::scaleTypes, p.scaleType)) {
        ctx.error(
            paramField(i, "scaleType"),
            QCoreApplication::translate("trainyard::Validation", "unknown scaleType %1; valid: %2")
                .arg(quoted(p.scaleType), joinedNames<limits::scaleTypes>()));
    }

    if (p.type.isEmpty()) {
        ctx.error(paramField(i, "type"), QCoreApplication::translate("trainyard::Validation",
                                                                     "type is required: one of %1")
                                             .arg(joinedNames<limits::parameterTypes>()));
    } else if (is(p.type, limits::typeDouble)) {
        checkRange(ctx, i, p, false);
    } else if (is(p.type, limits::typeInteger)) {
        checkRange(ctx, i, p, true);
    } else if (is(p.type, limits::typeCategorical)) {
        checkCategorical(ctx, i, p);
    } else if (is(p.type, limits::typeDiscrete)) {
        checkDiscrete(ctx, i, p);
    } else {
        ctx.error(paramField(i, "type"),
                  QCoreApplication::translate("trainyard::Validation",
                                              "unknown parameter type %1; valid: %2")
                      .arg(quoted(p.type), joinedNames<limits::parameterTypes>()));
    }

    if (is(hp.algorithm, limits::gridSearch) && !p.type.isEmpty() &&
        limits::contains(limits::parameterTypes, p.type) &&
        !limits::contains(limits::gridSearchTypes, p.type)) {
        ctx.error(
            paramField(i, "type"),
            QCoreApplication::translate("trainyard::Validation",
                                        "GRID_SEARCH cannot search the %1 parameter %2: use %3 "
                                        "parameters, or another algorithm")
                .arg(p.type, quoted(p.parameterName), joinedNames<limits::gridSearchTypes>()));
    }
}

} // namespace

void checkHyperparameters(Context &ctx)
{
    if (!ctx.input.hyperparameters)
        return;
    const jobspec::HyperparameterSpec &hp = *ctx.input.hyperparameters;

    if (!hp.goal.isEmpty() && !limits::contains(limits::goals, hp.goal)) {
        ctx.error(hpField("goal"),
                  QCoreApplication::translate("trainyard::Validation", "unknown goal %1; use %2")
                      .arg(quoted(hp.goal), joinedNames<limits::goals>()));
    }
    if (hp.params.isEmpty()) {
        ctx.error(hpField("params"),
                  QCoreApplication::translate("trainyard::Validation",
                                              "hyperparameters need at least one parameter "
                                              "in params to tune"));
    }
    std::vector<quint64> nameKeys;
    nameKeys.reserve(std::size_t(hp.params.size()));
    for (const jobspec::ParameterSpec &p : hp.params)
        nameKeys.push_back(nameKey(p.parameterName));
    for (qsizetype i = 0; i < hp.params.size(); ++i)
        checkParameter(ctx, hp, i, nameKeys);

    // 0 is the int64 zero value, which the service reads as unset: its default of 1.
    const qint64 maxTrials = hp.maxTrials.value_or(1) == 0 ? 1 : hp.maxTrials.value_or(1);
    if (hp.maxTrials && *hp.maxTrials < 0) {
        ctx.error(hpField("maxTrials"),
                  QCoreApplication::translate("trainyard::Validation",
                                              "maxTrials is %1; it must be at least 1")
                      .arg(*hp.maxTrials));
    }
    if (hp.maxParallelTrials && *hp.maxParallelTrials != 0) {
        if (*hp.maxParallelTrials < 1) {
            ctx.error(hpField("maxParallelTrials"),
                      QCoreApplication::translate("trainyard::Validation",
                                                  "maxParallelTrials is %1; it must be at least 1")
                          .arg(*hp.maxParallelTrials));
        } else if (maxTrials >= 1 && *hp.maxParallelTrials > maxTrials) {
            ctx.warning(
                hpField("maxParallelTrials"),
                QCoreApplication::translate(
                    "trainyard::Validation",
                    "maxParallelTrials (%1) is greater than maxTrials (%2); at "
                    "most %2 trials run in parallel")
                    .arg(QString::number(*hp.maxParallelTrials), QString::number(maxTrials)));
        }
    }
    if (hp.maxFailedTrials && *hp.maxFailedTrials < 0) {
        ctx.error(hpField("maxFailedTrials"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "maxFailedTrials is %1; use 0 (the service decides) or more")
                      .arg(*hp.maxFailedTrials));
    }
    if (!hp.algorithm.isEmpty() && !limits::contains(limits::algorithms, hp.algorithm)) {
        ctx.error(
            hpField("algorithm"),
            QCoreApplication::translate("trainyard::Validation", "unknown algorithm %1; valid: %2")
                .arg(quoted(hp.algorithm), joinedNames<limits::algorithms>()));
    }
}

} // namespace trainyard::validation::detail
