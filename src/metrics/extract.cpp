// SPDX-License-Identifier: MIT
#include "metrics/extract.h"

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

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '/' || c == '-';
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

// A number: what strtod accepts over the whole of [begin, end), nan/inf included.
std::optional<double> parseNumber(const char *begin, const char *end)
{
    while (begin < end && isSpace(*begin))
        ++begin;
    while (end > begin && (isSpace(end[-1]) || end[-1] == ',' || end[-1] == ';'))
        --end;
    if (begin == end || end - begin > 40)
        return std::nullopt;
    // Fast path for decimal numbers: std::from_chars is locale-independent and gives the
    // correctly rounded value, as toDouble() below; it must take the whole text. NaN ("-nan"),
    // '+', hex and out-of-range values take the general path.
    if ((*begin >= '0' && *begin <= '9') || *begin == '-' || *begin == '.') {
        double value = 0;
        const std::from_chars_result r = std::from_chars(begin, end, value);
        if (r.ec == std::errc() && r.ptr == end && !std::isnan(value))
            return value;
    }
    char buffer[48];
    const auto n = std::size_t(end - begin);
    std::memcpy(buffer, begin, n);
    buffer[n] = '\0';
    const char first = buffer[0];
    if (!(first == '-' || first == '+' || first == '.' || (first >= '0' && first <= '9') ||
          first == 'n' || first == 'N' || first == 'i' || first == 'I'))
        return std::nullopt;
    bool ok = false;
    const double value = QByteArray::fromRawData(buffer, qsizetype(n)).toDouble(&ok);
    if (ok)
        return value;
    const QByteArray lower = QByteArray(buffer, qsizetype(n)).toLower();
    if (lower == "nan")
        return std::nan("");
    if (lower == "inf" || lower == "+inf" || lower == "infinity")
        return HUGE_VAL;
    if (lower == "-inf" || lower == "-infinity")
        return -HUGE_VAL;
    return std::nullopt;
}

void addValue(ExtractedLine &out, const QByteArray &key, double value)
{
    if (MetricExtractor::isStepKey(key)) {
        // "step" wins over "global_step" when a line has both.
        if (!out.step || key == "step")
            out.step = value;
        return;
    }
    const QString name = QString::fromLatin1(key);
    for (MetricValue &existing : out.values) {
        if (existing.name == name) {
            existing.value = value;
            return;
        }
    }
    out.values.append({name, value});
}

// key=value pairs; sink(name, nameSize, value) for each.
template <typename Sink>
void extractPairs(const char *line, qsizetype size, Sink &&sink)
{
    const char *end = line + size;
    for (const char *eq = static_cast<const char *>(std::memchr(line, '=', std::size_t(size)));
         eq; eq = static_cast<const char *>(std::memchr(eq + 1, '=', std::size_t(end - eq - 1)))) {
        const char *keyBegin = eq;
        while (keyBegin > line && isNameChar(keyBegin[-1]))
            --keyBegin;
        if (keyBegin == eq || !isNameStart(*keyBegin))
            continue;
        if (keyBegin > line && !(isSpace(keyBegin[-1]) || keyBegin[-1] == ',' ||
                                 keyBegin[-1] == ';' || keyBegin[-1] == '(' ||
                                 keyBegin[-1] == '['))
            continue;
        const char *valueEnd = eq + 1;
        while (valueEnd < end && !isSpace(*valueEnd) && *valueEnd != ',' && *valueEnd != ';' &&
               *valueEnd != ')' && *valueEnd != ']')
            ++valueEnd;
        if (const std::optional<double> v = parseNumber(eq + 1, valueEnd))
            sink(keyBegin, qsizetype(eq - keyBegin), *v);
        if (valueEnd >= end)
            break;
        eq = valueEnd - 1 > eq ? valueEnd - 1 : eq;
    }
}

// Keras progress parts "name: value", separated by " - ".
template <typename Sink>
void extractKeras(const char *line, qsizetype size, Sink &&sink)
{
    const char *end = line + size;
    const char *part = line;
    while (part < end) {
        const char *sep = part;
        const char *partEnd = end;
        while (sep + 2 < end) {
            if (sep[0] == ' ' && sep[1] == '-' && sep[2] == ' ') {
                partEnd = sep;
                break;
            }
            ++sep;
        }
        const char *p = part;
        while (p < partEnd && isSpace(*p))
            ++p;
        const char *nameBegin = p;
        if (p < partEnd && isNameStart(*p)) {
            while (p < partEnd && isNameChar(*p))
                ++p;
            if (p + 1 < partEnd && p[0] == ':' && p[1] == ' ') {
                if (const std::optional<double> v = parseNumber(p + 2, partEnd))
                    sink(nameBegin, qsizetype(p - nameBegin), *v);
            }
        }
        part = partEnd == end ? end : partEnd + 3;
    }
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
        "trainyard::metrics", "The pattern has no named group for a metric, e.g. (?<loss>[0-9.]+).");
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
    return size > 0 && (std::memchr(line, '=', std::size_t(size)) ||
                        std::memchr(line, ':', std::size_t(size)));
}

void MetricExtractor::scanBuiltIn(const char *line, qsizetype size, ValueSink sink, void *context)
{
    if (size <= 0)
        return;
    auto call = [sink, context](const char *name, qsizetype nameSize, double value) {
        sink(context, name, nameSize, value);
    };
    if (std::memchr(line, '=', std::size_t(size)))
        extractPairs(line, size, call);
    if (std::memchr(line, ':', std::size_t(size)))
        extractKeras(line, size, call);
}

bool MetricExtractor::isStepKey(const char *key, qsizetype size)
{
    auto is = [key, size](const char *word, qsizetype n) {
        return size == n && std::memcmp(key, word, std::size_t(n)) == 0;
    };
    return is("step", 4) || is("global_step", 11) || is("iteration", 9);
}

bool MetricExtractor::isStepKey(const QByteArray &key)
{
    return key == "step" || key == "global_step" || key == "iteration";
}

ExtractedLine MetricExtractor::extract(const char *line, qsizetype size) const
{
    ExtractedLine out;
    if (size <= 0)
        return out;
    auto sink = [&out](const char *name, qsizetype nameSize, double value) {
        addValue(out, QByteArray(name, nameSize), value);
    };
    if (std::memchr(line, '=', std::size_t(size)))
        extractPairs(line, size, sink);
    if (std::memchr(line, ':', std::size_t(size)))
        extractKeras(line, size, sink);
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
            entry.trial = it.value().isString() ? it.value().toString()
                                                : QString::number(it.value().toInt());
        } else if (const std::optional<double> v = number(it.value())) {
            entry.values.append({key, *v});
        }
    }
    if (entry.values.isEmpty())
        return std::nullopt;
    return entry;
}

} // namespace trainyard::metrics
