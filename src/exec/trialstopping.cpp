// SPDX-License-Identifier: MIT
// enableTrialEarlyStopping in the owner: the running trials judged by the median stopping rule
// (service/tuning/earlystopping.h) and stopped as a cancel stops them (rules in trialrunner.h).
#include "exec/owner.h"
#include "exec/trialrunner.h"

#include <QCoreApplication>
#include <QLocale>

namespace trainyard::exec {

QList<service::tuning::Curve> TrialRunner::completedCurves() const
{
    QList<service::tuning::Curve> curves = m_resumedCurves;
    for (const store::TrialState &t : m_tuning.trials) {
        if (t.state == store::JobStatus::Succeeded && !t.isTrialStoppedEarly &&
            !m_curves.value(t.trialId).isEmpty())
            curves.append(m_curves.value(t.trialId));
    }
    return curves;
}

void TrialRunner::checkEarlyStopping()
{
    const QList<service::tuning::Curve> completed = completedCurves();
    if (completed.size() < service::tuning::MinCompletedTrials)
        return;
    const bool minimize = m_tuning.goal == QLatin1String("MINIMIZE");
    const std::vector<ReplicaSet *> sets = m_sets;
    for (ReplicaSet *set : sets) {
        if (!set || !set->isActive() || set->isStopping() ||
            m_stoppingEarly.contains(set->trialId()))
            continue;
        service::tuning::Curve &curve = m_curves[set->trialId()];
        service::tuning::mergeReports(&curve, readCurve(*set));
        const service::tuning::StoppingVerdict verdict =
            service::tuning::medianStoppingRule(curve, completed, minimize);
        if (!verdict.stop)
            continue;
        m_stoppingEarly.insert(set->trialId());
        detail::note(
            QCoreApplication::translate(
                "trainyard::exec",
                "Trial %1 is stopped early at step %2: its best %3 so far, %4, is %5 the median "
                "%6 of the running averages of %7 completed trials up to that step (the median "
                "stopping rule). SIGTERM, then SIGKILL after the grace period.")
                .arg(set->trialId())
                .arg(verdict.step)
                .arg(m_tuning.hyperparameterMetricTag, QLocale::c().toString(verdict.best, 'g', 6),
                     minimize ? QCoreApplication::translate("trainyard::exec", "above")
                              : QCoreApplication::translate("trainyard::exec", "below"),
                     QLocale::c().toString(verdict.median, 'g', 6))
                .arg(verdict.compared));
        set->stop(store::JobStatus::Succeeded, QString());
        Q_EMIT changedNow();
    }
}

} // namespace trainyard::exec
