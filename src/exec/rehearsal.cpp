// SPDX-License-Identifier: MIT
#include "exec/rehearsal.h"

#include "store/atomicwrite.h"
#include "store/jobstore.h"
#include "store/safefile.h"
#include "text/plaintext.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QThread>
#include <QtEndian>
#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <random>
#include <unistd.h>

namespace trainyard::exec {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::exec", text);
}

constexpr qint64 MaxRequestBytes = 4096;

} // namespace

QString rehearsalEventName(RehearsalEvent event)
{
    return event == RehearsalEvent::Crash ? QStringLiteral("crash") : QStringLiteral("maintenance");
}

std::optional<RehearsalEvent> rehearsalEventFromName(QStringView name)
{
    if (name == u"maintenance")
        return RehearsalEvent::Maintenance;
    if (name == u"crash")
        return RehearsalEvent::Crash;
    return std::nullopt;
}

QString rehearsalRequestDir(const store::JobStore &store, const QString &jobId)
{
    return store.jobDir(jobId) + QStringLiteral("/requests");
}

QString requestRehearsal(const store::JobStore &store, const QString &jobId,
                         const RehearsalRequest &request, QString *path)
{
    if (!store.contains(jobId))
        return tr("There is no job %1.").arg(jobId);
    const QString dir = rehearsalRequestDir(store, jobId);
    if (!QDir().mkpath(dir))
        return tr("Cannot create %1.").arg(dir);
    // Ordered by time, unique by a random part: two requests in one millisecond both count.
    const QString file =
        dir + QStringLiteral("/rehearse-%1-%2.json")
                  .arg(QDateTime::currentMSecsSinceEpoch(), 13, 10, QLatin1Char('0'))
                  .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    const QJsonObject o{{QStringLiteral("replica"), request.replica},
                        {QStringLiteral("event"), rehearsalEventName(request.event)}};
    const store::WriteResult written = store::writeFileAtomically(
        file, QJsonDocument(o).toJson(QJsonDocument::Compact), 0600, false);
    if (!written)
        return tr("Cannot write the request: %1").arg(written.errorMessage);
    if (path)
        *path = file;
    return {};
}

QList<RehearsalRequest> takeRehearsalRequests(const store::JobStore &store, const QString &jobId,
                                              QStringList *rejected, QSet<QByteArray> *stuck)
{
    // Whoever can write the folder may put anything there: the folder and each entry are
    // opened without following links or waiting on a FIFO, and only regular files are taken.
    QList<RehearsalRequest> requests;
    const QString dirPath = rehearsalRequestDir(store, jobId);
    const int dirFd = ::open(QFile::encodeName(dirPath).constData(),
                             O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (dirFd < 0) {
        if (errno != ENOENT && rejected)
            rejected->append(tr("%1 is not a folder; rehearsal requests are ignored").arg(dirPath));
        return requests;
    }
    QList<QByteArray> names;
    if (DIR *dir = ::fdopendir(::dup(dirFd))) {
        while (const dirent *entry = ::readdir(dir)) {
            const QByteArray name(entry->d_name);
            if (name.startsWith("rehearse-") && name.endsWith(".json"))
                names.append(name);
        }
        ::closedir(dir);
    }
    std::sort(names.begin(), names.end());
    for (const QByteArray &name : std::as_const(names)) {
        if (stuck && stuck->contains(name))
            continue; // refused before and cannot be removed: said once
        const QString fileName = QFile::decodeName(name);
        const store::SafeRead read = store::readRegularFileAt(dirFd, name, MaxRequestBytes);
        if (read.failure == store::SafeRead::Failure::Missing)
            continue; // withdrawn meanwhile
        // Taken, whatever it holds (a folder only when empty).
        if (::unlinkat(dirFd, name.constData(), 0) != 0 && errno == EISDIR &&
            ::unlinkat(dirFd, name.constData(), AT_REMOVEDIR) != 0 && stuck)
            stuck->insert(name);
        const QJsonObject o = QJsonDocument::fromJson(read.bytes).object();
        RehearsalRequest request;
        request.replica = o.value(QStringLiteral("replica")).toString();
        const auto event = rehearsalEventFromName(o.value(QStringLiteral("event")).toString());
        if (!read || request.replica.isEmpty() || !event) {
            if (rejected)
                rejected->append(
                    tr("%1 is not a rehearsal request; ignored").arg(text::plainText(fileName)));
            continue;
        }
        request.event = *event;
        request.file = dirPath + QLatin1Char('/') + fileName;
        requests.append(request);
    }
    ::close(dirFd);
    return requests;
}

void answerRehearsal(const RehearsalRequest &request, const QString &problem)
{
    if (!request.file.isEmpty())
        store::writeFileAtomically(request.file + QStringLiteral(".result"), problem.toUtf8(), 0600,
                                   false);
}

bool waitForRehearsal(const QString &path, int timeoutMs, QString *problem)
{
    // The owner's answer, read and removed; false while there is none.
    const QString result = path + QStringLiteral(".result");
    const auto takeAnswer = [&result, problem] {
        QFile file(result);
        if (!file.open(QIODevice::ReadOnly))
            return false;
        *problem = QString::fromUtf8(file.read(MaxRequestBytes));
        file.close();
        QFile::remove(result);
        return true;
    };
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (takeAnswer())
            return true;
        QThread::msleep(20);
    }
    if (QFile::remove(path)) // not taken: withdrawn
        return false;
    // Taken just now: give the answer a moment more.
    QThread::msleep(500);
    return takeAnswer();
}

qint64 maintenanceDelayMs(const QString &jobId, const QString &replicaLogName)
{
    // A hash that is the same in every process and on every machine (qHash is seeded).
    const QByteArray digest = QCryptographicHash::hash(
        (jobId + QLatin1Char('/') + replicaLogName).toUtf8(), QCryptographicHash::Sha256);
    std::mt19937_64 engine(qFromBigEndian<quint64>(digest.constData()));
    std::uniform_int_distribution<qint64> pick(MinMaintenanceDelayMs, MaxMaintenanceDelayMs);
    return pick(engine);
}

} // namespace trainyard::exec
