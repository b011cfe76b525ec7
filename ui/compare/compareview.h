// SPDX-License-Identifier: MIT
// Runs side by side: jobs (or a tuning job's trials) selected in the console, one chart per
// metric (tag) with one line per run, a colour per run kept across charts and the table (40
// colours far apart, so 20 runs or more are told apart), a series of a run (a replica,
// hypertune, TensorBoard) by its line style, the same style for the same series name in every
// run and chart, one legend entry per line style drawn (RunLegend: it scrolls, so any number of
// runs fits a 1366×768 screen) above the charts. The system series (CPU, memory, GPU) are in a
// System section of their own below the training charts, always against time, as in the Metrics
// tab; the charts' other x axes apply to the training charts,
// the Metrics tab's controls (x axis, smoothing, log scale), a sortable table
// (CompareTableModel: the parameters that differ first, the Run column frozen while scrolling),
// and for trials a scatter of a metric's final value against each parameter (ScatterPage).
// Exports: the table as CSV, every run's points aligned on the step as CSV (streamed from the
// stores, metrics::writeAlignedCsv), the charts as PNG; each chart's own Export button.
//
// Every run is read from its job's metric store (CompareWorker: a metrics::StoreFollower per job,
// all in one worker thread); the charts get about two points per pixel column per run.
#pragma once

#include "charts/chartcontrols.h"
#include "charts/metricchart.h"
#include "compare/comparetablemodel.h"
#include "metrics/seriescsv.h"
#include "metrics/storefollower.h"

#include <QColor>
#include <QHash>
#include <QMap>
#include <QPointer>
#include <QSet>
#include <QThread>
#include <QWidget>

class QChartView;
class QGridLayout;
class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace trainyard::ui::compare {

class CompareWorker;
class FrozenColumnTableView;
class RunLegend;
class ScatterPage;

struct CompareRun
{
    QString name;                  // job ID, or "trial 3"
    QString jobId;                 // the job in the store
    QString trialId;               // a tuning job's trial: only its series
    QMap<QString, QString> params; // hyperparameters and arguments
    // A trial: the objective as the service reports it (finalMetric) and its metric tag.
    QString objectiveName = {};
    std::optional<double> objective = {};
};

class CompareView : public QWidget
{
    Q_OBJECT
public:
    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    // The runs, their jobs in the store at storeRoot (store::JobStore).
    void setRuns(const QString &storeRoot, const QList<CompareRun> &runs);
    QList<CompareRun> runs() const { return m_runs; }
    // The colour of a run (stable: by its place in the selection).
    QColor colorOf(const QString &run) const { return m_colors.value(run); }
    // The colour of the run at `index`: 40 colours, each far from the others (CIELAB); the
    // 41st run takes the first colour again.
    static QColor paletteColor(int index);
    static constexpr int PaletteSize = 40;
    static Qt::PenStyle lineStyle(int index);
    // The line style of a series name ("chief-0", "worker-0", "chief-0 (hypertune)") in every run.
    Qt::PenStyle styleOf(const QString &seriesName) const;
    // The System section's heading (hidden while no run has system series).
    QLabel *systemHeading() const { return m_systemHeading; }

    QStringList metrics() const { return m_metrics; }
    charts::MetricChartView *chart(const QString &metric) const;
    QTableView *table() const;
    CompareTableModel *tableModel() const { return m_model; }
    RunLegend *legend() const { return m_legend; }
    QTabWidget *tabs() const { return m_tabs; }
    // The scatter of a parameter (trials), nullptr if none.
    QChartView *scatter(const QString &param) const;
    // Every chart got its lines for the latest request.
    bool isComplete() const;

    void setXMode(charts::XMode mode);
    void setSmoothing(double weight);
    void setLogScale(bool on);
    void setScatterMetric(const QString &metric);

    bool exportTableCsv(const QString &path, QString *error = nullptr) const;
    // One row per step: step, then each run's value of each metric (empty where it has none).
    bool exportAlignedCsv(const QString &path, QString *error = nullptr) const;
    // (title, series file) per column.
    metrics::LabelledSeries alignedColumns() const;
    bool exportPng(const QString &path);

Q_SIGNALS:
    void chartsDrawn();
    void tableUpdated();

private:
    struct RunSeries
    {
        const metrics::SeriesInfo *info;
        QString label; // "run" or "run · series"
        int style;     // index of the series within the run
    };
    void onSummary(const QString &jobId, const metrics::StoreSummary &summary);
    void onDrawn(const QString &jobId, const metrics::DrawResult &result);
    bool belongs(const CompareRun &run, const metrics::SeriesInfo &info) const;
    QString seriesName(const CompareRun &run, const metrics::SeriesInfo &info) const;
    QList<RunSeries> seriesOf(const CompareRun &run, const QString &metric) const;
    const metrics::SeriesInfo *primary(const CompareRun &run, const QString &metric) const;
    void rebuild();
    void layoutCharts();
    void updateStyles();
    charts::XMode xModeFor(const QString &metric) const;
    void updateTable();
    void updateLegend();
    void requestAll();
    void stopWorker();

    QString m_root;
    QList<CompareRun> m_runs;
    QHash<QString, QColor> m_colors;
    QStringList m_seriesNames; // every series name of the runs, log series first: its style
    QHash<QString, metrics::StoreSummary> m_summaries; // job ID -> its store's series
    QStringList m_metrics;
    QList<charts::MetricChartView *> m_charts;
    // Per chart, the latest request and the jobs whose answer is still missing.
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
    charts::ChartControls m_controls;
    RunLegend *m_legend;
    QWidget *m_grid;
    QGridLayout *m_gridLayout;
    QLabel *m_empty;
    QLabel *m_systemHeading;
    CompareTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    FrozenColumnTableView *m_table;
    ScatterPage *m_scatter;
};

} // namespace trainyard::ui::compare
