// SPDX-License-Identifier: MIT
#include "service/tuning/study.h"

#include "service/trials.h"

#include <QCoreApplication>
#include <algorithm>

namespace trainyard::service::tuning {

namespace {

// lupdate files a free function's tr() under the enclosing namespace.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::service::tuning", text);
}

QString orDefault(const QString &value, const char *fallback)
{
    return value.isEmpty() ? QLatin1String(fallback) : value;
}

QString scaleOf(const jobspec::ParameterSpec &p)
{
    return p.scaleType.isEmpty() ? QStringLiteral("NONE") : p.scaleType;
}

QString describe(const jobspec::ParameterSpec &p)
{
    if (p.type == QLatin1String("CATEGORICAL"))
        return QStringLiteral("CATEGORICAL [%1]")
            .arg(p.categoricalValues.join(QStringLiteral(", ")));
    if (p.type == QLatin1String("DISCRETE")) {
        QStringList values;
        for (double v : p.discreteValues)
            values << formatParameterValue(v);
        return QStringLiteral("DISCRETE [%1] %2")
            .arg(values.join(QStringLiteral(", ")), scaleOf(p));
    }
    return QStringLiteral("%1 %2..%3 %4")
        .arg(p.type, p.minValue ? formatParameterValue(*p.minValue) : QStringLiteral("?"),
             p.maxValue ? formatParameterValue(*p.maxValue) : QStringLiteral("?"), scaleOf(p));
}

} // namespace

QStringList studyDifferences(const jobspec::HyperparameterSpec &now,
                             const jobspec::HyperparameterSpec &previous)
{
    QStringList out;
    const QString goal = orDefault(now.goal, "MAXIMIZE");
    const QString previousGoal = orDefault(previous.goal, "MAXIMIZE");
    if (goal != previousGoal)
        out << tr("goal: %1 here, %2 in the previous job").arg(goal, previousGoal);
    const QString tag = orDefault(now.hyperparameterMetricTag, "training/hptuning/metric");
    const QString previousTag =
        orDefault(previous.hyperparameterMetricTag, "training/hptuning/metric");
    if (tag != previousTag)
        out << tr("hyperparameterMetricTag: %1 here, %2 in the previous job").arg(tag, previousTag);
    for (const jobspec::ParameterSpec &p : now.params) {
        auto it = std::find_if(
            previous.params.cbegin(), previous.params.cend(),
            [&p](const jobspec::ParameterSpec &q) { return q.parameterName == p.parameterName; });
        if (it == previous.params.cend())
            out << tr("parameter %1: not in the previous job").arg(p.parameterName);
        else if (describe(*it) != describe(p))
            out << tr("parameter %1: %2 here, %3 in the previous job")
                       .arg(p.parameterName, describe(p), describe(*it));
    }
    for (const jobspec::ParameterSpec &q : previous.params) {
        const bool kept = std::any_of(
            now.params.cbegin(), now.params.cend(),
            [&q](const jobspec::ParameterSpec &p) { return p.parameterName == q.parameterName; });
        if (!kept)
            out << tr("parameter %1: only in the previous job").arg(q.parameterName);
    }
    return out;
}

} // namespace trainyard::service::tuning
