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
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <utility>

namespace trainyard::ui::charts {

namespace {

namespace sys = metrics::systemseries;

} // namespace

QString MetricsPanel::systemChartTitle(const QString &metric)
{
    if (metric == sys::CpuPercent)
        return tr("CPU (% of one core)");
    if (metric == sys::MemoryMiB)
        return tr("Memory, PSS (MiB)");
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
    qRegisterMetaType<trainyard::ui::charts::MetricIndex>();
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

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("metricFilter"));
    m_filter->setPlaceholderText(tr("Filter metrics (regular expression)"));
    m_filter->setAccessibleName(tr("Filter metrics"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setProperty("trainyardFind", true); // Ctrl+F on the Metrics tab goes here
    m_filter->setMaximumWidth(360);
    m_previous = new QToolButton(this);
    m_previous->setObjectName(QStringLiteral("previousPage"));
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setAccessibleName(tr("Previous page of metrics"));
    m_previous->setToolTip(tr("Previous page of metrics"));
    m_next = new QToolButton(this);
    m_next->setObjectName(QStringLiteral("nextPage"));
    m_next->setArrowType(Qt::RightArrow);
    m_next->setAccessibleName(tr("Next page of metrics"));
    m_next->setToolTip(tr("Next page of metrics"));
    m_pageLabel = new QLabel(this);
    m_pageLabel->setObjectName(QStringLiteral("pageLabel"));
    m_pageLabel->setTextFormat(Qt::PlainText);
    auto *pages = new QHBoxLayout;
    pages->addWidget(m_filter, 1);
    pages->addWidget(m_previous);
    pages->addWidget(m_next);
    pages->addWidget(m_pageLabel, 1);

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
    m_systemHeading->setToolTip(
        tr("Sampled by the job's owner about once a second: CPU (children that exited included) "
           "and memory (proportional set size: a page shared by several processes counts its "
           "share to each) of each replica's processes, the GPU memory they hold, and each GPU "
           "of this machine"));
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
    layout->addLayout(pages);
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
            c->setXMode(xModeFor(c->metricName()));
    });
    connect(m_log, &QCheckBox::toggled, this, [this](bool on) {
        for (MetricChartView *c : std::as_const(m_charts))
            c->setLogScale(on);
    });
    connect(reset, &QPushButton::clicked, this, [this] {
        for (MetricChartView *c : std::as_const(m_charts))
            c->resetZoom();
    });
    connect(m_previous, &QToolButton::clicked, this, [this] { setPage(m_page - 1); });
    connect(m_next, &QToolButton::clicked, this, [this] { setPage(m_page + 1); });
    m_filterTimer.setSingleShot(true);
    m_filterTimer.setInterval(FilterDelayMs);
    connect(m_filter, &QLineEdit::textChanged, &m_filterTimer, qOverload<>(&QTimer::start));
    connect(&m_filterTimer, &QTimer::timeout, this, [this] {
        if (MetricIndexer *indexer = m_indexer)
            QMetaObject::invokeMethod(
                indexer, [indexer, text = m_filter->text()] { indexer->setFilter(text); },
                Qt::QueuedConnection);
    });
    m_makeTimer.setSingleShot(true);
    m_makeTimer.setInterval(0);
    connect(&m_makeTimer, &QTimer::timeout, this, &MetricsPanel::makeCharts);
    showPageState();

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
        if (m_indexer)
            disconnect(m_indexer, nullptr, this, nullptr);
        QMetaObject::invokeMethod(m_view, &metrics::StoreFollower::stop, Qt::QueuedConnection);
        m_view->deleteLater(); // and its indexer, a child
        m_view = nullptr;
        m_indexer = nullptr;
    }
}

void MetricsPanel::clearCharts()
{
    m_dirty.clear();
    m_toMake.clear();
    m_pageMetrics.clear();
    m_makeTimer.stop();
    qDeleteAll(m_charts);
    m_charts.clear();
    placeCharts();
    m_empty->show();
}

XMode MetricsPanel::xModeFor(const QString &metric) const
{
    // System readings have no training step: always against time, as W&B's system charts.
    return sys::isSystemMetric(metric) ? XMode::Time : XMode(m_xMode->currentData().toInt());
}

metrics::StoreFollower *MetricsPanel::startView()
{
    auto *view = new metrics::StoreFollower(m_metricsDir, m_logsDir, m_hypertuneDir, m_patterns);
    auto *indexer = new MetricIndexer(view); // moves to the thread with it, dies with it
    indexer->setFilter(m_filter->text());
    // The summaries go to the indexer in the worker's thread; only the index comes here.
    connect(view, &metrics::StoreFollower::summaryChanged, indexer, &MetricIndexer::setSummary,
            Qt::DirectConnection);
    connect(indexer, &MetricIndexer::indexed, this, &MetricsPanel::onIndexed);
    connect(view, &metrics::StoreFollower::drawn, this, &MetricsPanel::onDrawn);
    connect(view, &metrics::StoreFollower::caughtUpChanged, this, &MetricsPanel::onCaughtUp);
    view->moveToThread(&m_thread);
    m_indexer = indexer;
    QMetaObject::invokeMethod(view, &metrics::StoreFollower::start, Qt::QueuedConnection);
    return view;
}

void MetricsPanel::setJobDirs(const QString &metricsDir, const QString &logsDir,
                              const QString &hypertuneDir)
{
    stopView();
    m_patternTimer.stop();
    m_reapplying = false;
    m_index = MetricIndex();
    m_page = 0;
    clearCharts();
    showPageState();
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
    m_pendingIndex = MetricIndex();
    m_view = startView();
}

void MetricsPanel::onCaughtUp()
{
    if (sender() != m_view || !m_reapplying)
        return;
    m_reapplying = false;
    clearCharts();
    m_index = MetricIndex();
    applyIndex(m_pendingIndex, true);
    Q_EMIT patternsApplied();
}

void MetricsPanel::onIndexed(const MetricIndex &index)
{
    if (sender() != m_indexer)
        return; // a late report of the previous job
    if (m_reapplying) {
        m_pendingIndex = index;
        return;
    }
    applyIndex(index, index.listSerial != m_index.listSerial);
}

void MetricsPanel::applyIndex(const MetricIndex &index, bool relayout)
{
    if (index.filter != m_index.filter)
        m_page = 0;
    // The index it replaces may hold the last references to 100,000 series' entries: they are
    // let go of in the worker's thread, not here.
    MetricIndex old = std::exchange(m_index, index);
    if (MetricIndexer *indexer = m_indexer)
        QMetaObject::invokeMethod(
            indexer, [old = std::move(old)] {}, Qt::QueuedConnection);
    setEpochAvailable(m_controls, index.hasEpoch);
    for (const QString &metric : index.changed) {
        if (chart(metric))
            m_dirty.insert(metric);
    }
    if (relayout)
        layoutPage();
    else
        showPageState();
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
    for (const metrics::SeriesInfo &info : m_index.summary) {
        if (info.key.metric == metric)
            names.append(info.display);
    }
    return names;
}

qint64 MetricsPanel::pointCount(const QString &metric, const QString &source) const
{
    for (const metrics::SeriesInfo &info : m_index.summary) {
        if (info.key.metric == metric && info.display == source)
            return info.count;
    }
    return 0;
}

MetricChartView *MetricsPanel::chart(const QString &metric) const
{
    for (MetricChartView *c : m_charts) {
        if (c->metricName() == metric)
            return c;
    }
    return nullptr;
}

void MetricsPanel::redraw()
{
    if (m_dirty.isEmpty() || !m_view)
        return;
    for (const QString &metric : std::as_const(m_dirty)) {
        if (MetricChartView *c = chart(metric))
            c->updateSeries();
    }
    m_dirty.clear();
}

void MetricsPanel::setFilter(const QString &text)
{
    m_filter->setText(text);
}

QString MetricsPanel::filter() const
{
    return m_filter->text();
}

int MetricsPanel::pageCount() const
{
    return std::max<int>(1, int((m_index.training.size() + PageSize - 1) / PageSize));
}

void MetricsPanel::setPage(int page)
{
    page = std::clamp(page, 0, pageCount() - 1);
    if (page == m_page)
        return;
    m_page = page;
    layoutPage();
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
