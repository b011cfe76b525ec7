// SPDX-License-Identifier: MIT
// `trainyard export --to yaml|gcloud|vertex|tfjob|pytorchjob [OPTIONS] [JOB FLAGS] FILE [-- ARG...]`
#include "cli/commands.h"
#include "cli/output.h"
#include "export/gcloud.h"
#include "export/kubeflow.h"
#include "export/vertex.h"
#include "validation/validator.h"

#include <QCoreApplication>
#include <algorithm>

namespace trainyard::cli {
namespace {

class Export
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

QList<OptionSpec> exportOptions()
{
    return {
        {QStringLiteral("to"), QStringLiteral("yaml|gcloud|vertex|tfjob|pytorchjob"),
         Export::tr("Output form: config YAML, gcloud command, Vertex AI CustomJob JSON, "
                    "Kubeflow TFJob or PyTorchJob YAML")},
        {QStringLiteral("force"), QString(),
         Export::tr("Export even when the spec fails validation")},
        {QStringLiteral("local"), QString(),
         Export::tr("Validate for a local run; YAML keeps the trainyardLocal part")},
        {QStringLiteral("config-file"), QStringLiteral("NAME"),
         Export::tr("gcloud: name of the config file in --config (default config.yaml)")},
        {QStringLiteral("catalog"), QStringLiteral("FILE"),
         Export::tr("Use this service catalog instead of the built-in one")},
        {QStringLiteral("image"), QStringLiteral("IMAGE"),
         Export::tr("tfjob/pytorchjob: container image of every replica (needed for a Python "
                    "package spec: an image that holds the trainer package)")},
        {QStringLiteral("namespace"), QStringLiteral("NS"),
         Export::tr("tfjob/pytorchjob: Kubernetes namespace of the job")},
        {QStringLiteral("config"), QStringLiteral("FILE"),
         Export::tr("The job config, as gcloud's --config (same as giving FILE)")},
    };
}

} // namespace

QString exportHelp()
{
    return Export::tr("Usage: trainyard export --to yaml|gcloud|vertex|tfjob|pytorchjob "
                      "[OPTIONS] [JOB FLAGS] FILE [-- ARG...]\n"
                      "\n"
                      "Prints the spec in FILE, with the job flags applied, on stdout as:\n"
                      "  yaml    config.yaml for gcloud --config (without trainyardLocal)\n"
                      "  gcloud  a gcloud ai-platform jobs submit training command; fields with "
                      "no flag go through --config\n"
                      "  vertex  a Vertex AI CustomJob (JSON)\n"
                      "  tfjob, pytorchjob  a Kubeflow Training Operator manifest (YAML, "
                      "kubeflow.org/v1) for kubectl apply -f\n"
                      "A spec that does not import is never exported. A spec with validation "
                      "errors (or parts Vertex AI cannot express) is refused unless --force is "
                      "given; diagnostics go to stderr.\n"
                      "\n"
                      "Options:\n") +
           formatOptions(exportOptions()) +
           Export::tr("  -h, --help             Show this help\n"
                      "\n"
                      "Job flags (gcloud ai-platform jobs submit training):\n") +
           formatJobFlags() +
           Export::tr("\n"
                      "Exit status: 0 exported, 1 the spec has errors (nothing exported), 2 "
                      "usage error or unreadable file.\n");
}

int runExport(const QStringList &args)
{
    const QString command = QStringLiteral("export");
    const ParsedArgs parsed = parseArgs(args, exportOptions(), true);
    if (parsed.help) {
        out() << exportHelp();
        out().flush();
        return exitOk;
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    const QString to = parsed.value(QStringLiteral("to"));
    if (!parsed.has(QStringLiteral("to")))
        return usageError(command, Export::tr("--to is required: yaml, gcloud, vertex, tfjob or "
                                              "pytorchjob"));
    const bool kubeflow = to == QLatin1String("tfjob") || to == QLatin1String("pytorchjob");
    if (to != QLatin1String("yaml") && to != QLatin1String("gcloud") &&
        to != QLatin1String("vertex") && !kubeflow) {
        return usageError(command, Export::tr("unknown --to '%1'; use yaml, gcloud, vertex, tfjob "
                                              "or pytorchjob")
                                       .arg(to));
    }
    QStringList paths = parsed.positional;
    if (parsed.has(QStringLiteral("config")))
        paths.prepend(parsed.value(QStringLiteral("config")));
    if (paths.size() != 1) {
        return usageError(command, paths.isEmpty()
                                       ? Export::tr("no FILE given")
                                       : Export::tr("exactly one FILE, got %1").arg(paths.size()));
    }
    const std::shared_ptr<const catalog::Catalog> catalog = loadCatalog(parsed);
    if (!catalog)
        return exitUsage;

    const QString path = paths.constFirst();
    SpecInput input = loadSpec(path, parsed.jobFlags, *catalog);
    input.diagnostics << exporters::ignoredFlagNotes(parsed.ignored);
    const QString &specName = input.import.sources.fileName;
    if (input.unreadable || jobspec::hasErrors(input.diagnostics)) {
        sortDiagnostics(input.diagnostics);
        printDiagnostics(input.diagnostics, path, specName);
        err() << sanitize(Export::tr("%1: not exported").arg(path)) << '\n';
        err().flush();
        return input.unreadable ? exitUsage : exitSpecErrors;
    }

    const bool local = parsed.has(QStringLiteral("local"));
    validation::Options options;
    options.target = local ? validation::Target::Local : validation::Target::Cloud;
    jobspec::Diagnostics diags = input.diagnostics;
    diags << validation::validate(input.import.job, *catalog, options, &input.import.sources);

    QString payload;
    const jobspec::Job &job = input.import.job;
    if (to == QLatin1String("yaml")) {
        payload = QString::fromUtf8(
            jobspec::exportYaml(job, local ? jobspec::ExportScope::WithLocal : jobspec::ExportScope::Cloud));
    } else if (to == QLatin1String("gcloud")) {
        payload = exporters::gcloudCommand(job, *catalog, parsed.value(QStringLiteral("config-file")));
    } else if (kubeflow) {
        exporters::KubeflowOptions kf;
        kf.kind = to == QLatin1String("tfjob") ? exporters::KubeflowKind::TFJob
                                               : exporters::KubeflowKind::PyTorchJob;
        kf.image = parsed.value(QStringLiteral("image"));
        kf.kubernetesNamespace = parsed.value(QStringLiteral("namespace"));
        payload = QString::fromUtf8(exporters::kubeflowManifestYaml(job, *catalog, kf, &diags));
    } else {
        exporters::VertexExportOptions vertexOptions;
        for (const exporters::IgnoredFlag &f : parsed.ignored) {
            if (f.name == QLatin1String("staging-bucket"))
                vertexOptions.stagingBucket = f.value;
        }
        payload =
            QString::fromUtf8(exporters::vertexCustomJobJson(job, *catalog, vertexOptions, &diags));
    }
    jobspec::Diagnostics unique;
    for (jobspec::Diagnostic &d : diags) {
        input.import.sources.locate(d);
        const bool seen = std::any_of(unique.cbegin(), unique.cend(), [&d](const auto &u) {
            return u.field == d.field && u.message == d.message && u.origin == d.origin;
        });
        if (!seen)
            unique << d; // the validator and the export may say the same thing once each
    }
    diags = unique;
    sortDiagnostics(diags);
    printDiagnostics(diags, path, specName);

    if (jobspec::hasErrors(diags) && !parsed.has(QStringLiteral("force"))) {
        err() << sanitize(Export::tr("%1: not exported: the spec has errors (--force exports "
                                     "anyway)")
                              .arg(path))
              << '\n';
        err().flush();
        return exitSpecErrors;
    }
    printPayload(payload);
    return exitOk;
}

} // namespace trainyard::cli
