// SPDX-License-Identifier: MIT
#include "store/joblogs.h"

#include <QDir>

namespace trainyard::store {

QFileInfoList logFiles(const QString &logsDir)
{
    return QDir(logsDir).entryInfoList({QStringLiteral("*.log")}, QDir::Files, QDir::Name);
}

QString logName(const QFileInfo &logFile)
{
    return logFile.completeBaseName();
}

} // namespace trainyard::store
