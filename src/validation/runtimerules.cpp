// SPDX-License-Identifier: MIT
// Runtime rules (docs/service.md §10, §11, §13): runtimeVersion or a custom container image, the
// Python version and its compatibility with the runtime, the Python module, package URIs and
// the container-only fields.
#include "validation/limits.h"
#include "validation/rules.h"

#include <QFileInfo>

namespace trainyard::validation::detail {

namespace {

bool startsWith(const QString &s, std::string_view prefix)
{
    return s.startsWith(limits::latin1(prefix));
}

bool isAsciiDigit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

// MAJOR.MINOR (optionally more dot-separated numbers).
bool looksLikeVersion(const QString &v)
{
    int parts = 0;
    qsizetype digits = 0;
    for (QChar c : v) {
        if (isAsciiDigit(c)) {
            ++digits;
        } else if (c == QLatin1Char('.') && digits > 0) {
            ++parts;
            digits = 0;
        } else {
            return false;
        }
    }
    return digits > 0 && parts >= 1;
}

// Dotted Python identifiers: trainer.task
// Why `python -m MODULE` cannot run MODULE, or empty when it can. Any dotted path works,
// including package directories whose names are not identifiers (youtube-8m.train): runpy finds
// them by name. An empty segment or a trailing ".py" (a file name, not a module) cannot work.
QString moduleProblem(const QString &m)
{
    if (m.endsWith(QLatin1String(".py"))) {
        return QCoreApplication::translate("trainyard::Validation",
                                           "ends in .py: python -m takes a module name, not a "
                                           "file name");
    }
    // A segment between dots that is empty or only white space (read in place, no split).
    bool blank = true;
    for (qsizetype i = 0; i <= m.size(); ++i) {
        if (i == m.size() || m.at(i) == QLatin1Char('.')) {
            if (blank) {
                return QCoreApplication::translate("trainyard::Validation",
                                                   "has an empty segment between dots");
            }
            blank = true;
        } else if (!m.at(i).isSpace()) {
            blank = false;
        }
    }
    for (QChar c : m) {
        if (c.isSpace() || c == QLatin1Char('/') || c == QLatin1Char('\\')) {
            return QCoreApplication::translate("trainyard::Validation",
                                               "contains %1, which no module name has")
                .arg(c.isSpace() ? QStringLiteral("a space") : QString(c));
        }
    }
    return {};
}

bool isArchiveName(const QString &path)
{
    for (const char *ext : {".tar.gz", ".tgz", ".whl", ".zip", ".tar", ".egg"}) {
        if (path.endsWith(QLatin1String(ext)))
            return true;
    }
    return false;
}

QString knownRuntimes(const catalog::Catalog &cat)
{
    QStringList names;
    for (const catalog::RuntimeVersion &r : cat.runtimeVersions)
        names.append(r.version);
    return joinNames(names);
}

QString latestRuntime(const catalog::Catalog &cat)
{
    return cat.runtimeVersions.isEmpty() ? QString() : cat.runtimeVersions.last().version;
}

} // namespace

void checkContainers(Context &ctx)
{
    const bool masterImage = !ctx.input.master.config.imageUri.isEmpty();
    for (jobspec::Role role : jobspec::allRoles) {
        const jobspec::ReplicaConfig &config = ctx.input.role(role).config;
        const bool hasImage = masterImage || !config.imageUri.isEmpty();
        if (!config.containerCommand.isEmpty() && !hasImage) {
            ctx.error(fieldPath(role, "Config.containerCommand"),
                      QCoreApplication::translate(
                          "trainyard::Validation",
                          "containerCommand needs a custom container: set "
                          "masterConfig.imageUri, or use pythonModule with a runtime "
                          "version instead"));
        }
        if (config.containerArgs.isEmpty())
            continue;
        if (!hasImage) {
            ctx.error(fieldPath(role, "Config.containerArgs"),
                      QCoreApplication::translate("trainyard::Validation",
                                                  "containerArgs needs a custom container: set "
                                                  "masterConfig.imageUri, or pass the arguments in "
                                                  "trainingInput.args"));
        } else if (!ctx.input.args.isEmpty()) {
            ctx.error(fieldPath(role, "Config.containerArgs"),
                      QCoreApplication::translate(
                          "trainyard::Validation",
                          "containerArgs and trainingInput.args are exclusive: keep the "
                          "arguments in one of them"));
        }
    }
}

void checkPackages(Context &ctx)
{
    const QStringList &uris = ctx.input.packageUris;
    if (uris.size() > limits::packageUrisMax) {
        ctx.error(QStringLiteral("trainingInput.packageUris"),
                  QCoreApplication::translate("trainyard::Validation",
                                              "%1 package URIs are listed; the maximum is %2")
                      .arg(uris.size())
                      .arg(limits::packageUrisMax));
    }
    // gcloud's --packages also takes local archives (absolute or relative paths), which it
    // stages to the staging bucket at submit time; packageUris written in a file are sent as is.
    const bool fromFlag =
        ctx.sources && ctx.sources->flags.value(QStringLiteral("trainingInput.packageUris")) ==
                           QLatin1String("--packages");
    for (qsizetype i = 0; i < uris.size(); ++i) {
        if (startsWith(uris.at(i), limits::gcsScheme) && uris.at(i).size() > 5)
            continue;
        const QString field =
            QLatin1String("trainingInput.packageUris[") + QString::number(i) + QLatin1Char(']');
        if (fromFlag) {
            if (!isArchiveName(uris.at(i))) {
                ctx.warning(field, QCoreApplication::translate(
                                       "trainyard::Validation",
                                       "package %1 is not a .tar.gz, .whl or .zip archive; "
                                       "pip may not install it")
                                       .arg(quoted(uris.at(i))));
            } else if (!QFileInfo::exists(uris.at(i))) {
                ctx.warning(field, QCoreApplication::translate(
                                       "trainyard::Validation",
                                       "local package %1 does not exist here; gcloud uploads "
                                       "local archives when the job is submitted")
                                       .arg(quoted(uris.at(i))));
            }
            continue;
        }
        ctx.error(field, QCoreApplication::translate(
                             "trainyard::Validation",
                             "package %1 must be a gs:// URI of an uploaded package, e.g. "
                             "gs://bucket/trainer-0.1.tar.gz; for a local package directory "
                             "use trainyardLocal.packagePath (or --packages with a local archive)")
                             .arg(quoted(uris.at(i))));
    }

    const QString moduleField = QStringLiteral("trainingInput.pythonModule");
    const QString &module = ctx.input.pythonModule;
    if (module.isEmpty()) {
        const bool container = !ctx.input.master.config.imageUri.isEmpty();
        const bool executable = ctx.isLocal() && !ctx.job.local.executable.isEmpty();
        if (!container && !executable) {
            ctx.error(moduleField, ctx.isLocal()
                                       ? QCoreApplication::translate(
                                             "trainyard::Validation",
                                             "pythonModule is required: name the module to run, "
                                             "e.g. trainer.task (or set trainyardLocal.executable, "
                                             "or masterConfig.imageUri for a custom container)")
                                       : QCoreApplication::translate(
                                             "trainyard::Validation",
                                             "pythonModule is required: name the module to run, "
                                             "e.g. trainer.task (or set masterConfig.imageUri for "
                                             "a custom container)"));
        }
    } else if (const QString problem = moduleProblem(module); !problem.isEmpty()) {
        QString suggestion = module;
        if (suggestion.endsWith(QLatin1String(".py")))
            suggestion.chop(3);
        suggestion.replace(QLatin1Char('/'), QLatin1Char('.'));
        // The service runs `python -m MODULE`, which fails for such a name: an error, as the job
        // could only fail.
        ctx.error(moduleField,
                  QCoreApplication::translate("trainyard::Validation",
                                              "pythonModule %1 %2; python -m cannot run it. "
                                              "Use a dotted name such as %3")
                      .arg(quoted(module), problem,
                           moduleProblem(suggestion).isEmpty() ? suggestion
                                                               : QStringLiteral("trainer.task")));
    }
}

void checkRuntime(Context &ctx)
{
    const QString runtimeField = QStringLiteral("trainingInput.runtimeVersion");
    const QString &runtime = ctx.input.runtimeVersion;
    const bool image = !ctx.input.master.config.imageUri.isEmpty();
    if (runtime.isEmpty() && !image && !ctx.isLocal()) {
        // Early versions of the service ran such jobs on runtime 1.0; today a runtime (or a
        // custom container) is required.
        ctx.warning(runtimeField,
                    QCoreApplication::translate("trainyard::Validation",
                                                "runtimeVersion is not set: the service once ran "
                                                "such jobs on runtime 1.0, today it needs one: set "
                                                "it (e.g. %1) or masterConfig.imageUri for a "
                                                "custom container")
                        .arg(latestRuntime(ctx.catalog)));
    }
    if (!runtime.isEmpty() && image) {
        ctx.error(runtimeField,
                  QCoreApplication::translate("trainyard::Validation",
                                              "runtimeVersion and masterConfig.imageUri are "
                                              "exclusive: remove runtimeVersion to run the custom "
                                              "container, or remove imageUri to use runtime %1")
                      .arg(runtime));
    }

    const catalog::RuntimeVersion *rv = nullptr;
    if (!runtime.isEmpty()) {
        rv = ctx.catalog.runtimeVersion(runtime);
        if (rv && !rv->until.isEmpty()) {
            ctx.warning(runtimeField,
                        QCoreApplication::translate("trainyard::Validation",
                                                    "runtime %1 (%2) is no longer offered (since "
                                                    "about %3, 12 months after its release); use "
                                                    "%4")
                            .arg(rv->version, rv->frameworks, rv->until, rv->replacedBy));
        }
        if (!rv && !looksLikeVersion(runtime)) {
            ctx.error(runtimeField,
                      QCoreApplication::translate("trainyard::Validation",
                                                  "runtimeVersion %1 is not a version number: "
                                                  "use one of %2")
                          .arg(quoted(runtime), knownRuntimes(ctx.catalog)));
        } else if (!rv) {
            ctx.warning(runtimeField,
                        QCoreApplication::translate("trainyard::Validation",
                                                    "runtimeVersion %1 is not in the catalog and "
                                                    "may not exist; known versions: %2")
                            .arg(runtime, knownRuntimes(ctx.catalog)));
        }
    }

    const QString &python = ctx.input.pythonVersion;
    if (python.isEmpty())
        return;
    const QString pythonField = QStringLiteral("trainingInput.pythonVersion");
    const QStringList &documented = ctx.catalog.pythonVersions;
    if (!documented.isEmpty() && !documented.contains(python)) {
        ctx.error(pythonField,
                  QCoreApplication::translate("trainyard::Validation",
                                              "pythonVersion %1 is not offered by the service; use "
                                              "one of %2")
                      .arg(quoted(python), joinNames(documented)));
        return;
    }
    if (rv && !rv->pythonVersions.isEmpty() && !rv->pythonVersions.contains(python)) {
        ctx.report(rv->certainty, pythonField,
                   QCoreApplication::translate(
                       "trainyard::Validation",
                       "pythonVersion %1 does not work with runtimeVersion %2; that "
                       "runtime supports Python %3")
                       .arg(python, rv->version, joinNames(rv->pythonVersions)));
    }
}

} // namespace trainyard::validation::detail
