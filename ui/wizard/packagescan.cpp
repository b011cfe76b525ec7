// SPDX-License-Identifier: MIT
#include "wizard/packagescan.h"

#include <QDir>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

namespace trainyard::ui::wizard {

namespace {

const QLatin1String initFile("__init__.py");

// Walks `dir` (a package) adding its modules under the dotted `prefix`.
void walk(const QDir &dir, const QString &prefix, int depth, int &entries, PackageScan &out)
{
    if (depth > packageScanMaxDepth) {
        out.truncated = true;
        return;
    }
    const QFileInfoList infos =
        dir.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &info : infos) {
        if (++entries > packageScanMaxEntries) {
            out.truncated = true;
            return;
        }
        if (info.isDir()) {
            if (info.isSymLink())
                continue; // no loops
            const QDir sub(info.filePath());
            if (sub.exists(initFile))
                walk(sub, prefix + QLatin1Char('.') + info.fileName(), depth + 1, entries, out);
        } else if (info.suffix() == QLatin1String("py") && info.fileName() != initFile) {
            out.modules.append(prefix + QLatin1Char('.') + info.completeBaseName());
        }
    }
}

} // namespace

PackageScan scanPackage(const QString &directory)
{
    PackageScan out;
    out.directory = directory;
    const QFileInfo info(directory);
    out.exists = info.exists();
    out.isDirectory = info.isDir();
    if (!out.isDirectory)
        return out;
    const QDir dir(info.absoluteFilePath());
    out.isPackage = dir.exists(initFile);
    if (!out.isPackage)
        return out;
    int entries = 0;
    walk(dir, dir.dirName(), 1, entries, out);
    out.modules.sort();
    return out;
}

PackageScanner::PackageScanner(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<PackageScan>::finished, this, &PackageScanner::onFinished);
}

PackageScanner::~PackageScanner()
{
    m_watcher.waitForFinished();
}

void PackageScanner::scan(const QString &directory)
{
    if (m_watcher.isRunning()) {
        m_pending = directory;
        m_hasPending = true;
        return;
    }
    m_watcher.setFuture(QtConcurrent::run(scanPackage, directory));
}

bool PackageScanner::isRunning() const
{
    return m_watcher.isRunning() || m_hasPending;
}

void PackageScanner::onFinished()
{
    if (m_hasPending) {
        m_hasPending = false;
        m_watcher.setFuture(QtConcurrent::run(scanPackage, m_pending));
        return;
    }
    Q_EMIT finished(m_watcher.result());
}

} // namespace trainyard::ui::wizard
