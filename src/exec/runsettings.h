// SPDX-License-Identifier: MIT
// How a stored job is to be run locally, recorded next to its spec as <job>/run.json by the
// console that creates the job and read by the job's owner process (`trainyard supervise`).
// Also the cancel request: a console asks the owner to cancel by creating <job>/cancel, which
// the owner polls (see supervisor.h for why a file and not a signal).
#pragma once

#include "exec/layout.h"

#include <QByteArray>
#include <QString>

namespace trainyard::store {
class JobStore;
}

namespace trainyard::exec {

struct RunSettings
{
    static constexpr int defaultMaxRestarts = 5; // per replica, as the service (§9.4)
    static constexpr int defaultJobReruns = 0;   // whole-job reruns; the service does 3
    static constexpr int defaultGraceMs = 10000; // SIGTERM -> SIGKILL

    RunStyle style = RunStyle::Submit;
    bool distributed = true; // LocalTrain: gcloud's --distributed
    quint16 startPort = defaultStartPort;
    int maxRestarts = defaultMaxRestarts;
    int jobReruns = defaultJobReruns;
    int graceMs = defaultGraceMs;
    int maxLocalReplicas = 0;     // 0: no cap
    int localTensorFlowMajor = 0; // LocalTrain: primary "master" when 1
    QString python;               // empty: $TRAINYARD_PYTHON, else python3
    QString jobDir;               // local output directory (absolute); empty: <job>/output
    QString baseDirectory;        // relative spec paths resolve against it (absolute)

    QByteArray toJson() const;
    // False (and *error set) when the text is not a settings object; unknown keys are ignored,
    // missing keys keep their defaults.
    static bool fromJson(const QByteArray &json, RunSettings *settings, QString *error);

    bool operator==(const RunSettings &o) const;
    bool operator!=(const RunSettings &o) const { return !(*this == o); }
};

QString runSettingsPath(const store::JobStore &store, const QString &jobId);
// Atomic (QSaveFile). Empty string on success, else a message.
QString writeRunSettings(const store::JobStore &store, const QString &jobId,
                         const RunSettings &settings);
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
