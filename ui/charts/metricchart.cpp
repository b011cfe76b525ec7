// SPDX-License-Identifier: MIT
#include "charts/metricchart.h"

#include "metrics/downsample.h"

#include <QApplication>
#include <QDateTime>
#include <QFile>
#include <QFileDialog>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QSaveFile>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace trainyard::ui::charts {

namespace {

// Ticks at a 1/2/5 x 10^n interval anchored at 0, about five over the range; the range itself
// stays the data's (QValueAxis::applyNiceNumbers() can double it).
void setNiceTicks(QValueAxis *axis, double lo, double hi)
{
    const double span = hi - lo;
    if (!(span > 0) || !std::isfinite(span))
        return;
    const double raw = span / 5.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / magnitude;
    const double nice = (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * magnitude;
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0.0);
    axis->setTickInterval(nice);
}

} // namespace

MetricChartView::MetricChartView(const QString &metric, const metrics::MetricSeriesSet *set,
                                 QWidget *parent)
    : QChartView(parent)
    , m_metric(metric)
    , m_set(set)
{
    auto *c = new QChart;
    // Chart titles and legend labels accept rich text: outside strings are escaped.
    c->setTitle(metric.toHtmlEscaped());
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setAnimationOptions(QChart::NoAnimation);
    setChart(c);
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setMinimumSize(360, 260);
    setFocusPolicy(Qt::ClickFocus);
    applyTheme();
    rebuildAxes();
}

MetricChartView::MetricChartView(const QString &metric, const QString &storeDir, QWidget *parent)
    : MetricChartView(metric, static_cast<const metrics::MetricSeriesSet *>(nullptr), parent)
{
    m_storeDir = storeDir;
    m_resizeTimer.setSingleShot(true);
    m_resizeTimer.setInterval(100);
    connect(&m_resizeTimer, &QTimer::timeout, this, &MetricChartView::updateSeries);
}

void MetricChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    if (!m_set)
        m_resizeTimer.start();
}

void MetricChartView::applyTheme()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(palette().brush(QPalette::Base));
    chart()->setTitleBrush(palette().brush(QPalette::Text));
    chart()->legend()->setLabelColor(palette().color(QPalette::Text));
}

void MetricChartView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    QChartView::changeEvent(event);
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
    auto *x = new QValueAxis;
    x->setTitleText(m_xMode == XMode::Step ? tr("Step") : tr("Time since start (s)"));
    x->setLabelFormat(QStringLiteral("%g"));
    m_xAxis = x;
    if (m_log) {
        auto *y = new QLogValueAxis;
        y->setLabelFormat(QStringLiteral("%g"));
        y->setBase(10);
        m_yAxis = y;
    } else {
        auto *y = new QValueAxis;
        y->setLabelFormat(QStringLiteral("%g"));
        m_yAxis = y;
    }
    c->addAxis(m_xAxis, Qt::AlignBottom);
    c->addAxis(m_yAxis, Qt::AlignLeft);
    const QColor text = palette().color(QPalette::Text);
    for (QAbstractAxis *axis : {m_xAxis, m_yAxis}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(QBrush(text));
    }
    for (QLineSeries *s : std::as_const(m_series)) {
        s->attachAxis(m_xAxis);
        s->attachAxis(m_yAxis);
    }
}

QLineSeries *MetricChartView::seriesFor(const QString &source)
{
    auto it = m_series.find(source);
    if (it != m_series.end())
        return *it;
    auto *s = new QLineSeries(this);
    s->setName(source.toHtmlEscaped());
    if (m_colors.contains(source))
        s->setColor(m_colors.value(source));
    chart()->addSeries(s);
    s->attachAxis(m_xAxis);
    s->attachAxis(m_yAxis);
    connect(s, &QLineSeries::hovered, this,
            [this, source](const QPointF &p, bool state) { onHovered(source, p, state); });
    return *m_series.insert(source, s);
}

QList<QLineSeries *> MetricChartView::lineSeries() const
{
    QList<QLineSeries *> list;
    const QStringList sources = m_set ? m_set->sources(m_metric) : m_order;
    for (const QString &source : sources) {
        if (QLineSeries *s = m_series.value(source))
            list.append(s);
    }
    return list;
}

void MetricChartView::setXMode(XMode mode)
{
    if (mode == m_xMode)
        return;
    m_xMode = mode;
    m_cache.clear();
    m_zoomed = false;
    rebuildAxes();
    updateSeries();
}

void MetricChartView::setSmoothing(double weight)
{
    if (qFuzzyCompare(weight + 1, m_smoothing + 1))
        return;
    m_smoothing = weight;
    m_cache.clear();
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
    draw(result.series);
}

void MetricChartView::updateSeries()
{
    if (!m_set) {
        ++m_serial;
        Q_EMIT drawRequested(drawRequest());
        return;
    }
    const QStringList sources = m_set->sources(m_metric);
    const int plotWidth = std::max(100, int(chart()->plotArea().width()));
    const int threshold = 2 * plotWidth;
    double xMin = 0;
    double xMax = 0;
    if (m_zoomed) {
        auto *x = static_cast<QValueAxis *>(m_xAxis);
        xMin = x->min();
        xMax = x->max();
    }
    QList<metrics::DrawnSeries> drawnList;
    for (const QString &source : sources) {
        const QVector<metrics::MetricPoint> *points = m_set->points(m_metric, source);
        if (!points)
            continue;
        Cache &cache = m_cache[source];
        if (cache.count != points->size())
            extendCache(cache, *points);
        QVector<QPointF> visible;
        if (m_zoomed) {
            auto first = std::lower_bound(cache.smoothed.cbegin(), cache.smoothed.cend(), xMin,
                                          [](const QPointF &p, double v) { return p.x() < v; });
            auto last = std::upper_bound(first, cache.smoothed.cend(), xMax,
                                         [](double v, const QPointF &p) { return v < p.x(); });
            if (first != cache.smoothed.cbegin())
                --first;
            if (last != cache.smoothed.cend())
                ++last;
            visible = QVector<QPointF>(first, last);
        } else {
            visible = cache.smoothed;
        }
        if (m_log) {
            visible.erase(std::remove_if(visible.begin(), visible.end(),
                                         [](const QPointF &p) { return !(p.y() > 0); }),
                          visible.end());
        }
        drawnList.append(metrics::DrawnSeries{source, metrics::lttb(visible, threshold), 1});
    }
    draw(drawnList);
}

void MetricChartView::draw(const QList<metrics::DrawnSeries> &list)
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    double yLo = lo;
    double yHi = -lo;
    if (!m_set)
        m_order.clear();
    for (const metrics::DrawnSeries &series : list) {
        const QVector<QPointF> &drawn = series.points;
        if (!m_set)
            m_order.append(series.display);
        seriesFor(series.display)->replace(QList<QPointF>(drawn.cbegin(), drawn.cend()));
        for (const QPointF &p : drawn) {
            lo = std::min(lo, p.x());
            hi = std::max(hi, p.x());
            yLo = std::min(yLo, p.y());
            yHi = std::max(yHi, p.y());
        }
    }
    if (!m_set) {
        for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
            if (!m_order.contains(it.key()))
                it.value()->clear(); // gone from the store (extracted again)
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
    m_xAxis->setRange(lo, hi);
    setNiceTicks(static_cast<QValueAxis *>(m_xAxis), lo, hi);
    if (m_log) {
        m_yAxis->setRange(yLo, yHi);
    } else {
        const double pad = (yHi - yLo) * 0.05;
        m_yAxis->setRange(yLo - pad, yHi + pad);
        setNiceTicks(static_cast<QValueAxis *>(m_yAxis), yLo - pad, yHi + pad);
    }
}

void MetricChartView::extendCache(Cache &cache, const QVector<metrics::MetricPoint> &points) const
{
    const qint64 origin = m_set->firstWallMs();
    auto xOf = [this, origin](const metrics::MetricPoint &p) {
        return m_xMode == XMode::Step ? p.step : double(p.wallMs - origin) / 1000.0;
    };
    bool appendOnly = cache.count > 0 && cache.count < points.size() &&
                      cache.count == cache.smoothed.size();
    if (appendOnly) {
        double lastX = cache.smoothed.last().x();
        for (qsizetype i = cache.count; i < points.size() && appendOnly; ++i) {
            const double x = xOf(points.at(i));
            appendOnly = x >= lastX;
            lastX = x;
        }
    }
    if (!appendOnly) {
        cache = Cache();
    }
    // TensorBoard's debiased EMA (metrics::smoothEma), continued from the cached state.
    const double w = std::clamp(m_smoothing, 0.0, 0.999);
    cache.smoothed.reserve(points.size());
    for (qsizetype i = cache.count; i < points.size(); ++i) {
        const metrics::MetricPoint &p = points.at(i);
        double y = p.value;
        if (w > 0 && std::isfinite(y)) {
            cache.emaLast = cache.emaLast * w + (1.0 - w) * y;
            cache.emaDebias = cache.emaDebias * w + (1.0 - w);
            y = cache.emaLast / cache.emaDebias;
        }
        cache.smoothed.append(QPointF(xOf(p), y));
    }
    cache.count = points.size();
    // Steps can repeat or go back (a restarted replica): draw in x order.
    const auto byX = [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); };
    if (!appendOnly && !std::is_sorted(cache.smoothed.cbegin(), cache.smoothed.cend(), byX)) {
        std::stable_sort(cache.smoothed.begin(), cache.smoothed.end(), byX);
        cache.count = -1 - cache.count; // sorted copy: never extend it, rebuild next time
    }
}

void MetricChartView::onHovered(const QString &source, const QPointF &point, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    // The nearest drawn point of that series.
    QLineSeries *s = m_series.value(source);
    if (!s)
        return;
    const QList<QPointF> points = s->points();
    QPointF best = point;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const QPointF &p : points) {
        const double d = std::abs(p.x() - point.x());
        if (d < bestDistance) {
            bestDistance = d;
            best = p;
        }
    }
    const QString xName = m_xMode == XMode::Step ? tr("step") : tr("s");
    QToolTip::showText(QCursor::pos(), tr("%1\n%2 %3: %4 = %5")
                                           .arg(source, xName, QString::number(best.x(), 'g', 8),
                                                m_metric, QString::number(best.y(), 'g', 6)),
                       this);
}

void MetricChartView::mousePressEvent(QMouseEvent *event)
{
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
        m_zoomed = true;
        updateSeries(); // more detail in the zoomed range
    }
}

void MetricChartView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Left: chart()->scroll(-30, 0); m_zoomed = true; updateSeries(); return;
    case Qt::Key_Right: chart()->scroll(30, 0); m_zoomed = true; updateSeries(); return;
    case Qt::Key_Up: chart()->scroll(0, 30); m_zoomed = true; return;
    case Qt::Key_Down: chart()->scroll(0, -30); m_zoomed = true; return;
    case Qt::Key_Plus: chart()->zoomIn(); m_zoomed = true; updateSeries(); return;
    case Qt::Key_Minus: chart()->zoomOut(); m_zoomed = true; updateSeries(); return;
    case Qt::Key_Home: resetZoom(); return;
    default: break;
    }
    QChartView::keyPressEvent(event);
}

void MetricChartView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Reset zoom"), this, &MetricChartView::resetZoom);
    menu.addSeparator();
    menu.addAction(tr("Export CSV…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export %1 as CSV").arg(m_metric), m_metric + QStringLiteral(".csv"),
            tr("CSV files (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportCsv(path, &error))
            QMessageBox::warning(this, tr("Export failed"), error);
    });
    menu.addAction(tr("Export PNG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export %1 as PNG").arg(m_metric), m_metric + QStringLiteral(".png"),
            tr("PNG images (*.png)"));
        if (!path.isEmpty() && !exportPng(path))
            QMessageBox::warning(this, tr("Export failed"), tr("The image could not be written."));
    });
    menu.exec(event->globalPos());
}

bool MetricChartView::exportCsv(const QString &path, QString *error) const
{
    if (!m_set)
        return metrics::StoreFollower::exportCsv(m_storeDir, m_metric, path, error);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    auto quote = [](const QString &s) -> QString {
        QString q = s;
        q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        return QLatin1Char('"') + q + QLatin1Char('"');
    };
    file.write("source,step,wall_time,value\n");
    const QStringList sources = m_set->sources(m_metric);
    for (const QString &source : sources) {
        const QVector<metrics::MetricPoint> *points = m_set->points(m_metric, source);
        if (!points)
            continue;
        for (const metrics::MetricPoint &p : *points) {
            const QString line = quote(source) + QLatin1Char(',') + QString::number(p.step, 'g', 15) +
                                 QLatin1Char(',') +
                                 QDateTime::fromMSecsSinceEpoch(p.wallMs, Qt::UTC).toString(Qt::ISODateWithMs) +
                                 QLatin1Char(',') + QString::number(p.value, 'g', 17) + QLatin1Char('\n');
            file.write(line.toUtf8());
        }
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

bool MetricChartView::exportPng(const QString &path)
{
    return grab().save(path, "PNG");
}

} // namespace trainyard::ui::charts
