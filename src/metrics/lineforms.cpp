// SPDX-License-Identifier: MIT
#include "metrics/lineforms.h"

#include <QByteArray>
#include <charconv>
#include <cmath>
#include <cstring>

namespace trainyard::metrics::forms {

namespace {

// Lightning's ProgressBar.get_standard_metrics() adds the logger's version as "v_num".
bool isVersionKey(const char *name, qsizetype size)
{
    return size == 5 && std::memcmp(name, "v_num", 5) == 0;
}

quint64 hashDescription(const char *begin, const char *end)
{
    quint64 h = 1469598103934665603ULL; // FNV-1a, digits and blanks left out
    for (const char *p = begin; p < end; ++p) {
        if (isDigit(*p) || isBlank(*p))
            continue;
        h ^= quint64(uchar(*p));
        h *= 1099511628211ULL;
    }
    return h;
}

// "Epoch 3", "epoch: 3", "Epoch [3" in a bar's description.
std::optional<double> epochIn(const char *begin, const char *end)
{
    for (const char *p = begin; p + 5 <= end; ++p) {
        if (!(lowerIs(p[0], 'e') && lowerIs(p[1], 'p') && lowerIs(p[2], 'o') &&
              lowerIs(p[3], 'c') && lowerIs(p[4], 'h')))
            continue;
        const char *q = p + 5;
        while (q < end && (*q == ' ' || *q == ':' || *q == '[' || *q == '#'))
            ++q;
        const char *digits = q;
        while (q < end && isDigit(*q))
            ++q;
        if (q > digits)
            return parseNumber(digits, q);
    }
    return std::nullopt;
}

const char *findBytes(const char *begin, const char *end, const char *what, qsizetype size)
{
    return static_cast<const char *>(
        ::memmem(begin, std::size_t(end - begin), what, std::size_t(size)));
}

// A time of a bar: "00:01", "1:02:03", "?" (tqdm) or "-:--:--" (rich).
bool isTime(const char *begin, const char *end)
{
    if (begin == end)
        return false;
    for (const char *p = begin; p < end; ++p) {
        if (!(isDigit(*p) || *p == ':' || *p == '-' || *p == '?'))
            return false;
    }
    return true;
}

// "16/32" (or "16/--", "3/32.0"): n and, when numeric, the total.
bool readCounter(const char *begin, const char *end, double *n, std::optional<double> *total)
{
    const char *slash =
        static_cast<const char *>(std::memchr(begin, '/', std::size_t(end - begin)));
    if (!slash)
        return false;
    const std::optional<double> first = parseNumber(begin, slash);
    if (!first || !std::isfinite(*first) || begin == slash || !isDigit(*begin))
        return false;
    *n = *first;
    *total = slash + 1 < end && isDigit(slash[1]) ? parseNumber(slash + 1, end) : std::nullopt;
    return true;
}

void setBar(LineScan *out, const char *descBegin, const char *descEnd, std::optional<double> n,
            std::optional<double> total)
{
    LineShape &s = out->shape;
    s.bar = true;
    s.barKey = hashDescription(descBegin, descEnd);
    if (n) {
        const std::optional<double> epoch = epochIn(descBegin, descEnd);
        s.hasBarX = true;
        s.barX = epoch && total ? *epoch * *total + *n : *n;
    }
}

// A quoted string of a dict starting at p (' or "); returns the closing quote or null.
const char *closingQuote(const char *p, const char *end)
{
    const char quote = *p;
    for (++p; p < end; ++p) {
        if (*p == '\\')
            ++p;
        else if (*p == quote)
            return p;
    }
    return nullptr;
}

// Past a bracketed value ({...}, [...], (...)) starting at p, quotes respected; null if open.
const char *pastBrackets(const char *p, const char *end)
{
    int depth = 0;
    for (; p < end; ++p) {
        const char c = *p;
        if (c == '\'' || c == '"') {
            p = closingQuote(p, end);
            if (!p)
                return nullptr;
        } else if (c == '{' || c == '[' || c == '(') {
            ++depth;
        } else if (c == '}' || c == ']' || c == ')') {
            if (--depth == 0)
                return p + 1;
        }
    }
    return nullptr;
}

// Past a token "1:02:03" or "•" at p (a rich time column), else null.
const char *pastTimeToken(const char *p, const char *end)
{
    const char *e = p;
    while (e < end && !isBlank(*e))
        ++e;
    if (e - p == 3 && std::memcmp(p, "\xe2\x80\xa2", 3) == 0)
        return e;
    if (isDigit(*p) && std::memchr(p, ':', std::size_t(e - p)) && isTime(p, e))
        return e;
    return nullptr;
}

} // namespace

std::optional<double> parseNumber(const char *begin, const char *end)
{
    while (begin < end && isBlank(*begin))
        ++begin;
    while (end > begin && (isBlank(end[-1]) || end[-1] == ',' || end[-1] == ';'))
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
        // A number followed by more text ("0 - CUDA_VISIBLE_DEVICES: [0]", "12ms") is none; the
        // general path is for what from_chars stops short of (hex, out of range).
        if (r.ec == std::errc() && r.ptr != begin && !std::isnan(value) &&
            !(*r.ptr == 'x' || *r.ptr == 'X'))
            return std::nullopt;
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
    if (lower == "nan" || lower == "+nan" || lower == "-nan")
        return std::nan("");
    if (lower == "inf" || lower == "+inf" || lower == "infinity" || lower == "+infinity")
        return HUGE_VAL;
    if (lower == "-inf" || lower == "-infinity")
        return -HUGE_VAL;
    return std::nullopt;
}

void trim(const char **beginPtr, const char **endPtr, bool *cursorUp)
{
    const char *begin = *beginPtr;
    const char *end = *endPtr;
    *cursorUp = false;
    // CSI: ESC '[' parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, a final byte.
    auto csiEnd = [end](const char *esc) -> const char * {
        if (esc + 1 >= end || esc[1] != '[')
            return esc + 1 < end ? esc + 2 : end;
        const char *p = esc + 2;
        while (p < end && uchar(*p) >= 0x20 && uchar(*p) <= 0x3f)
            ++p;
        return p < end ? p + 1 : end;
    };
    for (;;) {
        while (begin < end && (isBlank(*begin) || *begin == '\b'))
            ++begin;
        if (begin < end && *begin == '\x1b') {
            const char *after = csiEnd(begin);
            if (after[-1] == 'A')
                *cursorUp = true;
            begin = after;
            continue;
        }
        break;
    }
    for (;;) {
        // blanks, and Keras's dynamic display's backspaces before its "\r"
        while (end > begin && (isBlank(end[-1]) || end[-1] == '\b'))
            --end;
        // A trailing escape sequence: the last ESC within a few bytes whose CSI ends the line.
        const char *esc = nullptr;
        for (const char *p = end - 1; p >= begin && p >= end - 16; --p) {
            if (*p == '\x1b') {
                esc = p;
                break;
            }
        }
        if (esc && csiEnd(esc) == end) {
            if (end[-1] == 'A')
                *cursorUp = true;
            end = esc;
            continue;
        }
        break;
    }
    *beginPtr = begin;
    *endPtr = end;
}

bool readDict(const char *begin, const char *end, LineScan *out)
{
    if (end - begin < 2 || *begin != '{' || end[-1] != '}')
        return false;
    const ScanMark mark(out);
    auto fail = [&mark] { return mark.fail(); };
    const char *last = end - 1; // the closing '}'
    const char *p = begin + 1;
    bool found = false;
    for (;;) {
        p = skipBlanks(p, last);
        if (p == last)
            break;
        if (*p != '\'' && *p != '"')
            return fail();
        const char *keyEnd = closingQuote(p, last);
        if (!keyEnd)
            return fail();
        const char *name = p + 1;
        const qsizetype nameSize = keyEnd - name;
        p = skipBlanks(keyEnd + 1, last);
        if (p == last || *p != ':')
            return fail();
        p = skipBlanks(p + 1, last);
        if (p == last)
            return fail();
        std::optional<double> value;
        if (*p == '\'' || *p == '"') {
            // transformers 5.x writes numbers as strings: {'loss': '0.6986'}
            const char *close = closingQuote(p, last);
            if (!close)
                return fail();
            value = parseNumber(p + 1, close);
            p = close + 1;
        } else if (*p == '{' || *p == '[' || *p == '(') {
            p = pastBrackets(p, last);
            if (!p)
                return fail();
        } else {
            const char *token = p;
            while (p < last && *p != ',' && *p != '(' && !isBlank(*p))
                ++p;
            if (p < last && *p == '(') {
                // numpy 2 scalars print as np.float64(0.5); tensor(0.5, device=...) is skipped.
                const char *open = p;
                p = pastBrackets(p, last);
                if (!p)
                    return fail();
                if (open - token > 3 && std::memcmp(token, "np.", 3) == 0)
                    value = parseNumber(open + 1, p - 1);
            } else {
                value = parseNumber(token, p);
            }
        }
        if (value && nameSize > 0) {
            out->add(name, nameSize, *value);
            found = true;
        }
        p = skipBlanks(p, last);
        if (p == last)
            break;
        if (*p != ',')
            return fail();
        ++p;
    }
    if (!found)
        return fail();
    return true;
}

bool readTqdm(const char *begin, const char *end, LineScan *out)
{
    for (const char *open =
             static_cast<const char *>(std::memchr(begin, '[', std::size_t(end - begin)));
         open; open = static_cast<const char *>(
                   std::memchr(open + 1, '[', std::size_t(end - open - 1)))) {
        if (open == begin || open[-1] != ' ')
            continue;
        // [{elapsed}<{remaining}, {rate}{, postfix}] or, without a total, [{elapsed}, {rate}...];
        // text after the ']' (a message printed before the bar's line ended) is not the bar's.
        const char *p = open + 1;
        const char *last = static_cast<const char *>(std::memchr(p, ']', std::size_t(end - p)));
        if (!last)
            return false;
        const char *comma = static_cast<const char *>(std::memchr(p, ',', std::size_t(last - p)));
        if (!comma)
            continue;
        const char *lt = static_cast<const char *>(std::memchr(p, '<', std::size_t(comma - p)));
        if (!isTime(p, lt ? lt : comma) || (lt && !isTime(lt + 1, comma)))
            continue;
        const char *rate = skipBlanks(comma + 1, last);
        const char *rateEnd = rate;
        while (rateEnd < last && *rateEnd != ',')
            ++rateEnd;
        if (!findBytes(rate, rateEnd, "/", 1))
            continue;
        // The counter before " [": "| n/total" or "{n}{unit}".
        const char *tokenEnd = open - 1;
        const char *token = tokenEnd;
        while (token > begin && token[-1] != ' ' && token[-1] != '|')
            --token;
        double n = 0;
        std::optional<double> total;
        const char *descEnd = token;
        std::optional<double> counted;
        if (token - begin >= 2 && token[-1] == ' ' && token[-2] == '|') {
            if (readCounter(token, tokenEnd, &n, &total))
                counted = n;
            // {desc}{percentage:3.0f}%|{bar}|
            const char *bar = token - 2;
            const char *pct = nullptr;
            for (const char *q = bar - 1; q > begin; --q) {
                if (*q == '|' && q[-1] == '%') {
                    pct = q - 1;
                    break;
                }
            }
            if (!pct)
                continue;
            descEnd = pct;
            while (descEnd > begin && (isDigit(descEnd[-1]) || descEnd[-1] == ' '))
                --descEnd;
        } else {
            const char *digits = token;
            while (digits < tokenEnd && (isDigit(*digits) || *digits == '.'))
                ++digits;
            if (digits == token)
                continue;
            counted = parseNumber(token, digits);
        }
        while (descEnd > begin && (descEnd[-1] == ' ' || descEnd[-1] == ':'))
            --descEnd;
        // Postfix: ", k=v, k=v" (set_postfix joins "key=value" with ", ").
        p = rateEnd;
        while (p < last) {
            const char *item = skipBlanks(p + 1, last);
            const char *itemEnd = item;
            while (itemEnd < last && *itemEnd != ',')
                ++itemEnd;
            const char *eq =
                static_cast<const char *>(std::memchr(item, '=', std::size_t(itemEnd - item)));
            if (eq && eq > item && !isVersionKey(item, eq - item)) {
                if (const std::optional<double> v = parseNumber(eq + 1, itemEnd))
                    out->add(item, eq - item, *v);
            }
            p = itemEnd;
        }
        setBar(out, begin, descEnd, counted, total);
        return true;
    }
    return false;
}

bool readRichBar(const char *begin, const char *end, LineScan *out)
{
    const char *speed = findBytes(begin, end, "it/s", 4);
    if (!speed)
        return false;
    // Before "{speed}it/s": the counter, "{elapsed} • {remaining}" (rich wraps the remaining
    // time onto the next line when the column is narrow).
    const char *p = speed + 4;
    if (p < end && !isBlank(*p))
        return false;
    const char *speedStart = speed;
    while (speedStart > begin && !isBlank(speedStart[-1]))
        --speedStart;
    if (!parseNumber(speedStart, speed))
        return false;
    struct Token
    {
        const char *b = nullptr;
        const char *e = nullptr;
    };
    const char *q = speedStart;
    auto previous = [&q, begin]() {
        while (q > begin && isBlank(q[-1]))
            --q;
        Token t{q, q};
        while (q > begin && !isBlank(q[-1]))
            --q;
        t.b = q;
        return t;
    };
    static const char bullet[] = "\xe2\x80\xa2"; // U+2022, CustomTimeColumn's separator
    auto isBullet = [](const Token &t) {
        return t.e - t.b == 3 && std::memcmp(t.b, bullet, 3) == 0;
    };
    Token t = previous();
    if (!isBullet(t)) {
        if (!isTime(t.b, t.e))
            return false;
        t = previous();
    }
    if (!isBullet(t))
        return false;
    t = previous();
    if (!isTime(t.b, t.e))
        return false;
    const Token counter = previous();
    if (counter.b == counter.e)
        return false;
    double n = 0;
    std::optional<double> total;
    if (!readCounter(counter.b, counter.e, &n, &total))
        return false;
    // The description: before the bar (a run of box-drawing characters, non-ASCII).
    const char *descEnd = counter.b;
    for (;;) {
        while (descEnd > begin && isBlank(descEnd[-1]))
            --descEnd;
        const char *glyphs = descEnd;
        while (glyphs > begin && !isBlank(glyphs[-1]) && uchar(glyphs[-1]) >= 0x80)
            --glyphs;
        if (glyphs == descEnd || (glyphs > begin && !isBlank(glyphs[-1])))
            break;
        descEnd = glyphs;
    }
    // MetricsTextColumn: "name: value" joined by " " (values formatted ".3f" unless text).
    p = skipBlanks(speed + 4, end);
    while (p < end) {
        const char *nameEnd = p;
        while (nameEnd < end && !isBlank(*nameEnd))
            ++nameEnd;
        const char *value = skipBlanks(nameEnd, end);
        const char *valueEnd = value;
        while (valueEnd < end && !isBlank(*valueEnd))
            ++valueEnd;
        if (nameEnd - p >= 2 && nameEnd[-1] == ':' && value < end) {
            const qsizetype size = nameEnd - 1 - p;
            const std::optional<double> v = parseNumber(value, valueEnd);
            if (v && !isVersionKey(p, size))
                out->add(p, size, *v);
            p = skipBlanks(valueEnd, end);
        } else {
            p = value;
        }
    }
    setBar(out, begin, descEnd, n, total);
    out->shape.wraps = true;
    return true;
}

bool readPairs(const char *begin, const char *end, LineScan *out)
{
    const ScanMark mark(out);
    const char *p = begin;
    bool found = false;
    while (p < end) {
        const char *name = p;
        if (const char *skip = pastTimeToken(p, end)) {
            // rich wraps its time column too: "0:00:00" below the bar, beside a metric
            p = skipBlanks(skip, end);
            continue;
        }
        if (!isNameStart(*p))
            break;
        while (p < end && isNameChar(*p))
            ++p;
        if (p + 1 >= end || *p != ':' || !isBlank(p[1]))
            break;
        const char *nameEnd = p;
        const char *value = skipBlanks(p + 1, end);
        const char *valueEnd = value;
        while (valueEnd < end && !isBlank(*valueEnd))
            ++valueEnd;
        const std::optional<double> v = parseNumber(value, valueEnd);
        if (!v)
            break;
        if (!isVersionKey(name, nameEnd - name))
            out->add(name, nameEnd - name, *v);
        found = true;
        p = skipBlanks(valueEnd, end);
    }
    if (p < end || !found)
        return mark.fail();
    return true;
}

} // namespace trainyard::metrics::forms
