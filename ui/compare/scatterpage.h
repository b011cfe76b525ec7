// SPDX-License-Identifier: MIT
// The Compare view's Parameters page (trials): for a chosen metric, a scatter of each run's final
// value against each parameter, one chart per parameter; numbers on a value axis, other values
// (categorical, discrete strings) by their order. For a tuning job's trials the first choice,
// and the default, is the objective as the service reports it (RunRow::objective), not a
// log series' last value.
#pragma once

#include "compare/comparetablemodel.h"

#include <QHash>
#include <QWidget>

class QChartView;
class QComboBox;
class QGridLayout;

namespace trainyard::ui::compare {

class ScatterPage : public QWidget
{
    Q_OBJECT
public:
    explicit ScatterPage(QWidget *parent = nullptr);

    // The runs (their params and final values), the parameters to plot, the metrics to offer.
    void update(const QList<RunRow> &rows, const QStringList &params, const QStringList &metrics);
    // A metric's name, or ObjectiveKey.
    void setMetric(const QString &metric);
    QString metricKey() const;
    static constexpr const char *ObjectiveKey = "@objective";
    QChartView *scatter(const QString &param) const { return m_scatters.value(param); }

private:
    void rebuild();

    QList<RunRow> m_rows;
    QStringList m_params;
    QComboBox *m_metric;
    QGridLayout *m_layout;
    QHash<QString, QChartView *> m_scatters;
};

} // namespace trainyard::ui::compare
