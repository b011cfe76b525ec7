// SPDX-License-Identifier: MIT
// Helpers shared by the rule groups: field paths, name suggestions, list formatting.
#include "validation/rules.h"

#include <algorithm>
#include <vector>

namespace trainyard::validation::detail {

QString fieldPath(jobspec::Role role, const char *suffix)
{
    return QLatin1String("trainingInput.") + jobspec::roleKey(role) + QLatin1String(suffix);
}

QString roleTypeField(jobspec::Role role)
{
    return fieldPath(role, "Type");
}

QString roleCountField(jobspec::Role role)
{
    return fieldPath(role, "Count");
}

QString acceleratorField(jobspec::Role role, const char *leaf)
{
    return fieldPath(role, "Config.acceleratorConfig.") + QLatin1String(leaf);
}

namespace {

// Levenshtein distance, case-insensitive. Only used on error paths.
int editDistance(const QString &a, const QString &b)
{
    const qsizetype n = b.size();
    std::vector<int> row(std::size_t(n) + 1);
    for (qsizetype j = 0; j <= n; ++j)
        row[std::size_t(j)] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        const QChar ca = a.at(i - 1).toCaseFolded();
        for (qsizetype j = 1; j <= n; ++j) {
            const int above = row[std::size_t(j)];
            const int cost = ca == b.at(j - 1).toCaseFolded() ? 0 : 1;
            row[std::size_t(j)] =
                std::min({above + 1, row[std::size_t(j - 1)] + 1, diagonal + cost});
            diagonal = above;
        }
    }
    return row[std::size_t(n)];
}

} // namespace

QString closestMatch(const QString &word, const QStringList &candidates)
{
    if (word.isEmpty())
        return {};
    // Treat '-' and '_' alike: gcloud spells enums with hyphens ("basic-gpu" for BASIC_GPU).
    QString normalized = word;
    normalized.replace(QLatin1Char('-'), QLatin1Char('_'));
    const int threshold = std::max(2, int(word.size()) / 3);
    QString best;
    int bestDistance = threshold + 1;
    for (const QString &candidate : candidates) {
        QString c = candidate;
        c.replace(QLatin1Char('-'), QLatin1Char('_'));
        const int d = editDistance(normalized, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    }
    return best;
}

QString didYouMean(const QString &word, const QStringList &candidates)
{
    const QString best = closestMatch(word, candidates);
    if (best.isEmpty())
        return {};
    return QLatin1String("; ") +
           QCoreApplication::translate("trainyard::Validation", "did you mean %1?").arg(best);
}

QString joinNames(const QStringList &names)
{
    return names.join(QLatin1String(", "));
}

QString joinCounts(const QList<int> &counts)
{
    QString out;
    for (int c : counts) {
        if (!out.isEmpty())
            out += QLatin1String(", ");
        out += QString::number(c);
    }
    return out;
}

QString quoted(const QString &value)
{
    return QLatin1Char('\'') + value + QLatin1Char('\'');
}

QString shortName(const catalog::AcceleratorType &acc)
{
    const qsizetype space = acc.displayName.lastIndexOf(QLatin1Char(' '));
    if (space >= 0 && space + 1 < acc.displayName.size())
        return acc.displayName.mid(space + 1);
    return acc.type;
}

} // namespace trainyard::validation::detail
