// SPDX-License-Identifier: MIT
// One metric as a QtCharts line chart of a metric store (metrics::StoreFollower: the level
// pyramid gives about two points per pixel column). Per source (replica, run) a line fed with
// replace(), never append() per point; when smoothed (TensorBoard's EMA), the line is the
// smoothed curve drawn bold over the raw points (or their min/max per pixel column) drawn faint,
// as TensorBoard and W&B draw it. X as step, time since start or epoch; axis labels in short form
// (2M, 500k, 0.25, 1e-4); a crosshair showing every series' value at the cursor's x; box zoom
// (both axes), pan (middle button or Shift+drag, arrow keys) and reset (Home, or the panel's
// button); an Export button (CSV of every stored point, PNG of the chart). Restarts of the
// replicas whose series it shows are marked with a dashed vertical line and a label
// (setRestartMarks; restartmarks.cpp).
//
// What it shows is true (docs/charts.md): a constant series is a flat line at its value at any
// smoothing, a flat series keeps readable y labels, the crosshair names each series' value and
// its smoothed value, and on a step axis series of another kind whose steps run on another scale
// (a hypertune file's global step beside the log's step) get a second step axis at the top
// instead of being squeezed onto the first (the context menu can put them on one axis).
//
// For assistive technology (chartaccess.cpp) the chart is a Chart named by its title, described
// by a summary of its series (last value at its step, min, max, points), with its Export and
// "Table" buttons as children; "Table" lists the points of the visible range
// (charttable.h). Keyboard: Tab reaches it (a frame marks the focus), arrows pan, + and - zoom,
// Home resets, T shows the table.
#pragma once

#include "metrics/storefollower.h"

#include <QChartView>
#include <QHash>
#include <QTimer>
#include <functional>
#include <limits>
#include <optional>

class QGraphicsLineItem;
class QGraphicsSimpleTextItem;
class QLabel;
class QLineSeries;
class QAbstractAxis;
class QToolButton;

namespace trainyard::ui::charts {

enum class XMode { Step, Time, Epoch };

// One row of a chart's table (charttable.h): a drawn point of the visible range.
struct ChartPoint
{
    QString series;
    double x = 0;
    double value = 0;
    std::optional<double> smoothed; // the smoothed line at this x, when it has a point there
    bool secondAxis = false;        // x is on the second step axis
};

// A restart of a replica, as a chart marks it on the series of that replica: those whose key
// (metrics::SeriesKey) has the replica's log name as its source ("worker-0", "chief-0.trial-2")
// and is of its log or its hypertune file. On a time axis the line stands at the restart's time; on
// a step axis at the last step the replica reported before it (where its work was cut off; unset:
// not drawn); on an epoch axis it is not drawn (a restart has no epoch of its own).
struct RestartMark
{
    QString source;
    qint64 wallMs = 0; // when the replica was started again (ms since the epoch)
    std::optional<qint64> step;
    QString label;        // short, plain text: "VM maintenance · resumed at step 13"
    QString toolTip;      // plain text
    bool warning = false; // started over: drawn in the warning colour

    bool operator==(const RestartMark &o) const
    {
        return source == o.source && wallMs == o.wallMs && step == o.step && label == o.label &&
               toolTip == o.toolTip && warning == o.warning;
    }
};

class MetricChartView : public QChartView
{
    Q_OBJECT
public:
    // A chart of a metric store: updateSeries() asks for its points with drawRequested() and
    // draws what applyDrawn() brings (metrics::StoreFollower, in a worker thread).
    MetricChartView(const QString &metric, const QString &storeDir, QWidget *parent = nullptr);
    static constexpr int MinimumWidth = 360;
    static constexpr int MinimumHeight = 260;

    QString metricName() const { return m_metric; }
    void setXMode(XMode mode);
    void setSmoothing(double weight);
    double smoothing() const { return m_smoothing; }
    void setLogScale(bool on);
    bool logScale() const { return m_log; }
    bool isZoomed() const { return m_zoomed; }
    void resetZoom();

    // Emits drawRequested() for what the chart shows now.
    void updateSeries();
    // What the chart would draw now (width, range, x axis, smoothing, scale).
    metrics::DrawRequest drawRequest() const;
    // Draws a store's answer (ignored unless it answers the latest request).
    void applyDrawn(const metrics::DrawResult &result);
    // Stable per-run colours and line styles (the Compare view): source -> colour, style.
    void setColors(const QHash<QString, QColor> &colors);
    void setPenStyles(const QHash<QString, Qt::PenStyle> &styles);
    // The lines as drawn (the smoothed ones when smoothing), one per source, and the faint raw
    // series under them (empty when not smoothed), in the same order.
    QList<QLineSeries *> lineSeries() const;
    QList<QLineSeries *> rawSeries() const;
    // The labels the axis shows now.
    QStringList axisLabels(Qt::Orientation orientation) const;
    // The crosshair's text (x, then every series' value at it, with the smoothed value when
    // smoothing); empty when not hovering.
    QString hoverText() const;
    bool crosshairVisible() const;
    // Shows the crosshair at a point of the widget, as hovering there does.
    void hoverAt(const QPoint &pos);
    QToolButton *exportButton() const { return m_exportButton; }
    QToolButton *tableButton() const { return m_tableButton; }

    // The chart's title as plain text (its accessible name).
    QString title() const;
    // The text alternative: per series its last value at its step, min, max and points.
    QString summary() const;
    // The drawn points of the visible x range, series by series in x order.
    QList<ChartPoint> visiblePoints() const;
    // Opens the table of visiblePoints() (non-modal).
    void showTable();
    // The kinds drawn on the second step axis (empty: one x axis), and its title.
    QStringList secondAxisKinds() const { return m_secondaryKinds; }
    QString secondAxisTitle() const;
    // One step axis for every series, even on different scales (the context menu's choice).
    void setOneStepAxis(bool on);
    bool oneStepAxis() const { return m_oneStepAxis; }
    // The y axis' range as drawn.
    QPair<double, double> yRange() const;

    // The restarts to mark (of every replica; those of sources not drawn here are left out).
    void setRestartMarks(const QList<RestartMark> &marks);
    // The marks drawn now, with the x value each stands at and its line in viewport pixels.
    struct ShownMark
    {
        RestartMark mark;
        double x = 0;
        int viewportX = 0;
    };
    QList<ShownMark> shownRestartMarks() const;

    // Every stored point of every source: source,step,wall_time,value (RFC 3339 UTC wall time),
    // by default from the store; the Compare view sets a writer for its runs.
    using CsvWriterFn = std::function<bool(const QString &path, QString *error)>;
    void setCsvWriter(CsvWriterFn writer) { m_csvWriter = std::move(writer); }
    bool exportCsv(const QString &path, QString *error = nullptr) const;
    bool exportPng(const QString &path);

    // An axis label: 2M, 500k, 0.25, 1e-4 (precision enough to tell ticks `interval` apart).
    static QString formatTick(double value, double interval);

Q_SIGNALS:
    void drawRequested(const trainyard::metrics::DrawRequest &request);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    struct Lines
    {
        QLineSeries *line = nullptr;
        QLineSeries *raw = nullptr;
    };
    // The range of drawn points.
    struct Extent
    {
        double xLo = std::numeric_limits<double>::infinity();
        double xHi = -std::numeric_limits<double>::infinity();
        double yLo = std::numeric_limits<double>::infinity();
        double yHi = -std::numeric_limits<double>::infinity();
        void add(const QPointF &p);
        bool valid() const { return xHi >= xLo; }
    };
    void draw(const QList<metrics::DrawnSeries> &series);
    // The axes' ranges for the points on the bottom (first) and the top (second) step axis.
    void setRanges(const Extent &first, const Extent &second);
    // Which kinds go on the second step axis, and the series attached to their axes.
    void chooseStepAxes(const QList<metrics::DrawnSeries> &series);
    void attachAxes(const QString &source, const Lines &lines);
    void rebuildAxes();
    void placeLabels(QAbstractAxis *axis, QList<QGraphicsSimpleTextItem *> &items);
    void updateDescription();
    QString hoverLine(int index, double x) const;
    void relabel();
    void applyTheme();
    void applyPens();
    Lines seriesFor(const QString &source);
    void showCrosshair(const QPointF &pos);
    void hideCrosshair();
    void askCsv();
    void askPng();
    void placeExportButton();
    void placeRestartMarks();
    // The display name of the drawn series of the replica `source` a restart mark belongs to
    // (its log's series first, else its hypertune file's); empty when none is drawn.
    QString seriesOfReplica(const QString &source) const;

    QString m_metric;
    QString m_storeDir;
    QStringList m_order;              // sources as last drawn
    QList<metrics::SeriesKey> m_keys; // their keys, in the same order
    QHash<QString, QColor> m_colors;
    QHash<QString, Qt::PenStyle> m_styles;
    CsvWriterFn m_csvWriter;
    quint64 m_serial = 0;
    QTimer m_resizeTimer; // the points fitting the new width, once resizing stops
    QHash<QString, Lines> m_series;
    QHash<QString, metrics::DrawnSeries::Stats> m_stats; // of each series, as last drawn
    QAbstractAxis *m_xAxis = nullptr;
    QAbstractAxis *m_x2Axis = nullptr; // the second step axis (top), while one is needed
    QAbstractAxis *m_yAxis = nullptr;
    QStringList m_secondaryKinds;
    bool m_oneStepAxis = false;
    double m_yAnchor = 0;   // the y ticks start here (a flat series' value), else at 0
    QTimer m_describeTimer; // the description of a focused chart changes at most this often
    QGraphicsLineItem *m_crosshair = nullptr;
    QList<QGraphicsSimpleTextItem *> m_xLabels; // drawn at the axes' ticks (formatTick)
    QList<QGraphicsSimpleTextItem *> m_yLabels;
    QList<QGraphicsSimpleTextItem *> m_x2Labels;
    QLabel *m_hover = nullptr;
    QToolButton *m_exportButton = nullptr;
    QToolButton *m_tableButton = nullptr;
    QList<RestartMark> m_restartMarks;
    QList<QGraphicsLineItem *> m_restartLines; // one per shown mark, with its label
    QList<QGraphicsSimpleTextItem *> m_restartLabels;
    QList<ShownMark> m_shownMarks;
    qint64 m_originMs = 0;     // the wall time at x 0 on a time axis (the store's first point)
    bool m_rangeDrawn = false; // the x axis has the range of a drawing for the current mode
    XMode m_xMode = XMode::Step;
    double m_smoothing = 0.6;
    bool m_log = false;
    bool m_zoomed = false;
    bool m_panning = false;
    bool m_rubberBanding = false;
    bool m_relabelling = false;
    QPoint m_lastPan;
};

} // namespace trainyard::ui::charts
