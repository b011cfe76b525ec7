// SPDX-License-Identifier: MIT
// The pre-start checks' findings as the CLI says them (jobactions/prestart.h): the core's
// message, then the remedies worded with the flags that choose them.
#include "cli/commands.h"
#include "cli/output.h"
#include "exec/gpuplacement.h"

#include <QCoreApplication>

namespace trainyard::cli {

namespace {

class Words
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

} // namespace

QString cliAdvice(const QList<jobactions::Remedy> &remedies)
{
    using jobactions::Remedy;
    QStringList sentences;
    // Both GPU choices in one sentence, as `jobs submit training` has always said them.
    if (remedies.contains(Remedy::RunOnCpu) && remedies.contains(Remedy::ShareGpus))
        sentences << exec::gpuRefusalAdvice();
    for (Remedy r : remedies) {
        switch (r) {
        case Remedy::RunOnCpu:
            if (!remedies.contains(Remedy::ShareGpus))
                sentences << Words::tr("Run it with --gpus=cpu to hide every GPU (NCCL needs a "
                                       "GPU per rank; the gloo backend runs on the CPU).");
            break;
        case Remedy::ShareGpus:
            if (!remedies.contains(Remedy::RunOnCpu))
                sentences << Words::tr("Run it with --gpus=shared to hand the GPUs out "
                                       "round-robin (NCCL refuses two ranks on one GPU).");
            break;
        case Remedy::ChoosePackageFolder:
            sentences << Words::tr("Give the trainer's package folder with --package-path, or "
                                   "as trainyardLocal.packagePath in the config (relative to "
                                   "the config's folder).");
            break;
        case Remedy::FreeSpace:
            sentences << Words::tr("Free some space on that disk, or delete old jobs (`trainyard "
                                   "jobs list`, then remove their folders), or set "
                                   "TRAINYARD_HOME to a store on another disk.");
            break;
        case Remedy::ChooseStartPort:
            sentences << Words::tr("Choose another first port with --start-port.");
            break;
        case Remedy::FixSpec:
            break; // the spec's own diagnostic says what would be valid
        }
    }
    return sentences.join(QLatin1Char(' '));
}

int printPreStart(const jobactions::PreStartReport &report, const QString &jobId)
{
    // The spec's findings are printed with their file positions by the caller.
    bool refused = false;
    for (const jobactions::PreStartDiagnostic &d : report.diagnostics) {
        if (d.isInSpec())
            continue;
        const QString advice = cliAdvice(d.remedies);
        const QString text = advice.isEmpty() ? d.message : d.message + QLatin1Char(' ') + advice;
        if (d.isError()) {
            refused = true;
            err() << sanitize(Words::tr("Job [%1] refused: %2").arg(jobId, text)) << '\n';
        } else {
            err() << sanitize(Words::tr("Note: %1").arg(text)) << '\n';
        }
    }
    if (!refused && report.gpuPlanMade) {
        const exec::JobGpuPlan &plan = report.gpuPlan;
        const QStringList notes = plan.notes();
        for (const QString &line : notes)
            err() << sanitize(Words::tr("Note: %1").arg(line)) << '\n';
        if (plan.asked() > 0 || plan.mode != exec::GpuMode::Auto) {
            const QStringList lines = plan.replicaLines();
            for (const QString &line : lines)
                err() << sanitize(Words::tr("GPUs: %1").arg(line)) << '\n';
        }
    }
    err().flush();
    return refused ? exitSpecErrors : -1;
}

} // namespace trainyard::cli
