// SPDX-License-Identifier: MIT
// state.json (de)serialisation of JobState: JobState::toJson() and JobState::fromJson().
#include "store/jobstate.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <cmath>
#include <limits>

namespace trainyard::store {

namespace {

constexpr int formatVersion = 1;
// Start times are clock ticks since boot; JSON numbers hold them exactly up to 2^53.
constexpr qint64 maxStartTime = qint64(1) << 53;

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
    rep.leaderStartTime = quint64(
        r.integer(o, QStringLiteral("leaderStartTime"), at("leaderStartTime"), 0, maxStartTime));
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
    rep.trialId = r.string(o, QStringLiteral("trialId"), at("trialId"));
    if (const QJsonValue gpus = o.value(QStringLiteral("cudaVisibleDevices")); !gpus.isUndefined())
        rep.cudaVisibleDevices =
            r.string(o, QStringLiteral("cudaVisibleDevices"), at("cudaVisibleDevices"));
    const QJsonArray restarts = o.value(QStringLiteral("restarts")).toArray();
    for (qsizetype i = 0; i < restarts.size() && !r.failed(); ++i) {
        const QString w = at("restarts") + QStringLiteral("[%1]").arg(i);
        const QJsonObject ro = restarts.at(i).toObject();
        const auto rat = [&w](const char *key) { return keyPath(w, QLatin1String(key)); };
        RestartRecord rec;
        rec.time = r.time(ro, QStringLiteral("time"), rat("time"));
        rec.reason = r.string(ro, QStringLiteral("reason"), rat("reason"));
        const auto optional = [&](const char *key, qint64 minimum, qint64 maximum) {
            std::optional<qint64> v;
            const QJsonValue j = ro.value(QLatin1String(key));
            if (!j.isUndefined() && !j.isNull())
                v = r.integer(ro, QLatin1String(key), rat(key), minimum, maximum);
            return v;
        };
        if (const auto code = optional("exitCode", std::numeric_limits<int>::min(),
                                       std::numeric_limits<int>::max()))
            rec.exitCode = int(*code);
        rec.counted = ro.value(QStringLiteral("counted")).toBool();
        constexpr qint64 maxStep = qint64(1) << 53;
        rec.stepBeforeRestart = optional("stepBeforeRestart", -maxStep, maxStep);
        rec.resumedAtStep = optional("resumedAtStep", -maxStep, maxStep);
        rec.startedOver = ro.value(QStringLiteral("startedOver")).toBool();
        rep.restarts.append(rec);
    }
    return rep;
}

TrialState trialFromJson(const QJsonObject &o, const QString &where, Reader &r)
{
    TrialState trial;
    const auto at = [&where](const char *key) { return keyPath(where, QLatin1String(key)); };
    trial.trialId = r.string(o, QStringLiteral("trialId"), at("trialId"));
    const QJsonValue params = o.value(QStringLiteral("hyperparameters"));
    if (params.isObject()) {
        const QJsonObject p = params.toObject();
        for (auto it = p.begin(); it != p.end(); ++it)
            trial.hyperparameters.insert(it.key(), r.string(p, it.key(), at("hyperparameters")));
    } else if (!params.isUndefined() && !params.isNull()) {
        r.fail(at("hyperparameters"),
               QCoreApplication::translate("trainyard::JobState", "expected an object"));
    }
    const QString state = r.string(o, QStringLiteral("state"), at("state"));
    if (!state.isEmpty()) {
        if (const auto s = jobStatusFromName(state))
            trial.state = *s;
        else
            r.fail(at("state"),
                   QCoreApplication::translate("trainyard::JobState", "unknown job state '%1'")
                       .arg(state));
    }
    trial.startTime = r.time(o, QStringLiteral("startTime"), at("startTime"));
    trial.endTime = r.time(o, QStringLiteral("endTime"), at("endTime"));
    trial.errorMessage = r.string(o, QStringLiteral("errorMessage"), at("errorMessage"));
    trial.isTrialStoppedEarly = o.value(QStringLiteral("isTrialStoppedEarly")).toBool();
    const QJsonValue metric = o.value(QStringLiteral("finalMetric"));
    if (metric.isObject()) {
        const QJsonObject m = metric.toObject();
        TrialMetric value;
        value.trainingStep = r.integer(m, QStringLiteral("trainingStep"), at("finalMetric"), 0,
                                       std::numeric_limits<qint32>::max());
        const QJsonValue objective = m.value(QStringLiteral("objectiveValue"));
        if (!objective.isDouble())
            r.fail(at("finalMetric"),
                   QCoreApplication::translate("trainyard::JobState", "expected a number"));
        value.objectiveValue = objective.toDouble();
        trial.finalMetric = value;
    }
    return trial;
}

std::optional<TuningState> tuningFromJson(const QJsonValue &value, Reader &r)
{
    if (value.isUndefined() || value.isNull() || r.failed())
        return std::nullopt;
    const QString where = QStringLiteral("tuning");
    if (!value.isObject()) {
        r.fail(where, QCoreApplication::translate("trainyard::JobState", "expected an object"));
        return std::nullopt;
    }
    const QJsonObject o = value.toObject();
    TuningState tuning;
    tuning.hyperparameterMetricTag = r.string(o, QStringLiteral("hyperparameterMetricTag"),
                                              where + QStringLiteral(".hyperparameterMetricTag"));
    tuning.goal = r.string(o, QStringLiteral("goal"), where + QStringLiteral(".goal"));
    tuning.maxTrials =
        r.integer(o, QStringLiteral("maxTrials"), where + QStringLiteral(".maxTrials"));
    tuning.localTrials =
        int(r.integer(o, QStringLiteral("localTrials"), where + QStringLiteral(".localTrials")));
    tuning.resumedJobId =
        r.string(o, QStringLiteral("resumedJobId"), where + QStringLiteral(".resumedJobId"));
    tuning.resumedTrials = int(
        r.integer(o, QStringLiteral("resumedTrials"), where + QStringLiteral(".resumedTrials")));
    const QJsonArray trials = o.value(QStringLiteral("trials")).toArray();
    for (qsizetype i = 0; i < trials.size() && !r.failed(); ++i)
        tuning.trials.append(trialFromJson(trials.at(i).toObject(),
                                           where + QStringLiteral(".trials[%1]").arg(i), r));
    return tuning;
}

QJsonObject tuningToJson(const TuningState &tuning)
{
    QJsonObject o;
    o.insert(QStringLiteral("hyperparameterMetricTag"), tuning.hyperparameterMetricTag);
    o.insert(QStringLiteral("goal"), tuning.goal);
    o.insert(QStringLiteral("maxTrials"), tuning.maxTrials);
    o.insert(QStringLiteral("localTrials"), tuning.localTrials);
    if (!tuning.resumedJobId.isEmpty()) {
        o.insert(QStringLiteral("resumedJobId"), tuning.resumedJobId);
        o.insert(QStringLiteral("resumedTrials"), tuning.resumedTrials);
    }
    QJsonArray trials;
    for (const TrialState &t : tuning.trials) {
        QJsonObject to;
        to.insert(QStringLiteral("trialId"), t.trialId);
        QJsonObject params;
        for (auto it = t.hyperparameters.cbegin(); it != t.hyperparameters.cend(); ++it)
            params.insert(it.key(), it.value());
        to.insert(QStringLiteral("hyperparameters"), params);
        to.insert(QStringLiteral("state"), jobStatusName(t.state));
        to.insert(QStringLiteral("startTime"), timeToJson(t.startTime));
        to.insert(QStringLiteral("endTime"), timeToJson(t.endTime));
        if (t.finalMetric) {
            QJsonObject m;
            m.insert(QStringLiteral("trainingStep"), t.finalMetric->trainingStep);
            m.insert(QStringLiteral("objectiveValue"), t.finalMetric->objectiveValue);
            to.insert(QStringLiteral("finalMetric"), m);
        }
        if (!t.errorMessage.isEmpty())
            to.insert(QStringLiteral("errorMessage"), t.errorMessage);
        if (t.isTrialStoppedEarly)
            to.insert(QStringLiteral("isTrialStoppedEarly"), true);
        trials.append(to);
    }
    o.insert(QStringLiteral("trials"), trials);
    return o;
}

} // namespace

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
        if (r.leaderStartTime > 0)
            ro.insert(QStringLiteral("leaderStartTime"), qint64(r.leaderStartTime));
        ro.insert(QStringLiteral("port"), r.port);
        ro.insert(QStringLiteral("state"), replicaStatusName(r.state));
        ro.insert(QStringLiteral("exitCode"),
                  r.exitCode ? QJsonValue(*r.exitCode) : QJsonValue(QJsonValue::Null));
        ro.insert(QStringLiteral("restartCount"), r.restartCount);
        ro.insert(QStringLiteral("lastStart"), timeToJson(r.lastStart));
        if (!r.trialId.isEmpty())
            ro.insert(QStringLiteral("trialId"), r.trialId);
        if (r.cudaVisibleDevices)
            ro.insert(QStringLiteral("cudaVisibleDevices"), *r.cudaVisibleDevices);
        if (!r.restarts.isEmpty()) {
            QJsonArray restarts;
            for (const RestartRecord &rec : r.restarts) {
                QJsonObject jo;
                jo.insert(QStringLiteral("time"), timeToJson(rec.time));
                jo.insert(QStringLiteral("reason"), rec.reason);
                if (rec.exitCode)
                    jo.insert(QStringLiteral("exitCode"), *rec.exitCode);
                jo.insert(QStringLiteral("counted"), rec.counted);
                if (rec.stepBeforeRestart)
                    jo.insert(QStringLiteral("stepBeforeRestart"), *rec.stepBeforeRestart);
                if (rec.resumedAtStep)
                    jo.insert(QStringLiteral("resumedAtStep"), *rec.resumedAtStep);
                if (rec.startedOver)
                    jo.insert(QStringLiteral("startedOver"), true);
                restarts.append(jo);
            }
            ro.insert(QStringLiteral("restarts"), restarts);
        }
        reps.append(ro);
    }
    o.insert(QStringLiteral("replicas"), reps);
    if (!bootId.isEmpty())
        o.insert(QStringLiteral("bootId"), bootId);
    if (!processes.isEmpty()) {
        QJsonArray list;
        for (const RecordedProcess &p : processes)
            list.append(QJsonObject{{QStringLiteral("pid"), p.pid},
                                    {QStringLiteral("startTime"), qint64(p.startTime)}});
        o.insert(QStringLiteral("processes"), list);
    }
    if (tuning)
        o.insert(QStringLiteral("tuning"), tuningToJson(*tuning));
    if (!warnings.isEmpty()) {
        QJsonArray list;
        for (const JobWarning &w : warnings) {
            QJsonObject wo{{QStringLiteral("kind"), jobWarningKindName(w.kind)},
                           {QStringLiteral("time"), timeToJson(w.time)},
                           {QStringLiteral("subject"), w.subject}};
            if (w.kind == JobWarning::Kind::LowSpace) {
                wo.insert(QStringLiteral("freeBytes"), w.freeBytes);
                wo.insert(QStringLiteral("floorBytes"), w.floorBytes);
            } else {
                wo.insert(QStringLiteral("reason"), w.reason);
            }
            list.append(wo);
        }
        o.insert(QStringLiteral("warnings"), list);
    }
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
    s.bootId = r.string(o, QStringLiteral("bootId"), QStringLiteral("bootId"));
    const QJsonArray processes = o.value(QStringLiteral("processes")).toArray();
    for (qsizetype i = 0; i < processes.size() && !r.failed(); ++i) {
        const QString where = QStringLiteral("processes[%1]").arg(i);
        const QJsonObject po = processes.at(i).toObject();
        JobState::RecordedProcess p;
        p.pid = r.integer(po, QStringLiteral("pid"), where + QStringLiteral(".pid"), 0,
                          std::numeric_limits<qint32>::max());
        p.startTime = quint64(r.integer(po, QStringLiteral("startTime"),
                                        where + QStringLiteral(".startTime"), 0, maxStartTime));
        s.processes.append(p);
    }
    s.tuning = tuningFromJson(o.value(QStringLiteral("tuning")), r);
    const QJsonArray warnings = o.value(QStringLiteral("warnings")).toArray();
    for (qsizetype i = 0; i < warnings.size() && !r.failed(); ++i) {
        const QString where = QStringLiteral("warnings[%1]").arg(i);
        const QJsonObject wo = warnings.at(i).toObject();
        const QString kind = wo.value(QStringLiteral("kind")).toString();
        JobWarning w;
        if (kind == jobWarningKindName(JobWarning::Kind::LowSpace))
            w.kind = JobWarning::Kind::LowSpace;
        else if (kind != jobWarningKindName(JobWarning::Kind::LogStopped))
            continue; // a kind of a later version: not ours to show
        w.time = r.time(wo, QStringLiteral("time"), where + QStringLiteral(".time"));
        w.subject = r.string(wo, QStringLiteral("subject"), where + QStringLiteral(".subject"));
        w.reason = r.string(wo, QStringLiteral("reason"), where + QStringLiteral(".reason"));
        constexpr qint64 maxBytes = qint64(1) << 53;
        w.freeBytes = r.integer(wo, QStringLiteral("freeBytes"),
                                where + QStringLiteral(".freeBytes"), 0, maxBytes);
        w.floorBytes = r.integer(wo, QStringLiteral("floorBytes"),
                                 where + QStringLiteral(".floorBytes"), 0, maxBytes);
        s.warnings.append(w);
    }
    if (r.failed())
        result.state = JobState();
    return result;
}

} // namespace trainyard::store
