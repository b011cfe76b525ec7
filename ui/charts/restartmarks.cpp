// SPDX-License-Identifier: MIT
// MetricChartView: the restart marks (a dashed vertical line and a label per restart of a
// replica whose series the chart draws), placed again whenever the axes or the plot area change.
#include "charts/metricchart.h"

#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QTextDocument>
#include <QValueAxis>

namespace trainyard::ui::charts {

namespace {
const QColor WarningColor(0xd9, 0x6c, 0x00);
} // namespace

void MetricChartView::setRestartMarks(const QList<RestartMark> &marks)
{
    if (marks == m_restartMarks)
        return;
    m_restartMarks = marks;
    placeRestartMarks();
}

QList<MetricChartView::ShownMark> MetricChartView::shownRestartMarks() const
{
    return m_shownMarks;
}

QString MetricChartView::seriesOfReplica(const QString &source) const
{
    // By the series' keys, never by their (translated) names.
    for (const QString &kind : {metrics::kinds::Log, metrics::kinds::Hypertune}) {
        for (qsizetype i = 0; i < m_keys.size() && i < m_order.size(); ++i) {
            if (m_keys.at(i).kind == kind && m_keys.at(i).source == source)
                return m_order.at(i);
        }
    }
    return {};
}

void MetricChartView::placeRestartMarks()
{
    m_shownMarks.clear();
    const auto *x = qobject_cast<QValueAxis *>(m_xAxis);
    const QRectF plot = chart()->plotArea();
    if (x && m_rangeDrawn && m_xMode != XMode::Epoch && plot.width() > 0 && x->max() > x->min()) {
        for (const RestartMark &mark : std::as_const(m_restartMarks)) {
            if (seriesOfReplica(mark.source).isEmpty())
                continue;
            double value = 0;
            if (m_xMode == XMode::Time) {
                if (m_originMs <= 0 || mark.wallMs <= 0)
                    continue;
                value = double(mark.wallMs - m_originMs) / 1000.0;
            } else {
                if (!mark.step)
                    continue;
                value = double(*mark.step);
            }
            if (value < x->min() || value > x->max())
                continue;
            const double px =
                plot.left() + (value - x->min()) / (x->max() - x->min()) * plot.width();
            m_shownMarks.append({mark, value, mapFromScene(QPointF(px, plot.center().y())).x()});
        }
    }
    while (m_restartLines.size() < m_shownMarks.size()) {
        auto *line = new QGraphicsLineItem;
        line->setZValue(900); // over the series, under the crosshair
        scene()->addItem(line);
        m_restartLines.append(line);
        auto *label = new QGraphicsSimpleTextItem; // plain text: never markup
        label->setZValue(901);
        scene()->addItem(label);
        m_restartLabels.append(label);
    }
    const QColor text = palette().color(QPalette::Text);
    for (int i = 0; i < m_restartLines.size(); ++i) {
        QGraphicsLineItem *line = m_restartLines.at(i);
        QGraphicsSimpleTextItem *label = m_restartLabels.at(i);
        if (i >= m_shownMarks.size()) {
            line->hide();
            label->hide();
            continue;
        }
        const ShownMark &shown = m_shownMarks.at(i);
        QColor color = text;
        if (shown.mark.warning) {
            color = WarningColor;
        } else if (const auto it = m_series.constFind(seriesOfReplica(shown.mark.source));
                   it != m_series.cend()) {
            color = it->line->color();
        }
        QPen pen(color, 1.5, Qt::DashLine);
        line->setPen(pen);
        const double px = plot.left() + (shown.x - x->min()) / (x->max() - x->min()) * plot.width();
        line->setLine(px, plot.top(), px, plot.bottom());
        const QString tip = Qt::convertFromPlainText(shown.mark.toolTip, Qt::WhiteSpaceNormal);
        line->setToolTip(tip);
        label->setToolTip(tip);
        label->setText((shown.mark.warning ? QStringLiteral("⚠ ") : QStringLiteral("↻ ")) +
                       shown.mark.label);
        label->setBrush(shown.mark.warning ? WarningColor : text);
        QFont font = this->font();
        font.setPointSizeF(font.pointSizeF() * 0.85);
        label->setFont(font);
        // Near the right edge the label goes to the line's left; labels of marks close together
        // are stacked.
        const QRectF box = label->boundingRect();
        const double left = px + 4 + box.width() > plot.right() ? px - 4 - box.width() : px + 4;
        label->setPos(left, plot.top() + 2 + (i % 3) * box.height());
        line->show();
        label->show();
    }
}

} // namespace trainyard::ui::charts
