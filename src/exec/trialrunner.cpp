// SPDX-License-Identifier: MIT
// Hyperparameter tuning trials in the job's owner (rules in trialrunner.h).
#include "exec/trialrunner.h"

#include "exec/owner.h"
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

QString describeValues(const service::TrialParameters &values)
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

TrialRunner::TrialRunner(ReplicaSetConfig base, QList<TrialSlot> trialSlots,
                         Containment *containment, QObject *parent)
    : QObject(parent)
    , m_base(std::move(base))
    , m_slots(std::move(trialSlots))
    , m_containment(containment)
    , m_sets(size_t(m_slots.size()), nullptr)
{}

bool TrialRunner::plan(QString *error)
{
    const jobspec::HyperparameterSpec &hp = *m_base.job.trainingInput.hyperparameters;
    m_plan = service::planTrials(hp, m_base.jobId, m_base.settings.maxLocalTrials);
    if (!m_plan) {
        *error = m_plan.error;
        return false;
    }
    for (const QString &line : std::as_const(m_plan.notes))
        note(line);
    m_tuning.hyperparameterMetricTag = hp.hyperparameterMetricTag.isEmpty()
                                           ? QStringLiteral("training/hptuning/metric")
                                           : hp.hyperparameterMetricTag;
    m_tuning.goal = hp.goal.isEmpty() ? QStringLiteral("MAXIMIZE") : hp.goal;
    m_tuning.maxTrials = m_plan.maxTrials;
    m_tuning.localTrials = int(m_plan.trials.size());
    return true;
}

void TrialRunner::start()
{
    fill();
}

QList<store::ReplicaState> TrialRunner::replicas() const
{
    QList<store::ReplicaState> all;
    for (const ReplicaSet *set : m_sets) {
        if (set)
            all += set->replicas();
    }
    return all;
}

int TrialRunner::attempt() const
{
    return m_lastStarted ? m_lastStarted->attempt() : 0;
}

QList<LiveReplica> TrialRunner::liveReplicas() const
{
    QList<LiveReplica> live;
    for (const ReplicaSet *set : m_sets) {
        if (set)
            live += set->liveReplicas();
    }
    return live;
}

bool TrialRunner::isActive() const
{
    return std::any_of(m_sets.cbegin(), m_sets.cend(),
                       [](const ReplicaSet *set) { return set && set->isActive(); });
}

void TrialRunner::poll()
{
    // A set may finish (and be replaced) inside its poll: walk a copy.
    const std::vector<ReplicaSet *> sets = m_sets;
    for (ReplicaSet *set : sets) {
        if (set && set->isStopping())
            set->poll();
    }
}

int TrialRunner::failedCount() const
{
    return int(
        std::count_if(m_tuning.trials.cbegin(), m_tuning.trials.cend(),
                      [](const store::TrialState &t) { return t.state == JobStatus::Failed; }));
}

bool TrialRunner::mayStartMore() const
{
    if (m_ending || m_next >= m_plan.trials.size())
        return false;
    if (m_base.cancelRequested && m_base.cancelRequested())
        return false;
    const qint64 maxFailed = m_base.job.trainingInput.hyperparameters->maxFailedTrials.value_or(0);
    // maxFailedTrials 0: no trial starts while every trial that ended has failed.
    return !(maxFailed <= 0 && failedCount() > 0 && m_tuning.completedTrialCount() == 0);
}

void TrialRunner::fill()
{
    for (int slot = 0; slot < int(m_sets.size()); ++slot) {
        if (m_sets[size_t(slot)] && m_sets[size_t(slot)]->isActive())
            continue;
        if (!mayStartMore())
            return;
        if (!startTrial(m_next++, slot))
            return;
    }
}

bool TrialRunner::startTrial(int index, int slot)
{
    const service::TrialParameters &values = m_plan.trials.at(index);
    store::TrialState trial;
    trial.trialId = QString::number(index + 1);
    for (const auto &[name, value] : values)
        trial.hyperparameters.insert(name, value);
    trial.state = JobStatus::Running;
    trial.startTime = QDateTime::currentDateTimeUtc();
    m_tuning.trials.append(trial);
    note(tr("Trial %1 of %2: %3")
             .arg(trial.trialId)
             .arg(m_plan.trials.size())
             .arg(describeValues(values)));

    ReplicaSetConfig config = m_base;
    config.layout = m_slots.at(slot).layout;
    config.extraEnvironment = m_slots.at(slot).extraEnvironment;
    config.options.trialId = trial.trialId;
    config.options.trialParameters = values;
    auto *set = new ReplicaSet(std::move(config), m_containment, this);
    if (const QString error = set->setUp(); !error.isEmpty()) {
        delete set;
        store::TrialState &current = m_tuning.trials.last();
        current.state = JobStatus::Failed;
        current.errorMessage = error;
        current.endTime = QDateTime::currentDateTimeUtc();
        note(error);
        endJob(JobStatus::Failed, error); // the same for every trial: stop here
        return false;
    }
    // The trial that ran here before has stopped; it may be inside a signal still.
    if (ReplicaSet *previous = m_sets[size_t(slot)]) {
        previous->disconnect(this);
        previous->deleteLater();
    }
    m_sets[size_t(slot)] = set;
    m_lastStarted = set;
    connect(set, &ReplicaSet::changed, this, &TrialRunner::changed);
    connect(set, &ReplicaSet::changedNow, this, &TrialRunner::changedNow);
    connect(set, &ReplicaSet::running, this, &TrialRunner::running);
    connect(set, &ReplicaSet::rerunning, this, &TrialRunner::rerunning);
    connect(set, &ReplicaSet::finished, this,
            [this, set](JobStatus outcome, const QString &message) {
                onTrialFinished(set, outcome, message);
            });
    set->start();
    return true;
}

std::optional<store::TrialMetric> TrialRunner::readFinalMetric(const ReplicaSet &set) const
{
    const service::Replica *primary = set.layout().primary();
    if (!primary)
        return std::nullopt;
    QFile file(metricFilePath(set.options().metricsDirectory, *primary, set.trialId()));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QString tag = m_tuning.hyperparameterMetricTag;
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

void TrialRunner::onTrialFinished(ReplicaSet *set, JobStatus outcome, const QString &message)
{
    auto trialIt =
        std::find_if(m_tuning.trials.begin(), m_tuning.trials.end(),
                     [set](const store::TrialState &t) { return t.trialId == set->trialId(); });
    if (trialIt == m_tuning.trials.end())
        return;
    store::TrialState &trial = *trialIt;
    trial.endTime = QDateTime::currentDateTimeUtc();
    trial.state = outcome;
    // Only a trial that succeeded has a final metric (a failed one may have reported some).
    if (outcome == JobStatus::Succeeded)
        trial.finalMetric = readFinalMetric(*set);
    else
        trial.errorMessage = message;
    if (outcome == JobStatus::Succeeded)
        note(trial.finalMetric ? tr("Trial %1 SUCCEEDED: %2 = %3 at step %4")
                                     .arg(trial.trialId, m_tuning.hyperparameterMetricTag)
                                     .arg(trial.finalMetric->objectiveValue)
                                     .arg(trial.finalMetric->trainingStep)
                               : tr("Trial %1 SUCCEEDED without reporting %2.")
                                     .arg(trial.trialId, m_tuning.hyperparameterMetricTag));
    else
        note(tr("Trial %1 %2.").arg(trial.trialId, store::jobStatusName(outcome)));

    if (m_ending) {
        finishWhenIdle();
        return;
    }
    if (outcome == JobStatus::Cancelled) {
        endJob(JobStatus::Cancelled, message); // the job is CANCELLED with the same message
        return;
    }
    const int failed = failedCount();
    const qint64 maxFailed = m_base.job.trainingInput.hyperparameters->maxFailedTrials.value_or(0);
    if (maxFailed > 0 && failed >= maxFailed) {
        endJob(JobStatus::Failed,
               tr("%n trial(s) failed, as many as maxFailedTrials allows.", nullptr, failed) +
                   QLatin1Char('\n') + trialErrors(m_tuning.trials));
        return;
    }
    const bool moreToRun = m_next < m_plan.trials.size() || isActive();
    if (moreToRun && m_base.cancelRequested && m_base.cancelRequested()) {
        endJob(JobStatus::Cancelled, QString()); // asked while the trial was ending
        return;
    }
    Q_EMIT changedNow();
    fill();
    if (m_ending || isActive())
        return;
    // Nothing runs and nothing more may start.
    if (maxFailed <= 0 && m_tuning.completedTrialCount() == 0) {
        endJob(JobStatus::Failed,
               tr("Every trial so far failed; no more trials are run (maxFailedTrials 0).") +
                   QLatin1Char('\n') + trialErrors(m_tuning.trials));
    } else if (m_tuning.completedTrialCount() > 0) {
        endJob(JobStatus::Succeeded, QString());
    } else {
        endJob(JobStatus::Failed,
               tr("Every trial failed.") + QLatin1Char('\n') + trialErrors(m_tuning.trials));
    }
}

void TrialRunner::stop(JobStatus outcome, const QString &errorMessage)
{
    endJob(outcome, errorMessage);
}

void TrialRunner::endJob(JobStatus outcome, const QString &message)
{
    if (m_ending)
        return;
    m_ending = true;
    m_endOutcome = outcome;
    m_endMessage = message;
    // Trials still running are stopped: the message says why when the job fails.
    const std::vector<ReplicaSet *> sets = m_sets;
    for (ReplicaSet *set : sets) {
        if (set && set->isActive())
            set->stop(JobStatus::Cancelled, outcome == JobStatus::Cancelled ? message : QString());
    }
    finishWhenIdle();
}

void TrialRunner::finishWhenIdle()
{
    if (m_finished || isActive())
        return;
    m_finished = true;
    Q_EMIT finished(m_endOutcome, m_endOutcome == JobStatus::Succeeded ? QString() : m_endMessage);
}

QString TrialRunner::rehearse(const QString &logName, RehearsalEvent event)
{
    for (ReplicaSet *set : m_sets) {
        if (set != nullptr && set->isActive() && set->replicaIndex(logName) >= 0)
            return set->rehearse(logName, event);
    }
    return QCoreApplication::translate("trainyard::exec",
                                       "There is no running replica %1 in this job.")
        .arg(logName);
}

} // namespace trainyard::exec
