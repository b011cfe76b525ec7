// SPDX-License-Identifier: MIT
// How a stored job is to be run locally, recorded next to its spec as <job>/run.json by the
// console that creates the job and read by the job's owner process (`trainyard supervise`).
// Also the cancel request: a console asks the owner to cancel by creating <job>/cancel, which
// the owner polls (see owner.h for why a file and not a signal).
#pragma once

#include "service/layout.h"

#include <QByteArray>
#include <QString>
#include <QStringView>
#include <optional>

class QSettings;

namespace trainyard::store {
class JobStore;
}

namespace trainyard::exec {

// How the job's replicas get this machine's GPUs (`--gpus`, exec/gpuplacement.h): auto (GPUs of
// their own, refused when too few), cpu (every GPU hidden), shared (handed out round-robin).
enum class GpuMode { Auto, Cpu, Shared };
// "auto", "cpu", "shared" (the flag's and run.json's spelling).
QString gpuModeName(GpuMode mode);
std::optional<GpuMode> gpuModeFromName(QStringView name);

struct RunSettings
{
    static constexpr int defaultMaxRestarts = 5;    // per replica, as the service (§9.4)
    static constexpr int defaultJobReruns = 0;      // whole-job reruns; the service does 3
    static constexpr int defaultGraceMs = 10000;    // SIGTERM -> SIGKILL
    static constexpr int defaultMaxLocalTrials = 3; // hyperparameter tuning trials run locally

    service::RunStyle style = service::RunStyle::Submit;
    bool distributed = true; // LocalTrain: gcloud's --distributed
    quint16 startPort = service::defaultStartPort;
    int maxRestarts = defaultMaxRestarts;
    int jobReruns = defaultJobReruns;
    int graceMs = defaultGraceMs;
    int maxLocalReplicas = 0; // 0: no cap
    // Tuning jobs: run at most this many of the spec's maxTrials; 0: all of them (trials.h).
    int maxLocalTrials = defaultMaxLocalTrials;
    GpuMode gpus = GpuMode::Auto; // "gpus" in run.json
    int localTensorFlowMajor = 0; // LocalTrain: primary "master" when 1
    // Per-replica log file cap in MB; 0: none. Past it the oldest part of the log is dropped
    // (logs::LogWriter::setSizeCap).
    int logCapMB = 0;
    // --rehearse-maintenance: one VM maintenance event per replica at a moment seeded by the job
    // ID (rehearsal.h).
    bool rehearseMaintenance = false;
    QString python;        // empty: $TRAINYARD_PYTHON, else python3
    QString jobDir;        // local output directory (absolute); empty: <job>/output
    QString baseDirectory; // relative spec paths resolve against it (absolute)

    QByteArray toJson() const;
    // False (and *error set) when the text is not a settings object; unknown keys are ignored,
    // missing keys keep their defaults.
    static bool fromJson(const QByteArray &json, RunSettings *settings, QString *error);

    bool operator==(const RunSettings &o) const;
    bool operator!=(const RunSettings &o) const { return !(*this == o); }
};

// The user's defaults for new local runs ("Settings > Local runs"), kept in the application's
// QSettings under localRuns/ (keys below). Every console that creates a run starts from them:
// `trainyard local train` and `jobs submit training` (whose flags override them) and the
// wizard's "Run locally". A job that exists keeps the run.json it was created with, so the
// console's "Run again" is not affected by later changes.
//
// The Python interpreter, first that is set: the job's RunSettings::python (taken from the
// python setting when the run is created) > $TRAINYARD_PYTHON of the owner process > python3.
// exec::pythonInterpreter() (environment.h) is the one place that applies this order.
struct LocalRunDefaults
{
    // A stored number outside [minimum, maximum] (or not a number) reads as the built-in
    // default; the CLI's flags take the same ranges.
    static constexpr int maxRestartsLimit = 1000;
    static constexpr int jobRerunsLimit = 100;
    static constexpr int gracePeriodLimit = 3600; // seconds
    static constexpr int localReplicasLimit = 10000;
    static constexpr int localTrialsLimit = 10000;    // --max-local-trials
    static constexpr int logCapLimitMB = 1024 * 1024; // 1 TB

    QString python; // empty: $TRAINYARD_PYTHON, else python3 (decided when the job runs)
    int maxRestarts = RunSettings::defaultMaxRestarts;           // 0 .. maxRestartsLimit
    int jobReruns = RunSettings::defaultJobReruns;               // 0 .. jobRerunsLimit
    int gracePeriodSeconds = RunSettings::defaultGraceMs / 1000; // 0 .. gracePeriodLimit
    int maxLocalReplicas = 0;                                    // 0 (no cap) .. localReplicasLimit
    quint16 startPort = service::defaultStartPort;               // 1 .. 65535 (gcloud's 27182)
    int logCapMB = 0;                                            // 0 (off) .. logCapLimitMB

    // A new run of `style` with these values; the other fields keep RunSettings' defaults.
    RunSettings runSettings(service::RunStyle style) const;

    // Whether `python` can be the python setting: empty, a program name without '/' (looked
    // up on PATH when the job runs) or an absolute path, without control characters. Whether
    // the program exists is not checked: it is looked at when the job runs.
    static bool isAcceptablePython(const QString &python);

    bool operator==(const LocalRunDefaults &o) const;
    bool operator!=(const LocalRunDefaults &o) const { return !(*this == o); }
};

namespace localRunKeys {
inline constexpr char python[] = "localRuns/python";                     // string
inline constexpr char maxRestarts[] = "localRuns/maxRestarts";           // int
inline constexpr char jobReruns[] = "localRuns/jobReruns";               // int
inline constexpr char gracePeriod[] = "localRuns/gracePeriodSeconds";    // int, seconds
inline constexpr char maxLocalReplicas[] = "localRuns/maxLocalReplicas"; // int, 0: no cap
inline constexpr char startPort[] = "localRuns/startPort";               // int
inline constexpr char logCapMB[] = "localRuns/logCapMB";                 // int, MB, 0: off
} // namespace localRunKeys

// Reads the defaults; a missing, wrong-typed or out-of-range value is the built-in default.
LocalRunDefaults readLocalRunDefaults(const QSettings &settings);
// The same from the application's QSettings (organization and application name set).
LocalRunDefaults readLocalRunDefaults();
// Stores each value that differs from the built-in default and removes the others (a python
// that is not acceptable is removed too), so "Restore defaults" is writing LocalRunDefaults()
// and a built-in default that changes later applies to what the user never set.
void writeLocalRunDefaults(QSettings &settings, const LocalRunDefaults &defaults);

// run.json in the job's folder: written with the job's other files when it is created
// (startLocalJob), read by its owner.
QString runSettingsFileName();
QString runSettingsPath(const store::JobStore &store, const QString &jobId);
// A job without run.json runs with the defaults (Submit style).
QString readRunSettings(const store::JobStore &store, const QString &jobId, RunSettings *settings);

// The output directory used when the spec's jobDir is not a local path (gs://...) and none
// was given: <job>/output.
QString defaultOutputDirectory(const store::JobStore &store, const QString &jobId);

QString cancelRequestPath(const store::JobStore &store, const QString &jobId);
// Creates the cancel request file. Empty string on success, else a message.
QString requestCancel(const store::JobStore &store, const QString &jobId);
bool isCancelRequested(const store::JobStore &store, const QString &jobId);

} // namespace trainyard::exec
