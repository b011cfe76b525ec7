// SPDX-License-Identifier: MIT
// The cluster of one job as a table: name, pid, port, state, restarts, exit code, trial, GPUs and
// the last restart (why, and whether the replica resumed or started over: a warning icon then).
// Updated in place from each new JobState (dataChanged for changed rows, rows inserted or removed
// at the end when the cluster changes), never reset.
#pragma once

#include "store/jobstate.h"

#include <QAbstractTableModel>

namespace trainyard::ui::jobs {

class ReplicaModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // Trial: the tuning trial the replica runs in (trials run side by side). GPUs: the GPUs it
    // sees (CUDA_VISIBLE_DEVICES: NVML indices), "none" when every GPU is hidden from it. Last
    // restart: "VM maintenance · resumed at step 13", "crash · started over at step 0"; its
    // tooltip lists every restart of the run.
    enum Columns {
        NameColumn,
        PidColumn,
        PortColumn,
        StateColumn,
        RestartsColumn,
        ExitCodeColumn,
        TrialColumn,
        GpusColumn,
        LastRestartColumn,
        NUM_COLUMNS
    };
    enum Roles {
        NameRole = Qt::UserRole, // QString: the replica's name
        LogNameRole,             // QString: its log name (store::trialLogName)
        StartedOverRole,         // bool: its last restart started over (no checkpoint restored)
    };

    explicit ReplicaModel(QObject *parent = nullptr);

    void setReplicas(const QList<store::ReplicaState> &replicas);
    const QList<store::ReplicaState> &replicas() const { return m_replicas; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // "VM maintenance", "crash", "exit 1", "job restart".
    static QString reasonText(const store::RestartRecord &restart);
    // The Last restart column: the reason, then whether it resumed or started over.
    static QString restartText(const store::RestartRecord &restart);
    // Every restart, one per line, with the checkpoint advice when one started over.
    static QString restartsToolTip(const store::ReplicaState &replica);
    // The advice for a replica that started over (the service's GPU guide).
    static QString checkpointAdvice();

private:
    QList<store::ReplicaState> m_replicas;
};

} // namespace trainyard::ui::jobs
