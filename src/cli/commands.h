// SPDX-License-Identifier: MIT
// The CLI's commands and what they share: loading the catalog and a spec with its flags.
#pragma once

#include "catalog/catalog.h"
#include "cli/args.h"
#include "exec/runsettings.h"
#include "jobspec/yamlio.h"

#include <QString>
#include <QStringList>
#include <memory>

namespace trainyard::cli {

// Exit codes (cli.h): 0 ok, 1 the spec has errors, 2 usage errors and unreadable files.
inline constexpr int exitOk = 0;
inline constexpr int exitSpecErrors = 1;
inline constexpr int exitUsage = 2;

int runValidate(const QStringList &args);     // arguments after "validate"
int runExport(const QStringList &args);       // arguments after "export"
int runImportGcloud(const QStringList &args); // arguments after "import-gcloud"

// `local gpus`: this machine's GPUs (arguments after "local gpus").
int runLocalGpus(const QStringList &args);
QString localGpusHelp();
// Prints the job's GPU plan (notes, which GPUs each replica sees) on stderr before the job is
// created; a job this machine cannot hold is refused: the message is printed and exitSpecErrors
// returned. -1 when the job may start.
int checkGpuPlan(const jobspec::Job &job, const exec::RunSettings &settings,
                 const catalog::Catalog &catalog);

QString mainHelp();
QString validateHelp();
QString exportHelp();
QString importHelp();

// Help helpers: aligned "  --name=VALUE   help" lines.
QString formatOptions(const QList<OptionSpec> &options);
QString formatJobFlags();

// Prints "trainyard COMMAND: MESSAGE" and a hint to --help on stderr; returns exitUsage.
int usageError(const QString &command, const QString &message);

// The catalog of --catalog FILE, else Catalog::loadDefault(). On failure its diagnostics are
// printed and null is returned (the caller exits with exitUsage).
std::shared_ptr<const catalog::Catalog> loadCatalog(const ParsedArgs &args);

// A spec file with the command line's job flags applied.
struct SpecInput
{
    QString displayName; // the path as the user gave it
    jobspec::ImportResult import;
    bool unreadable = false;
    jobspec::Diagnostics diagnostics; // import and flag diagnostics, located
};
SpecInput loadSpec(const QString &path, const exporters::FlagOverrides &flags,
                   const catalog::Catalog &catalog);

} // namespace trainyard::cli
