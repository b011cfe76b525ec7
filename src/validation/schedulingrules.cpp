// SPDX-License-Identifier: MIT
// Scheduling rules (docs/service.md §9): durations in the protobuf form "7200s", maxWaitTime at
// least 1800s, priority 0–1000.
#include "validation/limits.h"
#include "validation/rules.h"

#include <limits>
#include <optional>

namespace trainyard::validation::detail {

namespace {

// Whole seconds of a protobuf Duration ("3600s", "1.5s"), or nothing when malformed.
std::optional<qint64> parseDuration(const QString &text)
{
    qsizetype i = 0;
    const qsizetype n = text.size();
    qint64 seconds = 0;
    qsizetype digits = 0;
    for (; i < n && text.at(i).isDigit() && text.at(i).unicode() < 0x80; ++i) {
        if (seconds > (std::numeric_limits<qint64>::max() - 9) / 10)
            return std::nullopt;
        seconds = seconds * 10 + (text.at(i).unicode() - u'0');
        ++digits;
    }
    if (digits == 0)
        return std::nullopt;
    if (i < n && text.at(i) == QLatin1Char('.')) {
        ++i;
        qsizetype fraction = 0;
        for (; i < n && text.at(i) >= QLatin1Char('0') && text.at(i) <= QLatin1Char('9'); ++i)
            ++fraction;
        if (fraction == 0 || fraction > 9)
            return std::nullopt;
    }
    if (i + 1 != n || text.at(i) != QLatin1Char('s'))
        return std::nullopt;
    return seconds;
}

std::optional<qint64> checkDuration(Context &ctx, const QString &value, const char *name)
{
    if (value.isEmpty())
        return std::nullopt;
    const std::optional<qint64> seconds = parseDuration(value);
    if (!seconds) {
        ctx.error(QLatin1String("trainingInput.scheduling.") + QLatin1String(name),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "%1 %2 is not a duration: write seconds followed by 's', e.g. "
                      "7200s for two hours")
                      .arg(QLatin1String(name), quoted(value)));
    }
    return seconds;
}

} // namespace

void checkScheduling(Context &ctx)
{
    if (!ctx.input.scheduling)
        return;
    const jobspec::Scheduling &s = *ctx.input.scheduling;
    checkDuration(ctx, s.maxRunningTime, "maxRunningTime");
    const std::optional<qint64> wait = checkDuration(ctx, s.maxWaitTime, "maxWaitTime");
    if (wait && *wait < limits::maxWaitTimeMinSeconds) {
        ctx.error(QStringLiteral("trainingInput.scheduling.maxWaitTime"),
                  QCoreApplication::translate("trainyard::Validation",
                                              "maxWaitTime is %1; the minimum is %2s")
                      .arg(s.maxWaitTime, QString::number(limits::maxWaitTimeMinSeconds)));
    }
    if (s.priority && (*s.priority < limits::priorityMin || *s.priority > limits::priorityMax)) {
        ctx.error(QStringLiteral("trainingInput.scheduling.priority"),
                  QCoreApplication::translate("trainyard::Validation",
                                              "priority is %1; use a value from %2 to %3")
                      .arg(QString::number(*s.priority), QString::number(limits::priorityMin),
                           QString::number(limits::priorityMax)));
    }
    if (s.restartJobOnWorkerRestart) {
        ctx.warning(QStringLiteral("trainingInput.scheduling.restartJobOnWorkerRestart"),
                    QCoreApplication::translate(
                        "trainyard::Validation",
                        "a Vertex AI setting: AI Platform Training (gcloud ai-platform) does not "
                        "know it; the local run and the Vertex AI hand-off follow it"));
    }
}

} // namespace trainyard::validation::detail
