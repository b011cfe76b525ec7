// SPDX-License-Identifier: MIT
#include "metrics/tfevents/eventfilefollower.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <algorithm>
#include <limits>
#include <sys/stat.h>

namespace trainyard::metrics::tfevents {

using namespace Qt::Literals::StringLiterals;

struct EventFileFollower::Run
{
    explicit Run(const QString &name)
        : decoder(name)
    {}
    EventDecoder decoder;
};

struct EventFileFollower::Source
{
    QString path;
    QString canonical;
    Run *run = nullptr;
    QFile file;
    dev_t device = 0; // the open file's identity: a new inode under the name is a new file
    ino_t inode = 0;
    qint64 offset = 0;
    qint64 wanted = 0;  // bytes from offset the next record needs (0: unknown)
    qint64 skipTo = -1; // an oversized record ends here
    RecordScanner scanner;
    bool backlog = false; // the last read stopped with complete records left to read
};

namespace {

const int registered = [] {
    qRegisterMetaType<ScalarPoints>();
    qRegisterMetaType<FollowerStats>();
    return 0;
}();

} // namespace

EventFileFollower::EventFileFollower(QObject *parent)
    : QObject(parent)
    , m_timer(this)
{
    Q_UNUSED(registered)
    m_timer.setInterval(DefaultIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &EventFileFollower::onTimer);
}

EventFileFollower::~EventFileFollower() = default;

void EventFileFollower::addRoot(const QString &directory, const QString &runPrefix)
{
    QString prefix = runPrefix;
    while (prefix.endsWith(u'/'))
        prefix.chop(1);
    m_roots.push_back(Root{QDir::cleanPath(QFileInfo(directory).absoluteFilePath()), prefix});
    m_lastRescanMs = -1; // rescan on the next poll
}

QStringList EventFileFollower::roots() const
{
    QStringList out;
    for (const Root &r : m_roots)
        out.append(r.path);
    return out;
}

QStringList EventFileFollower::files() const
{
    QStringList out;
    for (const auto &s : m_sources)
        out.append(s->path);
    return out;
}

QString EventFileFollower::runOf(const QString &file) const
{
    const QString path = QDir::cleanPath(QFileInfo(file).absoluteFilePath());
    for (const auto &s : m_sources) {
        if (s->path == path)
            return s->run->decoder.run();
    }
    return {};
}

bool EventFileFollower::isEventFile(const QString &fileName)
{
    return QFileInfo(fileName).fileName().contains(u"tfevents"_s);
}

QString EventFileFollower::runName(const QString &root, const QString &directory,
                                   const QString &runPrefix)
{
    // os.path.relpath(subdir, root); "." for the root itself.
    const QString rel = QDir(QDir::cleanPath(root)).relativeFilePath(QDir::cleanPath(directory));
    const bool atRoot = rel.isEmpty() || rel == u"."_s;
    if (runPrefix.isEmpty())
        return atRoot ? u"."_s : rel;
    return atRoot ? runPrefix : runPrefix + u'/' + rel;
}

EventFileFollower::Run &EventFileFollower::runFor(const QString &name)
{
    for (const auto &r : m_runs) {
        if (r->decoder.run() == name)
            return *r;
    }
    m_runs.push_back(std::make_unique<Run>(name));
    return *m_runs.back();
}

int EventFileFollower::rescan()
{
    m_lastRescanMs = QDateTime::currentMSecsSinceEpoch();
    QSet<QString> known;
    for (const auto &s : m_sources)
        known.insert(s->canonical);

    int added = 0;
    for (const Root &root : m_roots) {
        if (!QFileInfo(root.path).isDir())
            continue;
        QStringList found;
        QDirIterator it(root.path, {u"*tfevents*"_s}, QDir::Files | QDir::Hidden,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            found.append(it.next());
        // TensorBoard reads a run's files in name order (the names start with a timestamp).
        std::sort(found.begin(), found.end());
        for (const QString &path : std::as_const(found)) {
            const QFileInfo info(path);
            const QString canonical = info.canonicalFilePath();
            if (canonical.isEmpty() || known.contains(canonical))
                continue;
            known.insert(canonical);
            auto source = std::make_unique<Source>();
            source->path = QDir::cleanPath(info.absoluteFilePath());
            source->canonical = canonical;
            source->run = &runFor(runName(root.path, info.absolutePath(), root.prefix));
            m_sources.push_back(std::move(source));
            ++added;
        }
    }
    return added;
}

void EventFileFollower::start()
{
    poll();
    m_timer.start(m_caughtUp ? m_intervalMs : 0);
}

void EventFileFollower::stop()
{
    m_timer.stop();
}

void EventFileFollower::onTimer()
{
    poll();
    // A backlog is read on at once (the event loop still runs between chunks).
    const int next = m_caughtUp ? m_intervalMs : 0;
    if (m_timer.interval() != next && m_timer.isActive())
        m_timer.start(next);
}

int EventFileFollower::poll()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (m_lastRescanMs < 0 || now - m_lastRescanMs >= m_rescanMs)
        rescan();

    ScalarPoints batch;
    const std::size_t n = m_sources.size();
    qint64 budget = m_maxBytesPerTick;
    bool backlog = false;
    for (std::size_t i = 0; i < n; ++i) {
        Source &source = *m_sources[(m_nextSource + i) % n];
        if (budget <= 0) {
            backlog = true; // not visited this tick
            continue;
        }
        // A fair share for each of the sources left, at least one record's header.
        const qint64 share = std::max<qint64>(budget / qint64(n - i), RecordScanner::HeaderBytes);
        budget -= readSource(source, share, batch);
        backlog = backlog || source.backlog;
    }
    if (n)
        m_nextSource = (m_nextSource + 1) % n;
    m_caughtUp = !backlog;

    FollowerStats stats;
    stats.files = int(n);
    for (const auto &s : m_sources) {
        stats.bytesRead += s->offset;
        stats.records += s->scanner.stats().records;
        stats.corruptRecords += s->scanner.stats().corruptRecords;
    }
    for (const auto &r : m_runs)
        stats.unparsableRecords += r->decoder.stats().unparsable;
    stats.points = m_stats.points + qint64(batch.size());
    const bool changed = stats.files != m_stats.files || stats.bytesRead != m_stats.bytesRead ||
                         stats.records != m_stats.records ||
                         stats.corruptRecords != m_stats.corruptRecords ||
                         stats.unparsableRecords != m_stats.unparsableRecords;
    m_stats = stats;

    const int emitted = int(batch.size());
    if (!batch.empty())
        Q_EMIT pointsAdded(batch);
    if (changed)
        Q_EMIT statsChanged(m_stats);
    return emitted;
}

namespace {

// The identity of what `path` names now; false when nothing (or nothing readable) is there.
bool identityOf(const QString &path, dev_t *device, ino_t *inode)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return false;
    *device = st.st_dev;
    *inode = st.st_ino;
    return true;
}

// a + b for non-negative values, saturated (a record length near 2^63 must not wrap around).
qint64 addSaturated(qint64 a, qint64 b)
{
    return b > std::numeric_limits<qint64>::max() - a ? std::numeric_limits<qint64>::max() : a + b;
}

} // namespace

void EventFileFollower::restart(Source &s)
{
    s.offset = 0;
    s.wanted = 0;
    s.skipTo = -1;
    s.scanner.reset();
    Q_EMIT fileReset(s.path, s.run->decoder.run());
}

qint64 EventFileFollower::readSource(Source &s, qint64 budget, ScalarPoints &out)
{
    if (!s.file.isOpen()) {
        s.file.setFileName(s.path);
        if (!s.file.open(QIODevice::ReadOnly)) {
            s.backlog = false;
            return 0; // gone or unreadable for now: tried again next tick
        }
        struct stat st = {};
        if (::fstat(s.file.handle(), &st) == 0) {
            s.device = st.st_dev;
            s.inode = st.st_ino;
        }
    }
    // Followed by name, like tail -F: when the name now stands for another file (a restarted
    // writer, a rotation), the rest of the open one is read first, then the new one from its
    // start.
    dev_t device = 0;
    ino_t inode = 0;
    const bool replaced =
        identityOf(s.path, &device, &inode) && (device != s.device || inode != s.inode);
    const qint64 size = s.file.size(); // of the open file (fstat)
    if (size < s.offset)
        restart(s); // truncated in place

    const auto onRecord = [&](const char *data, std::size_t length) {
        s.run->decoder.decode(data, length, out);
    };
    qint64 used = 0;
    bool first = true;
    while (first || used < budget) {
        first = false;
        if (s.skipTo >= 0) {
            if (size < s.skipTo)
                break;
            s.offset = s.skipTo;
            s.skipTo = -1;
            s.scanner.noteOversizedSkipped();
            continue;
        }
        const qint64 available = size - s.offset;
        if (available < RecordScanner::HeaderBytes || available < s.wanted)
            break;
        const qint64 chunk = std::min(available, std::max(budget - used, s.wanted));
        if (m_buffer.size() < chunk)
            m_buffer.resize(chunk);
        if (!s.file.seek(s.offset))
            break;
        const qint64 got = s.file.read(m_buffer.data(), chunk);
        if (got < RecordScanner::HeaderBytes)
            break;
        used += got;
        const RecordScanner::Result r = s.scanner.scan(m_buffer.constData(), got, onRecord);
        s.offset += r.consumed;
        s.wanted = r.wanted ? r.wanted - r.consumed : 0;
        if (r.skip)
            s.skipTo = addSaturated(s.offset, r.skip);
        // Nothing more in this file for now: a partial record (or under a header) at its end.
        if (!r.skip && (r.consumed == 0 || got - r.consumed < RecordScanner::HeaderBytes) &&
            got == available)
            break;
        if (r.consumed == 0 && !r.skip && !r.wanted)
            break;
    }
    const qint64 left = size - s.offset;
    s.backlog =
        s.skipTo >= 0 ? size >= s.skipTo : left >= RecordScanner::HeaderBytes && left >= s.wanted;
    if (replaced && !s.backlog) {
        // The old file is read to its end (a torn last record there never completes).
        s.file.close();
        restart(s);
        s.backlog = true; // the new file is read on the next tick, at once
    }
    // Keep the largest block bounded (a huge record needed it once).
    if (m_buffer.size() > 2 * m_maxBytesPerTick)
        m_buffer = QByteArray();
    return used;
}

SeriesUpdates toSeriesUpdates(const ScalarPoints &points, const QString &sourcePrefix)
{
    SeriesUpdates updates;
    QHash<QString, int> slot; // tag + '\n' + run -> index in updates
    for (const ScalarPoint &p : points) {
        const QString key = p.tag + u'\n' + p.run;
        auto it = slot.constFind(key);
        if (it == slot.constEnd()) {
            it = slot.insert(key, int(updates.size()));
            updates.append(SeriesUpdate{p.tag, sourcePrefix + p.run, {}});
        }
        updates[*it].points.append(
            MetricPoint{double(p.step), qint64(std::llround(p.wallTime * 1000.0)), p.value});
    }
    return updates;
}

} // namespace trainyard::metrics::tfevents
