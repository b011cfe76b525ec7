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

// "0s", "12ms", "1:02", "1:02:03" (Keras's ETA and step times).
bool isDuration(const char *begin, const char *end)
{
    while (begin < end && isSpace(*begin))
        ++begin;
    while (end > begin && isSpace(end[-1]))
        --end;
    if (begin == end || !(*begin >= '0' && *begin <= '9'))
        return false;
    const char *p = begin;
    while (p < end && ((*p >= '0' && *p <= '9') || *p == ':' || *p == '.'))
        ++p;
    return p == end || (end - p <= 2 && (end[-1] == 's'));
}

// key=value pairs; sink(name, nameSize, value) for each.
template<typename Sink>
void extractPairs(const char *line, qsizetype size, Sink &&sink)
{
    const char *end = line + size;
    for (const char *eq = static_cast<const char *>(std::memchr(line, '=', std::size_t(size))); eq;
         eq = static_cast<const char *>(std::memchr(eq + 1, '=', std::size_t(end - eq - 1)))) {
        const char *keyBegin = eq;
        while (keyBegin > line && isNameChar(keyBegin[-1]))
            --keyBegin;
        if (keyBegin == eq || !isNameStart(*keyBegin))
            continue;
        if (keyBegin > line && !(isSpace(keyBegin[-1]) || keyBegin[-1] == ',' ||
                                 keyBegin[-1] == ';' || keyBegin[-1] == '(' || keyBegin[-1] == '['))
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

// Keras progress parts "name: value", separated by " - ". A part "name: value" whose value is
// not a number (nor Keras's "ETA: 0s" / "ETA: 1:02") makes the line a report of something else
// (`LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]`): then the line gives nothing.
template<typename Sink>
void extractKeras(const char *line, qsizetype size, Sink &&sink)
{
    const char *end = line + size;
    bool found = false;
    for (int pass = 0; pass < 2 && (pass == 0 || found); ++pass) {
        const char *part = line;
        while (part < end) {
            const char *partEnd = end;
            for (const char *dash = part + 1; dash + 1 < end;) {
                dash =
                    static_cast<const char *>(std::memchr(dash, '-', std::size_t(end - dash - 1)));
                if (!dash)
                    break;
                if (dash[-1] == ' ' && dash[1] == ' ') {
                    partEnd = dash - 1;
                    break;
                }
                ++dash;
            }
            const char *p = part;
            while (p < partEnd && isSpace(*p))
                ++p;
            const char *nameBegin = p;
            if (p < partEnd && isNameStart(*p)) {
                while (p < partEnd && isNameChar(*p))
                    ++p;
                if (p + 1 < partEnd && p[0] == ':' && p[1] == ' ') {
                    const std::optional<double> v = parseNumber(p + 2, partEnd);
                    if (pass == 1 && v)
                        sink(nameBegin, qsizetype(p - nameBegin), *v);
                    if (pass == 0 && !v && !isDuration(p + 2, partEnd))
                        return;
                    found = found || v.has_value();
                }
            }
            part = partEnd == end ? end : partEnd + 3;
        }
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
    return size > 0 &&
           (std::memchr(line, '=', std::size_t(size)) ||
            std::memchr(line, ':', std::size_t(size)) || std::memchr(line, '|', std::size_t(size)));
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
    if (begin == end)
        return;
    // One form per line (see extract.h), the most specific first.
    if (*begin == '{' && forms::readDict(begin, end, out))
        return;
    if (forms::readTqdm(begin, end, out) || forms::readRichBar(begin, end, out)) {
        out->shape.nested = cursorUp;
        return;
    }
    const qsizetype trimmed = end - begin;
    const bool colon = std::memchr(begin, ':', std::size_t(trimmed));
    if (colon && forms::readPairs(begin, end, out)) {
        out->shape.pairsOnly = true;
        return;
    }
    auto sink = [out](const char *name, qsizetype nameSize, double value) {
        out->add(name, nameSize, value);
    };
    if (std::memchr(begin, '=', std::size_t(trimmed)))
        extractPairs(begin, trimmed, sink);
    if (colon)
        extractKeras(begin, trimmed, sink);
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
    LineScan scan;
    scanBuiltIn(line, size, &scan);
    out.shape = scan.shape;
    if (scan.shape.hasStep)
        out.step = scan.shape.step;
    else if (scan.shape.hasBarX)
        out.step = scan.shape.barX;
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

bool LogLineState::changed(quint64 bar, const char *name, qsizetype size, double value)
{
    Bar *entry = nullptr;
    for (Bar &b : m_bars) {
        if (b.key == bar) {
            entry = &b;
            break;
        }
    }
    if (!entry) {
        m_bars.push_back(Bar{bar, {}});
        entry = &m_bars.back();
    }
    for (Shown &s : entry->shown) {
        if (s.name.size() == size &&
            std::memcmp(s.name.constData(), name, std::size_t(size)) == 0) {
            const bool same = s.value == value || (std::isnan(s.value) && std::isnan(value));
            s.value = value;
            return !same;
        }
    }
    entry->shown.push_back(Shown{QByteArray(name, size), value});
    return true;
}

void LogLineState::take(const LineScan &line, std::vector<Point> *out)
{
    const LineShape &s = line.shape;
    // Rich wraps its metric column onto the lines below the bar: those belong to the bar.
    const bool belowBar = s.pairsOnly && m_inBarBlock;
    const bool deduplicate = s.bar || belowBar;
    const quint64 bar = s.bar ? s.barKey : m_blockKey;
    if (s.bar) {
        m_inBarBlock = s.wraps;
        m_blockKey = s.barKey;
    } else if (!belowBar) {
        m_inBarBlock = false;
    }
    if (s.hasStep) {
        setLastStep(s.step);
    } else if (s.bar && s.hasBarX) {
        if (!s.nested)
            setLastStep(s.barX);
    }
    double x = -1;
    if (s.hasStep)
        x = s.step;
    else if (s.bar && s.hasBarX)
        x = s.barX;
    else if (m_hasLastStep)
        x = m_lastStep;
    for (const LineScan::Value &v : line.values) {
        if (deduplicate && !changed(bar, v.name, v.size, v.value))
            continue;
        out->push_back(Point{v.name, v.size, x, v.value});
    }
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
