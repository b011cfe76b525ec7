// SPDX-License-Identifier: MIT
// The owner process's main loop and how consoles start it (see owner.h).
#include "exec/companion.h"
#include "exec/containment.h"
#include "exec/owner.h"
#include "jobspec/yamlio.h"
#include "secrets/references.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <signal.h>
#include <unistd.h>

namespace trainyard::exec {

namespace {

volatile std::sig_atomic_t g_stopSignal = 0;

extern "C" void onStopSignal(int signal)
{
    g_stopSignal = signal;
}

void installStopHandlers()
{
    struct sigaction action = {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int signal : {SIGTERM, SIGINT, SIGHUP})
        ::sigaction(signal, &action, nullptr);
    ::signal(SIGPIPE, SIG_IGN);
}

// A job that reads secrets needs the keychain, which a program on trainyard_core alone
// (`trainyard`) lacks: its owner becomes `trainyard-cloud supervise --store ROOT JOB_ID` by an
// exec, the same process (pid, start time, session, descriptors) whoever started it knows.
// Returns only when there is nothing to hand over or the exec failed (the job then fails in
// Owner::prepare, saying so).
void handOverForSecrets(const store::JobStore &store, const QString &jobId)
{
    if (secrets::blockingResolver())
        return;
    QByteArray yaml;
    if (!store.readConfig(jobId, &yaml) || !yaml.contains("secret"))
        return;
    const jobspec::ImportResult imported = jobspec::importJob(yaml, QStringLiteral("config.yaml"));
    if (!imported.ok() || secrets::secretReferences(imported.job).isEmpty())
        return;
    const std::string program = companionProgram(CloudProgramName);
    if (program.empty()) {
        detail::note(QCoreApplication::translate("trainyard::exec",
                                                 "Cannot find %1 to read the job's secrets: the "
                                                 "folder of this program is not known")
                         .arg(QLatin1String(CloudProgramName)));
        return;
    }
    const QByteArray root = QFile::encodeName(store.root());
    const QByteArray id = QFile::encodeName(jobId);
    const char *const argv[] = {program.c_str(),  "supervise",    "--store",
                                root.constData(), id.constData(), nullptr};
    ::execv(program.c_str(), const_cast<char *const *>(argv));
    const int error = errno;
    detail::note(
        QCoreApplication::translate("trainyard::exec",
                                    "Cannot start %1 to read the job's secrets: %2")
            .arg(QFile::decodeName(program.c_str()), QString::fromLocal8Bit(std::strerror(error))));
}

} // namespace

int runOwner(const store::JobStore &store, const QString &jobId)
{
    handOverForSecrets(store, jobId);
    ::setsid(); // no controlling terminal: a console's Ctrl-C or hang-up never reaches us
    installStopHandlers();
    // Orphaned descendants (daemons in sessions of their own) are re-parented to us, so the job
    // can find and end them (containment.h).
    if (!becomeChildSubreaper())
        detail::note(QCoreApplication::translate(
            "trainyard::exec", "Cannot become a child subreaper; processes that leave their "
                               "replica's session may outlive the job."));
    Owner owner(store, jobId);
    QEventLoop loop;
    int exitCode = 3;
    QObject::connect(&owner, &Owner::finished, &loop, [&](int code) {
        exitCode = code;
        loop.quit();
    });
    QTimer signalPoll;
    signalPoll.setInterval(50);
    QObject::connect(&signalPoll, &QTimer::timeout, &owner, [&owner] {
        if (g_stopSignal != 0)
            owner.cancel();
    });
    signalPoll.start();
    QTimer::singleShot(0, &owner, &Owner::start);
    loop.exec();
    return exitCode;
}

qint64 startOwner(const store::JobStore &store, const QString &jobId, const QString &program,
                  QString *error)
{
    const QString log = store.jobDir(jobId) + QStringLiteral("/owner.log");
    QProcess process;
    process.setProgram(program);
    process.setArguments(
        {QStringLiteral("supervise"), QStringLiteral("--store"), store.root(), jobId});
    process.setWorkingDirectory(store.jobDir(jobId));
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(log, QIODevice::Append);
    process.setStandardErrorFile(log, QIODevice::Append);
    qint64 pid = 0;
    if (!process.startDetached(&pid)) {
        if (error) {
            *error = QCoreApplication::translate("trainyard::Owner",
                                                 "Cannot start the job's owner process %1: %2")
                         .arg(program, process.errorString());
        }
        return 0;
    }
    return pid;
}

} // namespace trainyard::exec
