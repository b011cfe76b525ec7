// SPDX-License-Identifier: MIT
// The Metrics tab: a MetricChartView per metric of the job's metric store (the folders come
// from store::JobStore; metrics::StoreFollower in a worker thread), a page of them at a time.
// The store is written by the job's owner as lines are captured; for a job recorded before, the
// worker extracts the logs and hypertune files into the store in the background on first open.
// Charts ask the worker for what they draw (about two points per pixel column from the level
// pyramid) and redraw on a timer (RedrawIntervalMs) when their metric got points, never per
// point. No series is held in memory here.
//
// Training metrics come in name order, PageSize to a page (as TensorBoard pages its charts),
// with a filter over their names (a case-insensitive regular expression, plain text when it is
// not one, as TensorBoard's tag filter); below them a System section holds the system/* series
// the job's owner samples (metrics::SystemSampler: CPU, memory, GPU) on every page, always
// against time, with their units in the titles. The list of metrics is built in the worker's
// thread (MetricIndexer); the GUI thread makes charts only for the page, a few per turn of the
// event loop, so a job with 100,000 TensorBoard tags opens as quickly as one with ten.
//
// When the user's metric patterns change (Settings > Metrics, metrics::UserPatternStore) and the
// usable ones differ from those the store was extracted with, the panel starts a new worker with
// the new patterns (after PatternDelayMs, so typing does not restart it per key), which extracts
// the logs again; the charts keep showing the old points until it caught up, then the new ones
// replace them in one step. (While the job's owner writes the store, it keeps its patterns.)
#pragma once

#include "charts/chartcontrols.h"
#include "charts/metricchart.h"
#include "charts/metricindex.h"
#include "metrics/series.h"
#include "metrics/storefollower.h"

#include <QPointer>
#include <QSet>
#include <QThread>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QSlider;
class QToolButton;

namespace trainyard::ui::charts {

class UnparsedNotice;

class MetricsPanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int RedrawIntervalMs = 500;
    static constexpr int PatternDelayMs = 300;
    static constexpr int PageSize = 12;       // training charts on a page
    static constexpr int FilterDelayMs = 200; // typing settles before the list is filtered
    static constexpr int CreateBudgetMs = 25; // charts made per turn of the event loop

    explicit MetricsPanel(QWidget *parent = nullptr);
    ~MetricsPanel() override;

    // Shows the metrics of a job: its metric store, logs and hypertune folders
    // (store::JobStore::metricsDir, logsDir, hypertuneDir). Empty: nothing.
    void setJobDirs(const QString &metricsDir, const QString &logsDir, const QString &hypertuneDir);

    // The store's series as last reported by the worker.
    const metrics::StoreSummary &summary() const { return m_index.summary; }
    QStringList sources(const QString &metric) const;
    // Points of a series (0: none).
    qint64 pointCount(const QString &metric, const QString &source) const;
    // The chart of a metric on the page (null: not on the page, or not made yet).
    MetricChartView *chart(const QString &metric) const;
    // The metrics of the page in chart order: its training metrics, then the System section.
    QStringList chartMetrics() const { return m_pageMetrics; }
    // Redraws now what changed (the timer does it too).
    void redraw();

    // The filter over metric names (the text field; applied after FilterDelayMs).
    void setFilter(const QString &text);
    QString filter() const;
    // Pages of the training metrics the filter keeps.
    int page() const { return m_page; }
    int pageCount() const;
    void setPage(int page);
    // Metrics of the store, and those the filter keeps (training and system).
    qsizetype metricCount() const { return m_index.trainingCount + m_index.systemCount; }
    qsizetype shownCount() const { return m_index.training.size() + m_index.system.size(); }
    // "Metrics 13–24 of 3,000": the page and the filter's outcome, plain text.
    QLabel *pageLabel() const { return m_pageLabel; }

    void setXMode(XMode mode);
    void setSmoothing(double weight);
    void setLogScale(bool on);
    // The restarts of the job's replicas, marked on every chart drawing their series.
    void setRestartMarks(const QList<RestartMark> &marks);
    const QList<RestartMark> &restartMarks() const { return m_restartMarks; }
    // The usable user patterns the charts are extracted with.
    QStringList userPatterns() const { return m_patterns; }
    // The System section (metrics::systemseries): its heading, and a chart's title with units.
    QLabel *systemHeading() const { return m_systemHeading; }
    static QString systemChartTitle(const QString &metric);
    // Lines that look like metrics but gave no chart (hidden when there are none).
    UnparsedNotice *unparsedNotice() const { return m_unparsed; }

Q_SIGNALS:
    void redrawn();
    // The charts now show the points extracted with new user patterns.
    void patternsApplied();
    // Every chart of the page exists (after the list, the page or the filter changed).
    void pageShown();

private:
    metrics::StoreFollower *startView();
    void onIndexed(const trainyard::ui::charts::MetricIndex &index);
    void applyIndex(const MetricIndex &index, bool relayout);
    void onDrawn(const trainyard::metrics::DrawResult &result);
    void onCaughtUp();
    void onPatternsChanged();
    void restartWithPatterns();
    void stopView();
    void clearCharts();
    void layoutPage();
    void makeCharts();
    MetricChartView *makeChart(const QString &metric);
    void placeCharts();
    void showPageState();
    XMode xModeFor(const QString &metric) const;

    QString m_metricsDir;
    QString m_logsDir;
    QString m_hypertuneDir;
    QStringList m_patterns; // usable user patterns of m_view
    QList<RestartMark> m_restartMarks;
    MetricIndex m_index;        // as last applied
    MetricIndex m_pendingIndex; // m_view's while m_reapplying
    bool m_reapplying = false;  // m_view extracts with new patterns: charts wait for it
    QTimer m_patternTimer;
    QSet<QString> m_dirty;
    int m_page = 0;
    QStringList m_pageMetrics;         // the page's metrics, in chart order
    QStringList m_toMake;              // of those, the ones whose chart is still to be made
    QList<MetricChartView *> m_charts; // the page's charts made so far, in chart order
    QTimer m_makeTimer;
    QTimer m_filterTimer;
    QThread m_thread;
    QPointer<metrics::StoreFollower> m_view;
    QPointer<MetricIndexer> m_indexer; // m_view's (its child, in the same thread)
    QTimer m_timer;
    ChartControls m_controls;
    QComboBox *m_xMode;
    QSlider *m_smoothing;
    QLabel *m_smoothingLabel;
    QCheckBox *m_log;
    QLineEdit *m_filter;
    QToolButton *m_previous;
    QToolButton *m_next;
    QLabel *m_pageLabel;
    QLabel *m_empty;
    UnparsedNotice *m_unparsed;
    QLabel *m_systemHeading;
    QWidget *m_grid;
    QGridLayout *m_gridLayout;
};

} // namespace trainyard::ui::charts
