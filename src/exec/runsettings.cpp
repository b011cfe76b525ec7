// SPDX-License-Identifier: MIT
#include "exec/runsettings.h"

#include "store/atomicwrite.h"
#include "store/jobstore.h"
#include "store/safefile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <cstring>

namespace trainyard::exec {

namespace {

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::exec", text);
}

// run.json is a few hundred bytes; anything near this is not one.
constexpr qint64 MaxRunSettingsBytes = 1024 * 1024;

constexpr std::pair<GpuMode, const char *> gpuModeNames[] = {
    {GpuMode::Auto, "auto"}, {GpuMode::Cpu, "cpu"}, {GpuMode::Shared, "shared"}};

QString styleName(service::RunStyle style)
{
    return style == service::RunStyle::LocalTrain ? QStringLiteral("localTrain")
                                                  : QStringLiteral("submit");
}

} // namespace

QString gpuModeName(GpuMode mode)
{
    for (const auto &[m, name] : gpuModeNames) {
        if (m == mode)
            return QLatin1String(name);
    }
    return {};
}

std::optional<GpuMode> gpuModeFromName(QStringView name)
{
    for (const auto &[m, text] : gpuModeNames) {
        if (name == QLatin1String(text))
            return m;
    }
    return std::nullopt;
}

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
    o.insert(QStringLiteral("maxLocalTrials"), maxLocalTrials);
    o.insert(QStringLiteral("gpus"), gpuModeName(gpus));
    o.insert(QStringLiteral("localTensorFlowMajor"), localTensorFlowMajor);
    o.insert(QStringLiteral("logCapMB"), logCapMB);
    if (rehearseMaintenance)
        o.insert(QStringLiteral("rehearseMaintenance"), true);
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
                                                 "The run settings are not a JSON object: %1")
                         .arg(parseError.errorString());
        return false;
    }
    const QJsonObject o = doc.object();
    RunSettings s;
    s.style = o.value(QStringLiteral("style")).toString() == QLatin1String("localTrain")
                  ? service::RunStyle::LocalTrain
                  : service::RunStyle::Submit;
    s.distributed = o.value(QStringLiteral("distributed")).toBool(s.distributed);
    const int port = o.value(QStringLiteral("startPort")).toInt(s.startPort);
    s.startPort = port > 0 && port < 65536 ? quint16(port) : service::defaultStartPort;
    s.maxRestarts = qMax(0, o.value(QStringLiteral("maxRestarts")).toInt(s.maxRestarts));
    s.jobReruns = qMax(0, o.value(QStringLiteral("jobReruns")).toInt(s.jobReruns));
    s.graceMs = qMax(0, o.value(QStringLiteral("graceMs")).toInt(s.graceMs));
    s.maxLocalReplicas = qMax(0, o.value(QStringLiteral("maxLocalReplicas")).toInt(0));
    s.maxLocalTrials =
        qMax(0, o.value(QStringLiteral("maxLocalTrials")).toInt(defaultMaxLocalTrials));
    s.gpus = gpuModeFromName(o.value(QStringLiteral("gpus")).toString()).value_or(GpuMode::Auto);
    s.localTensorFlowMajor = o.value(QStringLiteral("localTensorFlowMajor")).toInt(0);
    s.logCapMB =
        qBound(0, o.value(QStringLiteral("logCapMB")).toInt(0), LocalRunDefaults::logCapLimitMB);
    s.rehearseMaintenance = o.value(QStringLiteral("rehearseMaintenance")).toBool(false);
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
           maxLocalReplicas == o.maxLocalReplicas && maxLocalTrials == o.maxLocalTrials &&
           gpus == o.gpus && localTensorFlowMajor == o.localTensorFlowMajor &&
           logCapMB == o.logCapMB && rehearseMaintenance == o.rehearseMaintenance &&
           python == o.python && jobDir == o.jobDir && baseDirectory == o.baseDirectory;
}

RunSettings LocalRunDefaults::runSettings(service::RunStyle style) const
{
    RunSettings settings;
    settings.style = style;
    settings.python = python;
    settings.maxRestarts = maxRestarts;
    settings.jobReruns = jobReruns;
    settings.graceMs = gracePeriodSeconds * 1000;
    settings.maxLocalReplicas = maxLocalReplicas;
    settings.startPort = startPort;
    settings.logCapMB = logCapMB;
    return settings;
}

bool LocalRunDefaults::isAcceptablePython(const QString &python)
{
    for (const QChar c : python) {
        if (c.category() == QChar::Other_Control)
            return false;
    }
    if (python != python.trimmed())
        return false;
    return !python.contains(QLatin1Char('/')) || python.startsWith(QLatin1Char('/'));
}

bool LocalRunDefaults::operator==(const LocalRunDefaults &o) const
{
    return python == o.python && maxRestarts == o.maxRestarts && jobReruns == o.jobReruns &&
           gracePeriodSeconds == o.gracePeriodSeconds && maxLocalReplicas == o.maxLocalReplicas &&
           startPort == o.startPort && logCapMB == o.logCapMB;
}

namespace {

// The stored integer at key when it is one in [min, max], else fallback. QSettings gives an
// int back as an int before the file is written and as a string after; both are taken, a
// fraction, a list or text is not.
int storedInt(const QSettings &settings, const char *key, int min, int max, int fallback)
{
    const QVariant value = settings.value(QLatin1String(key));
    const int type = value.typeId();
    if (type != QMetaType::Int && type != QMetaType::LongLong && type != QMetaType::QString &&
        type != QMetaType::QByteArray)
        return fallback;
    bool ok = false;
    const qlonglong n = value.toString().trimmed().toLongLong(&ok);
    return ok && n >= min && n <= max ? int(n) : fallback;
}

void storeOrRemove(QSettings &settings, const char *key, int value, int builtIn)
{
    if (value == builtIn)
        settings.remove(QLatin1String(key));
    else
        settings.setValue(QLatin1String(key), value);
}

} // namespace

LocalRunDefaults readLocalRunDefaults(const QSettings &settings)
{
    LocalRunDefaults d;
    const LocalRunDefaults builtIn;
    const QVariant python = settings.value(QLatin1String(localRunKeys::python));
    if (python.typeId() == QMetaType::QString &&
        LocalRunDefaults::isAcceptablePython(python.toString()))
        d.python = python.toString();
    d.maxRestarts = storedInt(settings, localRunKeys::maxRestarts, 0,
                              LocalRunDefaults::maxRestartsLimit, builtIn.maxRestarts);
    d.jobReruns = storedInt(settings, localRunKeys::jobReruns, 0, LocalRunDefaults::jobRerunsLimit,
                            builtIn.jobReruns);
    d.gracePeriodSeconds =
        storedInt(settings, localRunKeys::gracePeriod, 0, LocalRunDefaults::gracePeriodLimit,
                  builtIn.gracePeriodSeconds);
    d.maxLocalReplicas = storedInt(settings, localRunKeys::maxLocalReplicas, 0,
                                   LocalRunDefaults::localReplicasLimit, builtIn.maxLocalReplicas);
    d.startPort =
        quint16(storedInt(settings, localRunKeys::startPort, 1, 65535, builtIn.startPort));
    d.logCapMB = storedInt(settings, localRunKeys::logCapMB, 0, LocalRunDefaults::logCapLimitMB,
                           builtIn.logCapMB);
    return d;
}

LocalRunDefaults readLocalRunDefaults()
{
    return readLocalRunDefaults(QSettings());
}

void writeLocalRunDefaults(QSettings &settings, const LocalRunDefaults &defaults)
{
    const LocalRunDefaults builtIn;
    if (defaults.python.isEmpty() || !LocalRunDefaults::isAcceptablePython(defaults.python))
        settings.remove(QLatin1String(localRunKeys::python));
    else
        settings.setValue(QLatin1String(localRunKeys::python), defaults.python);
    storeOrRemove(settings, localRunKeys::maxRestarts, defaults.maxRestarts, builtIn.maxRestarts);
    storeOrRemove(settings, localRunKeys::jobReruns, defaults.jobReruns, builtIn.jobReruns);
    storeOrRemove(settings, localRunKeys::gracePeriod, defaults.gracePeriodSeconds,
                  builtIn.gracePeriodSeconds);
    storeOrRemove(settings, localRunKeys::maxLocalReplicas, defaults.maxLocalReplicas,
                  builtIn.maxLocalReplicas);
    storeOrRemove(settings, localRunKeys::startPort, defaults.startPort, builtIn.startPort);
    storeOrRemove(settings, localRunKeys::logCapMB, defaults.logCapMB, builtIn.logCapMB);
}

QString runSettingsFileName()
{
    return QStringLiteral("run.json");
}

QString runSettingsPath(const store::JobStore &store, const QString &jobId)
{
    return store.jobDir(jobId) + QLatin1Char('/') + runSettingsFileName();
}

QString readRunSettings(const store::JobStore &store, const QString &jobId, RunSettings *settings)
{
    // Never a FIFO or a link in its place: the owner reads it on its event loop.
    const QString path = runSettingsPath(store, jobId);
    const store::SafeRead read = store::readRegularFile(path, MaxRunSettingsBytes);
    switch (read.failure) {
    case store::SafeRead::Failure::None:
        break;
    case store::SafeRead::Failure::Missing:
        *settings = RunSettings();
        return {};
    case store::SafeRead::Failure::NotRegular:
        return tr("Cannot read %1: it is not a regular file").arg(path);
    case store::SafeRead::Failure::TooLarge:
        return tr("Cannot read %1: it is larger than %2 bytes").arg(path).arg(MaxRunSettingsBytes);
    case store::SafeRead::Failure::Unreadable:
        return tr("Cannot read %1: %2")
            .arg(path, QString::fromLocal8Bit(std::strerror(read.error)));
    }
    QString error;
    if (!RunSettings::fromJson(read.bytes, settings, &error))
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
    // A FIFO or a link put in its place is replaced, never opened and waited on.
    if (const QString why = store::touchRegularFile(cancelRequestPath(store, jobId));
        !why.isEmpty())
        return tr("Cannot request the cancel of %1: %2").arg(jobId, why);
    return {};
}

bool isCancelRequested(const store::JobStore &store, const QString &jobId)
{
    return store::isRegularFile(cancelRequestPath(store, jobId));
}

} // namespace trainyard::exec
