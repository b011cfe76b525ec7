// SPDX-License-Identifier: MIT
// Helpers of the executor's integration tests: running the job commands as a real process,
// writing specs, reading the store, looking at processes.
#pragma once

#include "store/jobstore.h"

#include <QByteArray>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace trainyard::testing {

struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    bool finished = false; // false: it did not end within the deadline (and was killed)
};

// Runs `harness ARGS` (or `program ARGS`) with TRAINYARD_HOME=home,
// TRAINYARD_PYTHON=/usr/bin/python3 and an empty XDG_CONFIG_HOME (no user settings); `extra`
// is applied last.
CliRun runCli(const QString &home, const QStringList &args, int deadlineMs = 60000,
              const QProcessEnvironment &extra = QProcessEnvironment(),
              const QString &program = QString());

// The fixture trainers' package directory (tests/fixtures/trainers/fixtrainer).
QString fixturePackage();

// A CUSTOM spec running fixtrainer.MODULE with the given counts; jobDir and extra YAML lines
// (indented two spaces, under trainingInput) as given.
QByteArray customSpec(const QString &module, int workers, int ps, int evaluators,
                      const QString &jobDir, const QStringList &args = {},
                      const QString &packagePath = fixturePackage());
QString writeFile(const QString &path, const QByteArray &bytes);

bool processExists(qint64 pid);
bool groupExists(qint64 pgid);
// Polls until the job's state satisfies pred (or the deadline passes); returns the last state.
store::JobState waitForState(const store::JobStore &store, const QString &jobId,
                             const std::function<bool(const store::JobState &)> &pred,
                             int deadlineMs = 30000);
QJsonObject readJson(const QString &path);
QJsonObject parseObject(const QString &json);
// The number in a pid file; 0 when there is none.
int readPid(const QString &path);

// A listening socket on 127.0.0.1:port for the lifetime of the object.
class PortBlocker
{
public:
    explicit PortBlocker(quint16 port);
    ~PortBlocker();
    PortBlocker(const PortBlocker &) = delete;
    PortBlocker &operator=(const PortBlocker &) = delete;
    bool ok() const { return m_ok; }

private:
    int m_fd = -1;
    bool m_ok = false;
};

// The pids of job owners standing by for the store at `root` (exec/ownerstandby.h): started
// ones (`supervise --store ROOT --standby`) and those a submit forked (`supervise --standby`,
// with TRAINYARD_HOME=ROOT).
QList<qint64> standbyOwners(const QString &root);

// VmRSS of a process in KiB; 0 when it is gone.
qint64 residentKiB(qint64 pid);

} // namespace trainyard::testing
