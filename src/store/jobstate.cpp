// SPDX-License-Identifier: MIT
#include "store/jobstate.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace trainyard::store {

namespace {

constexpr int formatVersion = 1;

constexpr std::array<std::pair<JobStatus, const char *>, 7> jobStatusNames = {{
    {JobStatus::Queued, "QUEUED"},
    {JobStatus::Preparing, "PREPARING"},
    {JobStatus::Running, "RUNNING"},
    {JobStatus::Succeeded, "SUCCEEDED"},
    {JobStatus::Failed, "FAILED"},
    {JobStatus::Cancelling, "CANCELLING"},
    {JobStatus::Cancelled, "CANCELLED"},
}};

constexpr std::array<std::pair<ReplicaStatus, const char *>, 6> replicaStatusNames = {{
    {ReplicaStatus::Pending, "PENDING"},
    {ReplicaStatus::Running, "RUNNING"},
    {ReplicaStatus::Restarting, "RESTARTING"},
    {ReplicaStatus::Succeeded, "SUCCEEDED"},
    {ReplicaStatus::Failed, "FAILED"},
    {ReplicaStatus::Stopped, "STOPPED"},
}};

QJsonValue timeToJson(const QDateTime &time)
{
    if (!time.isValid())
        return QJsonValue(QJsonValue::Null);
    return time.toUTC().toString(Qt::ISODateWithMs);
}

// Reads JSON members with type checks; the first problem is kept in `error` and every later
// read is a no-op, so a parse function reads straight through and checks once at the end.
class Reader
{
public:
    explicit Reader(QString *error)
        : m_error(error)
    {}

    bool failed() const { return !m_error->isEmpty(); }

    void fail(const QString &where, const QString &what)
    {
        if (!failed())
            *m_error =
                QCoreApplication::translate("trainyard::JobState", "%1: %2").arg(where, what);
    }

    QString string(const QJsonObject &o, const QString &key, const QString &where)
    {
        const QJsonValue v = o.value(key);
        if (failed() || v.isUndefined() || v.isNull())
            return {};
        if (!v.isString()) {
            fail(where, QCoreApplication::translate("trainyard::JobState", "expected a string"));
            return {};
        }
        return v.toString();
    }

    qint64 integer(const QJsonObject &o, const QString &key, const QString &where,
                   qint64 minimum = 0, qint64 maximum = std::numeric_limits<int>::max())
    {
        const QJsonValue v = o.value(key);
        if (failed() || v.isUndefined() || v.isNull())
            return 0;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || std::isnan(d) || d != std::floor(d) || d < double(minimum) ||
            d > double(maximum)) {
            fail(where, QCoreApplication::translate("trainyard::JobState",
                                                    "expected a whole number from %1 to %2")
                            .arg(minimum)
                            .arg(maximum));
            return 0;
        }
        return qint64(d);
    }

    QDateTime time(const QJsonObject &o, const QString &key, const QString &where)
    {
        const QString text = string(o, key, where);
        if (text.isEmpty())
            return {};
        QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
        if (!t.isValid()) {
            fail(where,
                 QCoreApplication::translate("trainyard::JobState", "'%1' is not an RFC 3339 time")
                     .arg(text));
            return {};
        }
        return t.toUTC();
    }

private:
    QString *m_error;
};

QString keyPath(const QString &parent, const QString &key)
{
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

ReplicaState replicaFromJson(const QJsonObject &o, const QString &where, Reader &r)
{
    ReplicaState rep;
    const auto at = [&where](const char *key) { return keyPath(where, QLatin1String(key)); };
    rep.name = r.string(o, QStringLiteral("name"), at("name"));
    rep.taskType = r.string(o, QStringLiteral("taskType"), at("taskType"));
    rep.index = int(r.integer(o, QStringLiteral("index"), at("index")));
    rep.pid = r.integer(o, QStringLiteral("pid"), at("pid"), 0, std::numeric_limits<qint32>::max());
    rep.pgid =
        r.integer(o, QStringLiteral("pgid"), at("pgid"), 0, std::numeric_limits<qint32>::max());
    rep.port = int(r.integer(o, QStringLiteral("port"), at("port"), 0, 65535));
    const QString state = r.string(o, QStringLiteral("state"), at("state"));
    if (!state.isEmpty()) {
        if (const auto s = replicaStatusFromName(state))
            rep.state = *s;
        else
            r.fail(at("state"),
                   QCoreApplication::translate("trainyard::JobState", "unknown replica state '%1'")
                       .arg(state));
    }
    const QJsonValue exit = o.value(QStringLiteral("exitCode"));
    if (!exit.isUndefined() && !exit.isNull())
        rep.exitCode =
            int(r.integer(o, QStringLiteral("exitCode"), at("exitCode"),
                          std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    rep.restartCount = int(r.integer(o, QStringLiteral("restartCount"), at("restartCount")));
    rep.lastStart = r.time(o, QStringLiteral("lastStart"), at("lastStart"));
    return rep;
}

} // namespace

QString jobStatusName(JobStatus status)
{
    for (const auto &[s, name] : jobStatusNames) {
        if (s == status)
            return QLatin1String(name);
    }
    return {};
}

std::optional<JobStatus> jobStatusFromName(QStringView name)
{
    for (const auto &[s, text] : jobStatusNames) {
        if (name == QLatin1String(text))
            return s;
    }
    return std::nullopt;
}

bool isTerminal(JobStatus status)
{
    return status == JobStatus::Succeeded || status == JobStatus::Failed ||
           status == JobStatus::Cancelled;
}

QString replicaStatusName(ReplicaStatus status)
{
    for (const auto &[s, name] : replicaStatusNames) {
        if (s == status)
            return QLatin1String(name);
    }
    return {};
}

std::optional<ReplicaStatus> replicaStatusFromName(QStringView name)
{
    for (const auto &[s, text] : replicaStatusNames) {
        if (name == QLatin1String(text))
            return s;
    }
    return std::nullopt;
}

bool ReplicaState::operator==(const ReplicaState &o) const
{
    return name == o.name && taskType == o.taskType && index == o.index && pid == o.pid &&
           pgid == o.pgid && port == o.port && state == o.state && exitCode == o.exitCode &&
           restartCount == o.restartCount && lastStart == o.lastStart;
}

int JobState::replicaIndex(const QString &name) const
{
    for (int i = 0; i < replicas.size(); ++i) {
        if (replicas.at(i).name == name)
            return i;
    }
    return -1;
}

bool JobState::operator==(const JobState &o) const
{
    return state == o.state && createTime == o.createTime && startTime == o.startTime &&
           endTime == o.endTime && errorMessage == o.errorMessage && attempt == o.attempt &&
           ownerPid == o.ownerPid && replicas == o.replicas;
}

QByteArray JobState::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("version"), formatVersion);
    o.insert(QStringLiteral("state"), jobStatusName(state));
    o.insert(QStringLiteral("createTime"), timeToJson(createTime));
    o.insert(QStringLiteral("startTime"), timeToJson(startTime));
    o.insert(QStringLiteral("endTime"), timeToJson(endTime));
    if (!errorMessage.isEmpty())
        o.insert(QStringLiteral("errorMessage"), errorMessage);
    o.insert(QStringLiteral("attempt"), attempt);
    o.insert(QStringLiteral("ownerPid"), ownerPid);
    QJsonArray reps;
    for (const ReplicaState &r : replicas) {
        QJsonObject ro;
        ro.insert(QStringLiteral("name"), r.name);
        ro.insert(QStringLiteral("taskType"), r.taskType);
        ro.insert(QStringLiteral("index"), r.index);
        ro.insert(QStringLiteral("pid"), r.pid);
        ro.insert(QStringLiteral("pgid"), r.pgid);
        ro.insert(QStringLiteral("port"), r.port);
        ro.insert(QStringLiteral("state"), replicaStatusName(r.state));
        ro.insert(QStringLiteral("exitCode"),
                  r.exitCode ? QJsonValue(*r.exitCode) : QJsonValue(QJsonValue::Null));
        ro.insert(QStringLiteral("restartCount"), r.restartCount);
        ro.insert(QStringLiteral("lastStart"), timeToJson(r.lastStart));
        reps.append(ro);
    }
    o.insert(QStringLiteral("replicas"), reps);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

JobStateResult JobState::fromJson(const QByteArray &json)
{
    JobStateResult result;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        result.errorMessage =
            QCoreApplication::translate("trainyard::JobState", "not valid JSON at byte %1: %2")
                .arg(parseError.offset)
                .arg(parseError.errorString());
        return result;
    }
    if (!doc.isObject()) {
        result.errorMessage =
            QCoreApplication::translate("trainyard::JobState", "expected a JSON object");
        return result;
    }
    const QJsonObject o = doc.object();
    Reader r(&result.errorMessage);
    JobState &s = result.state;

    const qint64 version = r.integer(o, QStringLiteral("version"), QStringLiteral("version"));
    if (!r.failed() && version > formatVersion)
        r.fail(QStringLiteral("version"),
               QCoreApplication::translate("trainyard::JobState",
                                           "format %1 is newer than this program understands (%2)")
                   .arg(version)
                   .arg(formatVersion));

    const QString state = r.string(o, QStringLiteral("state"), QStringLiteral("state"));
    if (!r.failed()) {
        if (state.isEmpty())
            r.fail(QStringLiteral("state"),
                   QCoreApplication::translate("trainyard::JobState", "missing"));
        else if (const auto js = jobStatusFromName(state))
            s.state = *js;
        else
            r.fail(QStringLiteral("state"),
                   QCoreApplication::translate("trainyard::JobState", "unknown job state '%1'")
                       .arg(state));
    }
    s.createTime = r.time(o, QStringLiteral("createTime"), QStringLiteral("createTime"));
    s.startTime = r.time(o, QStringLiteral("startTime"), QStringLiteral("startTime"));
    s.endTime = r.time(o, QStringLiteral("endTime"), QStringLiteral("endTime"));
    s.errorMessage = r.string(o, QStringLiteral("errorMessage"), QStringLiteral("errorMessage"));
    s.attempt = int(r.integer(o, QStringLiteral("attempt"), QStringLiteral("attempt")));
    s.ownerPid = r.integer(o, QStringLiteral("ownerPid"), QStringLiteral("ownerPid"), 0,
                           std::numeric_limits<qint32>::max());

    const QJsonValue reps = o.value(QStringLiteral("replicas"));
    if (!r.failed() && !reps.isUndefined() && !reps.isNull()) {
        if (!reps.isArray()) {
            r.fail(QStringLiteral("replicas"),
                   QCoreApplication::translate("trainyard::JobState", "expected a list"));
        } else {
            const QJsonArray array = reps.toArray();
            for (qsizetype i = 0; i < array.size() && !r.failed(); ++i) {
                const QString where = QStringLiteral("replicas[%1]").arg(i);
                if (!array.at(i).isObject()) {
                    r.fail(where, QCoreApplication::translate("trainyard::JobState",
                                                              "expected an object"));
                    break;
                }
                s.replicas.append(replicaFromJson(array.at(i).toObject(), where, r));
            }
        }
    }
    if (r.failed())
        result.state = JobState();
    return result;
}

} // namespace trainyard::store
