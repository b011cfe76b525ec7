// SPDX-License-Identifier: MIT
// `trainyard local train` and `trainyard jobs submit training`: create a job in the store,
// start its owner process, follow it.
#include "cli/cloudhooks.h"
#include "cli/commands.h"
#include "cli/jobcommands.h"
#include "cli/output.h"
#include "exec/locallauncher.h"
#include "exec/owner.h"
#include "exec/ownerstandby.h"
#include "exec/runsettings.h"
#include "jobactions/jobactions.h"
#include "store/jobstore.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace trainyard::cli {
namespace {

class Run
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

using exec::LocalRunDefaults;

// The defaults shown are the user's (Settings > Local runs), which a new run starts from.
QList<OptionSpec> runtimeOptions(const LocalRunDefaults &defaults)
{
    return {
        {QStringLiteral("max-restarts"), QStringLiteral("N"),
         Run::tr("Restarts of a failing replica before the job fails (default %1)")
             .arg(defaults.maxRestarts)},
        {QStringLiteral("job-reruns"), QStringLiteral("N"),
         Run::tr("Reruns of the whole job after that (default %1; the service does 3)")
             .arg(defaults.jobReruns)},
        {QStringLiteral("grace-period"), QStringLiteral("SECONDS"),
         Run::tr("Time between SIGTERM and SIGKILL when stopping replicas (default %1)")
             .arg(defaults.gracePeriodSeconds)},
        {QStringLiteral("gpus"), QStringLiteral("auto|cpu|shared"),
         Run::tr("How replicas get this machine's GPUs: auto, GPUs of their own as the spec's "
                 "acceleratorConfig asks (refused when too few); cpu, every GPU hidden (NCCL needs "
                 "a GPU per rank, gloo runs on the CPU); shared, handed out round-robin (NCCL "
                 "refuses two ranks on one GPU). Default auto")},
        {QStringLiteral("rehearse-maintenance"), QString(),
         Run::tr("Rehearse the service's VM maintenance: each replica gets SIGTERM, the grace "
                 "period, SIGKILL and a restart with the same TF_CONFIG once, at a moment "
                 "seeded by the job ID (a rerun repeats it); `jobs describe` then says whether "
                 "it resumed from a checkpoint")},
    };
}

QString defaultsNote()
{
    return Run::tr("\nDefaults come from Settings > Local runs when set there; the flags "
                   "override them.\n");
}

QList<OptionSpec> localTrainOptions(const LocalRunDefaults &defaults)
{
    QList<OptionSpec> options = {
        {QStringLiteral("module-name"), QStringLiteral("MODULE"),
         Run::tr("Python module to run (required)")},
        {QStringLiteral("package-path"), QStringLiteral("DIR"),
         Run::tr("Local Python package directory")},
        {QStringLiteral("job-dir"), QStringLiteral("DIR"),
         Run::tr("Output directory, passed to the app as --job-dir")},
        {QStringLiteral("distributed"), QString(),
         Run::tr("Run a distributed cluster (default 2 workers, 2 parameter servers)")},
        {QStringLiteral("worker-count"), QStringLiteral("N"),
         Run::tr("Workers with --distributed (0: 2)")},
        {QStringLiteral("parameter-server-count"), QStringLiteral("N"),
         Run::tr("Parameter servers with --distributed (0: 2)")},
        {QStringLiteral("evaluator-count"), QStringLiteral("N"),
         Run::tr("Evaluators with --distributed (default 0)")},
        {QStringLiteral("start-port"), QStringLiteral("PORT"),
         Run::tr("First port of the cluster (default %1)").arg(defaults.startPort)},
    };
    return options + runtimeOptions(defaults);
}

QList<OptionSpec> submitOptions(const LocalRunDefaults &defaults)
{
    QList<OptionSpec> options = {
        {QStringLiteral("config"), QStringLiteral("FILE"),
         Run::tr("The job's config.yaml (required)")},
        {QStringLiteral("async"), QString(),
         Run::tr("Return once the job is started instead of streaming its logs")},
        {QStringLiteral("catalog"), QStringLiteral("FILE"),
         Run::tr("Use this service catalog instead of the built-in one")},
        {QStringLiteral("start-port"), QStringLiteral("PORT"),
         Run::tr("First port of the cluster (default %1)").arg(defaults.startPort)},
        {QStringLiteral("max-local-replicas"), QStringLiteral("N"),
         Run::tr("Start at most N replica processes (workers and parameter servers are reduced "
                 "first; default %1, 0: no cap)")
             .arg(defaults.maxLocalReplicas)},
        {QStringLiteral("max-local-trials"), QStringLiteral("N"),
         Run::tr("Hyperparameter tuning: run at most N of the spec's maxTrials trials, "
                 "maxParallelTrials at once where the machine holds them (default %1, 0: all)")
             .arg(exec::RunSettings::defaultMaxLocalTrials)},
    };
    return options + runtimeOptions(defaults);
}

// Reads an integer option; false (with a usage message) when it is not one in [min, max].
bool intOption(const ParsedArgs &args, const QString &name, int min, int max, int *value,
               QString *error)
{
    if (!args.has(name))
        return true;
    bool ok = false;
    const int v = args.value(name).toInt(&ok);
    if (!ok || v < min || v > max) {
        *error = Run::tr("--%1 must be a number from %2 to %3, not '%4'")
                     .arg(name)
                     .arg(min)
                     .arg(max)
                     .arg(args.value(name));
        return false;
    }
    *value = v;
    return true;
}

bool runtimeSettings(const ParsedArgs &args, exec::RunSettings *settings, QString *error)
{
    int port = settings->startPort;
    int grace = settings->graceMs / 1000;
    if (!intOption(args, QStringLiteral("max-restarts"), 0, LocalRunDefaults::maxRestartsLimit,
                   &settings->maxRestarts, error) ||
        !intOption(args, QStringLiteral("job-reruns"), 0, LocalRunDefaults::jobRerunsLimit,
                   &settings->jobReruns, error) ||
        !intOption(args, QStringLiteral("grace-period"), 0, LocalRunDefaults::gracePeriodLimit,
                   &grace, error) ||
        !intOption(args, QStringLiteral("start-port"), 1, 65535, &port, error))
        return false;
    settings->startPort = quint16(port);
    if (args.has(QStringLiteral("gpus"))) {
        const std::optional<exec::GpuMode> mode =
            exec::gpuModeFromName(args.value(QStringLiteral("gpus")));
        if (!mode) {
            *error = Run::tr("--gpus must be auto, cpu or shared, not '%1'")
                         .arg(args.value(QStringLiteral("gpus")));
            return false;
        }
        settings->gpus = *mode;
    }
    if (args.has(QStringLiteral("grace-period")))
        settings->graceMs = grace * 1000;
    if (args.has(QStringLiteral("rehearse-maintenance")))
        settings->rehearseMaintenance = true;
    return true;
}

QString absolute(const QString &path)
{
    return path.isEmpty() ? path : QDir::cleanPath(QDir::current().absoluteFilePath(path));
}

// Creates the job, records its run settings and starts its owner. Prints and returns an exit
// code on failure, -1 on success.
int createAndStart(store::JobStore &store, const jobspec::Job &job,
                   const exec::RunSettings &settings, bool *idTaken = nullptr,
                   exec::OwnerStandby *standby = nullptr)
{
    // The launcher the GUI uses too; on the CLI's own thread (nothing to keep free here).
    exec::LocalLauncher launcher(store.root());
    const exec::StartResult started = launcher.startNow(job, settings, standby);
    if (started)
        return -1;
    if (idTaken)
        *idTaken = started.idTaken;
    if (idTaken && *idTaken)
        return exitSpecErrors; // the caller tries the next ID
    err() << sanitize(started.errorMessage) << '\n';
    err().flush();
    return exitSpecErrors;
}

} // namespace

QString localHelp()
{
    return Run::tr("Usage: trainyard local train --module-name MODULE [OPTIONS] [-- ARG...]\n"
                   "\n"
                   "Runs a Python trainer on this machine as `gcloud ai-platform local train` "
                   "does: one process, or with --distributed a cluster of processes wired with "
                   "TF_CONFIG. Every replica's log is printed prefixed by its name. Ctrl-C "
                   "cancels the job.\n"
                   "\n"
                   "Options:\n") +
           formatOptions(localTrainOptions(exec::readLocalRunDefaults())) + defaultsNote() +
           Run::tr("\nExit status: 0 the job succeeded, 1 it failed or was cancelled, 2 usage "
                   "error.\n") +
           Run::tr("\n`trainyard local gpus` lists this machine's GPUs.\n");
}

int runLocalTrain(const QStringList &args)
{
    const QString command = QStringLiteral("local train");
    const LocalRunDefaults defaults = exec::readLocalRunDefaults();
    const ParsedArgs parsed = parseArgs(args, localTrainOptions(defaults), true);
    if (parsed.help) {
        out() << localHelp();
        out().flush();
        return exitOk;
    }
    // gcloud's local train takes no config file either; say what does.
    for (const QString &arg : args) {
        if (arg == QLatin1String("--"))
            break;
        if (arg == QLatin1String("--config") || arg.startsWith(QLatin1String("--config=")))
            return usageError(command,
                              Run::tr("local train takes no --config, as gcloud's does not: give "
                                      "the trainer with --module-name and --package-path, or run "
                                      "a config file's job with `trainyard jobs submit training "
                                      "JOB_ID --config FILE`"));
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    if (!parsed.jobFlags.flags.isEmpty())
        return usageError(command,
                          Run::tr("unknown flag '--%1'").arg(parsed.jobFlags.flags.first().name));
    printDiagnostics(exporters::ignoredFlagNotes(parsed.ignored), QStringLiteral("trainyard"),
                     QString());
    if (!parsed.positional.isEmpty())
        return usageError(command,
                          Run::tr("unexpected argument '%1'").arg(parsed.positional.first()));
    const QString module = parsed.value(QStringLiteral("module-name"));
    if (module.isEmpty())
        return usageError(command, Run::tr("--module-name is required"));

    // The user's defaults (Settings > Local runs), then the flags.
    exec::RunSettings settings = defaults.runSettings(service::RunStyle::LocalTrain);
    settings.distributed = parsed.has(QStringLiteral("distributed"));
    settings.baseDirectory = QDir::currentPath();
    int workers = 0;
    int ps = 0;
    int evaluators = 0;
    QString error;
    if (!runtimeSettings(parsed, &settings, &error) ||
        !intOption(parsed, QStringLiteral("worker-count"), 0, 1000, &workers, &error) ||
        !intOption(parsed, QStringLiteral("parameter-server-count"), 0, 1000, &ps, &error) ||
        !intOption(parsed, QStringLiteral("evaluator-count"), 0, 1000, &evaluators, &error))
        return usageError(command, error);

    store::JobStore store;
    store::recoverOrphans(store);
    jobspec::Job job;
    const QDateTime now = QDateTime::currentDateTime();
    job.jobId = jobactions::localTrainJobId(store, module, now);
    jobspec::TrainingInput &input = job.trainingInput;
    input.pythonModule = module;
    input.args = parsed.jobFlags.userArgs;
    input.jobDir = absolute(parsed.value(QStringLiteral("job-dir")));
    settings.jobDir = input.jobDir;
    job.local.packagePath = absolute(parsed.value(QStringLiteral("package-path")));
    if (settings.distributed) {
        // gcloud: `count or 2` for workers and parameter servers, evaluators default to 0.
        input.scaleTier = QStringLiteral("CUSTOM");
        input.worker.count = workers > 0 ? workers : 2;
        input.parameterServer.count = ps > 0 ? ps : 2;
        input.evaluator.count = evaluators;
    } else {
        input.scaleTier = QStringLiteral("BASIC");
    }
    // The checks a window's start passes too, but the spec's: this one is made here, not given.
    jobactions::PreStartRequest checks;
    checks.job = job;
    checks.settings = settings;
    checks.catalog = &catalog::Catalog::builtIn();
    checks.storeRoot = store.root();
    checks.skip = {QStringLiteral("spec")};
    if (const int code = printPreStart(jobactions::checkBeforeStart(checks), job.jobId); code >= 0)
        return code;
    // The ID is claimed by the store's atomic mkdir: a run started at the same moment that took
    // it sends us on to the next free one.
    for (int attempt = 1;; ++attempt) {
        bool idTaken = false;
        const int code = createAndStart(store, job, settings, &idTaken);
        if (code < 0)
            break;
        if (!idTaken || attempt >= 1000)
            return code;
        job.jobId = jobactions::localTrainJobId(store, module, now, attempt + 1);
    }
    err()
        << Run::tr("Job [%1] started; its files are in %2").arg(job.jobId, store.jobDir(job.jobId))
        << '\n';
    err().flush();
    FollowOptions follow;
    follow.cancelOnInterrupt = true;
    return followJob(store, job.jobId, follow);
}

int runLocal(const QStringList &args)
{
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        out() << localHelp();
        out().flush();
        return args.isEmpty() ? exitUsage : exitOk;
    }
    if (args.first() == QLatin1String("gpus"))
        return runLocalGpus(args.mid(1));
    if (args.first() != QLatin1String("train"))
        return usageError(QStringLiteral("local"),
                          Run::tr("unknown command '%1'").arg(args.first()));
    return runLocalTrain(args.mid(1));
}

QString submitHelp()
{
    return Run::tr("Usage: trainyard jobs submit training JOB_ID --config FILE [OPTIONS] "
                   "[JOB FLAGS] [-- ARG...]\n"
                   "\n"
                   "Validates the job like `trainyard validate --local` and runs it on this "
                   "machine with the spec's cluster shape, streaming the logs until it ends "
                   "(unless --async). Ctrl-C cancels the job.\n"
                   "\n"
                   "Options:\n") +
           formatOptions(submitOptions(exec::readLocalRunDefaults())) + defaultsNote() +
           Run::tr("\nJob flags:\n") + formatJobFlags();
}

int runSubmitTraining(const QStringList &args)
{
    const QString command = QStringLiteral("jobs submit training");
    if (args.contains(QStringLiteral("--cloud"))) { // Vertex AI instead of this machine
        QStringList rest = args;
        rest.removeAll(QStringLiteral("--cloud"));
        return runCloudCommand(&CloudCommands::submitTraining, rest);
    }
    const LocalRunDefaults defaults = exec::readLocalRunDefaults();
    ParsedArgs parsed = parseArgs(args, submitOptions(defaults), true);
    if (parsed.help) {
        out() << submitHelp();
        out().flush();
        return exitOk;
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    if (parsed.positional.size() != 1)
        return usageError(command, Run::tr("give exactly one JOB_ID"));
    if (!parsed.has(QStringLiteral("config")))
        return usageError(command, Run::tr("--config FILE is required"));
    // The user's defaults (Settings > Local runs), then the flags.
    exec::RunSettings settings = defaults.runSettings(service::RunStyle::Submit);
    QString error;
    if (!runtimeSettings(parsed, &settings, &error) ||
        !intOption(parsed, QStringLiteral("max-local-replicas"), 0,
                   LocalRunDefaults::localReplicasLimit, &settings.maxLocalReplicas, &error) ||
        !intOption(parsed, QStringLiteral("max-local-trials"), 0,
                   LocalRunDefaults::localTrialsLimit, &settings.maxLocalTrials, &error))
        return usageError(command, error);
    // Paths given as flags are relative to the current directory, the file's to its folder.
    for (exporters::FlagOverrides::Flag &flag : parsed.jobFlags.flags) {
        if (flag.name == QLatin1String("package-path") ||
            (flag.name == QLatin1String("job-dir") && !flag.value.contains(QLatin1String("://"))))
            flag.value = absolute(flag.value);
    }
    store::JobStore store;
    // The job's owner, forked by main() or started now, loads on another core while the spec
    // is checked and stored; a spec with errors leaves it nothing to do, and it exits.
    exec::OwnerStandby standby = exec::OwnerStandby::takeForked();
    if (!standby.isValid())
        standby = exec::OwnerStandby::start(QCoreApplication::applicationFilePath(), store.root());
    const std::shared_ptr<const catalog::Catalog> catalog = loadCatalog(parsed);
    if (!catalog)
        return exitUsage;

    store::recoverOrphans(store);
    const QString path = parsed.value(QStringLiteral("config"));
    SpecInput input = loadSpec(path, parsed.jobFlags, *catalog);
    input.diagnostics << exporters::ignoredFlagNotes(parsed.ignored);
    if (input.unreadable) {
        printDiagnostics(input.diagnostics, path, input.import.sources.fileName);
        return exitUsage;
    }
    input.import.job.jobId = parsed.positional.first();
    settings.baseDirectory = QFileInfo(path).absolutePath();
    // The checks the wizard's Run locally and the console's Run again pass too (prestart.h): the
    // spec's rules for a local run first, printed with their positions in the file.
    jobactions::PreStartReport report;
    // The ID is the command line's: a message about it names JOB_ID, not the file's jobId line.
    input.import.sources.flags.insert(QStringLiteral("jobId"), QStringLiteral("JOB_ID"));
    if (input.import.ok()) {
        jobactions::PreStartRequest checks;
        checks.job = input.import.job;
        checks.settings = settings;
        checks.catalog = catalog.get();
        checks.storeRoot = store.root();
        checks.sources = &input.import.sources;
        report = jobactions::checkBeforeStart(checks);
        for (const jobactions::PreStartDiagnostic &d : report.diagnostics) {
            if (d.isInSpec())
                input.diagnostics << d.validation;
        }
        for (jobspec::Diagnostic &d : input.diagnostics)
            input.import.sources.locate(d);
    }
    printDiagnostics(input.diagnostics, path, input.import.sources.fileName);
    if (jobspec::hasErrors(input.diagnostics)) {
        err() << summary(path, input.diagnostics) << '\n';
        err().flush();
        return exitSpecErrors;
    }
    const jobspec::Job &job = input.import.job;
    if (const int code = printPreStart(report, job.jobId); code >= 0)
        return code;
    if (const int code = createAndStart(store, job, settings, nullptr, &standby); code >= 0)
        return code;
    if (parsed.has(QStringLiteral("async"))) {
        out() << Run::tr("Job [%1] submitted successfully.\n"
                         "Your job is still active. You may view the status of your job with "
                         "the command\n\n  $ trainyard jobs describe %1\n\n"
                         "or continue streaming the logs with the command\n\n"
                         "  $ trainyard jobs stream-logs %1\n")
                     .arg(job.jobId);
        out().flush();
        return exitOk;
    }
    err() << Run::tr("Job [%1] submitted; streaming its logs.").arg(job.jobId) << '\n';
    err().flush();
    FollowOptions follow;
    follow.cancelOnInterrupt = true;
    return followJob(store, job.jobId, follow);
}

} // namespace trainyard::cli
