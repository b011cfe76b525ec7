// SPDX-License-Identifier: MIT
#include "jobs/startchoice.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QPushButton>

namespace trainyard::ui::jobs {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::ui::jobs", text);
}

} // namespace

QStringList windowAdvice(const QList<jobactions::Remedy> &remedies, StartFace face)
{
    using jobactions::Remedy;
    const bool wizard = face == StartFace::Wizard;
    QStringList out;
    if (remedies.contains(Remedy::RunOnCpu) || remedies.contains(Remedy::ShareGpus))
        out << (wizard ? tr("Run it on the CPU (every GPU hidden: NCCL needs a GPU per rank, the "
                            "gloo backend runs on the CPU) or share the GPUs (handed out "
                            "round-robin: NCCL refuses two ranks on one GPU): choose under GPUs "
                            "for a local run, or when Run locally asks.")
                       : tr("Run it on the CPU (every GPU hidden: NCCL needs a GPU per rank, the "
                            "gloo backend runs on the CPU) or share the GPUs (handed out "
                            "round-robin: NCCL refuses two ranks on one GPU)."));
    for (Remedy r : remedies) {
        switch (r) {
        case Remedy::ChoosePackageFolder:
            out << (wizard ? tr("Choose the package directory on the Trainer page.")
                           : tr("Clone the job into the wizard (Job > Clone into wizard) and "
                                "choose its package directory on the Trainer page."));
            break;
        case Remedy::FixSpec:
            if (!wizard)
                out << tr("Clone the job into the wizard (Job > Clone into wizard) to change "
                          "it.");
            break;
        case Remedy::FreeSpace:
            out << tr("Free some space on that disk, or delete old jobs (Job > Delete job).");
            break;
        case Remedy::ChooseStartPort:
            out << tr("Choose another start port in Settings > Local runs.");
            break;
        case Remedy::RunOnCpu:
        case Remedy::ShareGpus:
            break; // said above, once
        }
    }
    out.removeDuplicates();
    return out;
}

QString refusalText(const QString &jobId, const jobactions::PreStartReport &report, StartFace face)
{
    QStringList lines{tr("The job %1 cannot start on this machine:").arg(jobId)};
    for (const jobactions::PreStartDiagnostic &d : report.errors()) {
        lines << (d.field.isEmpty() || d.field == QLatin1String("gpus") ||
                          d.field == QLatin1String("store") || d.field == QLatin1String("startPort")
                      ? tr("• %1").arg(d.message)
                      : tr("• %1: %2").arg(d.field, d.message));
    }
    lines << windowAdvice(report.remedies(), face);
    return lines.join(QLatin1Char('\n'));
}

bool offersGpuChoice(const jobactions::PreStartReport &report)
{
    const QList<jobactions::PreStartDiagnostic> errors = report.errors();
    return !errors.isEmpty() &&
           std::all_of(errors.cbegin(), errors.cend(), [](const jobactions::PreStartDiagnostic &d) {
               return d.remedies.contains(jobactions::Remedy::RunOnCpu) ||
                      d.remedies.contains(jobactions::Remedy::ShareGpus);
           });
}

QMessageBox *openStartChoice(QWidget *parent, const QString &jobId,
                             const jobactions::PreStartReport &report, StartFace face,
                             std::function<void(exec::GpuMode)> pick)
{
    QStringList reasons{tr("The job %1 asks for more GPUs than this machine has.").arg(jobId),
                        QString()};
    for (const jobactions::PreStartDiagnostic &d : report.errors())
        reasons << d.message;
    reasons << QString()
            << tr("Run on the CPU hides every GPU (NCCL needs a GPU per rank; the gloo backend "
                  "runs on the CPU). Share the GPUs hands them out round-robin (NCCL refuses two "
                  "ranks on one GPU).");
    if (face == StartFace::Wizard)
        reasons << tr("The choice stays under GPUs for a local run on the Review page.");
    // One plain text: job IDs and paths are the user's, never markup.
    auto *box = new QMessageBox(QMessageBox::Question, tr("Run %1 on this machine").arg(jobId),
                                reasons.join(QLatin1Char('\n')), QMessageBox::NoButton, parent);
    box->setObjectName(QStringLiteral("startChoice"));
    box->setTextFormat(Qt::PlainText);
    QPushButton *cpu = nullptr;
    QPushButton *shared = nullptr;
    if (report.offers(jobactions::Remedy::RunOnCpu)) {
        cpu = box->addButton(tr("Run on the &CPU"), QMessageBox::AcceptRole);
        cpu->setObjectName(QStringLiteral("runOnCpu"));
    }
    if (report.offers(jobactions::Remedy::ShareGpus)) {
        shared = box->addButton(tr("&Share the GPUs"), QMessageBox::AcceptRole);
        shared->setObjectName(QStringLiteral("shareGpus"));
    }
    QPushButton *cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(cpu ? cpu : cancel);
    box->setEscapeButton(cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::buttonClicked, box,
                     [cpu, shared, pick = std::move(pick)](QAbstractButton *b) {
                         if (b && b == cpu)
                             pick(exec::GpuMode::Cpu);
                         else if (b && b == shared)
                             pick(exec::GpuMode::Shared);
                     });
    box->open();
    return box;
}

} // namespace trainyard::ui::jobs
