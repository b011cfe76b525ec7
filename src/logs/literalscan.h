// SPDX-License-Identifier: MIT
// The prefilter of the log search: a literal that every match must contain, found in a byte range
// at the speed of memory. Blocks of 32 bytes (AVX2 where the CPU has it, else 16 with SSE2; a
// plain loop on other machines) are compared at once with the literal's first and last bytes,
// and only where both agree are the bytes between compared (the "generic SIMD" filter of
// W. Muła, as in Rust's memchr crate and in Hyperscan). Without case, ASCII letters match either
// case; PCRE2 and grep -i also match 's' and 'k' to U+017F and U+212A, so with such a literal the
// lead bytes of those two characters are candidates too, and the caller's full match decides.
//
// requiredLiterals(): the runs of plain characters a regular expression cannot match without,
// read conservatively (a top-level alternation, a group's contents, an inline option or a
// verb give none), so the search verifies only the lines that hold one.
#pragma once

#include <QByteArray>
#include <QList>

namespace trainyard::logs {

class LiteralScan
{
public:
    LiteralScan() = default;
    // caseless: the literal must be ASCII; letters then match in either case.
    LiteralScan(const QByteArray &literal, bool caseless);

    bool isNull() const { return m_literal.isEmpty(); }
    const QByteArray &literal() const { return m_literal; }
    bool isCaseless() const { return m_caseless; }

    // How wide the blocks compared at once may be (tests compare every path with a plain loop).
    enum class Blocks { Widest, Sse2, None };

    // The first position in [from, end) where the literal starts, or (without case, for a
    // literal with 's' or 'k') where U+017F or U+212A starts; nullptr when there is none.
    const char *find(const char *from, const char *end, Blocks blocks = Blocks::Widest) const;

private:
    bool matchesAt(const char *p, const char *end) const;

    QByteArray m_literal; // letters lower-cased when caseless
    bool m_caseless = false;
    bool m_variants = false; // caseless with 's' or 'k': their non-ASCII case forms count
};

// Runs of literal text (UTF-8) that every match of the PCRE2 pattern contains, in pattern order;
// empty when none can be told for sure.
QList<QByteArray> requiredLiterals(const QByteArray &pattern);

// The best prefilter for a search: the longest literal run (without case, the longest run of
// ASCII characters within one), at least minLength bytes; null when there is none.
LiteralScan chooseLiteral(const QList<QByteArray> &runs, bool caseless, qsizetype minLength = 3);

} // namespace trainyard::logs
