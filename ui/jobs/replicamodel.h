// SPDX-License-Identifier: MIT
// The cluster of one job as a table: name, pid, port, state, restarts, exit code, trial, GPUs.
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
    // sees (CUDA_VISIBLE_DEVICES: NVML indices), "none" when every GPU is hidden from it.
    enum Columns {
        NameColumn,
        PidColumn,
        PortColumn,
        StateColumn,
        RestartsColumn,
        ExitCodeColumn,
        TrialColumn,
        GpusColumn,
        NUM_COLUMNS
    };
    enum Roles { NameRole = Qt::UserRole };

    explicit ReplicaModel(QObject *parent = nullptr);

    void setReplicas(const QList<store::ReplicaState> &replicas);
    const QList<store::ReplicaState> &replicas() const { return m_replicas; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<store::ReplicaState> m_replicas;
};

} // namespace trainyard::ui::jobs
