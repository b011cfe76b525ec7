// SPDX-License-Identifier: MIT
// Read side of a job's metric store (metricstore.h) for charts, meant to live in a worker thread:
// it follows the store's series files (memory-mapped, growth picked up every IntervalMs), and
// when no one else writes the store (no owner running; the store's lock is free) it extracts
// what the logs and hypertune files have beyond the store's progress first: a job recorded
// before the store existed is converted in the background this way, the charts filling in as the
// conversion goes.
//
// Charts ask for what they draw (DrawRequest: metric, pixel width, visible range, smoothing,
// x axis, log scale) and get per series at most about two points per pixel column from the level
// pyramid (SeriesReader::envelope); zooming loads the visible range's detail only. Nothing here
// keeps a series in memory: 10 million points cost their mapped pages, not a copy.
//
// Cost per series: a round looks at the store only when its progress file or its folder
// changed (and every FullScanEvery rounds anyway), and at the system series' few files, which
// grow without a new progress file (metricrecorder.cpp); then only the series files that grew are
// read again for the summary, through a mapping dropped at once. Mappings are kept only for
// the series last drawn (at most ReaderCacheSize): 100,000 series that are not drawn cost
// their summary entries, no descriptors and no mappings.
//
// Smoothing (TensorBoard's debiased EMA with weight w), as TensorBoard and W&B draw it: the
// smoothed line over the raw points, which are drawn faint under it. Drawn from the points, the
// EMA is exact; drawn from the pyramid, it runs over the runs of points the drawing is made of
// (a bucket, or the single points at the edges of the range): a run of n points with mean m
// moves the average as n points of value m would, with weight w^n. So a dense curve at 0.98 is a
// smooth line at every zoom, and the raw min/max band stays under it. The average is a weighted
// mean of the points so far, so it is kept between their min and max: a constant series stays
// exactly at its value, never moved by rounding (docs/charts.md, "Smoothing").
//
// X axis: the step, the time since the store's first point, or the epoch: a series' step mapped
// through the epoch series of the same source (or, when it has none, the store's first epoch
// series), interpolated between its points.
#pragma once

#include "metrics/metricstore.h"
#include "store/filestamp.h"

#include <QHash>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPointF>
#include <QTimer>
#include <array>
#include <memory>
#include <optional>

namespace trainyard::metrics {

class MetricRecorder;

struct SeriesInfo
{
    SeriesKey key;
    QString display; // displaySource(key)
    QString file;    // the series file
    qint64 count = 0;
    qint64 firstWallMs = 0;
    double lastStep = 0;
    double last = 0; // last value
    double min = 0;  // min and max over every point (finite values; NaN when none)
    double max = 0;
};
using StoreSummary = QList<SeriesInfo>;

struct DrawRequest
{
    QString metric;
    int width = 800;       // plot width in pixels: about 2 points per pixel are drawn
    bool byTime = false;   // x: time since the store's first point (s), else step
    bool byEpoch = false;  // x: the epoch (hasEpoch()), else as byTime says
    double smoothing = 0;  // EMA weight in [0, 1)
    bool logScale = false; // drop values <= 0
    bool zoomed = false;   // else the whole series
    double xMin = 0;
    double xMax = 0;
    // Series of these kinds are on a chart's second step axis (their own step scale, as a
    // hypertune file's global step beside the log's step): zoomed, they are read over
    // [xMin2, xMax2] instead.
    QStringList secondaryKinds;
    double xMin2 = 0;
    double xMax2 = 0;
    quint64 serial = 0;
};

struct DrawnSeries
{
    SeriesKey key;           // what the series is (kind, source, metric)
    QString display;         // how it is named (displaySource(key), translated)
    QVector<QPointF> points; // the line: smoothed, else the raw points (or min/max per bucket)
    QVector<QPointF> raw;    // smoothed only: the raw points (or min/max per bucket) under it
    qint64 bucket = 1;       // points per drawn bucket (1: every point)
    // The series as stored (all of it, not only the drawn range): for the chart's text
    // alternative and its step scale.
    struct Stats
    {
        QString kind;
        qint64 count = 0;
        double last = 0;
        double lastStep = 0;
        double min = 0;
        double max = 0;
    };
    Stats stats;
};

// The metric whose series give the Epoch x axis.
inline const QString EpochMetric = QStringLiteral("epoch");
// True when the summary has an epoch series (the Epoch x axis can be offered).
bool hasEpoch(const StoreSummary &summary);

struct DrawResult
{
    QString metric;
    quint64 serial = 0;
    qint64 originMs = 0; // the wall time (ms since the epoch) at x 0 when drawn by time
    QList<DrawnSeries> series;
};

class StoreFollower : public QObject
{
    Q_OBJECT
public:
    static constexpr int IntervalMs = 250;
    static constexpr qint64 CatchUpBytesPerTick = 32 * 1024 * 1024;
    static constexpr int TensorBoardEvery = 8;  // rounds between looks for new event files
    static constexpr int FullScanEvery = 16;    // rounds between looks at an unchanged store
    static constexpr int ReaderCacheSize = 256; // series kept mapped for drawing

    // logsDir / hypertuneDir empty: only read the store (never extract).
    StoreFollower(const QString &storeDir, const QString &logsDir, const QString &hypertuneDir,
                  const QStringList &patterns, QObject *parent = nullptr);
    ~StoreFollower() override;

    Q_INVOKABLE void start();
    Q_INVOKABLE void stop();
    // One round now: extraction (if the lock is free), then the series files. Returns true when
    // the summary changed.
    Q_INVOKABLE bool pollOnce();
    // Computes and emits drawn().
    Q_INVOKABLE void draw(const trainyard::metrics::DrawRequest &request);

    // Synchronous forms (the worker thread, tests, benchmarks).
    StoreSummary summary() const { return m_summary; }
    DrawResult compute(const DrawRequest &request) const;
    qint64 originWallMs() const { return m_origin; }
    // True once extraction reached the end of the logs (or there is nothing to extract).
    bool caughtUp() const { return m_caughtUp; }

    // Every point of a metric's series as CSV (source,step,wall_time,value; metrics::CsvWriter),
    // streamed from the files.
    static bool exportCsv(const QString &storeDir, const QString &metric, const QString &path,
                          QString *error);

Q_SIGNALS:
    void summaryChanged(const trainyard::metrics::StoreSummary &summary);
    void drawn(const trainyard::metrics::DrawResult &result);
    // The first round in which extraction caught up (its points were in summaryChanged before).
    void caughtUpChanged();

public:
    // The progress file's stamp and the folder's: what changes when a writer flushed or a
    // series was added or removed (the progress file gets a new inode at each replacement).
    using Signature = std::array<std::optional<store::FileStamp>, 2>;

private:
    void extract();
    bool refreshReaders();
    // Summarizes a series file again when its size is not `size` any more; true when changed.
    bool refreshEntry(const QString &file, qint64 size);
    std::shared_ptr<SeriesReader> readerFor(const QString &file) const;

    struct Entry
    {
        SeriesInfo info;
        qint64 size = -1; // of the series file when info was taken
    };

    QString m_dir;
    QString m_logsDir;
    QString m_hypertuneDir;
    QStringList m_patterns;
    std::unique_ptr<MetricRecorder> m_recorder;
    QHash<QString, Entry> m_entries; // by file
    QStringList m_systemFiles;       // the system series' files, looked at every round
    // The series last drawn, by file, and their order of use (most recent last).
    mutable QHash<QString, std::shared_ptr<SeriesReader>> m_readers;
    mutable QStringList m_readerUse;
    Signature m_signature; // of the store when it was last looked at
    int m_scanRound = 0;
    StoreSummary m_summary;
    qint64 m_origin = 0;
    QTimer *m_timer = nullptr;
    bool m_caughtUp = false;
    bool m_reported = false;
    bool m_tensorBoardPending = false;
    int m_rounds = 0;
};

} // namespace trainyard::metrics

Q_DECLARE_METATYPE(trainyard::metrics::StoreSummary)
Q_DECLARE_METATYPE(trainyard::metrics::DrawRequest)
Q_DECLARE_METATYPE(trainyard::metrics::DrawResult)
