// SPDX-License-Identifier: MIT
#include "metrics/downsample.h"

#include <cmath>

namespace trainyard::metrics {

namespace {

QVector<QPointF> finiteOnly(const QVector<QPointF> &points)
{
    for (const QPointF &p : points) {
        if (!std::isfinite(p.y()) || !std::isfinite(p.x())) {
            QVector<QPointF> out;
            out.reserve(points.size());
            for (const QPointF &q : points) {
                if (std::isfinite(q.y()) && std::isfinite(q.x()))
                    out.append(q);
            }
            return out;
        }
    }
    return points;
}

} // namespace

QVector<QPointF> lttb(const QVector<QPointF> &input, int threshold)
{
    const QVector<QPointF> points = finiteOnly(input);
    const qsizetype n = points.size();
    if (threshold < 3 || threshold >= n)
        return points;
    QVector<QPointF> out;
    out.reserve(threshold);
    out.append(points.first());
    // Buckets 1..threshold-2 share the points between the first and the last.
    const double every = double(n - 2) / double(threshold - 2);
    qsizetype a = 0;
    for (int i = 0; i < threshold - 2; ++i) {
        // Average of the next bucket (the last point for the last bucket).
        qsizetype nextStart = qsizetype(std::floor((i + 1) * every)) + 1;
        qsizetype nextEnd = qsizetype(std::floor((i + 2) * every)) + 1;
        if (nextEnd > n)
            nextEnd = n;
        double avgX = 0;
        double avgY = 0;
        if (nextStart >= nextEnd) {
            avgX = points.last().x();
            avgY = points.last().y();
        } else {
            for (qsizetype j = nextStart; j < nextEnd; ++j) {
                avgX += points.at(j).x();
                avgY += points.at(j).y();
            }
            avgX /= double(nextEnd - nextStart);
            avgY /= double(nextEnd - nextStart);
        }
        const qsizetype start = qsizetype(std::floor(i * every)) + 1;
        qsizetype end = qsizetype(std::floor((i + 1) * every)) + 1;
        if (end > n - 1)
            end = n - 1;
        const double ax = points.at(a).x();
        const double ay = points.at(a).y();
        double maxArea = -1;
        qsizetype chosen = start;
        for (qsizetype j = start; j < end; ++j) {
            const double area = std::abs((ax - avgX) * (points.at(j).y() - ay) -
                                         (ax - points.at(j).x()) * (avgY - ay));
            if (area > maxArea) {
                maxArea = area;
                chosen = j;
            }
        }
        out.append(points.at(chosen));
        a = chosen;
    }
    out.append(points.last());
    return out;
}

QVector<QPointF> minMaxPerColumn(const QVector<QPointF> &input, double xMin, double xMax,
                                 int columns)
{
    const QVector<QPointF> points = finiteOnly(input);
    if (points.isEmpty() || columns < 1 || !(xMax > xMin))
        return points;
    QVector<QPointF> out;
    out.reserve(columns * 4 + 2);
    const double width = (xMax - xMin) / columns;
    qsizetype i = 0;
    const qsizetype n = points.size();
    while (i < n && points.at(i).x() < xMin)
        ++i;
    if (i > 0)
        out.append(points.at(i - 1));
    while (i < n && points.at(i).x() <= xMax) {
        const int column = std::min(columns - 1, int((points.at(i).x() - xMin) / width));
        const qsizetype first = i;
        qsizetype minI = i;
        qsizetype maxI = i;
        while (i < n && points.at(i).x() <= xMax &&
               std::min(columns - 1, int((points.at(i).x() - xMin) / width)) == column) {
            if (points.at(i).y() < points.at(minI).y())
                minI = i;
            if (points.at(i).y() > points.at(maxI).y())
                maxI = i;
            ++i;
        }
        const qsizetype last = i - 1;
        qsizetype picks[4] = {first, std::min(minI, maxI), std::max(minI, maxI), last};
        qsizetype previous = -1;
        for (qsizetype p : picks) {
            if (p != previous && p >= first) {
                out.append(points.at(p));
                previous = p;
            }
        }
    }
    if (i < n)
        out.append(points.at(i));
    return out;
}

} // namespace trainyard::metrics
