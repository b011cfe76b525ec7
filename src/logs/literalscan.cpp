// SPDX-License-Identifier: MIT
#include "logs/literalscan.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TRAINYARD_LITERALSCAN_X86 1
#endif

namespace trainyard::logs {

namespace {

constexpr uchar LongSLead = 0xc5;    // U+017F, LATIN SMALL LETTER LONG S: C5 BF
constexpr uchar LongSTrail = 0xbf;   //
constexpr uchar KelvinLead = 0xe2;   // U+212A, KELVIN SIGN: E2 84 AA
constexpr uchar KelvinSecond = 0x84; //

bool isAsciiLetter(uchar c)
{
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

uchar foldAscii(uchar c)
{
    return c >= 'A' && c <= 'Z' ? uchar(c | 0x20) : c;
}

} // namespace

LiteralScan::LiteralScan(const QByteArray &literal, bool caseless)
    : m_literal(literal)
    , m_caseless(caseless)
{
    if (!caseless)
        return;
    for (char &c : m_literal) {
        c = char(foldAscii(uchar(c)));
        m_variants = m_variants || c == 's' || c == 'k';
    }
}

bool LiteralScan::matchesAt(const char *p, const char *end) const
{
    if (m_variants && end - p >= 2) {
        const auto c = uchar(p[0]);
        const auto d = uchar(p[1]);
        if ((c == LongSLead && d == LongSTrail) || (c == KelvinLead && d == KelvinSecond))
            return true;
    }
    const qsizetype n = m_literal.size();
    if (end - p < n)
        return false;
    if (!m_caseless)
        return std::memcmp(p, m_literal.constData(), std::size_t(n)) == 0;
    for (qsizetype i = 0; i < n; ++i) {
        if (foldAscii(uchar(p[i])) != uchar(m_literal.at(i)))
            return false;
    }
    return true;
}

#ifdef TRAINYARD_LITERALSCAN_X86
namespace {

// Whether this CPU runs AVX2 (asked once).
bool hasAvx2()
{
    static const bool avx2 = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") != 0;
    }();
    return avx2;
}

struct BlockBytes
{
    char first;
    char last;
    char foldFirst; // 0x20 where the first byte is a letter matched without case
    char foldLast;
    qsizetype lastOffset; // of the last byte in the literal
    bool variants;
};

BlockBytes blockBytes(const QByteArray &literal, bool caseless, bool variants)
{
    const auto first = uchar(literal.front());
    const auto last = uchar(literal.back());
    return {char(first),
            char(last),
            char(caseless && isAsciiLetter(first) ? 0x20 : 0),
            char(caseless && isAsciiLetter(last) ? 0x20 : 0),
            literal.size() - 1,
            variants};
}

#define TRAINYARD_AVX2 __attribute__((target("avx2")))

TRAINYARD_AVX2 inline __m256i load32(const char *q)
{
    return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(q));
}

// 0xff where a (its first byte folded) and z (its last byte, lastOffset further on) agree.
TRAINYARD_AVX2 inline __m256i agree32(const BlockBytes &b, __m256i a, __m256i z)
{
    return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_or_si256(a, _mm256_set1_epi8(b.foldFirst)),
                                              _mm256_set1_epi8(b.first)),
                            _mm256_cmpeq_epi8(_mm256_or_si256(z, _mm256_set1_epi8(b.foldLast)),
                                              _mm256_set1_epi8(b.last)));
}

// 0xff where U+017F or U+212A starts (their first two bytes; a1 is a one byte further on).
TRAINYARD_AVX2 inline __m256i folded32(__m256i a, __m256i a1)
{
    const __m256i s = _mm256_and_si256(_mm256_cmpeq_epi8(a, _mm256_set1_epi8(char(LongSLead))),
                                       _mm256_cmpeq_epi8(a1, _mm256_set1_epi8(char(LongSTrail))));
    const __m256i k = _mm256_and_si256(_mm256_cmpeq_epi8(a, _mm256_set1_epi8(char(KelvinLead))),
                                       _mm256_cmpeq_epi8(a1, _mm256_set1_epi8(char(KelvinSecond))));
    return _mm256_or_si256(s, k);
}

// Candidates 64 bytes at a time (two AVX2 registers) while a block and the literal's last byte
// fit before `end`; *stop is where it stopped. One test per block in the common case: no
// first-and-last agreement and (for the folded characters) no byte above ASCII.
TRAINYARD_AVX2 const char *scanAvx2(const BlockBytes &b, const char *p, const char *end,
                                    const char **stop,
                                    bool (*check)(const void *, const char *, const char *),
                                    const void *self)
{
    const qsizetype reach = 64 + std::max<qsizetype>(b.lastOffset, 1);
    const __m256i highBits = _mm256_set1_epi8(b.variants ? char(0x80) : char(0));
    for (; end - p >= reach; p += 64) {
        const __m256i a0 = load32(p);
        const __m256i a1 = load32(p + 32);
        __m256i e0 = agree32(b, a0, load32(p + b.lastOffset));
        __m256i e1 = agree32(b, a1, load32(p + 32 + b.lastOffset));
        const __m256i any = _mm256_or_si256(_mm256_or_si256(e0, e1),
                                            _mm256_and_si256(_mm256_or_si256(a0, a1), highBits));
        if (_mm256_movemask_epi8(any) == 0)
            continue;
        if (b.variants) {
            e0 = _mm256_or_si256(e0, folded32(a0, load32(p + 1)));
            e1 = _mm256_or_si256(e1, folded32(a1, load32(p + 33)));
        }
        auto mask = quint64(unsigned(_mm256_movemask_epi8(e0))) |
                    quint64(unsigned(_mm256_movemask_epi8(e1))) << 32;
        while (mask != 0) {
            const char *q = p + __builtin_ctzll(mask);
            if (check(self, q, end))
                return q;
            mask &= mask - 1;
        }
    }
    *stop = p;
    return nullptr;
}

// The same, 32 bytes at a time in two SSE2 registers (every x86-64 CPU).
const char *scanSse2(const BlockBytes &b, const char *p, const char *end, const char **stop,
                     bool (*check)(const void *, const char *, const char *), const void *self)
{
    const qsizetype reach = 32 + std::max<qsizetype>(b.lastOffset, 1);
    const __m128i first = _mm_set1_epi8(b.first);
    const __m128i last = _mm_set1_epi8(b.last);
    const __m128i foldFirst = _mm_set1_epi8(b.foldFirst);
    const __m128i foldLast = _mm_set1_epi8(b.foldLast);
    const __m128i highBits = _mm_set1_epi8(b.variants ? char(0x80) : char(0));
    const auto load = [](const char *q) {
        return _mm_loadu_si128(reinterpret_cast<const __m128i *>(q));
    };
    const auto agree = [&](__m128i a, __m128i z) {
        return _mm_and_si128(_mm_cmpeq_epi8(_mm_or_si128(a, foldFirst), first),
                             _mm_cmpeq_epi8(_mm_or_si128(z, foldLast), last));
    };
    const auto folded = [](__m128i a, __m128i a1) {
        const __m128i s = _mm_and_si128(_mm_cmpeq_epi8(a, _mm_set1_epi8(char(LongSLead))),
                                        _mm_cmpeq_epi8(a1, _mm_set1_epi8(char(LongSTrail))));
        const __m128i k = _mm_and_si128(_mm_cmpeq_epi8(a, _mm_set1_epi8(char(KelvinLead))),
                                        _mm_cmpeq_epi8(a1, _mm_set1_epi8(char(KelvinSecond))));
        return _mm_or_si128(s, k);
    };
    for (; end - p >= reach; p += 32) {
        const __m128i a0 = load(p);
        const __m128i a1 = load(p + 16);
        __m128i e0 = agree(a0, load(p + b.lastOffset));
        __m128i e1 = agree(a1, load(p + 16 + b.lastOffset));
        const __m128i any =
            _mm_or_si128(_mm_or_si128(e0, e1), _mm_and_si128(_mm_or_si128(a0, a1), highBits));
        if (_mm_movemask_epi8(any) == 0)
            continue;
        if (b.variants) {
            e0 = _mm_or_si128(e0, folded(a0, load(p + 1)));
            e1 = _mm_or_si128(e1, folded(a1, load(p + 17)));
        }
        auto mask = unsigned(_mm_movemask_epi8(e0)) | unsigned(_mm_movemask_epi8(e1)) << 16;
        while (mask != 0) {
            const char *q = p + __builtin_ctz(mask);
            if (check(self, q, end))
                return q;
            mask &= mask - 1;
        }
    }
    *stop = p;
    return nullptr;
}

#undef TRAINYARD_AVX2

} // namespace
#endif

const char *LiteralScan::find(const char *from, const char *end, Blocks blocks) const
{
    if (m_literal.isEmpty() || from >= end)
        return nullptr;
    const char *p = from;
#ifdef TRAINYARD_LITERALSCAN_X86
    if (blocks != Blocks::None) {
        const BlockBytes bytes = blockBytes(m_literal, m_caseless, m_variants);
        const auto check = [](const void *self, const char *q, const char *e) {
            return static_cast<const LiteralScan *>(self)->matchesAt(q, e);
        };
        const char *found = blocks == Blocks::Widest && hasAvx2()
                                ? scanAvx2(bytes, p, end, &p, check, this)
                                : scanSse2(bytes, p, end, &p, check, this);
        if (found != nullptr)
            return found;
    }
#else
    if (blocks != Blocks::None && !m_caseless && !m_variants) {
        // memchr on the first byte, then the rest.
        const char first = m_literal.front();
        while (p < end) {
            p = static_cast<const char *>(std::memchr(p, first, std::size_t(end - p)));
            if (p == nullptr)
                return nullptr;
            if (matchesAt(p, end))
                return p;
            ++p;
        }
        return nullptr;
    }
#endif
    for (; p < end; ++p) {
        if (matchesAt(p, end))
            return p;
    }
    return nullptr;
}

namespace {

bool isAsciiAlnum(char c)
{
    return (c >= '0' && c <= '9') || isAsciiLetter(uchar(c));
}

qsizetype utf8Length(uchar lead)
{
    if (lead >= 0xf0)
        return 4;
    if (lead >= 0xe0)
        return 3;
    if (lead >= 0xc0)
        return 2;
    return 1;
}

// The ']' that closes the class opened at p[open] ('['), or -1.
qsizetype classEnd(const QByteArray &p, qsizetype open)
{
    const qsizetype n = p.size();
    qsizetype j = open + 1;
    if (j < n && p.at(j) == '^')
        ++j;
    if (j < n && p.at(j) == ']') // a ']' first is a member
        ++j;
    while (j < n) {
        const char c = p.at(j);
        if (c == '\\') {
            if (j + 1 >= n || p.at(j + 1) == 'Q')
                return -1;
            j += 2;
        } else if (c == '[' && j + 1 < n &&
                   (p.at(j + 1) == ':' || p.at(j + 1) == '.' || p.at(j + 1) == '=')) {
            const char closing[] = {p.at(j + 1), ']', '\0'};
            const qsizetype k = p.indexOf(closing, j + 2);
            if (k < 0)
                return -1;
            j = k + 2;
        } else if (c == ']') {
            return j;
        } else {
            ++j;
        }
    }
    return -1;
}

// Whether the group opened at p[open] is one that changes nothing outside itself: a plain,
// non-capturing, atomic or look-around group. "(?i)", "(?x:" and verbs change how the rest reads.
bool isPlainGroup(const QByteArray &p, qsizetype open)
{
    if (open + 1 >= p.size())
        return false;
    const char c = p.at(open + 1);
    if (c == '*')
        return false;
    if (c != '?')
        return true;
    const QByteArray rest = p.mid(open + 2, 2);
    return rest.startsWith(':') || rest.startsWith('=') || rest.startsWith('!') ||
           rest.startsWith('>') || rest == "<=" || rest == "<!";
}

// The ')' that closes the group opened at p[open], or -1.
qsizetype groupEnd(const QByteArray &p, qsizetype open)
{
    int depth = 0;
    for (qsizetype j = open; j < p.size(); ++j) {
        const char c = p.at(j);
        if (c == '\\') {
            if (j + 1 >= p.size() || p.at(j + 1) == 'Q')
                return -1;
            ++j;
        } else if (c == '[') {
            j = classEnd(p, j);
            if (j < 0)
                return -1;
        } else if (c == '(') {
            if (!isPlainGroup(p, j))
                return -1;
            ++depth;
        } else if (c == ')' && --depth == 0) {
            return j;
        }
    }
    return -1;
}

// The '}' of a counted quantifier {n}, {n,} or {n,m} opened at p[open], or -1.
qsizetype quantifierEnd(const QByteArray &p, qsizetype open)
{
    qsizetype j = open + 1;
    const qsizetype digitsStart = j;
    while (j < p.size() && p.at(j) >= '0' && p.at(j) <= '9')
        ++j;
    if (j == digitsStart)
        return -1;
    if (j < p.size() && p.at(j) == ',') {
        ++j;
        while (j < p.size() && p.at(j) >= '0' && p.at(j) <= '9')
            ++j;
    }
    return j < p.size() && p.at(j) == '}' ? j : -1;
}

} // namespace

QList<QByteArray> requiredLiterals(const QByteArray &pattern)
{
    QList<QByteArray> runs;
    QByteArray run;
    qsizetype lastAtom = -1; // where the last one-character atom of `run` starts
    const auto endRun = [&] {
        if (!run.isEmpty())
            runs.append(run);
        run.clear();
        lastAtom = -1;
    };
    const auto dropLast = [&] { // the last character is optional or repeated
        if (lastAtom >= 0)
            run.truncate(lastAtom);
        endRun();
    };
    const qsizetype n = pattern.size();
    qsizetype i = 0;
    while (i < n) {
        const char c = pattern.at(i);
        switch (c) {
        case '\\': {
            if (i + 1 >= n || uchar(pattern.at(i + 1)) >= 0x80)
                return {};
            const char e = pattern.at(i + 1);
            if (!isAsciiAlnum(e)) { // an escaped punctuation character is itself
                lastAtom = run.size();
                run += e;
            } else if (std::strchr("dDwWsShHvVRXbBAzZGKtnrfae", e) != nullptr) {
                endRun(); // a class, an assertion or a control character
            } else {
                return {}; // arguments (\x{..}, \p{..}, \g1), back references, \Q..\E
            }
            i += 2;
            break;
        }
        case '[': {
            endRun();
            const qsizetype close = classEnd(pattern, i);
            if (close < 0)
                return {};
            i = close + 1;
            break;
        }
        case '(': {
            if (!isPlainGroup(pattern, i))
                return {};
            endRun();
            const qsizetype close = groupEnd(pattern, i);
            if (close < 0)
                return {};
            i = close + 1;
            break;
        }
        case ')':
        case '|':
            return {}; // a top-level alternation: no run is required
        case '*':
        case '?':
            dropLast();
            ++i;
            break;
        case '+':
            endRun(); // the character is there at least once, maybe more
            ++i;
            break;
        case '{': {
            const qsizetype close = quantifierEnd(pattern, i);
            if (close < 0)
                return {};
            dropLast();
            i = close + 1;
            break;
        }
        case '.':
        case '^':
        case '$':
            endRun();
            ++i;
            break;
        default: {
            const qsizetype length = std::min(utf8Length(uchar(c)), n - i);
            lastAtom = run.size();
            run += pattern.mid(i, length);
            i += length;
            break;
        }
        }
    }
    endRun();
    return runs;
}

LiteralScan chooseLiteral(const QList<QByteArray> &runs, bool caseless, qsizetype minLength)
{
    QByteArray best;
    const auto consider = [&](const QByteArray &piece) {
        if (piece.size() > best.size())
            best = piece;
    };
    for (const QByteArray &run : runs) {
        if (!caseless) {
            consider(run);
            continue;
        }
        // Without case only ASCII bytes are compared: the longest ASCII piece.
        qsizetype start = 0;
        for (qsizetype j = 0; j <= run.size(); ++j) {
            if (j == run.size() || uchar(run.at(j)) >= 0x80) {
                consider(run.mid(start, j - start));
                start = j + 1;
            }
        }
    }
    if (best.size() < std::max<qsizetype>(minLength, 1))
        return {};
    return LiteralScan(best, caseless);
}

} // namespace trainyard::logs
