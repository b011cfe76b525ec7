// SPDX-License-Identifier: MIT
#include "charts/charttable.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

namespace trainyard::ui::charts {

ChartTableModel::ChartTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ChartTableModel::setPoints(const QList<ChartPoint> &points, const QString &xTitle,
                                const QString &x2Title, bool smoothed)
{
    beginResetModel();
    m_points = points;
    m_xTitle = xTitle;
    m_x2Title = x2Title;
    m_smoothed = smoothed;
    endResetModel();
}

int ChartTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_points.size());
}

int ChartTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : (m_smoothed ? NUM_COLUMNS : SmoothedColumn);
}

QVariant ChartTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ChartPoint &p = m_points.at(index.row());
    if (role == NumberRole) {
        switch (index.column()) {
        case XColumn:
            return p.x;
        case ValueColumn:
            return p.value;
        case SmoothedColumn:
            return p.smoothed ? QVariant(*p.smoothed) : QVariant();
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != SeriesColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const auto number = [](double v) { return QString::number(v, 'g', 8); };
    switch (index.column()) {
    case SeriesColumn:
        return p.series;
    case XColumn:
        return p.secondAxis && !m_x2Title.isEmpty() ? tr("%1 (%2)").arg(number(p.x), m_x2Title)
                                                    : number(p.x);
    case ValueColumn:
        return number(p.value);
    case SmoothedColumn:
        return p.smoothed ? number(*p.smoothed) : QString();
    default:
        return {};
    }
}

QVariant ChartTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= NUM_COLUMNS)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeriesColumn:
        return tr("Series");
    case XColumn:
        return m_xTitle;
    case ValueColumn:
        return tr("Value");
    case SmoothedColumn:
        return tr("Smoothed");
    default:
        return {};
    }
}

QList<ChartPoint> MetricChartView::visiblePoints() const
{
    QList<ChartPoint> out;
    for (const QString &source : m_order) {
        const auto it = m_series.constFind(source);
        if (it == m_series.cend())
            continue;
        const bool second = m_x2Axis && it->line->attachedAxes().contains(m_x2Axis);
        const auto *axis = static_cast<const QValueAxis *>(second ? m_x2Axis : m_xAxis);
        const double lo = axis->min();
        const double hi = axis->max();
        const bool smoothed = m_smoothing > 0;
        // The smoothed line has a point at each raw point's x when drawn from the points, at
        // each bucket's last step when drawn from buckets.
        const QList<QPointF> line = it->line->points();
        const QList<QPointF> raw = smoothed ? it->raw->points() : line;
        qsizetype k = 0;
        for (const QPointF &p : raw) {
            if (p.x() < lo || p.x() > hi)
                continue;
            ChartPoint point{source, p.x(), p.y(), std::nullopt, second};
            if (smoothed) {
                while (k < line.size() && line.at(k).x() < p.x())
                    ++k;
                if (k < line.size() && line.at(k).x() == p.x())
                    point.smoothed = line.at(k).y();
            }
            out.append(point);
        }
    }
    return out;
}

void MetricChartView::showTable()
{
    auto *dialog = new ChartTableDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

ChartTableDialog::ChartTableDialog(MetricChartView *chart)
    : QDialog(chart)
    , m_model(new ChartTableModel(this))
{
    setObjectName(QStringLiteral("chartTableDialog"));
    const QString title = chart->title();
    setWindowTitle(tr("%1 as a table").arg(title));
    const QList<QAbstractAxis *> axes = chart->chart()->axes(Qt::Horizontal);
    m_model->setPoints(chart->visiblePoints(),
                       axes.isEmpty() ? tr("Step") : axes.first()->titleText(),
                       chart->secondAxisKinds().isEmpty() ? QString() : chart->secondAxisTitle(),
                       chart->smoothing() > 0);

    auto *summary = new QLabel(this);
    summary->setTextFormat(Qt::PlainText); // series names come from outside
    summary->setWordWrap(true);
    summary->setText(chart->summary());
    auto *note = new QLabel(
        tr("%n point(s) of the visible range, as the chart draws them. Where a series has more "
           "points than the chart has pixels, each row is the lowest or the highest value of a "
           "run of points; Export gives every point.",
           nullptr, m_model->rowCount()),
        this);
    note->setWordWrap(true);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(ChartTableModel::NumberRole);
    auto *view = new QTableView(this);
    view->setObjectName(QStringLiteral("chartTable"));
    view->setAccessibleName(tr("Points of %1").arg(title));
    view->setModel(proxy);
    view->setTabKeyNavigation(false);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->resizeColumnsToContents();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(note);
    layout->addWidget(view, 1);
    layout->addWidget(buttons);
    resize(560, 480);
    view->setFocus();
}

} // namespace trainyard::ui::charts
