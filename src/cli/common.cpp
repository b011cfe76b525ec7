// SPDX-License-Identifier: MIT
#include "cli/commands.h"
#include "cli/output.h"
#include "export/gcloud.h"

#include <QCoreApplication>

namespace trainyard::cli {
namespace {

class Common
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

} // namespace

int usageError(const QString &command, const QString &message)
{
    err() << sanitize(Common::tr("trainyard %1: %2").arg(command, message)) << '\n'
          << Common::tr("Run 'trainyard %1 --help' for usage.").arg(command) << '\n';
    err().flush();
    return exitUsage;
}

std::shared_ptr<const catalog::Catalog> loadCatalog(const ParsedArgs &args)
{
    const bool own = args.has(QStringLiteral("catalog"));
    const QString path = args.value(QStringLiteral("catalog"));
    catalog::LoadResult result =
        own ? catalog::Catalog::loadFile(path) : catalog::Catalog::loadDefault();
    const QString name = own ? path : QStringLiteral("catalog");
    if (!result) {
        printDiagnostics(result.diagnostics, name, name);
        if (result.diagnostics.isEmpty())
            err() << sanitize(Common::tr("%1: the catalog cannot be used").arg(name)) << '\n';
        err() << Common::tr("trainyard: no usable catalog") << '\n';
        err().flush();
        return nullptr;
    }
    return result.catalog;
}

// The flag that replaced `field` (or one of its parents), if any.
static QString overridingFlag(const jobspec::SourceMap &sources, const QString &field)
{
    if (field.isEmpty())
        return {};
    for (auto it = sources.flags.constBegin(); it != sources.flags.constEnd(); ++it) {
        if (field == it.key() || field.startsWith(it.key() + QLatin1Char('.')) ||
            field.startsWith(it.key() + QLatin1Char('[')))
            return it.value();
    }
    return {};
}

SpecInput loadSpec(const QString &path, const exporters::FlagOverrides &flags,
                   const catalog::Catalog &catalog)
{
    SpecInput input;
    input.displayName = path;
    input.import = jobspec::importJobFile(path, &input.unreadable);
    // Locate the file's diagnostics before flags are applied, so they keep pointing at the
    // file even where a flag later replaces the value.
    for (jobspec::Diagnostic &d : input.import.diagnostics)
        input.import.sources.locate(d);
    input.diagnostics = input.import.diagnostics;
    if (input.unreadable)
        return input;
    jobspec::Diagnostics flagDiags =
        exporters::applyFlags(input.import.job, input.import.sources, flags, catalog);
    for (jobspec::Diagnostic &d : flagDiags)
        input.import.sources.locate(d);
    // A bad value in the file that a flag replaces never reaches the service (gcloud merges the
    // flag over the file): keep it visible, as a warning.
    for (jobspec::Diagnostic &d : input.diagnostics) {
        const QString flag = overridingFlag(input.import.sources, d.field);
        if (d.isError() && !flag.isEmpty()) {
            d.severity = jobspec::Severity::Warning;
            d.message = Common::tr("%1 (the value is replaced by %2)").arg(d.message, flag);
        }
    }
    input.diagnostics << flagDiags;
    return input;
}

} // namespace trainyard::cli
