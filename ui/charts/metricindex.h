// SPDX-License-Identifier: MIT
// The Metrics tab's list of metrics, built beside the metric worker (metrics::StoreFollower, in
// the panel's worker thread, whose summaries it gets directly) rather than on the GUI thread:
// every metric of the store once, in chart order (training metrics by name, then the System
// section's in W&B's order), those a filter keeps (a case-insensitive regular expression, as
// TensorBoard filters its tags), and which metrics of the panel's page got points. A summary
// costs one pass over the store's series (a hash per series, the names sorted only when a metric
// appeared); the GUI thread gets the lists implicitly shared and touches only a page of them.
// With 100,000 TensorBoard tags the panel's work per summary is that of its dozen charts.
#pragma once

#include "metrics/storefollower.h"

#include <QHash>
#include <QMetaType>
#include <QObject>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>

namespace trainyard::ui::charts {

struct MetricIndex
{
    metrics::StoreSummary summary;
    QStringList training;        // the training metrics the filter keeps, in chart order
    QStringList system;          // the system metrics the filter keeps, in chart order
    qsizetype trainingCount = 0; // training metrics in the store, kept or not
    qsizetype systemCount = 0;
    QStringList changed; // metrics of the page (MetricIndexer::setPage) that got points
    bool hasEpoch = false;
    QString filter;         // as given
    QString filterError;    // not a valid regular expression (then matched as plain text)
    quint64 listSerial = 0; // changes whenever training or system change
};

// Training charts by name, then the System section (W&B's order; other system/* by name).
bool chartBefore(const QString &a, const QString &b);

class MetricIndexer : public QObject
{
    Q_OBJECT
public:
    explicit MetricIndexer(QObject *parent = nullptr);

    // A summary of the store (StoreFollower::summaryChanged, same thread): emits indexed().
    void setSummary(const trainyard::metrics::StoreSummary &summary);
    // The filter's text (empty: every metric); emits indexed() when it changes what is kept.
    Q_INVOKABLE void setFilter(const QString &pattern);
    // The metrics the panel shows now: their changes are reported in MetricIndex::changed.
    Q_INVOKABLE void setPage(const QStringList &metrics);

    // What was last emitted (tests).
    const MetricIndex &index() const { return m_index; }

Q_SIGNALS:
    void indexed(const trainyard::ui::charts::MetricIndex &index);

private:
    void applyFilter();
    bool keeps(const QString &metric) const;

    QHash<QString, qint64> m_counts; // series file -> points, as of the last summary
    QSet<QString> m_metrics;         // every metric of the store
    QStringList m_training;          // every training metric, in order
    QStringList m_system;            // every system metric, in order
    QSet<QString> m_page;
    QRegularExpression m_filter;
    MetricIndex m_index;
};

} // namespace trainyard::ui::charts

Q_DECLARE_METATYPE(trainyard::ui::charts::MetricIndex)
