// SPDX-License-Identifier: MIT
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

MetricChartView::MetricChartView(const QString &metric, const QString &storeDir, QWidget *parent)
    : QChartView(parent)
    , m_metric(metric)
    , m_storeDir(storeDir)
{
    auto *c = new QChart;
    // Chart titles and legend labels accept rich text: outside strings are escaped.
    c->setTitle(metric.toHtmlEscaped());
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setAnimationOptions(QChart::NoAnimation);
    setChart(c);
    connect(c, &QChart::plotAreaChanged, this, &MetricChartView::relabel);
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setMinimumSize(360, 260);
    setFocusPolicy(Qt::ClickFocus);
    setMouseTracking(true);

    m_crosshair = new QGraphicsLineItem;
    m_crosshair->setZValue(1000);
    m_crosshair->hide();
    scene()->addItem(m_crosshair);
    m_hover = new QLabel(this);
    m_hover->setObjectName(QStringLiteral("chartHover"));
    m_hover->setTextFormat(Qt::PlainText); // source names come from outside
    m_hover->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_hover->setForegroundRole(QPalette::ToolTipText);
    m_hover->setBackgroundRole(QPalette::ToolTipBase);
    m_hover->setAutoFillBackground(true);
    m_hover->setFrameShape(QFrame::Box);
    m_hover->setMargin(4);
    m_hover->hide();

    m_exportButton = new QToolButton(this);
    m_exportButton->setObjectName(QStringLiteral("chartExport"));
    m_exportButton->setText(tr("Export"));
    m_exportButton->setToolTip(tr("Save every point of this chart as CSV, or the chart as PNG"));
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    m_exportButton->setAutoRaise(true);
    auto *menu = new QMenu(m_exportButton);
    menu->addAction(tr("CSV…"), this, &MetricChartView::askCsv);
    menu->addAction(tr("PNG…"), this, &MetricChartView::askPng);
    m_exportButton->setMenu(menu);

    m_resizeTimer.setSingleShot(true);
    m_resizeTimer.setInterval(100);
    connect(&m_resizeTimer, &QTimer::timeout, this, &MetricChartView::updateSeries);
    applyTheme();
    rebuildAxes();
    placeExportButton();
}

void MetricChartView::placeExportButton()
{
    m_exportButton->adjustSize();
    m_exportButton->move(width() - m_exportButton->width() - 6, 6);
    m_exportButton->raise();
}

void MetricChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    placeExportButton();
    m_resizeTimer.start();
}

void MetricChartView::applyTheme()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(palette().brush(QPalette::Base));
    chart()->setTitleBrush(palette().brush(QPalette::Text));
    chart()->legend()->setLabelColor(palette().color(QPalette::Text));
    QPen cross(palette().color(QPalette::Text), 1, Qt::DashLine);
    m_crosshair->setPen(cross);
    applyPens();
}

void MetricChartView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    QChartView::changeEvent(event);
}

void MetricChartView::setColors(const QHash<QString, QColor> &colors)
{
    m_colors = colors;
    applyPens();
}

void MetricChartView::setPenStyles(const QHash<QString, Qt::PenStyle> &styles)
{
    m_styles = styles;
    applyPens();
}

void MetricChartView::applyPens()
{
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        const QColor color = m_colors.value(it.key(), it->line->color());
        QPen pen(color);
        pen.setWidthF(m_smoothing > 0 ? 2.5 : 1.5); // the smoothed line bold over the raw band
        pen.setStyle(m_styles.value(it.key(), Qt::SolidLine));
        it->line->setPen(pen);
        QColor faint = color;
        faint.setAlphaF(0.28);
        QPen rawPen(faint);
        rawPen.setWidthF(1.0);
        it->raw->setPen(rawPen);
        for (QLegendMarker *m : chart()->legend()->markers(it->raw))
            m->setVisible(false);
    }
}

void MetricChartView::rebuildAxes()
{
    QChart *c = chart();
    if (m_xAxis) {
        c->removeAxis(m_xAxis);
        delete m_xAxis;
    }
    if (m_yAxis) {
        c->removeAxis(m_yAxis);
        delete m_yAxis;
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
    c->addAxis(m_xAxis, Qt::AlignBottom);
    c->addAxis(m_yAxis, Qt::AlignLeft);
    const QColor text = palette().color(QPalette::Text);
    for (QAbstractAxis *axis : {m_xAxis, m_yAxis}) {
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
    for (const Lines &l : std::as_const(m_series)) {
        for (QLineSeries *s : {l.raw, l.line}) {
            s->attachAxis(m_xAxis);
            s->attachAxis(m_yAxis);
        }
    }
    relabel();
}

void MetricChartView::relabel()
{
    if (m_relabelling)
        return;
    m_relabelling = true;
    const QRectF plot = chart()->plotArea();
    const QColor text = palette().color(QPalette::Text);
    for (QAbstractAxis *axis : {m_xAxis, m_yAxis}) {
        const bool horizontal = axis == m_xAxis;
        QList<QGraphicsSimpleTextItem *> &items = horizontal ? m_xLabels : m_yLabels;
        auto *value = qobject_cast<QValueAxis *>(axis);
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
                if (value->tickAnchor() != 0.0)
                    value->setTickAnchor(0.0);
                if (value->tickInterval() != interval)
                    value->setTickInterval(interval);
                // At most MaxTicks labels, counted in integers: far from 0 (wall times in ms) a
                // tiny span makes k + 1 == k in doubles, and a double counter never ends.
                constexpr int MaxTicks = 64;
                const double first = std::ceil(lo / interval - 1e-9);
                for (int i = 0; i < MaxTicks; ++i) {
                    const double tick = (first + i) * interval;
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
            const double lo = value->min();
            const double hi = value->max();
            const double f = (ticks.at(i) - lo) / (hi - lo);
            if (horizontal) {
                const double px = plot.left() + f * plot.width();
                item->setPos(
                    chart()->mapFromScene(QPointF(px - box.width() / 2, plot.bottom() + 6)));
            } else {
                const double py = plot.bottom() - f * plot.height();
                item->setPos(chart()->mapFromScene(
                    QPointF(plot.left() - box.width() - 6, py - box.height() / 2)));
            }
            item->show();
        }
    }
    placeRestartMarks();
    m_relabelling = false;
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

MetricChartView::Lines MetricChartView::seriesFor(const QString &source)
{
    auto it = m_series.find(source);
    if (it != m_series.end())
        return *it;
    Lines l;
    l.raw = new QLineSeries(this); // added first: drawn under the line
    l.line = new QLineSeries(this);
    l.line->setName(source.toHtmlEscaped());
    chart()->addSeries(l.raw);
    chart()->addSeries(l.line);
    for (QLineSeries *s : {l.raw, l.line}) {
        s->attachAxis(m_xAxis);
        s->attachAxis(m_yAxis);
    }
    m_series.insert(source, l);
    applyPens();
    return l;
}

QList<QLineSeries *> MetricChartView::lineSeries() const
{
    QList<QLineSeries *> list;
    for (const QString &source : m_order) {
        if (const auto it = m_series.constFind(source); it != m_series.cend())
            list.append(it->line);
    }
    return list;
}

QList<QLineSeries *> MetricChartView::rawSeries() const
{
    QList<QLineSeries *> list;
    for (const QString &source : m_order) {
        if (const auto it = m_series.constFind(source); it != m_series.cend())
            list.append(it->raw);
    }
    return list;
}

void MetricChartView::setXMode(XMode mode)
{
    if (mode == m_xMode)
        return;
    m_xMode = mode;
    m_zoomed = false;
    rebuildAxes();
    updateSeries();
}

void MetricChartView::setSmoothing(double weight)
{
    if (qFuzzyCompare(weight + 1, m_smoothing + 1))
        return;
    m_smoothing = weight;
    applyPens();
    updateSeries();
}

void MetricChartView::setLogScale(bool on)
{
    if (on == m_log)
        return;
    m_log = on;
    m_zoomed = false;
    rebuildAxes();
    updateSeries();
}

void MetricChartView::resetZoom()
{
    m_zoomed = false;
    updateSeries();
}

metrics::DrawRequest MetricChartView::drawRequest() const
{
    metrics::DrawRequest r;
    r.metric = m_metric;
    r.width = std::max(100, int(chart()->plotArea().width()));
    r.byTime = m_xMode == XMode::Time;
    r.byEpoch = m_xMode == XMode::Epoch;
    r.smoothing = m_smoothing;
    r.logScale = m_log;
    r.zoomed = m_zoomed;
    if (m_zoomed) {
        auto *x = static_cast<QValueAxis *>(m_xAxis);
        r.xMin = x->min();
        r.xMax = x->max();
    }
    r.serial = m_serial;
    return r;
}

void MetricChartView::applyDrawn(const metrics::DrawResult &result)
{
    if (result.metric != m_metric || result.serial != m_serial)
        return; // an answer to an older request
    m_originMs = result.originMs;
    m_rangeDrawn = true;
    draw(result.series);
    placeRestartMarks(); // also when the range did not change
}

void MetricChartView::updateSeries()
{
    ++m_serial;
    Q_EMIT drawRequested(drawRequest());
}

void MetricChartView::draw(const QList<metrics::DrawnSeries> &list)
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    double yLo = lo;
    double yHi = -lo;
    m_order.clear();
    m_keys.clear();
    for (const metrics::DrawnSeries &series : list) {
        m_order.append(series.display);
        m_keys.append(series.key);
        const Lines l = seriesFor(series.display);
        l.line->replace(QList<QPointF>(series.points.cbegin(), series.points.cend()));
        l.raw->replace(QList<QPointF>(series.raw.cbegin(), series.raw.cend()));
        for (const QVector<QPointF> *points : {&series.points, &series.raw}) {
            for (const QPointF &p : *points) {
                lo = std::min(lo, p.x());
                hi = std::max(hi, p.x());
                yLo = std::min(yLo, p.y());
                yHi = std::max(yHi, p.y());
            }
        }
    }
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        if (!m_order.contains(it.key())) {
            it->line->clear(); // gone from the store (extracted again)
            it->raw->clear();
        }
    }
    if (m_zoomed || !(hi >= lo))
        return;
    if (hi == lo)
        hi = lo + 1;
    if (yHi == yLo) {
        yHi += std::abs(yHi) * 0.1 + (m_log ? 0 : 1);
        yLo -= m_log ? yLo * 0.5 : std::abs(yLo) * 0.1 + 1;
    }
    // QValueAxis makes an item per tick at once: the interval never gets small for a wide range
    // (the larger one while the range changes, then the new range's).
    const auto setRange = [](QValueAxis *axis, double from, double to) {
        const double interval = niceInterval(to - from);
        if (!countableTicks(from, to, interval)) {
            axis->setTickType(QValueAxis::TicksFixed);
            axis->setRange(from, to);
            return;
        }
        axis->setTickInterval(std::max(interval, axis->tickInterval()));
        axis->setRange(from, to);
        axis->setTickInterval(interval);
    };
    setRange(static_cast<QValueAxis *>(m_xAxis), lo, hi);
    if (m_log) {
        m_yAxis->setRange(yLo, yHi);
    } else {
        const double pad = (yHi - yLo) * 0.05;
        setRange(static_cast<QValueAxis *>(m_yAxis), yLo - pad, yHi + pad);
    }
}

void MetricChartView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Reset zoom"), this, &MetricChartView::resetZoom);
    menu.addSeparator();
    menu.addAction(tr("Export CSV…"), this, &MetricChartView::askCsv);
    menu.addAction(tr("Export PNG…"), this, &MetricChartView::askPng);
    menu.exec(event->globalPos());
}

void MetricChartView::askCsv()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export %1 as CSV").arg(m_metric),
                                     m_metric + QStringLiteral(".csv"), tr("CSV files (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportCsv(path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

void MetricChartView::askPng()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export %1 as PNG").arg(m_metric),
                                     m_metric + QStringLiteral(".png"), tr("PNG images (*.png)"));
    if (!path.isEmpty() && !exportPng(path))
        QMessageBox::warning(this, tr("Export failed"), tr("The image could not be written."));
}

bool MetricChartView::exportCsv(const QString &path, QString *error) const
{
    if (m_csvWriter)
        return m_csvWriter(path, error);
    return metrics::StoreFollower::exportCsv(m_storeDir, m_metric, path, error);
}

bool MetricChartView::exportPng(const QString &path)
{
    const bool button = m_exportButton->isVisible();
    m_exportButton->hide();
    const bool ok = grab().save(path, "PNG");
    m_exportButton->setVisible(button);
    return ok;
}

} // namespace trainyard::ui::charts
