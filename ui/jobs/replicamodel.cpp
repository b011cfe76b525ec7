// SPDX-License-Identifier: MIT
#include "jobs/replicamodel.h"

#include <QApplication>
#include <QLocale>
#include <QStyle>
#include <QTextDocument>

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
    const bool startedOver = !r.restarts.isEmpty() && r.restarts.constLast().startedOver;
    if (role == NameRole)
        return r.name;
    if (role == LogNameRole)
        return store::trialLogName(r.name, r.trialId);
    if (role == StartedOverRole)
        return startedOver;
    if (index.column() == LastRestartColumn && !r.restarts.isEmpty()) {
        if (role == Qt::ToolTipRole)
            return Qt::convertFromPlainText(restartsToolTip(r), Qt::WhiteSpaceNormal);
        if (role == Qt::DecorationRole && startedOver)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    }
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn &&
        index.column() != StateColumn && index.column() != GpusColumn &&
        index.column() != LastRestartColumn)
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
    case LastRestartColumn:
        return r.restarts.isEmpty() ? QVariant() : QVariant(restartText(r.restarts.constLast()));
    case NUM_COLUMNS:
        break;
    }
    return {};
}

QString ReplicaModel::reasonText(const store::RestartRecord &restart)
{
    if (restart.reason == QLatin1String("maintenance"))
        return tr("VM maintenance");
    if (restart.reason == QLatin1String("crash"))
        return tr("crash");
    if (restart.reason == QLatin1String("jobRestart"))
        return tr("job restart");
    if (restart.reason == QLatin1String("exit"))
        return restart.exitCode ? tr("exit %1").arg(*restart.exitCode) : tr("exit");
    return restart.reason; // a newer owner's reason, as it wrote it
}

QString ReplicaModel::restartText(const store::RestartRecord &restart)
{
    QString outcome;
    if (restart.startedOver && restart.resumedAtStep)
        outcome = tr("started over at step %1").arg(*restart.resumedAtStep);
    else if (restart.resumedAtStep)
        outcome = tr("resumed at step %1").arg(*restart.resumedAtStep);
    else
        outcome = tr("no step reported since");
    return reasonText(restart) + QStringLiteral(" · ") + outcome;
}

QString ReplicaModel::checkpointAdvice()
{
    return tr("The service restarts replicas (VM maintenance, crashes): save checkpoints under "
              "the job dir regularly and restore the most recent one when the trainer starts.");
}

QString ReplicaModel::restartsToolTip(const store::ReplicaState &replica)
{
    QStringList lines;
    for (const store::RestartRecord &restart : replica.restarts) {
        QString line = QLocale().toString(restart.time.toLocalTime(), QLocale::ShortFormat) +
                       QStringLiteral(": ") + restartText(restart);
        if (restart.stepBeforeRestart)
            line += QStringLiteral(" (") +
                    tr("last step before: %1").arg(*restart.stepBeforeRestart) + QLatin1Char(')');
        if (restart.counted)
            line += QStringLiteral("; ") + tr("counted against the restarts");
        lines.append(line);
    }
    if (!replica.restarts.isEmpty() && replica.restarts.constLast().startedOver) {
        const store::RestartRecord &last = replica.restarts.constLast();
        lines.append(QString());
        lines.append(tr("%1 started over at step %2 after reaching step %3: no checkpoint was "
                        "restored.")
                         .arg(store::trialLogName(replica.name, replica.trialId))
                         .arg(last.resumedAtStep.value_or(0))
                         .arg(last.stepBeforeRestart.value_or(0)));
        lines.append(checkpointAdvice());
    }
    return lines.join(QLatin1Char('\n'));
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
    case LastRestartColumn:
        return tr("Last restart");
    case NUM_COLUMNS:
        break;
    }
    return {};
}

} // namespace trainyard::ui::jobs
