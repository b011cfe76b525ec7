// SPDX-License-Identifier: MIT
// The store's progress file, its lock and its list of series (metricstore.h).
#include "metrics/metricstore.h"
#include "store/atomicwrite.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

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
    const store::WriteResult written = store::writeFileAtomically(
        QDir(dir).filePath(ProgressFile), QJsonDocument(o).toJson(QJsonDocument::Compact));
    if (!written && error)
        *error = written.errorMessage;
    return bool(written);
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
