// SPDX-License-Identifier: MIT
// What the CLI prints: diagnostics as `FILE:LINE:COL: error: FIELD: MESSAGE` lines or as JSON,
// with control characters of hostile input made visible instead of reaching the terminal.
#pragma once

#include "jobspec/diagnostic.h"

#include <QJsonObject>
#include <QString>
#include <QTextStream>

namespace trainyard::cli {

QTextStream &out(); // stdout, UTF-8
QTextStream &err(); // stderr, UTF-8

// One line of outside text for the terminal: text::plainText (control characters, escape
// sequences and bidirectional overrides made visible as \x1b or \u202e).
QString sanitize(const QString &text);

// Where a diagnostic points, as printed: the flag it came from ("--worker-count"), else
// "FILE:LINE:COL" (or "FILE" when the position is unknown). `displayName` replaces the origin
// when that is the spec file (`specFileName`, as the importer named it) or empty.
QString location(const jobspec::Diagnostic &diag, const QString &displayName,
                 const QString &specFileName);
// Orders diagnostics as a reader goes through a file: flag diagnostics and those without a
// position first, then by line and column; stable otherwise.
void sortDiagnostics(jobspec::Diagnostics &diags);
// "LOCATION: error: FIELD: MESSAGE", sanitized, without a newline.
QString formatDiagnostic(const jobspec::Diagnostic &diag, const QString &displayName,
                         const QString &specFileName);
void printDiagnostics(const jobspec::Diagnostics &diags, const QString &displayName,
                      const QString &specFileName);
// {"severity","field","message","file","line","column","flag"}; unknown values are null.
QJsonObject diagnosticJson(const jobspec::Diagnostic &diag, const QString &displayName,
                           const QString &specFileName);

// "config.yaml: 2 errors, 1 warning" or "config.yaml: valid".
QString summary(const QString &displayName, const jobspec::Diagnostics &diags);

// Prints `text` on stdout as it is when stdout is not a terminal; on a terminal, control
// characters other than newline and tab are made visible.
void printPayload(const QString &text);

} // namespace trainyard::cli
