// SPDX-License-Identifier: MIT
// The store's progress file, its lock and its list of series (metricstore.h).
#include "metrics/metricstore.h"
#include "store/atomicwrite.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

namespace trainyard::metrics {

namespace {
const QString ProgressFile = QStringLiteral("progress.json");
} // namespace

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
    const QJsonArray patterns = o.value(QStringLiteral("patterns")).toArray();
    for (const auto &v : patterns)
        p.patterns.append(v.toString());
    const QJsonArray roots = o.value(QStringLiteral("tensorboardRoots")).toArray();
    for (const auto &v : roots)
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

namespace {

// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
void appendJsonString(QByteArray &out, const QString &text)
{
    out += '"';
    const QByteArray utf8 = text.toUtf8();
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            static const char hex[] = "0123456789abcdef";
            out += "\\u00";
            out += hex[u >> 4];
            out += hex[u & 0xf];
        } else {
            out += c;
        }
    }
    out += '"';
}

// A map as a JSON object, keys sorted, in one pass (and so a map that did not change is the
// same text).
template<typename Value, typename Append>
void appendObject(QByteArray &out, const QHash<QString, Value> &map, Append appendValue)
{
    QStringList keys = map.keys();
    std::sort(keys.begin(), keys.end());
    out += '{';
    for (qsizetype i = 0; i < keys.size(); ++i) {
        if (i > 0)
            out += ',';
        appendJsonString(out, keys.at(i));
        out += ':';
        appendValue(out, keys.at(i), map.value(keys.at(i)));
    }
    out += '}';
}

void appendStrings(QByteArray &out, const QStringList &strings)
{
    out += '[';
    for (qsizetype i = 0; i < strings.size(); ++i) {
        if (i > 0)
            out += ',';
        appendJsonString(out, strings.at(i));
    }
    out += ']';
}

} // namespace

QByteArray StoreProgress::toJson() const
{
    // Written as text in one pass rather than through QJsonObject, whose every insert moves the
    // keys after it: with 100,000 series (a trainer logging that many TensorBoard tags) that
    // took 5.9 s per save, once a second.
    QByteArray out;
    out.reserve(64 + seriesCounts.size() * 32);
    out += "{\"version\":" + QByteArray::number(SeriesVersion);
    out += ",\"patterns\":";
    appendStrings(out, patterns);
    out += ",\"tensorboardRoots\":";
    appendStrings(out, tensorBoardRoots);
    out += ",\"logs\":";
    appendObject(out, logOffsets, [this](QByteArray &o, const QString &log, qint64 offset) {
        o += "{\"offset\":" + QByteArray::number(offset);
        if (const auto last = lastSteps.constFind(log); last != lastSteps.cend()) {
            // A step as QJsonDocument writes a double (NaN and infinities, which JSON lacks, as
            // null), as this file always held it.
            o += ",\"lastStep\":" +
                 QJsonDocument(QJsonArray{*last}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
        }
        o += '}';
    });
    const auto number = [](QByteArray &o, const QString &, qint64 value) {
        o += QByteArray::number(value);
    };
    out += ",\"files\":";
    appendObject(out, fileMarks, number);
    out += ",\"series\":";
    appendObject(out, seriesCounts, number);
    out += '}';
    return out;
}

bool StoreProgress::untouchedSince(const Saved &saved) const
{
    return patterns.isSharedWith(saved.patterns) && logOffsets.isSharedWith(saved.logOffsets) &&
           lastSteps.isSharedWith(saved.lastSteps) && fileMarks.isSharedWith(saved.fileMarks) &&
           seriesCounts.isSharedWith(saved.seriesCounts) &&
           tensorBoardRoots.isSharedWith(saved.tensorBoardRoots);
}

bool StoreProgress::save(const QString &dir, QString *error)
{
    if (m_saved && untouchedSince(*m_saved))
        return true; // nothing was changed since the last save
    const QByteArray json = toJson();
    if (json != m_written) { // else changed back, or set to what it was: the file says this
        const store::WriteResult written =
            store::writeFileAtomically(QDir(dir).filePath(ProgressFile), json);
        if (!written) {
            if (error)
                *error = written.errorMessage;
            return false;
        }
        m_written = json;
    }
    m_saved = Saved{patterns, logOffsets, lastSteps, fileMarks, seriesCounts, tensorBoardRoots};
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
