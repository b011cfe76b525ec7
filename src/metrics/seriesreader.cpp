// SPDX-License-Identifier: MIT
// SeriesReader (metricstore.h): a series mapped read-only, no descriptor kept.
#include "metrics/metricstore.h"

#include <QFile>
#include <algorithm>
#include <cmath>
#include <fcntl.h>
#include <limits>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trainyard::metrics {

namespace {
constexpr qint64 PointSize = qint64(sizeof(MetricPoint));
constexpr qint64 BucketBytes = qint64(sizeof(Bucket));
} // namespace

// ---- SeriesReader ----

SeriesReader::~SeriesReader()
{
    unmap(m_raw);
    for (Map &level : m_levels)
        unmap(level);
}

void SeriesReader::unmap(Map &map)
{
    if (map.data)
        ::munmap(map.data, size_t(map.mapped));
    map.data = nullptr;
    map.mapped = 0;
}

bool SeriesReader::remap(Map &map, qint64 size)
{
    if (size == map.mapped)
        return true;
    unmap(map);
    if (size <= 0)
        return true;
    const int fd = ::open(QFile::encodeName(map.path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    void *data = ::mmap(nullptr, size_t(size), PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd); // the mapping stays; the descriptor is not needed for it
    if (data == MAP_FAILED)
        return false;
    map.data = static_cast<uchar *>(data);
    map.mapped = size;
    return true;
}

bool SeriesReader::open(const QString &path, QString *error)
{
    if (!readSeriesHeader(path, &m_key, &m_header, error))
        return false;
    unmap(m_raw);
    m_raw.path = path;
    m_count = 0;
    m_points = nullptr;
    for (int l = 0; l < PyramidLevels; ++l) {
        unmap(m_levels[l]);
        m_levels[l].path = seriesLevelPath(path, l + 1);
    }
    refresh();
    return true;
}

namespace {
qint64 sizeOf(const QString &path)
{
    struct stat st = {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? qint64(st.st_size) : -1;
}
} // namespace

bool SeriesReader::refresh()
{
    const qint64 before = m_count;
    const qint64 size = sizeOf(m_raw.path);
    const qint64 count = std::max<qint64>(0, (size - m_header) / PointSize);
    if (count != m_count || !m_raw.data) {
        if (remap(m_raw, m_header + count * PointSize) && m_raw.data) {
            m_count = count;
            m_points = reinterpret_cast<const MetricPoint *>(m_raw.data + m_header);
        } else {
            m_count = 0;
            m_points = nullptr;
        }
    }
    for (int l = 0; l < PyramidLevels; ++l) {
        Map &map = m_levels[l];
        // A level is used only up to what the records cover (it may run ahead of a reader that
        // mapped the records earlier, never behind what it vouches for). A series too short for
        // the level has no file for it: not even looked for.
        const qint64 complete = m_count / bucketSize(l + 1);
        const qint64 onDisk =
            complete > 0 ? std::max<qint64>(0, sizeOf(map.path)) / BucketBytes : 0;
        const qint64 buckets = std::min(onDisk, complete);
        if (buckets * BucketBytes != map.mapped && !remap(map, buckets * BucketBytes))
            unmap(map);
    }
    return m_count != before;
}

qint64 SeriesReader::bucketCount(int level) const
{
    return m_levels[level - 1].mapped / BucketBytes;
}

const Bucket *SeriesReader::buckets(int level) const
{
    return reinterpret_cast<const Bucket *>(m_levels[level - 1].data);
}

qint64 SeriesReader::lowerBound(double x, bool byTime) const
{
    qint64 lo = 0;
    qint64 hi = m_count;
    while (lo < hi) {
        const qint64 mid = lo + (hi - lo) / 2;
        const double v = byTime ? double(m_points[mid].wallMs) : m_points[mid].step;
        if (v < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void SeriesReader::emitRange(int level, qint64 first, qint64 end, QVector<MetricPoint> &out) const
{
    if (first >= end)
        return;
    if (level == 0) {
        out.append(QVector<MetricPoint>(m_points + first, m_points + end));
        return;
    }
    const qint64 size = bucketSize(level);
    const qint64 b0 = (first + size - 1) / size;
    const qint64 b1 = std::min(end / size, bucketCount(level));
    if (b0 >= b1) {
        emitRange(level - 1, first, end, out);
        return;
    }
    emitRange(level - 1, first, b0 * size, out);
    const Bucket *b = buckets(level);
    for (qint64 k = b0; k < b1; ++k) {
        const Bucket &bucket = b[k];
        if (bucket.finite == 0) {
            out.append(MetricPoint{bucket.lastStep, bucket.lastWall,
                                   std::numeric_limits<double>::quiet_NaN()});
            continue;
        }
        const MetricPoint lo{bucket.minStep, bucket.minWall, bucket.minValue};
        const MetricPoint hi{bucket.maxStep, bucket.maxWall, bucket.maxValue};
        if (bucket.minIndex == bucket.maxIndex) {
            out.append(lo);
        } else if (bucket.minIndex < bucket.maxIndex) {
            out.append(lo);
            out.append(hi);
        } else {
            out.append(hi);
            out.append(lo);
        }
    }
    emitRange(level - 1, b1 * size, end, out);
}

QVector<MetricPoint> SeriesReader::envelope(qint64 first, qint64 end, qint64 maxPoints,
                                            qint64 *bucket) const
{
    first = std::clamp<qint64>(first, 0, m_count);
    end = std::clamp<qint64>(end, first, m_count);
    const qint64 n = end - first;
    int level = 0;
    if (n > maxPoints) {
        // The finest level with at most maxPoints / 2 buckets over the range.
        const qint64 wanted = std::max<qint64>(1, maxPoints / 2);
        level = PyramidLevels;
        for (int l = 1; l <= PyramidLevels; ++l) {
            if (n / bucketSize(l) <= wanted) {
                level = l;
                break;
            }
        }
    }
    if (bucket)
        *bucket = level == 0 ? 1 : bucketSize(level);
    QVector<MetricPoint> out;
    out.reserve(level == 0 ? n : std::min<qint64>(n, maxPoints + 4 * bucketSize(1) * 2));
    emitRange(level, first, end, out);
    return out;
}

void SeriesReader::foldRange(int level, qint64 first, qint64 end, Bucket &acc) const
{
    if (first >= end)
        return;
    if (level == 0) {
        for (qint64 i = first; i < end; ++i)
            acc.add(m_points[i], i);
        return;
    }
    const qint64 size = bucketSize(level);
    const qint64 b0 = (first + size - 1) / size;
    const qint64 b1 = std::min(end / size, bucketCount(level));
    if (b0 >= b1) {
        foldRange(level - 1, first, end, acc);
        return;
    }
    foldRange(level - 1, first, b0 * size, acc);
    const Bucket *b = buckets(level);
    for (qint64 k = b0; k < b1; ++k)
        acc.merge(b[k]);
    foldRange(level - 1, b1 * size, end, acc);
}

bool SeriesReader::minMax(qint64 first, qint64 end, double *lo, double *hi) const
{
    first = std::clamp<qint64>(first, 0, m_count);
    end = std::clamp<qint64>(end, first, m_count);
    Bucket acc;
    foldRange(PyramidLevels, first, end, acc);
    if (acc.finite == 0)
        return false;
    *lo = acc.minValue;
    *hi = acc.maxValue;
    return true;
}

} // namespace trainyard::metrics
