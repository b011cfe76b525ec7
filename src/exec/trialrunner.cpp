// SPDX-License-Identifier: MIT
// Hyperparameter tuning trials in the job's owner (rules in trialrunner.h).
#include "exec/trialrunner.h"

#include "exec/owner.h"
#include "exec/resumecheck.h"
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

// The reports of `tag` in a hypertune metric file, in the file's order.
QList<service::tuning::Report> reportsInFile(const QString &path, const QString &tag)
{
    QList<service::tuning::Report> reports;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return reports;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const std::optional<metrics::HypertuneEntry> entry = metrics::parseHypertuneLine(line);
        if (!entry)
            continue;
        for (const metrics::MetricValue &value : entry->values) {
            if (value.name == tag)
                reports.append({qint64(entry->step), value.value});
        }
    }
    return reports;
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
    m_tuning.hyperparameterMetricTag = hp.hyperparameterMetricTag.isEmpty()
                                           ? QStringLiteral("training/hptuning/metric")
                                           : hp.hyperparameterMetricTag;
    m_tuning.goal = hp.goal.isEmpty() ? QStringLiteral("MAXIMIZE") : hp.goal;
    QList<service::TrialParameters> tried;
    if (!hp.resumePreviousJobId.isEmpty() && !readResumedStudy(&tried, error))
        return false;
    m_plan = service::planTrials(hp, m_base.jobId, m_base.settings.maxLocalTrials, tried);
    if (!m_plan) {
        *error = m_plan.error;
        return false;
    }
    for (const QString &line : std::as_const(m_plan.notes))
        note(line);
    m_suggester = std::make_unique<service::TrialSuggester>(hp, m_base.jobId, m_plan);
    m_earlyStopping = hp.enableTrialEarlyStopping.value_or(false);
    if (m_earlyStopping)
        note(tr("Early stopping: the median stopping rule judges each running trial's reports "
                "against the completed trials' (at least %1 of them, after %2 reports).")
                 .arg(service::tuning::MinCompletedTrials)
                 .arg(service::tuning::MinReports));
    m_tuning.maxTrials = m_plan.maxTrials;
    m_tuning.localTrials = m_plan.count;
    return true;
}

service::TrialParameters TrialRunner::inSpecOrder(const QMap<QString, QString> &values) const
{
    service::TrialParameters out;
    for (const jobspec::ParameterSpec &p : m_base.job.trainingInput.hyperparameters->params) {
        if (values.contains(p.parameterName))
            out.append({p.parameterName, values.value(p.parameterName)});
    }
    return out;
}

bool TrialRunner::readResumedStudy(QList<service::TrialParameters> *tried, QString *error)
{
    const PreviousStudy previous = readPreviousStudy(m_base.store, m_base.job);
    if (!previous) {
        *error = tr("resumePreviousJobId: %1 cannot be resumed: %2.")
                     .arg(previous.jobId, previous.errorMessage);
        return false;
    }
    m_firstTrialNumber = previous.lastTrialId() + 1;
    const service::Replica *primary = m_slots.constFirst().layout.primary();
    for (const store::TrialState &t : previous.trials) {
        const service::TrialParameters values = inSpecOrder(t.hyperparameters);
        tried->append(values);
        if (t.state == JobStatus::Succeeded && t.finalMetric)
            m_resumedObservations.append({values, t.finalMetric->objectiveValue});
        else if (t.state == JobStatus::Failed)
            m_resumedObservations.append({values, std::nullopt});
        if (primary && t.state == JobStatus::Succeeded && !t.isTrialStoppedEarly) {
            // Its reports, for early stopping, where its hypertune file is still there.
            service::tuning::Curve curve;
            service::tuning::mergeReports(
                &curve,
                reportsInFile(m_base.store.hypertuneMetricPath(
                                  previous.jobId, store::trialLogName(primary->name, t.trialId)),
                              m_tuning.hyperparameterMetricTag));
            if (!curve.isEmpty())
                m_resumedCurves.append(curve);
        }
    }
    m_tuning.resumedJobId = previous.jobId;
    m_tuning.resumedTrials = int(previous.trials.size());
    note(tr("Resuming the study of %1: %2 of its %3 trials are observations; this job's trials "
            "are numbered from %4.")
             .arg(previous.jobId)
             .arg(m_resumedObservations.size())
             .arg(previous.trials.size())
             .arg(m_firstTrialNumber));
    return true;
}

QList<service::tuning::Observation> TrialRunner::observations() const
{
    QList<service::tuning::Observation> out = m_resumedObservations;
    for (const store::TrialState &t : m_tuning.trials) {
        if (t.state == JobStatus::Succeeded && t.finalMetric)
            out.append({inSpecOrder(t.hyperparameters), t.finalMetric->objectiveValue});
        else if (t.state == JobStatus::Failed)
            out.append({inSpecOrder(t.hyperparameters), std::nullopt});
    }
    return out;
}

QList<service::TrialParameters> TrialRunner::pendingValues() const
{
    QList<service::TrialParameters> out;
    for (const store::TrialState &t : m_tuning.trials) {
        if (t.state == JobStatus::Running)
            out.append(inSpecOrder(t.hyperparameters));
    }
    return out;
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
    if (m_earlyStopping && !m_ending && ++m_pollCount % 5 == 0)
        checkEarlyStopping();
}

int TrialRunner::failedCount() const
{
    return int(
        std::count_if(m_tuning.trials.cbegin(), m_tuning.trials.cend(),
                      [](const store::TrialState &t) { return t.state == JobStatus::Failed; }));
}

bool TrialRunner::mayStartMore() const
{
    if (m_ending || m_next >= m_plan.count)
        return false;
    return !(m_base.cancelRequested && m_base.cancelRequested());
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
    const int number = m_firstTrialNumber + index;
    const service::TrialParameters values =
        m_suggester->next(index, number, observations(), pendingValues());
    store::TrialState trial;
    trial.trialId = QString::number(number);
    for (const auto &[name, value] : values)
        trial.hyperparameters.insert(name, value);
    trial.state = JobStatus::Running;
    trial.startTime = QDateTime::currentDateTimeUtc();
    m_tuning.trials.append(trial);
    const QString reason = m_suggester->lastReason();
    note(
        tr("Trial %1 (%2 of %3): %4")
            .arg(trial.trialId)
            .arg(index + 1)
            .arg(m_plan.count)
            .arg(describeValues(values)) +
        (reason.isEmpty() ? QString() : QString(QStringLiteral(" (") + reason + QLatin1Char(')'))));

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
    const QList<service::tuning::Report> reports =
        reportsInFile(metricFilePath(set.options().metricsDirectory, *primary, set.trialId()),
                      m_tuning.hyperparameterMetricTag);
    if (reports.isEmpty())
        return std::nullopt;
    return store::TrialMetric{reports.constLast().step, reports.constLast().value};
}

service::tuning::Curve TrialRunner::readCurve(const ReplicaSet &set) const
{
    service::tuning::Curve curve;
    if (const service::Replica *primary = set.layout().primary())
        service::tuning::mergeReports(
            &curve,
            reportsInFile(metricFilePath(set.options().metricsDirectory, *primary, set.trialId()),
                          m_tuning.hyperparameterMetricTag));
    return curve;
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
    if (m_stoppingEarly.contains(trial.trialId) && outcome != JobStatus::Cancelled) {
        outcome = JobStatus::Succeeded; // stopped by the rule, whatever the trainer exited with
        trial.isTrialStoppedEarly = true;
    }
    trial.state = outcome;
    // Only a trial that succeeded has a final metric (a failed one may have reported some).
    if (outcome == JobStatus::Succeeded) {
        trial.finalMetric = readFinalMetric(*set);
        service::tuning::mergeReports(&m_curves[trial.trialId], readCurve(*set));
    } else {
        trial.errorMessage = message;
    }
    if (trial.isTrialStoppedEarly)
        note(tr("Trial %1 stopped early: its final metric is its last report, %2 = %3 at step "
                "%4.")
                 .arg(trial.trialId, m_tuning.hyperparameterMetricTag)
                 .arg(trial.finalMetric ? trial.finalMetric->objectiveValue : 0)
                 .arg(trial.finalMetric ? trial.finalMetric->trainingStep : 0));
    else if (outcome == JobStatus::Succeeded)
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
    const QString verdict = service::failedTrialsVerdict(
        m_base.job.trainingInput.hyperparameters->maxFailedTrials,
        outcome == JobStatus::Failed && trial.trialId == QString::number(m_firstTrialNumber),
        failedCount(), m_tuning.completedTrialCount());
    if (!verdict.isEmpty()) {
        endJob(JobStatus::Failed, verdict + QLatin1Char('\n') + trialErrors(m_tuning.trials));
        return;
    }
    const bool moreToRun = m_next < m_plan.count || isActive();
    if (moreToRun && m_base.cancelRequested && m_base.cancelRequested()) {
        endJob(JobStatus::Cancelled, QString()); // asked while the trial was ending
        return;
    }
    Q_EMIT changedNow();
    fill();
    if (m_ending || isActive())
        return;
    // Nothing runs and nothing more may start.
    if (m_tuning.completedTrialCount() > 0) {
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
