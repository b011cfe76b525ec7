// SPDX-License-Identifier: MIT
#include "testsupport.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <functional>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

namespace trainyard::testing {

CliRun runCli(const QString &home, const QStringList &args, int deadlineMs,
              const QProcessEnvironment &extra, const QString &program)
{
    CliRun run;
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINYARD_HOME"), home);
    env.insert(QStringLiteral("TRAINYARD_PYTHON"), QStringLiteral("/usr/bin/python3"));
    // The user's settings (Settings > Local runs) would change how the jobs run: an empty
    // configuration folder instead.
    static const QTemporaryDir config;
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());
    env.insert(extra);
    process.setProcessEnvironment(env);
    process.start(program.isEmpty() ? QStringLiteral(JOBS_HARNESS) : program, args);
    if (!process.waitForStarted(10000))
        return run;
    run.finished = process.waitForFinished(deadlineMs);
    if (!run.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QString fixturePackage()
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer");
}

QByteArray customSpec(const QString &module, int workers, int ps, int evaluators,
                      const QString &jobDir, const QStringList &args, const QString &packagePath)
{
    QStringList quoted;
    for (const QString &a : args)
        quoted << QLatin1Char('"') + a + QLatin1Char('"');
    QString yaml = QStringLiteral("jobId: from_the_file\n"
                                  "trainingInput:\n"
                                  "  scaleTier: CUSTOM\n"
                                  "  region: us-central1\n"
                                  "  runtimeVersion: \"2.11\"\n"
                                  "  pythonVersion: \"3.7\"\n"
                                  "  pythonModule: fixtrainer.%1\n"
                                  "  args: [%2]\n"
                                  "  jobDir: %3\n"
                                  "  masterType: n1-standard-4\n")
                       .arg(module, quoted.join(QStringLiteral(", ")), jobDir);
    if (workers > 0)
        yaml += QStringLiteral("  workerType: n1-standard-4\n  workerCount: %1\n").arg(workers);
    if (ps > 0)
        yaml += QStringLiteral("  parameterServerType: n1-standard-4\n  parameterServerCount: %1\n")
                    .arg(ps);
    if (evaluators > 0)
        yaml += QStringLiteral("  evaluatorType: n1-standard-4\n  evaluatorCount: %1\n")
                    .arg(evaluators);
    yaml +=
        QStringLiteral("trainyardLocal:\n  packagePath: %1\n  env: {FIXTURE_VAR: from-the-spec}\n")
            .arg(packagePath);
    return yaml.toUtf8();
}

QString writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(bytes);
    return path;
}

bool processExists(qint64 pid)
{
    if (pid <= 0)
        return false;
    if (::kill(pid_t(pid), 0) != 0)
        return errno == EPERM;
    // A zombie still "exists"; it runs nothing. Look at /proc for its state.
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return !(close > 0 && text.size() > close + 2 && text.at(close + 2) == 'Z');
}

bool groupExists(qint64 pgid)
{
    if (pgid <= 1)
        return false;
    return ::kill(-pid_t(pgid), 0) == 0 || errno == EPERM;
}

store::JobState waitForState(const store::JobStore &store, const QString &jobId,
                             const std::function<bool(const store::JobState &)> &pred,
                             int deadlineMs)
{
    store::JobState last;
    QDeadlineTimer deadline(deadlineMs);
    while (true) {
        if (const store::StateReadResult read = store.readState(jobId)) {
            last = read.state;
            if (pred(last))
                return last;
        }
        if (deadline.hasExpired())
            return last;
        QTest::qWait(50);
    }
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonObject parseObject(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

int readPid(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return file.readAll().trimmed().toInt();
}

PortBlocker::PortBlocker(quint16 port)
{
    m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr = {};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    m_ok = ::bind(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
           ::listen(m_fd, 1) == 0;
}

PortBlocker::~PortBlocker()
{
    ::close(m_fd);
}

QList<qint64> standbyOwners(const QString &root)
{
    // Started ones show `supervise --store ROOT --standby`; forked ones (a submit's child,
    // retitled `supervise --standby`) find the store as their submit did, from TRAINYARD_HOME.
    const QByteArray encoded = QFile::encodeName(root);
    const QByteArray started =
        QByteArrayLiteral("supervise\0--store\0") + encoded + QByteArrayLiteral("\0--standby");
    const QByteArray forked = QByteArrayLiteral("\0supervise\0--standby\0");
    const QByteArray home = QByteArrayLiteral("\0TRAINYARD_HOME=") + encoded + '\0';
    QList<qint64> pids;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (!ok || !cmdline.open(QIODevice::ReadOnly))
            continue;
        const QByteArray title = cmdline.readAll();
        QFile environ(QStringLiteral("/proc/%1/environ").arg(entry));
        if (title.contains(started) ||
            (title.contains(forked) && environ.open(QIODevice::ReadOnly) &&
             QByteArray('\0' + environ.readAll()).contains(home)))
            pids.append(pid);
    }
    return pids;
}

qint64 residentKiB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (pid <= 0 || !status.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> lines = status.readAll().split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return 0;
}

} // namespace trainyard::testing
