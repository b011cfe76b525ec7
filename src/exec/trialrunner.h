// SPDX-License-Identifier: MIT
// The trials of a hyperparameter tuning job in its owner: plans them (service::planTrials) and
// runs each as a ReplicaSet of its own, up to one per slot at a time.
//
// Slots: the owner gives the runner one slot per trial that may run at once (maxParallelTrials,
// as far as the machine can hold them: see parallelTrialSlots() in gpuplacement.h). A slot has
// its own ports and its own GPUs, so trials running side by side never share either; the next
// trial starts in the slot of the one that ended.
//
// Trial n (1-based) gets TF_CONFIG task.trial "n", CLOUD_ML_TRIAL_ID, its --name=value
// arguments, AIP_* dirs under <jobDir>/n/, and logs and hypertune files named
// <replica>.trial-<n>, so none is overwritten and trials can interleave.
//
// Rules:
//  - A trial's values are asked for when it starts (service::TrialSuggester): with
//    ALGORITHM_UNSPECIFIED they depend on the trials that ended (their final metrics) and on
//    those running beside it (pending).
//  - Within a trial the replica set's rules apply (restarts, reruns); the set failing is a
//    FAILED trial, the primary exiting 0 a SUCCEEDED one whose final metric is the last report of
//    the metric tag in the primary's hypertune file.
//  - enableTrialEarlyStopping: every half second the running trials' reports are read from
//    their primaries' hypertune files and judged by the median stopping rule
//    (service/tuning/earlystopping.h) against the trials that ran to their end; a trial it
//    stops gets SIGTERM, the grace period, SIGKILL, as a cancel, and ends SUCCEEDED with
//    isTrialStoppedEarly and its last report as final metric (trialstopping.cpp).
//  - Failed trials end the job as service::failedTrialsVerdict() says (maxFailedTrials, or the
//    service's rule when it is unset: at once when the first trial fails); trials still running
//    are then stopped (CANCELLED).
//  - resumePreviousJobId: the previous job's trials (exec/resumecheck.h) are observations from
//    the start, and this job's trial IDs continue after its last one.
//  - After the last trial the job SUCCEEDS when a trial succeeded, else it FAILS naming the
//    trials' errors. Cancel (or maxRunningTime) stops every running trial: they and the job are
//    CANCELLED.
#pragma once

#include "exec/replicaset.h"
#include "service/trials.h"
#include "service/tuning/earlystopping.h"
#include "store/jobstate.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <memory>
#include <vector>

namespace trainyard::exec {

// Where a trial runs: its ports, and what its replicas add to their environment (GPUs).
struct TrialSlot
{
    service::ClusterLayout layout;                                   // with the slot's ports
    QHash<QString, QList<QPair<QString, QString>>> extraEnvironment; // by replica name
};

class TrialRunner : public QObject
{
    Q_OBJECT

public:
    // `base`: what every trial's replica set is made from (layout and extra environment come
    // from the slot, the trial ID and values from the plan). `trialSlots` must not be empty.
    TrialRunner(ReplicaSetConfig base, QList<TrialSlot> trialSlots, Containment *containment,
                QObject *parent = nullptr);

    // Plans the trials; false with *error when none can run. Notes go to the owner's log.
    bool plan(QString *error);
    // Starts as many trials as there are slots.
    void start();
    // The job stops (cancel, maxRunningTime): every running trial ends with this outcome.
    void stop(store::JobStatus outcome, const QString &errorMessage);
    void poll();

    const store::TuningState &tuning() const { return m_tuning; }
    const service::TrialPlan &trialPlan() const { return m_plan; }
    int slotCount() const { return int(m_slots.size()); }
    // The replicas of the trials running now (or last run in each slot), slot by slot.
    QList<store::ReplicaState> replicas() const;
    int attempt() const; // of the trial started last
    QList<LiveReplica> liveReplicas() const;
    bool isActive() const;
    // ReplicaSet::rehearse() on the running trial that has this replica ("worker-0.trial-2").
    QString rehearse(const QString &logName, RehearsalEvent event);

Q_SIGNALS:
    void changed();
    void changedNow();
    void running();   // a trial's replicas have all started
    void rerunning(); // a trial is rerun
    // The job's outcome; the message is empty for SUCCEEDED and a user's cancel.
    void finished(store::JobStatus outcome, const QString &errorMessage);

private:
    // Starts trials while a slot is free, trials are left and the rules allow.
    void fill();
    bool mayStartMore() const;
    // Starts trial `index` (0-based) in `slot`; false when it cannot start (the job ends).
    bool startTrial(int index, int slot);
    void onTrialFinished(ReplicaSet *set, store::JobStatus outcome, const QString &message);
    // The job ends with this outcome once no trial runs; running trials are stopped.
    void endJob(store::JobStatus outcome, const QString &message);
    // Emits finished() when the job is ending (or every trial has run) and no trial runs.
    void finishWhenIdle();
    std::optional<store::TrialMetric> readFinalMetric(const ReplicaSet &set) const;
    int failedCount() const;
    // The objective's reports in a trial's primary hypertune file, steps ascending.
    service::tuning::Curve readCurve(const ReplicaSet &set) const;
    // The trials that ended (this job's and a resumed study's) and those running now.
    QList<service::tuning::Observation> observations() const;
    QList<service::TrialParameters> pendingValues() const;
    // Reads the previous study (resumePreviousJobId); false with *error when it cannot be.
    bool readResumedStudy(QList<service::TrialParameters> *tried, QString *error);
    // enableTrialEarlyStopping (trialstopping.cpp): judges the running trials.
    void checkEarlyStopping();
    QList<service::tuning::Curve> completedCurves() const;
    service::TrialParameters inSpecOrder(const QMap<QString, QString> &values) const;

    ReplicaSetConfig m_base;
    QList<TrialSlot> m_slots;
    Containment *m_containment;
    std::vector<ReplicaSet *> m_sets; // per slot: the trial running there, or the last one
    ReplicaSet *m_lastStarted = nullptr;
    service::TrialPlan m_plan;
    std::unique_ptr<service::TrialSuggester> m_suggester;
    store::TuningState m_tuning;
    int m_next = 0;             // the next trial to start, 0-based
    int m_firstTrialNumber = 1; // the ID of this job's first trial (a resumed study continues)
    QList<service::tuning::Observation> m_resumedObservations;
    QList<service::tuning::Curve> m_resumedCurves;   // the resumed study's completed trials
    QHash<QString, service::tuning::Curve> m_curves; // by trial ID, as read so far
    QSet<QString> m_stoppingEarly;                   // trial IDs being stopped early
    bool m_earlyStopping = false;
    int m_pollCount = 0;
    bool m_ending = false;
    bool m_finished = false;
    store::JobStatus m_endOutcome = store::JobStatus::Failed;
    QString m_endMessage;
};

} // namespace trainyard::exec
