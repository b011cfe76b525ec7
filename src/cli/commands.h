// SPDX-License-Identifier: MIT
// The CLI's commands and what they share: loading the catalog and a spec with its flags.
#pragma once

#include "catalog/catalog.h"
#include "cli/args.h"
#include "exec/runsettings.h"
#include "jobactions/prestart.h"
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
// The pre-start checks' findings but the spec's (jobactions/prestart.h) on stderr before the job
// is created: a refusal as "Job [ID] not started: MESSAGE ADVICE", the advice naming the flags
// that choose each remedy; then, when nothing refuses, the GPU plan (notes, which GPUs each
// replica sees). exitSpecErrors when refused, -1 when the job may start (prestartwords.cpp).
int printPreStart(const jobactions::PreStartReport &report, const QString &jobId);
// The remedies in the CLI's words.
QString cliAdvice(const QList<jobactions::Remedy> &remedies);

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
