// SPDX-License-Identifier: MIT
// The evaluation logs of the gradient boosting libraries (lineforms.h: readRound): one line per
// round, "[round]" then the results, tab-separated.
//
//   XGBoost   [0]\ttrain-rmse:4.62228\tvalid-rmse:4.68355        xgboost/callback.py
//             EvaluationMonitor (after_iteration, _fmt_metric: f"\t{data}-{metric}:{score:.5f}",
//             "+{std:.5f}" after it in xgboost.cv with show_stdv); 0-based rounds. Before 1.3 the
//             C++ learner printed the same ("[i]\tdata-metric:value", learner.cc EvalOneIter).
//   LightGBM  [10]\tvalid_0's l2: 0.1\tvalid_0's auc: 0.9          lightgbm/callback.py
//             log_evaluation (_LogEvaluationCallback, _format_eval_result: f"{data}'s {metric}:
//             {value:g}", " + {stdv:g}" in lightgbm.cv); 1-based rounds (iteration + 1).
//
// A series is named as the line names it ("train-rmse", "valid_0's l2", "cv_agg's valid auc");
// its x is the round as printed; in cross-validation the value is the mean (the "+ std" part is
// not a series). Logs pasted where tabs became blanks read the same.
#include "metrics/lineforms.h"

#include <charconv>
#include <cstring>

namespace trainyard::metrics::forms {

namespace {

bool isItemBreak(char c)
{
    return c == '\t' || c == ' ';
}

// The start of the next item at or after p (end: none).
const char *nextItem(const char *p, const char *end)
{
    while (p < end && isItemBreak(*p))
        ++p;
    return p;
}

// A number at [p, end) as far as it goes; *next after it. No number: nullopt.
std::optional<double> leadingNumber(const char *p, const char *end, const char **next)
{
    double v = 0;
    const std::from_chars_result r = std::from_chars(p, end, v);
    if (r.ec != std::errc() || r.ptr == p) {
        // nan, inf: up to the next break
        const char *e = p;
        while (e < end && !isItemBreak(*e) && *e != '+')
            ++e;
        const std::optional<double> special = parseNumber(p, e);
        *next = e;
        return special;
    }
    *next = r.ptr;
    return v;
}

// XGBoost: "name:value[+std]" items, the name without blanks.
bool readXgboostItems(const char *p, const char *end, LineScan *out)
{
    bool found = false;
    for (p = nextItem(p, end); p < end; p = nextItem(p, end)) {
        const char *name = p;
        while (p < end && *p != ':' && !isItemBreak(*p))
            ++p;
        if (p == end || *p != ':' || p == name || !isNameStart(*name))
            return false;
        const char *nameEnd = p;
        const char *next = nullptr;
        const std::optional<double> v = leadingNumber(p + 1, end, &next);
        if (!v)
            return false;
        p = next;
        if (p < end && *p == '+') { // "+std" of xgboost.cv
            const char *stdEnd = nullptr;
            if (!leadingNumber(p + 1, end, &stdEnd))
                return false;
            p = stdEnd;
        }
        if (p < end && !isItemBreak(*p))
            return false;
        out->add(name, nameEnd - name, *v);
        found = true;
    }
    return found;
}

// LightGBM: "data's metric: value[ + std]" items; the name has blanks ("cv_agg's train auc").
bool readLightGbmItems(const char *p, const char *end, LineScan *out)
{
    bool found = false;
    for (p = nextItem(p, end); p < end; p = nextItem(p, end)) {
        const char *name = p;
        const char *colon = p;
        while (colon + 1 < end && !(colon[0] == ':' && colon[1] == ' ') && *colon != '\t')
            ++colon;
        if (colon + 1 >= end || *colon != ':' || !isNameStart(*name))
            return false;
        static const char owner[] = "'s ";
        if (!::memmem(name, std::size_t(colon - name), owner, 3))
            return false;
        const char *value = skipBlanks(colon + 1, end);
        const char *next = nullptr;
        const std::optional<double> v = leadingNumber(value, end, &next);
        if (!v || (next < end && !isItemBreak(*next)))
            return false;
        p = next;
        // " + std" of lightgbm.cv
        const char *q = p;
        while (q < end && *q == ' ')
            ++q;
        if (q + 1 < end && q[0] == '+' && q[1] == ' ') {
            const char *stdEnd = nullptr;
            if (!leadingNumber(skipBlanks(q + 1, end), end, &stdEnd))
                return false;
            p = stdEnd;
        }
        out->add(name, colon - name, *v);
        found = true;
    }
    return found;
}

} // namespace

bool readRound(const char *begin, const char *end, LineScan *out)
{
    if (end - begin < 4 || *begin != '[' || !isDigit(begin[1]))
        return false;
    const char *p = begin + 1;
    while (p < end && isDigit(*p))
        ++p;
    if (p >= end || *p != ']' || p + 1 >= end || !isItemBreak(p[1]))
        return false;
    const std::optional<double> round = parseNumber(begin + 1, p);
    const char *items = nextItem(p + 1, end);
    // The first item tells which library: "name:value" (XGBoost) or "data's metric: value".
    const char *colon =
        static_cast<const char *>(std::memchr(items, ':', std::size_t(end - items)));
    if (!colon || colon + 1 >= end)
        return false;
    const ScanMark mark(out);
    const bool ok =
        colon[1] == ' ' ? readLightGbmItems(items, end, out) : readXgboostItems(items, end, out);
    if (!ok || !round)
        return mark.fail();
    out->shape.hasStep = true;
    out->shape.step = *round;
    out->shape.round = true;
    return true;
}

} // namespace trainyard::metrics::forms
