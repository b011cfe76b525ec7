// SPDX-License-Identifier: MIT
#include "compare/compareview.h"

#include "charts/metricspanel.h"
#include "compare/compareworker.h"
#include "compare/frozentableview.h"
#include "compare/runlegend.h"
#include "compare/scatterpage.h"
#include "metrics/csvwriter.h"
#include "metrics/metricrecorder.h"
#include "metrics/systemsampler.h"
#include "metrics/userpatterns.h"
#include "store/jobstate.h"
#include "threads/offthread.h"

#include <QAccessibleWidget>
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
    // Tableau 10, then 30 colours chosen one by one as the farthest (CIELAB distance) from those
    // before, of CIELAB lightness 35..68 and chroma over 25 (readable on light and dark
    // backgrounds): any two of the 40 differ by a CIE76 distance of 25 or more.
    static const QRgb colors[PaletteSize] = {
        0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7,
        0x9c755f, 0xbab0ac, 0x5500ff, 0xff00cc, 0x5566ee, 0xff0000, 0x00bb00, 0xaa0066,
        0x8800bb, 0x776600, 0xdd77ee, 0x446644, 0x774499, 0x0099ff, 0x88aa00, 0x994400,
        0xff0077, 0xdd00ff, 0xff66bb, 0xaa99ee, 0xff0044, 0xcc9955, 0x994455, 0x00bb99,
        0x1155aa, 0x99aa77, 0xaa1199, 0xaa0000, 0xff6633, 0x0044ff, 0x446611, 0x007777};
    return QColor(colors[index % PaletteSize]);
}

Qt::PenStyle CompareView::lineStyle(int index)
{
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                          Qt::DashDotDotLine};
    return styles[index % int(std::size(styles))];
}

namespace {

// A Compare window is a window to assistive technology (a plain top-level QWidget is a filler).
QAccessibleInterface *compareViewFactory(const QString &className, QObject *object)
{
    auto *view = className == QLatin1String(CompareView::staticMetaObject.className())
                     ? qobject_cast<CompareView *>(object)
                     : nullptr;
    return view ? new QAccessibleWidget(view, view->isWindow() ? QAccessible::Window
                                                               : QAccessible::Client)
                : nullptr;
}

} // namespace

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
{
    static const bool accessible = [] {
        QAccessible::installFactory(compareViewFactory);
        return true;
    }();
    Q_UNUSED(accessible);
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
    m_systemHeading = new QLabel(tr("System"), m_grid);
    m_systemHeading->setTextFormat(Qt::PlainText);
    m_systemHeading->setToolTip(tr("CPU, memory and GPU of each run's replicas, against time"));
    QFont headingFont = m_systemHeading->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.2);
    m_systemHeading->setFont(headingFont);
    m_systemHeading->hide();
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
            c->setXMode(xModeFor(c->metricName()));
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
        // The series' style is its name's in every run: worker-0 is dashed wherever it is drawn.
        list[i].style = std::max(0, int(m_seriesNames.indexOf(seriesName(run, *list.at(i).info))));
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
    updateStyles();
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
        if (metrics::systemseries::isSystemMetric(metric))
            view->chart()->setTitle(charts::MetricsPanel::systemChartTitle(metric).toHtmlEscaped());
        view->setXMode(xModeFor(metric));
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
        layoutCharts();
        for (charts::MetricChartView *c : std::as_const(m_charts))
            c->updateSeries();
    }
    m_empty->setVisible(m_charts.isEmpty());
}

void CompareView::layoutCharts()
{
    // Training charts by name, two per row; below them the System section.
    const auto system = [](const charts::MetricChartView *c) {
        return metrics::systemseries::isSystemMetric(c->metricName());
    };
    std::sort(m_charts.begin(), m_charts.end(),
              [&system](charts::MetricChartView *a, charts::MetricChartView *b) {
                  if (system(a) != system(b))
                      return system(b);
                  return a->metricName() < b->metricName();
              });
    const int training =
        int(std::find_if(m_charts.cbegin(), m_charts.cend(), system) - m_charts.cbegin());
    for (int i = 0; i < training; ++i)
        m_gridLayout->addWidget(m_charts.at(i), i / 2, i % 2);
    const int headingRow = (training + 1) / 2;
    m_systemHeading->setVisible(training < m_charts.size());
    if (training < m_charts.size())
        m_gridLayout->addWidget(m_systemHeading, headingRow, 0, 1, 2);
    for (int i = training; i < m_charts.size(); ++i)
        m_gridLayout->addWidget(m_charts.at(i), headingRow + 1 + (i - training) / 2,
                                (i - training) % 2);
}

charts::XMode CompareView::xModeFor(const QString &metric) const
{
    // System readings have no training step: always against time.
    return metrics::systemseries::isSystemMetric(metric)
               ? charts::XMode::Time
               : charts::XMode(m_controls.xMode->currentData().toInt());
}

void CompareView::updateStyles()
{
    // Every series name of every run, log series first, then by name: a name's place is its
    // line style in every run and chart.
    QList<std::pair<int, QString>> names;
    for (const CompareRun &run : std::as_const(m_runs)) {
        for (const metrics::SeriesInfo &info : m_summaries.value(run.jobId)) {
            if (!belongs(run, info))
                continue;
            const std::pair<int, QString> name{info.key.kind == metrics::kinds::Log ? 0 : 1,
                                               seriesName(run, info)};
            if (!names.contains(name))
                names.append(name);
        }
    }
    std::sort(names.begin(), names.end());
    m_seriesNames.clear();
    for (const auto &name : std::as_const(names)) {
        if (!m_seriesNames.contains(name.second))
            m_seriesNames.append(name.second);
    }
}

Qt::PenStyle CompareView::styleOf(const QString &seriesName) const
{
    return lineStyle(std::max(0, int(m_seriesNames.indexOf(seriesName))));
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
        const auto it = m_pending.constFind(c->metricName());
        if (it == m_pending.cend() || !it->waiting.isEmpty() ||
            it->request.serial != c->drawRequest().serial)
            return false;
    }
    return true;
}

charts::MetricChartView *CompareView::chart(const QString &metric) const
{
    for (charts::MetricChartView *c : m_charts) {
        if (c->metricName() == metric)
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
    // One entry per line style drawn: a run's colour with its series' style ("run" when it has
    // one series name in all charts, else "run · worker-0" per name).
    QList<RunLegend::Entry> entries;
    for (const CompareRun &run : std::as_const(m_runs)) {
        QStringList tip{run.name};
        for (auto it = run.params.cbegin(); it != run.params.cend(); ++it)
            tip.append(it.key() + QStringLiteral(" = ") + it.value());
        const QString toolTip = tip.join(QLatin1Char('\n'));
        QStringList names; // the run's series names, in style order
        for (const QString &metric : std::as_const(m_metrics)) {
            for (const RunSeries &s : seriesOf(run, metric)) {
                const QString name = seriesName(run, *s.info);
                if (!names.contains(name))
                    names.append(name);
            }
        }
        std::sort(names.begin(), names.end(), [this](const QString &a, const QString &b) {
            return m_seriesNames.indexOf(a) < m_seriesNames.indexOf(b);
        });
        const QColor color = m_colors.value(run.name);
        if (names.size() < 2) {
            entries.append(
                RunLegend::Entry{run.name, toolTip, color,
                                 names.isEmpty() ? Qt::SolidLine : styleOf(names.first())});
            continue;
        }
        for (const QString &name : std::as_const(names))
            entries.append(RunLegend::Entry{run.name + QStringLiteral(" · ") + name, toolTip, color,
                                            styleOf(name)});
    }
    m_legend->setEntries(entries);
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
