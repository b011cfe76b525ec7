// SPDX-License-Identifier: MIT
#include "secrets/masker.h"

#include "secrets/secretstore.h"

#include <algorithm>

namespace trainyard::secrets {

namespace {

struct Span
{
    qsizetype begin;
    qsizetype end; // exclusive
    int pattern;
};

} // namespace

bool Masker::addSecret(const QString &name, const QByteArray &value)
{
    if (value.size() < MinimumMaskedLength)
        return false;
    for (const Pattern &p : m_patterns) {
        if (p.value == value)
            return true;
    }
    m_patterns.push_back(Pattern{name, value, QByteArrayMatcher(value)});
    return true;
}

QStringList Masker::names() const
{
    QStringList list;
    for (const Pattern &p : m_patterns)
        list.append(p.name);
    return list;
}

QByteArray Masker::replacement(const QString &name)
{
    return "[secret:" + name.toUtf8() + ']';
}

bool Masker::mask(const char *data, qsizetype size, QByteArray *out) const
{
    // Fast path: most lines contain no secret at all.
    std::vector<Span> spans;
    for (int i = 0; i < int(m_patterns.size()); ++i) {
        const Pattern &p = m_patterns[size_t(i)];
        qsizetype from = p.matcher.indexIn(data, size, 0);
        while (from >= 0) { // every occurrence, overlapping ones included
            spans.push_back(Span{from, from + p.value.size(), i});
            from = p.matcher.indexIn(data, size, from + 1);
        }
    }
    if (spans.empty())
        return false;

    std::sort(spans.begin(), spans.end(),
              [](const Span &a, const Span &b) { return a.begin < b.begin; });
    QByteArray result;
    result.reserve(size);
    qsizetype copied = 0;
    size_t i = 0;
    while (i < spans.size()) {
        qsizetype begin = spans[i].begin;
        qsizetype end = spans[i].end;
        QStringList names{m_patterns[size_t(spans[i].pattern)].name};
        for (++i; i < spans.size() && spans[i].begin <= end; ++i) { // overlapping or adjacent
            end = std::max(end, spans[i].end);
            const QString &name = m_patterns[size_t(spans[i].pattern)].name;
            if (!names.contains(name))
                names.append(name);
        }
        result.append(data + copied, begin - copied);
        result.append(replacement(names.join(QLatin1Char(','))));
        copied = end;
    }
    result.append(data + copied, size - copied);
    *out = std::move(result);
    return true;
}

QByteArray Masker::masked(const QByteArray &line) const
{
    QByteArray out;
    return mask(line.constData(), line.size(), &out) ? out : line;
}

} // namespace trainyard::secrets
