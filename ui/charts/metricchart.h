// SPDX-License-Identifier: MIT
// One metric as a QtCharts line chart, fed by an in-memory MetricSeriesSet or by a metric store
// (metrics::StoreFollower: the level pyramid gives about two points per pixel column): one QLineSeries per source (replica), fed with replace()
// of a downsampled copy (LTTB to about twice the plot width, over the visible x range) — never
// append() per point. EMA smoothing (TensorBoard's), log scale, x as step or time since start,
// hover tooltip with the nearest value, rubber-band zoom, pan (middle button or Shift+drag,
// arrow keys) and reset (Home, or the panel's button), CSV and PNG export.
#pragma once

#include "metrics/series.h"
#include "metrics/storefollower.h"

#include <QChartView>
#include <QHash>
#include <QTimer>

class QLineSeries;
class QAbstractAxis;

namespace trainyard::ui::charts {

enum class XMode { Step, Time };

class MetricChartView : public QChartView
{
    Q_OBJECT
public:
    MetricChartView(const QString &metric, const metrics::MetricSeriesSet *set,
                    QWidget *parent = nullptr);
    // A chart of a metric store: updateSeries() asks for its points with drawRequested() and
    // draws what applyDrawn() brings (metrics::StoreFollower, in a worker thread).
    MetricChartView(const QString &metric, const QString &storeDir, QWidget *parent = nullptr);

    QString metric() const { return m_metric; }
    void setXMode(XMode mode);
    void setSmoothing(double weight);
    void setLogScale(bool on);
    bool logScale() const { return m_log; }
    bool isZoomed() const { return m_zoomed; }
    void resetZoom();

    // Rebuilds the drawn series from the set (call when the metric got points); for a store,
    // emits drawRequested().
    void updateSeries();
    // What the chart would draw now (width, range, x axis, smoothing, scale).
    metrics::DrawRequest drawRequest() const;
    // Draws a store's answer (ignored unless it answers the latest request).
    void applyDrawn(const metrics::DrawResult &result);
    // Stable per-run colours (the Compare view): source -> colour.
    void setColors(const QHash<QString, QColor> &colors) { m_colors = colors; }
    // The series as drawn (tests and export).
    QList<QLineSeries *> lineSeries() const;
    // Every point of every source: source,step,wall_time,value (RFC 3339 UTC wall time).
    bool exportCsv(const QString &path, QString *error = nullptr) const;
    bool exportPng(const QString &path);

Q_SIGNALS:
    void drawRequested(const trainyard::metrics::DrawRequest &request);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Smoothed points of one source, extended incrementally while points are appended in x
    // order (the EMA state is kept), rebuilt when the mode changes or x goes back.
    struct Cache
    {
        qsizetype count = 0;
        QVector<QPointF> smoothed; // x as configured, y smoothed, sorted by x
        double emaLast = 0;
        double emaDebias = 0;
    };
    void draw(const QList<metrics::DrawnSeries> &series);
    void extendCache(Cache &cache, const QVector<metrics::MetricPoint> &points) const;
    void rebuildAxes();
    void applyTheme();
    QLineSeries *seriesFor(const QString &source);
    void onHovered(const QString &source, const QPointF &point, bool state);

    QString m_metric;
    const metrics::MetricSeriesSet *m_set = nullptr;
    QString m_storeDir;
    QStringList m_order; // sources as last drawn (store mode)
    QHash<QString, QColor> m_colors;
    quint64 m_serial = 0;
    QTimer m_resizeTimer; // store mode: the points fitting the new width, once resizing stops
    QHash<QString, QLineSeries *> m_series;
    QHash<QString, Cache> m_cache;
    QAbstractAxis *m_xAxis = nullptr;
    QAbstractAxis *m_yAxis = nullptr;
    XMode m_xMode = XMode::Step;
    double m_smoothing = 0.6;
    bool m_log = false;
    bool m_zoomed = false;
    bool m_panning = false;
    bool m_rubberBanding = false;
    QPoint m_lastPan;
};

} // namespace trainyard::ui::charts
