// SPDX-License-Identifier: MIT
// A chart as a table, its text alternative: the drawn points of the visible range (a chart's
// "Table" button, T in a chart), one row per point with its series, x, value and, when smoothed,
// the smoothed line's value at that x. Drawn from the pyramid (more points than pixel columns),
// a row is the lowest or the highest value of a bucket; the dialog says so.
#pragma once

#include "charts/metricchart.h"

#include <QAbstractTableModel>
#include <QDialog>

namespace trainyard::ui::charts {

class ChartTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { SeriesColumn, XColumn, ValueColumn, SmoothedColumn, NUM_COLUMNS };
    enum Roles { NumberRole = Qt::UserRole }; // double (x, value, smoothed), for sorting

    explicit ChartTableModel(QObject *parent = nullptr);

    // xTitle: the x column's header ("Step", "Time since start (s)", "Epoch"); x2Title: the
    // second step axis' (points with secondAxis).
    void setPoints(const QList<ChartPoint> &points, const QString &xTitle, const QString &x2Title,
                   bool smoothed);
    const QList<ChartPoint> &points() const { return m_points; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<ChartPoint> m_points;
    QString m_xTitle;
    QString m_x2Title;
    bool m_smoothed = false;
};

// The table of one chart, non-modal; Escape closes it.
class ChartTableDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ChartTableDialog(MetricChartView *chart);
    ChartTableModel *model() const { return m_model; }

private:
    ChartTableModel *m_model;
};

} // namespace trainyard::ui::charts
