// SPDX-License-Identifier: MIT
// Charts for assistive technology (chartaccess.cpp): every QChartView, a MetricChartView or a
// plain one, is a Chart named by its title (or its accessible name) and described by its
// accessible description, with its buttons (Export, Table) as children.
#pragma once

#include <QString>

class QChartView;

namespace trainyard::ui::charts {

// Installs the accessible interface of charts (once; a chart's constructor calls it).
void installChartAccessibility();

// A chart title (rich text) as plain text.
QString plainTitle(const QString &title);

// The focus frame of a chart: its background border in the palette's highlight colour while it
// has the focus, none otherwise.
void applyChartFocusFrame(QChartView *view);
// Takes a chart into the tab chain and keeps its focus frame up to date (a plain QChartView;
// MetricChartView does it itself).
void makeChartFocusable(QChartView *view);

} // namespace trainyard::ui::charts
