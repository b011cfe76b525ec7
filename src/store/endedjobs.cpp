// SPDX-License-Identifier: MIT
#include "store/endedjobs.h"

#include "store/atomicwrite.h"
#include "store/jobstore.h"

#include <QFile>

namespace trainyard::store {

namespace {

constexpr char Header[] = "trainyard-ended-jobs 1";
constexpr qint64 MaxCacheBytes = 16 * 1024 * 1024;

} // namespace

QString EndedJobs::fileName()
{
    return QStringLiteral(".ended-jobs");
}

EndedJobs::EndedJobs(const JobStore &store)
    : m_store(store)
{
    QFile file(store.root() + QLatin1Char('/') + fileName());
    if (!file.open(QIODevice::ReadOnly) || file.size() > MaxCacheBytes)
        return;
    const QList<QByteArray> lines = file.readAll().split('\n');
    if (lines.isEmpty() || lines.first() != Header)
        return;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        // <job ID> <device> <inode> <size> <mtime ns>; a line that does not parse is skipped
        const QList<QByteArray> fields = lines.at(i).split(' ');
        if (fields.size() != 5)
            continue;
        const QString id = QString::fromUtf8(fields.at(0));
        FileStamp s;
        bool ok[4] = {};
        s.device = fields.at(1).toULongLong(&ok[0]);
        s.inode = fields.at(2).toULongLong(&ok[1]);
        s.size = fields.at(3).toLongLong(&ok[2]);
        s.mtimeNs = fields.at(4).toLongLong(&ok[3]);
        if (ok[0] && ok[1] && ok[2] && ok[3] && JobStore::isStorableJobId(id))
            m_ended.insert(id, s);
    }
}

bool EndedJobs::stamp(const QString &jobId, FileStamp *stamp) const
{
    const std::optional<FileStamp> now = fileStamp(m_store.statePath(jobId));
    if (now)
        *stamp = *now;
    return now.has_value();
}

bool EndedJobs::isKnownEnded(const QString &jobId, const FileStamp &stamp) const
{
    const auto it = m_ended.constFind(jobId);
    return it != m_ended.cend() && *it == stamp;
}

void EndedJobs::remember(const QString &jobId, const FileStamp &stamp)
{
    if (isKnownEnded(jobId, stamp))
        return;
    m_ended.insert(jobId, stamp);
    m_changed = true;
}

void EndedJobs::save(const QStringList &liveIds)
{
    if (!m_changed)
        return;
    QByteArray out = QByteArray(Header) + '\n';
    for (const QString &id : liveIds) {
        const auto it = m_ended.constFind(id);
        if (it == m_ended.cend())
            continue;
        out += id.toUtf8() + ' ' + QByteArray::number(it->device) + ' ' +
               QByteArray::number(it->inode) + ' ' + QByteArray::number(it->size) + ' ' +
               QByteArray::number(it->mtimeNs) + '\n';
    }
    // Only a cache: never synced, and a failed write changes nothing but speed.
    writeFileAtomically(m_store.root() + QLatin1Char('/') + fileName(), out, 0644,
                        Durability::RuntimeOnly);
    m_changed = false;
}

} // namespace trainyard::store
