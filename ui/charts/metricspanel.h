// SPDX-License-Identifier: MIT
// The Metrics tab: one MetricChartView per metric of the job's metric store (the folders come
// from store::JobStore; metrics::StoreFollower in a worker thread). The store is written by the
// job's owner as lines are captured; for a job recorded before, the worker extracts the logs and
// hypertune files into the store in the background on first open. Charts ask the worker for what
// they draw (about two points per pixel column from the level pyramid) and redraw on a timer
// (RedrawIntervalMs) when their metric got points, never per point. No series is held in memory
// here.
//
// Training metrics come first, in name order; below them a System section holds the system/*
// series the job's owner samples (metrics::SystemSampler: CPU, memory, GPU), always against time,
// with their units in the titles.
//
// When the user's metric patterns change (Settings > Metrics, metrics::UserPatternStore) and the
// usable ones differ from those the store was extracted with, the panel starts a new worker with
// the new patterns (after PatternDelayMs, so typing does not restart it per key), which extracts
// the logs again; the charts keep showing the old points until it caught up, then the new ones
// replace them in one step. (While the job's owner writes the store, it keeps its patterns.)
#pragma once

#include "charts/chartcontrols.h"
#include "charts/metricchart.h"
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
class QSlider;

namespace trainyard::ui::charts {

class UnparsedNotice;

class MetricsPanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int RedrawIntervalMs = 500;
    static constexpr int PatternDelayMs = 300;

    explicit MetricsPanel(QWidget *parent = nullptr);
    ~MetricsPanel() override;

    // Shows the metrics of a job: its metric store, logs and hypertune folders
    // (store::JobStore::metricsDir, logsDir, hypertuneDir). Empty: nothing.
    void setJobDirs(const QString &metricsDir, const QString &logsDir, const QString &hypertuneDir);

    // The store's series as last reported by the worker.
    const metrics::StoreSummary &summary() const { return m_summary; }
    QStringList sources(const QString &metric) const;
    // Points of a series (0: none).
    qint64 pointCount(const QString &metric, const QString &source) const;
    MetricChartView *chart(const QString &metric) const;
    QStringList chartMetrics() const;
    // Redraws now what changed (the timer does it too).
    void redraw();

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

private:
    metrics::StoreFollower *startView();
    void onSummary(const trainyard::metrics::StoreSummary &summary);
    void onDrawn(const trainyard::metrics::DrawResult &result);
    void onCaughtUp();
    void onPatternsChanged();
    void restartWithPatterns();
    void stopView();
    void clearCharts();
    XMode xModeFor(const QString &metric) const;

    QString m_metricsDir;
    QString m_logsDir;
    QString m_hypertuneDir;
    QStringList m_patterns; // usable user patterns of m_view
    QList<RestartMark> m_restartMarks;
    metrics::StoreSummary m_summary;
    metrics::StoreSummary m_pendingSummary; // m_view's while m_reapplying
    bool m_reapplying = false;              // m_view extracts with new patterns: charts wait for it
    QTimer m_patternTimer;
    QSet<QString> m_dirty;
    QList<MetricChartView *> m_charts;
    QThread m_thread;
    QPointer<metrics::StoreFollower> m_view;
    QTimer m_timer;
    ChartControls m_controls;
    QComboBox *m_xMode;
    QSlider *m_smoothing;
    QLabel *m_smoothingLabel;
    QCheckBox *m_log;
    QLabel *m_empty;
    UnparsedNotice *m_unparsed;
    QLabel *m_systemHeading;
    QWidget *m_grid;
    QGridLayout *m_gridLayout;
};

} // namespace trainyard::ui::charts
