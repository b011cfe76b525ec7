// SPDX-License-Identifier: MIT
// `trainyard local gpus`: this machine's GPUs as the local runs see them.
#include "cli/commands.h"
#include "cli/output.h"
#include "gpu/gpusampler.h"

#include <QCoreApplication>

namespace trainyard::cli {

namespace {

class Gpus
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

} // namespace

QString localGpusHelp()
{
    return Gpus::tr("Usage: trainyard local gpus\n"
                    "\n"
                    "Lists this machine's NVIDIA GPUs as the local runs see them (NVML, "
                    "libnvidia-ml.so.1): index, name, UUID and memory. A machine without the "
                    "library or without a GPU has none; that is not an error.\n");
}

int runLocalGpus(const QStringList &args)
{
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        out() << localGpusHelp();
        out().flush();
        return exitOk;
    }
    if (!args.isEmpty())
        return usageError(QStringLiteral("local gpus"),
                          Gpus::tr("unexpected argument '%1'").arg(args.first()));
    const gpu::GpuInventory inventory = gpu::readInventory();
    if (!inventory.hasGpus()) {
        out() << sanitize(Gpus::tr("No GPU: %1").arg(inventory.unavailableReason)) << '\n';
        out().flush();
        return exitOk;
    }
    // gcloud-style table: upper-case headers, columns padded to their widest cell.
    QList<QStringList> rows{{QStringLiteral("INDEX"), QStringLiteral("NAME"),
                             QStringLiteral("UUID"), QStringLiteral("MEMORY")}};
    for (const gpu::GpuInfo &g : inventory.gpus)
        rows << QStringList{QString::number(g.index), sanitize(g.name), sanitize(g.uuid),
                            QStringLiteral("%1 MiB").arg(g.memoryTotalMiB())};
    QList<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList &row : std::as_const(rows)) {
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[c] = qMax(widths[c], row.at(c).size());
    }
    for (const QStringList &row : std::as_const(rows)) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c)
            line += c + 1 < row.size() ? row.at(c).leftJustified(widths[c] + 2) : row.at(c);
        out() << line << '\n';
    }
    if (!inventory.driverVersion.isEmpty())
        out() << Gpus::tr("Driver %1").arg(sanitize(inventory.driverVersion)) << '\n';
    out().flush();
    return exitOk;
}

} // namespace trainyard::cli
