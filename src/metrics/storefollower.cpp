// SPDX-License-Identifier: MIT
#include "metrics/storefollower.h"

#include "metrics/metricrecorder.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace trainyard::metrics {

namespace {

bool needsExtraction(const QString &dir, const QString &logsDir, const QString &hypertuneDir,
                     const QStringList &patterns)
{
    const StoreProgress progress = StoreProgress::load(dir);
    const QFileInfoList logs =
        QDir(logsDir).entryInfoList({QStringLiteral("*.log")}, QDir::Files, QDir::Name);
    const QFileInfoList hypertune = QDir(hypertuneDir).entryInfoList(
        {QStringLiteral("*.metrics")}, QDir::Files, QDir::Name);
    if (!progress.valid)
        return !logs.isEmpty() || !hypertune.isEmpty();
    if (progress.patterns != patterns)
        return true;
    for (const QFileInfo &info : logs) {
        if (info.size() > progress.logOffsets.value(info.completeBaseName(), 0))
            return true;
    }
    for (const QFileInfo &info : hypertune) {
        if (info.size() > progress.fileMarks.value(QStringLiteral("hypertune/") + info.fileName(), 0))
            return true;
    }
    return false;
}

} // namespace

StoreFollower::StoreFollower(const QString &storeDir, const QString &logsDir, const QString &hypertuneDir,
                     const QStringList &patterns, QObject *parent)
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
    qint64 consumed = m_recorder->catchUpLogs(m_logsDir, CatchUpBytesPerTick);
    m_recorder->pollHypertune(m_hypertuneDir);
    if (m_tensorBoardPending) {
        m_recorder->syncTensorBoard(m_recorder->tensorBoardRoots(), CatchUpBytesPerTick);
        if (m_recorder->tensorBoardBehind(m_recorder->tensorBoardRoots()))
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

// What changes when a writer flushed or a series was added or removed: the progress file (a new
// inode at each atomic replacement) and the folder.
QByteArray storeSignature(const QString &dir)
{
    QByteArray sig;
    for (const QString &path : {QDir(dir).filePath(QStringLiteral("progress.json")), dir}) {
        struct stat st = {};
        if (::stat(QFile::encodeName(path).constData(), &st) != 0)
            continue;
        const qint64 fields[] = {qint64(st.st_ino), qint64(st.st_size), qint64(st.st_mtim.tv_sec),
                                 qint64(st.st_mtim.tv_nsec)};
        sig.append(reinterpret_cast<const char *>(fields), sizeof fields);
    }
    return sig;
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

bool StoreFollower::refreshReaders()
{
    const QByteArray signature = storeSignature(m_dir);
    if (signature == m_signature && !m_entries.isEmpty() && ++m_scanRound % FullScanEvery != 0)
        return false;
    m_signature = signature;
    bool changed = false;
    const QStringList files = seriesFiles(m_dir);
    QSet<QString> present;
    present.reserve(files.size());
    for (const QString &file : files) {
        present.insert(file);
        const qint64 size = fileSize(file);
        auto it = m_entries.find(file);
        if (it != m_entries.end() && it->size == size)
            continue;
        // New or grown: summarized again from a mapping kept only while it is drawn.
        std::shared_ptr<SeriesReader> reader = m_readers.value(file);
        SeriesReader temporary;
        const SeriesReader *r = reader.get();
        if (reader) {
            reader->refresh();
        } else {
            if (!temporary.open(file))
                continue;
            r = &temporary;
        }
        SeriesInfo info;
        if (!summarize(*r, file, &info)) {
            if (it != m_entries.end()) {
                m_entries.erase(it);
                changed = true;
            }
            continue;
        }
        m_entries.insert(file, Entry{info, size});
        changed = true;
    }
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        if (!present.contains(it.key())) {
            m_readers.remove(it.key());
            m_readerUse.removeAll(it.key());
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

DrawResult StoreFollower::compute(const DrawRequest &request) const
{
    DrawResult result;
    result.metric = request.metric;
    result.serial = request.serial;
    const double w = std::clamp(request.smoothing, 0.0, 0.999);
    const qint64 maxPoints = 2 * std::max(50, request.width);
    for (const SeriesInfo &info : m_summary) {
        if (info.key.metric != request.metric)
            continue;
        const std::shared_ptr<SeriesReader> reader = readerFor(info.file);
        if (!reader || reader->count() == 0)
            continue;
        auto xOf = [&](const MetricPoint &p) {
            return request.byTime ? double(p.wallMs - m_origin) / 1000.0 : p.step;
        };
        qint64 first = 0;
        qint64 end = reader->count();
        if (request.zoomed) {
            const double lo = request.byTime ? double(m_origin) + request.xMin * 1000.0
                                             : request.xMin;
            const double hi = request.byTime ? double(m_origin) + request.xMax * 1000.0
                                             : request.xMax;
            first = std::max<qint64>(0, reader->lowerBound(lo, request.byTime) - 1);
            // One point beyond each edge, so a line leaving the view is drawn to the border.
            const qint64 after = reader->lowerBound(
                std::nextafter(hi, std::numeric_limits<double>::infinity()), request.byTime);
            end = std::min(reader->count(), after + 1);
            if (end <= first)
                continue;
        }
        DrawnSeries drawn;
        drawn.display = info.display;
        const QVector<MetricPoint> points = reader->envelope(first, end, maxPoints, &drawn.bucket);
        drawn.points.reserve(points.size());
        const double weight = drawn.bucket > 1 ? std::pow(w, double(drawn.bucket) / 2.0) : w;
        double ema = 0;
        double debias = 0;
        for (const MetricPoint &p : points) {
            double y = p.value;
            if (!std::isfinite(y))
                continue;
            if (weight > 0) {
                ema = ema * weight + (1.0 - weight) * y;
                debias = debias * weight + (1.0 - weight);
                y = ema / debias;
            }
            if (request.logScale && !(y > 0))
                continue;
            drawn.points.append(QPointF(xOf(p), y));
        }
        // Steps can repeat or go back (a restarted replica): draw in x order.
        const auto byX = [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); };
        if (!std::is_sorted(drawn.points.cbegin(), drawn.points.cend(), byX))
            std::stable_sort(drawn.points.begin(), drawn.points.end(), byX);
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
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    auto quote = [](const QString &s) -> QString {
        QString q = s;
        q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        return QLatin1Char('"') + q + QLatin1Char('"');
    };
    file.write("source,step,wall_time,value\n");
    QList<std::pair<QString, QString>> series; // display, file
    const QStringList files = seriesFiles(storeDir);
    for (const QString &f : files) {
        SeriesKey key;
        if (readSeriesHeader(f, &key, nullptr, nullptr) && key.metric == metric)
            series.append({displaySource(key), f});
    }
    std::sort(series.begin(), series.end());
    QByteArray chunk;
    for (const auto &[display, f] : std::as_const(series)) {
        SeriesReader reader;
        if (!reader.open(f))
            continue;
        const QByteArray source = quote(display).toUtf8();
        for (qint64 i = 0; i < reader.count(); ++i) {
            const MetricPoint p = reader.point(i);
            chunk += source;
            chunk += ',';
            chunk += QByteArray::number(p.step, 'g', 15);
            chunk += ',';
            chunk += QDateTime::fromMSecsSinceEpoch(p.wallMs, Qt::UTC)
                         .toString(Qt::ISODateWithMs)
                         .toLatin1();
            chunk += ',';
            chunk += QByteArray::number(p.value, 'g', 17);
            chunk += '\n';
            if (chunk.size() > 1024 * 1024) {
                file.write(chunk);
                chunk.resize(0);
            }
        }
    }
    file.write(chunk);
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace trainyard::metrics
