// SPDX-License-Identifier: MIT
#include "exec/runsettings.h"

#include "store/jobstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace trainyard::exec {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::exec", text);
}

QString styleName(RunStyle style)
{
    return style == RunStyle::LocalTrain ? QStringLiteral("localTrain") : QStringLiteral("submit");
}

} // namespace

QByteArray RunSettings::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("style"), styleName(style));
    o.insert(QStringLiteral("distributed"), distributed);
    o.insert(QStringLiteral("startPort"), int(startPort));
    o.insert(QStringLiteral("maxRestarts"), maxRestarts);
    o.insert(QStringLiteral("jobReruns"), jobReruns);
    o.insert(QStringLiteral("graceMs"), graceMs);
    o.insert(QStringLiteral("maxLocalReplicas"), maxLocalReplicas);
    o.insert(QStringLiteral("localTensorFlowMajor"), localTensorFlowMajor);
    o.insert(QStringLiteral("python"), python);
    o.insert(QStringLiteral("jobDir"), jobDir);
    o.insert(QStringLiteral("baseDirectory"), baseDirectory);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

bool RunSettings::fromJson(const QByteArray &json, RunSettings *settings, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = QCoreApplication::translate("trainyard::exec",
                                                "The run settings are not a JSON object: %1").arg(parseError.errorString());
        return false;
    }
    const QJsonObject o = doc.object();
    RunSettings s;
    s.style = o.value(QStringLiteral("style")).toString() == QLatin1String("localTrain")
                  ? RunStyle::LocalTrain
                  : RunStyle::Submit;
    s.distributed = o.value(QStringLiteral("distributed")).toBool(s.distributed);
    const int port = o.value(QStringLiteral("startPort")).toInt(s.startPort);
    s.startPort = port > 0 && port < 65536 ? quint16(port) : defaultStartPort;
    s.maxRestarts = qMax(0, o.value(QStringLiteral("maxRestarts")).toInt(s.maxRestarts));
    s.jobReruns = qMax(0, o.value(QStringLiteral("jobReruns")).toInt(s.jobReruns));
    s.graceMs = qMax(0, o.value(QStringLiteral("graceMs")).toInt(s.graceMs));
    s.maxLocalReplicas = qMax(0, o.value(QStringLiteral("maxLocalReplicas")).toInt(0));
    s.localTensorFlowMajor = o.value(QStringLiteral("localTensorFlowMajor")).toInt(0);
    s.python = o.value(QStringLiteral("python")).toString();
    s.jobDir = o.value(QStringLiteral("jobDir")).toString();
    s.baseDirectory = o.value(QStringLiteral("baseDirectory")).toString();
    *settings = s;
    return true;
}

bool RunSettings::operator==(const RunSettings &o) const
{
    return style == o.style && distributed == o.distributed && startPort == o.startPort &&
           maxRestarts == o.maxRestarts && jobReruns == o.jobReruns && graceMs == o.graceMs &&
           maxLocalReplicas == o.maxLocalReplicas &&
           localTensorFlowMajor == o.localTensorFlowMajor && python == o.python &&
           jobDir == o.jobDir && baseDirectory == o.baseDirectory;
}

QString runSettingsPath(const store::JobStore &store, const QString &jobId)
{
    return store.jobDir(jobId) + QStringLiteral("/run.json");
}

QString writeRunSettings(const store::JobStore &store, const QString &jobId,
                         const RunSettings &settings)
{
    QSaveFile file(runSettingsPath(store, jobId));
    if (!file.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(file.fileName(), file.errorString());
    file.write(settings.toJson());
    if (!file.commit())
        return tr("Cannot write %1: %2").arg(file.fileName(), file.errorString());
    return {};
}

QString readRunSettings(const store::JobStore &store, const QString &jobId, RunSettings *settings)
{
    QFile file(runSettingsPath(store, jobId));
    if (!file.exists()) {
        *settings = RunSettings();
        return {};
    }
    if (!file.open(QIODevice::ReadOnly))
        return tr("Cannot read %1: %2").arg(file.fileName(), file.errorString());
    QString error;
    if (!RunSettings::fromJson(file.readAll(), settings, &error))
        return error;
    return {};
}

QString defaultOutputDirectory(const store::JobStore &store, const QString &jobId)
{
    return store.jobDir(jobId) + QStringLiteral("/output");
}

QString cancelRequestPath(const store::JobStore &store, const QString &jobId)
{
    return store.jobDir(jobId) + QStringLiteral("/cancel");
}

QString requestCancel(const store::JobStore &store, const QString &jobId)
{
    if (!store.contains(jobId))
        return tr("There is no job %1.").arg(jobId);
    QFile file(cancelRequestPath(store, jobId));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append))
        return tr("Cannot request the cancel of %1: %2").arg(jobId, file.errorString());
    return {};
}

bool isCancelRequested(const store::JobStore &store, const QString &jobId)
{
    return QFileInfo::exists(cancelRequestPath(store, jobId));
}

} // namespace trainyard::exec
