// SPDX-License-Identifier: MIT
// Label rules (general Google Cloud rules [P]): at most 64 labels; keys 1–63 characters,
// starting with a lowercase letter; keys and values use lowercase letters, digits, '_' and '-'
// (international lowercase letters allowed); values may be empty.
#include "validation/limits.h"
#include "validation/rules.h"

namespace trainyard::validation::detail {

namespace {

// \p{Ll} or \p{Lo}: lowercase letters and letters without case (international).
bool isLabelLetter(char32_t c)
{
    if (c < 0x80)
        return c >= U'a' && c <= U'z';
    const QChar::Category cat = QChar::category(c);
    return cat == QChar::Letter_Lowercase || cat == QChar::Letter_Other;
}

bool isLabelChar(char32_t c)
{
    if (c < 0x80)
        return (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9') || c == U'_' || c == U'-';
    if (isLabelLetter(c))
        return true;
    const QChar::Category cat = QChar::category(c);
    return cat == QChar::Number_DecimalDigit || cat == QChar::Number_Letter ||
           cat == QChar::Number_Other;
}

bool isValidLabelText(const QString &text, bool isKey)
{
    bool ok = true;
    const qsizetype length = forEachCodePoint(text, [&](qsizetype pos, char32_t c) {
        ok = (pos == 1 && isKey) ? isLabelLetter(c) : isLabelChar(c);
        return ok;
    });
    const int maxLength = isKey ? limits::labelKeyMaxLength : limits::labelValueMaxLength;
    return ok && length <= maxLength && (!isKey || length > 0);
}

// "; did you mean 'owner'?" when lower-casing would make the text valid.
QString lowerCaseHint(const QString &text, bool isKey)
{
    const QString lower = text.toLower();
    if (lower == text || !isValidLabelText(lower, isKey))
        return {};
    return QLatin1String("; ") +
           QCoreApplication::translate("trainyard::Validation", "did you mean %1?")
               .arg(quoted(lower));
}

QString labelField(const QString &key)
{
    return QLatin1String("labels.") + key;
}

// ASCII characters a label may hold: lowercase letters, digits, '_' and '-'.
constexpr std::array<bool, 128> plainLabelChars = [] {
    std::array<bool, 128> t{};
    for (char c = 'a'; c <= 'z'; ++c)
        t[std::size_t(c)] = true;
    for (char c = '0'; c <= '9'; ++c)
        t[std::size_t(c)] = true;
    t['_'] = true;
    t['-'] = true;
    return t;
}();

// The common case, decided without building anything: those characters within the length
// limit, a key starting with a letter. Anything else takes the full check.
bool isPlainValid(const QString &text, bool isKey)
{
    const qsizetype n = text.size();
    if (n > (isKey ? limits::labelKeyMaxLength : limits::labelValueMaxLength) || (isKey && n == 0))
        return false;
    const char16_t *p = reinterpret_cast<const char16_t *>(text.constData());
    if (isKey && !(p[0] >= u'a' && p[0] <= u'z'))
        return false;
    for (const char16_t *end = p + n; p != end; ++p) {
        if (*p >= plainLabelChars.size() || !plainLabelChars[*p])
            return false;
    }
    return true;
}

void checkText(Context &ctx, const QString &key, const QString &text, bool isKey)
{
    if (isPlainValid(text, isKey))
        return;
    QString badMessage;
    const qsizetype length = forEachCodePoint(text, [&](qsizetype pos, char32_t c) {
        if (pos == 1 && isKey) {
            if (isLabelLetter(c))
                return true;
            badMessage = QCoreApplication::translate(
                             "trainyard::Validation",
                             "label key %1 must start with a lowercase letter, not %2")
                             .arg(quoted(key), quoted(codePointText(c)));
            return false;
        }
        if (isLabelChar(c))
            return true;
        const QString position = QString::number(pos);
        const QString ch = quoted(codePointText(c));
        badMessage =
            isKey
                ? QCoreApplication::translate("trainyard::Validation",
                                              "label key %1: character %2 %3 is not allowed: use "
                                              "lowercase letters, digits, '_' and '-'")
                      .arg(quoted(key), position, ch)
                : QCoreApplication::translate("trainyard::Validation",
                                              "label %1: character %2 %3 of the value is not "
                                              "allowed: use lowercase letters, digits, '_' and '-'")
                      .arg(quoted(key), position, ch);
        return false;
    });
    if (!badMessage.isEmpty())
        ctx.error(labelField(key), badMessage + lowerCaseHint(text, isKey));

    const int maxLength = isKey ? limits::labelKeyMaxLength : limits::labelValueMaxLength;
    if (length > maxLength) {
        ctx.error(
            labelField(key),
            isKey ? QCoreApplication::translate("trainyard::Validation",
                                                "label key %1 is %2 characters long; the "
                                                "maximum is %3")
                        .arg(quoted(key), QString::number(length), QString::number(maxLength))
                  : QCoreApplication::translate("trainyard::Validation",
                                                "the value of label %1 is %2 characters long; the "
                                                "maximum is %3")
                        .arg(quoted(key), QString::number(length), QString::number(maxLength)));
    }
}

} // namespace

void checkLabels(Context &ctx)
{
    const QMap<QString, QString> &labels = ctx.job.labels;
    if (labels.size() > limits::labelMaxCount) {
        ctx.error(
            QStringLiteral("labels"),
            QCoreApplication::translate("trainyard::Validation",
                                        "%1 labels are set; the maximum is %2: remove %3 of them")
                .arg(labels.size())
                .arg(limits::labelMaxCount)
                .arg(labels.size() - limits::labelMaxCount));
    }
    for (auto it = labels.constBegin(); it != labels.constEnd(); ++it) {
        if (it.key().isEmpty()) {
            ctx.error(labelField(it.key()), QCoreApplication::translate(
                                                "trainyard::Validation",
                                                "a label key is empty: keys are 1 to %1 characters "
                                                "starting with a lowercase letter")
                                                .arg(limits::labelKeyMaxLength));
        } else {
            checkText(ctx, it.key(), it.key(), true);
        }
        checkText(ctx, it.key(), it.value(), false);
    }
}

} // namespace trainyard::validation::detail
