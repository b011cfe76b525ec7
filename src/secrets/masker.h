// SPDX-License-Identifier: MIT
// Masks secret values in log lines before a line is stored or shown.
//
// Byte-level: a secret's value is matched as its UTF-8 bytes, anywhere in the line (start,
// middle, end, several times, next to invalid UTF-8 or NUL bytes). Every byte covered by an
// occurrence of any secret is replaced; overlapping or adjacent occurrences (one secret's value
// running into another's, "aaaa" inside "aaaaa") merge into ONE replacement, so no fragment of
// a value survives between two masks. The replacement is "[secret:NAME]" (names of merged
// secrets joined by ',').
//
// A value is also masked in the forms it takes on the way into a log:
//  - base64 (standard and URL-safe alphabet), at each of the three byte alignments it can
//    have inside a longer encoded text ("user:token" in a Basic header): the characters that
//    depend on the value alone, when there are at least 6 of them;
//  - URL-escaped (percent-encoding with upper- or lower-case hex, '+' for a space);
//  - JSON-escaped: \" \\ \n \r \t \uXXXX, with non-ASCII as \uXXXX (Python's json.dumps) or
//    kept, '/' as it is or as \/;
//  - as Python's repr() and ascii() write a str, and repr() a bytes value, between the quotes:
//    only the quote repr() chose is escaped (\' when the value holds both kinds), \\, \t \n
//    \r, other controls as \xhh, what str.isprintable() refuses as \xhh \uhhhh \Uhhhhhhhh;
//  - a value containing '\r' or '\n', which the log splits into lines: each piece of at least
//    MinimumMaskedLength bytes on its own.
//
// Values shorter than MinimumMaskedLength (4) bytes are NOT masked: a 1-3 byte value ("1",
// "on", "abc") occurs in ordinary output all the time and masking it would make logs
// unreadable while revealing the value anyway (every mask would point at it). Callers warn when
// such a value is set (SecretStore::shortValueWarning).
//
// Cost: a line without any secret is scanned once per secret with a precomputed
// Boyer-Moore-Horspool matcher (QByteArrayMatcher) and nothing is allocated. Lines with a
// match are rebuilt once.
//
// Limitation: the line splitter of src/logs cuts lines longer than 64 KiB into pieces; a value
// straddling such a cut is not recognised in either piece.
#pragma once

#include <QByteArray>
#include <QByteArrayMatcher>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <vector>

namespace trainyard::secrets {

// Values shorter than this are stored but cannot be masked in logs (a 1-3 byte value would
// mask far too much ordinary text); callers warn when one is set.
inline constexpr int MinimumMaskedLength = 4;

class Masker
{
public:
    // Adds a value to mask. Returns false (and ignores it) when it is shorter than
    // MinimumMaskedLength bytes. Adding the same value twice keeps one entry.
    bool addSecret(const QString &name, const QByteArray &value);
    bool addSecret(const QString &name, const QString &value)
    {
        return addSecret(name, value.toUtf8());
    }

    bool isEmpty() const { return m_patterns.empty(); }
    // The number of values added (each masked in several forms).
    int size() const { return int(m_values.size()); }
    // Names whose values are masked.
    QStringList names() const;

    // The line hook: returns false when the line contains no secret (out untouched, no
    // allocation); else true with the masked line in *out.
    bool mask(const char *data, qsizetype size, QByteArray *out) const;
    // Convenience: the masked line (the line itself when nothing matched).
    QByteArray masked(const QByteArray &line) const;

    static QByteArray replacement(const QString &name);

private:
    struct Pattern
    {
        QString name;
        QByteArray value;
        QByteArrayMatcher matcher;
    };
    void addPattern(const QString &name, const QByteArray &form);

    std::vector<Pattern> m_patterns;
    std::vector<QPair<QString, QByteArray>> m_values; // as added
};

// The forms of `value` that are masked besides the value itself (see above). Exposed for tests.
QList<QByteArray> encodedForms(const QByteArray &value);

} // namespace trainyard::secrets
