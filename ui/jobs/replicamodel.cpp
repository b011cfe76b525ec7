// SPDX-License-Identifier: MIT
#include "jobs/replicamodel.h"

namespace trainyard::ui::jobs {

ReplicaModel::ReplicaModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ReplicaModel::setReplicas(const QList<store::ReplicaState> &replicas)
{
    const int common = int(std::min(replicas.size(), m_replicas.size()));
    for (int i = 0; i < common; ++i) {
        if (m_replicas.at(i) != replicas.at(i)) {
            m_replicas[i] = replicas.at(i);
            Q_EMIT dataChanged(index(i, 0), index(i, NUM_COLUMNS - 1));
        }
    }
    if (replicas.size() > m_replicas.size()) {
        beginInsertRows({}, common, int(replicas.size()) - 1);
        for (qsizetype i = common; i < replicas.size(); ++i)
            m_replicas.append(replicas.at(i));
        endInsertRows();
    } else if (replicas.size() < m_replicas.size()) {
        beginRemoveRows({}, common, int(m_replicas.size()) - 1);
        m_replicas.resize(common);
        endRemoveRows();
    }
}

int ReplicaModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_replicas.size());
}

int ReplicaModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant ReplicaModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const store::ReplicaState &r = m_replicas.at(index.row());
    if (role == NameRole)
        return r.name;
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn &&
        index.column() != StateColumn && index.column() != GpusColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (Columns(index.column())) {
    case NameColumn:
        return r.name;
    case PidColumn:
        return r.pid > 0 ? QVariant(r.pid) : QVariant();
    case PortColumn:
        return r.port > 0 ? QVariant(r.port) : QVariant();
    case StateColumn:
        return store::replicaStatusName(r.state);
    case RestartsColumn:
        return r.restartCount;
    case ExitCodeColumn:
        return r.exitCode ? QVariant(*r.exitCode) : QVariant();
    case TrialColumn:
        return r.trialId.isEmpty() ? QVariant() : QVariant(r.trialId);
    case GpusColumn:
        if (!r.cudaVisibleDevices)
            return {};
        return r.cudaVisibleDevices->isEmpty() ? tr("none") : *r.cudaVisibleDevices;
    case NUM_COLUMNS:
        break;
    }
    return {};
}

QVariant ReplicaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Columns(section)) {
    case NameColumn:
        return tr("Replica");
    case PidColumn:
        return tr("PID");
    case PortColumn:
        return tr("Port");
    case StateColumn:
        return tr("State");
    case RestartsColumn:
        return tr("Restarts");
    case ExitCodeColumn:
        return tr("Exit code");
    case TrialColumn:
        return tr("Trial");
    case GpusColumn:
        return tr("GPUs");
    case NUM_COLUMNS:
        break;
    }
    return {};
}

} // namespace trainyard::ui::jobs
