// SPDX-License-Identifier: MIT
#include "metrics/storefollower.h"

#include "metrics/metricrecorder.h"
#include "metrics/seriescsv.h"
#include "store/joblogs.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sys/stat.h>

namespace trainyard::metrics {

namespace {

bool needsExtraction(const QString &dir, const QString &logsDir, const QString &hypertuneDir,
                     const QStringList &patterns)
{
    const StoreProgress progress = StoreProgress::load(dir);
    const QFileInfoList logs = store::logFiles(logsDir);
    const QFileInfoList hypertune =
        QDir(hypertuneDir).entryInfoList({QStringLiteral("*.metrics")}, QDir::Files, QDir::Name);
    if (!progress.valid)
        return !logs.isEmpty() || !hypertune.isEmpty();
    if (progress.patterns != patterns)
        return true;
    for (const QFileInfo &info : logs) {
        if (info.size() > progress.logOffsets.value(store::logName(info), 0))
            return true;
    }
    for (const QFileInfo &info : hypertune) {
        if (info.size() >
            progress.fileMarks.value(QStringLiteral("hypertune/") + info.fileName(), 0))
            return true;
    }
    return false;
}

} // namespace

StoreFollower::StoreFollower(const QString &storeDir, const QString &logsDir,
                             const QString &hypertuneDir, const QStringList &patterns,
                             QObject *parent)
    : QObject(parent)
    , m_dir(storeDir)
    , m_logsDir(logsDir)
    , m_hypertuneDir(hypertuneDir)
    , m_patterns(patterns)
{
    qRegisterMetaType<trainyard::metrics::StoreSummary>();
    qRegisterMetaType<trainyard::metrics::DrawRequest>();
    qRegisterMetaType<trainyard::metrics::DrawResult>();
}

StoreFollower::~StoreFollower() = default;

void StoreFollower::start()
{
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, [this] {
            pollOnce();
            if (m_timer)
                m_timer->start(m_recorder && m_recorder->isOpen() ? 0 : IntervalMs);
        });
    }
    pollOnce();
    m_timer->start(m_recorder && m_recorder->isOpen() ? 0 : IntervalMs);
}

void StoreFollower::stop()
{
    if (m_timer)
        m_timer->stop();
    if (m_recorder)
        m_recorder->close();
}

void StoreFollower::extract()
{
    if (m_logsDir.isEmpty())
        return;
    if (!m_recorder || !m_recorder->isOpen()) {
        // Event files are looked for on the first round and every TensorBoardEvery-th after.
        bool tensorBoard = false;
        if (m_rounds++ % TensorBoardEvery == 0) {
            const StoreProgress progress = StoreProgress::load(m_dir);
            MetricRecorder probe(m_dir, m_patterns);
            QStringList roots = progress.tensorBoardRoots;
            if (roots.isEmpty())
                roots = probe.tensorBoardRoots();
            tensorBoard = MetricRecorder::tensorBoardBehind(progress, roots);
        }
        m_tensorBoardPending = m_tensorBoardPending || tensorBoard;
        if (!tensorBoard && !needsExtraction(m_dir, m_logsDir, m_hypertuneDir, m_patterns)) {
            m_caughtUp = true;
            return;
        }
        m_recorder = std::make_unique<MetricRecorder>(m_dir, m_patterns);
        if (!m_recorder->open(0)) {
            m_caughtUp = true; // the owner writes the store as the job runs
            return;
        }
        if (m_recorder->reextracting() || m_tensorBoardPending) {
            m_readers.clear(); // (some) files are written anew
            m_readerUse.clear();
            m_entries.clear();
        }
    }
    // The owner's catch-up (MetricRecorder::catchUp), a step per tick.
    const QStringList roots = m_tensorBoardPending ? m_recorder->tensorBoardRoots() : QStringList();
    qint64 consumed = m_recorder->catchUp({m_logsDir, m_hypertuneDir, roots}, CatchUpBytesPerTick);
    if (m_tensorBoardPending) {
        if (m_recorder->tensorBoardBehind(roots))
            consumed = CatchUpBytesPerTick; // more next round
        else
            m_tensorBoardPending = false;
    }
    m_recorder->flush();
    if (consumed < CatchUpBytesPerTick) {
        m_recorder->close(); // caught up: let an owner take the store
        m_caughtUp = true;
    }
}

namespace {

StoreFollower::Signature storeSignature(const QString &dir)
{
    return {store::fileStamp(QDir(dir).filePath(QStringLiteral("progress.json"))),
            store::fileStamp(dir)};
}

qint64 fileSize(const QString &path)
{
    struct stat st = {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? qint64(st.st_size) : -1;
}

bool summarize(const SeriesReader &r, const QString &file, SeriesInfo *info)
{
    if (r.count() == 0)
        return false;
    info->key = r.key();
    info->display = displaySource(r.key());
    info->file = file;
    info->count = r.count();
    info->firstWallMs = r.point(0).wallMs;
    info->lastStep = r.point(r.count() - 1).step;
    info->last = r.point(r.count() - 1).value;
    info->min = info->max = std::numeric_limits<double>::quiet_NaN();
    r.minMax(0, r.count(), &info->min, &info->max);
    return true;
}

} // namespace

bool StoreFollower::refreshEntry(const QString &file, qint64 size)
{
    auto it = m_entries.find(file);
    if (it != m_entries.end() && it->size == size)
        return false;
    // New or grown: summarized again from a mapping kept only while it is drawn.
    std::shared_ptr<SeriesReader> reader = m_readers.value(file);
    SeriesReader temporary;
    const SeriesReader *r = reader.get();
    if (reader) {
        reader->refresh();
    } else {
        if (!temporary.open(file))
            return false;
        r = &temporary;
    }
    SeriesInfo info;
    if (!summarize(*r, file, &info)) {
        if (it == m_entries.end())
            return false;
        m_entries.erase(it);
        return true;
    }
    if (info.key.kind == kinds::System && !m_systemFiles.contains(file))
        m_systemFiles.append(file);
    m_entries.insert(file, Entry{info, size});
    return true;
}

bool StoreFollower::refreshReaders()
{
    const Signature signature = storeSignature(m_dir);
    if (signature == m_signature && !m_entries.isEmpty() && ++m_scanRound % FullScanEvery != 0) {
        // The system series grow without a new progress file (metricrecorder.cpp): looked at
        // every round, a handful of files.
        bool changed = false;
        for (const QString &file : std::as_const(m_systemFiles))
            changed = refreshEntry(file, fileSize(file)) || changed;
        return changed;
    }
    m_signature = signature;
    bool changed = false;
    const QStringList files = seriesFiles(m_dir);
    QSet<QString> present;
    present.reserve(files.size());
    for (const QString &file : files) {
        present.insert(file);
        changed = refreshEntry(file, fileSize(file)) || changed;
    }
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        if (!present.contains(it.key())) {
            m_readers.remove(it.key());
            m_readerUse.removeAll(it.key());
            m_systemFiles.removeAll(it.key());
            it = m_entries.erase(it);
            changed = true;
        } else {
            ++it;
        }
    }
    return changed;
}

std::shared_ptr<SeriesReader> StoreFollower::readerFor(const QString &file) const
{
    auto it = m_readers.find(file);
    if (it != m_readers.end()) {
        m_readerUse.removeOne(file);
        m_readerUse.append(file);
        (*it)->refresh();
        return *it;
    }
    auto reader = std::make_shared<SeriesReader>();
    if (!reader->open(file))
        return {};
    m_readers.insert(file, reader);
    m_readerUse.append(file);
    while (m_readerUse.size() > ReaderCacheSize)
        m_readers.remove(m_readerUse.takeFirst());
    return reader;
}

bool StoreFollower::pollOnce()
{
    const bool wasCaughtUp = m_caughtUp;
    extract();
    if (!refreshReaders() && m_reported) {
        if (m_caughtUp && !wasCaughtUp)
            Q_EMIT caughtUpChanged();
        return false;
    }
    StoreSummary summary;
    summary.reserve(m_entries.size());
    m_origin = 0;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        const SeriesInfo &info = it->info;
        if (info.firstWallMs > 0 && (m_origin == 0 || info.firstWallMs < m_origin))
            m_origin = info.firstWallMs;
        summary.append(info);
    }
    std::sort(summary.begin(), summary.end(), [](const SeriesInfo &a, const SeriesInfo &b) {
        return a.key.metric != b.key.metric ? a.key.metric < b.key.metric : a.display < b.display;
    });
    m_summary = summary;
    m_reported = true;
    Q_EMIT summaryChanged(m_summary);
    if (m_caughtUp && !wasCaughtUp)
        Q_EMIT caughtUpChanged();
    return true;
}

namespace {

// The runs of points a drawing of [first, end) is made of: per bucket of the level envelope()
// uses, and the single points (or finer buckets) at the range's unaligned edges, in index order.
// A single point is a run of one (finite == 0 for a non-finite value).
void appendRuns(const SeriesReader &reader, int level, qint64 first, qint64 end,
                QVector<Bucket> &out)
{
    if (first >= end)
        return;
    if (level == 0) {
        for (qint64 i = first; i < end; ++i) {
            Bucket b;
            b.add(reader.point(i), i);
            out.append(b);
        }
        return;
    }
    const qint64 size = bucketSize(level);
    const qint64 b0 = (first + size - 1) / size;
    const qint64 b1 = std::min(end / size, reader.bucketCount(level));
    if (b0 >= b1) {
        appendRuns(reader, level - 1, first, end, out);
        return;
    }
    appendRuns(reader, level - 1, first, b0 * size, out);
    const Bucket *b = reader.buckets(level);
    out.append(QVector<Bucket>(b + b0, b + b1));
    appendRuns(reader, level - 1, b1 * size, end, out);
}

// The level envelope() draws [first, end) from (0: the points).
int drawLevel(qint64 n, qint64 maxPoints)
{
    if (n <= maxPoints)
        return 0;
    const qint64 wanted = std::max<qint64>(1, maxPoints / 2);
    for (int l = 1; l <= PyramidLevels; ++l) {
        if (n / bucketSize(l) <= wanted)
            return l;
    }
    return PyramidLevels;
}

// Step -> epoch through an epoch series (steps not decreasing), interpolated between its points.
class EpochMap
{
public:
    explicit EpochMap(const SeriesReader *reader)
        : m_reader(reader)
    {}
    bool valid() const { return m_reader && m_reader->count() > 0; }
    double epochAt(double step) const
    {
        const qint64 n = m_reader->count();
        const qint64 i = m_reader->lowerBound(step, false);
        if (i <= 0)
            return m_reader->point(0).value;
        if (i >= n)
            return m_reader->point(n - 1).value;
        const MetricPoint a = m_reader->point(i - 1);
        const MetricPoint b = m_reader->point(i);
        if (!(b.step > a.step))
            return b.value;
        return a.value + (b.value - a.value) * (step - a.step) / (b.step - a.step);
    }
    // The first step whose epoch is >= epoch (epochs not decreasing).
    double stepAt(double epoch) const
    {
        qint64 lo = 0;
        qint64 hi = m_reader->count();
        while (lo < hi) {
            const qint64 mid = (lo + hi) / 2;
            if (m_reader->point(mid).value < epoch)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo >= m_reader->count())
            return std::numeric_limits<double>::infinity();
        if (lo == 0)
            return -std::numeric_limits<double>::infinity();
        return m_reader->point(lo - 1).step;
    }

private:
    const SeriesReader *m_reader;
};

} // namespace

bool hasEpoch(const StoreSummary &summary)
{
    return std::any_of(summary.cbegin(), summary.cend(),
                       [](const SeriesInfo &i) { return i.key.metric == EpochMetric; });
}

DrawResult StoreFollower::compute(const DrawRequest &request) const
{
    DrawResult result;
    result.metric = request.metric;
    result.serial = request.serial;
    result.originMs = m_origin;
    const double w = std::clamp(request.smoothing, 0.0, 0.999);
    const qint64 maxPoints = 2 * std::max(50, request.width);
    const SeriesInfo *anyEpoch = nullptr;
    for (const SeriesInfo &info : m_summary) {
        if (info.key.metric == EpochMetric && !anyEpoch)
            anyEpoch = &info;
    }
    const bool byTime = request.byTime && !request.byEpoch;
    for (const SeriesInfo &info : m_summary) {
        if (info.key.metric != request.metric)
            continue;
        const std::shared_ptr<SeriesReader> reader = readerFor(info.file);
        if (!reader || reader->count() == 0)
            continue;
        EpochMap epochs(nullptr);
        std::shared_ptr<SeriesReader> epochReader; // kept while `epochs` reads it
        if (request.byEpoch) {
            const SeriesInfo *own = anyEpoch;
            for (const SeriesInfo &e : m_summary) {
                if (e.key.metric == EpochMetric && e.key.kind == info.key.kind &&
                    e.key.source == info.key.source)
                    own = &e;
            }
            epochReader = own ? readerFor(own->file) : nullptr;
            epochs = EpochMap(epochReader.get());
            if (!epochs.valid())
                continue; // no epoch to draw this series over
        }
        auto xOf = [&](double step, qint64 wallMs) {
            if (request.byEpoch)
                return epochs.epochAt(step);
            return byTime ? double(wallMs - m_origin) / 1000.0 : step;
        };
        qint64 first = 0;
        qint64 end = reader->count();
        if (request.zoomed) {
            const bool secondary = request.secondaryKinds.contains(info.key.kind);
            double lo = secondary ? request.xMin2 : request.xMin;
            double hi = secondary ? request.xMax2 : request.xMax;
            if (request.byEpoch) {
                lo = epochs.stepAt(lo);
                hi = epochs.stepAt(std::nextafter(hi, std::numeric_limits<double>::infinity()));
            } else if (byTime) {
                lo = double(m_origin) + lo * 1000.0;
                hi = double(m_origin) + hi * 1000.0;
            }
            first = std::max<qint64>(0, reader->lowerBound(lo, byTime) - 1);
            // One point beyond each edge, so a line leaving the view is drawn to the border.
            const qint64 after = reader->lowerBound(
                std::nextafter(hi, std::numeric_limits<double>::infinity()), byTime);
            end = std::min(reader->count(), after + 1);
            if (end <= first)
                continue;
        }
        DrawnSeries drawn;
        drawn.key = info.key;
        drawn.display = info.display;
        drawn.stats = {info.key.kind, info.count, info.last, info.lastStep, info.min, info.max};
        const int level = drawLevel(end - first, maxPoints);
        drawn.bucket = level == 0 ? 1 : bucketSize(level);
        QVector<Bucket> runs;
        runs.reserve(level == 0 ? end - first : maxPoints);
        appendRuns(*reader, level, first, end, runs);
        // The raw points, or per run its min and max point in index order.
        QVector<QPointF> &envelope = w > 0 ? drawn.raw : drawn.points;
        envelope.reserve(2 * runs.size());
        auto keep = [&](double y) { return std::isfinite(y) && (!request.logScale || y > 0); };
        // Drawn from buckets, the range's first and last point are drawn too: the line spans it.
        const MetricPoint firstPoint = reader->point(first);
        const MetricPoint lastPoint = reader->point(end - 1);
        if (level > 0 && keep(firstPoint.value))
            envelope.append(QPointF(xOf(firstPoint.step, firstPoint.wallMs), firstPoint.value));
        for (const Bucket &run : std::as_const(runs)) {
            if (run.finite == 0)
                continue;
            const QPointF lo(xOf(run.minStep, run.minWall), run.minValue);
            const QPointF hi(xOf(run.maxStep, run.maxWall), run.maxValue);
            if (run.minIndex == run.maxIndex) {
                if (keep(lo.y()))
                    envelope.append(lo);
                continue;
            }
            const bool loFirst = run.minIndex < run.maxIndex;
            if (keep(loFirst ? lo.y() : hi.y()))
                envelope.append(loFirst ? lo : hi);
            if (keep(loFirst ? hi.y() : lo.y()))
                envelope.append(loFirst ? hi : lo);
        }
        if (level > 0 && keep(lastPoint.value))
            envelope.append(QPointF(xOf(lastPoint.step, lastPoint.wallMs), lastPoint.value));
        if (w > 0) {
            // The smoothed line: at each run's last point, the EMA over every point up to it
            // (from the range's first point, where it equals that point).
            drawn.points.reserve(runs.size() + 1);
            double ema = 0;
            double debias = 0;
            // The finite values averaged so far: the average stays between them.
            double seenMin = std::numeric_limits<double>::infinity();
            double seenMax = -seenMin;
            const auto consume = [&](const Bucket &run) {
                const double weight = std::pow(w, double(run.finite));
                ema = ema * weight + (1.0 - weight) * (run.sum / double(run.finite));
                debias = debias * weight + (1.0 - weight);
                seenMin = std::min(seenMin, run.minValue);
                seenMax = std::max(seenMax, run.maxValue);
            };
            if (first == 0 && level > 0 && keep(firstPoint.value)) {
                drawn.points.append(
                    QPointF(xOf(firstPoint.step, firstPoint.wallMs), firstPoint.value));
            } else if (first > 0) {
                // Zoomed: the average enters the range as it is there, carried over the points
                // before it that still weigh (w^n > 1e-4), read from the pyramid.
                const qint64 warm =
                    std::min<qint64>(first, qint64(std::ceil(std::log(1e-4) / std::log(w))));
                QVector<Bucket> before;
                appendRuns(*reader, drawLevel(warm, 20000), first - warm, first, before);
                for (const Bucket &run : std::as_const(before)) {
                    if (run.finite > 0)
                        consume(run);
                }
            }
            for (const Bucket &run : std::as_const(runs)) {
                if (run.finite == 0)
                    continue;
                consume(run);
                // A mean of the values so far, also after rounding: a constant run stays at
                // its value (TensorBoard leaves a constant series unsmoothed for the same
                // reason, docs/charts.md).
                const double y = std::clamp(ema / debias, seenMin, seenMax);
                if (keep(y))
                    drawn.points.append(QPointF(xOf(run.lastStep, run.lastWall), y));
            }
        }
        // Steps can repeat or go back (a restarted replica): draw in x order.
        const auto byX = [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); };
        for (QVector<QPointF> *line : {&drawn.points, &drawn.raw}) {
            if (!std::is_sorted(line->cbegin(), line->cend(), byX))
                std::stable_sort(line->begin(), line->end(), byX);
        }
        result.series.append(drawn);
    }
    return result;
}

void StoreFollower::draw(const DrawRequest &request)
{
    Q_EMIT drawn(compute(request));
}

bool StoreFollower::exportCsv(const QString &storeDir, const QString &metric, const QString &path,
                              QString *error)
{
    LabelledSeries series; // display, file
    const QStringList files = seriesFiles(storeDir);
    for (const QString &f : files) {
        SeriesKey key;
        if (readSeriesHeader(f, &key, nullptr, nullptr) && key.metric == metric)
            series.append({displaySource(key), f});
    }
    std::sort(series.begin(), series.end());
    return writeSeriesCsv(series, path, error);
}

} // namespace trainyard::metrics
