// SPDX-License-Identifier: MIT
// The Compare view's legend, one for all its charts: each run by its colour with its full name
// (never elided; the tooltip has the name and its parameters), and, where a run has several
// series of a metric (replicas, hypertune, TensorBoard), each series by its line style.
#pragma once

#include <QColor>
#include <QWidget>

class QGridLayout;

namespace trainyard::ui::compare {

class RunLegend : public QWidget
{
    Q_OBJECT
public:
    struct Entry
    {
        QString name;
        QString toolTip;
        QColor color; // runs: the run's colour; series: the text colour
        Qt::PenStyle style = Qt::SolidLine;
    };

    explicit RunLegend(QWidget *parent = nullptr);
    void setEntries(const QList<Entry> &runs, const QList<Entry> &series);
    // The names shown, runs then series.
    QStringList names() const;
    QStringList toolTips() const;

private:
    QList<Entry> m_runs;
    QList<Entry> m_series;
    QGridLayout *m_layout;
};

} // namespace trainyard::ui::compare
