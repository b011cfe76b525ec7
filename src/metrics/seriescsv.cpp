// SPDX-License-Identifier: MIT
#include "metrics/seriescsv.h"

#include "metrics/csvwriter.h"
#include "metrics/metricstore.h"

#include <QDateTime>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

namespace trainyard::metrics {

bool writeSeriesCsv(const LabelledSeries &series, const QString &path, QString *error)
{
    return writeCsvFile(
        path,
        [&series](CsvWriter &csv) {
            csv.raw("source").raw("step").raw("wall_time").raw("value").endRow();
            for (const auto &[label, file] : series) {
                SeriesReader reader;
                if (!reader.open(file))
                    continue;
                for (qint64 i = 0; i < reader.count(); ++i) {
                    const MetricPoint p = reader.point(i);
                    csv.text(label)
                        .number(p.step)
                        .raw(QDateTime::fromMSecsSinceEpoch(p.wallMs, Qt::UTC)
                                 .toString(Qt::ISODateWithMs)
                                 .toLatin1())
                        .number(p.value)
                        .endRow();
                }
            }
            return true;
        },
        error);
}

bool writeAlignedCsv(const LabelledSeries &series, const QString &path, QString *error)
{
    struct Column
    {
        QString title;
        std::unique_ptr<SeriesReader> reader;
        qint64 next = 0;
    };
    std::vector<Column> columns;
    for (const auto &[title, file] : series) {
        Column col;
        col.title = title;
        col.reader = std::make_unique<SeriesReader>();
        if (col.reader->open(file))
            columns.push_back(std::move(col));
    }
    return writeCsvFile(
        path,
        [&columns](CsvWriter &csv) {
            csv.raw("step");
            for (const Column &c : columns)
                csv.text(c.title);
            csv.endRow();
            for (;;) {
                double step = std::numeric_limits<double>::infinity();
                for (const Column &c : columns) {
                    if (c.next < c.reader->count())
                        step = std::min(step, c.reader->point(c.next).step);
                }
                if (!std::isfinite(step))
                    break;
                csv.number(step);
                for (Column &c : columns) {
                    if (c.next < c.reader->count() && c.reader->point(c.next).step == step)
                        csv.number(c.reader->point(c.next++).value);
                    else
                        csv.empty();
                }
                csv.endRow();
            }
            return true;
        },
        error);
}

} // namespace trainyard::metrics
