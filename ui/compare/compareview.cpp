// SPDX-License-Identifier: MIT
#include "compare/compareview.h"

#include "compare/compareworker.h"
#include "compare/frozentableview.h"
#include "compare/runlegend.h"
#include "compare/scatterpage.h"
#include "metrics/csvwriter.h"
#include "metrics/metricrecorder.h"
#include "metrics/userpatterns.h"
#include "store/jobstate.h"
#include "threads/offthread.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QVBoxLayout>
#include <cmath>

namespace trainyard::ui::compare {

QColor CompareView::paletteColor(int index)
{
    // Tableau 10 then a few more: distinguishable, and readable on light and dark backgrounds.
    static const QRgb colors[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948,
                                  0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac, 0x1f77b4, 0x17becf};
    return QColor(colors[index % int(std::size(colors))]);
}

Qt::PenStyle CompareView::lineStyle(int index)
{
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                          Qt::DashDotDotLine};
    return styles[index % int(std::size(styles))];
}

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
{
    qRegisterMetaType<trainyard::metrics::StoreSummary>();
    qRegisterMetaType<trainyard::metrics::DrawRequest>();
    qRegisterMetaType<trainyard::metrics::DrawResult>();
    m_controls = charts::makeChartControls(this);
    auto *csv = new QPushButton(tr("Table as CSV…"), this);
    auto *aligned = new QPushButton(tr("Points as CSV…"), this);
    aligned->setToolTip(tr("Every point of every run, one row per step"));
    auto *png = new QPushButton(tr("Charts as PNG…"), this);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("X axis:"), this));
    bar->addWidget(m_controls.xMode);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Smoothing:"), this));
    bar->addWidget(m_controls.smoothing);
    bar->addWidget(m_controls.smoothingLabel);
    bar->addSpacing(12);
    bar->addWidget(m_controls.logScale);
    bar->addStretch(1);
    bar->addWidget(csv);
    bar->addWidget(aligned);
    bar->addWidget(png);

    m_empty = new QLabel(tr("The selected runs have no metrics yet."), this);
    m_empty->setTextFormat(Qt::PlainText);
    m_legend = new RunLegend(this);
    m_grid = new QWidget;
    m_gridLayout = new QGridLayout(m_grid);
    auto *scroll = new QScrollArea;
    scroll->setAccessibleName(tr("Metric charts"));
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_grid);
    auto *chartsPage = new QWidget;
    auto *chartsLayout = new QVBoxLayout(chartsPage);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->addWidget(m_legend);
    chartsLayout->addWidget(m_empty);
    chartsLayout->addWidget(scroll, 1);

    m_model = new CompareTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(CompareTableModel::SortRole);
    m_table = new FrozenColumnTableView;
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_scatter = new ScatterPage;
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(chartsPage, tr("Charts"));
    m_tabs->addTab(m_table, tr("Table"));
    m_tabs->addTab(m_scatter, tr("Parameters"));
    m_tabs->setTabVisible(2, false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_tabs, 1);

    auto showSmoothing = [this] {
        m_controls.smoothingLabel->setText(
            QString::number(m_controls.smoothing->value() / 100.0, 'f', 2));
    };
    showSmoothing();
    connect(m_controls.smoothing, &QSlider::valueChanged, this, [this, showSmoothing] {
        showSmoothing();
        for (charts::MetricChartView *c : std::as_const(m_charts))
            c->setSmoothing(m_controls.smoothing->value() / 100.0);
    });
    connect(m_controls.xMode, &QComboBox::currentIndexChanged, this, [this] {
        for (charts::MetricChartView *c : std::as_const(m_charts))
            c->setXMode(charts::XMode(m_controls.xMode->currentData().toInt()));
    });
    connect(m_controls.logScale, &QCheckBox::toggled, this, [this](bool on) {
        for (charts::MetricChartView *c : std::as_const(m_charts))
            c->setLogScale(on);
    });
    connect(csv, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export the table as CSV"),
                                         QStringLiteral("compare.csv"), tr("CSV files (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportTableCsv(path, &error))
            QMessageBox::warning(this, tr("Export failed"), error);
    });
    connect(aligned, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export every point as CSV"),
                                                          QStringLiteral("compare-points.csv"),
                                                          tr("CSV files (*.csv)"));
        if (path.isEmpty())
            return;
        // Streamed from the stores off the GUI thread: a long run has millions of rows.
        threads::offThread(
            this,
            [columns = alignedColumns(), path] {
                QString error;
                return metrics::writeAlignedCsv(columns, path, &error) ? QString() : error;
            },
            [this](const QString &error) {
                if (!error.isEmpty())
                    QMessageBox::warning(this, tr("Export failed"), error);
            });
    });
    connect(png, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export the charts as PNG"),
                                         QStringLiteral("compare.png"), tr("PNG images (*.png)"));
        if (!path.isEmpty() && !exportPng(path))
            QMessageBox::warning(this, tr("Export failed"), tr("The image could not be written."));
    });
    m_thread.setObjectName(QStringLiteral("compare"));
    m_thread.start();
}

CompareView::~CompareView()
{
    stopWorker();
    m_thread.quit();
    m_thread.wait();
}

QTableView *CompareView::table() const
{
    return m_table;
}

QChartView *CompareView::scatter(const QString &param) const
{
    return m_scatter->scatter(param);
}

void CompareView::stopWorker()
{
    if (m_worker) {
        disconnect(m_worker, nullptr, this, nullptr);
        QMetaObject::invokeMethod(m_worker, &CompareWorker::stop, Qt::QueuedConnection);
        m_worker->deleteLater();
        m_worker = nullptr;
    }
}

void CompareView::setRuns(const QString &storeRoot, const QList<CompareRun> &runs)
{
    stopWorker();
    m_root = storeRoot;
    m_runs = runs;
    m_colors.clear();
    for (int i = 0; i < runs.size(); ++i)
        m_colors.insert(runs.at(i).name, paletteColor(i));
    m_summaries.clear();
    QStringList jobs;
    bool anyParams = false;
    for (const CompareRun &run : runs) {
        if (!jobs.contains(run.jobId))
            jobs.append(run.jobId);
        anyParams = anyParams || !run.params.isEmpty();
    }
    m_tabs->setTabVisible(2, anyParams);
    m_worker = new CompareWorker(
        storeRoot, jobs,
        metrics::UserPatternStore::usableTexts(metrics::UserPatternStore::instance()->patterns()));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &CompareWorker::summary, this, &CompareView::onSummary);
    connect(m_worker, &CompareWorker::drawn, this, &CompareView::onDrawn);
    QMetaObject::invokeMethod(m_worker, &CompareWorker::start, Qt::QueuedConnection);
    updateTable();
    updateLegend();
}

bool CompareView::belongs(const CompareRun &run, const metrics::SeriesInfo &info) const
{
    return store::sourceBelongsToTrial(info.key.source, run.trialId,
                                       info.key.kind == metrics::kinds::TensorBoard);
}

QString CompareView::seriesName(const CompareRun &run, const metrics::SeriesInfo &info) const
{
    metrics::SeriesKey key = info.key;
    key.source = store::sourceWithoutTrial(key.source, run.trialId);
    return metrics::displaySource(key);
}

QList<CompareView::RunSeries> CompareView::seriesOf(const CompareRun &run,
                                                    const QString &metric) const
{
    // A log series before hypertune and TensorBoard ones, then by name (chief/master before
    // workers); the first is the run's primary series of the metric.
    QList<RunSeries> list;
    const auto it = m_summaries.constFind(run.jobId);
    if (it == m_summaries.cend())
        return list;
    for (const metrics::SeriesInfo &info : *it) {
        if (info.key.metric == metric && belongs(run, info))
            list.append(RunSeries{&info, QString(), 0});
    }
    auto rank = [](const metrics::SeriesInfo &i) {
        return std::make_pair(i.key.kind == metrics::kinds::Log ? 0 : 1, i.display);
    };
    std::stable_sort(list.begin(), list.end(), [&rank](const RunSeries &a, const RunSeries &b) {
        return rank(*a.info) < rank(*b.info);
    });
    for (int i = 0; i < list.size(); ++i) {
        list[i].style = i;
        list[i].label = list.size() == 1
                            ? run.name
                            : run.name + QStringLiteral(" · ") + seriesName(run, *list.at(i).info);
    }
    return list;
}

const metrics::SeriesInfo *CompareView::primary(const CompareRun &run, const QString &metric) const
{
    const QList<RunSeries> list = seriesOf(run, metric);
    return list.isEmpty() ? nullptr : list.first().info;
}

void CompareView::onSummary(const QString &jobId, const metrics::StoreSummary &summary)
{
    if (sender() != m_worker)
        return;
    QHash<QString, qint64> before;
    for (const metrics::SeriesInfo &info : m_summaries.value(jobId))
        before.insert(info.file, info.count);
    bool changed = !m_summaries.contains(jobId);
    QSet<QString> dirty;
    for (const metrics::SeriesInfo &info : summary) {
        if (before.value(info.file, -1) != info.count) {
            changed = true;
            dirty.insert(info.key.metric);
        }
    }
    if (!changed)
        return;
    m_summaries.insert(jobId, summary);
    bool epoch = false;
    for (const metrics::StoreSummary &s : std::as_const(m_summaries))
        epoch = epoch || metrics::hasEpoch(s);
    charts::setEpochAvailable(m_controls, epoch);
    rebuild();
    for (const QString &metric : std::as_const(dirty)) {
        if (charts::MetricChartView *c = chart(metric))
            c->updateSeries();
    }
    updateTable();
    updateLegend();
}

void CompareView::rebuild()
{
    QStringList metrics;
    for (const CompareRun &run : std::as_const(m_runs)) {
        for (const metrics::SeriesInfo &info : m_summaries.value(run.jobId)) {
            if (belongs(run, info) && !metrics.contains(info.key.metric))
                metrics.append(info.key.metric);
        }
    }
    metrics.sort();
    bool added = false;
    for (const QString &metric : std::as_const(metrics)) {
        if (chart(metric))
            continue;
        auto *view = new charts::MetricChartView(metric, QString(), m_grid);
        view->chart()->legend()->hide(); // one legend for every chart: m_legend
        view->setXMode(charts::XMode(m_controls.xMode->currentData().toInt()));
        view->setSmoothing(m_controls.smoothing->value() / 100.0);
        view->setLogScale(m_controls.logScale->isChecked());
        view->setCsvWriter([this, metric](const QString &path, QString *error) {
            metrics::LabelledSeries series;
            for (const CompareRun &run : std::as_const(m_runs)) {
                for (const RunSeries &s : seriesOf(run, metric))
                    series.append({s.label, s.info->file});
            }
            return metrics::writeSeriesCsv(series, path, error);
        });
        connect(view, &charts::MetricChartView::drawRequested, this,
                [this](const metrics::DrawRequest &request) {
                    Pending &p = m_pending[request.metric];
                    p.request = request;
                    p.results.clear();
                    p.waiting.clear();
                    for (const CompareRun &run : std::as_const(m_runs))
                        p.waiting.insert(run.jobId);
                    if (m_worker)
                        QMetaObject::invokeMethod(m_worker, "draw", Qt::QueuedConnection,
                                                  Q_ARG(trainyard::metrics::DrawRequest, request));
                });
        m_charts.append(view);
        added = true;
    }
    m_metrics = metrics;
    if (added) {
        std::sort(m_charts.begin(), m_charts.end(),
                  [](charts::MetricChartView *a, charts::MetricChartView *b) {
                      return a->metric() < b->metric();
                  });
        for (int i = 0; i < m_charts.size(); ++i)
            m_gridLayout->addWidget(m_charts.at(i), i / 2, i % 2);
        for (charts::MetricChartView *c : std::as_const(m_charts))
            c->updateSeries();
    }
    m_empty->setVisible(m_charts.isEmpty());
}

void CompareView::onDrawn(const QString &jobId, const metrics::DrawResult &result)
{
    if (sender() != m_worker)
        return;
    auto it = m_pending.find(result.metric);
    if (it == m_pending.end() || it->request.serial != result.serial)
        return;
    it->results.insert(jobId, result);
    it->waiting.remove(jobId);
    if (!it->waiting.isEmpty())
        return;
    charts::MetricChartView *c = chart(result.metric);
    if (!c)
        return;
    metrics::DrawResult combined;
    combined.metric = result.metric;
    combined.serial = result.serial;
    QHash<QString, QColor> colors;
    QHash<QString, Qt::PenStyle> styles;
    for (const CompareRun &run : std::as_const(m_runs)) {
        const metrics::DrawResult r = it->results.value(run.jobId);
        for (const RunSeries &mine : seriesOf(run, result.metric)) {
            for (const metrics::DrawnSeries &s : r.series) {
                if (s.display != mine.info->display)
                    continue;
                metrics::DrawnSeries drawn = s;
                drawn.display = mine.label;
                combined.series.append(drawn);
                colors.insert(mine.label, m_colors.value(run.name));
                styles.insert(mine.label, lineStyle(mine.style));
            }
        }
    }
    c->setColors(colors);
    c->setPenStyles(styles);
    c->applyDrawn(combined);
    it->results.clear();
    if (isComplete())
        Q_EMIT chartsDrawn();
}

bool CompareView::isComplete() const
{
    if (m_charts.isEmpty())
        return false;
    for (const CompareRun &run : m_runs) {
        if (!m_summaries.contains(run.jobId))
            return false;
    }
    for (charts::MetricChartView *c : m_charts) {
        const auto it = m_pending.constFind(c->metric());
        if (it == m_pending.cend() || !it->waiting.isEmpty() ||
            it->request.serial != c->drawRequest().serial)
            return false;
    }
    return true;
}

charts::MetricChartView *CompareView::chart(const QString &metric) const
{
    for (charts::MetricChartView *c : m_charts) {
        if (c->metric() == metric)
            return c;
    }
    return nullptr;
}

void CompareView::updateTable()
{
    QList<RunRow> rows;
    for (const CompareRun &run : std::as_const(m_runs)) {
        RunRow row{run.name, m_colors.value(run.name), run.params,
                   {},       run.objectiveName,        run.objective};
        for (const QString &metric : std::as_const(m_metrics)) {
            if (const metrics::SeriesInfo *info = primary(run, metric))
                row.stats.insert(metric, RunStats{info->last, info->min, info->max});
        }
        rows.append(row);
    }
    m_model->update(rows, m_metrics);
    m_scatter->update(rows, m_model->params(), m_metrics);
    Q_EMIT tableUpdated();
}

void CompareView::updateLegend()
{
    QList<RunLegend::Entry> runs;
    QList<QStringList> styleNames; // per line style: the series drawn in it
    for (const CompareRun &run : std::as_const(m_runs)) {
        QStringList tip{run.name};
        for (auto it = run.params.cbegin(); it != run.params.cend(); ++it)
            tip.append(it.key() + QStringLiteral(" = ") + it.value());
        runs.append(RunLegend::Entry{run.name, tip.join(QLatin1Char('\n')),
                                     m_colors.value(run.name), Qt::SolidLine});
        for (const QString &metric : std::as_const(m_metrics)) {
            const QList<RunSeries> list = seriesOf(run, metric);
            if (list.size() < 2)
                continue;
            for (const RunSeries &s : list) {
                while (styleNames.size() <= s.style)
                    styleNames.append(QStringList());
                const QString name = seriesName(run, *s.info);
                if (!styleNames[s.style].contains(name))
                    styleNames[s.style].append(name);
            }
        }
    }
    QList<RunLegend::Entry> series;
    for (int i = 0; i < styleNames.size(); ++i) {
        const QString names = styleNames.at(i).join(QStringLiteral(", "));
        series.append(
            RunLegend::Entry{names, names, palette().color(QPalette::Text), lineStyle(i)});
    }
    m_legend->setEntries(runs, series);
}

void CompareView::setXMode(charts::XMode mode)
{
    m_controls.xMode->setCurrentIndex(m_controls.xMode->findData(int(mode)));
}

void CompareView::setSmoothing(double weight)
{
    m_controls.smoothing->setValue(int(std::lround(weight * 100)));
}

void CompareView::setLogScale(bool on)
{
    m_controls.logScale->setChecked(on);
}

void CompareView::setScatterMetric(const QString &metric)
{
    m_scatter->setMetric(metric);
}

bool CompareView::exportTableCsv(const QString &path, QString *error) const
{
    return metrics::writeCsvFile(
        path,
        [this](metrics::CsvWriter &csv) {
            for (int c = 0; c < m_proxy->columnCount(); ++c)
                csv.text(m_proxy->headerData(c, Qt::Horizontal).toString());
            csv.endRow();
            for (int r = 0; r < m_proxy->rowCount(); ++r) {
                for (int c = 0; c < m_proxy->columnCount(); ++c) {
                    const QModelIndex index = m_proxy->index(r, c);
                    const QVariant v = index.data(CompareTableModel::SortRole);
                    if (c == CompareTableModel::RunColumn || v.typeId() == QMetaType::QString)
                        csv.text(index.data().toString());
                    else if (index.data().toString().isEmpty())
                        csv.empty();
                    else
                        csv.number(v.toDouble());
                }
                csv.endRow();
            }
            return true;
        },
        error);
}

metrics::LabelledSeries CompareView::alignedColumns() const
{
    metrics::LabelledSeries list;
    for (const QString &metric : m_metrics) {
        for (const CompareRun &run : m_runs) {
            if (const metrics::SeriesInfo *info = primary(run, metric))
                list.append({run.name + QLatin1Char(' ') + metric, info->file});
        }
    }
    return list;
}

bool CompareView::exportAlignedCsv(const QString &path, QString *error) const
{
    return metrics::writeAlignedCsv(alignedColumns(), path, error);
}

bool CompareView::exportPng(const QString &path)
{
    return m_grid->grab().save(path, "PNG");
}

} // namespace trainyard::ui::compare
