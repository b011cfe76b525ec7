// SPDX-License-Identifier: MIT
// A diagnostic: what is wrong (or doubtful), where, and why. Produced by the importer, the
// catalog loader, the flag parser and the validator; printed by the CLI, shown by the GUI.
#pragma once

#include <QHash>
#include <QList>
#include <QString>

namespace trainyard::jobspec {

// 1-based line and column in a source file; 0 when unknown.
struct SourcePos
{
    int line = 0;
    int column = 0;

    bool isValid() const { return line > 0; }
    bool operator==(const SourcePos &o) const { return line == o.line && column == o.column; }
    bool operator!=(const SourcePos &o) const { return !(*this == o); }
};

enum class Severity { Error, Warning };

struct Diagnostic
{
    Severity severity = Severity::Error;
    QString field;   // field path, e.g. "trainingInput.workerConfig.acceleratorConfig.count"
    QString message; // what is wrong and what would be valid; translated
    SourcePos pos;   // where in the file, when known
    QString origin;  // the file name, or the gcloud flag ("--worker-count") a value came from

    bool isError() const { return severity == Severity::Error; }
};

using Diagnostics = QList<Diagnostic>;

inline bool hasErrors(const Diagnostics &diags)
{
    for (const Diagnostic &d : diags) {
        if (d.isError())
            return true;
    }
    return false;
}

// Where each field of a job came from: field path -> position in the file, and for values
// replaced by a gcloud flag, field path -> that flag's name. Paths look like
// "trainingInput.args[2]", "labels.owner", "trainingInput.hyperparameters.params[0].type".
struct SourceMap
{
    QString fileName;
    QHash<QString, SourcePos> positions;
    QHash<QString, QString> flags;

    // Position of the field, or of its nearest ancestor that has one.
    SourcePos at(const QString &field) const;
    // Fill in pos and origin of a diagnostic from this map.
    void locate(Diagnostic &diag) const;
};

} // namespace trainyard::jobspec
