// SPDX-License-Identifier: MIT
// A refused start in the window's words (jobactions::PreStartReport): each finding's message as
// the core gives it, and what to do with the window's controls (never a CLI flag). When the
// refusal offers the GPU choice, openStartChoice() asks: run on the CPU, share the GPUs, or
// cancel; the wizard and the console start again with the mode picked.
#pragma once

#include "exec/runsettings.h"
#include "jobactions/prestart.h"

#include <QString>
#include <functional>

class QMessageBox;
class QWidget;

namespace trainyard::ui::jobs {

// Where the user is: the words name the controls there.
enum class StartFace {
    Wizard,  // the Review page, its GPU choice; the Trainer page
    Console, // Run again: the job list, Clone into wizard
};

// The remedies in the window's words, one sentence each.
QStringList windowAdvice(const QList<jobactions::Remedy> &remedies, StartFace face);
// "The job ID cannot start on this machine:" and a "• FIELD: MESSAGE" line per error, then the
// window's advice; plain text.
QString refusalText(const QString &jobId, const jobactions::PreStartReport &report, StartFace face);

// Whether the refusal is one the GPU choice settles (too few GPUs and nothing else).
bool offersGpuChoice(const jobactions::PreStartReport &report);
// Opens the choice (window-modal, objectName "startChoice", deleted when closed) with the
// reasons; `pick` gets exec::GpuMode::Cpu or ::Shared, and is not called on Cancel.
QMessageBox *openStartChoice(QWidget *parent, const QString &jobId,
                             const jobactions::PreStartReport &report, StartFace face,
                             std::function<void(exec::GpuMode)> pick);

} // namespace trainyard::ui::jobs
