// SPDX-License-Identifier: MIT
// The Compare view's legend, one for all its charts: an entry per line style drawn, a run's colour
// with the line style of its series (a run with several series of a metric, replicas, hypertune,
// TensorBoard, has an entry per series: "run · worker-0"), each name in full (the tooltip adds
// the run's parameters). The entries flow in rows as wide as the window and scroll past
// MaxRows, so any number of runs fits the screen. A list for assistive technology: each entry
// a list item named by its text, its parameters as description.
#pragma once

#include <QColor>
#include <QListWidget>

namespace trainyard::ui::compare {

class RunLegend : public QListWidget
{
    Q_OBJECT
public:
    static constexpr int MaxRows = 4;

    struct Entry
    {
        QString name;
        QString toolTip;
        QColor color;
        Qt::PenStyle style = Qt::SolidLine;
    };

    explicit RunLegend(QWidget *parent = nullptr);
    void setEntries(const QList<Entry> &entries);
    const QList<Entry> &entries() const { return m_entries; }
    // The names shown and their tooltips, in order.
    QStringList names() const;
    QStringList toolTips() const;
    // Rows the entries take at the current width.
    int rowsNeeded() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitHeight();

    QList<Entry> m_entries;
};

} // namespace trainyard::ui::compare
