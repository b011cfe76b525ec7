// SPDX-License-Identifier: MIT
#include "compare/runlegend.h"

#include <QPainter>
#include <QPixmap>
#include <QScrollBar>

namespace trainyard::ui::compare {

namespace {

const QSize SwatchSize(28, 12);

QPixmap swatch(const QColor &color, Qt::PenStyle style, qreal dpr)
{
    QPixmap pixmap(SwatchSize * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(color, 2.5, style);
    p.setPen(pen);
    p.drawLine(QPointF(1, 6), QPointF(27, 6));
    return pixmap;
}

} // namespace

RunLegend::RunLegend(QWidget *parent)
    : QListWidget(parent)
{
    setObjectName(QStringLiteral("runLegend"));
    setAccessibleName(tr("Legend"));
    setViewMode(QListView::ListMode);
    setFlow(QListView::LeftToRight);
    setWrapping(true);
    setResizeMode(QListView::Adjust);
    setSpacing(2);
    setIconSize(SwatchSize);
    setSelectionMode(QAbstractItemView::NoSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setTextElideMode(Qt::ElideNone); // names in full: an entry is as wide as its name
    setFrameShape(QFrame::NoFrame);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    viewport()->setAutoFillBackground(false);
}

void RunLegend::setEntries(const QList<Entry> &entries)
{
    bool same = entries.size() == m_entries.size();
    for (int i = 0; i < entries.size() && same; ++i) {
        const Entry &a = entries.at(i);
        const Entry &b = m_entries.at(i);
        same =
            a.name == b.name && a.toolTip == b.toolTip && a.color == b.color && a.style == b.style;
    }
    if (same)
        return;
    m_entries = entries;
    clear();
    for (const Entry &e : std::as_const(m_entries)) {
        // QListWidgetItem shows its text as plain text: names come from outside.
        auto *item =
            new QListWidgetItem(QIcon(swatch(e.color, e.style, devicePixelRatioF())), e.name, this);
        item->setToolTip(
            e.toolTip.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
        item->setData(Qt::AccessibleDescriptionRole, e.toolTip);
        item->setFlags(Qt::ItemIsEnabled);
    }
    setVisible(!m_entries.isEmpty());
    fitHeight();
}

QStringList RunLegend::names() const
{
    QStringList list;
    for (const Entry &e : m_entries)
        list.append(e.name);
    return list;
}

QStringList RunLegend::toolTips() const
{
    QStringList list;
    for (const Entry &e : m_entries)
        list.append(e.toolTip);
    return list;
}

int RunLegend::rowsNeeded() const
{
    // The entries flow left to right and wrap at the viewport's width.
    const int width = std::max(1, viewport()->width());
    int rows = count() > 0 ? 1 : 0;
    int x = 0;
    for (int i = 0; i < count(); ++i) {
        const int w = sizeHintForIndex(indexFromItem(item(i))).width() + 2 * spacing();
        if (x > 0 && x + w > width) {
            ++rows;
            x = 0;
        }
        x += w;
    }
    return rows;
}

void RunLegend::fitHeight()
{
    const int rowHeight =
        count() > 0 ? sizeHintForIndex(indexFromItem(item(0))).height() + 2 * spacing() : 0;
    const int rows = std::min(rowsNeeded(), MaxRows);
    const int height = rows * rowHeight + 2 * frameWidth() + 2;
    if (height != this->height())
        setFixedHeight(height); // past MaxRows the list scrolls
}

void RunLegend::resizeEvent(QResizeEvent *event)
{
    QListWidget::resizeEvent(event);
    fitHeight();
}

} // namespace trainyard::ui::compare
