// SPDX-License-Identifier: MIT
// `trainyard_jobs_harness local|jobs|supervise ...`: the job commands of the CLI without the
// rest of the application. The owner process it starts is this same program.
#include "cli/jobcommands.h"
#include "cloud/commands/cloudcommands.h"
#include "exec/ownerstandby.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    // The identity first: a forked owner finds the same store as its CLI.
    QCoreApplication::setApplicationName(QStringLiteral("trainyard"));
    trainyard::cli::installCloud(); // cloud jobs' describe, stream-logs, cancel; secrets
    const bool standby = trainyard::exec::OwnerStandby::forkForSubmit(argc, argv);
    QCoreApplication app(argc, argv);
    if (standby)
        return trainyard::exec::runStandbyOwner(trainyard::store::JobStore());
    const QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty())
        return 2;
    const QString command = args.first();
    if (command == QLatin1String("local"))
        return trainyard::cli::runLocal(args.mid(1));
    if (command == QLatin1String("jobs"))
        return trainyard::cli::runJobs(args.mid(1));
    if (command == QLatin1String("supervise"))
        return trainyard::cli::runSupervise(args.mid(1));
    return 2;
}
