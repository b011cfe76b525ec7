// SPDX-License-Identifier: MIT
// `trainyard import-gcloud [OPTIONS] [FILE|-]`: reads a pasted gcloud training command (from
// FILE, a shell script, or stdin) and prints the config.yaml it amounts to.
#include "cli/commands.h"
#include "cli/output.h"
#include "export/commandline.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cstdio>

namespace trainyard::cli {
namespace {

class Import
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

QList<OptionSpec> importOptions()
{
    return {
        {QStringLiteral("dir"), QStringLiteral("DIR"),
         Import::tr("Directory the command ran in, for its --config and --package-path "
                    "(default: FILE's directory, else the current one)")},
        {QStringLiteral("catalog"), QStringLiteral("FILE"),
         Import::tr("Use this service catalog instead of the built-in one")},
    };
}

} // namespace

QString importHelp()
{
    return Import::tr("Usage: trainyard import-gcloud [OPTIONS] [FILE|-]\n"
                      "\n"
                      "Reads a gcloud ai-platform (or ml-engine) jobs submit training command "
                      "from FILE (a shell script is fine) or from stdin, and prints the "
                      "config.yaml it amounts to: the --config file with the command's flags "
                      "applied, JOB as jobId, the arguments after -- as args.\n"
                      "Continuation lines, VAR=value lines before the command and $VARIABLES "
                      "may stay as they are; each unset variable is named in a warning. "
                      "gcloud's client-side flags (--staging-bucket, --stream-logs, --project, "
                      "...) are reported as ignored.\n"
                      "\n"
                      "Options:\n") +
           formatOptions(importOptions()) +
           Import::tr("  -h, --help             Show this help\n"
                      "\n"
                      "Exit status: 0 imported, 1 the command or the spec has errors (the YAML "
                      "is printed anyway), 2 usage error or unreadable input.\n");
}

int runImportGcloud(const QStringList &args)
{
    const QString command = QStringLiteral("import-gcloud");
    const ParsedArgs parsed = parseArgs(args, importOptions(), false);
    if (parsed.help) {
        out() << importHelp();
        out().flush();
        return exitOk;
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    if (parsed.positional.size() > 1)
        return usageError(command, Import::tr("at most one FILE"));
    const QString path = parsed.positional.value(0, QStringLiteral("-"));
    QByteArray bytes;
    QString baseDir = parsed.value(QStringLiteral("dir"));
    if (path == QLatin1String("-")) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly))
            return usageError(command, Import::tr("cannot read stdin"));
        bytes = in.read(jobspec::maxConfigFileBytes + 1);
    } else {
        QFile in(path);
        if (!in.open(QIODevice::ReadOnly)) {
            err() << sanitize(Import::tr("%1: cannot read: %2").arg(path, in.errorString()))
                  << '\n';
            err().flush();
            return exitUsage;
        }
        bytes = in.read(jobspec::maxConfigFileBytes + 1);
        if (baseDir.isEmpty())
            baseDir = QFileInfo(path).absolutePath();
    }
    if (bytes.size() > jobspec::maxConfigFileBytes)
        return usageError(command, Import::tr("the input is larger than 8 MiB"));
    const std::shared_ptr<const catalog::Catalog> catalog = loadCatalog(parsed);
    if (!catalog)
        return exitUsage;

    const exporters::GcloudImport result =
        exporters::importGcloudCommand(QString::fromUtf8(bytes), *catalog, baseDir);
    const QString display = path == QLatin1String("-") ? QStringLiteral("<stdin>") : path;
    jobspec::Diagnostics diags = result.import.diagnostics;
    sortDiagnostics(diags);
    printDiagnostics(diags, display, result.import.sources.fileName);
    if (!result.command.isCommand)
        return exitSpecErrors;
    if (result.configUnreadable)
        return exitUsage;
    printPayload(
        QString::fromUtf8(jobspec::exportYaml(result.import.job, jobspec::ExportScope::WithLocal)));
    return jobspec::hasErrors(diags) ? exitSpecErrors : exitOk;
}

} // namespace trainyard::cli
