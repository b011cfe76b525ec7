// SPDX-License-Identifier: MIT
#include "metrics/extract.h"

#include "metrics/lineforms.h"
#include "metrics/userpatterns.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <charconv>
#include <cmath>
#include <cstring>

namespace trainyard::metrics {

namespace {

using forms::parseNumber;

void addValue(ExtractedLine &out, const QByteArray &key, double value)
{
    if (MetricExtractor::isStepKey(key)) {
        // "step" wins over "global_step" when a line has both.
        if (!out.shape.hasStep || key == "step")
            out.shape.step = value;
        out.shape.hasStep = true;
        out.step = out.shape.step;
        return;
    }
    const QString name = QString::fromUtf8(key);
    for (MetricValue &existing : out.values) {
        if (existing.name == name) {
            existing.value = value;
            return;
        }
    }
    out.values.append({name, value});
}

} // namespace

UserPattern UserPattern::fromString(const QString &pattern)
{
    UserPattern p;
    p.regex = QRegularExpression(pattern);
    return p;
}

QString UserPattern::problem() const
{
    if (!regex.isValid())
        return QCoreApplication::translate("trainyard::metrics", "The pattern is not valid: %1")
            .arg(regex.errorString());
    for (const QString &name : regex.namedCaptureGroups()) {
        if (!name.isEmpty() && name != QLatin1String("step"))
            return {};
    }
    return QCoreApplication::translate(
        "trainyard::metrics",
        "The pattern has no named group for a metric, e.g. (?<loss>[0-9.]+).");
}

QList<UserPattern> userPatternsFromSettings()
{
    return UserPatternStore::usable(
        QSettings().value(QLatin1String(UserPatternsSettingsKey)).toStringList());
}

bool MetricExtractor::mayHaveMetrics(const char *line, qsizetype size) const
{
    if (!m_patterns.isEmpty())
        return size > 0;
    // A redraw (ending in "\r", blank ones included: tqdm's clear before a write()) tells the
    // log's rule where a bar is.
    return size > 0 &&
           (line[size - 1] == '\r' || std::memchr(line, '=', std::size_t(size)) ||
            std::memchr(line, ':', std::size_t(size)) ||
            std::memchr(line, '|', std::size_t(size)) || forms::mayBeWordForm(line, line + size));
}

void LineScan::add(const char *name, qsizetype size, double value)
{
    if (MetricExtractor::isStepKey(name, size)) {
        // "step" wins over "global_step" when a line has both.
        if (!shape.hasStep || size == 4)
            shape.step = value;
        shape.hasStep = true;
        return;
    }
    for (Value &v : values) {
        if (v.size == size && std::memcmp(v.name, name, std::size_t(size)) == 0) {
            v.value = value; // the last one wins
            return;
        }
    }
    values.push_back(Value{name, size, value});
}

void MetricExtractor::scanBuiltIn(const char *line, qsizetype size, LineScan *out)
{
    out->clear();
    if (size <= 0)
        return;
    const char *begin = line;
    const char *end = line + size;
    bool cursorUp = false;
    forms::trim(&begin, &end, &cursorUp);
    out->shape.redraw = line[size - 1] == '\r';
    if (begin == end) {
        out->shape.blank = true;
        return;
    }
    // One form per line (see extract.h), the most specific first.
    if (*begin == '{' && forms::readDict(begin, end, out))
        return;
    if (forms::readTqdm(begin, end, out) || forms::readRichBar(begin, end, out)) {
        out->shape.nested = cursorUp;
        return;
    }
    if (*begin == '[' && forms::readRound(begin, end, out))
        return;
    if (forms::readStepPairs(begin, end, out))
        return;
    const qsizetype trimmed = end - begin;
    const bool colon = std::memchr(begin, ':', std::size_t(trimmed));
    if (colon && forms::readPairs(begin, end, out)) {
        out->shape.pairsOnly = true;
        return;
    }
    if (colon && forms::isNameStart(*begin) && forms::readCommaPairs(begin, end, out))
        return;
    if (forms::isDigit(*begin) && forms::readKerasCounter(begin, end, out))
        return;
    if (std::memchr(begin, '=', std::size_t(trimmed)))
        forms::readKeyValues(begin, end, out);
    if (colon)
        forms::readKerasParts(begin, end, out);
    if (out->values.empty())
        forms::readMarker(begin, end, out);
}

bool MetricExtractor::isStepKey(const char *key, qsizetype size)
{
    auto is = [key, size](const char *word, qsizetype n) {
        if (size != n)
            return false;
        for (qsizetype i = 0; i < n; ++i) {
            if (!forms::lowerIs(key[i], word[i]))
                return false;
        }
        return true;
    };
    return is("step", 4) || is("global_step", 11) || is("iteration", 9);
}

bool MetricExtractor::isStepKey(const QByteArray &key)
{
    return isStepKey(key.constData(), key.size());
}

ExtractedLine MetricExtractor::extract(const char *line, qsizetype size) const
{
    ExtractedLine out;
    if (size <= 0)
        return out;
    LineScan scan;
    scanBuiltIn(line, size, &scan);
    out.shape = scan.shape;
    if (scan.shape.hasStep)
        out.step = scan.shape.step;
    else if (scan.shape.hasBarX)
        out.step = scan.shape.barX;
    else if (scan.shape.keras)
        out.step = scan.shape.kerasN; // the batch; the epoch before it is the log's (linestate.h)
    for (const LineScan::Value &v : scan.values)
        out.values.append({QString::fromUtf8(v.name, v.size), v.value});
    if (!m_patterns.isEmpty()) {
        const QString text = QString::fromUtf8(line, size);
        for (const UserPattern &pattern : m_patterns) {
            const QRegularExpressionMatch match = pattern.regex.match(text);
            if (!match.hasMatch())
                continue;
            for (const QString &group : pattern.regex.namedCaptureGroups()) {
                if (group.isEmpty())
                    continue;
                const QByteArray captured = match.captured(group).toUtf8();
                const std::optional<double> v =
                    parseNumber(captured.constData(), captured.constData() + captured.size());
                if (v)
                    addValue(out, group.toUtf8(), *v);
            }
        }
    }
    return out;
}

std::optional<HypertuneEntry> parseHypertuneLine(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    const QJsonObject object = doc.object();
    auto number = [](const QJsonValue &v) -> std::optional<double> {
        if (v.isDouble())
            return v.toDouble();
        if (v.isString()) {
            const QByteArray s = v.toString().toUtf8();
            return parseNumber(s.constData(), s.constData() + s.size());
        }
        return std::nullopt;
    };
    HypertuneEntry entry;
    entry.trial = QStringLiteral("0");
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        if (key == QLatin1String("global_step")) {
            entry.step = number(it.value()).value_or(0);
        } else if (key == QLatin1String("timestamp")) {
            entry.wallMs = qint64(std::llround(number(it.value()).value_or(0) * 1000.0));
        } else if (key == QLatin1String("trial")) {
            entry.trial =
                it.value().isString() ? it.value().toString() : QString::number(it.value().toInt());
        } else if (const std::optional<double> v = number(it.value())) {
            entry.values.append({key, *v});
        }
    }
    if (entry.values.isEmpty())
        return std::nullopt;
    return entry;
}

} // namespace trainyard::metrics
