// SPDX-License-Identifier: MIT
// `trainyard validate [OPTIONS] [JOB FLAGS] FILE... [-- ARG...]`
#include "cli/commands.h"
#include "cli/output.h"
#include "export/vertex.h"
#include "validation/validator.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

namespace trainyard::cli {
namespace {

class Validate
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

QList<OptionSpec> validateOptions()
{
    return {
        {QStringLiteral("local"), QString(),
         Validate::tr("Check for a local run (local job directory and package are fine)")},
        {QStringLiteral("catalog"), QStringLiteral("FILE"),
         Validate::tr("Use this service catalog instead of the built-in one")},
        {QStringLiteral("format"), QStringLiteral("text|json"),
         Validate::tr("Diagnostics as text on stderr (default) or as JSON on stdout")},
        {QStringLiteral("config"), QStringLiteral("FILE"),
         Validate::tr("The job config, as gcloud's --config (same as giving FILE)")},
    };
}

// "trainingInput.worker" for trainingInput.workerCount, .workerType, .workerConfig...: the
// fields of one replica role, which the rules check together. Empty for other fields.
QString roleGroup(const QString &field)
{
    const QString prefix = QStringLiteral("trainingInput.");
    if (!field.startsWith(prefix))
        return {};
    for (jobspec::Role role : jobspec::allRoles) {
        const QString group = prefix + jobspec::roleKey(role);
        if (field.startsWith(group + QLatin1String("Type")) ||
            field.startsWith(group + QLatin1String("Count")) ||
            field.startsWith(group + QLatin1String("Config")))
            return group;
    }
    return {};
}

// True when an error about `field`, one of its parents or children, or another field of the
// same replica role is already reported (a rejected workerCount makes workerType look unused).
bool coveredByError(const jobspec::Diagnostics &diags, const QString &field)
{
    const QString group = roleGroup(field);
    for (const jobspec::Diagnostic &d : diags) {
        if (!d.isError() || d.field.isEmpty())
            continue;
        if (!group.isEmpty() && roleGroup(d.field) == group)
            return true;
        if (d.field == field || field.startsWith(d.field + QLatin1Char('.')) ||
            field.startsWith(d.field + QLatin1Char('[')) ||
            d.field.startsWith(field + QLatin1Char('.')) ||
            d.field.startsWith(field + QLatin1Char('[')))
            return true;
    }
    return false;
}

// Once per file: the legacy service is gone; where the spec would run today and how many of its
// parts change on the way (the Vertex AI export's diagnostics, listed after it).
QString runsTodayNote(const catalog::Catalog &catalog, const jobspec::Diagnostics &changes)
{
    const catalog::ServiceLifecycle &s = catalog.service;
    if (s.shutdown.isEmpty())
        return {};
    return Validate::tr("note: AI Platform Training took its last jobs on %1; today this spec "
                        "would run as a %2 job (trainyard export --to vertex), with %n "
                        "change(s) on the way",
                        nullptr, int(changes.size()))
        .arg(s.shutdown, s.successor);
}

} // namespace

QString validateHelp()
{
    return Validate::tr("Usage: trainyard validate [OPTIONS] [JOB FLAGS] FILE... [-- ARG...]\n"
                        "\n"
                        "Checks job specs (config.yaml in gcloud's form, or JSON) against the "
                        "service's rules.\n"
                        "Job flags override the values of every FILE, as gcloud's do; the "
                        "arguments after -- replace trainingInput.args.\n"
                        "Diagnostics are printed as FILE:LINE:COL: error: FIELD: MESSAGE; a "
                        "value from a flag is reported at the flag.\n"
                        "\n"
                        "Options:\n") +
           formatOptions(validateOptions()) +
           Validate::tr("  -h, --help             Show this help\n"
                        "\n"
                        "Job flags (gcloud ai-platform jobs submit training):\n") +
           formatJobFlags() +
           Validate::tr("\n"
                        "Exit status: 0 no errors, 1 a spec has errors, 2 usage error or "
                        "unreadable file.\n");
}

int runValidate(const QStringList &args)
{
    const QString command = QStringLiteral("validate");
    const ParsedArgs parsed = parseArgs(args, validateOptions(), true);
    if (parsed.help) {
        out() << validateHelp();
        out().flush();
        return exitOk;
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    const QString format = parsed.has(QStringLiteral("format"))
                               ? parsed.value(QStringLiteral("format"))
                               : QStringLiteral("text");
    const bool json = format == QLatin1String("json");
    if (!json && format != QLatin1String("text")) {
        return usageError(command,
                          Validate::tr("unknown --format '%1'; use text or json").arg(format));
    }
    QStringList paths = parsed.positional;
    if (parsed.has(QStringLiteral("config")))
        paths.prepend(parsed.value(QStringLiteral("config")));
    if (paths.isEmpty())
        return usageError(command, Validate::tr("no FILE given"));

    const std::shared_ptr<const catalog::Catalog> catalog = loadCatalog(parsed);
    if (!catalog)
        return exitUsage;

    validation::Options options;
    options.target =
        parsed.has(QStringLiteral("local")) ? validation::Target::Local : validation::Target::Cloud;
    int exitCode = exitOk;
    QJsonArray files;
    const jobspec::Diagnostics ignored = exporters::ignoredFlagNotes(parsed.ignored);
    for (const QString &path : std::as_const(paths)) {
        SpecInput input = loadSpec(path, parsed.jobFlags, *catalog);
        input.diagnostics << ignored;
        // A file that does not parse is reported for that alone: its fields are unknown, not
        // missing.
        const bool unparsed = std::any_of(
            input.import.diagnostics.cbegin(), input.import.diagnostics.cend(),
            [](const jobspec::Diagnostic &d) { return d.isError() && d.field.isEmpty(); });
        QString today;
        QJsonArray todayChanges;
        if (!input.unreadable && !unparsed) {
            // Validate even when the file had errors, so every problem shows at once; a field
            // the importer already rejected is left out (its value is unset, not wrong).
            const jobspec::Diagnostics importErrors = input.diagnostics;
            jobspec::Diagnostics rules =
                validation::validate(input.import.job, *catalog, options, &input.import.sources);
            for (jobspec::Diagnostic &d : rules) {
                if (!coveredByError(importErrors, d.field)) {
                    input.import.sources.locate(d);
                    input.diagnostics << d;
                }
            }
            if (options.target == validation::Target::Cloud) {
                jobspec::Diagnostics changes;
                exporters::vertexCustomJob(input.import.job, *catalog, &changes);
                today = runsTodayNote(*catalog, changes);
                for (const jobspec::Diagnostic &d : std::as_const(changes))
                    todayChanges.append(
                        d.field.isEmpty() ? d.message : d.field + QStringLiteral(": ") + d.message);
            }
        }
        sortDiagnostics(input.diagnostics);
        const QString &specName = input.import.sources.fileName;
        const int code = input.unreadable                        ? exitUsage
                         : jobspec::hasErrors(input.diagnostics) ? exitSpecErrors
                                                                 : exitOk;
        exitCode = std::max(exitCode, code);
        if (json) {
            QJsonArray diags;
            for (const jobspec::Diagnostic &d : std::as_const(input.diagnostics))
                diags.append(diagnosticJson(d, path, specName));
            QJsonObject file{{QStringLiteral("file"), path},
                             {QStringLiteral("valid"), code == exitOk},
                             {QStringLiteral("diagnostics"), diags}};
            if (!today.isEmpty()) {
                file.insert(QStringLiteral("today"),
                            QJsonObject{{QStringLiteral("note"), today},
                                        {QStringLiteral("changes"), todayChanges}});
            }
            files.append(file);
        } else {
            printDiagnostics(input.diagnostics, path, specName);
            if (!today.isEmpty()) {
                err() << sanitize(today) << '\n';
                for (const auto &change : std::as_const(todayChanges))
                    err() << "  - " << sanitize(change.toString()) << '\n';
            }
            err() << summary(path, input.diagnostics) << '\n';
            err().flush();
        }
    }
    if (json) {
        out() << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("files"), files}})
                                       .toJson(QJsonDocument::Indented));
        out().flush();
    }
    return exitCode;
}

} // namespace trainyard::cli
