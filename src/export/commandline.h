// SPDX-License-Identifier: MIT
// A pasted `gcloud ai-platform|ml-engine [beta] jobs submit training JOB ... -- ARGS` (or
// `... local train ...`) command line, read the way a POSIX shell and gcloud would read it:
// continuation backslashes, quotes, `VAR=value` lines before the command, `$VAR`/`${VAR}`
// (unset ones are left as they are and named in a warning), gcloud's global and client-side
// flags (accepted, reported as ignored), job flags, `--config FILE` and the user arguments.
#pragma once

#include "export/gcloud.h"
#include "jobspec/diagnostic.h"
#include "jobspec/yamlio.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace trainyard::exporters {

using jobspec::Diagnostics;
using jobspec::ImportResult;

// gcloud flags that only steer the gcloud client (where logs go, which account or project it
// uses, how it prints): accepted everywhere a job flag is, and reported as ignored.
struct ClientFlag
{
    const char *name; // "staging-bucket"
    bool takesValue;  // false: a switch such as --stream-logs
};
const QList<ClientFlag> &clientSideFlags();
const ClientFlag *clientSideFlag(const QString &name);

// One flag given on a command line that has no local meaning, as the user wrote it.
struct IgnoredFlag
{
    QString name;         // "staging-bucket"
    QString value;        // "gs://bucket"; empty for a switch
    QString text() const; // "--staging-bucket=gs://bucket"
};

// The result of reading a pasted command.
struct GcloudCommandLine
{
    bool isCommand = false; // a gcloud ... jobs submit training / local train line was found
    bool localTrain = false;
    QString jobId;       // JOB (empty for local train)
    QString configFile;  // --config (or --configuration, an old gcloud spelling)
    FlagOverrides flags; // job flags in order, and `-- ARGS`
    QList<IgnoredFlag> ignored;
    QStringList unsetVariables; // $NAME left as written, in order of first use
    Diagnostics diagnostics;    // errors (not a training command, unknown flag) and warnings

    // Every diagnostic's origin is "gcloud command"; its field names the flag where known.
    bool ok() const { return isCommand && !hasErrors(diagnostics); }
};

// Splits shell text into words (after joining `\`-newline continuations). `variables` are
// substituted; other `$NAME`s stay in the words as written and are added to `unset`.
// `$(date [-u] +FORMAT)` is evaluated as the shell would (strftime, now); another `$(command)`
// is not run: it stays as written, one word, and is added to `unset` as "(command)".
QStringList shellWords(const QString &text, const QHash<QString, QString> &variables,
                       QStringList *unset = nullptr);

// Reads the first gcloud training command in `text`. `VAR=value` lines (or `export VAR=value`)
// before it define variables for it.
GcloudCommandLine parseGcloudCommand(const QString &text);

// A pasted command turned into a job: the --config file (relative names are looked up in
// `baseDirectory`) with the command's flags applied over it, as gcloud merges them.
struct GcloudImport
{
    GcloudCommandLine command;
    ImportResult import; // job, sources (fileName: the config file), every diagnostic
    bool configUnreadable = false;
};
GcloudImport importGcloudCommand(const QString &text, const catalog::Catalog &catalog,
                                 const QString &baseDirectory);

// Diagnostics saying which client-side flags were ignored (warnings, origin = the flag).
Diagnostics ignoredFlagNotes(const QList<IgnoredFlag> &ignored);

} // namespace trainyard::exporters
