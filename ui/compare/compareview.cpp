// SPDX-License-Identifier: MIT
#include "compare/compareview.h"

#include "charts/chartcontrols.h"
#include "metrics/metricrecorder.h"
#include "metrics/userpatterns.h"

#include <QCategoryAxis>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QScatterSeries>
#include <QScrollArea>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace trainyard::ui::compare {

// ---- worker ----

CompareWorker::CompareWorker(const QStringList &jobDirs, const QStringList &patterns)
    : m_dirs(jobDirs)
    , m_patterns(patterns)
{
}

void CompareWorker::start()
{
    for (const QString &dir : std::as_const(m_dirs)) {
        if (m_views.contains(dir))
            continue;
        m_views.insert(dir, new metrics::StoreFollower(QDir(dir).filePath(QStringLiteral("metrics")),
                                                   QDir(dir).filePath(QStringLiteral("logs")),
                                                   QDir(dir).filePath(QStringLiteral("hypertune")),
                                                   m_patterns, this));
    }
    poll();
    m_timer = new QTimer(this);
    m_timer->setInterval(CompareView::RefreshIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &CompareWorker::poll);
    m_timer->start();
}

void CompareWorker::stop()
{
    if (m_timer)
        m_timer->stop();
    for (metrics::StoreFollower *v : std::as_const(m_views))
        v->stop();
}

void CompareWorker::poll()
{
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it) {
        // A job never opened since the store existed is extracted here, a slice per round.
        it.value()->pollOnce();
        Q_EMIT summary(it.key(), it.value()->summary());
    }
}

void CompareWorker::draw(const metrics::DrawRequest &request)
{
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it)
        Q_EMIT drawn(it.key(), it.value()->compute(request));
}

// ---- view ----

QColor CompareView::paletteColor(int index)
{
    // Tableau 10 then a few more: distinguishable, and readable on light and dark backgrounds.
    static const QRgb colors[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948,
                                  0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac, 0x1f77b4, 0x17becf};
    return QColor(colors[index % int(std::size(colors))]);
}

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
{
    qRegisterMetaType<trainyard::metrics::StoreSummary>();
    qRegisterMetaType<trainyard::metrics::DrawRequest>();
    qRegisterMetaType<trainyard::metrics::DrawResult>();
    const charts::ChartControls controls = charts::makeChartControls(this);
    m_xMode = controls.xMode;
    m_smoothing = controls.smoothing;
    m_smoothingLabel = controls.smoothingLabel;
    m_log = controls.logScale;
    auto *csv = new QPushButton(tr("Table as CSV…"), this);
    auto *aligned = new QPushButton(tr("Points as CSV…"), this);
    aligned->setToolTip(tr("Every point of every run, one row per step"));
    auto *png = new QPushButton(tr("Charts as PNG…"), this);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("X axis:"), this));
    bar->addWidget(m_xMode);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Smoothing:"), this));
    bar->addWidget(m_smoothing);
    bar->addWidget(m_smoothingLabel);
    bar->addSpacing(12);
    bar->addWidget(m_log);
    bar->addStretch(1);
    bar->addWidget(csv);
    bar->addWidget(aligned);
    bar->addWidget(png);

    m_empty = new QLabel(tr("The selected runs have no metrics yet."), this);
    m_empty->setTextFormat(Qt::PlainText);
    m_grid = new QWidget;
    m_gridLayout = new QGridLayout(m_grid);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_grid);
    auto *chartsPage = new QWidget;
    auto *chartsLayout = new QVBoxLayout(chartsPage);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->addWidget(m_empty);
    chartsLayout->addWidget(scroll, 1);

    m_model = new QStandardItemModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_scatterPage = new QWidget;
    auto *scatterLayout = new QVBoxLayout(m_scatterPage);
    auto *scatterBar = new QHBoxLayout;
    m_scatterMetric = new QComboBox;
    m_scatterMetric->setObjectName(QStringLiteral("scatterMetric"));
    scatterBar->addWidget(new QLabel(tr("Final value of:")));
    scatterBar->addWidget(m_scatterMetric);
    scatterBar->addStretch(1);
    scatterLayout->addLayout(scatterBar);
    auto *scatterGrid = new QWidget;
    m_scatterLayout = new QGridLayout(scatterGrid);
    auto *scatterScroll = new QScrollArea;
    scatterScroll->setWidgetResizable(true);
    scatterScroll->setWidget(scatterGrid);
    scatterLayout->addWidget(scatterScroll, 1);

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(chartsPage, tr("Charts"));
    m_tabs->addTab(m_table, tr("Table"));
    m_tabs->addTab(m_scatterPage, tr("Parameters"));
    m_tabs->setTabVisible(2, false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_tabs, 1);

    auto showSmoothing = [this] {
        m_smoothingLabel->setText(QString::number(m_smoothing->value() / 100.0, 'f', 2));
    };
    showSmoothing();
    connect(m_smoothing, &QSlider::valueChanged, this, [this, showSmoothing] {
        showSmoothing();
        for (charts::MetricChartView *c : std::as_const(m_charts))
            c->setSmoothing(m_smoothing->value() / 100.0);
    });
    connect(m_xMode, &QComboBox::currentIndexChanged, this, [this] {
        for (charts::MetricChartView *c : std::as_const(m_charts))
            c->setXMode(charts::XMode(m_xMode->currentData().toInt()));
    });
    connect(m_log, &QCheckBox::toggled, this, [this](bool on) {
        for (charts::MetricChartView *c : std::as_const(m_charts))
            c->setLogScale(on);
    });
    connect(m_scatterMetric, &QComboBox::currentTextChanged, this, &CompareView::rebuildScatter);
    connect(csv, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the table as CSV"),
                                                          QStringLiteral("compare.csv"),
                                                          tr("CSV files (*.csv)"));
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
        // Streamed from the stores, in a thread of its own: a long run has millions of rows.
        auto *thread = QThread::create(
            [columns = alignedColumns(), path] { writeAlignedCsv(columns, path, nullptr); });
        connect(thread, &QThread::finished, thread, &QObject::deleteLater);
        thread->start();
    });
    connect(png, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the charts as PNG"),
                                                          QStringLiteral("compare.png"),
                                                          tr("PNG images (*.png)"));
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

void CompareView::stopWorker()
{
    if (m_worker) {
        disconnect(m_worker, nullptr, this, nullptr);
        QMetaObject::invokeMethod(m_worker, &CompareWorker::stop, Qt::QueuedConnection);
        m_worker->deleteLater();
        m_worker = nullptr;
    }
}

void CompareView::setRuns(const QList<CompareRun> &runs)
{
    stopWorker();
    m_runs = runs;
    m_colors.clear();
    for (int i = 0; i < runs.size(); ++i)
        m_colors.insert(runs.at(i).name, paletteColor(i));
    m_summaries.clear();
    m_pending.clear();
    m_metrics.clear();
    qDeleteAll(m_charts);
    m_charts.clear();
    QStringList dirs;
    bool anyParams = false;
    for (const CompareRun &run : runs) {
        if (!dirs.contains(run.jobDir))
            dirs.append(run.jobDir);
        anyParams = anyParams || !run.params.isEmpty();
    }
    m_tabs->setTabVisible(2, anyParams);
    m_worker = new CompareWorker(
        dirs, metrics::UserPatternStore::usableTexts(metrics::UserPatternStore::instance()->patterns()));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &CompareWorker::summary, this, &CompareView::onSummary);
    connect(m_worker, &CompareWorker::drawn, this, &CompareView::onDrawn);
    QMetaObject::invokeMethod(m_worker, &CompareWorker::start, Qt::QueuedConnection);
    rebuildTable();
}

bool CompareView::belongs(const CompareRun &run, const metrics::SeriesInfo &info) const
{
    // A trial's logs are "<replica>.trial-<id>"; its event files lie in "<job dir>/<id>/...".
    return run.trialId.isEmpty() ||
           info.key.source.endsWith(QStringLiteral(".trial-") + run.trialId) ||
           (info.key.kind == metrics::kinds::TensorBoard &&
            (info.key.source == run.trialId ||
             info.key.source.startsWith(run.trialId + QLatin1Char('/'))));
}

const metrics::SeriesInfo *CompareView::primary(const CompareRun &run, const QString &metric) const
{
    // The run's series of that metric: a log series before hypertune and TensorBoard ones, then
    // by name (chief/master before workers).
    const auto it = m_summaries.constFind(run.jobDir);
    if (it == m_summaries.cend())
        return nullptr;
    const metrics::SeriesInfo *best = nullptr;
    for (const metrics::SeriesInfo &info : *it) {
        if (info.key.metric != metric || !belongs(run, info))
            continue;
        auto rank = [](const metrics::SeriesInfo &i) {
            return std::make_pair(i.key.kind == metrics::kinds::Log ? 0 : 1, i.display);
        };
        if (!best || rank(info) < rank(*best))
            best = &info;
    }
    return best;
}

void CompareView::onSummary(const QString &jobDir, const metrics::StoreSummary &summary)
{
    if (sender() != m_worker)
        return;
    QHash<QString, qint64> before;
    for (const metrics::SeriesInfo &info : m_summaries.value(jobDir))
        before.insert(info.file, info.count);
    bool changed = !m_summaries.contains(jobDir);
    QSet<QString> dirty;
    for (const metrics::SeriesInfo &info : summary) {
        if (before.value(info.file, -1) != info.count) {
            changed = true;
            dirty.insert(info.key.metric);
        }
    }
    if (!changed)
        return;
    m_summaries.insert(jobDir, summary);
    rebuild();
    for (const QString &metric : std::as_const(dirty)) {
        if (charts::MetricChartView *c = chart(metric))
            c->updateSeries();
    }
    rebuildTable();
}

void CompareView::rebuild()
{
    QStringList metrics;
    for (const CompareRun &run : std::as_const(m_runs)) {
        for (const metrics::SeriesInfo &info : m_summaries.value(run.jobDir)) {
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
        view->setXMode(charts::XMode(m_xMode->currentData().toInt()));
        view->setSmoothing(m_smoothing->value() / 100.0);
        view->setLogScale(m_log->isChecked());
        connect(view, &charts::MetricChartView::drawRequested, this,
                [this](const metrics::DrawRequest &request) {
                    Pending &p = m_pending[request.metric];
                    p.request = request;
                    p.results.clear();
                    p.waiting.clear();
                    for (const CompareRun &run : std::as_const(m_runs))
                        p.waiting.insert(run.jobDir);
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
    const QString current = m_scatterMetric->currentText();
    if (m_scatterMetric->count() != metrics.size()) {
        const QSignalBlocker block(m_scatterMetric);
        m_scatterMetric->clear();
        m_scatterMetric->addItems(metrics);
        if (metrics.contains(current))
            m_scatterMetric->setCurrentText(current);
    }
}

void CompareView::onDrawn(const QString &jobDir, const metrics::DrawResult &result)
{
    if (sender() != m_worker)
        return;
    auto it = m_pending.find(result.metric);
    if (it == m_pending.end() || it->request.serial != result.serial)
        return;
    it->results.insert(jobDir, result);
    it->waiting.remove(jobDir);
    if (!it->waiting.isEmpty())
        return;
    charts::MetricChartView *c = chart(result.metric);
    if (!c)
        return;
    metrics::DrawResult combined;
    combined.metric = result.metric;
    combined.serial = result.serial;
    QList<QColor> colors;
    for (const CompareRun &run : std::as_const(m_runs)) {
        const metrics::DrawResult r = it->results.value(run.jobDir);
        QList<metrics::DrawnSeries> mine;
        for (const metrics::SeriesInfo &info : m_summaries.value(run.jobDir)) {
            if (info.key.metric != result.metric || !belongs(run, info))
                continue;
            for (const metrics::DrawnSeries &s : r.series) {
                if (s.display == info.display)
                    mine.append(s);
            }
        }
        for (metrics::DrawnSeries s : std::as_const(mine)) {
            s.display = mine.size() == 1 ? run.name : run.name + QStringLiteral(" · ") + s.display;
            combined.series.append(s);
            colors.append(m_colors.value(run.name));
        }
    }
    QHash<QString, QColor> byName;
    for (int i = 0; i < combined.series.size(); ++i)
        byName.insert(combined.series.at(i).display, colors.at(i));
    c->setColors(byName);
    c->applyDrawn(combined);
    const QList<QLineSeries *> lines = c->lineSeries();
    for (int i = 0; i < lines.size() && i < colors.size(); ++i)
        lines.at(i)->setColor(colors.at(i));
    it->results.clear();
    if (isComplete())
        Q_EMIT chartsDrawn();
}

bool CompareView::isComplete() const
{
    if (m_charts.isEmpty())
        return false;
    for (const CompareRun &run : m_runs) {
        if (!m_summaries.contains(run.jobDir))
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

void CompareView::rebuildTable()
{
    QStringList params;
    for (const CompareRun &run : std::as_const(m_runs)) {
        for (auto it = run.params.cbegin(); it != run.params.cend(); ++it) {
            if (!params.contains(it.key()))
                params.append(it.key());
        }
    }
    QStringList headers{tr("Run")};
    for (const QString &metric : std::as_const(m_metrics)) {
        headers << tr("%1 last").arg(metric) << tr("%1 min").arg(metric)
                << tr("%1 max").arg(metric);
    }
    headers << params;
    m_model->clear();
    m_model->setHorizontalHeaderLabels(headers);
    auto number = [](double v, bool known) {
        auto *item = new QStandardItem;
        if (known && !std::isnan(v)) {
            item->setText(QString::number(v, 'g', 6));
            item->setData(v, Qt::UserRole);
            item->setToolTip(QString::number(v, 'g', 17));
        } else {
            item->setData(-std::numeric_limits<double>::infinity(), Qt::UserRole);
        }
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    };
    for (const CompareRun &run : std::as_const(m_runs)) {
        QList<QStandardItem *> row;
        auto *name = new QStandardItem(run.name);
        name->setData(run.name, Qt::UserRole);
        name->setData(m_colors.value(run.name), Qt::DecorationRole);
        row.append(name);
        for (const QString &metric : std::as_const(m_metrics)) {
            const metrics::SeriesInfo *info = primary(run, metric);
            row.append(number(info ? info->last : 0, info != nullptr));
            row.append(number(info ? info->min : 0, info != nullptr));
            row.append(number(info ? info->max : 0, info != nullptr));
        }
        for (const QString &param : std::as_const(params)) {
            const QString value = run.params.value(param);
            auto *item = new QStandardItem(value);
            bool ok = false;
            const double v = value.toDouble(&ok);
            item->setData(ok ? QVariant(v) : QVariant(value), Qt::UserRole);
            row.append(item);
        }
        m_model->appendRow(row);
    }
    rebuildScatter();
    Q_EMIT tableUpdated();
}

void CompareView::rebuildScatter()
{
    QStringList params;
    for (const CompareRun &run : std::as_const(m_runs)) {
        for (auto it = run.params.cbegin(); it != run.params.cend(); ++it) {
            if (!params.contains(it.key()))
                params.append(it.key());
        }
    }
    const QString metric = m_scatterMetric->currentText();
    for (int i = 0; i < params.size(); ++i) {
        const QString &param = params.at(i);
        QChartView *view = m_scatters.value(param);
        if (!view) {
            view = new QChartView(new QChart);
            view->setRenderHint(QPainter::Antialiasing);
            view->setMinimumSize(360, 280);
            view->chart()->legend()->hide();
            view->chart()->setAnimationOptions(QChart::NoAnimation);
            m_scatterLayout->addWidget(view, i / 2, i % 2);
            m_scatters.insert(param, view);
        }
        QChart *c = view->chart();
        c->removeAllSeries();
        for (QAbstractAxis *axis : c->axes())
            c->removeAxis(axis);
        c->setTitle(tr("%1 against %2").arg(metric, param).toHtmlEscaped());
        // Numbers on a value axis; other values (categorical, discrete strings) by their order.
        QStringList categories;
        bool numeric = true;
        for (const CompareRun &run : std::as_const(m_runs)) {
            bool ok = false;
            run.params.value(param).toDouble(&ok);
            numeric = numeric && ok;
            if (!categories.contains(run.params.value(param)))
                categories.append(run.params.value(param));
        }
        double xLo = std::numeric_limits<double>::infinity();
        double xHi = -xLo;
        double yLo = xLo;
        double yHi = -xLo;
        for (const CompareRun &run : std::as_const(m_runs)) {
            const metrics::SeriesInfo *info = primary(run, metric);
            if (!info || !run.params.contains(param) || !std::isfinite(info->last))
                continue;
            const QString value = run.params.value(param);
            const double x = numeric ? value.toDouble() : double(categories.indexOf(value));
            auto *s = new QScatterSeries;
            s->setName(run.name.toHtmlEscaped());
            s->setColor(m_colors.value(run.name));
            s->setMarkerSize(11);
            s->append(x, info->last);
            c->addSeries(s);
            xLo = std::min(xLo, x);
            xHi = std::max(xHi, x);
            yLo = std::min(yLo, info->last);
            yHi = std::max(yHi, info->last);
        }
        if (!(xHi >= xLo))
            continue;
        const double xPad = xHi > xLo ? (xHi - xLo) * 0.08 : 1;
        const double yPad = yHi > yLo ? (yHi - yLo) * 0.08 : std::abs(yHi) * 0.1 + 0.1;
        QAbstractAxis *xAxis = nullptr;
        if (numeric) {
            auto *x = new QValueAxis;
            x->setRange(xLo - xPad, xHi + xPad);
            x->setLabelFormat(QStringLiteral("%g"));
            xAxis = x;
        } else {
            auto *x = new QCategoryAxis;
            x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
            for (int k = 0; k < categories.size(); ++k)
                x->append(categories.at(k).toHtmlEscaped(), k);
            x->setRange(-0.5, categories.size() - 0.5);
            xAxis = x;
        }
        xAxis->setTitleText(param.toHtmlEscaped());
        auto *yAxis = new QValueAxis;
        yAxis->setRange(yLo - yPad, yHi + yPad);
        yAxis->setLabelFormat(QStringLiteral("%g"));
        yAxis->setTitleText(metric.toHtmlEscaped());
        c->addAxis(xAxis, Qt::AlignBottom);
        c->addAxis(yAxis, Qt::AlignLeft);
        for (QAbstractSeries *s : c->series()) {
            s->attachAxis(xAxis);
            s->attachAxis(yAxis);
        }
    }
}

void CompareView::setXMode(charts::XMode mode)
{
    m_xMode->setCurrentIndex(m_xMode->findData(int(mode)));
}

void CompareView::setSmoothing(double weight)
{
    m_smoothing->setValue(int(weight * 100 + 0.5));
}

void CompareView::setLogScale(bool on)
{
    m_log->setChecked(on);
}

void CompareView::setScatterMetric(const QString &metric)
{
    m_scatterMetric->setCurrentText(metric);
}

bool CompareView::exportTableCsv(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    auto quote = [](QString s) -> QString {
        s.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        return QLatin1Char('"') + s + QLatin1Char('"');
    };
    QStringList header;
    for (int c = 0; c < m_proxy->columnCount(); ++c)
        header.append(quote(m_proxy->headerData(c, Qt::Horizontal).toString()));
    file.write((header.join(QLatin1Char(',')) + QLatin1Char('\n')).toUtf8());
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m_proxy->columnCount(); ++c) {
            const QVariant v = m_proxy->index(r, c).data(Qt::UserRole);
            if (c == RunColumn || v.typeId() == QMetaType::QString)
                cells.append(quote(m_proxy->index(r, c).data().toString()));
            else if (m_proxy->index(r, c).data().toString().isEmpty())
                cells.append(QString());
            else
                cells.append(QString::number(v.toDouble(), 'g', 17));
        }
        file.write((cells.join(QLatin1Char(',')) + QLatin1Char('\n')).toUtf8());
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

QList<std::pair<QString, QString>> CompareView::alignedColumns() const
{
    QList<std::pair<QString, QString>> list;
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
    return writeAlignedCsv(alignedColumns(), path, error);
}

bool CompareView::writeAlignedCsv(const QList<std::pair<QString, QString>> &series,
                                  const QString &path, QString *error)
{
    // Columns: each metric × each run's primary series; rows: the union of their steps, in
    // order (each series is in step order as written; a k-way merge, streamed).
    struct Column
    {
        QString title;
        std::unique_ptr<metrics::SeriesReader> reader;
        qint64 next = 0;
    };
    std::vector<Column> columns;
    for (const auto &[title, fileName] : series) {
        Column col;
        col.title = title;
        col.reader = std::make_unique<metrics::SeriesReader>();
        if (col.reader->open(fileName))
            columns.push_back(std::move(col));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    QByteArray out("step");
    for (const Column &c : columns) {
        QString t = c.title;
        t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        out += ",\"" + t.toUtf8() + '"';
    }
    out += '\n';
    for (;;) {
        double step = std::numeric_limits<double>::infinity();
        for (const Column &c : columns) {
            if (c.next < c.reader->count())
                step = std::min(step, c.reader->point(c.next).step);
        }
        if (!std::isfinite(step))
            break;
        out += QByteArray::number(step, 'g', 15);
        for (Column &c : columns) {
            out += ',';
            if (c.next < c.reader->count() && c.reader->point(c.next).step == step) {
                out += QByteArray::number(c.reader->point(c.next).value, 'g', 17);
                ++c.next;
                // Repeated steps (a restarted replica): the later point stays for a later row.
            }
        }
        out += '\n';
        if (out.size() > 1024 * 1024) {
            file.write(out);
            out.resize(0);
        }
    }
    file.write(out);
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

bool CompareView::exportPng(const QString &path)
{
    return m_grid->grab().save(path, "PNG");
}

} // namespace trainyard::ui::compare
