// SPDX-License-Identifier: MIT
// The built-in line forms of plain text (lineforms.h): key=value pairs, Keras progress parts and
// counters, a step word followed by pairs, ", "-joined "Name: value" parts, and the marker lines
// that say where the next values belong.
#include "metrics/lineforms.h"

#include <cstring>

namespace trainyard::metrics::forms {

namespace {

bool isWordChar(char c)
{
    return isNameStart(c) || isDigit(c);
}

// "0s", "12ms", "1:02", "1:02:03" (Keras's ETA and step times).
bool isDuration(const char *begin, const char *end)
{
    begin = skipBlanks(begin, end);
    while (end > begin && isBlank(end[-1]))
        --end;
    if (begin == end || !isDigit(*begin))
        return false;
    const char *p = begin;
    while (p < end && (isDigit(*p) || *p == ':' || *p == '.'))
        ++p;
    return p == end || (end - p <= 2 && (end[-1] == 's'));
}

// A number followed by a unit: "1.2s", "12ms/step", "3.4it/s", "97%" (skipped, not a metric).
bool isNumberWithUnit(const char *begin, const char *end)
{
    const char *p = begin;
    while (p < end && (isDigit(*p) || *p == '.'))
        ++p;
    if (p == begin || p == end)
        return false;
    for (; p < end; ++p) {
        if (!(isNameStart(*p) || *p == '/' || *p == '%'))
            return false;
    }
    return true;
}

// The word at p (ASCII letters), lower-cased compare with `word` (lower case).
template<std::size_t N>
bool wordIs(const char *p, const char *end, const char (&word)[N])
{
    constexpr auto n = qsizetype(N - 1);
    if (end - p < n)
        return false;
    for (qsizetype i = 0; i < n; ++i) {
        if (!lowerIs(p[i], word[i]))
            return false;
    }
    return p + n == end || !isWordChar(p[n]);
}

// The step words of readStepPairs (step, iter, iteration); returns the end of the word or null.
const char *stepWord(const char *p, const char *end)
{
    const char first = char(*p | 0x20);
    if (first == 's')
        return wordIs(p, end, "step") ? p + 4 : nullptr;
    if (first != 'i')
        return nullptr;
    if (wordIs(p, end, "iter"))
        return p + 4;
    return wordIs(p, end, "iteration") ? p + 9 : nullptr;
}

// Digits at p (an integer); returns their end, p when none.
const char *pastDigits(const char *p, const char *end)
{
    while (p < end && isDigit(*p))
        ++p;
    return p;
}

bool isPairSeparator(char c)
{
    return isBlank(c) || c == ',' || c == ';' || c == '|';
}

} // namespace

bool mayBeWordForm(const char *begin, const char *end)
{
    const char *p = skipBlanks(begin, end);
    if (p == end)
        return false;
    switch (*p | 0x20) {
    case '-' | 0x20:
        return end - p >= 4 && p[1] == '-' && p[2] == ' ' && p[3] == 'E';
    case 's':
    case 'i':
        return stepWord(p, end);
    case 'e':
        return wordIs(p, end, "epoch");
    default:
        return false;
    }
}

// key=value pairs (a trainer's own print, Python logging's "%(name)s=%(value)s" style).
void readKeyValues(const char *line, const char *end, LineScan *out)
{
    for (const char *eq =
             static_cast<const char *>(std::memchr(line, '=', std::size_t(end - line)));
         eq; eq = static_cast<const char *>(std::memchr(eq + 1, '=', std::size_t(end - eq - 1)))) {
        const char *keyBegin = eq;
        while (keyBegin > line && isNameChar(keyBegin[-1]))
            --keyBegin;
        if (keyBegin == eq || !isNameStart(*keyBegin))
            continue;
        if (keyBegin > line && !(isBlank(keyBegin[-1]) || keyBegin[-1] == ',' ||
                                 keyBegin[-1] == ';' || keyBegin[-1] == '(' || keyBegin[-1] == '['))
            continue;
        const char *valueEnd = eq + 1;
        while (valueEnd < end && !isBlank(*valueEnd) && *valueEnd != ',' && *valueEnd != ';' &&
               *valueEnd != ')' && *valueEnd != ']')
            ++valueEnd;
        if (const std::optional<double> v = parseNumber(eq + 1, valueEnd))
            out->add(keyBegin, qsizetype(eq - keyBegin), *v);
        if (valueEnd >= end)
            break;
        eq = valueEnd - 1 > eq ? valueEnd - 1 : eq;
    }
}

// Keras progress parts "name: value", separated by " - " (keras/utils/generic_utils.py Progbar,
// keras 3 keras/src/utils/progbar.py). A part "name: value" whose value is not a number (nor
// Keras's "ETA: 0s" / "ETA: 1:02") makes the line a report of something else
// (`LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]`): then the line gives nothing.
bool readKerasParts(const char *line, const char *end, LineScan *out)
{
    // One pass: the values are added as they come and taken back when a later part is no number.
    const ScanMark mark(out);
    bool found = false;
    const char *part = line;
    while (part < end) {
        const char *partEnd = end;
        for (const char *dash = part + 1; dash + 1 < end;) {
            dash = static_cast<const char *>(std::memchr(dash, '-', std::size_t(end - dash - 1)));
            if (!dash)
                break;
            if (dash[-1] == ' ' && dash[1] == ' ') {
                partEnd = dash - 1;
                break;
            }
            ++dash;
        }
        const char *p = skipBlanks(part, partEnd);
        const char *nameBegin = p;
        if (p < partEnd && isNameStart(*p)) {
            while (p < partEnd && isNameChar(*p))
                ++p;
            if (p + 1 < partEnd && p[0] == ':' && p[1] == ' ') {
                if (const std::optional<double> v = parseNumber(p + 2, partEnd)) {
                    out->add(nameBegin, qsizetype(p - nameBegin), *v);
                    found = true;
                } else if (!isDuration(p + 2, partEnd)) {
                    return mark.fail();
                }
            }
        }
        part = partEnd == end ? end : partEnd + 3;
    }
    return found;
}

// Keras's Progbar (keras/utils/generic_utils.py in 2.x, keras/src/utils/progbar.py in 3.x) with
// its counter "{current}/{target}" ("{current}/Unknown" without a target) first, then the bar
// ("[====>....]" or keras 3's "━━━━") unless verbose=2, then " - " parts or keras 3's
// "{time} {time}/step - name: value".
bool readKerasCounter(const char *begin, const char *end, LineScan *out)
{
    const char *p = begin;
    const char *n = p;
    p = pastDigits(p, end);
    if (p == n || p == end || *p != '/')
        return false;
    const char *total = ++p;
    p = pastDigits(p, end);
    const bool unknown = p == total && end - p >= 7 && std::memcmp(p, "Unknown", 7) == 0;
    if (p == total && !unknown)
        return false;
    const std::optional<double> current = parseNumber(n, total - 1);
    const std::optional<double> target = unknown ? std::nullopt : parseNumber(total, p);
    if (unknown)
        p += 7;
    if (p < end && !isBlank(*p))
        return false;
    // The metrics: from the first " - " part that names one (the bar and the times before it).
    const char *parts = nullptr;
    for (const char *q = p; q + 2 < end; ++q) {
        q = static_cast<const char *>(std::memchr(q, '-', std::size_t(end - q)));
        if (!q || q + 2 >= end)
            break;
        if (q[-1] == ' ' && q[1] == ' ' && isNameStart(q[2])) {
            parts = q + 2;
            break;
        }
    }
    if (!parts)
        return false;
    const ScanMark mark(out);
    if (!readKerasParts(parts, end, out))
        return mark.fail();
    LineShape &s = out->shape;
    s.keras = true;
    s.kerasN = current.value_or(0);
    s.kerasTotal = target.value_or(0);
    return true;
}

// A step word and its number first (after an "Epoch N" or a log prefix ending in ':', ']', '|'
// or '-'), then nothing but "name value" pairs. What real trainers print this way: scikit-learn's
// MLP (sklearn/neural_network/_multilayer_perceptron.py: "Iteration %d, loss = %.8f"), KMeans
// ("Iteration %d, inertia %s"), and the most common hand-written loop print
// (`print(f"step {i} loss {loss:.4f}")`, `print(f"Step {i}: loss {loss}")`). A pair's value is a
// number, or a number with a unit ("1.2s", "35it/s"), which is skipped; anything else (`step 3
// of 10: saving checkpoint`) makes the line give nothing.
bool readStepPairs(const char *begin, const char *end, LineScan *out)
{
    // Where the step word is: a word start whose text before is empty, "Epoch N[/M]" or a prefix
    // ending in ':', ']', '|', '-' or ','.
    const char *word = nullptr;
    const char *wordEnd = nullptr;
    std::optional<double> epoch;
    for (const char *t =
             static_cast<const char *>(std::memchr(begin, 't', std::size_t(end - begin)));
         t; t = static_cast<const char *>(std::memchr(t + 1, 't', std::size_t(end - t - 1)))) {
        if (t == begin || t + 1 >= end)
            continue;
        const char *w = t - 1;
        const char first = char(*w | 0x20);
        if ((first != 's' && first != 'i') || (w > begin && isWordChar(w[-1])))
            continue;
        const char *we = stepWord(w, end);
        if (!we)
            continue;
        const char *before = w;
        while (before > begin && isBlank(before[-1]))
            --before;
        bool allowed = before == begin;
        if (!allowed) {
            const char c = before[-1];
            allowed = c == ':' || c == ']' || c == '|' || c == '-' || c == ',';
            // "Epoch 2 step 12", "epoch 2/10, step 12"
            const char *e = skipBlanks(begin, before);
            if (wordIs(e, before, "epoch")) {
                const char *digits = skipBlanks(e + 5, before);
                if (digits < before && (*digits == ':' || *digits == '='))
                    digits = skipBlanks(digits + 1, before);
                const char *digitsEnd = pastDigits(digits, before);
                const char *rest = digitsEnd;
                if (rest < before && *rest == '/')
                    rest = pastDigits(rest + 1, before);
                while (rest < before && (isBlank(*rest) || *rest == ',' || *rest == ':' ||
                                         *rest == '|' || *rest == '-'))
                    ++rest;
                if (digitsEnd > digits && rest == before) {
                    allowed = true;
                    epoch = parseNumber(digits, digitsEnd);
                }
            }
        }
        if (allowed) {
            word = w;
            wordEnd = we;
            break;
        }
    }
    if (!word)
        return false;
    const char *p = skipBlanks(wordEnd, end);
    if (p < end && (*p == ':' || *p == '=' || *p == '#'))
        p = skipBlanks(p + 1, end);
    const char *digits = p;
    p = pastDigits(p, end);
    if (p == digits)
        return false;
    const std::optional<double> step = parseNumber(digits, p);
    // "Step 5/100", "step 5 of 100"
    if (p < end && *p == '/') {
        const char *total = p + 1;
        p = pastDigits(total, end);
        if (p == total)
            return false;
    } else if (end - p > 4 && p[0] == ' ' && p[1] == 'o' && p[2] == 'f' && p[3] == ' ' &&
               isDigit(p[4])) {
        p = pastDigits(p + 4, end);
    }
    if (p < end && !(isPairSeparator(*p) || *p == ':'))
        return false;
    const ScanMark mark(out);
    auto fail = [&mark] { return mark.fail(); };
    bool found = false;
    if (p < end && *p == ':')
        ++p;
    while (p < end) {
        while (p < end && (isPairSeparator(*p) ||
                           (*p == '-' && (p + 1 == end || isBlank(p[1])) && isBlank(p[-1]))))
            ++p;
        if (p == end)
            break;
        const char *name = p;
        if (!isNameStart(*p))
            return fail();
        while (p < end && isNameChar(*p))
            ++p;
        const char *nameEnd = p;
        // name, then blanks and at most one ':' or '=' (at least one of them)
        p = skipBlanks(p, end);
        if (p < end && (*p == ':' || *p == '='))
            p = skipBlanks(p + 1, end);
        if (p == nameEnd || p == end)
            return fail();
        const char *value = p;
        while (p < end && !isPairSeparator(*p))
            ++p;
        if (const std::optional<double> v = parseNumber(value, p)) {
            out->add(name, nameEnd - name, *v);
            found = true;
        } else if (!isNumberWithUnit(value, p)) {
            return fail();
        }
    }
    if (!found)
        return fail();
    if (epoch)
        out->add("epoch", 5, *epoch);
    if (step) {
        out->shape.hasStep = true;
        out->shape.step = *step;
    }
    return true;
}

// Parts "Name: value" joined by ", ", each value a number: scikit-learn's SGD estimators print
// their epoch so (sklearn/linear_model/_sgd_fast.pyx, _plain_sgd: "Norm: %.2f, NNZs: %d, Bias:
// %.6f, T: %d, Avg. loss: %f"), MLP its validation score ("Validation score: %f"), and trainers
// their evaluation ("Test loss: 0.0239"). A name is at most four words of letters, digits and
// "_.-'"; a part that is not "Name: number" makes the line give nothing ("GPU available: True
// (cuda), used: True", "Total params: 34,826"), and so does a line of whole numbers only (counts
// such as Lightning's model summary "Modules in train mode: 427", "Non-trainable params: 0").
bool readCommaPairs(const char *begin, const char *end, LineScan *out)
{
    const ScanMark mark(out);
    const char *p = begin;
    bool found = false;
    bool fraction = false;
    while (p < end) {
        const char *name = p;
        if (!isNameStart(*p))
            break;
        int words = 1;
        while (p < end && *p != ':') {
            const char c = *p;
            if (c == ' ') {
                if (p + 1 < end && p[1] == ':') { // "Accuracy : 0.79"
                    ++p;
                    continue;
                }
                if (++words > 4 || p + 1 == end || !(isWordChar(p[1])))
                    break;
            } else if (!(isWordChar(c) || c == '.' || c == '-' || c == '\'')) {
                break;
            }
            ++p;
        }
        if (p >= end || *p != ':' || p + 1 >= end || p[1] != ' ' || p - name > 40)
            break;
        const char *nameEnd = p;
        while (nameEnd > name && nameEnd[-1] == ' ')
            --nameEnd;
        const char *value = skipBlanks(p + 1, end);
        const char *valueEnd = value;
        for (;;) { // up to the next ", "
            valueEnd =
                static_cast<const char *>(std::memchr(valueEnd, ',', std::size_t(end - valueEnd)));
            if (!valueEnd) {
                valueEnd = end;
                break;
            }
            if (valueEnd + 1 < end && valueEnd[1] == ' ')
                break;
            ++valueEnd;
        }
        const std::optional<double> v = parseNumber(value, valueEnd);
        if (!v)
            break;
        for (const char *c = value; c < valueEnd && !fraction; ++c)
            fraction = *c == '.' || *c == 'e' || *c == 'E' || *c == 'n' || *c == 'N';
        out->add(name, nameEnd - name, *v);
        found = true;
        p = valueEnd == end ? end : valueEnd + 2;
    }
    if (p < end || !found || !fraction)
        return mark.fail();
    return true;
}

bool readMarker(const char *begin, const char *end, LineScan *out)
{
    if (*begin != 'E' && *begin != '-' && end[-1] != ':')
        return false;
    LineShape &s = out->shape;
    // Keras's fit(): io_utils.print_msg(f"Epoch {epoch + 1}/{self.epochs}") before each epoch.
    if (wordIs(begin, end, "epoch") && begin[0] == 'E') {
        const char *digits = skipBlanks(begin + 5, end);
        const char *p = pastDigits(digits, end);
        if (p > digits && p < end && *p == '/') {
            const char *total = p + 1;
            const char *totalEnd = pastDigits(total, end);
            if (totalEnd > total && totalEnd == end) {
                s.epochHeader = parseNumber(digits, p).value_or(0);
                return s.epochHeader > 0;
            }
        }
        return false;
    }
    // scikit-learn's SGD: print("-- Epoch %d" % (epoch + 1)) before each epoch's line; the epoch
    // is the step of what follows.
    if (end - begin > 9 && std::memcmp(begin, "-- Epoch ", 9) == 0) {
        const char *p = pastDigits(begin + 9, end);
        if (p == end && p > begin + 9) {
            s.hasStep = true;
            s.step = parseNumber(begin + 9, p).value_or(0);
            return true;
        }
        return false;
    }
    // LightGBM's early stopping (python-package/lightgbm/callback.py, _EarlyStoppingCallback):
    // "Early stopping, best iteration is:\n[{best}]\t{results}" and "Did not meet early
    // stopping. Best iteration is:\n...": the round line after it repeats an earlier round.
    static const char tail[] = "est iteration is:";
    constexpr qsizetype tailSize = sizeof tail - 1;
    if (end - begin > tailSize && std::memcmp(end - tailSize, tail, std::size_t(tailSize)) == 0 &&
        lowerIs(end[-tailSize - 1], 'b')) {
        s.repeatNext = true;
        return true;
    }
    return false;
}

} // namespace trainyard::metrics::forms
