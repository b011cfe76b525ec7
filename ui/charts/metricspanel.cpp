// SPDX-License-Identifier: MIT
#include "charts/metricspanel.h"

#include "charts/unparsednotice.h"
#include "metrics/extract.h"
#include "metrics/storefollower.h"
#include "metrics/systemsampler.h"
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
#include <cmath>

namespace trainyard::ui::charts {

namespace {

namespace sys = metrics::systemseries;

// The System section's charts in W&B's order; other system/* metrics follow by name.
const QStringList &systemOrder()
{
    static const QStringList order{sys::CpuPercent,   sys::MemoryMiB, sys::GpuUtilizationPercent,
                                   sys::GpuMemoryMiB, sys::GpuPowerW, sys::GpuTemperatureC};
    return order;
}

// Training charts by name, then the System section.
bool chartBefore(const QString &a, const QString &b)
{
    const bool sa = sys::isSystemMetric(a);
    const bool sb = sys::isSystemMetric(b);
    if (sa != sb)
        return sb;
    if (sa) {
        const auto rank = [](const QString &m) {
            const qsizetype i = systemOrder().indexOf(m);
            return i < 0 ? systemOrder().size() : i;
        };
        if (rank(a) != rank(b))
            return rank(a) < rank(b);
    }
    return a < b;
}

} // namespace

QString MetricsPanel::systemChartTitle(const QString &metric)
{
    if (metric == sys::CpuPercent)
        return tr("CPU (% of one core)");
    if (metric == sys::MemoryMiB)
        return tr("Memory in use (MiB)");
    if (metric == sys::GpuUtilizationPercent)
        return tr("GPU utilization (%)");
    if (metric == sys::GpuMemoryMiB)
        return tr("GPU memory in use (MiB)");
    if (metric == sys::GpuPowerW)
        return tr("GPU power (W)");
    if (metric == sys::GpuTemperatureC)
        return tr("GPU temperature (°C)");
    return metric;
}

MetricsPanel::MetricsPanel(QWidget *parent)
    : QWidget(parent)
{
    qRegisterMetaType<trainyard::metrics::StoreSummary>();
    qRegisterMetaType<trainyard::metrics::DrawRequest>();
    qRegisterMetaType<trainyard::metrics::DrawResult>();
    m_controls = makeChartControls(this);
    m_xMode = m_controls.xMode;
    m_smoothing = m_controls.smoothing;
    m_smoothingLabel = m_controls.smoothingLabel;
    m_log = m_controls.logScale;
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
    m_unparsed = new UnparsedNotice(this);
    m_grid = new QWidget;
    m_gridLayout = new QGridLayout(m_grid);
    m_systemHeading = new QLabel(tr("System"), m_grid);
    m_systemHeading->setTextFormat(Qt::PlainText);
    m_systemHeading->setToolTip(tr("Sampled by the job's owner about once a second: CPU and "
                                   "memory of each replica's processes, the GPU memory they "
                                   "hold, and each GPU of this machine"));
    QFont headingFont = m_systemHeading->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.2);
    m_systemHeading->setFont(headingFont);
    m_systemHeading->hide();
    auto *scroll = new QScrollArea(this);
    scroll->setAccessibleName(tr("Metric charts"));
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_grid);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_empty);
    layout->addWidget(m_unparsed);
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
            c->setXMode(xModeFor(c->metric()));
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
    if (m_view) {
        QMetaObject::invokeMethod(m_view, &metrics::StoreFollower::stop, Qt::QueuedConnection);
        connect(&m_thread, &QThread::finished, m_view, &QObject::deleteLater);
    }
    m_thread.quit();
    m_thread.wait();
}

void MetricsPanel::stopView()
{
    if (m_view) {
        disconnect(m_view, nullptr, this, nullptr);
        QMetaObject::invokeMethod(m_view, &metrics::StoreFollower::stop, Qt::QueuedConnection);
        m_view->deleteLater();
        m_view = nullptr;
    }
}

void MetricsPanel::clearCharts()
{
    m_dirty.clear();
    qDeleteAll(m_charts);
    m_charts.clear();
    m_empty->show();
    m_systemHeading->hide();
}

XMode MetricsPanel::xModeFor(const QString &metric) const
{
    // System readings have no training step: always against time, as W&B's system charts.
    return sys::isSystemMetric(metric) ? XMode::Time : XMode(m_xMode->currentData().toInt());
}

metrics::StoreFollower *MetricsPanel::startView()
{
    auto *view = new metrics::StoreFollower(m_metricsDir, m_logsDir, m_hypertuneDir, m_patterns);
    view->moveToThread(&m_thread);
    connect(view, &metrics::StoreFollower::summaryChanged, this, &MetricsPanel::onSummary);
    connect(view, &metrics::StoreFollower::drawn, this, &MetricsPanel::onDrawn);
    connect(view, &metrics::StoreFollower::caughtUpChanged, this, &MetricsPanel::onCaughtUp);
    QMetaObject::invokeMethod(view, &metrics::StoreFollower::start, Qt::QueuedConnection);
    return view;
}

void MetricsPanel::setJobDirs(const QString &metricsDir, const QString &logsDir,
                              const QString &hypertuneDir)
{
    stopView();
    m_patternTimer.stop();
    m_summary.clear();
    m_reapplying = false;
    clearCharts();
    setEpochAvailable(m_controls, false);
    m_metricsDir = metricsDir;
    m_logsDir = logsDir;
    m_hypertuneDir = hypertuneDir;
    m_unparsed->setStoreDir(metricsDir);
    m_patterns =
        metrics::UserPatternStore::usableTexts(metrics::UserPatternStore::instance()->patterns());
    if (metricsDir.isEmpty()) {
        m_timer.stop();
        return;
    }
    m_view = startView();
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
    if (m_metricsDir.isEmpty())
        return;
    // The charts keep what they show until the new worker caught up.
    stopView();
    m_reapplying = true;
    m_view = startView();
}

void MetricsPanel::onCaughtUp()
{
    if (sender() != m_view || !m_reapplying)
        return;
    m_reapplying = false;
    clearCharts();
    m_summary = m_pendingSummary;
    setEpochAvailable(m_controls, metrics::hasEpoch(m_summary));
    for (const metrics::SeriesInfo &info : std::as_const(m_summary))
        m_dirty.insert(info.key.metric);
    redraw();
    Q_EMIT patternsApplied();
}

void MetricsPanel::onSummary(const metrics::StoreSummary &summary)
{
    if (sender() != m_view)
        return; // a late report of the previous job
    if (m_reapplying) {
        m_pendingSummary = summary;
        return;
    }
    QHash<QString, qint64> before;
    for (const metrics::SeriesInfo &info : std::as_const(m_summary))
        before.insert(info.file, info.count);
    bool newMetric = false;
    for (const metrics::SeriesInfo &info : summary) {
        if (before.value(info.file, -1) != info.count)
            m_dirty.insert(info.key.metric);
        newMetric = newMetric || !chart(info.key.metric);
    }
    m_summary = summary;
    setEpochAvailable(m_controls, metrics::hasEpoch(m_summary));
    if (newMetric)
        redraw(); // a new chart appears at once; later points wait for the redraw timer
}

void MetricsPanel::onDrawn(const metrics::DrawResult &result)
{
    if (sender() != m_view)
        return;
    if (MetricChartView *c = chart(result.metric)) {
        c->applyDrawn(result);
        Q_EMIT redrawn();
    }
}

QStringList MetricsPanel::sources(const QString &metric) const
{
    QStringList names;
    for (const metrics::SeriesInfo &info : m_summary) {
        if (info.key.metric == metric)
            names.append(info.display);
    }
    return names;
}

qint64 MetricsPanel::pointCount(const QString &metric, const QString &source) const
{
    for (const metrics::SeriesInfo &info : m_summary) {
        if (info.key.metric == metric && info.display == source)
            return info.count;
    }
    return 0;
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
    if (m_dirty.isEmpty() || !m_view)
        return;
    QStringList metrics;
    for (const metrics::SeriesInfo &info : std::as_const(m_summary)) {
        if (!metrics.contains(info.key.metric))
            metrics.append(info.key.metric);
    }
    bool added = false;
    for (const QString &metric : std::as_const(metrics)) {
        if (!chart(metric)) {
            auto *view = new MetricChartView(metric, m_metricsDir, m_grid);
            if (sys::isSystemMetric(metric))
                view->chart()->setTitle(systemChartTitle(metric).toHtmlEscaped());
            view->setXMode(xModeFor(metric));
            view->setSmoothing(m_smoothing->value() / 100.0);
            view->setLogScale(m_log->isChecked());
            view->setRestartMarks(m_restartMarks);
            connect(view, &MetricChartView::drawRequested, this,
                    [this](const metrics::DrawRequest &request) {
                        if (m_view)
                            QMetaObject::invokeMethod(
                                m_view, "draw", Qt::QueuedConnection,
                                Q_ARG(trainyard::metrics::DrawRequest, request));
                    });
            m_charts.append(view);
            added = true;
        }
    }
    if (added) {
        // Training metrics in name order, two per row; below them the System section.
        std::sort(m_charts.begin(), m_charts.end(), [](MetricChartView *a, MetricChartView *b) {
            return chartBefore(a->metric(), b->metric());
        });
        int training = 0;
        while (training < m_charts.size() && !sys::isSystemMetric(m_charts.at(training)->metric()))
            ++training;
        for (int i = 0; i < training; ++i)
            m_gridLayout->addWidget(m_charts.at(i), i / 2, i % 2);
        const int headingRow = (training + 1) / 2;
        if (training < m_charts.size()) {
            m_gridLayout->addWidget(m_systemHeading, headingRow, 0, 1, 2);
            m_systemHeading->show();
        }
        for (int i = training; i < m_charts.size(); ++i)
            m_gridLayout->addWidget(m_charts.at(i), headingRow + 1 + (i - training) / 2,
                                    (i - training) % 2);
        m_empty->setVisible(training == 0); // the hint stays until the trainer logs a metric
    }
    for (const QString &metric : std::as_const(m_dirty)) {
        if (MetricChartView *c = chart(metric))
            c->updateSeries();
    }
    m_dirty.clear();
}

void MetricsPanel::setRestartMarks(const QList<RestartMark> &marks)
{
    if (marks == m_restartMarks)
        return;
    m_restartMarks = marks;
    for (MetricChartView *c : std::as_const(m_charts))
        c->setRestartMarks(marks);
}

void MetricsPanel::setXMode(XMode mode)
{
    m_xMode->setCurrentIndex(m_xMode->findData(int(mode)));
}

void MetricsPanel::setSmoothing(double weight)
{
    m_smoothing->setValue(int(std::lround(weight * 100)));
}

void MetricsPanel::setLogScale(bool on)
{
    m_log->setChecked(on);
}

} // namespace trainyard::ui::charts
