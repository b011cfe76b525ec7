// SPDX-License-Identifier: MIT
#include "charts/metricchart.h"

#include "charts/chartaccess.h"

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

MetricChartView::MetricChartView(const QString &metric, const QString &storeDir, QWidget *parent)
    : QChartView(parent)
    , m_metric(metric)
    , m_storeDir(storeDir)
{
    installChartAccessibility();
    auto *c = new QChart;
    // Chart titles and legend labels accept rich text: outside strings are escaped.
    c->setTitle(metric.toHtmlEscaped());
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setAnimationOptions(QChart::NoAnimation);
    setChart(c);
    connect(c, &QChart::plotAreaChanged, this, &MetricChartView::relabel);
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setMinimumSize(MinimumWidth, MinimumHeight);
    // Tab reaches it (arrows pan, + and - zoom, T opens the table); a frame shows the focus.
    setFocusPolicy(Qt::StrongFocus);
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
    // One name per chart: a page has several Export buttons.
    m_exportButton->setAccessibleName(tr("Export %1").arg(metric));
    m_exportButton->setToolTip(tr("Save every point of this chart as CSV, or the chart as PNG"));
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    m_exportButton->setAutoRaise(true);
    auto *menu = new QMenu(m_exportButton);
    menu->addAction(tr("CSV…"), this, &MetricChartView::askCsv);
    menu->addAction(tr("PNG…"), this, &MetricChartView::askPng);
    m_exportButton->setMenu(menu);

    m_tableButton = new QToolButton(this);
    m_tableButton->setObjectName(QStringLiteral("chartTable"));
    m_tableButton->setText(tr("Table"));
    m_tableButton->setAccessibleName(tr("Show %1 as a table").arg(metric));
    m_tableButton->setToolTip(tr("The points of the visible range as a table (T)"));
    m_tableButton->setAutoRaise(true);
    connect(m_tableButton, &QToolButton::clicked, this, &MetricChartView::showTable);

    // While the chart has the focus its description (read by screen readers) changes at most
    // every few seconds, not at each redraw.
    m_describeTimer.setSingleShot(true);
    m_describeTimer.setInterval(5000);
    connect(&m_describeTimer, &QTimer::timeout, this, &MetricChartView::updateDescription);

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
    m_tableButton->adjustSize();
    m_tableButton->move(m_exportButton->x() - m_tableButton->width() - 2, 6);
    m_tableButton->raise();
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
    applyChartFocusFrame(this);
    applyPens();
}

void MetricChartView::focusInEvent(QFocusEvent *event)
{
    QChartView::focusInEvent(event);
    applyChartFocusFrame(this);
}

void MetricChartView::focusOutEvent(QFocusEvent *event)
{
    QChartView::focusOutEvent(event);
    applyChartFocusFrame(this);
    if (m_describeTimer.isActive()) {
        m_describeTimer.stop();
        updateDescription();
    }
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
    m_series.insert(source, l);
    attachAxes(source, l);
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
    r.secondaryKinds = m_x2Axis ? m_secondaryKinds : QStringList();
    if (m_zoomed) {
        auto *x = static_cast<QValueAxis *>(m_xAxis);
        r.xMin = x->min();
        r.xMax = x->max();
        if (auto *x2 = qobject_cast<QValueAxis *>(m_x2Axis)) {
            r.xMin2 = x2->min();
            r.xMax2 = x2->max();
        }
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
    m_order.clear();
    m_keys.clear();
    for (const metrics::DrawnSeries &series : list) {
        m_stats.insert(series.display, series.stats);
    }
    chooseStepAxes(list);
    Extent first;
    Extent second;
    for (const metrics::DrawnSeries &series : list) {
        m_order.append(series.display);
        m_keys.append(series.key);
        const Lines l = seriesFor(series.display);
        l.line->replace(QList<QPointF>(series.points.cbegin(), series.points.cend()));
        l.raw->replace(QList<QPointF>(series.raw.cbegin(), series.raw.cend()));
        Extent &extent = m_x2Axis && m_secondaryKinds.contains(series.stats.kind) ? second : first;
        for (const QVector<QPointF> *points : {&series.points, &series.raw}) {
            for (const QPointF &p : *points)
                extent.add(p);
        }
    }
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        if (!m_order.contains(it.key())) {
            it->line->clear(); // gone from the store (extracted again)
            it->raw->clear();
        }
    }
    // A shown chart tells assistive technology its new summary (DescriptionChanged), a focused
    // one at most every few seconds; a hidden one is read when asked (chartaccess.cpp).
    if (isVisible() && !hasFocus())
        updateDescription();
    else if (isVisible() && !m_describeTimer.isActive())
        m_describeTimer.start();
    if (m_zoomed || !(first.valid() || second.valid()))
        return;
    setRanges(first, second);
}

void MetricChartView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Reset zoom"), this, &MetricChartView::resetZoom);
    menu.addAction(tr("Show as table…"), this, &MetricChartView::showTable);
    if (m_xMode == XMode::Step && (m_oneStepAxis || !m_secondaryKinds.isEmpty())) {
        QAction *one = menu.addAction(tr("One step axis for all series"));
        one->setCheckable(true);
        one->setChecked(m_oneStepAxis);
        one->setToolTip(tr("Series on another step scale (a hypertune file's global step) "
                           "have a second step axis at the top"));
        connect(one, &QAction::toggled, this, &MetricChartView::setOneStepAxis);
    }
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
    const bool exportShown = m_exportButton->isVisible();
    const bool tableShown = m_tableButton->isVisible();
    m_exportButton->hide();
    m_tableButton->hide();
    const bool ok = grab().save(path, "PNG");
    m_exportButton->setVisible(exportShown);
    m_tableButton->setVisible(tableShown);
    return ok;
}

} // namespace trainyard::ui::charts
