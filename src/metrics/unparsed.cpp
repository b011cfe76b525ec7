// SPDX-License-Identifier: MIT
#include "metrics/unparsed.h"

#include "metrics/lineforms.h"
#include "metrics/metricstore.h"
#include "store/atomicwrite.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <cstring>

namespace trainyard::metrics {

namespace {

const QString UnparsedFile = QStringLiteral("unparsed.json");

using forms::isDigit;
using forms::isNameStart;

bool isLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool endsToken(const char *p, const char *end)
{
    return p == end || *p == ' ' || *p == '\t' || *p == ',' || *p == ';' || *p == ')' ||
           *p == ']' || *p == '|' || *p == '\r' || *p == '}' || *p == '\'' || *p == '"';
}

// The line's text as a regex matches it literally (only the metacharacters escaped, so the
// pattern stays readable).
QString literal(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (QStringLiteral("\\.^$|?*+()[]{}").contains(c))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

} // namespace

bool looksLikeMetrics(const char *line, qsizetype size)
{
    const char *const begin = line;
    const char *const end = line + size;
    for (const char *dot = static_cast<const char *>(std::memchr(begin, '.', std::size_t(size)));
         dot;
         dot = static_cast<const char *>(std::memchr(dot + 1, '.', std::size_t(end - dot - 1)))) {
        if (dot == begin || dot + 1 >= end || !isDigit(dot[-1]) || !isDigit(dot[1]))
            continue;
        // The whole number: digits '.' digits [e[+-]digits], then the end of a token.
        const char *first = dot;
        while (first > begin && isDigit(first[-1]))
            --first;
        if (first > begin && (first[-1] == '-' || first[-1] == '+'))
            --first;
        const char *last = dot + 1;
        while (last < end && isDigit(*last))
            ++last;
        if (last + 1 < end && (*last == 'e' || *last == 'E')) {
            const char *exp = last + 1;
            if (*exp == '-' || *exp == '+')
                ++exp;
            if (exp < end && isDigit(*exp)) {
                last = exp;
                while (last < end && isDigit(*last))
                    ++last;
            }
        }
        if (!endsToken(last, end))
            continue; // a version (3.11.2), a time (0.5s), a path
        // Before it: a separator of at most three characters (blanks, ':', '=') and a name.
        const char *p = first;
        int separators = 0;
        while (p > begin && separators < 3 && (p[-1] == ' ' || p[-1] == ':' || p[-1] == '=')) {
            --p;
            ++separators;
        }
        if (separators == 0 && !(p > begin && (p[-1] == '\'' || p[-1] == '"')))
            continue;
        if (p > begin && (p[-1] == '\'' || p[-1] == '"'))
            --p; // 'loss': 0.5
        const char *nameEnd = p;
        while (p > begin && (isLetter(p[-1]) || isDigit(p[-1]) || p[-1] == '_'))
            --p;
        int letters = 0;
        for (const char *q = p; q < nameEnd; ++q)
            letters += isLetter(*q) ? 1 : 0;
        if (letters >= 2 && isNameStart(*p))
            return true;
        dot = last - 1 > dot ? last - 1 : dot;
    }
    return false;
}

QHash<QString, UnparsedLines> readUnparsed(const QString &storeDir)
{
    QHash<QString, UnparsedLines> logs;
    QFile file(QDir(storeDir).filePath(UnparsedFile));
    if (!file.open(QIODevice::ReadOnly))
        return logs;
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        UnparsedLines u;
        u.lines = qint64(entry.value(QStringLiteral("lines")).toDouble());
        u.sample = entry.value(QStringLiteral("sample")).toString().toUtf8();
        if (u.lines > 0)
            logs.insert(it.key(), u);
    }
    return logs;
}

bool writeUnparsed(const QString &storeDir, const QHash<QString, UnparsedLines> &logs,
                   QString *error)
{
    const QString path = QDir(storeDir).filePath(UnparsedFile);
    if (logs.isEmpty()) {
        QFile::remove(path);
        return true;
    }
    QJsonObject o;
    for (auto it = logs.cbegin(); it != logs.cend(); ++it) {
        o.insert(it.key(), QJsonObject{{QStringLiteral("lines"), double(it->lines)},
                                       {QStringLiteral("sample"), QString::fromUtf8(it->sample)}});
    }
    const store::WriteResult written =
        store::writeFileAtomically(path, QJsonDocument(o).toJson(QJsonDocument::Compact));
    if (!written && error)
        *error = written.errorMessage;
    return bool(written);
}

QList<UnparsedNotice> unparsedNotices(const QString &storeDir)
{
    QList<UnparsedNotice> notices;
    const QHash<QString, UnparsedLines> logs = readUnparsed(storeDir);
    if (logs.isEmpty())
        return notices;
    QSet<QString> withSeries;
    const QStringList files = seriesFiles(storeDir);
    for (const QString &path : files) {
        SeriesKey key;
        if (readSeriesHeader(path, &key, nullptr, nullptr) && key.kind == kinds::Log)
            withSeries.insert(key.source);
    }
    QStringList names = logs.keys();
    names.sort();
    for (const QString &name : std::as_const(names)) {
        const UnparsedLines &u = logs[name];
        if (u.lines >= UnparsedThreshold && !withSeries.contains(name))
            notices.append(UnparsedNotice{name, u.lines, QString::fromUtf8(u.sample)});
    }
    return notices;
}

QString describeNotice(const UnparsedNotice &notice)
{
    const int lines = notice.lines > 1000000000 ? 1000000000 : int(notice.lines);
    return QCoreApplication::translate("trainyard::metrics",
                                       "%1 printed %n line(s) that look like metrics, but no "
                                       "series came from them, e.g.: %2",
                                       nullptr, lines)
        .arg(notice.source, notice.sample);
}

QString patternHint(const UnparsedNotice &notice)
{
    const QString pattern = suggestPattern(notice.sample);
    if (pattern.isEmpty())
        return {};
    return QCoreApplication::translate("trainyard::metrics",
                                       "A pattern for Settings > Metrics that reads it: %1")
        .arg(pattern);
}

QString suggestPattern(const QString &line)
{
    // Tokens: a name, separators, a number. A number right after a name (and a separator)
    // becomes the group of that name; the step words' number the group "step".
    static const QRegularExpression pair(
        QStringLiteral("([A-Za-z_][A-Za-z0-9_]*)(['\"]?\\s*[:=]?\\s*)"
                       "([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?|nan|NaN|inf)"));
    QString pattern;
    QSet<QString> used;
    qsizetype at = 0;
    QRegularExpressionMatchIterator it = pair.globalMatch(line);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QString name = m.captured(1);
        const QString lower = name.toLower();
        QString group = lower == QLatin1String("step") || lower == QLatin1String("iter") ||
                                lower == QLatin1String("iteration")
                            ? QStringLiteral("step")
                            : name;
        if (used.contains(group))
            continue;
        used.insert(group);
        pattern += literal(line.mid(at, m.capturedStart(3) - at));
        pattern += group == QLatin1String("step")
                       ? QStringLiteral("(?<step>\\d+)")
                       : QStringLiteral("(?<%1>[-+]?[0-9.]+(?:[eE][-+]?\\d+)?|nan|inf)").arg(group);
        at = m.capturedEnd(3);
    }
    if (used.isEmpty() || (used.size() == 1 && used.contains(QStringLiteral("step"))))
        return {};
    return pattern;
}

} // namespace trainyard::metrics
