// SPDX-License-Identifier: MIT
// MetricChartView: the axes. Their ranges, the labels drawn at their ticks (formatTick), a flat
// series' range, and the second step axis for series on another step scale (docs/charts.md).
#include "charts/metricchart.h"
#include "metrics/metricstore.h"

#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace trainyard::ui::charts {

namespace {

// A 1/2/5 x 10^n interval giving about five ticks over the range.
double niceInterval(double span)
{
    const double raw = span / 5.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / magnitude;
    return (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * magnitude;
}

// Whether ticks every `interval` from `lo` to `hi` can be counted: few enough, and far enough
// apart that lo + interval != lo. QValueAxis (TicksDynamic) and relabel() both step through them;
// values far from 0 with a tiny span (wall times, a constant series) would never end.
bool countableTicks(double lo, double hi, double interval)
{
    if (!(interval > 0) || !std::isfinite(lo) || !std::isfinite(hi) || !std::isfinite(interval))
        return false;
    const double magnitude = std::max(std::abs(lo), std::abs(hi));
    return (hi - lo) / interval <= 1000 && magnitude / interval < 1e12;
}

QString stripZeros(QString s)
{
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

// Series whose last steps differ by more than this factor are on different step scales.
constexpr double StepScaleFactor = 1.5;

QString kindName(const QString &kind)
{
    if (kind == metrics::kinds::Hypertune)
        return QStringLiteral("hypertune");
    if (kind == metrics::kinds::TensorBoard)
        return QStringLiteral("TensorBoard");
    return kind;
}

} // namespace

QString MetricChartView::formatTick(double value, double interval)
{
    interval = std::abs(interval);
    if (value == 0 || (interval > 0 && std::abs(value) < interval * 1e-9))
        return QStringLiteral("0");
    const double a = std::abs(value);
    // Decimals that tell ticks `interval` apart at a given unit.
    auto decimals = [interval](double unit) {
        if (!(interval > 0))
            return 3;
        return std::clamp(int(-std::floor(std::log10(interval / unit) + 1e-9)), 0, 6);
    };
    static const struct
    {
        double unit;
        char suffix;
    } units[] = {{1e12, 'T'}, {1e9, 'G'}, {1e6, 'M'}, {1e3, 'k'}};
    for (const auto &u : units) {
        if (a >= u.unit) {
            return stripZeros(QString::number(value / u.unit, 'f', decimals(u.unit))) +
                   QLatin1Char(u.suffix);
        }
    }
    if (a < 1e-3) {
        // Mantissa and exponent: 1e-4, 2.5e-5.
        const int exponent = int(std::floor(std::log10(a)));
        const double mantissa = value / std::pow(10.0, exponent);
        const int digits =
            interval > 0 ? std::clamp(exponent - int(std::floor(std::log10(interval) + 1e-9)), 0, 4)
                         : 2;
        return stripZeros(QString::number(mantissa, 'f', digits)) + QLatin1Char('e') +
               QString::number(exponent);
    }
    return stripZeros(QString::number(value, 'f', decimals(1.0)));
}

QString MetricChartView::secondAxisTitle() const
{
    QStringList names;
    for (const QString &kind : m_secondaryKinds)
        names.append(kindName(kind));
    return tr("Step (%1)").arg(names.join(QStringLiteral(", ")));
}

void MetricChartView::setOneStepAxis(bool on)
{
    if (on == m_oneStepAxis)
        return;
    m_oneStepAxis = on;
    m_zoomed = false;
    updateSeries();
}

void MetricChartView::rebuildAxes()
{
    QChart *c = chart();
    for (QAbstractAxis **axis : {&m_xAxis, &m_x2Axis, &m_yAxis}) {
        if (*axis) {
            c->removeAxis(*axis);
            delete *axis;
            *axis = nullptr;
        }
    }
    m_rangeDrawn = false; // no restart marks on the new axis until a drawing gives its range
    auto *x = new QValueAxis;
    x->setTitleText(m_xMode == XMode::Step   ? tr("Step")
                    : m_xMode == XMode::Time ? tr("Time since start (s)")
                                             : tr("Epoch"));
    m_xAxis = x;
    if (m_log) {
        auto *y = new QLogValueAxis;
        y->setLabelFormat(QStringLiteral("%g"));
        y->setBase(10);
        m_yAxis = y;
    } else {
        m_yAxis = new QValueAxis;
    }
    QList<QAbstractAxis *> axes{m_xAxis, m_yAxis};
    c->addAxis(m_xAxis, Qt::AlignBottom);
    c->addAxis(m_yAxis, Qt::AlignLeft);
    if (m_xMode == XMode::Step && !m_secondaryKinds.isEmpty()) {
        auto *x2 = new QValueAxis;
        x2->setTitleText(secondAxisTitle());
        m_x2Axis = x2;
        c->addAxis(m_x2Axis, Qt::AlignTop);
        axes.append(m_x2Axis);
    }
    const QColor text = palette().color(QPalette::Text);
    for (QAbstractAxis *axis : std::as_const(axes)) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(QBrush(text));
        if (auto *value = qobject_cast<QValueAxis *>(axis)) {
            // QValueAxis labels are printf-formatted (2e+06): its own labels keep their room
            // but are not drawn; ours (formatTick) are drawn at its ticks.
            value->setLabelFormat(QStringLiteral("%.4g"));
            value->setLabelsColor(Qt::transparent);
            connect(value, &QValueAxis::rangeChanged, this, &MetricChartView::relabel);
        }
    }
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it)
        attachAxes(it.key(), *it);
    relabel();
}

void MetricChartView::attachAxes(const QString &source, const Lines &lines)
{
    const bool second = m_x2Axis && m_secondaryKinds.contains(m_stats.value(source).kind);
    for (QLineSeries *s : {lines.raw, lines.line}) {
        for (QAbstractAxis *axis : s->attachedAxes())
            s->detachAxis(axis);
        s->attachAxis(second ? m_x2Axis : m_xAxis);
        s->attachAxis(m_yAxis);
    }
}

void MetricChartView::chooseStepAxes(const QList<metrics::DrawnSeries> &list)
{
    // On a step axis, series of another kind whose last step is far from the others' (a
    // hypertune file's global step beside the log's step) get a second step axis: squeezed onto
    // one, the first would take a third of the width. The log's series (else the first kind)
    // keep the bottom axis.
    QStringList kinds;
    QHash<QString, double> lastStep;
    for (const metrics::DrawnSeries &s : list) {
        if (!kinds.contains(s.stats.kind))
            kinds.append(s.stats.kind);
        lastStep[s.stats.kind] = std::max(lastStep.value(s.stats.kind, 0.0), s.stats.lastStep);
    }
    QStringList secondary;
    if (m_xMode == XMode::Step && !m_oneStepAxis && kinds.size() > 1) {
        const QString primary =
            kinds.contains(metrics::kinds::Log) ? metrics::kinds::Log : kinds.first();
        const double first = lastStep.value(primary);
        for (const QString &kind : std::as_const(kinds)) {
            const double other = lastStep.value(kind);
            if (kind != primary && first > 0 && other > 0 &&
                (other > first * StepScaleFactor || other * StepScaleFactor < first))
                secondary.append(kind);
        }
    }
    if (secondary != m_secondaryKinds) {
        m_secondaryKinds = secondary;
        m_zoomed = false;
        // A second axis takes its labels and title above the plot: room for them too.
        setMinimumHeight(secondary.isEmpty() ? MinimumHeight : MinimumHeight + 60);
        rebuildAxes();
    }
}

void MetricChartView::relabel()
{
    if (m_relabelling)
        return;
    m_relabelling = true;
    placeLabels(m_xAxis, m_xLabels);
    placeLabels(m_yAxis, m_yLabels);
    placeLabels(m_x2Axis, m_x2Labels);
    placeRestartMarks();
    m_relabelling = false;
}

void MetricChartView::placeLabels(QAbstractAxis *axis, QList<QGraphicsSimpleTextItem *> &items)
{
    const QRectF plot = chart()->plotArea();
    const QColor text = palette().color(QPalette::Text);
    auto *value = qobject_cast<QValueAxis *>(axis);
    // Ticks at multiples of the interval, from 0, or from a flat series' value (it is labelled).
    const double anchor = axis == m_yAxis ? m_yAnchor : 0.0;
    QStringList texts;
    QList<double> ticks;
    if (value) {
        const double lo = value->min();
        const double hi = value->max();
        const double span = hi - lo;
        const double interval = span > 0 ? niceInterval(span) : 0;
        if (!countableTicks(lo, hi, interval)) {
            if (value->tickType() != QValueAxis::TicksFixed)
                value->setTickType(QValueAxis::TicksFixed);
        } else {
            // Set only when different: each setting lays the chart out again.
            if (value->tickType() != QValueAxis::TicksDynamic)
                value->setTickType(QValueAxis::TicksDynamic);
            if (value->tickAnchor() != anchor)
                value->setTickAnchor(anchor);
            if (value->tickInterval() != interval)
                value->setTickInterval(interval);
            // At most MaxTicks labels, counted in integers: far from 0 (wall times in ms) a
            // tiny span makes k + 1 == k in doubles, and a double counter never ends.
            constexpr int MaxTicks = 64;
            const double first = std::ceil((lo - anchor) / interval - 1e-9);
            for (int i = 0; i < MaxTicks; ++i) {
                const double tick = anchor + (first + i) * interval;
                if (tick > hi + span * 1e-9 || (i > 0 && tick <= ticks.constLast()))
                    break;
                ticks.append(tick);
                texts.append(formatTick(tick, interval));
            }
        }
    }
    while (items.size() < texts.size()) {
        auto *item = new QGraphicsSimpleTextItem(chart());
        item->setZValue(10);
        items.append(item);
    }
    for (int i = 0; i < items.size(); ++i) {
        QGraphicsSimpleTextItem *item = items.at(i);
        if (i >= texts.size()) {
            item->hide();
            continue;
        }
        item->setFont(axis->labelsFont());
        item->setBrush(text);
        item->setText(texts.at(i));
        const QRectF box = item->boundingRect();
        const double f = (ticks.at(i) - value->min()) / (value->max() - value->min());
        if (axis->alignment() == Qt::AlignBottom || axis->alignment() == Qt::AlignTop) {
            const double px = plot.left() + f * plot.width();
            const double py = axis->alignment() == Qt::AlignBottom ? plot.bottom() + 6
                                                                   : plot.top() - 6 - box.height();
            item->setPos(chart()->mapFromScene(QPointF(px - box.width() / 2, py)));
        } else {
            const double py = plot.bottom() - f * plot.height();
            item->setPos(chart()->mapFromScene(
                QPointF(plot.left() - box.width() - 6, py - box.height() / 2)));
        }
        item->show();
    }
}

QStringList MetricChartView::axisLabels(Qt::Orientation orientation) const
{
    QStringList texts;
    for (QGraphicsSimpleTextItem *item : orientation == Qt::Horizontal ? m_xLabels : m_yLabels) {
        if (item->isVisible())
            texts.append(item->text());
    }
    return texts;
}

QPair<double, double> MetricChartView::yRange() const
{
    if (const auto *v = qobject_cast<const QValueAxis *>(m_yAxis))
        return {v->min(), v->max()};
    if (const auto *l = qobject_cast<const QLogValueAxis *>(m_yAxis))
        return {l->min(), l->max()};
    return {0, 0};
}

namespace {

// QValueAxis makes an item per tick at once: the interval never gets small for a wide range
// (the larger one while the range changes, then the new range's).
void setValueRange(QValueAxis *axis, double from, double to)
{
    const double interval = niceInterval(to - from);
    if (!countableTicks(from, to, interval)) {
        axis->setTickType(QValueAxis::TicksFixed);
        axis->setRange(from, to);
        return;
    }
    axis->setTickInterval(std::max(interval, axis->tickInterval()));
    axis->setRange(from, to);
    axis->setTickInterval(interval);
}

} // namespace

void MetricChartView::Extent::add(const QPointF &p)
{
    xLo = std::min(xLo, p.x());
    xHi = std::max(xHi, p.x());
    yLo = std::min(yLo, p.y());
    yHi = std::max(yHi, p.y());
}

void MetricChartView::setRanges(const Extent &first, const Extent &second)
{
    // x: each step axis its own series' range.
    for (const auto &[axis, e] : {std::pair{m_xAxis, first}, std::pair{m_x2Axis, second}}) {
        if (!axis || !e.valid())
            continue;
        setValueRange(static_cast<QValueAxis *>(axis), e.xLo, e.xHi > e.xLo ? e.xHi : e.xLo + 1);
    }
    double yLo = std::min(first.yLo, second.yLo);
    double yHi = std::max(first.yHi, second.yHi);
    if (!(yHi >= yLo))
        return;
    const double magnitude = std::max(std::abs(yLo), std::abs(yHi));
    m_yAnchor = 0;
    if (yHi - yLo <= magnitude * 1e-12) {
        // Flat (a constant series): its value in the middle, a tenth of it above and below,
        // so the labels around it read the value (75 W: 70, 75, 80).
        const double value = (yLo + yHi) / 2;
        const double pad = value != 0 ? std::abs(value) * 0.1 : 1.0;
        yLo = m_log ? value * 0.5 : value - pad;
        yHi = value + pad;
        m_yAnchor = value;
    } else if (!m_log && yHi - yLo < magnitude * 1e-4) {
        // Nearly flat: a range whose labels differ (formatTick shows 6 decimals at most).
        const double middle = (yLo + yHi) / 2;
        yLo = middle - magnitude * 0.5e-4;
        yHi = middle + magnitude * 0.5e-4;
    }
    if (m_log) {
        m_yAxis->setRange(yLo, yHi);
    } else {
        const double pad = (yHi - yLo) * 0.05;
        setValueRange(static_cast<QValueAxis *>(m_yAxis), yLo - pad, yHi + pad);
    }
}

} // namespace trainyard::ui::charts
