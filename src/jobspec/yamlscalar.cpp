// SPDX-License-Identifier: MIT
#include "jobspec/yamlscalar.h"

#include <QLocale>
#include <QRegularExpression>
#include <cmath>
#include <limits>

namespace trainyard::jobspec::yaml {

namespace {

bool isOneOf(const QString &text, std::initializer_list<const char *> words)
{
    for (const char *w : words) {
        if (text == QLatin1String(w))
            return true;
    }
    return false;
}

bool isNullWord(const QString &text)
{
    return text.isEmpty() || isOneOf(text, {"~", "null", "Null", "NULL"});
}

// PyYAML's (YAML 1.1) boolean words; yaml-cpp adds y/n.
std::optional<bool> yaml11Bool(const QString &text)
{
    if (isOneOf(text, {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"}))
        return true;
    if (isOneOf(text, {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"}))
        return false;
    return std::nullopt;
}

const QRegularExpression &re(int which)
{
    using Opt = QRegularExpression::PatternOption;
    static const QRegularExpression all[] = {
        // 0: integers of YAML 1.1 and 1.2 (binary, octal, hex, decimal, sexagesimal)
        QRegularExpression(
            QStringLiteral("^[-+]?(0b[01_]+|0o?[0-7_]+|0x[0-9a-f_]+|[0-9][0-9_]*(:[0-5]?[0-9])*)$"),
            Opt::CaseInsensitiveOption),
        // 1: floats of YAML 1.1 and 1.2
        QRegularExpression(
            QStringLiteral("^[-+]?([0-9][0-9_]*(\\.[0-9_]*)?|\\.[0-9_]+)([eE][-+]?[0-9]+)?$")),
        // 2: sexagesimal floats (YAML 1.1)
        QRegularExpression(QStringLiteral("^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*$")),
        // 3: infinities and NaN, any YAML spelling
        QRegularExpression(QStringLiteral("^([-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN))$")),
        // 4: timestamps (YAML 1.1): the date part is enough to be read as one
        QRegularExpression(QStringLiteral("^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}")),
        // 5: PyYAML's integers
        QRegularExpression(QStringLiteral("^[-+]?(0b[01_]+|0[0-7_]+|0|[1-9][0-9_]*|0x[0-9a-fA-F_]+|"
                                          "[1-9][0-9_]*(:[0-5]?[0-9])+)$")),
        // 6: PyYAML's floats (a dot is required, an exponent needs a sign)
        QRegularExpression(
            QStringLiteral("^[-+]?([0-9][0-9_]*\\.[0-9_]*|\\.[0-9_]+)([eE][-+][0-9]+)?$")),
        // 7: what the API's int64 fields accept
        QRegularExpression(QStringLiteral("^[-+]?[0-9]+$")),
        // 8: what the API's double fields accept
        QRegularExpression(
            QStringLiteral("^[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?$")),
    };
    return all[which];
}

bool matches(int which, const QString &text)
{
    return re(which).match(text).hasMatch();
}

// Python's repr() of a float, which is what gcloud would turn an unquoted float back into.
QString pythonRepr(double v)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (std::isinf(v))
        return v < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
    const QString sign = std::signbit(v) ? QStringLiteral("-") : QString();
    if (v == 0)
        return sign + QStringLiteral("0.0");
    const QString sci = QString::number(std::fabs(v), 'e', QLocale::FloatingPointShortest);
    const qsizetype e = sci.indexOf(QLatin1Char('e'));
    QString digits = sci.left(e);
    digits.remove(QLatin1Char('.'));
    const int exp = sci.mid(e + 1).toInt();
    if (exp >= -4 && exp < 16) {
        if (exp < 0)
            return sign + QStringLiteral("0.") + QString(-exp - 1, QLatin1Char('0')) + digits;
        QString intPart = digits.left(exp + 1);
        intPart += QString(exp + 1 - intPart.size(), QLatin1Char('0'));
        QString frac = digits.mid(exp + 1);
        if (frac.isEmpty())
            frac = QStringLiteral("0");
        return sign + intPart + QLatin1Char('.') + frac;
    }
    QString mantissa = digits.left(1);
    if (digits.size() > 1)
        mantissa += QLatin1Char('.') + digits.mid(1);
    const QString expText = QString::number(std::abs(exp)).rightJustified(2, QLatin1Char('0'));
    return sign + mantissa + QLatin1Char('e') + (exp < 0 ? QLatin1Char('-') : QLatin1Char('+')) +
           expText;
}

// Python's int() of a PyYAML integer; nullopt when it does not fit (then we do not warn).
std::optional<QString> pythonInt(const QString &text)
{
    QString t = text;
    t.remove(QLatin1Char('_'));
    QString sign;
    if (t.startsWith(QLatin1Char('-')) || t.startsWith(QLatin1Char('+'))) {
        if (t.startsWith(QLatin1Char('-')))
            sign = QStringLiteral("-");
        t.remove(0, 1);
    }
    bool ok = false;
    qint64 value = 0;
    if (t.contains(QLatin1Char(':'))) {
        const QStringList parts = t.split(QLatin1Char(':'));
        ok = true;
        for (const QString &part : parts) {
            const qint64 digit = part.toLongLong(&ok);
            if (!ok || value > std::numeric_limits<qint64>::max() / 60 - 60)
                return std::nullopt;
            value = value * 60 + digit;
        }
    } else if (t.startsWith(QLatin1String("0b"))) {
        value = t.mid(2).toLongLong(&ok, 2);
    } else if (t.startsWith(QLatin1String("0x"))) {
        value = t.mid(2).toLongLong(&ok, 16);
    } else if (t.size() > 1 && t.startsWith(QLatin1Char('0'))) {
        value = t.mid(1).toLongLong(&ok, 8);
    } else {
        value = t.toLongLong(&ok, 10);
    }
    if (!ok)
        return std::nullopt;
    if (value == 0)
        sign.clear();
    return sign + QString::number(value);
}

} // namespace

bool readsAsNonString(const QString &text)
{
    if (isNullWord(text) || yaml11Bool(text) || isOneOf(text, {"y", "Y", "n", "N", "=", "<<"}))
        return true;
    if (text.isEmpty())
        return true;
    const QChar c = text.at(0);
    // Every number form starts with a digit, a sign or a dot: skip the regexes otherwise.
    if (!c.isDigit() && c != QLatin1Char('-') && c != QLatin1Char('+') && c != QLatin1Char('.'))
        return false;
    return matches(0, text) || matches(1, text) || matches(2, text) || matches(3, text) ||
           matches(4, text);
}

bool readsAsNumber(const QString &text)
{
    return !text.isEmpty() && (matches(5, text) || matches(6, text) || matches(3, text));
}

std::optional<QString> gcloudChangedText(const QString &text)
{
    if (const std::optional<bool> b = yaml11Bool(text)) {
        const QString read = *b ? QStringLiteral("true") : QStringLiteral("false");
        return read == text ? std::nullopt : std::optional<QString>(read);
    }
    if (text.isEmpty())
        return std::nullopt;
    std::optional<QString> read;
    if (matches(5, text)) {
        read = pythonInt(text);
    } else if (matches(6, text)) {
        QString t = text;
        t.remove(QLatin1Char('_'));
        bool ok = false;
        const double v = t.toDouble(&ok);
        if (ok)
            read = pythonRepr(v);
    } else if (matches(3, text)) {
        read = text.contains(QLatin1String("nan"), Qt::CaseInsensitive)
                   ? QStringLiteral("nan")
                   : (text.startsWith(QLatin1Char('-')) ? QStringLiteral("-inf")
                                                        : QStringLiteral("inf"));
    }
    if (read && *read == text)
        return std::nullopt;
    return read;
}

NumberStatus parseInt64(const QString &text, qint64 *value)
{
    if (!matches(7, text))
        return NumberStatus::Invalid;
    bool ok = false;
    const qint64 v = text.toLongLong(&ok, 10);
    if (!ok)
        return NumberStatus::OutOfRange;
    *value = v;
    return NumberStatus::Ok;
}

NumberStatus parseDouble(const QString &text, double *value)
{
    if (matches(3, text)) {
        if (text.contains(QLatin1String("nan"), Qt::CaseInsensitive))
            *value = std::numeric_limits<double>::quiet_NaN();
        else
            *value = text.startsWith(QLatin1Char('-')) ? -std::numeric_limits<double>::infinity()
                                                       : std::numeric_limits<double>::infinity();
        return NumberStatus::Ok;
    }
    if (!matches(8, text))
        return NumberStatus::Invalid;
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || std::isinf(v))
        return NumberStatus::OutOfRange;
    *value = v;
    return NumberStatus::Ok;
}

std::optional<bool> parseBool(const QString &text)
{
    return yaml11Bool(text);
}

QString formatDouble(double v)
{
    if (std::isnan(v))
        return QStringLiteral(".nan");
    if (std::isinf(v))
        return v < 0 ? QStringLiteral("-.inf") : QStringLiteral(".inf");
    // Python's repr (shortest digits; fixed notation for exponents -4..15), then adjusted so
    // that YAML 1.1 still reads a number: "3.0" -> "3", "1e-05" -> "1.0e-05".
    QString text = pythonRepr(v);
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    if (e < 0) {
        if (text.endsWith(QLatin1String(".0")))
            text.chop(2);
        if (text == QLatin1String("-0"))
            text = QStringLiteral("-0.0");
    } else if (!text.left(e).contains(QLatin1Char('.'))) {
        text.insert(e, QStringLiteral(".0"));
    }
    double back = 0;
    if (parseDouble(text, &back) == NumberStatus::Ok && back == v)
        return text;
    return QString::number(v, 'g', 17);
}

} // namespace trainyard::jobspec::yaml
