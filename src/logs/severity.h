// SPDX-License-Identifier: MIT
// Severity of a captured line: the stream's default unless the line says otherwise.
//
// Rules, first match wins (checked on the line's raw bytes, no decoding):
//
//   | line starts with                               | example                        | severity |
//   |------------------------------------------------|--------------------------------|----------|
//   | Python logging default format "LEVEL:"          | "ERROR:root:boom"              | LEVEL    |
//   |   DEBUG: INFO: WARNING: WARN: ERROR: CRITICAL: FATAL:  (WARN = WARNING, FATAL = CRITICAL)|
//   | absl / glog "Lmmdd " (L in I W E F)             | "E1122 12:00:00.123 x.cc:1] .."| I/W/E/F  |
//   | TensorFlow C++ "YYYY-MM-DD HH:MM:SS.ffffff: L " | "2023-01-02 10:00:00.1: W tf.."| I/W/E/F  |
//   | "Traceback (most recent call last):"            | Python exception               | ERROR    |
//   | inside a traceback: indented lines, and the     | "  File ..." / "ValueError: x" | ERROR    |
//   |   first unindented line (the exception) ends it |                                |          |
//   | anything else on stdout                         |                                | INFO     |
//   | anything else on stderr                         |                                | WARNING  |
//
//   F (absl fatal) maps to CRITICAL. A continuation piece of a line over 64 KiB gets the
//   severity of the line's first piece. Traceback state is kept per stream.
#pragma once

#include "logs/record.h"

namespace trainyard::logs {

// The severity the line itself declares (the table above, without the traceback state),
// or false when it declares none.
bool declaredSeverity(const char *line, qsizetype size, Severity *severity);

class SeverityClassifier
{
public:
    explicit SeverityClassifier(Stream stream)
        : m_stream(stream)
    {}

    Severity classify(const char *line, qsizetype size, bool continuation);
    Severity classify(const QByteArray &line)
    {
        return classify(line.constData(), line.size(), false);
    }
    void reset();

    static Severity defaultFor(Stream stream)
    {
        return stream == Stream::Stderr ? Severity::Warning : Severity::Info;
    }

private:
    Stream m_stream;
    Severity m_last = Severity::Info;
    bool m_inTraceback = false;
};

} // namespace trainyard::logs
