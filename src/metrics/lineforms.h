// SPDX-License-Identifier: MIT
// The built-in line forms of metric extraction (see extract.h for the rules and their sources).
// Internal to src/metrics: each reader takes one line's bytes and adds what it finds to a
// LineScan; it returns false (adding nothing) when the line does not have its form.
#pragma once

#include "metrics/extract.h"

#include <optional>

namespace trainyard::metrics::forms {

inline bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

inline bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

inline bool isNameChar(char c)
{
    return isNameStart(c) || isDigit(c) || c == '.' || c == '/' || c == '-';
}

inline bool lowerIs(char c, char lower)
{
    return c == lower || c == lower - ('a' - 'A');
}

inline const char *skipBlanks(const char *p, const char *end)
{
    while (p < end && isBlank(*p))
        ++p;
    return p;
}

// What a reader added to a LineScan, taken back when the line turns out not to have its form.
class ScanMark
{
public:
    explicit ScanMark(LineScan *out)
        : m_out(out)
        , m_kept(out->values.size())
        , m_shape(out->shape)
    {}
    // Takes back what was added; returns false (the reader's answer).
    bool fail() const
    {
        m_out->values.resize(m_kept);
        m_out->shape = m_shape;
        return false;
    }

private:
    LineScan *m_out;
    std::size_t m_kept;
    LineShape m_shape;
};

// A number: what strtod accepts over the whole of [begin, end) after trimming blanks and a
// trailing ',' or ';'; nan and inf in any case (NaN, NAN, Infinity, -inf) included.
std::optional<double> parseNumber(const char *begin, const char *end);

// The line without what a terminal does not show: leading and trailing blanks, '\r' and ANSI
// escape sequences. *cursorUp: the line moves the cursor up (ESC [ n A), as tqdm does after
// drawing a bar below another.
void trim(const char **begin, const char **end, bool *cursorUp);

// {...}: a Python dict (str(dict)) or a JSON object with at least one numeric value.
bool readDict(const char *begin, const char *end, LineScan *out);
// A tqdm bar (std.py format_meter: "{desc}: {pct}%|{bar}| {n}/{total} [{elapsed}<{remaining},
// {rate}{, postfix}]" or, without total, "{desc}: {n}{unit} [{elapsed}, {rate}{, postfix}]").
bool readTqdm(const char *begin, const char *end, LineScan *out);
// Lightning's rich bar: "{desc} {bar} {n}/{total} {elapsed} • {remaining} {speed}it/s {metrics}".
bool readRichBar(const char *begin, const char *end, LineScan *out);
// A line of "name: value" pairs only, separated by blanks (rich's metric column lines).
bool readPairs(const char *begin, const char *end, LineScan *out);

// key=value pairs anywhere on the line.
void readKeyValues(const char *begin, const char *end, LineScan *out);
// Keras's " - "-separated "name: value" parts; false (adding nothing) when a part is not numeric.
bool readKerasParts(const char *begin, const char *end, LineScan *out);

// The forms of lineformstext.cpp and lineformsboost.cpp (each cites what it follows there).
// A boosting round: XGBoost "[i]\tdata-metric:value..." or LightGBM "[i]\tdata's metric: value...";
// the round is the line's step.
bool readRound(const char *begin, const char *end, LineScan *out);
// A step word and its number, then "name value" pairs: "step 12 loss 0.43 acc 0.91",
// "Step 12: loss 0.4321", "Epoch 2 step 12 loss=0.5", "Iteration 3, loss = 0.41230000".
bool readStepPairs(const char *begin, const char *end, LineScan *out);
// "Name: value" parts joined by ", ", every value a number (scikit-learn's SGD:
// "Norm: 6.12, NNZs: 4, Bias: -0.367000, T: 150, Avg. loss: 0.570000").
bool readCommaPairs(const char *begin, const char *end, LineScan *out);
// A Keras progress line with its counter: "237/422 [====>...] - ETA: 7s - loss: 0.04 - ...",
// "59/59 ━━━━ 1s 5ms/step - accuracy: 0.83 - loss: 0.68", "20/20 - loss: 0.1234".
bool readKerasCounter(const char *begin, const char *end, LineScan *out);
// Lines that carry no value but say where the next ones belong: Keras's "Epoch 3/15",
// scikit-learn SGD's "-- Epoch 3", LightGBM's "Early stopping, best iteration is:".
bool readMarker(const char *begin, const char *end, LineScan *out);
// True when the (trimmed) line may be one of the forms above although it has none of the
// characters '=', ':' and '|': its first word is a step or epoch word, or it starts with "-- E".
bool mayBeWordForm(const char *begin, const char *end);

} // namespace trainyard::metrics::forms
