// SPDX-License-Identifier: MIT
#include "secrets/masker.h"

#include <QUrl>
#include <algorithm>
#include <cctype>

namespace trainyard::secrets {

namespace {

struct Span
{
    qsizetype begin;
    qsizetype end; // exclusive
    int pattern;
};

// An encoded form is masked only from this many bytes on: shorter runs of base64 or escapes
// occur in ordinary output by chance.
constexpr qsizetype minimumEncodedLength = 6;

// The base64 characters that depend on `value` alone when it starts `shift` bytes into the
// encoded data (0, 1 or 2).
QByteArray base64Core(const QByteArray &value, int shift, QByteArray::Base64Options options)
{
    const QByteArray shifted = QByteArray(shift, '\0') + value;
    const QByteArray encoded = shifted.toBase64(options | QByteArray::OmitTrailingEquals);
    const qsizetype bits = 8 * (shift + value.size());
    const qsizetype first = (8 * shift + 5) / 6; // the first character after the shift's bits
    const qsizetype end = bits / 6;              // the last one that holds only value bits
    return end > first ? encoded.mid(first, end - first) : QByteArray();
}

// JSON string escaping: `ascii` writes non-ASCII as \uXXXX (as Python's json.dumps), `slash`
// escapes '/', `upper` writes the hex digits of \uXXXX in upper case.
QByteArray jsonEscaped(const QString &text, bool ascii, bool slash, bool upper)
{
    QString out;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        switch (u) {
        case u'"':
            out += QLatin1String("\\\"");
            break;
        case u'\\':
            out += QLatin1String("\\\\");
            break;
        case u'\n':
            out += QLatin1String("\\n");
            break;
        case u'\r':
            out += QLatin1String("\\r");
            break;
        case u'\t':
            out += QLatin1String("\\t");
            break;
        case u'\b':
            out += QLatin1String("\\b");
            break;
        case u'\f':
            out += QLatin1String("\\f");
            break;
        case u'/':
            out += slash ? QLatin1String("\\/") : QLatin1String("/");
            break;
        default:
            if (u < 0x20 || (ascii && u > 0x7e)) { // surrogate pairs as two escapes, as Python
                const QString hex = QStringLiteral("%1").arg(uint(u), 4, 16, QLatin1Char('0'));
                out += QLatin1String("\\u") + (upper ? hex.toUpper() : hex);
            } else {
                out += c;
            }
        }
    }
    return out.toUtf8();
}

// Whether CPython's str.isprintable() holds for a character outside ASCII (Objects/unicodectype.c:
// every category but the "Other" and "Separator" ones; space is ASCII).
bool pythonPrintable(char32_t u)
{
    switch (QChar::category(u)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Other_PrivateUse:
    case QChar::Other_NotAssigned:
    case QChar::Separator_Space:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return false;
    default:
        return true;
    }
}

// What Python's repr() (ascii(): `ascii`) writes between the quotes for a str, or for bytes
// (`bytes`: the value's bytes, each above 0x7e as \xhh) (Objects/unicodeobject.c unicode_repr,
// Objects/bytesobject.c PyBytes_Repr): the quote is ' unless the value holds ' and no ", and
// only that quote is escaped; backslash, \t \n \r; other controls and DEL as \xhh; outside
// ASCII what str.isprintable() refuses as \xhh, \uhhhh or \Uhhhhhhhh.
QByteArray pythonReprBody(const QByteArray &value, bool bytes, bool ascii)
{
    const char quote = value.contains('\'') && !value.contains('"') ? '"' : '\'';
    QByteArray out;
    const auto hex = [&out](char prefix, char32_t u, int digits) {
        out += '\\';
        out += prefix;
        out += QByteArray::number(uint(u), 16).rightJustified(digits, '0');
    };
    const QList<uint> text = bytes ? QList<uint>() : QString::fromUtf8(value).toUcs4();
    const qsizetype size = bytes ? value.size() : text.size();
    for (qsizetype i = 0; i < size; ++i) {
        const char32_t u = bytes ? char32_t(uchar(value.at(i))) : char32_t(text.at(i));
        if (u == char32_t(quote) || u == U'\\') {
            out += '\\';
            out += char(u);
        } else if (u == U'\t') {
            out += "\\t";
        } else if (u == U'\n') {
            out += "\\n";
        } else if (u == U'\r') {
            out += "\\r";
        } else if (u < 0x20 || u == 0x7f || (bytes && u > 0x7f)) {
            hex('x', u, 2);
        } else if (u < 0x7f) {
            out += char(u);
        } else if (!ascii && pythonPrintable(u)) {
            out += QString::fromUcs4(&u, 1).toUtf8();
        } else if (u <= 0xff) {
            hex('x', u, 2);
        } else if (u <= 0xffff) {
            hex('u', u, 4);
        } else {
            hex('U', u, 8);
        }
    }
    return out;
}

} // namespace

QList<QByteArray> encodedForms(const QByteArray &value)
{
    QList<QByteArray> forms;
    const auto add = [&forms, &value](const QByteArray &form, qsizetype minimum) {
        if (form.size() >= minimum && form != value && !forms.contains(form))
            forms << form;
    };
    // Pieces of a value the log splits into lines.
    if (value.contains('\r') || value.contains('\n')) {
        QByteArray piece;
        for (const char c : value) {
            if (c == '\r' || c == '\n') {
                add(piece, MinimumMaskedLength);
                piece.clear();
            } else {
                piece += c;
            }
        }
        add(piece, MinimumMaskedLength);
    }
    for (int shift = 0; shift < 3; ++shift) {
        add(base64Core(value, shift, QByteArray::Base64Encoding), minimumEncodedLength);
        add(base64Core(value, shift, QByteArray::Base64UrlEncoding), minimumEncodedLength);
    }
    add(pythonReprBody(value, true, false), minimumEncodedLength); // repr() of bytes
    // The text encodings need text: a value that is not UTF-8 is masked raw, in base64 and as
    // Python bytes.
    const QString text = QString::fromUtf8(value);
    if (text.toUtf8() != value)
        return forms;
    const QByteArray percent = QUrl::toPercentEncoding(text);
    add(percent, minimumEncodedLength);
    QByteArray lowerHex = percent; // "%2f": lower-case escapes, the text itself as it is
    for (qsizetype i = 0; i + 2 < lowerHex.size(); ++i) {
        if (lowerHex.at(i) == '%') {
            lowerHex[i + 1] = char(std::tolower(uchar(lowerHex.at(i + 1))));
            lowerHex[i + 2] = char(std::tolower(uchar(lowerHex.at(i + 2))));
        }
    }
    add(lowerHex, minimumEncodedLength);
    if (value.contains(' '))
        add(QUrl::toPercentEncoding(text, " ").replace(' ', '+'), minimumEncodedLength);
    for (bool ascii : {false, true}) {
        for (bool slash : {false, true}) {
            for (bool upper : {false, true})
                add(jsonEscaped(text, ascii, slash, upper), minimumEncodedLength);
        }
        add(pythonReprBody(value, false, ascii), minimumEncodedLength);
    }
    return forms;
}

void Masker::addPattern(const QString &name, const QByteArray &form)
{
    for (const Pattern &p : m_patterns) {
        if (p.value == form)
            return;
    }
    m_patterns.push_back(Pattern{name, form, QByteArrayMatcher(form)});
}

bool Masker::addSecret(const QString &name, const QByteArray &value)
{
    if (value.size() < MinimumMaskedLength)
        return false;
    for (const auto &v : m_values) {
        if (v.second == value)
            return true;
    }
    m_values.emplace_back(name, value);
    addPattern(name, value);
    const QList<QByteArray> forms = encodedForms(value);
    for (const QByteArray &form : forms)
        addPattern(name, form);
    return true;
}

QStringList Masker::names() const
{
    QStringList list;
    for (const auto &v : m_values)
        list.append(v.first);
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
