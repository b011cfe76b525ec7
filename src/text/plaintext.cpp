// SPDX-License-Identifier: MIT
#include "text/plaintext.h"

namespace trainyard::text {
namespace {

bool isHidden(char16_t u, Newlines newlines)
{
    if (u == u'\t' || (u == u'\n' && newlines == Newlines::Keep))
        return false;
    return u < 0x20 || (u >= 0x7f && u <= 0x9f) || (u >= 0x202a && u <= 0x202e) ||
           (u >= 0x2066 && u <= 0x2069) || u == 0x2028 || u == 0x2029;
}

QString escape(char16_t u)
{
    return u <= 0xff ? QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'))
                     : QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
}

} // namespace

QString plainText(const QString &text, Newlines newlines)
{
    if (isPlain(text, newlines))
        return text;
    QString result;
    result.reserve(text.size() + 16);
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t u = text.at(i).unicode();
        if (QChar::isHighSurrogate(u) && i + 1 < n &&
            QChar::isLowSurrogate(text.at(i + 1).unicode())) {
            result += text.at(i);
            result += text.at(++i);
        } else if (QChar::isSurrogate(u) || isHidden(u, newlines)) {
            result += escape(u);
        } else {
            result += text.at(i);
        }
    }
    return result;
}

bool isPlain(const QString &text, Newlines newlines)
{
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t u = text.at(i).unicode();
        if (QChar::isHighSurrogate(u) && i + 1 < n &&
            QChar::isLowSurrogate(text.at(i + 1).unicode())) {
            ++i;
            continue;
        }
        if (QChar::isSurrogate(u) || isHidden(u, newlines))
            return false;
    }
    return true;
}

} // namespace trainyard::text
