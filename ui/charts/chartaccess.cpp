// SPDX-License-Identifier: MIT
// MetricChartView for assistive technology: its name (the title), its description (a summary of
// its series), and an accessible interface that makes every chart (also a plain QChartView, the
// trials' scatter plots) a Chart whose children are its buttons. QChartView is a scroll area to
// QtWidgets, whose interface lists only the viewport and the scroll bars: the Export button, a
// child of the view itself, was missing from the tree.
#include "charts/chartaccess.h"

#include "charts/metricchart.h"
#include "metrics/metricstore.h"

#include <QAbstractButton>
#include <QAccessibleWidget>
#include <QChartView>
#include <QEvent>
#include <QTextDocumentFragment>
#include <QToolButton>

namespace trainyard::ui::charts {

namespace {

class AccessibleChart : public QAccessibleWidget
{
public:
    explicit AccessibleChart(QChartView *view)
        : QAccessibleWidget(view, QAccessible::Chart)
    {}

    QString text(QAccessible::Text t) const override
    {
        // A metric chart's summary is read as it is now (a hidden one sends no change events).
        if (t == QAccessible::Description) {
            if (const auto *metric = qobject_cast<const MetricChartView *>(view()))
                return metric->summary();
        }
        QString s = QAccessibleWidget::text(t);
        if (t == QAccessible::Name && s.isEmpty() && view()->chart())
            s = plainTitle(view()->chart()->title());
        return s;
    }

    // The chart's buttons (Export, Table), in their tab order.
    int childCount() const override { return int(buttons().size()); }
    QAccessibleInterface *child(int index) const override
    {
        const QList<QAbstractButton *> list = buttons();
        return index >= 0 && index < list.size()
                   ? QAccessible::queryAccessibleInterface(list[index])
                   : nullptr;
    }
    int indexOfChild(const QAccessibleInterface *child) const override
    {
        return child ? int(buttons().indexOf(qobject_cast<QAbstractButton *>(child->object())))
                     : -1;
    }

private:
    QChartView *view() const { return static_cast<QChartView *>(widget()); }
    QList<QAbstractButton *> buttons() const
    {
        return view()->findChildren<QAbstractButton *>(Qt::FindDirectChildrenOnly);
    }
};

QAccessibleInterface *chartFactory(const QString &className, QObject *object)
{
    if (className != QLatin1String("QChartView") || !object || !object->isWidgetType())
        return nullptr;
    auto *view = qobject_cast<QChartView *>(object);
    return view ? new AccessibleChart(view) : nullptr;
}

} // namespace

QString plainTitle(const QString &title)
{
    // Chart titles are rich text (outside strings are escaped into them).
    return QTextDocumentFragment::fromHtml(title).toPlainText();
}

void applyChartFocusFrame(QChartView *view)
{
    view->chart()->setBackgroundRoundness(0);
    view->chart()->setBackgroundPen(
        view->hasFocus() ? QPen(view->palette().color(QPalette::Highlight), 3) : QPen(Qt::NoPen));
}

namespace {

class FocusFrame : public QObject
{
public:
    explicit FocusFrame(QChartView *view)
        : QObject(view)
    {}

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut)
            applyChartFocusFrame(static_cast<QChartView *>(watched));
        return false;
    }
};

} // namespace

void makeChartFocusable(QChartView *view)
{
    view->setFocusPolicy(Qt::StrongFocus);
    view->installEventFilter(new FocusFrame(view));
}

void installChartAccessibility()
{
    // Once; the factory answers for QChartView and every class derived from it.
    static const bool installed = [] {
        QAccessible::installFactory(chartFactory);
        return true;
    }();
    Q_UNUSED(installed);
}

QString MetricChartView::title() const
{
    return plainTitle(chart()->title());
}

QString MetricChartView::summary() const
{
    const auto number = [](double v) { return QString::number(v, 'g', 6); };
    QStringList parts;
    for (const QString &source : m_order) {
        const auto it = m_stats.constFind(source);
        if (it == m_stats.cend() || it->count == 0)
            continue;
        const int count = int(std::min<qint64>(it->count, std::numeric_limits<int>::max()));
        // A system reading's step is the time since the job's owner started (systemsampler.h).
        parts.append(
            (it->kind == metrics::kinds::System
                 ? tr("%1: last %2 at %3 s, min %4, max %5, %n point(s)", nullptr, count)
                 : tr("%1: last %2 at step %3, min %4, max %5, %n point(s)", nullptr, count))
                .arg(source, number(it->last), number(it->lastStep), number(it->min),
                     number(it->max)));
    }
    if (parts.isEmpty())
        return tr("No points yet.");
    QString text = parts.join(QStringLiteral("; ")) + QLatin1Char('.');
    if (m_x2Axis)
        text +=
            QLatin1Char(' ') + tr("%1 on a second step axis at the top.").arg(secondAxisTitle());
    return text;
}

void MetricChartView::updateDescription()
{
    // The buttons are named after the chart's title (a system chart's is set after it is made).
    const QString name = title();
    if (m_exportButton->accessibleName() != tr("Export %1").arg(name)) {
        m_exportButton->setAccessibleName(tr("Export %1").arg(name));
        m_tableButton->setAccessibleName(tr("Show %1 as a table").arg(name));
    }
    const QString text = summary();
    if (accessibleDescription() != text)
        setAccessibleDescription(text); // tells assistive technology (DescriptionChanged)
}

} // namespace trainyard::ui::charts
