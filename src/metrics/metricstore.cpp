// SPDX-License-Identifier: MIT
#include "metrics/metricstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace trainyard::metrics {

namespace {

constexpr char Magic[8] = {'T', 'Y', 'S', 'E', 'R', 'I', 'E', 'S'};
constexpr qint64 CountOffset = 24;
constexpr qint64 PointSize = qint64(sizeof(MetricPoint));
constexpr qint64 BucketBytes = qint64(sizeof(Bucket));

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

// A header field: UTF-8, at most MaxFieldBytes, cut at a character's start.
constexpr qsizetype MaxFieldBytes = 65535;
// The largest header: the fixed part, three fields at their longest, padding to 8.
constexpr qint64 MaxHeaderBytes = 32 + 3 * (2 + MaxFieldBytes) + 7;

QByteArray fieldBytes(const QString &text)
{
    QByteArray utf8 = text.toUtf8();
    if (utf8.size() > MaxFieldBytes) {
        qsizetype cut = MaxFieldBytes;
        while (cut > 0 && (uchar(utf8.at(cut)) & 0xC0) == 0x80)
            --cut; // not inside a character
        utf8.truncate(cut);
    }
    return utf8;
}

// The key as the header holds it (what readSeriesHeader() gives back).
SeriesKey storedKey(const SeriesKey &key)
{
    const auto field = [](const QString &text) {
        return text.size() * 3 <= MaxFieldBytes ? text : QString::fromUtf8(fieldBytes(text));
    };
    return SeriesKey{field(key.kind), field(key.source), field(key.metric)};
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
        const QByteArray utf8 = fieldBytes(s);
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
    QByteArray head = file.read(4096);
    if (head.size() < 38 || std::memcmp(head.constData(), Magic, 8) != 0)
        return fail(tr("not a metric series file (no TYSERIES header)"));
    quint32 version = 0;
    quint32 size = 0;
    quint32 record = 0;
    std::memcpy(&version, head.constData() + 8, 4);
    std::memcpy(&size, head.constData() + 12, 4);
    std::memcpy(&record, head.constData() + 16, 4);
    if (version != SeriesVersion)
        return fail(
            tr("series format version %1, this version reads %2").arg(version).arg(SeriesVersion));
    if (qsizetype(size) > head.size() && size <= MaxHeaderBytes)
        head += file.read(size - head.size()); // long names: the rest of the header
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

namespace {

// A descriptor held only for the length of one call (the store never keeps files open: a job
// with thousands of series must not take its replicas' descriptors).
class Fd
{
public:
    Fd(const QString &path, int flags)
        : m_fd(::open(QFile::encodeName(path).constData(), flags | O_CLOEXEC, 0644))
        , m_errno(m_fd < 0 ? errno : 0)
    {}
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }
    bool ok() const { return m_fd >= 0; }
    int error() const { return m_errno; }

private:
    int m_fd;
    int m_errno;
};

// Writes all of bytes at offset; 0 or the errno of the failure.
int writeAt(int fd, const char *data, qint64 size, qint64 offset)
{
    while (size > 0) {
        const ssize_t n = ::pwrite(fd, data, size_t(size), off_t(offset));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (n == 0)
            return EIO;
        data += n;
        size -= n;
        offset += n;
    }
    return 0;
}

QString osReason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

QString seriesLevelPath(const QString &seriesPath, int level)
{
    return levelPath(seriesPath, level);
}

void removeSeriesFiles(const QString &seriesPath)
{
    QFile::remove(seriesPath);
    for (int l = 1; l <= PyramidLevels; ++l)
        QFile::remove(levelPath(seriesPath, l));
}

SeriesWriter::~SeriesWriter()
{
    flush();
}

bool SeriesWriter::open(const QString &dir, const SeriesKey &key, qint64 keepCount, QString *error)
{
    m_key = key;
    m_path = QDir(dir).filePath(seriesFileName(key));
    m_valid = false;
    m_error.clear();
    m_buffer.clear();
    auto fail = [&](const QString &why) {
        m_error = tr("%1: %2").arg(m_path, why);
        if (error)
            *error = m_error;
        return false;
    };
    const QFileInfo info(m_path);
    const bool fileExisted = info.exists();
    bool existed = fileExisted && info.size() > 0;
    if (existed && keepCount == 0 && !readSeriesHeader(m_path, nullptr, nullptr, nullptr))
        existed = false; // a header torn while being created: nothing in it is vouched for
    Fd raw(m_path, O_RDWR | O_CREAT);
    if (!raw.ok())
        return fail(osReason(raw.error()));
    if (!existed) {
        const QByteArray h = headerBytes(key);
        if (::ftruncate(raw.get(), 0) != 0)
            return fail(osReason(errno));
        if (const int e = writeAt(raw.get(), h.constData(), h.size(), 0))
            return fail(osReason(e));
        m_header = h.size();
    } else {
        SeriesKey stored;
        QString why;
        if (!readSeriesHeader(m_path, &stored, &m_header, &why)) {
            m_error = why;
            if (error)
                *error = why;
            return false;
        }
        if (!(stored == storedKey(key)))
            return fail(tr("holds another series (%1 %2)").arg(stored.source, stored.metric));
    }
    struct stat st = {};
    if (::fstat(raw.get(), &st) != 0)
        return fail(osReason(errno));
    m_count = std::max<qint64>(0, (qint64(st.st_size) - m_header) / PointSize);
    if (keepCount >= 0 && keepCount < m_count)
        m_count = keepCount;
    if (::ftruncate(raw.get(), off_t(m_header + m_count * PointSize)) != 0)
        return fail(osReason(errno));

    // The pyramid: each level truncated to the complete buckets of m_count, the missing ones
    // and the open bucket rebuilt from the level below (level 1 from the records). A level's
    // file exists only once it holds a complete bucket: a short series is one file.
    const MetricPoint *points = nullptr;
    void *mapped = MAP_FAILED;
    const size_t mappedSize = size_t(m_header + m_count * PointSize);
    if (m_count > 0) {
        mapped = ::mmap(nullptr, mappedSize, PROT_READ, MAP_SHARED, raw.get(), 0);
        if (mapped == MAP_FAILED)
            return fail(osReason(errno));
        points =
            reinterpret_cast<const MetricPoint *>(static_cast<const char *>(mapped) + m_header);
    }
    const auto unmap = qScopeGuard([&] {
        if (mapped != MAP_FAILED)
            ::munmap(mapped, mappedSize);
    });
    std::vector<Bucket> below; // the complete buckets of the level below
    for (int l = 0; l < PyramidLevels; ++l) {
        Level &level = m_levels[l];
        level = Level();
        const qint64 size = bucketSize(l + 1);
        const qint64 expected = m_count / size;
        const QString path = levelPath(m_path, l + 1);
        std::vector<Bucket> current(static_cast<std::size_t>(expected));
        if (expected == 0) {
            if (fileExisted)
                QFile::remove(path); // a level of points the progress does not vouch for
        } else {
            Fd file(path, O_RDWR | O_CREAT);
            if (!file.ok())
                return fail(osReason(file.error()));
            struct stat ls = {};
            if (::fstat(file.get(), &ls) != 0)
                return fail(osReason(errno));
            const qint64 have = std::min(expected, qint64(ls.st_size) / BucketBytes);
            if (::ftruncate(file.get(), off_t(have * BucketBytes)) != 0)
                return fail(osReason(errno));
            if (have > 0 && ::pread(file.get(), current.data(), size_t(have * BucketBytes), 0) !=
                                ssize_t(have * BucketBytes))
                return fail(osReason(errno ? errno : EIO));
            for (qint64 k = have; k < expected; ++k) {
                Bucket b;
                if (l == 0) {
                    for (qint64 i = k * size; i < (k + 1) * size; ++i)
                        b.add(points[i], i);
                } else {
                    const qint64 child = bucketSize(l);
                    for (qint64 c = k * size / child; c < (k + 1) * size / child; ++c)
                        b.merge(below[std::size_t(c)]);
                }
                current[std::size_t(k)] = b;
            }
            if (const int e =
                    writeAt(file.get(), reinterpret_cast<const char *>(current.data() + have),
                            (expected - have) * BucketBytes, have * BucketBytes))
                return fail(osReason(e));
        }
        level.onDisk = expected;
        // The open bucket: points [expected*size, m_count). A level's open bucket holds the
        // complete buckets of the level below (the points of the lower level's own open bucket
        // arrive when that one completes).
        if (l == 0) {
            level.accPoints = m_count - expected * size;
            for (qint64 i = expected * size; i < m_count; ++i)
                level.acc.add(points[i], i);
        } else {
            const qint64 child = bucketSize(l);
            const qint64 firstChild = expected * size / child;
            const qint64 endChild = m_count / child;
            for (qint64 c = firstChild; c < endChild; ++c)
                level.acc.merge(below[std::size_t(c)]);
            level.accPoints = (endChild - firstChild) * child;
        }
        below = std::move(current);
    }
    m_flushed = m_count;
    m_headerCount = -1; // written at the next flush
    m_valid = true;
    return true;
}

void SeriesWriter::append(const MetricPoint &point)
{
    if (!m_valid)
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
    if (!m_valid)
        return false;
    bool pending = !m_buffer.isEmpty() || m_headerCount != m_count;
    for (const Level &level : m_levels)
        pending = pending || !level.buffer.isEmpty();
    if (!pending)
        return true; // nothing opened for a series that did not change
    // Records first, then the levels built from them, then the header's count.
    const auto failed = [this](const QString &path, int e) {
        m_error = tr("%1: %2").arg(path, osReason(e));
        // What is on disk stays consistent (records up to m_flushed); the rest is dropped and
        // the writer stops: the next writer rebuilds the pyramid from the records.
        m_valid = false;
        m_count = m_flushed;
        return false;
    };
    Fd raw(m_path, O_WRONLY);
    if (!raw.ok())
        return failed(m_path, raw.error());
    if (!m_buffer.isEmpty()) {
        const qint64 at = m_header + m_flushed * PointSize;
        if (const int e = writeAt(raw.get(), m_buffer.constData(), m_buffer.size(), at)) {
            // Never a torn record: cut what was written of it. Should the cut fail too, the
            // header's count still ends before it, and the write's error is the one reported.
            [[maybe_unused]] const int cut = ::ftruncate(raw.get(), off_t(at));
            return failed(m_path, e);
        }
        m_flushed += m_buffer.size() / PointSize;
        m_buffer.resize(0);
    }
    for (int l = 0; l < PyramidLevels; ++l) {
        Level &level = m_levels[l];
        if (level.buffer.isEmpty())
            continue;
        const QString path = levelPath(m_path, l + 1);
        Fd file(path, O_WRONLY | O_CREAT);
        if (!file.ok())
            return failed(path, file.error());
        if (const int e = writeAt(file.get(), level.buffer.constData(), level.buffer.size(),
                                  level.onDisk * BucketBytes))
            return failed(path, e);
        level.onDisk += level.buffer.size() / BucketBytes;
        level.buffer.resize(0);
    }
    const quint64 count = quint64(m_count);
    if (const int e = writeAt(raw.get(), reinterpret_cast<const char *>(&count), 8, CountOffset))
        return failed(m_path, e);
    m_headerCount = m_count;
    return true;
}

} // namespace trainyard::metrics
