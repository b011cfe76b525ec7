// SPDX-License-Identifier: MIT
// The built-in line forms of metric extraction (see extract.h for the rules and their sources).
// Internal to src/metrics: each reader takes one line's bytes and adds what it finds to a
// LineScan; it returns false (adding nothing) when the line does not have its form.
#pragma once

#include "metrics/extract.h"

#include <optional>

namespace trainyard::metrics::forms {

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

} // namespace trainyard::metrics::forms
