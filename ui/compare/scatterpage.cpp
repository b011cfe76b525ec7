// SPDX-License-Identifier: MIT
#include "compare/scatterpage.h"

#include "charts/chartaccess.h"

#include <QCategoryAxis>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScatterSeries>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>
#include <limits>

namespace trainyard::ui::compare {

ScatterPage::ScatterPage(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    m_metric = new QComboBox;
    m_metric->setObjectName(QStringLiteral("scatterMetric"));
    auto *label = new QLabel(tr("Final value of:"));
    label->setBuddy(m_metric); // the drop-down's name (else a screen reader reads its value)
    bar->addWidget(label);
    bar->addWidget(m_metric);
    bar->addStretch(1);
    layout->addLayout(bar);
    auto *grid = new QWidget;
    m_layout = new QGridLayout(grid);
    auto *scroll = new QScrollArea;
    scroll->setAccessibleName(tr("Scatter plots"));
    scroll->setWidgetResizable(true);
    scroll->setWidget(grid);
    layout->addWidget(scroll, 1);
    connect(m_metric, &QComboBox::currentTextChanged, this, &ScatterPage::rebuild);
}

void ScatterPage::setMetric(const QString &metric)
{
    const int index = m_metric->findData(metric);
    if (index >= 0)
        m_metric->setCurrentIndex(index);
}

QString ScatterPage::metricKey() const
{
    return m_metric->currentData().toString();
}

void ScatterPage::update(const QList<RunRow> &rows, const QStringList &params,
                         const QStringList &metrics)
{
    m_rows = rows;
    m_params = params;
    // Trials: their objective as the service reports it comes first, and is the default.
    QString objective;
    for (const RunRow &row : rows) {
        if (!row.objectiveName.isEmpty())
            objective = row.objectiveName;
    }
    const QString current = m_metric->currentText();
    const int wanted = int(metrics.size()) + (objective.isEmpty() ? 0 : 1);
    if (m_metric->count() != wanted) {
        const QSignalBlocker block(m_metric);
        m_metric->clear();
        if (!objective.isEmpty())
            m_metric->addItem(tr("Objective: %1").arg(objective),
                              QString::fromLatin1(ObjectiveKey));
        for (const QString &metric : metrics)
            m_metric->addItem(metric, metric);
        const int keep = m_metric->findText(current);
        m_metric->setCurrentIndex(keep >= 0 ? keep : 0);
    }
    rebuild();
}

void ScatterPage::rebuild()
{
    const QString metric = m_metric->currentData().toString();
    const bool objective = metric == QLatin1String(ObjectiveKey);
    const QString metricTitle = m_metric->currentText();
    for (int i = 0; i < m_params.size(); ++i) {
        const QString &param = m_params.at(i);
        QChartView *view = m_scatters.value(param);
        if (!view) {
            charts::installChartAccessibility();
            view = new QChartView(new QChart);
            charts::makeChartFocusable(view);
            view->setRenderHint(QPainter::Antialiasing);
            view->setMinimumSize(360, 280);
            view->chart()->legend()->hide();
            view->chart()->setAnimationOptions(QChart::NoAnimation);
            m_scatters.insert(param, view);
            m_layout->addWidget(view, i / 2, i % 2);
        }
        QChart *c = view->chart();
        c->removeAllSeries();
        for (QAbstractAxis *axis : c->axes())
            c->removeAxis(axis);
        const QString title = tr("%1 against %2").arg(metricTitle, param);
        c->setTitle(title.toHtmlEscaped());
        // The text alternative: each run's point (screen readers read name and description).
        view->setAccessibleName(title);
        QStringList described;
        QStringList categories;
        bool numeric = true;
        for (const RunRow &run : std::as_const(m_rows)) {
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
        for (const RunRow &run : std::as_const(m_rows)) {
            const auto stats = run.stats.constFind(metric);
            const std::optional<double> y =
                objective ? run.objective
                          : (stats == run.stats.cend() ? std::nullopt
                                                       : std::optional<double>(stats->last));
            if (!y || !run.params.contains(param) || !std::isfinite(*y))
                continue;
            const QString value = run.params.value(param);
            const double x = numeric ? value.toDouble() : double(categories.indexOf(value));
            auto *s = new QScatterSeries;
            s->setName(run.name.toHtmlEscaped());
            s->setColor(run.color);
            s->setMarkerSize(11);
            s->append(x, *y);
            c->addSeries(s);
            described.append(
                tr("%1: %2 %3, %4 %5")
                    .arg(run.name, param, value, metricTitle, QString::number(*y, 'g', 6)));
            xLo = std::min(xLo, x);
            xHi = std::max(xHi, x);
            yLo = std::min(yLo, *y);
            yHi = std::max(yHi, *y);
        }
        view->setAccessibleDescription(
            described.isEmpty() ? tr("No run has a final value of %1.").arg(metricTitle)
                                : described.join(QStringLiteral("; ")) + QLatin1Char('.'));
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
        yAxis->setTitleText(metricTitle.toHtmlEscaped());
        c->addAxis(xAxis, Qt::AlignBottom);
        c->addAxis(yAxis, Qt::AlignLeft);
        for (QAbstractSeries *s : c->series()) {
            s->attachAxis(xAxis);
            s->attachAxis(yAxis);
        }
    }
}

} // namespace trainyard::ui::compare
