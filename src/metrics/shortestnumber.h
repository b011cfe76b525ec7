// SPDX-License-Identifier: MIT
// The shortest text that reads back to the same double, exactly as std::to_chars(first, last,
// value) writes it (fixed or scientific, whichever is shorter, fixed on a tie: 1e+06, 10000,
// 0.0001 as 1e-04), without its cost where the answer is known: whole numbers below 2^53 (steps),
// thousandths below 10^12 (wall times in seconds from milliseconds) and values below 10^6 with
// at most nine decimals (what trainers print) have as shortest digits their own decimal digits,
// so only their length decides the form. Other values go to std::to_chars. No allocation.
#pragma once

namespace trainyard::metrics {

// Room writeShortest() may need.
constexpr int ShortestNumberMaxChars = 32;

// Writes finite `value` at out (ShortestNumberMaxChars bytes of room); returns the end.
char *writeShortest(double value, char *out);

} // namespace trainyard::metrics
