// SPDX-License-Identifier: MIT
#include "wizard/jobidsuggest.h"

#include "validation/limits.h"

#include <QRegularExpression>

namespace trainyard::ui::wizard {

namespace {

QString cleaned(const QString &text)
{
    QString out;
    for (QChar c : text) {
        const bool letter = (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
                            (c >= QLatin1Char('A') && c <= QLatin1Char('Z'));
        const bool digit = c >= QLatin1Char('0') && c <= QLatin1Char('9');
        if (letter || (!out.isEmpty() && (digit || c == QLatin1Char('_'))))
            out.append(c);
        else if (!out.isEmpty() && (c == QLatin1Char('.') || c == QLatin1Char('-')))
            out.append(QLatin1Char('_'));
    }
    // Drop a timestamp (and uniqueness suffix) an earlier suggestion left.
    static const QRegularExpression stamp(QStringLiteral("_\\d{8}_\\d{6}(_\\d+)?$"));
    out.remove(stamp);
    while (out.endsWith(QLatin1Char('_')))
        out.chop(1);
    return out;
}

} // namespace

QString suggestionBase(const QString &currentId, const QString &pythonModule)
{
    QString base = cleaned(currentId);
    if (base.isEmpty())
        base = cleaned(pythonModule);
    return base.isEmpty() ? QStringLiteral("job") : base;
}

QString suggestJobId(const QString &base, const QDateTime &now, const QSet<QString> &existing)
{
    const QString stamp = now.toString(QStringLiteral("_yyyyMMdd_HHmmss"));
    // Room for the stamp and a "_NNN" uniqueness suffix.
    const qsizetype room = validation::limits::jobIdMaxLength - stamp.size() - 4;
    const QString id = base.left(room) + stamp;
    if (!existing.contains(id))
        return id;
    for (int n = 2; n < 1000; ++n) {
        const QString candidate = id + QLatin1Char('_') + QString::number(n);
        if (!existing.contains(candidate))
            return candidate;
    }
    return id;
}

} // namespace trainyard::ui::wizard
