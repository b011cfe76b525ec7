// SPDX-License-Identifier: MIT
// MetricChartView: the crosshair, mouse (hover, box zoom) and keys.
#include "charts/metricchart.h"

#include <QApplication>
#include <QFileDialog>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QToolButton>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

namespace trainyard::ui::charts {

namespace {

// The index of the point nearest to x in points sorted by x (-1: none).
qsizetype nearest(const QList<QPointF> &points, double x)
{
    if (points.isEmpty())
        return -1;
    const auto it = std::lower_bound(points.cbegin(), points.cend(), x,
                                     [](const QPointF &p, double v) { return p.x() < v; });
    qsizetype i = it - points.cbegin();
    if (i == points.size())
        return i - 1;
    if (i > 0 && x - points.at(i - 1).x() < points.at(i).x() - x)
        --i;
    return i;
}

} // namespace

QString MetricChartView::hoverLine(int index, double x) const
{
    // The series' value at the point nearest to x, and the smoothed line's there. Drawn from
    // buckets, the raw points between the smoothed line's previous point and this one are the
    // bucket's lowest and highest value.
    const auto it = m_series.constFind(m_order.at(index));
    if (it == m_series.cend())
        return {};
    const QList<QPointF> line = it->line->points();
    const qsizetype k = nearest(line, x);
    if (k < 0)
        return {};
    const QString name = m_order.at(index);
    const auto number = [](double v) { return QString::number(v, 'g', 6); };
    if (m_smoothing <= 0)
        return tr("%1: %2").arg(name, number(line.at(k).y()));
    const double to = line.at(k).x();
    const double from = k > 0 ? line.at(k - 1).x() : -std::numeric_limits<double>::infinity();
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    const QList<QPointF> raw = it->raw->points();
    for (qsizetype i = nearest(raw, to); i >= 0 && i < raw.size(); --i) {
        if (raw.at(i).x() <= from)
            break;
        if (raw.at(i).x() <= to) {
            lo = std::min(lo, raw.at(i).y());
            hi = std::max(hi, raw.at(i).y());
        }
    }
    const QString smoothed = number(line.at(k).y());
    if (!(hi >= lo))
        return tr("%1: smoothed %2").arg(name, smoothed);
    if (lo == hi)
        return tr("%1: %2 (smoothed %3)").arg(name, number(lo), smoothed);
    return tr("%1: %2 to %3 (smoothed %4)").arg(name, number(lo), number(hi), smoothed);
}

void MetricChartView::showCrosshair(const QPointF &pos)
{
    const QRectF plot = chart()->plotArea();
    const QList<QLineSeries *> lines = lineSeries();
    if (!plot.contains(pos) || lines.isEmpty()) {
        hideCrosshair();
        return;
    }
    QStringList rows;
    QStringList second; // series on the second step axis, under their own step
    double shownX = 0;
    double shownX2 = 0;
    bool first = true;
    bool firstOnSecond = true;
    for (int i = 0; i < lines.size(); ++i) {
        // Each series' x through its own axes (a second step axis has its own scale).
        const double x = chart()->mapToValue(pos, lines.at(i)).x();
        const QList<QPointF> points = lines.at(i)->points();
        const qsizetype k = nearest(points, x);
        if (k < 0)
            continue;
        const QString text = hoverLine(i, x);
        const bool onSecond = m_x2Axis && lines.at(i)->attachedAxes().contains(m_x2Axis);
        if (onSecond) {
            if (firstOnSecond)
                shownX2 = points.at(k).x();
            firstOnSecond = false;
            second.append(text);
            continue;
        }
        if (first)
            shownX = points.at(k).x();
        first = false;
        rows.append(text);
    }
    if (rows.isEmpty() && second.isEmpty()) {
        hideCrosshair();
        return;
    }
    const QString xName = m_xMode == XMode::Step   ? tr("step")
                          : m_xMode == XMode::Time ? tr("s")
                                                   : tr("epoch");
    if (!rows.isEmpty())
        rows.prepend(xName + QLatin1Char(' ') + QString::number(shownX, 'g', 8));
    if (!second.isEmpty()) {
        rows.append(secondAxisTitle() + QLatin1Char(' ') + QString::number(shownX2, 'g', 8));
        rows.append(second);
    }
    m_hover->setText(rows.join(QLatin1Char('\n')));
    m_hover->adjustSize();
    const QPoint p = mapFromScene(pos);
    int hx = p.x() + 14;
    if (hx + m_hover->width() > width())
        hx = p.x() - 14 - m_hover->width();
    const int hy = std::clamp(p.y() + 14, 0, std::max(0, height() - m_hover->height()));
    m_hover->move(std::max(0, hx), hy);
    m_hover->show();
    m_hover->raise();
    m_crosshair->setLine(pos.x(), plot.top(), pos.x(), plot.bottom());
    m_crosshair->show();
}

void MetricChartView::hoverAt(const QPoint &pos)
{
    showCrosshair(mapToScene(pos));
}

void MetricChartView::hideCrosshair()
{
    m_hover->hide();
    m_hover->clear();
    m_crosshair->hide();
}

QString MetricChartView::hoverText() const
{
    return m_hover->isVisible() ? m_hover->text() : QString();
}

bool MetricChartView::crosshairVisible() const
{
    return m_crosshair->isVisible();
}

void MetricChartView::leaveEvent(QEvent *event)
{
    hideCrosshair();
    QChartView::leaveEvent(event);
}

void MetricChartView::mousePressEvent(QMouseEvent *event)
{
    hideCrosshair();
    if (event->button() == Qt::MiddleButton ||
        (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier))) {
        m_panning = true;
        m_lastPan = event->position().toPoint();
        setRubberBand(QChartView::NoRubberBand);
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton)
        m_rubberBanding = true;
    QChartView::mousePressEvent(event);
}

void MetricChartView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint delta = event->position().toPoint() - m_lastPan;
        m_lastPan = event->position().toPoint();
        chart()->scroll(-delta.x(), delta.y());
        m_zoomed = true;
        event->accept();
        return;
    }
    if (!m_rubberBanding)
        showCrosshair(mapToScene(event->position().toPoint()));
    QChartView::mouseMoveEvent(event);
}

void MetricChartView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning) {
        m_panning = false;
        setRubberBand(QChartView::RectangleRubberBand);
        updateSeries();
        event->accept();
        return;
    }
    if (event->button() == Qt::RightButton) {
        // QChartView zooms out on a right click; the context menu is ours.
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
    if (m_rubberBanding && event->button() == Qt::LeftButton) {
        m_rubberBanding = false;
        m_zoomed = true; // QChartView zoomed both axes to the box
        updateSeries();  // more detail in the zoomed range
    }
}

void MetricChartView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Left:
        chart()->scroll(-30, 0);
        m_zoomed = true;
        updateSeries();
        return;
    case Qt::Key_Right:
        chart()->scroll(30, 0);
        m_zoomed = true;
        updateSeries();
        return;
    case Qt::Key_Up:
        chart()->scroll(0, 30);
        m_zoomed = true;
        return;
    case Qt::Key_Down:
        chart()->scroll(0, -30);
        m_zoomed = true;
        return;
    case Qt::Key_Plus:
        chart()->zoomIn();
        m_zoomed = true;
        updateSeries();
        return;
    case Qt::Key_Minus:
        chart()->zoomOut();
        m_zoomed = true;
        updateSeries();
        return;
    case Qt::Key_Home:
        resetZoom();
        return;
    case Qt::Key_T:
        showTable();
        return;
    default:
        break;
    }
    QChartView::keyPressEvent(event);
}

} // namespace trainyard::ui::charts
