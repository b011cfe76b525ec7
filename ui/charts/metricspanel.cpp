// SPDX-License-Identifier: MIT
#include "charts/metricspanel.h"

#include "metrics/extract.h"
#include "metrics/metricscollector.h"
#include "metrics/userpatterns.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>

namespace trainyard::ui::charts {

MetricsPanel::MetricsPanel(QWidget *parent)
    : QWidget(parent)
{
    qRegisterMetaType<trainyard::metrics::SeriesUpdates>();
    m_xMode = new QComboBox(this);
    m_xMode->addItem(tr("Step"), int(XMode::Step));
    m_xMode->addItem(tr("Time since start"), int(XMode::Time));
    m_smoothing = new QSlider(Qt::Horizontal, this);
    m_smoothing->setRange(0, 99);
    m_smoothing->setValue(60);
    m_smoothing->setMaximumWidth(200);
    m_smoothing->setToolTip(tr("Smoothing (exponential moving average, as TensorBoard)"));
    m_smoothingLabel = new QLabel(this);
    m_smoothingLabel->setTextFormat(Qt::PlainText);
    m_log = new QCheckBox(tr("Log scale"), this);
    auto *reset = new QPushButton(tr("Reset zoom"), this);
    reset->setToolTip(tr("Show every point again (Home in a chart)"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("X axis:"), this));
    bar->addWidget(m_xMode);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Smoothing:"), this));
    bar->addWidget(m_smoothing);
    bar->addWidget(m_smoothingLabel);
    bar->addSpacing(12);
    bar->addWidget(m_log);
    bar->addWidget(reset);
    bar->addStretch(1);

    m_empty = new QLabel(tr("No metrics yet. Lines such as “step=100 loss=0.5” or Keras "
                            "progress “loss: 0.1234 - accuracy: 0.9” and the hypertune metric "
                            "file become charts here."),
                         this);
    m_empty->setWordWrap(true);
    m_empty->setTextFormat(Qt::PlainText);
    m_grid = new QWidget;
    m_gridLayout = new QGridLayout(m_grid);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_grid);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_empty);
    layout->addWidget(scroll, 1);

    auto showSmoothing = [this] {
        m_smoothingLabel->setText(QString::number(m_smoothing->value() / 100.0, 'f', 2));
    };
    showSmoothing();
    connect(m_smoothing, &QSlider::valueChanged, this, [this, showSmoothing] {
        showSmoothing();
        for (MetricChartView *c : std::as_const(m_charts))
            c->setSmoothing(m_smoothing->value() / 100.0);
    });
    connect(m_xMode, &QComboBox::currentIndexChanged, this, [this] {
        for (MetricChartView *c : std::as_const(m_charts))
            c->setXMode(XMode(m_xMode->currentData().toInt()));
    });
    connect(m_log, &QCheckBox::toggled, this, [this](bool on) {
        for (MetricChartView *c : std::as_const(m_charts))
            c->setLogScale(on);
    });
    connect(reset, &QPushButton::clicked, this, [this] {
        for (MetricChartView *c : std::as_const(m_charts))
            c->resetZoom();
    });

    m_timer.setInterval(RedrawIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &MetricsPanel::redraw);
    m_thread.setObjectName(QStringLiteral("metrics"));
    m_thread.start();

    metrics::UserPatternStore *patterns = metrics::UserPatternStore::instance();
    m_patterns = metrics::UserPatternStore::usableTexts(patterns->patterns());
    m_patternTimer.setSingleShot(true);
    m_patternTimer.setInterval(PatternDelayMs);
    connect(&m_patternTimer, &QTimer::timeout, this, &MetricsPanel::restartWithPatterns);
    connect(patterns, &metrics::UserPatternStore::changed, this, &MetricsPanel::onPatternsChanged);
}

MetricsPanel::~MetricsPanel()
{
    for (metrics::MetricsCollector *c : {m_collector.data(), m_pending.data()}) {
        if (c)
            connect(&m_thread, &QThread::finished, c, &QObject::deleteLater);
    }
    m_thread.quit();
    m_thread.wait();
}

void MetricsPanel::stopCollector()
{
    for (QPointer<metrics::MetricsCollector> *c : {&m_collector, &m_pending}) {
        if (*c) {
            disconnect(*c, nullptr, this, nullptr);
            (*c)->deleteLater();
            *c = nullptr;
        }
    }
    m_pendingSet.clear();
}

void MetricsPanel::clearCharts()
{
    m_dirty.clear();
    qDeleteAll(m_charts);
    m_charts.clear();
    m_empty->show();
}

metrics::MetricsCollector *MetricsPanel::startCollector()
{
    auto *collector = new metrics::MetricsCollector(m_logsDir, m_hypertuneDir,
                                                    metrics::UserPatternStore::usable(m_patterns));
    collector->moveToThread(&m_thread);
    connect(collector, &metrics::MetricsCollector::pointsAdded, this, &MetricsPanel::onPoints);
    connect(collector, &metrics::MetricsCollector::firstPassDone, this, &MetricsPanel::onFirstPass);
    QMetaObject::invokeMethod(collector, &metrics::MetricsCollector::start, Qt::QueuedConnection);
    return collector;
}

void MetricsPanel::setJobDirs(const QString &logsDir, const QString &hypertuneDir)
{
    stopCollector();
    m_patternTimer.stop();
    m_set.clear();
    clearCharts();
    m_logsDir = logsDir;
    m_hypertuneDir = hypertuneDir;
    m_patterns =
        metrics::UserPatternStore::usableTexts(metrics::UserPatternStore::instance()->patterns());
    if (logsDir.isEmpty()) {
        m_timer.stop();
        return;
    }
    m_collector = startCollector();
    m_timer.start();
}

void MetricsPanel::onPatternsChanged()
{
    const QStringList usable =
        metrics::UserPatternStore::usableTexts(metrics::UserPatternStore::instance()->patterns());
    if (usable == m_patterns && !m_patternTimer.isActive())
        return; // e.g. an unusable pattern was typed or removed: the charts stay as they are
    m_patternTimer.start(); // (re)started: one restart after the user stopped typing
}

void MetricsPanel::restartWithPatterns()
{
    const QStringList usable =
        metrics::UserPatternStore::usableTexts(metrics::UserPatternStore::instance()->patterns());
    if (usable == m_patterns)
        return;
    m_patterns = usable;
    if (m_logsDir.isEmpty())
        return;
    // The current collector keeps feeding the charts until the replacement's first pass is in.
    if (m_pending) {
        disconnect(m_pending, nullptr, this, nullptr);
        m_pending->deleteLater();
    }
    m_pendingSet.clear();
    m_pending = startCollector();
}

void MetricsPanel::onFirstPass()
{
    if (!m_pending || sender() != m_pending)
        return; // the first pass of a job's first collector: nothing to replace
    if (m_collector) {
        disconnect(m_collector, nullptr, this, nullptr);
        m_collector->deleteLater();
    }
    m_collector = m_pending;
    m_pending = nullptr;
    m_set = std::move(m_pendingSet);
    m_pendingSet.clear();
    clearCharts();
    const QStringList metrics = m_set.metrics();
    for (const QString &metric : metrics)
        m_dirty.insert(metric);
    redraw();
    Q_EMIT patternsApplied();
}

void MetricsPanel::onPoints(const metrics::SeriesUpdates &updates)
{
    if (sender() == m_pending && m_pending) {
        m_pendingSet.add(updates);
        return;
    }
    if (sender() != m_collector)
        return; // a late batch of the previous job
    m_set.add(updates);
    for (const metrics::SeriesUpdate &u : updates)
        m_dirty.insert(u.metric);
}

MetricChartView *MetricsPanel::chart(const QString &metric) const
{
    for (MetricChartView *c : m_charts) {
        if (c->metric() == metric)
            return c;
    }
    return nullptr;
}

QStringList MetricsPanel::chartMetrics() const
{
    QStringList names;
    for (MetricChartView *c : m_charts)
        names.append(c->metric());
    return names;
}

void MetricsPanel::redraw()
{
    if (m_dirty.isEmpty())
        return;
    const QStringList metrics = m_set.metrics();
    bool added = false;
    for (const QString &metric : metrics) {
        if (!chart(metric)) {
            auto *view = new MetricChartView(metric, &m_set, m_grid);
            view->setXMode(XMode(m_xMode->currentData().toInt()));
            view->setSmoothing(m_smoothing->value() / 100.0);
            view->setLogScale(m_log->isChecked());
            m_charts.append(view);
            added = true;
        }
    }
    if (added) {
        // Metrics in name order, two per row.
        std::sort(m_charts.begin(), m_charts.end(),
                  [](MetricChartView *a, MetricChartView *b) { return a->metric() < b->metric(); });
        for (int i = 0; i < m_charts.size(); ++i)
            m_gridLayout->addWidget(m_charts.at(i), i / 2, i % 2);
        m_empty->hide();
    }
    for (const QString &metric : std::as_const(m_dirty)) {
        if (MetricChartView *c = chart(metric))
            c->updateSeries();
    }
    m_dirty.clear();
    Q_EMIT redrawn();
}

void MetricsPanel::setXMode(XMode mode)
{
    m_xMode->setCurrentIndex(m_xMode->findData(int(mode)));
}

void MetricsPanel::setSmoothing(double weight)
{
    m_smoothing->setValue(int(weight * 100 + 0.5));
}

void MetricsPanel::setLogScale(bool on)
{
    m_log->setChecked(on);
}

} // namespace trainyard::ui::charts
