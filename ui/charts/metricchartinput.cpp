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

void MetricChartView::showCrosshair(const QPointF &pos)
{
    const QRectF plot = chart()->plotArea();
    const QList<QLineSeries *> lines = lineSeries();
    if (!plot.contains(pos) || lines.isEmpty()) {
        hideCrosshair();
        return;
    }
    const double x = chart()->mapToValue(pos, lines.first()).x();
    QStringList rows;
    double shownX = x;
    bool first = true;
    for (int i = 0; i < lines.size(); ++i) {
        const QList<QPointF> points = lines.at(i)->points();
        const qsizetype k = nearest(points, x);
        if (k < 0)
            continue;
        if (first) {
            shownX = points.at(k).x();
            first = false;
        }
        rows.append(m_order.at(i) + QStringLiteral(": ") +
                    QString::number(points.at(k).y(), 'g', 6));
    }
    if (rows.isEmpty()) {
        hideCrosshair();
        return;
    }
    const QString xName = m_xMode == XMode::Step   ? tr("step")
                          : m_xMode == XMode::Time ? tr("s")
                                                   : tr("epoch");
    rows.prepend(xName + QLatin1Char(' ') + QString::number(shownX, 'g', 8));
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
    default:
        break;
    }
    QChartView::keyPressEvent(event);
}

} // namespace trainyard::ui::charts
