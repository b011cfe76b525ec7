// SPDX-License-Identifier: MIT
#include "exec/environment.h"

#include "exec/companion.h"
#include "service/tfconfig.h"
#include "service/trainingjson.h"
#include "store/jobstate.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>

namespace trainyard::exec {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::exec", text);
}

QString compactJson(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// Names the service sets itself; a spec variable of the same name is overridden.
bool isServiceVariable(const QString &name)
{
    static const QStringList names = {
        QStringLiteral("TF_CONFIG"),         QStringLiteral("CLUSTER_SPEC"),
        QStringLiteral("CLOUD_ML_JOB_ID"),   QStringLiteral("CLOUD_ML_JOB"),
        QStringLiteral("CLOUD_ML_TRIAL_ID"), QStringLiteral("CLOUD_ML_HP_METRIC_FILE"),
        QStringLiteral("MASTER_ADDR"),       QStringLiteral("MASTER_PORT"),
        QStringLiteral("WORLD_SIZE"),        QStringLiteral("RANK")};
    return names.contains(name) || name.startsWith(QLatin1String("AIP_"));
}

QString joinPath(const QString &dir, const QString &name)
{
    if (dir.endsWith(QLatin1Char('/')))
        return dir + name;
    return dir + QLatin1Char('/') + name;
}

} // namespace

QString absoluteFrom(const QString &base, const QString &path)
{
    const QDir dir(base.isEmpty() ? QDir::currentPath() : base);
    return QDir::cleanPath(dir.absoluteFilePath(path));
}

QString metricFilePath(const QString &metricsDirectory, const service::Replica &replica,
                       const QString &trialId)
{
    return joinPath(metricsDirectory,
                    store::trialLogName(replica.name, trialId) + QStringLiteral(".metrics"));
}

QString pythonInterpreter(const EnvironmentOptions &options)
{
    if (!options.python.isEmpty())
        return options.python;
    const QString fromEnv = options.baseEnvironment.value(QStringLiteral("TRAINYARD_PYTHON"));
    return fromEnv.isEmpty() ? QStringLiteral("python3") : fromEnv;
}

ReplicaLaunch replicaLaunch(const jobspec::Job &job, const service::ClusterLayout &layout,
                            const service::Replica &replica, const EnvironmentOptions &options,
                            QString *error)
{
    ReplicaLaunch launch;
    launch.replica = replica;
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return launch;
    };
    if (error)
        error->clear();

    const jobspec::TrainingInput &input = job.trainingInput;
    const QString jobDir = options.jobDir.isEmpty() ? input.jobDir : options.jobDir;

    // argv: USER_ARGS [--job-dir DIR] --name=value... As gcloud does, --job-dir reaches the
    // app only when the job has a job dir; the local output folder alone does not add it.
    QStringList appArgs = input.args;
    if (!input.jobDir.isEmpty() && !jobDir.isEmpty())
        appArgs << QStringLiteral("--job-dir") << jobDir;
    for (const auto &[name, value] : options.trialParameters)
        appArgs << QStringLiteral("--%1=%2").arg(name, value);

    const bool python = job.local.executable.isEmpty();
    if (python) {
        if (input.pythonModule.isEmpty()) {
            return fail(tr("Nothing to run: the job has neither a Python module "
                           "(trainingInput.pythonModule) nor a local executable "
                           "(trainyardLocal.executable)."));
        }
        launch.program = pythonInterpreter(options);
        launch.pythonModule = input.pythonModule;
        launch.arguments = QStringList{QStringLiteral("-m"), input.pythonModule} + appArgs;
        if (job.local.packagePath.isEmpty()) {
            launch.workingDirectory = absoluteFrom(options.baseDirectory, QStringLiteral("."));
        } else {
            launch.packageDirectory = absoluteFrom(options.baseDirectory, job.local.packagePath);
            launch.workingDirectory = QFileInfo(launch.packageDirectory).absolutePath();
        }
    } else {
        const QString &exe = job.local.executable;
        if (exe.contains(QLatin1Char('/'))) {
            launch.program = absoluteFrom(options.baseDirectory, exe);
            launch.workingDirectory = QFileInfo(launch.program).absolutePath();
        } else {
            launch.program = exe; // looked up on PATH at start
            launch.workingDirectory = absoluteFrom(options.baseDirectory, QStringLiteral("."));
        }
        launch.arguments = appArgs;
    }

    QProcessEnvironment env = options.baseEnvironment;
    auto set = [&](const QString &name, const QString &value) {
        env.insert(name, value);
        launch.addedVariables.removeAll(name);
        launch.addedVariables.append(name);
    };

    // The spec's variables first; the service's own variables win over them.
    for (const jobspec::EnvVar &var : job.local.env) {
        if (isServiceVariable(var.name)) {
            launch.warnings.append(
                tr("The variable %1 is set by the service; the value in the spec is ignored.")
                    .arg(var.name));
            continue;
        }
        if (var.secret.isEmpty()) {
            set(var.name, var.value);
            continue;
        }
        if (!options.secretResolver) {
            launch.skippedSecrets.append(var.name);
            continue;
        }
        const std::optional<QString> value = options.secretResolver(var.secret);
        if (!value) {
            return fail(tr("The secret \"%1\" for the variable %2 is not available.")
                            .arg(var.secret, var.name));
        }
        set(var.name, *value);
        launch.secretVariables.append(var.name);
    }

    set(QStringLiteral("TF_CONFIG"),
        compactJson(service::tfConfig(job, layout, replica, options.trialId, appArgs)));
    set(QStringLiteral("CLUSTER_SPEC"),
        compactJson(service::clusterSpec(job, layout, replica, options.trialId)));
    set(QStringLiteral("CLOUD_ML_JOB_ID"), job.jobId);
    set(QStringLiteral("CLOUD_ML_JOB"), compactJson(service::trainingInputJson(input)));
    if (!jobDir.isEmpty()) {
        set(QStringLiteral("AIP_MODEL_DIR"),
            service::aipDirectory(jobDir, options.trialId, QStringLiteral("model")));
        set(QStringLiteral("AIP_CHECKPOINT_DIR"),
            service::aipDirectory(jobDir, options.trialId, QStringLiteral("checkpoints")));
        set(QStringLiteral("AIP_TENSORBOARD_LOG_DIR"),
            service::aipDirectory(jobDir, options.trialId, QStringLiteral("logs")));
    }
    if (!options.metricsDirectory.isEmpty())
        set(QStringLiteral("CLOUD_ML_HP_METRIC_FILE"),
            metricFilePath(options.metricsDirectory, replica, options.trialId));
    if (!options.trialId.isEmpty())
        set(QStringLiteral("CLOUD_ML_TRIAL_ID"), options.trialId);

    // PyTorch (docs/service.md §7): the same MASTER_ADDR/MASTER_PORT/WORLD_SIZE on every replica;
    // RANK only for the primary and the workers, the members of the process group.
    if (const service::Replica *primary = layout.primary(); primary && primary->port) {
        set(QStringLiteral("MASTER_ADDR"), layout.host);
        set(QStringLiteral("MASTER_PORT"), QString::number(*primary->port));
    }
    set(QStringLiteral("WORLD_SIZE"), QString::number(layout.worldSize()));
    if (replica.rank)
        set(QStringLiteral("RANK"), QString::number(*replica.rank));
    else
        env.remove(QStringLiteral("RANK")); // never inherit a stray RANK from the console

    if (python) {
        const QString current = env.value(QStringLiteral("PYTHONPATH"));
        set(QStringLiteral("PYTHONPATH"),
            current.isEmpty() ? launch.workingDirectory
                              : launch.workingDirectory + QLatin1Char(':') + current);
        // Line-by-line logs: the executor reads output as it comes.
        if (!env.contains(QStringLiteral("PYTHONUNBUFFERED")))
            set(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1"));
        // A package in a system folder (the installed examples) stays as installed: no
        // __pycache__ beside it, which a root user's run would write and a purge leave behind.
        if (isSystemDataPath(launch.workingDirectory, env.value(QStringLiteral("XDG_DATA_DIRS"))) &&
            !env.contains(QStringLiteral("PYTHONDONTWRITEBYTECODE")))
            set(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    }

    launch.environment = env;
    return launch;
}

LaunchPlan planLaunch(const jobspec::Job &job, const service::ClusterLayout &layout,
                      const EnvironmentOptions &options)
{
    LaunchPlan plan;
    plan.layout = layout;
    if (!layout.hasAllPorts()) {
        plan.error = tr("Internal error: the cluster has replicas without a port.");
        return plan;
    }
    for (const service::Replica &replica : layout.replicas) {
        QString error;
        ReplicaLaunch launch = replicaLaunch(job, layout, replica, options, &error);
        if (!error.isEmpty()) {
            plan.error = error;
            plan.replicas.clear();
            return plan;
        }
        plan.replicas.append(launch);
    }
    return plan;
}

QString preflight(const ReplicaLaunch &launch)
{
    const QFileInfo wd(launch.workingDirectory);
    if (!launch.packageDirectory.isEmpty()) {
        const QFileInfo pkg(launch.packageDirectory);
        if (!pkg.isDir())
            return tr("The package directory %1 does not exist.").arg(launch.packageDirectory);
        // trainer.task with package path .../trainer: the module file must be in there.
        const QStringList parts = launch.pythonModule.split(QLatin1Char('.'));
        if (parts.size() >= 2 && parts.first() == pkg.fileName()) {
            const QString rel = parts.mid(1).join(QLatin1Char('/'));
            const QString asFile = joinPath(launch.packageDirectory, rel + QStringLiteral(".py"));
            const QString asPackage =
                joinPath(joinPath(launch.packageDirectory, rel), QStringLiteral("__init__.py"));
            if (!QFileInfo::exists(asFile) && !QFileInfo::exists(asPackage)) {
                return tr("The module %1 is not in %2 (no %3).")
                    .arg(launch.pythonModule, launch.packageDirectory, asFile);
            }
        }
    }
    if (!wd.isDir())
        return tr("The working directory %1 does not exist.").arg(launch.workingDirectory);

    const bool python = !launch.pythonModule.isEmpty();
    switch (lookUpProgram(launch.program, launch.environment).status) {
    case ProgramLookup::Found:
        return {};
    case ProgramLookup::DoesNotExist:
        return python ? tr("The Python interpreter %1 does not exist.").arg(launch.program)
                      : tr("The program %1 does not exist.").arg(launch.program);
    case ProgramLookup::NotExecutable:
        return python ? tr("The Python interpreter %1 is not executable.").arg(launch.program)
                      : tr("The program %1 is not executable.").arg(launch.program);
    case ProgramLookup::NotOnPath:
        break;
    }
    if (!python)
        return tr("The program %1 was not found on PATH.").arg(launch.program);
    return tr("The Python interpreter %1 was not found on PATH. Set TRAINYARD_PYTHON or "
              "the Python setting to an interpreter.")
        .arg(launch.program);
}

ProgramLookup lookUpProgram(const QString &program, const QProcessEnvironment &environment)
{
    ProgramLookup result;
    if (program.contains(QLatin1Char('/'))) {
        const QFileInfo file(program);
        if (!file.exists())
            result.status = ProgramLookup::DoesNotExist;
        else if (!file.isFile() || !file.isExecutable())
            result.status = ProgramLookup::NotExecutable;
        else
            result = {ProgramLookup::Found, file.absoluteFilePath()};
        return result;
    }
    const QStringList path =
        environment.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    result.path = program.isEmpty() ? QString() : QStandardPaths::findExecutable(program, path);
    result.status = result.path.isEmpty() ? ProgramLookup::NotOnPath : ProgramLookup::Found;
    return result;
}

} // namespace trainyard::exec
