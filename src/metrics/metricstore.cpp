// SPDX-License-Identifier: MIT
#include "metrics/metricstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <cmath>
#include <cstring>
#include <limits>

namespace trainyard::metrics {

namespace {

constexpr char Magic[8] = {'T', 'Y', 'S', 'E', 'R', 'I', 'E', 'S'};
constexpr qint64 CountOffset = 24;
constexpr qint64 PointSize = qint64(sizeof(MetricPoint));
constexpr qint64 BucketBytes = qint64(sizeof(Bucket));
const QString ProgressFile = QStringLiteral("progress.json");

QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::metrics", text);
}

QString levelPath(const QString &seriesPath, int level)
{
    QString base = seriesPath;
    base.chop(5); // ".tyms"
    return base + QStringLiteral(".l") + QString::number(level);
}

QByteArray headerBytes(const SeriesKey &key)
{
    QByteArray h(Magic, 8);
    auto u32 = [&h](quint32 v) { h.append(reinterpret_cast<const char *>(&v), 4); };
    u32(SeriesVersion);
    u32(0); // header size, patched below
    u32(quint32(PointSize));
    u32(0);
    const quint64 count = 0;
    h.append(reinterpret_cast<const char *>(&count), 8);
    for (const QString &s : {key.kind, key.source, key.metric}) {
        const QByteArray utf8 = s.toUtf8().left(65535);
        const quint16 len = quint16(utf8.size());
        h.append(reinterpret_cast<const char *>(&len), 2);
        h.append(utf8);
    }
    while (h.size() % 8)
        h.append('\0');
    const quint32 size = quint32(h.size());
    std::memcpy(h.data() + 12, &size, 4);
    return h;
}

} // namespace

qint64 bucketSize(int level)
{
    qint64 s = BucketBase;
    for (int i = 1; i < level; ++i)
        s *= BucketFactor;
    return s;
}

size_t qHash(const SeriesKey &key, size_t seed)
{
    return ::qHashMulti(seed, key.kind, key.source, key.metric);
}

QString seriesFileName(const SeriesKey &key)
{
    QCryptographicHash hash(QCryptographicHash::Sha1);
    for (const QString &s : {key.kind, key.source, key.metric}) {
        hash.addData(s.toUtf8());
        hash.addData(QByteArrayView("\n", 1));
    }
    return QString::fromLatin1(hash.result().toHex().left(16)) + QStringLiteral(".tyms");
}

void Bucket::add(const MetricPoint &p, qint64 index)
{
    lastStep = p.step;
    lastWall = p.wallMs;
    if (!std::isfinite(p.value))
        return;
    if (finite == 0 || p.value < minValue) {
        minValue = p.value;
        minStep = p.step;
        minWall = p.wallMs;
        minIndex = index;
    }
    if (finite == 0 || p.value > maxValue) {
        maxValue = p.value;
        maxStep = p.step;
        maxWall = p.wallMs;
        maxIndex = index;
    }
    sum += p.value;
    ++finite;
}

void Bucket::merge(const Bucket &later)
{
    lastStep = later.lastStep;
    lastWall = later.lastWall;
    if (later.finite == 0)
        return;
    if (finite == 0 || later.minValue < minValue) {
        minValue = later.minValue;
        minStep = later.minStep;
        minWall = later.minWall;
        minIndex = later.minIndex;
    }
    if (finite == 0 || later.maxValue > maxValue) {
        maxValue = later.maxValue;
        maxStep = later.maxStep;
        maxWall = later.maxWall;
        maxIndex = later.maxIndex;
    }
    sum += later.sum;
    finite += later.finite;
}

bool readSeriesHeader(const QString &path, SeriesKey *key, qint64 *headerSize, QString *error)
{
    QFile file(path);
    auto fail = [&](const QString &why) {
        if (error)
            *error = tr("%1: %2").arg(path, why);
        return false;
    };
    if (!file.open(QIODevice::ReadOnly))
        return fail(file.errorString());
    const QByteArray head = file.read(4096);
    if (head.size() < 38 || std::memcmp(head.constData(), Magic, 8) != 0)
        return fail(tr("not a metric series file (no TYSERIES header)"));
    quint32 version = 0;
    quint32 size = 0;
    quint32 record = 0;
    std::memcpy(&version, head.constData() + 8, 4);
    std::memcpy(&size, head.constData() + 12, 4);
    std::memcpy(&record, head.constData() + 16, 4);
    if (version != SeriesVersion)
        return fail(tr("series format version %1, this version reads %2")
                        .arg(version)
                        .arg(SeriesVersion));
    if (record != PointSize || size < 38 || size % 8 || qsizetype(size) > head.size())
        return fail(tr("damaged header"));
    qsizetype pos = 32;
    QString fields[3];
    for (QString &f : fields) {
        quint16 len = 0;
        if (pos + 2 > qsizetype(size))
            return fail(tr("damaged header"));
        std::memcpy(&len, head.constData() + pos, 2);
        pos += 2;
        if (pos + len > qsizetype(size))
            return fail(tr("damaged header"));
        f = QString::fromUtf8(head.constData() + pos, len);
        pos += len;
    }
    if (key)
        *key = SeriesKey{fields[0], fields[1], fields[2]};
    if (headerSize)
        *headerSize = size;
    return true;
}

// ---- SeriesWriter ----

SeriesWriter::~SeriesWriter()
{
    flush();
}

bool SeriesWriter::open(const QString &dir, const SeriesKey &key, qint64 keepCount,
                        QString *error)
{
    m_key = key;
    const QString path = QDir(dir).filePath(seriesFileName(key));
    m_file.setFileName(path);
    auto fail = [&](const QString &why) {
        if (error)
            *error = tr("%1: %2").arg(path, why);
        m_file.close();
        return false;
    };
    bool existed = m_file.exists() && m_file.size() > 0;
    if (existed && keepCount == 0 && !readSeriesHeader(path, nullptr, nullptr, nullptr))
        existed = false; // a header torn while being created: nothing in it is vouched for
    if (!m_file.open(QIODevice::ReadWrite))
        return fail(m_file.errorString());
    if (!existed) {
        m_file.resize(0);
        const QByteArray h = headerBytes(key);
        if (m_file.write(h) != h.size())
            return fail(m_file.errorString());
        m_header = h.size();
    } else {
        SeriesKey stored;
        QString why;
        if (!readSeriesHeader(path, &stored, &m_header, &why)) {
            if (error)
                *error = why;
            m_file.close();
            return false;
        }
        if (!(stored == key))
            return fail(tr("holds another series (%1 %2)").arg(stored.source, stored.metric));
    }
    m_count = std::max<qint64>(0, (m_file.size() - m_header) / PointSize);
    if (keepCount >= 0 && keepCount < m_count)
        m_count = keepCount;
    if (!m_file.resize(m_header + m_count * PointSize))
        return fail(m_file.errorString());

    // The pyramid: each level truncated to the complete buckets of m_count, the missing ones
    // and the open bucket rebuilt from the level below (level 1 from the records).
    const MetricPoint *raw = nullptr;
    uchar *mapped = nullptr;
    if (m_count > 0) {
        mapped = m_file.map(0, m_header + m_count * PointSize);
        if (!mapped)
            return fail(m_file.errorString());
        raw = reinterpret_cast<const MetricPoint *>(mapped + m_header);
    }
    QByteArray below; // complete buckets of the level below, read back
    for (int l = 0; l < PyramidLevels; ++l) {
        Level &level = m_levels[l];
        const qint64 size = bucketSize(l + 1);
        const qint64 expected = m_count / size;
        level.file.setFileName(levelPath(path, l + 1));
        if (!level.file.open(QIODevice::ReadWrite))
            return fail(level.file.errorString());
        qint64 have = std::min(expected, level.file.size() / BucketBytes);
        level.file.resize(have * BucketBytes);
        level.file.seek(have * BucketBytes);
        auto bucketOf = [&](qint64 first, qint64 end) {
            Bucket b;
            if (l == 0) {
                for (qint64 i = first; i < end; ++i)
                    b.add(raw[i], i);
            } else {
                const auto *lower = reinterpret_cast<const Bucket *>(below.constData());
                const qint64 child = bucketSize(l);
                for (qint64 c = first / child; c < end / child; ++c)
                    b.merge(lower[c]);
            }
            return b;
        };
        for (qint64 k = have; k < expected; ++k) {
            const Bucket b = bucketOf(k * size, (k + 1) * size);
            level.file.write(reinterpret_cast<const char *>(&b), BucketBytes);
        }
        // The open bucket: points [expected*size, m_count).
        // A level's open bucket holds the complete buckets of the level below (the points of
        // the lower level's own open bucket arrive when that one completes).
        level.acc = Bucket();
        if (l == 0) {
            level.accPoints = m_count - expected * size;
            for (qint64 i = expected * size; i < m_count; ++i)
                level.acc.add(raw[i], i);
        } else {
            const auto *lowerBuckets = reinterpret_cast<const Bucket *>(below.constData());
            const qint64 child = bucketSize(l);
            const qint64 firstChild = expected * size / child;
            const qint64 endChild = m_count / child;
            for (qint64 c = firstChild; c < endChild; ++c)
                level.acc.merge(lowerBuckets[c]);
            level.accPoints = (endChild - firstChild) * child;
        }
        // Read this level back for the next one.
        level.file.flush();
        level.file.seek(0);
        below = level.file.read(expected * BucketBytes);
        level.file.seek(expected * BucketBytes);
    }
    if (mapped)
        m_file.unmap(mapped);
    m_file.seek(m_header + m_count * PointSize);
    return true;
}

void SeriesWriter::append(const MetricPoint &point)
{
    if (!m_file.isOpen())
        return;
    m_buffer.append(reinterpret_cast<const char *>(&point), PointSize);
    const qint64 index = m_count++;
    Level &first = m_levels[0];
    first.acc.add(point, index);
    if (++first.accPoints == BucketBase) {
        const Bucket done = first.acc;
        first.acc = Bucket();
        first.accPoints = 0;
        pushBucket(0, done);
    }
    if (m_buffer.size() >= 64 * 1024)
        flush();
}

void SeriesWriter::pushBucket(int l, const Bucket &bucket)
{
    Level &level = m_levels[l];
    level.buffer.append(reinterpret_cast<const char *>(&bucket), BucketBytes);
    if (l + 1 >= PyramidLevels)
        return;
    Level &up = m_levels[l + 1];
    if (up.accPoints == 0)
        up.acc = bucket;
    else
        up.acc.merge(bucket);
    up.accPoints += bucketSize(l + 1);
    if (up.accPoints == bucketSize(l + 2)) {
        const Bucket done = up.acc;
        up.acc = Bucket();
        up.accPoints = 0;
        pushBucket(l + 1, done);
    }
}

bool SeriesWriter::flush()
{
    if (!m_file.isOpen())
        return false;
    bool ok = true;
    if (!m_buffer.isEmpty()) {
        ok = m_file.write(m_buffer) == m_buffer.size();
        m_buffer.resize(0);
    }
    // Records first, then the levels built from them.
    m_file.flush();
    for (Level &level : m_levels) {
        if (!level.buffer.isEmpty()) {
            ok = level.file.write(level.buffer) == level.buffer.size() && ok;
            level.buffer.resize(0);
            level.file.flush();
        }
    }
    const quint64 count = quint64(m_count);
    const qint64 end = m_file.pos();
    if (m_file.seek(CountOffset)) {
        m_file.write(reinterpret_cast<const char *>(&count), 8);
        m_file.seek(end);
    }
    m_file.flush();
    return ok;
}

// ---- SeriesReader ----

SeriesReader::~SeriesReader()
{
    if (m_raw.data)
        m_raw.file.unmap(m_raw.data);
    for (auto &level : m_levels) {
        if (level && level->data)
            level->file.unmap(level->data);
    }
}

bool SeriesReader::remap(Map &map, qint64 size)
{
    if (size == map.mapped)
        return true;
    if (map.data) {
        map.file.unmap(map.data);
        map.data = nullptr;
        map.mapped = 0;
    }
    if (size <= 0)
        return true;
    if (!map.file.isOpen() && !map.file.open(QIODevice::ReadOnly))
        return false;
    map.data = map.file.map(0, size);
    if (!map.data)
        return false;
    map.mapped = size;
    return true;
}

bool SeriesReader::open(const QString &path, QString *error)
{
    if (!readSeriesHeader(path, &m_key, &m_header, error))
        return false;
    m_raw.file.setFileName(path);
    if (!m_raw.file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: %2").arg(path, m_raw.file.errorString());
        return false;
    }
    for (int l = 0; l < PyramidLevels; ++l) {
        m_levels[l] = std::make_unique<Map>();
        m_levels[l]->file.setFileName(levelPath(path, l + 1));
    }
    refresh();
    return true;
}

bool SeriesReader::refresh()
{
    const qint64 before = m_count;
    const qint64 size = m_raw.file.size();
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
        Map &map = *m_levels[l];
        // A level is used only up to what the records cover (it may run ahead of a reader that
        // mapped the records earlier, never behind what it vouches for).
        const qint64 onDisk = map.file.exists() ? map.file.size() / BucketBytes : 0;
        const qint64 buckets = std::min(onDisk, m_count / bucketSize(l + 1));
        if (buckets * BucketBytes != map.mapped && !remap(map, buckets * BucketBytes))
            remap(map, 0);
    }
    return m_count != before;
}

qint64 SeriesReader::bucketCount(int level) const
{
    return m_levels[level - 1] ? m_levels[level - 1]->mapped / BucketBytes : 0;
}

const Bucket *SeriesReader::buckets(int level) const
{
    return m_levels[level - 1] ? reinterpret_cast<const Bucket *>(m_levels[level - 1]->data)
                               : nullptr;
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

// ---- progress, lock ----

StoreProgress StoreProgress::load(const QString &dir)
{
    StoreProgress p;
    QFile file(QDir(dir).filePath(ProgressFile));
    if (!file.open(QIODevice::ReadOnly))
        return p;
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    if (o.value(QStringLiteral("version")).toInt() != int(SeriesVersion))
        return p;
    p.valid = true;
    for (const QJsonValue &v : o.value(QStringLiteral("patterns")).toArray())
        p.patterns.append(v.toString());
    for (const QJsonValue &v : o.value(QStringLiteral("tensorboardRoots")).toArray())
        p.tensorBoardRoots.append(v.toString());
    const QJsonObject logs = o.value(QStringLiteral("logs")).toObject();
    for (auto it = logs.begin(); it != logs.end(); ++it) {
        const QJsonObject l = it.value().toObject();
        p.logOffsets.insert(it.key(), qint64(l.value(QStringLiteral("offset")).toDouble()));
        if (l.contains(QStringLiteral("lastStep")))
            p.lastSteps.insert(it.key(), l.value(QStringLiteral("lastStep")).toDouble());
    }
    const QJsonObject marks = o.value(QStringLiteral("files")).toObject();
    for (auto it = marks.begin(); it != marks.end(); ++it)
        p.fileMarks.insert(it.key(), qint64(it.value().toDouble()));
    const QJsonObject series = o.value(QStringLiteral("series")).toObject();
    for (auto it = series.begin(); it != series.end(); ++it)
        p.seriesCounts.insert(it.key(), qint64(it.value().toDouble()));
    return p;
}

bool StoreProgress::save(const QString &dir, QString *error) const
{
    QJsonObject o;
    o.insert(QStringLiteral("version"), int(SeriesVersion));
    o.insert(QStringLiteral("patterns"), QJsonArray::fromStringList(patterns));
    o.insert(QStringLiteral("tensorboardRoots"), QJsonArray::fromStringList(tensorBoardRoots));
    QJsonObject logs;
    for (auto it = logOffsets.cbegin(); it != logOffsets.cend(); ++it) {
        QJsonObject l;
        l.insert(QStringLiteral("offset"), double(it.value()));
        if (lastSteps.contains(it.key()))
            l.insert(QStringLiteral("lastStep"), lastSteps.value(it.key()));
        logs.insert(it.key(), l);
    }
    o.insert(QStringLiteral("logs"), logs);
    QJsonObject marks;
    for (auto it = fileMarks.cbegin(); it != fileMarks.cend(); ++it)
        marks.insert(it.key(), double(it.value()));
    o.insert(QStringLiteral("files"), marks);
    QJsonObject series;
    for (auto it = seriesCounts.cbegin(); it != seriesCounts.cend(); ++it)
        series.insert(it.key(), double(it.value()));
    o.insert(QStringLiteral("series"), series);
    QSaveFile file(QDir(dir).filePath(ProgressFile));
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    file.write(QJsonDocument(o).toJson(QJsonDocument::Compact));
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

MetricStoreLock::MetricStoreLock(const QString &dir)
    : m_lock(QDir(dir).filePath(QStringLiteral(".lock")))
{
    m_lock.setStaleLockTime(0); // only a dead holder's lock is stale
}

bool MetricStoreLock::tryLock(int timeoutMs)
{
    return m_lock.isLocked() || m_lock.tryLock(timeoutMs);
}

void MetricStoreLock::unlock()
{
    m_lock.unlock();
}

QStringList seriesFiles(const QString &dir)
{
    QStringList names = QDir(dir).entryList({QStringLiteral("*.tyms")}, QDir::Files, QDir::Name);
    for (QString &n : names)
        n = QDir(dir).filePath(n);
    return names;
}

} // namespace trainyard::metrics
