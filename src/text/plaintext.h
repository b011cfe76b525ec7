// SPDX-License-Identifier: MIT
// The one sanitiser for text from outside (server answers, trainer output, job IDs, YAML
// values) that is bound for a terminal or a label. Every character that could act instead of
// being read is replaced by a visible escape:
//  - C0 controls but tab (newline too unless kept), DEL and the C1 controls: "\x1b", "\x9b",
//    "\x0d"... An escape sequence (CSI, OSC 52 clipboard writes, title changes, screen clears,
//    DCS) loses its ESC/CSI introducer and shows as inert text;
//  - bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the
//    line and paragraph separators (U+2028, U+2029): "\u202e";
//  - lone UTF-16 surrogates (from malformed input): "\ud800".
// Everything else, including non-Latin text and emoji, stays as it is.
#pragma once

#include <QString>

namespace trainyard::text {

enum class Newlines {
    Escape, // one line: '\n' becomes "\x0a"
    Keep,   // multi-line text (a label, a JSON payload): '\n' stays
};

QString plainText(const QString &text, Newlines newlines = Newlines::Escape);

// True when plainText would change nothing.
bool isPlain(const QString &text, Newlines newlines = Newlines::Escape);

} // namespace trainyard::text
