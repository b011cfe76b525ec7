// SPDX-License-Identifier: MIT
#include "logs/severity.h"

#include <QByteArray>
#include <algorithm>
#include <cstring>

namespace trainyard::logs {

namespace {

struct Prefix
{
    const char *text;
    qsizetype size;
    Severity severity;
};

// Python logging's default format is "%(levelname)s:%(name)s:%(message)s".
constexpr Prefix PythonPrefixes[] = {
    {"DEBUG:", 6, Severity::Debug},     {"INFO:", 5, Severity::Info},
    {"WARNING:", 8, Severity::Warning}, {"WARN:", 5, Severity::Warning},
    {"ERROR:", 6, Severity::Error},     {"CRITICAL:", 9, Severity::Critical},
    {"FATAL:", 6, Severity::Critical},
};

constexpr char TracebackHead[] = "Traceback (most recent call last):";

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool absl(char letter, Severity *severity)
{
    switch (letter) {
    case 'I':
        *severity = Severity::Info;
        return true;
    case 'W':
        *severity = Severity::Warning;
        return true;
    case 'E':
        *severity = Severity::Error;
        return true;
    case 'F':
        *severity = Severity::Critical;
        return true;
    }
    return false;
}

// "YYYY-MM-DD HH:MM:SS" then optional ".digits", then ": L " (TensorFlow's C++ logging).
bool tensorflowCpp(const char *p, qsizetype n, Severity *severity)
{
    static constexpr char Shape[] = "dddd-dd-dd dd:dd:dd";
    constexpr qsizetype ShapeSize = sizeof(Shape) - 1;
    if (n < ShapeSize + 4)
        return false;
    for (qsizetype i = 0; i < ShapeSize; ++i) {
        if (Shape[i] == 'd' ? !isDigit(p[i]) : p[i] != Shape[i])
            return false;
    }
    qsizetype i = ShapeSize;
    if (p[i] == '.') {
        ++i;
        while (i < n && isDigit(p[i]))
            ++i;
    }
    return i + 3 < n && p[i] == ':' && p[i + 1] == ' ' && p[i + 3] == ' ' &&
           absl(p[i + 2], severity);
}

} // namespace

bool declaredSeverity(const char *p, qsizetype n, Severity *severity)
{
    if (n <= 0)
        return false;
    if (p[0] == '\x1b') {
        // Coloured logging ("\x1b[31mERROR\x1b[0m:name:message", colorlog, rich): the level
        // as it shows, without the SGR sequences around it.
        QByteArray plain;
        qsizetype i = 0;
        const qsizetype limit = std::min<qsizetype>(n, 256);
        while (i < limit) {
            if (p[i] == '\x1b' && i + 1 < limit && p[i + 1] == '[') {
                i += 2;
                while (i < limit && ((p[i] >= '0' && p[i] <= '9') || p[i] == ';'))
                    ++i;
                ++i; // the final byte
                continue;
            }
            plain += p[i++];
        }
        return !plain.isEmpty() && plain.at(0) != '\x1b' &&
               declaredSeverity(plain.constData(), plain.size(), severity);
    }
    const char c = p[0];
    // Only letters that can start a rule are examined further: most lines leave here.
    if (c >= 'A' && c <= 'Z') {
        for (const Prefix &prefix : PythonPrefixes) {
            if (n >= prefix.size && std::memcmp(p, prefix.text, size_t(prefix.size)) == 0) {
                *severity = prefix.severity;
                return true;
            }
        }
        // absl: "E1122 12:00:00.123456 ..." (letter, month, day, space).
        if (n >= 6 && isDigit(p[1]) && isDigit(p[2]) && isDigit(p[3]) && isDigit(p[4]) &&
            p[5] == ' ' && absl(c, severity))
            return true;
        if (c == 'T' && n >= qsizetype(sizeof(TracebackHead) - 1) &&
            std::memcmp(p, TracebackHead, sizeof(TracebackHead) - 1) == 0) {
            *severity = Severity::Error;
            return true;
        }
        return false;
    }
    if (isDigit(c))
        return tensorflowCpp(p, n, severity);
    return false;
}

Severity SeverityClassifier::classify(const char *line, qsizetype size, bool continuation)
{
    if (continuation)
        return m_last;
    Severity severity = defaultFor(m_stream);
    if (declaredSeverity(line, size, &severity)) {
        m_inTraceback = size >= qsizetype(sizeof(TracebackHead) - 1) &&
                        std::memcmp(line, TracebackHead, sizeof(TracebackHead) - 1) == 0;
    } else if (m_inTraceback) {
        severity = Severity::Error;
        // Frames are indented; the first unindented line is the exception and ends the block.
        const bool indented = size > 0 && (line[0] == ' ' || line[0] == '\t');
        if (!indented && size > 0)
            m_inTraceback = false;
    }
    m_last = severity;
    return severity;
}

void SeverityClassifier::reset()
{
    m_last = defaultFor(m_stream);
    m_inTraceback = false;
}

} // namespace trainyard::logs
