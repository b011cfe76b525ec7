// SPDX-License-Identifier: MIT
#include "compare/runlegend.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>

namespace trainyard::ui::compare {

namespace {

constexpr int PerRow = 4;

QPixmap swatch(const QColor &color, Qt::PenStyle style, qreal dpr)
{
    QPixmap pixmap(QSize(28, 12) * dpr);
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
    : QWidget(parent)
    , m_layout(new QGridLayout(this))
{
    setObjectName(QStringLiteral("runLegend"));
    m_layout->setContentsMargins(4, 2, 4, 2);
    m_layout->setHorizontalSpacing(14);
    m_layout->setVerticalSpacing(2);
}

void RunLegend::setEntries(const QList<Entry> &runs, const QList<Entry> &series)
{
    if (runs.size() == m_runs.size() && series.size() == m_series.size()) {
        bool same = true;
        for (int i = 0; i < runs.size() && same; ++i)
            same =
                runs.at(i).name == m_runs.at(i).name && runs.at(i).toolTip == m_runs.at(i).toolTip;
        for (int i = 0; i < series.size() && same; ++i)
            same = series.at(i).name == m_series.at(i).name &&
                   series.at(i).style == m_series.at(i).style;
        if (same)
            return;
    }
    m_runs = runs;
    m_series = series;
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    int cell = 0;
    auto add = [&](const Entry &e) {
        auto *entry = new QWidget(this);
        auto *row = new QHBoxLayout(entry);
        row->setContentsMargins(0, 0, 0, 0);
        auto *icon = new QLabel(entry);
        icon->setPixmap(swatch(e.color, e.style, devicePixelRatioF()));
        auto *text = new QLabel(entry);
        text->setTextFormat(Qt::PlainText); // job IDs and replica names come from outside
        text->setText(e.name);
        entry->setToolTip(
            e.toolTip.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
        row->addWidget(icon);
        row->addWidget(text, 1);
        m_layout->addWidget(entry, cell / PerRow, cell % PerRow);
        ++cell;
    };
    for (const Entry &e : std::as_const(m_runs))
        add(e);
    if (!m_series.isEmpty()) {
        cell = ((cell + PerRow - 1) / PerRow) * PerRow; // series on a row of their own
        for (const Entry &e : std::as_const(m_series))
            add(e);
    }
    setVisible(!m_runs.isEmpty());
}

QStringList RunLegend::names() const
{
    QStringList list;
    for (const Entry &e : m_runs)
        list.append(e.name);
    for (const Entry &e : m_series)
        list.append(e.name);
    return list;
}

QStringList RunLegend::toolTips() const
{
    QStringList list;
    for (const Entry &e : m_runs)
        list.append(e.toolTip);
    for (const Entry &e : m_series)
        list.append(e.toolTip);
    return list;
}

} // namespace trainyard::ui::compare
