// SPDX-License-Identifier: MIT
// The Metrics tab: one MetricChartView per metric found in the job's logs and hypertune files.
// A MetricsCollector runs in a worker thread and sends points (queued); every point is kept in a
// MetricSeriesSet, and the charts of metrics that got points are redrawn on a timer
// (RedrawIntervalMs), never per point.
//
// When the user's metric patterns change (Settings > Metrics, metrics::UserPatternStore) and the
// usable ones differ from those the collector runs with, the panel starts a second collector
// with the new patterns for the same job (after PatternDelayMs, so typing does not restart it
// per key). The charts keep showing the old points until the new collector's first pass is in;
// then the new points replace them in one step.
#pragma once

#include "charts/metricchart.h"
#include "metrics/series.h"

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

namespace trainyard::metrics {
class MetricsCollector;
}

namespace trainyard::ui::charts {

class MetricsPanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int RedrawIntervalMs = 500;
    static constexpr int PatternDelayMs = 300;

    explicit MetricsPanel(QWidget *parent = nullptr);
    ~MetricsPanel() override;

    // Collects the metrics of a job: <job>/logs and <job>/hypertune. Empty: nothing.
    void setJobDirs(const QString &logsDir, const QString &hypertuneDir);

    const metrics::MetricSeriesSet &series() const { return m_set; }
    MetricChartView *chart(const QString &metric) const;
    QStringList chartMetrics() const;
    // Redraws now what changed (the timer does it too).
    void redraw();

    void setXMode(XMode mode);
    void setSmoothing(double weight);
    void setLogScale(bool on);
    // The usable user patterns the charts are extracted with.
    QStringList userPatterns() const { return m_patterns; }

Q_SIGNALS:
    void redrawn();
    // The charts now show the points extracted with new user patterns.
    void patternsApplied();

private:
    metrics::MetricsCollector *startCollector();
    void onPoints(const trainyard::metrics::SeriesUpdates &updates);
    void onPatternsChanged();
    void restartWithPatterns();
    void onFirstPass();
    void stopCollector();
    void clearCharts();

    QString m_logsDir;
    QString m_hypertuneDir;
    QStringList m_patterns; // usable user patterns of m_collector (and m_pending)
    metrics::MetricSeriesSet m_set;
    metrics::MetricSeriesSet m_pendingSet; // points of m_pending before its first pass is done
    QPointer<metrics::MetricsCollector> m_pending; // the replacement after a pattern change
    QTimer m_patternTimer;
    QSet<QString> m_dirty;
    QList<MetricChartView *> m_charts;
    QThread m_thread;
    QPointer<metrics::MetricsCollector> m_collector;
    QTimer m_timer;
    QComboBox *m_xMode;
    QSlider *m_smoothing;
    QLabel *m_smoothingLabel;
    QCheckBox *m_log;
    QLabel *m_empty;
    QWidget *m_grid;
    QGridLayout *m_gridLayout;
};

} // namespace trainyard::ui::charts
