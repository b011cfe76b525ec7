// SPDX-License-Identifier: MIT
// What each replica process gets: program, argv, working directory and the environment the
// service would set (docs/service.md §6, §7, §8.2, §12), computed from the spec and a cluster
// layout. Pure: reads no environment of its own (the caller passes the base environment) and starts
// nothing. preflight() is the one function that looks at the file system.
#pragma once

#include "jobspec/job.h"
#include "secrets/references.h"
#include "service/layout.h"

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace trainyard::exec {

struct EnvironmentOptions
{
    // The environment replicas inherit (PATH, HOME, an existing PYTHONPATH...). Also where
    // TRAINYARD_PYTHON is looked up.
    QProcessEnvironment baseEnvironment = QProcessEnvironment::systemEnvironment();
    // Interpreter for Python trainers. Empty: $TRAINYARD_PYTHON of baseEnvironment, else
    // "python3". Pass a value only when the user chose one (flag or setting).
    QString python;
    // Local directory passed as --job-dir and used for the AIP_* directories. Empty: the
    // spec's jobDir as is (the caller maps a gs:// jobDir to a local folder before this).
    QString jobDir;
    // Relative packagePath/executable are resolved against this (the config file's folder or
    // the current directory); it is also the working directory when no packagePath is given.
    QString baseDirectory;
    // Folder (in the job's store folder) for the per-replica hypertune metric files.
    QString metricsDirectory;
    // Hyperparameter tuning: the trial ID ("1", "2"...) and its values, appended to the
    // arguments as --name=value. Empty trialId: not a tuning run.
    QString trialId;
    QList<QPair<QString, QString>> trialParameters;
    // Resolves job.local.env entries that reference a secret. Null: those variables are left
    // out and listed in ReplicaLaunch::skippedSecrets.
    secrets::SecretResolver secretResolver;
};

struct ReplicaLaunch
{
    service::Replica replica;
    QString program;       // interpreter or executable, as given (not searched on PATH)
    QStringList arguments; // argv after the program; never a shell string
    QString workingDirectory;
    QString packageDirectory; // absolute package path of a Python trainer (empty: none given)
    QString pythonModule;     // -m MODULE of a Python trainer (empty: an executable)
    QProcessEnvironment environment; // complete: base + spec env + service variables
    // Variables set on top of the base environment, in the order set (for describe/logs).
    QStringList addedVariables;
    QStringList secretVariables; // names whose values came from secrets: never write them out
    QStringList skippedSecrets;  // secret variables left out (no resolver)
    QStringList warnings;
};

struct LaunchPlan
{
    service::ClusterLayout layout;
    QList<ReplicaLaunch> replicas; // same order as layout.replicas
    QString error;                 // nothing can be started when set

    explicit operator bool() const { return error.isEmpty(); }
};

// Per-replica hypertune metric file: <metricsDirectory>/<replica name>.metrics, or in a trial
// <metricsDirectory>/<replica name>.trial-<trialId>.metrics (store::trialLogName).
QString metricFilePath(const QString &metricsDirectory, const service::Replica &replica,
                       const QString &trialId = QString());

// The interpreter: options.python, else $TRAINYARD_PYTHON, else "python3". The one place that
// decides; options.python is the job's RunSettings::python, which a new run takes from the
// user's setting (LocalRunDefaults in runsettings.h) when one is set.
QString pythonInterpreter(const EnvironmentOptions &options);

// Where a program would be found when started with `environment`: a program with a '/' is the
// file it names, a bare name is searched on the environment's PATH.
struct ProgramLookup
{
    enum Status { Found, DoesNotExist, NotExecutable, NotOnPath };
    Status status = DoesNotExist;
    QString path; // the executable's absolute path when Found

    explicit operator bool() const { return status == Found; }
};
ProgramLookup lookUpProgram(const QString &program, const QProcessEnvironment &environment);

// Program, argv and working directory: `PYTHON -m MODULE USER_ARGS --job-dir DIR
// [--name=value...]` run from the parent of the package directory (gcloud local train), or
// the spec's executable (working directory = its folder) with the same arguments.
ReplicaLaunch replicaLaunch(const jobspec::Job &job, const service::ClusterLayout &layout,
                            const service::Replica &replica, const EnvironmentOptions &options,
                            QString *error = nullptr);

// replicaLaunch() for every replica of the layout (which must have its ports).
LaunchPlan planLaunch(const jobspec::Job &job, const service::ClusterLayout &layout,
                      const EnvironmentOptions &options);

// Checks what would make every start fail at once, before anything runs: a package or
// working directory that is missing, a program that is not found or not executable.
// Returns an empty string when the launch can be tried.
QString preflight(const ReplicaLaunch &launch);
// A path of the spec (packagePath, executable) as the owner resolves it: against `base` (the
// config file's folder), the current directory when that is empty.
QString absoluteFrom(const QString &base, const QString &path);

} // namespace trainyard::exec
