// SPDX-License-Identifier: MIT
// Sort/filter proxy of the job list: a text filter (job ID, shape, region; case-insensitive
// substring) and a state filter; sorts by the typed SortRole, by job ID by default.
#pragma once

#include <QSortFilterProxyModel>

namespace trainyard::ui::jobs {

class JobFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum class StateFilter { All, Active, Succeeded, Failed, Cancelled };

    explicit JobFilterProxy(QObject *parent = nullptr);

    void setTextFilter(const QString &text);
    QString textFilter() const { return m_text; }
    void setStateFilter(StateFilter filter);
    StateFilter stateFilter() const { return m_state; }

    // A job ID is elided in the middle of its cell: its tooltip gives it whole.
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_text;
    StateFilter m_state = StateFilter::All;
};

} // namespace trainyard::ui::jobs
