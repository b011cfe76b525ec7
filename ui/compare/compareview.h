// SPDX-License-Identifier: MIT
// Runs side by side: jobs (or a tuning job's trials) selected in the console, one chart per
// metric (tag) with one line per run, a colour per run kept across charts and the table, the
// Metrics tab's controls (x axis, smoothing, log scale), a sortable table of each run's last, min
// and max per metric and its hyperparameters, and for trials a scatter of a metric's final value
// against each parameter. Exports: the table as CSV, every run's points aligned on the step as
// CSV (streamed from the stores), the charts as PNG.
//
// Every run is read from its job's metric store (metrics::StoreFollower, all of them in one worker
// thread); the charts get about two points per pixel column per run, never a whole series.
#pragma once

#include "charts/metricchart.h"
#include "metrics/storefollower.h"

#include <QColor>
#include <QHash>
#include <QMap>
#include <QPointer>
#include <QSet>
#include <QThread>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QSlider;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class QChartView;

namespace trainyard::ui::compare {

struct CompareRun
{
    QString name;                    // job ID, or "trial 3"
    QString jobDir;                  // <store>/<job>: its metrics/, logs/, hypertune/
    QString trialId;                 // a tuning job's trial: only its series (".trial-<id>")
    QMap<QString, QString> params;   // hyperparameters, shown in the table and the scatter
};

// The worker behind a CompareView (lives in its thread): one StoreFollower per job dir.
class CompareWorker : public QObject
{
    Q_OBJECT
public:
    CompareWorker(const QStringList &jobDirs, const QStringList &patterns);
    Q_INVOKABLE void start();
    Q_INVOKABLE void stop();
    // For each run (job dir, trial): the request's series of that run.
    Q_INVOKABLE void draw(const trainyard::metrics::DrawRequest &request);

Q_SIGNALS:
    void summary(const QString &jobDir, const trainyard::metrics::StoreSummary &summary);
    void drawn(const QString &jobDir, const trainyard::metrics::DrawResult &result);

private:
    void poll();
    QStringList m_dirs;
    QStringList m_patterns;
    QHash<QString, metrics::StoreFollower *> m_views;
    QTimer *m_timer = nullptr;
};

class CompareView : public QWidget
{
    Q_OBJECT
public:
    enum Column { RunColumn, FirstMetricColumn };
    static constexpr int RefreshIntervalMs = 1000;

    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    void setRuns(const QList<CompareRun> &runs);
    QList<CompareRun> runs() const { return m_runs; }
    // The colour of a run (stable: by its place in the selection).
    QColor colorOf(const QString &run) const { return m_colors.value(run); }
    static QColor paletteColor(int index);

    QStringList metrics() const { return m_metrics; }
    charts::MetricChartView *chart(const QString &metric) const;
    QTableView *table() const { return m_table; }
    QStandardItemModel *tableModel() const { return m_model; }
    QTabWidget *tabs() const { return m_tabs; }
    // The scatter of a parameter (trials), nullptr if none.
    QChartView *scatter(const QString &param) const { return m_scatters.value(param); }
    // Every chart got its lines for the latest request.
    bool isComplete() const;

    void setXMode(charts::XMode mode);
    void setSmoothing(double weight);
    void setLogScale(bool on);
    void setScatterMetric(const QString &metric);

    bool exportTableCsv(const QString &path, QString *error = nullptr) const;
    // One row per step: step, then each run's value of each metric (empty where it has none).
    bool exportAlignedCsv(const QString &path, QString *error = nullptr) const;
    // (title, series file) per column, and the writer (any thread).
    QList<std::pair<QString, QString>> alignedColumns() const;
    static bool writeAlignedCsv(const QList<std::pair<QString, QString>> &columns,
                                const QString &path, QString *error);
    bool exportPng(const QString &path);

Q_SIGNALS:
    void chartsDrawn();
    void tableUpdated();

private:
    struct RunStats
    {
        double last = 0;
        double min = 0;
        double max = 0;
        qint64 count = 0;
    };
    void onSummary(const QString &jobDir, const metrics::StoreSummary &summary);
    void onDrawn(const QString &jobDir, const metrics::DrawResult &result);
    bool belongs(const CompareRun &run, const metrics::SeriesInfo &info) const;
    const metrics::SeriesInfo *primary(const CompareRun &run, const QString &metric) const;
    void rebuild();
    void rebuildTable();
    void rebuildScatter();
    void requestAll();
    void stopWorker();

    QList<CompareRun> m_runs;
    QHash<QString, QColor> m_colors;
    QHash<QString, metrics::StoreSummary> m_summaries; // job dir -> its store's series
    QStringList m_metrics;
    QList<charts::MetricChartView *> m_charts;
    // Per chart, the latest request and the job dirs whose answer is still missing.
    struct Pending
    {
        metrics::DrawRequest request;
        QSet<QString> waiting;
        QHash<QString, metrics::DrawResult> results;
    };
    QHash<QString, Pending> m_pending;
    QThread m_thread;
    QPointer<CompareWorker> m_worker;
    QTabWidget *m_tabs;
    QComboBox *m_xMode;
    QSlider *m_smoothing;
    QLabel *m_smoothingLabel;
    QCheckBox *m_log;
    QWidget *m_grid;
    QGridLayout *m_gridLayout;
    QLabel *m_empty;
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QWidget *m_scatterPage;
    QComboBox *m_scatterMetric;
    QGridLayout *m_scatterLayout;
    QHash<QString, QChartView *> m_scatters;
};

} // namespace trainyard::ui::compare
