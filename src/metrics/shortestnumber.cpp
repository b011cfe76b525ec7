// SPDX-License-Identifier: MIT
#include "metrics/shortestnumber.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace trainyard::metrics {

namespace {

constexpr double TwoTo53 = 9007199254740992.0;
// A value v = m / 10^k (the double nearest to it) has m's digits as its only shortest text when
// two neighbouring doubles are closer than 10^-k (then any other text that reads back to v is
// within 10^-k of m / 10^k and has more digits): below 10^12 for thousandths (wall times in
// seconds, ulp 1.2e-4), below 10^6 for nine decimals (what trainers print, ulp 1.2e-10).
constexpr double ThousandthsBelow = 1e12;
constexpr double NineDecimalsBelow = 1e6;

// m when value == m / 10^k (k: 3 or 9, scale 10^k), else 0.
std::int64_t decimalsOf(double value, double scale)
{
    // Rounded half away from zero; a wrong guess only fails the check.
    const double scaled = value * scale;
    const auto m = std::int64_t(scaled + (scaled < 0 ? -0.5 : 0.5));
    return double(m) / scale == value ? m : 0;
}

// "00" to "99": two digits per division.
constexpr char DigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536"
    "37383940414243444546474849505152535455565758596061626364656667686970"
    "71727374757677787980818283848586878889909192939495969798999";

// The decimal digits of u (> 0) at the end of a 20-byte buffer; returns where they start.
char *digitsOf(std::uint64_t u, char *end)
{
    while (u >= 100) {
        const auto pair = std::size_t(u % 100) * 2;
        u /= 100;
        *--end = DigitPairs[pair + 1];
        *--end = DigitPairs[pair];
    }
    if (u >= 10) {
        const auto pair = std::size_t(u) * 2;
        *--end = DigitPairs[pair + 1];
        *--end = DigitPairs[pair];
    } else {
        *--end = char('0' + u);
    }
    return end;
}

// value = m / 10^scale (m != 0) where m's decimal digits, trailing zeros dropped, are the
// shortest digits of the double: written as std::to_chars chooses between the two forms.
char *writeDecimal(std::int64_t m, int scale, char *out)
{
    if (m < 0)
        *out++ = '-';
    std::uint64_t u = m < 0 ? std::uint64_t(0) - std::uint64_t(m) : std::uint64_t(m);
    int trailing = 0;
    while (u % 10 == 0) {
        u /= 10;
        ++trailing;
    }
    char buffer[20];
    char *const end = buffer + sizeof buffer;
    const char *digits = digitsOf(u, end);
    const int n = int(end - digits);               // significant digits
    const int exponent = n + trailing - 1 - scale; // of the first digit

    const int exponentDigits = std::abs(exponent) >= 100 ? 3 : 2;
    const int scientific = n + (n > 1 ? 1 : 0) + 2 + exponentDigits;
    const int fixed =
        exponent >= 0 ? (n <= exponent + 1 ? exponent + 1 : n + 1) : 2 + (-exponent - 1) + n;
    if (scientific < fixed) {
        *out++ = digits[0];
        if (n > 1) {
            *out++ = '.';
            std::memcpy(out, digits + 1, std::size_t(n - 1));
            out += n - 1;
        }
        *out++ = 'e';
        *out++ = exponent < 0 ? '-' : '+';
        const int e = std::abs(exponent);
        if (e >= 100)
            *out++ = char('0' + e / 100);
        *out++ = char('0' + e / 10 % 10);
        *out++ = char('0' + e % 10);
        return out;
    }
    if (exponent < 0) {
        *out++ = '0';
        *out++ = '.';
        for (int i = 0; i < -exponent - 1; ++i)
            *out++ = '0';
        std::memcpy(out, digits, std::size_t(n));
        return out + n;
    }
    if (n <= exponent + 1) { // a whole number: the digits, then zeros
        std::memcpy(out, digits, std::size_t(n));
        out += n;
        for (int i = n; i <= exponent; ++i)
            *out++ = '0';
        return out;
    }
    std::memcpy(out, digits, std::size_t(exponent + 1));
    out += exponent + 1;
    *out++ = '.';
    std::memcpy(out, digits + exponent + 1, std::size_t(n - exponent - 1));
    return out + (n - exponent - 1);
}

} // namespace

char *writeShortest(double value, char *out)
{
    const double magnitude = std::fabs(value);
    if (value != 0 && magnitude < TwoTo53) {
        if (std::trunc(value) == value)
            return writeDecimal(std::int64_t(value), 0, out);
        if (magnitude < ThousandthsBelow) {
            if (const std::int64_t m = decimalsOf(value, 1e3))
                return writeDecimal(m, 3, out);
        }
        if (magnitude < NineDecimalsBelow) {
            if (const std::int64_t m = decimalsOf(value, 1e9))
                return writeDecimal(m, 9, out);
        }
    }
    return std::to_chars(out, out + ShortestNumberMaxChars, value).ptr;
}

} // namespace trainyard::metrics
