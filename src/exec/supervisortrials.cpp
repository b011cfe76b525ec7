// SPDX-License-Identifier: MIT
// The Supervisor's hyperparameter tuning trials (rules in supervisor.h).
#include "exec/replicaprocess.h"
#include "exec/supervisor.h"
#include "metrics/extract.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <algorithm>

namespace trainyard::exec {

namespace {

using detail::note;
using store::JobStatus;

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("trainyard::exec", text, disambiguation, n);
}

QString describeValues(const TrialParameters &values)
{
    QStringList parts;
    for (const auto &[name, value] : values)
        parts << name + QLatin1Char('=') + value;
    return parts.join(QStringLiteral(", "));
}

// "Trial 2: <message>" for every failed trial, one per paragraph.
QString trialErrors(const QList<store::TrialState> &trials)
{
    QStringList lines;
    for (const store::TrialState &t : trials) {
        if (t.state == JobStatus::Failed)
            lines << tr("Trial %1: %2").arg(t.trialId, t.errorMessage);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

bool Supervisor::planTuning()
{
    const jobspec::HyperparameterSpec &hp = *m_job.trainingInput.hyperparameters;
    m_trials = planTrials(hp, m_jobId, m_settings.maxLocalTrials);
    if (!m_trials) {
        finishEarly(JobStatus::Failed, m_trials.error);
        return false;
    }
    for (const QString &line : std::as_const(m_trials.notes))
        note(line);
    store::TuningState tuning;
    tuning.hyperparameterMetricTag = hp.hyperparameterMetricTag.isEmpty()
                                         ? QStringLiteral("training/hptuning/metric")
                                         : hp.hyperparameterMetricTag;
    tuning.goal = hp.goal.isEmpty() ? QStringLiteral("MAXIMIZE") : hp.goal;
    tuning.maxTrials = m_trials.maxTrials;
    tuning.localTrials = int(m_trials.trials.size());
    m_state.tuning = tuning;
    return true;
}

QString Supervisor::trialId() const
{
    return isTuning() ? QString::number(m_trialIndex + 1) : QString();
}

bool Supervisor::startTrial(int index)
{
    m_trialIndex = index;
    const TrialParameters &values = m_trials.trials.at(index);
    store::TrialState trial;
    trial.trialId = trialId();
    for (const auto &[name, value] : values)
        trial.hyperparameters.insert(name, value);
    trial.state = JobStatus::Running;
    trial.startTime = QDateTime::currentDateTimeUtc();
    m_state.tuning->trials.append(trial);
    m_state.attempt = 0; // reruns count within a trial
    note(tr("Trial %1 of %2: %3")
             .arg(trial.trialId)
             .arg(m_trials.trials.size())
             .arg(describeValues(values)));
    if (const QString error = setUpReplicas(); !error.isEmpty()) {
        store::TrialState &current = m_state.tuning->trials.last();
        current.state = JobStatus::Failed;
        current.errorMessage = error;
        current.endTime = QDateTime::currentDateTimeUtc();
        finishEarly(JobStatus::Failed, error); // the same for every trial: stop here
        return false;
    }
    m_phase = Phase::Starting;
    startAll();
    return true;
}

std::optional<store::TrialMetric> Supervisor::readFinalMetric() const
{
    const Replica *primary = m_layout.primary();
    if (!primary)
        return std::nullopt;
    QFile file(metricFilePath(m_envOptions.metricsDirectory, *primary, trialId()));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QString tag = m_state.tuning->hyperparameterMetricTag;
    std::optional<store::TrialMetric> last;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const std::optional<metrics::HypertuneEntry> entry = metrics::parseHypertuneLine(line);
        if (!entry)
            continue;
        for (const metrics::MetricValue &value : entry->values) {
            if (value.name == tag)
                last = store::TrialMetric{qint64(entry->step), value.value};
        }
    }
    return last;
}

bool Supervisor::endTrial(JobStatus *outcome, QString *message)
{
    store::TuningState &tuning = *m_state.tuning;
    store::TrialState &trial = tuning.trials.last();
    trial.endTime = QDateTime::currentDateTimeUtc();
    trial.state = *outcome;
    // Only a trial that succeeded has a final metric (a failed one may have reported some).
    if (*outcome == JobStatus::Succeeded)
        trial.finalMetric = readFinalMetric();
    else
        trial.errorMessage = *message;
    if (*outcome == JobStatus::Succeeded)
        note(trial.finalMetric ? tr("Trial %1 SUCCEEDED: %2 = %3 at step %4")
                                     .arg(trial.trialId, tuning.hyperparameterMetricTag)
                                     .arg(trial.finalMetric->objectiveValue)
                                     .arg(trial.finalMetric->trainingStep)
                               : tr("Trial %1 SUCCEEDED without reporting %2.")
                                     .arg(trial.trialId, tuning.hyperparameterMetricTag));
    else
        note(tr("Trial %1 %2.").arg(trial.trialId, store::jobStatusName(*outcome)));
    if (*outcome == JobStatus::Cancelled)
        return true; // the job is CANCELLED with the same message

    const int succeeded = tuning.completedTrialCount();
    const int failed =
        int(std::count_if(tuning.trials.cbegin(), tuning.trials.cend(),
                          [](const store::TrialState &t) { return t.state == JobStatus::Failed; }));
    const qint64 maxFailed = m_job.trainingInput.hyperparameters->maxFailedTrials.value_or(0);
    if (maxFailed > 0 && failed >= maxFailed) {
        *outcome = JobStatus::Failed;
        *message = tr("%n trial(s) failed, as many as maxFailedTrials allows.", nullptr, failed) +
                   QLatin1Char('\n') + trialErrors(tuning.trials);
        return true;
    }
    if (maxFailed <= 0 && succeeded == 0) {
        *outcome = JobStatus::Failed;
        *message = tr("Every trial so far failed; no more trials are run (maxFailedTrials 0).") +
                   QLatin1Char('\n') + trialErrors(tuning.trials);
        return true;
    }
    if (m_trialIndex + 1 < m_trials.trials.size()) {
        if (m_cancelRequested || isCancelRequested(m_store, m_jobId)) {
            m_cancelRequested = true; // asked while the trial was ending: start no other
            *outcome = JobStatus::Cancelled;
            message->clear();
            return true;
        }
        writeState();
        startTrial(m_trialIndex + 1); // ends the job itself when the trial cannot start
        return false;
    }
    if (succeeded > 0) {
        *outcome = JobStatus::Succeeded;
        message->clear();
    } else {
        *outcome = JobStatus::Failed;
        *message = tr("Every trial failed.") + QLatin1Char('\n') + trialErrors(tuning.trials);
    }
    return true;
}

} // namespace trainyard::exec
