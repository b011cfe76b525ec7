// SPDX-License-Identifier: MIT
#include "logs/logfollower.h"

#include "logs/linesplitter.h"
#include "logs/logreader.h"

#include <algorithm>
#include <cstring>

namespace trainyard::logs {

namespace {
// A torn last line longer than any record can be is not ours: emit it raw rather than grow.
constexpr qsizetype MaxPartial = 2 * (LineSplitter::MaxLineBytes + RecordPrefixSize + 1);
} // namespace

struct LogFollower::Source
{
    QString path;
    QString replica;
    QFile file;
    qint64 offset = 0; // bytes consumed (including the partial line)
    bool startAtEnd = false;
    QByteArray partial; // the torn last line, until its '\n' arrives
    qint64 lastTimestamp = 0;
    QByteArray head; // the first line, to notice a rewrite in place (readFirstLine)
};

LogFollower::LogFollower(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(DefaultIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] { poll(); });
}

LogFollower::~LogFollower() = default;

void LogFollower::addFile(const QString &path, const QString &replica, StartAt from)
{
    addFile(path, replica, qint64(0));
    m_sources.back()->startAtEnd = from == StartAt::End;
}

void LogFollower::addFile(const QString &path, const QString &replica, qint64 offset)
{
    auto source = std::make_unique<Source>();
    source->path = path;
    source->replica = replica;
    source->file.setFileName(path);
    source->offset = std::max<qint64>(0, offset);
    m_sources.push_back(std::move(source));
}

void LogFollower::removeFile(const QString &path)
{
    m_sources.erase(std::remove_if(m_sources.begin(), m_sources.end(),
                                   [&path](const auto &s) { return s->path == path; }),
                    m_sources.end());
    m_nextSource = 0;
}

QStringList LogFollower::files() const
{
    QStringList paths;
    for (const auto &s : m_sources)
        paths.append(s->path);
    return paths;
}

void LogFollower::start()
{
    m_timer.start();
}

void LogFollower::stop()
{
    m_timer.stop();
}

int LogFollower::poll()
{
    Records batch;
    qint64 budget = m_maxBytesPerTick;
    bool caughtUp = true;
    const std::size_t n = m_sources.size();
    for (std::size_t k = 0; k < n; ++k) {
        Source &source = *m_sources[(m_nextSource + k) % n];
        const qint64 share = budget / qint64(n - k); // what others leave unused passes on
        budget -= readSource(source, share, batch);
        if (source.file.isOpen() && source.offset < source.file.size())
            caughtUp = false;
    }
    if (n > 0)
        m_nextSource = (m_nextSource + 1) % n;
    m_caughtUp = caughtUp;
    const int count = int(batch.size());
    if (count > 0)
        Q_EMIT newRecords(batch);
    return count;
}

qint64 LogFollower::readSource(Source &source, qint64 budget, Records &out)
{
    if (!source.file.isOpen()) {
        if (!source.file.exists() || !source.file.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
            return 0;
        if (source.startAtEnd) {
            source.offset = source.file.size();
            source.startAtEnd = false;
        }
    }
    const qint64 size = source.file.size();
    if (size < source.offset ||
        (!source.head.isEmpty() && readFirstLine(source.file) != source.head)) {
        source.offset = 0;
        source.partial.clear();
        source.head.clear();
        Q_EMIT fileReset(source.replica);
    }
    if (source.head.isEmpty() && size > 0) {
        const QByteArray head = readFirstLine(source.file);
        if (head.endsWith('\n'))
            source.head = head;
    }
    const qint64 want = std::min(size - source.offset, budget);
    if (want <= 0 || !source.file.seek(source.offset))
        return 0;
    m_block.resize(want);
    const qint64 got = source.file.read(m_block.data(), want);
    if (got <= 0)
        return 0;
    source.offset += got;

    auto emitLine = [&](const char *p, qsizetype len) {
        Record r;
        if (parseRecordLine(p, len, &r))
            source.lastTimestamp = r.timestamp;
        else
            r.timestamp = source.lastTimestamp; // a foreign line sorts with its neighbours
        r.replica = source.replica;
        out.append(std::move(r));
    };

    const char *p = m_block.constData();
    const char *const end = p + got;
    while (p < end) {
        const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        if (nl == nullptr) {
            source.partial.append(p, end - p);
            if (source.partial.size() > MaxPartial) {
                emitLine(source.partial.constData(), source.partial.size());
                source.partial.clear();
            }
            break;
        }
        if (!source.partial.isEmpty()) {
            source.partial.append(p, nl - p);
            emitLine(source.partial.constData(), source.partial.size());
            source.partial.clear();
        } else {
            emitLine(p, nl - p);
        }
        p = nl + 1;
    }
    return got;
}

} // namespace trainyard::logs
