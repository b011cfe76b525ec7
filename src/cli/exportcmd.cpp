// SPDX-License-Identifier: MIT
// `trainyard export --to yaml|gcloud|vertex|trainjob|tfjob|pytorchjob [OPTIONS] [JOB FLAGS] FILE
// [-- ARG...]`
#include "cli/commands.h"
#include "cli/output.h"
#include "export/gcloud.h"
#include "export/kubeflow.h"
#include "export/trainjob.h"
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
        {QStringLiteral("to"), QStringLiteral("yaml|gcloud|vertex|trainjob|tfjob|pytorchjob"),
         Export::tr("Output form: config YAML, gcloud command, Vertex AI CustomJob JSON, "
                    "Kubeflow Trainer v2 TrainJob YAML, or the legacy Training Operator v1 "
                    "TFJob or PyTorchJob YAML")},
        {QStringLiteral("force"), QString(),
         Export::tr("Export even when the spec fails validation")},
        {QStringLiteral("local"), QString(),
         Export::tr("Validate for a local run; YAML keeps the trainyardLocal part")},
        {QStringLiteral("config-file"), QStringLiteral("NAME"),
         Export::tr("gcloud: name of the config file in --config (default config.yaml)")},
        {QStringLiteral("catalog"), QStringLiteral("FILE"),
         Export::tr("Use this service catalog instead of the built-in one")},
        {QStringLiteral("image"), QStringLiteral("IMAGE"),
         Export::tr("trainjob/tfjob/pytorchjob: container image of every replica (needed for a "
                    "Python package spec: an image that holds the trainer package)")},
        {QStringLiteral("namespace"), QStringLiteral("NS"),
         Export::tr("trainjob/tfjob/pytorchjob: Kubernetes namespace of the job (RFC 1123 "
                    "label)")},
        {QStringLiteral("runtime"), QStringLiteral("NAME"),
         Export::tr("trainjob: the ClusterTrainingRuntime to run on (default torch-distributed; "
                    "a TensorFlow trainer needs a plain runtime of your cluster)")},
        {QStringLiteral("trainer-version"), QStringLiteral("VERSION"),
         Export::tr("trainjob: the cluster's Kubeflow Trainer version, 2.0 to 2.3, for the "
                    "fields of that version only (GPU node selector, time limit); default: "
                    "only fields every version accepts")},
        {QStringLiteral("config"), QStringLiteral("FILE"),
         Export::tr("The job config, as gcloud's --config (same as giving FILE)")},
    };
}

} // namespace

QString exportHelp()
{
    return Export::tr("Usage: trainyard export --to yaml|gcloud|vertex|trainjob|tfjob|pytorchjob "
                      "[OPTIONS] [JOB FLAGS] FILE [-- ARG...]\n"
                      "\n"
                      "Prints the spec in FILE, with the job flags applied, on stdout as:\n"
                      "  yaml    config.yaml for gcloud --config (without trainyardLocal)\n"
                      "  gcloud  a gcloud ai-platform jobs submit training command; fields with "
                      "no flag go through --config\n"
                      "  vertex  a Vertex AI CustomJob (JSON)\n"
                      "  trainjob  a Kubeflow Trainer v2 TrainJob (YAML, "
                      "trainer.kubeflow.org/v1alpha1) for kubectl apply -f\n"
                      "  tfjob, pytorchjob  legacy: a Kubeflow Training Operator v1 manifest "
                      "(YAML, kubeflow.org/v1), for clusters still on Trainer 1.x\n"
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
        return usageError(command, Export::tr("--to is required: yaml, gcloud, vertex, "
                                              "trainjob, tfjob or pytorchjob"));
    const bool kubeflow = to == QLatin1String("tfjob") || to == QLatin1String("pytorchjob");
    const bool trainJob = to == QLatin1String("trainjob");
    if (to != QLatin1String("yaml") && to != QLatin1String("gcloud") &&
        to != QLatin1String("vertex") && !kubeflow && !trainJob) {
        return usageError(command, Export::tr("unknown --to '%1'; use yaml, gcloud, vertex, "
                                              "trainjob, tfjob or pytorchjob")
                                       .arg(to));
    }
    if (parsed.has(QStringLiteral("namespace"))) {
        const QString nsError =
            exporters::namespaceError(parsed.value(QStringLiteral("namespace")));
        if (!nsError.isEmpty())
            return usageError(command, QStringLiteral("--namespace: ") + nsError);
    }
    const QString trainerVersion = parsed.value(QStringLiteral("trainer-version"));
    if (parsed.has(QStringLiteral("trainer-version")) &&
        !exporters::trainerVersions().contains(trainerVersion)) {
        return usageError(command, Export::tr("unknown --trainer-version '%1'; use one of %2")
                                       .arg(trainerVersion, exporters::trainerVersions().join(
                                                                QStringLiteral(", "))));
    }
    if (!trainJob &&
        (parsed.has(QStringLiteral("runtime")) || parsed.has(QStringLiteral("trainer-version")))) {
        return usageError(command, Export::tr("--runtime and --trainer-version are for --to "
                                              "trainjob"));
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
        payload = QString::fromUtf8(jobspec::exportYaml(job, local ? jobspec::ExportScope::WithLocal
                                                                   : jobspec::ExportScope::Cloud));
    } else if (to == QLatin1String("gcloud")) {
        payload =
            exporters::gcloudCommand(job, *catalog, parsed.value(QStringLiteral("config-file")));
    } else if (kubeflow) {
        exporters::KubeflowOptions kf;
        kf.kind = to == QLatin1String("tfjob") ? exporters::KubeflowKind::TFJob
                                               : exporters::KubeflowKind::PyTorchJob;
        kf.image = parsed.value(QStringLiteral("image"));
        kf.kubernetesNamespace = parsed.value(QStringLiteral("namespace"));
        payload = QString::fromUtf8(exporters::kubeflowManifestYaml(job, *catalog, kf, &diags));
    } else if (trainJob) {
        exporters::TrainJobOptions tj;
        tj.image = parsed.value(QStringLiteral("image"));
        tj.kubernetesNamespace = parsed.value(QStringLiteral("namespace"));
        tj.runtime = parsed.value(QStringLiteral("runtime"));
        tj.trainerVersion = trainerVersion;
        payload = QString::fromUtf8(exporters::trainJobManifestYaml(job, *catalog, tj, &diags));
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
