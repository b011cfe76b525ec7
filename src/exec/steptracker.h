// SPDX-License-Identifier: MIT
// The steps one replica reports in its output, for the restart records (store::RestartRecord):
// the last step before a restart and the first one after it say whether the trainer resumed from
// a checkpoint or started over.
//
// A step is an explicit one on a metric line, as the metric extraction reads it (step=,
// global_step=, "step": in a dict or JSON line, a bar's postfix; metrics/extract.h): counted
// positions (a progress bar's n, a point's index) say nothing about resuming. A global_step on
// the line wins over its step (a worker of parameter servers counts its own steps from 0). The
// owner feeds it every stored line on its capture thread, so a line without the bytes "step" costs
// one memmem.
#pragma once

#include "metrics/extract.h"

#include <QtGlobal>
#include <optional>

namespace trainyard::exec {

class StepTracker
{
public:
    // One stored line (no line end). True when it reported a step.
    bool addLine(const char *data, qsizetype size);
    void addStep(qint64 step);

    // The run restarted: later steps are the new run's.
    void restarted();

    std::optional<qint64> firstStep() const { return m_first; }           // of all runs
    std::optional<qint64> lastStep() const { return m_last; }             // of all runs
    std::optional<qint64> firstStepOfRun() const { return m_firstOfRun; } // since restarted()

private:
    std::optional<qint64> m_first;
    std::optional<qint64> m_last;
    std::optional<qint64> m_firstOfRun;
    metrics::LineScan m_scan;
};

} // namespace trainyard::exec
