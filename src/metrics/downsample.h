// SPDX-License-Identifier: MIT
// Downsampling for drawing long series: Largest-Triangle-Three-Buckets (Steinarsson 2013) and
// min/max per pixel column. Both are one O(n) pass and keep the first and the last point.
// Input points must be sorted by x. Non-finite y values are dropped first.
#pragma once

#include <QPointF>
#include <QVector>

namespace trainyard::metrics {

// At most `threshold` points (threshold < 3 or >= size: the input, without non-finite points).
QVector<QPointF> lttb(const QVector<QPointF> &points, int threshold);

// For each of `columns` equal x ranges over [xMin, xMax]: the first, minimum, maximum and last
// point of the range (in x order, duplicates removed). Points outside the range are left out,
// except the nearest one on each side so a line leaving the view is still drawn.
QVector<QPointF> minMaxPerColumn(const QVector<QPointF> &points, double xMin, double xMax,
                                 int columns);

} // namespace trainyard::metrics
