// SPDX-License-Identifier: MIT
// state.json: every field survives a round trip; broken files give an error naming the problem.
#include "store/jobstate.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace trainyard::store;

Q_DECLARE_METATYPE(trainyard::store::JobState)

namespace {

QDateTime utc(qint64 msecs)
{
    return QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC);
}

ReplicaState replica(const QString &name, ReplicaStatus status)
{
    ReplicaState r;
    r.name = name;
    r.taskType = name.section(QLatin1Char('-'), 0, 0);
    r.index = name.section(QLatin1Char('-'), 1).toInt();
    r.pid = 31000 + r.index;
    r.pgid = 31000 + r.index;
    r.port = 27182 + r.index;
    r.state = status;
    r.restartCount = 2;
    r.lastStart = utc(1714566896789LL);
    return r;
}

JobState fullState()
{
    JobState s;
    s.state = JobStatus::Failed;
    s.createTime = utc(1714566896001LL);
    s.startTime = utc(1714566897002LL);
    s.endTime = utc(1714567000999LL);
    s.errorMessage = QStringLiteral("replica worker-1 exited with code 3: «Ärger» 🚂\nline two");
    s.attempt = 2;
    s.ownerPid = 123456;
    ReplicaState master = replica(QStringLiteral("master-0"), ReplicaStatus::Succeeded);
    master.exitCode = 0;
    ReplicaState worker = replica(QStringLiteral("worker-1"), ReplicaStatus::Failed);
    worker.exitCode = -9;
    worker.restartCount = 5;
    ReplicaState ps = replica(QStringLiteral("ps-0"), ReplicaStatus::Pending);
    ps.pid = 0;
    ps.pgid = 0;
    ps.lastStart = QDateTime();
    s.replicas = {master, worker, ps};
    return s;
}

} // namespace

class TestJobState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void statusNames_data();
    void statusNames();
    void replicaStatusNames_data();
    void replicaStatusNames();
    void roundTrip_data();
    void roundTrip();
    void jsonSpelling();
    void broken_data();
    void broken();
    void tuningTrials();
};

void TestJobState::statusNames_data()
{
    QTest::addColumn<JobStatus>("status");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("terminal");
    QTest::newRow("queued") << JobStatus::Queued << "QUEUED" << false;
    QTest::newRow("preparing") << JobStatus::Preparing << "PREPARING" << false;
    QTest::newRow("running") << JobStatus::Running << "RUNNING" << false;
    QTest::newRow("succeeded") << JobStatus::Succeeded << "SUCCEEDED" << true;
    QTest::newRow("failed") << JobStatus::Failed << "FAILED" << true;
    QTest::newRow("cancelling") << JobStatus::Cancelling << "CANCELLING" << false;
    QTest::newRow("cancelled") << JobStatus::Cancelled << "CANCELLED" << true;
}

void TestJobState::statusNames()
{
    QFETCH(JobStatus, status);
    QFETCH(QString, name);
    QFETCH(bool, terminal);
    QCOMPARE(jobStatusName(status), name);
    QCOMPARE(jobStatusFromName(name), std::optional<JobStatus>(status));
    QCOMPARE(isTerminal(status), terminal);
    QVERIFY(!jobStatusFromName(name.toLower()));
}

void TestJobState::replicaStatusNames_data()
{
    QTest::addColumn<ReplicaStatus>("status");
    QTest::addColumn<QString>("name");
    QTest::newRow("pending") << ReplicaStatus::Pending << "PENDING";
    QTest::newRow("running") << ReplicaStatus::Running << "RUNNING";
    QTest::newRow("restarting") << ReplicaStatus::Restarting << "RESTARTING";
    QTest::newRow("succeeded") << ReplicaStatus::Succeeded << "SUCCEEDED";
    QTest::newRow("failed") << ReplicaStatus::Failed << "FAILED";
    QTest::newRow("stopped") << ReplicaStatus::Stopped << "STOPPED";
}

void TestJobState::replicaStatusNames()
{
    QFETCH(ReplicaStatus, status);
    QFETCH(QString, name);
    QCOMPARE(replicaStatusName(status), name);
    QCOMPARE(replicaStatusFromName(name), std::optional<ReplicaStatus>(status));
}

void TestJobState::roundTrip_data()
{
    QTest::addColumn<JobState>("state");
    QTest::newRow("default") << JobState();
    QTest::newRow("every field") << fullState();
    for (JobStatus status : {JobStatus::Queued, JobStatus::Preparing, JobStatus::Running,
                             JobStatus::Succeeded, JobStatus::Cancelling, JobStatus::Cancelled}) {
        JobState s = fullState();
        s.state = status;
        QTest::addRow("job %s", qPrintable(jobStatusName(status))) << s;
    }
    for (ReplicaStatus status :
         {ReplicaStatus::Running, ReplicaStatus::Restarting, ReplicaStatus::Stopped}) {
        JobState s = fullState();
        s.replicas[1].state = status;
        s.replicas[1].exitCode.reset();
        QTest::addRow("replica %s", qPrintable(replicaStatusName(status))) << s;
    }
    JobState extremes = fullState();
    extremes.replicas[0].exitCode = std::numeric_limits<int>::min();
    extremes.replicas[1].exitCode = 255;
    extremes.replicas[1].port = 65535;
    extremes.ownerPid = std::numeric_limits<qint32>::max();
    QTest::newRow("extremes") << extremes;
    JobState lost = fullState(); // issue 32: what the job lost while it ran
    JobWarning cut;
    cut.kind = JobWarning::Kind::LogStopped;
    cut.time = utc(1714566990123LL);
    cut.subject = QStringLiteral("worker-1.trial-2");
    cut.reason = QStringLiteral("no space left on device");
    JobWarning low;
    low.kind = JobWarning::Kind::LowSpace;
    low.time = utc(1714566980000LL);
    low.subject = QStringLiteral("/home/ada/.local/share/Trainyard/trainyard/jobs");
    low.freeBytes = 150'000'000;
    low.floorBytes = 1'000'000'000;
    lost.warnings = {low, cut};
    QTest::newRow("warnings") << lost;
    JobState tuning = fullState();
    tuning.tuning = TuningState();
    tuning.tuning->hyperparameterMetricTag = QStringLiteral("accuracy");
    tuning.tuning->goal = QStringLiteral("MINIMIZE");
    tuning.tuning->maxTrials = 20;
    tuning.tuning->localTrials = 3;
    TrialState done;
    done.trialId = QStringLiteral("1");
    done.hyperparameters = {{QStringLiteral("lr"), QStringLiteral("0.001")},
                            {QStringLiteral("optimizer"), QStringLiteral("adam")}};
    done.state = JobStatus::Succeeded;
    done.startTime = QDateTime(QDate(2024, 1, 1), QTime(12, 0, 1, 5), Qt::UTC);
    done.endTime = QDateTime(QDate(2024, 1, 1), QTime(12, 5), Qt::UTC);
    done.finalMetric = TrialMetric{1000, 0.25};
    TrialState failed = done;
    failed.trialId = QStringLiteral("2");
    failed.state = JobStatus::Failed;
    failed.finalMetric.reset();
    failed.errorMessage = QStringLiteral("The replica chief-0 exited with code 3.\nlast line");
    TrialState running;
    running.trialId = QStringLiteral("3");
    running.state = JobStatus::Running;
    tuning.tuning->trials = {done, failed, running};
    QTest::newRow("tuning") << tuning;
}

void TestJobState::roundTrip()
{
    QFETCH(JobState, state);
    const QByteArray json = state.toJson();
    const JobStateResult read = JobState::fromJson(json);
    QVERIFY2(read, qPrintable(read.errorMessage));
    QCOMPARE(read.state.state, state.state);
    QCOMPARE(read.state.createTime, state.createTime);
    QCOMPARE(read.state.startTime, state.startTime);
    QCOMPARE(read.state.endTime, state.endTime);
    QCOMPARE(read.state.errorMessage, state.errorMessage);
    QCOMPARE(read.state.attempt, state.attempt);
    QCOMPARE(read.state.ownerPid, state.ownerPid);
    QCOMPARE(read.state.replicas.size(), state.replicas.size());
    for (qsizetype i = 0; i < state.replicas.size(); ++i) {
        const ReplicaState &a = read.state.replicas.at(i);
        const ReplicaState &b = state.replicas.at(i);
        QCOMPARE(a.name, b.name);
        QCOMPARE(a.taskType, b.taskType);
        QCOMPARE(a.index, b.index);
        QCOMPARE(a.pid, b.pid);
        QCOMPARE(a.pgid, b.pgid);
        QCOMPARE(a.port, b.port);
        QCOMPARE(a.state, b.state);
        QCOMPARE(a.exitCode, b.exitCode);
        QCOMPARE(a.restartCount, b.restartCount);
        QCOMPARE(a.lastStart, b.lastStart);
    }
    QVERIFY(read.state == state);
    QCOMPARE(read.state.toJson(), json); // stable: writing what was read changes nothing
}

void TestJobState::jsonSpelling()
{
    // Other tools (and people) read state.json: the spellings are part of the format.
    const QJsonObject o = QJsonDocument::fromJson(fullState().toJson()).object();
    QCOMPARE(o.value(QStringLiteral("state")).toString(), QStringLiteral("FAILED"));
    QCOMPARE(o.value(QStringLiteral("createTime")).toString(),
             QStringLiteral("2024-05-01T12:34:56.001Z"));
    QCOMPARE(o.value(QStringLiteral("attempt")).toInt(), 2);
    const QJsonObject worker = o.value(QStringLiteral("replicas")).toArray().at(1).toObject();
    QCOMPARE(worker.value(QStringLiteral("state")).toString(), QStringLiteral("FAILED"));
    QCOMPARE(worker.value(QStringLiteral("exitCode")).toInt(), -9);
    QCOMPARE(worker.value(QStringLiteral("taskType")).toString(), QStringLiteral("worker"));
    QCOMPARE(worker.value(QStringLiteral("lastStart")).toString(),
             QStringLiteral("2024-05-01T12:34:56.789Z"));
    // An unset time is null, an unset exit code too.
    const QJsonObject ps = o.value(QStringLiteral("replicas")).toArray().at(2).toObject();
    QVERIFY(ps.value(QStringLiteral("lastStart")).isNull());
    QVERIFY(ps.value(QStringLiteral("exitCode")).isNull());
    // A time written by another tool with an offset is read as the same instant.
    const JobStateResult offset =
        JobState::fromJson(R"({"state":"RUNNING","createTime":"2024-05-01T14:34:56.001+02:00"})");
    QVERIFY2(offset, qPrintable(offset.errorMessage));
    QCOMPARE(offset.state.createTime, utc(1714566896001LL));
    // A warning of a kind this version does not know is passed over, not an error.
    const JobStateResult later = JobState::fromJson(
        R"({"state":"SUCCEEDED","warnings":[{"kind":"gpuOnFire","subject":"gpu0"},)"
        R"({"kind":"logStopped","subject":"chief-0","reason":"no space left on device",)"
        R"("time":"2024-05-01T12:34:56.001Z"}]})");
    QVERIFY2(later, qPrintable(later.errorMessage));
    QCOMPARE(later.state.warnings.size(), 1);
    QCOMPARE(later.state.warnings.first().subject, QStringLiteral("chief-0"));
    QCOMPARE(later.state.warningsText(),
             QStringLiteral("chief-0's log stopped at %1: no space left on device")
                 .arg(utc(1714566896001LL).toLocalTime().toString(QStringLiteral("HH:mm:ss"))));
}

void TestJobState::broken_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected"); // part of the message
    const QByteArray valid = fullState().toJson();
    QTest::newRow("empty file") << QByteArray() << "not valid JSON";
    QTest::newRow("torn in the middle") << valid.left(valid.size() / 2) << "not valid JSON";
    QTest::newRow("binary") << QByteArray("\x00\xff\xfe{garbage", 12) << "not valid JSON";
    QTest::newRow("a list") << QByteArray("[1,2]") << "expected a JSON object";
    QTest::newRow("no state") << QByteArray(R"({"attempt":1})") << "state: missing";
    QTest::newRow("unknown state") << QByteArray(R"({"state":"EXPLODED"})") << "EXPLODED";
    QTest::newRow("lower-case state") << QByteArray(R"({"state":"running"})") << "running";
    QTest::newRow("state a number") << QByteArray(R"({"state":3})") << "state: expected a string";
    QTest::newRow("bad time") << QByteArray(R"({"state":"RUNNING","startTime":"yesterday"})")
                              << "startTime: 'yesterday' is not an RFC 3339 time";
    QTest::newRow("fractional attempt")
        << QByteArray(R"({"state":"RUNNING","attempt":1.5})") << "attempt: expected a whole number";
    QTest::newRow("negative pid") << QByteArray(R"({"state":"RUNNING","ownerPid":-4})")
                                  << "ownerPid";
    QTest::newRow("replicas not a list")
        << QByteArray(R"({"state":"RUNNING","replicas":5})") << "replicas: expected a list";
    QTest::newRow("replica not an object")
        << QByteArray(R"({"state":"RUNNING","replicas":[7]})") << "replicas[0]";
    QTest::newRow("replica pid a string")
        << QByteArray(R"({"state":"RUNNING","replicas":[{"name":"m","pid":"12"}]})")
        << "replicas[0].pid";
    QTest::newRow("replica port too big")
        << QByteArray(R"({"state":"RUNNING","replicas":[{},{"port":70000}]})")
        << "replicas[1].port";
    QTest::newRow("warning time")
        << QByteArray(R"({"state":"RUNNING","warnings":[{"kind":"lowSpace","time":"now"}]})")
        << "warnings[0].time";
    QTest::newRow("warning free bytes negative")
        << QByteArray(R"({"state":"RUNNING","warnings":[{"kind":"lowSpace","freeBytes":-1}]})")
        << "warnings[0].freeBytes";
    QTest::newRow("unknown replica state")
        << QByteArray(R"({"state":"RUNNING","replicas":[{"state":"ZOMBIE"}]})") << "ZOMBIE";
    QTest::newRow("newer format") << QByteArray(R"({"version":2,"state":"RUNNING"})") << "newer";
}

void TestJobState::broken()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const JobStateResult read = JobState::fromJson(json);
    QVERIFY(!read);
    QVERIFY2(read.errorMessage.contains(expected), qPrintable(read.errorMessage));
    QVERIFY(read.state == JobState()); // nothing half-read leaks out
}

void TestJobState::tuningTrials()
{
    // A state.json written before trials existed reads without them.
    const JobStateResult old = JobState::fromJson(
        R"({"version":1,"state":"SUCCEEDED","replicas":[{"name":"chief-0","state":"SUCCEEDED"}]})");
    QVERIFY2(old, qPrintable(old.errorMessage));
    QVERIFY(!old.state.tuning);
    QCOMPARE(old.state.logName(QStringLiteral("chief-0")), QStringLiteral("chief-0"));
    QVERIFY(!old.state.toJson().contains("tuning"));

    TuningState t;
    const auto trial = [](const char *id, JobStatus state, std::optional<double> objective) {
        TrialState s;
        s.trialId = QLatin1String(id);
        s.state = state;
        if (objective)
            s.finalMetric = TrialMetric{10, *objective};
        return s;
    };
    t.trials = {trial("1", JobStatus::Succeeded, 0.5), trial("2", JobStatus::Failed, {}),
                trial("3", JobStatus::Succeeded, 0.9), trial("4", JobStatus::Succeeded, 0.1)};
    QCOMPARE(t.completedTrialCount(), 3);
    const auto ids = [](const QList<TrialState> &trials) {
        QStringList out;
        for (const TrialState &s : trials)
            out << s.trialId;
        return out;
    };
    QCOMPARE(ids(t.trialsBestFirst()), (QStringList{QStringLiteral("3"), QStringLiteral("1"),
                                                    QStringLiteral("4"), QStringLiteral("2")}));
    t.goal = QStringLiteral("MINIMIZE");
    QCOMPARE(ids(t.trialsBestFirst()), (QStringList{QStringLiteral("4"), QStringLiteral("1"),
                                                    QStringLiteral("3"), QStringLiteral("2")}));

    JobState s;
    s.tuning = t;
    QCOMPARE(s.logName(QStringLiteral("worker-1")), QStringLiteral("worker-1.trial-4"));
    QCOMPARE(trialLogName(QStringLiteral("chief-0"), QStringLiteral("12")),
             QStringLiteral("chief-0.trial-12"));

    const JobStateResult broken = JobState::fromJson(
        R"({"state":"RUNNING","tuning":{"trials":[{"trialId":"1","state":"DONE"}]}})");
    QVERIFY(!broken);
    QVERIFY2(broken.errorMessage.contains(QLatin1String("tuning.trials[0].state")),
             qPrintable(broken.errorMessage));
}

QTEST_GUILESS_MAIN(TestJobState)
#include "tst_jobstate.moc"
