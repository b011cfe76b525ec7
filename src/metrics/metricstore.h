// SPDX-License-Identifier: MIT
// The per-job metric store on disk (<job>/metrics/): every point of every series, extracted once
// and kept compactly, plus a min/max level pyramid per series so a chart of any length opens from
// a few hundred buckets.
//
// ON-DISK FORMAT, one file per series (kind × source × metric), named by seriesFileName():
//
//   <name>.tyms   header, then fixed 24-byte records, append-only:
//     offset 0   8 bytes  magic "TYSERIES"
//            8   u32      version (SeriesVersion)
//           12   u32      header size in bytes (a multiple of 8)
//           16   u32      record size (24)
//           20   u32      0 (reserved)
//           24   u64      point count at the last flush (informational; see below)
//           32   3 × (u16 length + UTF-8 bytes): kind, source, metric; zero padding to 8
//                (a field longer than 65,535 bytes is stored cut there, at a character's start:
//                the name a chart shows; the file name hashes the whole key)
//     records: f64 step, i64 wall time (ms since the epoch, UTC), f64 value (host byte order,
//     little endian on every platform we build for)
//   <name>.l1 .. <name>.l7   level pyramid: level L holds one 96-byte Bucket per complete run of
//     BucketSize(L) = 32 × 8^(L-1) points (32, 256, ... 8,388,608), derived from the records.
//     A level's file is created with its first complete bucket: a series of fewer than 32
//     points is one file, of fewer than 256 two, so 100,000 short series are 100,000 files.
//
// Descriptors: none is held. Writers open a file for the length of a flush, readers map what
// they read and close the descriptor at once; a job's 1,024 descriptors stay its replicas'.
//
// Crash safety, like the logs: a reader counts only complete records ((size - header) / 24), so a
// torn tail is ignored, never read as a point. A writer opening a series truncates it to the
// count recorded in the store's progress file (progress.json, written atomically after each
// flush) and rebuilds the pyramid tail from the records, so a point is never stored twice and a
// level never disagrees with its records. (System series, read from nothing that could be read
// again, have no count there: their writer keeps every complete record.) Only one writer per
// store: MetricStoreLock.
//
// Kinds: "log" (extracted from replica logs), "hypertune" (the hypertune metric files),
// "tensorboard" (event files), "system" (CPU, memory and GPU readings: systemsampler.h).
#pragma once

#include "metrics/series.h"

#include <QHash>
#include <QJsonObject>
#include <QLockFile>
#include <QString>
#include <QStringList>
#include <QVector>
#include <array>
#include <memory>
#include <optional>

namespace trainyard::metrics {

inline constexpr quint32 SeriesVersion = 1;
inline constexpr int PyramidLevels = 7;
inline constexpr qint64 BucketBase = 32;
inline constexpr qint64 BucketFactor = 8;
qint64 bucketSize(int level); // level 1..PyramidLevels

namespace kinds {
inline const QString Log = QStringLiteral("log");
inline const QString Hypertune = QStringLiteral("hypertune");
inline const QString TensorBoard = QStringLiteral("tensorboard");
inline const QString System = QStringLiteral("system"); // systemsampler.h
} // namespace kinds

struct SeriesKey
{
    QString kind;
    QString source; // replica, trial log name, or TensorBoard run
    QString metric; // tag
    bool operator==(const SeriesKey &o) const
    {
        return kind == o.kind && source == o.source && metric == o.metric;
    }
};
size_t qHash(const SeriesKey &key, size_t seed = 0);

// "<16 hex digits of SHA-1(kind, source, metric)>.tyms"
QString seriesFileName(const SeriesKey &key);

// Min/max of a run of points (finite values only; `finite == 0`: none).
struct Bucket
{
    double minStep = 0;
    double minValue = 0;
    qint64 minWall = 0;
    qint64 minIndex = 0;
    double maxStep = 0;
    double maxValue = 0;
    qint64 maxWall = 0;
    qint64 maxIndex = 0;
    double lastStep = 0;
    qint64 lastWall = 0;
    double sum = 0;
    qint64 finite = 0;

    void add(const MetricPoint &p, qint64 index);
    void merge(const Bucket &later);
};
static_assert(sizeof(Bucket) == 96);
static_assert(sizeof(MetricPoint) == 24);

// Reads the header of a series file; false with *error (file and reason) if it is not one.
bool readSeriesHeader(const QString &path, SeriesKey *key, qint64 *headerSize, QString *error);
// The file of a series' pyramid level (1..PyramidLevels); it exists once the level holds a
// complete bucket.
QString seriesLevelPath(const QString &seriesPath, int level);
// Removes a series' file and its level files.
void removeSeriesFiles(const QString &seriesPath);

// Appends to one series. Holds no file open between calls: open() and flush() open what they
// write and close it again, so a job with thousands of series costs no descriptors.
class SeriesWriter
{
public:
    SeriesWriter() = default;
    ~SeriesWriter();
    SeriesWriter(const SeriesWriter &) = delete;
    SeriesWriter &operator=(const SeriesWriter &) = delete;

    // Opens or creates <dir>/seriesFileName(key). keepCount >= 0: truncate to that many points
    // (what the progress file vouches for); < 0: keep every complete record.
    bool open(const QString &dir, const SeriesKey &key, qint64 keepCount, QString *error);
    void append(const MetricPoint &point);
    // Writes buffered points and completed buckets, then the header's count; opens nothing when
    // nothing changed. A failed write (a full disk) keeps what is on disk consistent, drops the
    // rest and stops the writer: count() is then what the file holds, error() says why.
    bool flush();
    qint64 count() const { return m_count; }
    const SeriesKey &key() const { return m_key; }
    QString fileName() const { return m_path; }
    QString error() const { return m_error; }

private:
    struct Level
    {
        Bucket acc;
        qint64 accPoints = 0;
        qint64 onDisk = 0; // complete buckets in the level's file
        QByteArray buffer;
    };
    void pushBucket(int level, const Bucket &bucket);

    SeriesKey m_key;
    QString m_path;
    QString m_error;
    bool m_valid = false;
    qint64 m_header = 0;
    qint64 m_count = 0;
    qint64 m_flushed = 0;      // records on disk
    qint64 m_headerCount = -1; // the count in the file's header
    QByteArray m_buffer;
    std::array<Level, PyramidLevels> m_levels;
};

// Read access to one series while it may grow (another process appends): memory-mapped,
// refresh() picks up growth. Not thread-safe; one reader per thread.
class SeriesReader
{
public:
    SeriesReader() = default;
    ~SeriesReader();
    SeriesReader(const SeriesReader &) = delete;
    SeriesReader &operator=(const SeriesReader &) = delete;

    bool open(const QString &path, QString *error = nullptr);
    // Maps what was appended since; returns true when the count changed.
    bool refresh();
    const SeriesKey &key() const { return m_key; }
    qint64 count() const { return m_count; }
    MetricPoint point(qint64 i) const { return m_points[i]; }
    const MetricPoint *points() const { return m_points; }
    qint64 bucketCount(int level) const;
    const Bucket *buckets(int level) const;

    // The first index whose step (byTime: wall time) is >= x, assuming it does not decrease
    // along the series (binary search).
    qint64 lowerBound(double x, bool byTime) const;

    // What a chart draws for points [first, end): every point when there are at most maxPoints,
    // else per bucket of the coarsest level that still gives maxPoints / 2 buckets its min and
    // max point in index order, the ranges a level does not cover filled from finer levels and
    // records. *bucket receives the level's bucket size (1: raw points).
    QVector<MetricPoint> envelope(qint64 first, qint64 end, qint64 maxPoints,
                                  qint64 *bucket = nullptr) const;
    // Exact min and max over [first, end) from the pyramid (finite values; false if none).
    bool minMax(qint64 first, qint64 end, double *lo, double *hi) const;

private:
    void emitRange(int level, qint64 first, qint64 end, QVector<MetricPoint> &out) const;
    void foldRange(int level, qint64 first, qint64 end, Bucket &acc) const;
    // A read-only mapping of a file's first `mapped` bytes; no descriptor is kept.
    struct Map
    {
        QString path;
        uchar *data = nullptr;
        qint64 mapped = 0;
    };
    static bool remap(Map &map, qint64 size);
    static void unmap(Map &map);

    SeriesKey m_key;
    qint64 m_header = 0;
    qint64 m_count = 0;
    Map m_raw;
    const MetricPoint *m_points = nullptr;
    std::array<Map, PyramidLevels> m_levels;
};

// The store's progress file: how far each source was extracted and how many points each series
// had then. Written with the store's checked atomic write (store/atomicwrite.h) after the series
// were flushed.
struct StoreProgress
{
    QStringList patterns;                // the user patterns log series were extracted with
    QHash<QString, qint64> logOffsets;   // log file name -> bytes consumed
    QHash<QString, double> lastSteps;    // log file name -> last step seen
    QHash<QString, qint64> fileMarks;    // other source files (hypertune, event files) -> mark
    QHash<QString, qint64> seriesCounts; // series file name -> points
    QStringList tensorBoardRoots;        // where event files are looked for (the owner's job dir)
    bool valid = false;                  // false: no progress file (nothing trusted)

    static StoreProgress load(const QString &dir);
    // Writes progress.json unless it would say what this progress last wrote. Progress nobody
    // touched since the last save is known at once: the containers still share their data with
    // the copies that save kept (Qt's implicit sharing; any change detaches them), so an idle
    // store of 100,000 series is not turned into text every second.
    bool save(const QString &dir, QString *error);
    QByteArray toJson() const; // keys sorted, so the same progress is the same text

private:
    struct Saved
    {
        QStringList patterns;
        QHash<QString, qint64> logOffsets;
        QHash<QString, double> lastSteps;
        QHash<QString, qint64> fileMarks;
        QHash<QString, qint64> seriesCounts;
        QStringList tensorBoardRoots;
    };
    bool untouchedSince(const Saved &saved) const;

    QByteArray m_written;         // what save() last wrote
    std::optional<Saved> m_saved; // the fields the file holds, as save() last saw them
};

// The single-writer lock of a store (<dir>/.lock, QLockFile: a dead holder's lock is taken over).
class MetricStoreLock
{
public:
    explicit MetricStoreLock(const QString &dir);
    bool tryLock(int timeoutMs = 0);
    void unlock();
    bool isLocked() const { return m_lock.isLocked(); }

private:
    QLockFile m_lock;
};

// The series files of a store (sorted by name).
QStringList seriesFiles(const QString &dir);

} // namespace trainyard::metrics
