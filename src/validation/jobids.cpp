// SPDX-License-Identifier: MIT
#include "validation/jobids.h"

#include "validation/limits.h"

#include <QRegularExpression>
#include <algorithm>
#include <limits>

namespace trainyard::validation {

namespace {

constexpr int MaxNumber = 999;

bool isLetter(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
           (c >= QLatin1Char('A') && c <= QLatin1Char('Z'));
}

bool isDigit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

// `stem` + `suffix`, the stem shortened so that the whole keeps the length limit.
QString withSuffix(const QString &stem, const QString &suffix)
{
    return stem.left(limits::jobIdMaxLength - suffix.size()) + suffix;
}

// The first of stem+suffix(n), n = first, first + 1, ... that is not taken; empty past `last`.
QString firstFree(const QString &stem, const QString &suffixFormat, int first, int last,
                  const JobIdTaken &taken)
{
    for (int n = first; n <= last; ++n) {
        const QString candidate = withSuffix(stem, suffixFormat.arg(n));
        if (!taken(candidate))
            return candidate;
    }
    return {};
}

} // namespace

QString jobIdStem(const QString &text, const QString &fallback)
{
    QString out;
    for (QChar c : text) {
        if (isLetter(c) || (!out.isEmpty() && (isDigit(c) || c == QLatin1Char('_'))))
            out.append(c);
        else if (!out.isEmpty() && (c == QLatin1Char('.') || c == QLatin1Char('-')))
            out.append(QLatin1Char('_'));
    }
    // Drop a timestamp (and number) an earlier generated ID left.
    static const QRegularExpression stamp(QStringLiteral("_\\d{8}_\\d{6}(_\\d+)?$"));
    out.remove(stamp);
    while (out.endsWith(QLatin1Char('_')))
        out.chop(1);
    return out.isEmpty() ? fallback : out;
}

QString freeJobId(const QString &wanted, const JobIdTaken &taken, int from)
{
    if (from <= 1 && !taken(wanted))
        return wanted;
    return firstFree(wanted, QStringLiteral("_%1"), std::max(2, from), MaxNumber, taken);
}

QString stampedJobId(const QString &stem, const QDateTime &now, const JobIdTaken &taken, int from)
{
    const QString stamp = now.toString(QStringLiteral("_yyyyMMdd_HHmmss"));
    // Room for the stamp and a "_NNN" number.
    const qsizetype room = limits::jobIdMaxLength - stamp.size() - 4;
    const QString id = stem.left(room) + stamp;
    const QString free = freeJobId(id, taken, from);
    return free.isEmpty() ? id : free;
}

QString rerunJobId(const QString &jobId, const JobIdTaken &taken)
{
    static const QRegularExpression runNumber(QStringLiteral("_run\\d+$"));
    QString stem = jobId;
    stem.remove(runNumber);
    return firstFree(stem, QStringLiteral("_run%1"), 2, std::numeric_limits<int>::max() - 1, taken);
}

} // namespace trainyard::validation
