// SPDX-License-Identifier: MIT
// MetricsPanel: the page of charts. The page's metrics come from the index (MetricIndexer, in
// the worker's thread); charts are made for them only, in turns of the event loop of at most
// CreateBudgetMs each, and charts of metrics that left the page are deleted.
#include "charts/metricspanel.h"
#include "metrics/systemsampler.h"

#include <QChart>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSet>
#include <QSlider>
#include <QToolButton>
#include <algorithm>

namespace trainyard::ui::charts {

namespace sys = metrics::systemseries;

void MetricsPanel::layoutPage()
{
    m_page = std::clamp(m_page, 0, pageCount() - 1);
    const QStringList page =
        m_index.training.mid(qsizetype(m_page) * PageSize, PageSize) + m_index.system;
    if (page != m_pageMetrics) {
        m_pageMetrics = page;
        const QSet<QString> wanted(page.cbegin(), page.cend());
        for (auto it = m_charts.begin(); it != m_charts.end();) {
            if (wanted.contains((*it)->metricName())) {
                ++it;
            } else {
                m_dirty.remove((*it)->metricName());
                delete *it;
                it = m_charts.erase(it);
            }
        }
        m_toMake.clear();
        for (const QString &metric : page) {
            if (!chart(metric))
                m_toMake.append(metric);
        }
        if (MetricIndexer *indexer = m_indexer)
            QMetaObject::invokeMethod(
                indexer, [indexer, page] { indexer->setPage(page); }, Qt::QueuedConnection);
    }
    showPageState();
    makeCharts();
}

void MetricsPanel::makeCharts()
{
    QElapsedTimer spent;
    spent.start();
    while (!m_toMake.isEmpty() && spent.elapsed() < CreateBudgetMs) {
        const QString metric = m_toMake.takeFirst();
        if (!chart(metric))
            m_charts.append(makeChart(metric));
    }
    std::sort(m_charts.begin(), m_charts.end(),
              [order = m_pageMetrics](MetricChartView *a, MetricChartView *b) {
                  return order.indexOf(a->metricName()) < order.indexOf(b->metricName());
              });
    placeCharts();
    if (!m_toMake.isEmpty())
        m_makeTimer.start(); // the rest in the next turn: the GUI stays responsive
    else
        Q_EMIT pageShown();
}

MetricChartView *MetricsPanel::makeChart(const QString &metric)
{
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
                    QMetaObject::invokeMethod(m_view, "draw", Qt::QueuedConnection,
                                              Q_ARG(trainyard::metrics::DrawRequest, request));
            });
    view->updateSeries();
    return view;
}

void MetricsPanel::placeCharts()
{
    // Training metrics in name order, two per row; below them the System section.
    while (QLayoutItem *item = m_gridLayout->takeAt(0))
        delete item;
    int training = 0;
    while (training < m_charts.size() && !sys::isSystemMetric(m_charts.at(training)->metricName()))
        ++training;
    for (int i = 0; i < training; ++i)
        m_gridLayout->addWidget(m_charts.at(i), i / 2, i % 2);
    const int headingRow = (training + 1) / 2;
    const bool system = training < m_charts.size();
    if (system)
        m_gridLayout->addWidget(m_systemHeading, headingRow, 0, 1, 2);
    m_systemHeading->setVisible(system);
    for (int i = training; i < m_charts.size(); ++i)
        m_gridLayout->addWidget(m_charts.at(i), headingRow + 1 + (i - training) / 2,
                                (i - training) % 2);
}

void MetricsPanel::showPageState()
{
    // The hint stays until the trainer logs a metric.
    m_empty->setVisible(m_index.trainingCount == 0);
    const qsizetype shown = m_index.training.size();
    const bool filtered = !m_index.filter.isEmpty();
    const bool paged = shown > PageSize;
    m_previous->setVisible(paged);
    m_next->setVisible(paged);
    m_previous->setEnabled(m_page > 0);
    m_next->setEnabled(m_page + 1 < pageCount());
    // The filter once there is more than a page to look through (or while it is in use).
    m_filter->setVisible(m_index.trainingCount > PageSize || filtered || m_filter->hasFocus());
    const QLocale locale;
    QString text;
    if (shown > 0 && (paged || filtered)) {
        const qsizetype first = qsizetype(m_page) * PageSize + 1;
        const qsizetype last = std::min<qsizetype>(first + PageSize - 1, shown);
        text = filtered ? tr("Metrics %1–%2 of %3 matching (%4 in all)")
                              .arg(locale.toString(first), locale.toString(last),
                                   locale.toString(shown), locale.toString(m_index.trainingCount))
                        : tr("Metrics %1–%2 of %3")
                              .arg(locale.toString(first), locale.toString(last),
                                   locale.toString(shown));
    } else if (filtered && m_index.training.isEmpty() && m_index.system.isEmpty()) {
        text = tr("No metric matches “%1”.").arg(m_index.filter);
    }
    if (!m_index.filterError.isEmpty())
        text +=
            QLatin1Char(' ') +
            tr("(Not a regular expression: %1. Matched as plain text.)").arg(m_index.filterError);
    m_pageLabel->setText(text);
}

} // namespace trainyard::ui::charts
