// SPDX-License-Identifier: MIT
#include "metrics/metricrecorder.h"

#include "logs/record.h"
#include "metrics/tfevents/eventfilefollower.h"
#include "metrics/userpatterns.h"
#include "store/joblogs.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <cmath>
#include <cstring>

namespace trainyard::metrics {

namespace {

// Whether the progress file vouches for a series' count. System readings (systemsampler.h) are
// extracted from nothing that could be read twice: every complete record is kept, and they move
// no count there (else an idle owner rewrote progress.json every second, 2.7 MB with 100,000
// series, only because the CPU and memory series got their point).
bool countedInProgress(const SeriesKey &key)
{
    return key.kind != kinds::System;
}

// Sets a progress entry only when it changes: an insert detaches the hash from the copy the
// last save kept even when the value is the same, and the next save then has to compare the
// whole progress (StoreProgress::save).
template<typename Value, typename Given>
void setIfChanged(QHash<QString, Value> &hash, const QString &key, const Given &given)
{
    const Value value = given;
    const auto it = hash.constFind(key);
    if (it == hash.cend() || !(*it == value))
        hash.insert(key, value);
}

} // namespace

QString displaySource(const SeriesKey &key)
{
    if (key.kind == kinds::Hypertune)
        return QCoreApplication::translate("trainyard::metrics", "%1 (hypertune)").arg(key.source);
    if (key.kind == kinds::TensorBoard)
        return QCoreApplication::translate("trainyard::metrics", "%1 (TensorBoard)")
            .arg(key.source);
    return key.source;
}

MetricRecorder::MetricRecorder(const QString &storeDir, const QStringList &patterns)
    : m_dir(storeDir)
    , m_patternTexts(patterns)
    , m_extractor(UserPatternStore::usable(patterns))
{}

MetricRecorder::~MetricRecorder()
{
    close();
}

namespace {
const QString TensorBoardMark = QStringLiteral("tensorboard:");

QStringList eventFiles(const QStringList &roots)
{
    QStringList files;
    for (const QString &root : roots) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = QFileInfo(it.next()).absoluteFilePath();
            if (tfevents::EventFileFollower::isEventFile(it.fileName()) && !files.contains(path))
                files.append(path);
        }
    }
    return files;
}
} // namespace

QStringList MetricRecorder::tensorBoardRoots() const
{
    if (!m_progress.tensorBoardRoots.isEmpty())
        return m_progress.tensorBoardRoots;
    return {QDir::cleanPath(QDir(m_dir).filePath(QStringLiteral("../output")))};
}

bool MetricRecorder::tensorBoardBehind(const StoreProgress &progress, const QStringList &roots)
{
    const QStringList files = eventFiles(roots);
    for (const QString &file : files) {
        if (QFileInfo(file).size() != progress.fileMarks.value(TensorBoardMark + file, -1))
            return true;
    }
    return false;
}

bool MetricRecorder::tensorBoardBehind(const QStringList &roots) const
{
    return tensorBoardBehind(m_progress, roots);
}

int MetricRecorder::syncTensorBoard(const QStringList &roots, qint64 maxBytes)
{
    if (!m_open)
        return 0;
    if (!m_tensorBoard) {
        const QStringList files = seriesFiles(m_dir);
        for (const QString &path : files) {
            SeriesKey key;
            if (!readSeriesHeader(path, &key, nullptr, nullptr) || key.kind != kinds::TensorBoard)
                continue;
            m_writers.remove(key);
            removeSeriesFiles(path);
            m_progress.seriesCounts.remove(QFileInfo(path).fileName());
        }
        for (auto it = m_progress.fileMarks.begin(); it != m_progress.fileMarks.end();) {
            if (it.key().startsWith(TensorBoardMark))
                it = m_progress.fileMarks.erase(it);
            else
                ++it;
        }
        m_tensorBoard = std::make_unique<tfevents::EventFileFollower>();
        for (const QString &root : roots)
            m_tensorBoard->addRoot(root);
        QObject::connect(m_tensorBoard.get(), &tfevents::EventFileFollower::pointsAdded,
                         m_tensorBoard.get(), [this](const tfevents::ScalarPoints &points) {
                             for (const tfevents::ScalarPoint &p : points) {
                                 addPoint(SeriesKey{kinds::TensorBoard, p.run, p.tag},
                                          MetricPoint{double(p.step),
                                                      qint64(std::llround(p.wallTime * 1000.0)),
                                                      p.value});
                             }
                         });
    }
    m_tensorBoard->setMaxBytesPerTick(maxBytes);
    const int points = m_tensorBoard->poll();
    if (m_tensorBoard->isCaughtUp()) {
        // What was read: the files' sizes now, as the follower reached their ends.
        const QStringList files = m_tensorBoard->files();
        for (const QString &file : files)
            setIfChanged(m_progress.fileMarks, TensorBoardMark + file, QFileInfo(file).size());
    }
    return points;
}

bool MetricRecorder::isOpen() const
{
    return m_open;
}

bool MetricRecorder::open(int timeoutMs, QString *error)
{
    if (m_open)
        return true;
    if (!QDir().mkpath(m_dir)) {
        if (error)
            *error = QCoreApplication::translate("trainyard::metrics",
                                                 "Cannot create the metric store %1")
                         .arg(m_dir);
        return false;
    }
    m_lock = std::make_unique<MetricStoreLock>(m_dir);
    if (!m_lock->tryLock(timeoutMs)) {
        if (error)
            *error = QCoreApplication::translate("trainyard::metrics",
                                                 "The metric store %1 is being written by "
                                                 "another process")
                         .arg(m_dir);
        return false;
    }
    m_progress = StoreProgress::load(m_dir);
    m_reextract = m_progress.valid && m_progress.patterns != m_patternTexts;
    if (!m_progress.valid || m_reextract) {
        // Without progress nothing in the series is vouched for; with other patterns the log
        // series are extracted again. Series of other kinds keep their points.
        const QStringList files = seriesFiles(m_dir);
        for (const QString &path : files) {
            SeriesKey key;
            const bool known = readSeriesHeader(path, &key, nullptr, nullptr);
            if (m_progress.valid && known && key.kind != kinds::Log)
                continue;
            removeSeriesFiles(path);
            m_progress.seriesCounts.remove(QFileInfo(path).fileName());
        }
        m_progress.logOffsets.clear();
        m_progress.lastSteps.clear();
        if (!m_progress.valid)
            m_progress.fileMarks.clear();
        m_progress.valid = true;
        m_unparsedChanged = !readUnparsed(m_dir).isEmpty(); // counted again from the start
    } else {
        m_unparsed = readUnparsed(m_dir);
    }
    m_progress.patterns = m_patternTexts;
    m_open = true;
    // Points written after the last progress file (a writer that died between flushes) are
    // dropped now, so extraction resuming from the progress never stores them twice.
    const QStringList files = seriesFiles(m_dir);
    for (const QString &path : files) {
        SeriesKey key;
        qint64 header = 0;
        if (!readSeriesHeader(path, &key, &header, nullptr))
            continue;
        const qint64 stored = (QFileInfo(path).size() - header) / qint64(sizeof(MetricPoint));
        if (countedInProgress(key) &&
            stored > m_progress.seriesCounts.value(QFileInfo(path).fileName(), 0))
            writer(key);
    }
    return true;
}

SeriesWriter *MetricRecorder::writer(const SeriesKey &key)
{
    auto it = m_writers.find(key);
    if (it != m_writers.end())
        return it->writer.get();
    auto w = std::make_shared<SeriesWriter>();
    const qint64 keep =
        countedInProgress(key) ? m_progress.seriesCounts.value(seriesFileName(key), 0) : -1;
    if (!w->open(m_dir, key, keep, nullptr))
        w.reset();
    m_writers.insert(key, Writer{w});
    return w.get();
}

void MetricRecorder::addPoint(const SeriesKey &key, const MetricPoint &point)
{
    if (!m_open)
        return;
    if (SeriesWriter *w = writer(key)) {
        MetricPoint p = point;
        if (p.step < 0)
            p.step = double(w->count());
        w->append(p);
        ++m_added;
    }
}

MetricRecorder::LogWriters &MetricRecorder::logState(const QString &logName)
{
    LogWriters &log = m_logWriters[logName];
    if (!log.linesReady) {
        log.linesReady = true;
        const auto last = m_progress.lastSteps.constFind(logName);
        if (last != m_progress.lastSteps.constEnd())
            log.lines.setLastStep(*last);
    }
    return log;
}

// m_points (from log.lines.take()) into the log's series; a point without a step is numbered.
void MetricRecorder::storePoints(const QString &logName, LogWriters &log)
{
    for (const LogLineState::Point &f : m_points) {
        SeriesWriter *w = nullptr;
        bool known = false;
        for (const auto &entry : log.writers) {
            if (entry.first.size() == f.size &&
                std::memcmp(entry.first.constData(), f.name, std::size_t(f.size)) == 0) {
                w = entry.second;
                known = true;
                break;
            }
        }
        if (!known) {
            w = writer(SeriesKey{kinds::Log, logName, QString::fromUtf8(f.name, f.size)});
            log.writers.emplace_back(QByteArray(f.name, f.size), w);
            if (log.watching) {
                log.watching = false; // the log gives series: nothing to tell
                if (m_unparsed.remove(logName) > 0)
                    m_unparsedChanged = true;
            }
        }
        if (!w)
            continue;
        MetricPoint point{f.step, f.wallMs, f.value};
        if (point.step < 0)
            point.step = double(w->count());
        w->append(point);
        ++m_added;
    }
    m_points.clear();
}

void MetricRecorder::noteUnparsed(const QString &logName, LogWriters &log, const char *data,
                                  qsizetype size)
{
    if (!log.watching || !looksLikeMetrics(data, size))
        return;
    UnparsedLines &u = m_unparsed[logName];
    if (u.lines == 0)
        u.sample = QByteArray(data, std::min(size, UnparsedSampleBytes));
    ++u.lines;
    if (u.lines >= UnparsedThreshold)
        m_unparsedChanged = true;
    if (u.lines >= 1000)
        log.watching = false; // enough to tell; the rest of the log costs nothing
}

void MetricRecorder::addLine(const QString &logName, qint64 wallMs, bool continuation,
                             const char *data, qsizetype size, qint64 endOffset, int stream)
{
    if (!m_open)
        return;
    setIfChanged(m_progress.logOffsets, logName, endOffset);
    if (continuation)
        return;
    // With user patterns: extract() (built-in forms and the patterns), then the log's rules.
    const ExtractedLine line = m_extractor.extract(data, size);
    QList<QByteArray> names;
    m_scan.clear();
    m_scan.shape = line.shape;
    for (const MetricValue &v : line.values)
        names.append(v.name.toUtf8());
    for (qsizetype i = 0; i < names.size(); ++i)
        m_scan.values.push_back(
            LineScan::Value{names.at(i).constData(), names.at(i).size(), line.values.at(i).value});
    LogWriters &log = logState(logName);
    log.lines.take(m_scan, stream, wallMs, &m_points);
    storePoints(logName, log);
    if (m_scan.values.empty())
        noteUnparsed(logName, log, data, size);
    if (log.lines.hasLastStep())
        setIfChanged(m_progress.lastSteps, logName, log.lines.lastStep());
}

void MetricRecorder::addBatch(const QString &logName, const LineBatch &batch)
{
    if (!m_open)
        return;
    const char *p = batch.bytes.constData();
    const char *end = p + batch.bytes.size();
    if (m_extractor.hasUserPatterns()) {
        while (p < end) {
            LineBatch::Header h;
            std::memcpy(&h, p, sizeof h);
            p += sizeof h;
            addLine(logName, h.wallMs, false, p, qsizetype(h.size), h.endOffset, int(h.stream));
            p += h.size;
        }
    } else if (p < end) {
        LogWriters &log = logState(logName);
        while (p < end) {
            LineBatch::Header h;
            std::memcpy(&h, p, sizeof h);
            p += sizeof h;
            MetricExtractor::scanBuiltIn(p, qsizetype(h.size), &m_scan);
            log.lines.take(m_scan, int(h.stream), h.wallMs, &m_points);
            // The names point into the batch: stored before the next line.
            storePoints(logName, log);
            if (m_scan.values.empty())
                noteUnparsed(logName, log, p, qsizetype(h.size));
            p += h.size;
        }
        if (log.lines.hasLastStep())
            setIfChanged(m_progress.lastSteps, logName, log.lines.lastStep());
    }
    if (batch.endOffset >= 0)
        setIfChanged(m_progress.logOffsets, logName, batch.endOffset);
}

qint64 MetricRecorder::catchUp(const CatchUpSources &sources, qint64 maxBytes)
{
    const qint64 consumed = sources.logsDir.isEmpty() ? 0 : catchUpLogs(sources.logsDir, maxBytes);
    if (!sources.hypertuneDir.isEmpty())
        pollHypertune(sources.hypertuneDir);
    if (!sources.tensorBoardRoots.isEmpty())
        syncTensorBoard(sources.tensorBoardRoots, maxBytes);
    return consumed;
}

void MetricRecorder::expireWaiting(qint64 beforeMs)
{
    if (!m_open)
        return;
    for (auto it = m_logWriters.begin(); it != m_logWriters.end(); ++it) {
        if (!it->lines.hasWaiting())
            continue;
        it->lines.expire(beforeMs, &m_points);
        storePoints(it.key(), *it);
    }
}

qint64 MetricRecorder::catchUpLogs(const QString &logsDir, qint64 maxBytes)
{
    if (!m_open)
        return 0;
    qint64 consumed = 0;
    const QFileInfoList files = store::logFiles(logsDir);
    QByteArray block;
    LineBatch batch;
    logs::Record record;
    for (const QFileInfo &info : files) {
        const QString name = store::logName(info);
        qint64 offset = m_progress.logOffsets.value(name, 0);
        if (info.size() <= offset || consumed >= maxBytes)
            continue;
        QFile file(info.absoluteFilePath());
        if (!file.open(QIODevice::ReadOnly) || !file.seek(offset))
            continue;
        LogWriters *log = &logState(name);
        while (consumed < maxBytes) {
            block = file.read(std::min<qint64>(4 * 1024 * 1024, maxBytes - consumed + 65 * 1024));
            if (block.isEmpty())
                break;
            const char *p = block.constData();
            const char *end = p + block.size();
            qint64 used = 0;
            batch.clear();
            while (p < end) {
                const char *lf = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
                if (!lf)
                    break; // a torn or still growing last line: next time
                const qsizetype size = lf - p;
                used += size + 1;
                // The prefix alone (no copy of the text); a line that is no record is read as a
                // raw record of its bytes, as parseRecordLine() does.
                const bool parsed = size >= logs::RecordPrefixSize &&
                                    logs::parseRecordLine(p, logs::RecordPrefixSize, &record);
                const char *text = parsed ? p + logs::RecordPrefixSize : p;
                const qsizetype textSize = parsed ? size - logs::RecordPrefixSize : size;
                if (!(parsed && record.continuation)) {
                    if (m_extractor.mayHaveMetrics(text, textSize))
                        batch.append(parsed ? record.timestamp : 0, text, textSize, offset + used,
                                     parsed && record.stream == logs::Stream::Stderr ? 1 : 0);
                    else if (log->watching)
                        noteUnparsed(name, *log, text, textSize);
                }
                p = lf + 1;
            }
            if (used == 0)
                break;
            batch.endOffset = offset + used;
            addBatch(name, batch);
            offset += used;
            consumed += used;
            if (!file.seek(offset))
                break;
        }
    }
    return consumed;
}

int MetricRecorder::pollHypertune(const QString &hypertuneDir)
{
    if (!m_open)
        return 0;
    int added = 0;
    const QFileInfoList files =
        QDir(hypertuneDir).entryInfoList({QStringLiteral("*.metrics")}, QDir::Files, QDir::Name);
    for (const QFileInfo &info : files) {
        const QString mark = QStringLiteral("hypertune/") + info.fileName();
        const qint64 offset = m_progress.fileMarks.value(mark, 0);
        if (info.size() <= offset)
            continue;
        QFile file(info.absoluteFilePath());
        if (!file.open(QIODevice::ReadOnly) || !file.seek(offset))
            continue;
        const QByteArray data = file.readAll();
        const qsizetype complete = data.lastIndexOf('\n') + 1;
        if (complete <= 0)
            continue;
        const QList<QByteArray> lines = data.left(complete).split('\n');
        for (const QByteArray &line : lines) {
            const std::optional<HypertuneEntry> entry = parseHypertuneLine(line);
            if (!entry)
                continue;
            for (const MetricValue &v : entry->values) {
                addPoint(SeriesKey{kinds::Hypertune, info.completeBaseName(), v.name},
                         MetricPoint{entry->step, entry->wallMs, v.value});
                ++added;
            }
        }
        setIfChanged(m_progress.fileMarks, mark, offset + complete);
    }
    return added;
}

bool MetricRecorder::flush(QString *error)
{
    if (!m_open)
        return false;
    bool ok = true;
    QString why;
    if (m_unparsedChanged) {
        QHash<QString, UnparsedLines> told;
        for (auto it = m_unparsed.cbegin(); it != m_unparsed.cend(); ++it) {
            if (it->lines >= UnparsedThreshold)
                told.insert(it.key(), *it);
        }
        if (writeUnparsed(m_dir, told, &why))
            m_unparsedChanged = false;
        else
            ok = false;
    }
    for (auto it = m_writers.begin(); it != m_writers.end(); ++it) {
        SeriesWriter *w = it->writer.get();
        if (!w)
            continue;
        if (!w->flush() && ok) {
            ok = false;
            why = w->error();
        }
        // Only series that moved: a file name is a hash, and 100,000 of them a second add up.
        if (it->recorded != w->count() && countedInProgress(it.key())) {
            setIfChanged(m_progress.seriesCounts, seriesFileName(it.key()), w->count());
            it->recorded = w->count();
        }
    }
    if (!m_progress.save(m_dir, ok ? error : nullptr))
        return false;
    if (!ok && error)
        *error = why;
    return ok;
}

void MetricRecorder::close()
{
    if (!m_open)
        return;
    // What still waits (bar values not stored yet, lines beside a bar) is final now.
    for (auto it = m_logWriters.begin(); it != m_logWriters.end(); ++it) {
        it->lines.finish(&m_points);
        storePoints(it.key(), *it);
    }
    flush();
    m_logWriters.clear();
    m_writers.clear();
    m_lock->unlock();
    m_open = false;
}

} // namespace trainyard::metrics
