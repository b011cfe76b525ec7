// SPDX-License-Identifier: MIT
// The local executor end to end, with real processes: the job commands start an owner process
// (`supervise`) that runs fixture trainers (tests/fixtures/trainers/fixtrainer) as replicas.
// The job commands themselves (local train, list, describe, Ctrl-C) are in tst_jobcli.cpp.
// The store's own crash safety (SIGKILL during state writes) is tested by the store's suites
// (tests/unit/store, tests/integration/store); it is not repeated here.
#include "cli/jobcommands.h"
#include "store/jobstore.h"
#include "store/recovery.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <signal.h>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;

namespace {

bool isTerminal(const store::JobState &s)
{
    return s.isTerminal();
}

} // namespace

class TestExecutor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tfConfigForEveryReplica_data();
    void tfConfigForEveryReplica();
    void clusterPortsStartAtTheStartPort();
    void exampleTrainerFinishesAndLossFalls();
    void restartsAreCountedAndStop_data();
    void restartsAreCountedAndStop();
    void wholeJobReruns();
    void primaryExitStopsTheOthers();
    void cancelKillsGrandchildIgnoringSigterm();
    void sigtermToOwnerCancels();
    void maxRunningTimeCancels();
    void localReplicaCap();
    void ownerSigkillLeavesNoProcess();
    void takenPortsAreSkipped();
    void portTakenMeanwhileFailsClearly();
    void trainerThatCannotStartFailsAtOnce_data();
    void trainerThatCannotStartFailsAtOnce();
    void floodingTrainerKeepsOwnerMemoryBounded();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    QString spec(const QString &name, const QByteArray &yaml)
    {
        return writeFile(path(name + QStringLiteral(".yaml")), yaml);
    }
    store::JobStore jobStore() const { return store::JobStore(m_home); }
    // Submits with --async and waits for the job to end.
    store::JobState submitAndWait(const QString &jobId, const QString &config,
                                  const QStringList &more = {},
                                  const QProcessEnvironment &env = QProcessEnvironment());

    QTemporaryDir m_tmp;
    QString m_home;
    QString m_clusterOut;
    CliRun m_clusterRun;
};

void TestExecutor::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    QVERIFY(m_tmp.isValid());
    m_home = path(QStringLiteral("store"));
    QVERIFY(QDir().mkpath(m_home));

    // One 1+2+2+1 job (chief, 2 workers, 2 parameter servers, 1 evaluator) whose replicas
    // dump what they received; tfConfigForEveryReplica checks each dump.
    m_clusterOut = path(QStringLiteral("cluster-out"));
    const QString config = spec(QStringLiteral("cluster"),
                                customSpec(QStringLiteral("envdump"), 2, 2, 1, m_clusterOut,
                                           {QStringLiteral("--expect"), QStringLiteral("6")}));
    m_clusterRun = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                                   QStringLiteral("training"), QStringLiteral("tfconfig_job"),
                                   QStringLiteral("--config"), config,
                                   QStringLiteral("--start-port"), QStringLiteral("29200"),
                                   QStringLiteral("--grace-period"), QStringLiteral("2")});
    QVERIFY2(m_clusterRun.finished, m_clusterRun.err.constData());
    QVERIFY2(m_clusterRun.exitCode == 0, m_clusterRun.err.constData());
}

store::JobState TestExecutor::submitAndWait(const QString &jobId, const QString &config,
                                            const QStringList &more, const QProcessEnvironment &env)
{
    const CliRun run = runCli(
        m_home,
        QStringList{QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                    jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                    QStringLiteral("--grace-period"), QStringLiteral("2")} +
            more,
        20000, env);
    if (run.exitCode != 0)
        qWarning("submit failed: %s", run.err.constData());
    return waitForState(jobStore(), jobId, isTerminal);
}

void TestExecutor::tfConfigForEveryReplica_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("taskType");
    QTest::addColumn<int>("index");
    QTest::addColumn<int>("rank"); // -1: none
    QTest::newRow("chief") << "chief-0"
                           << "chief" << 0 << 0;
    QTest::newRow("worker 0") << "worker-0"
                              << "worker" << 0 << 1;
    QTest::newRow("worker 1") << "worker-1"
                              << "worker" << 1 << 2;
    QTest::newRow("ps 0") << "ps-0"
                          << "ps" << 0 << -1;
    QTest::newRow("ps 1") << "ps-1"
                          << "ps" << 1 << -1;
    QTest::newRow("evaluator") << "evaluator-0"
                               << "evaluator" << 0 << -1;
}

void TestExecutor::tfConfigForEveryReplica()
{
    QFETCH(QString, name);
    QFETCH(QString, taskType);
    QFETCH(int, index);
    QFETCH(int, rank);
    const QString jobId = QStringLiteral("tfconfig_job");

    // Every replica's log is streamed with its name as prefix.
    QVERIFY(m_clusterRun.out.contains((name + QStringLiteral(": hello from ") + name).toUtf8()));

    const QJsonObject dump = readJson(m_clusterOut + QStringLiteral("/env-%1.json").arg(name));
    QVERIFY2(!dump.isEmpty(), qPrintable(name));
    const QJsonObject env = dump.value(QStringLiteral("env")).toObject();
    const QJsonObject tf = parseObject(env.value(QStringLiteral("TF_CONFIG")).toString());

    const QJsonObject cluster = tf.value(QStringLiteral("cluster")).toObject();
    QCOMPARE(cluster.keys(), (QStringList{QStringLiteral("chief"), QStringLiteral("ps"),
                                          QStringLiteral("worker")}));
    QCOMPARE(cluster.value(QStringLiteral("chief")).toArray().size(), 1);
    QCOMPARE(cluster.value(QStringLiteral("worker")).toArray().size(), 2);
    QCOMPARE(cluster.value(QStringLiteral("ps")).toArray().size(), 2);
    const QJsonObject task = tf.value(QStringLiteral("task")).toObject();
    QCOMPARE(task.value(QStringLiteral("type")).toString(), taskType);
    QCOMPARE(task.value(QStringLiteral("index")).toInt(-1), index);
    QVERIFY(!task.contains(QStringLiteral("trial")));
    QCOMPARE(tf.value(QStringLiteral("environment")).toString(), QStringLiteral("cloud"));
    const QJsonObject job = tf.value(QStringLiteral("job")).toObject();
    QCOMPARE(job.value(QStringLiteral("python_module")).toString(),
             QStringLiteral("fixtrainer.envdump"));
    QCOMPARE(job.value(QStringLiteral("worker_count")).toString(), QStringLiteral("2"));
    QCOMPARE(job.value(QStringLiteral("scale_tier")).toString(), QStringLiteral("CUSTOM"));
    QCOMPARE(parseObject(env.value(QStringLiteral("CLUSTER_SPEC")).toString()), tf);

    // The replica's own address is its entry in the cluster, and its recorded port.
    const store::StateReadResult state = jobStore().readState(jobId);
    QVERIFY(state);
    const int at = state.state.replicaIndex(name);
    QVERIFY(at >= 0);
    const store::ReplicaState &replica = state.state.replicas.at(at);
    if (taskType != QLatin1String("evaluator")) {
        QCOMPARE(cluster.value(taskType).toArray().at(index).toString(),
                 QStringLiteral("localhost:%1").arg(replica.port));
    } else {
        QCOMPARE(replica.port, 0);
    }

    QCOMPARE(env.value(QStringLiteral("CLOUD_ML_JOB_ID")).toString(), jobId);
    QCOMPARE(env.value(QStringLiteral("AIP_MODEL_DIR")).toString(),
             m_clusterOut + QStringLiteral("/model/"));
    QCOMPARE(env.value(QStringLiteral("AIP_CHECKPOINT_DIR")).toString(),
             m_clusterOut + QStringLiteral("/checkpoints/"));
    QCOMPARE(env.value(QStringLiteral("AIP_TENSORBOARD_LOG_DIR")).toString(),
             m_clusterOut + QStringLiteral("/logs/"));
    QCOMPARE(env.value(QStringLiteral("CLOUD_ML_HP_METRIC_FILE")).toString(),
             jobStore().hypertuneDir(jobId) + QLatin1Char('/') + name + QStringLiteral(".metrics"));
    QVERIFY(!env.contains(QStringLiteral("CLOUD_ML_TRIAL_ID")));
    const QString chiefAddress = cluster.value(QStringLiteral("chief")).toArray().at(0).toString();
    QCOMPARE(env.value(QStringLiteral("MASTER_ADDR")).toString(), QStringLiteral("localhost"));
    QCOMPARE(QStringLiteral("localhost:") + env.value(QStringLiteral("MASTER_PORT")).toString(),
             chiefAddress);
    QCOMPARE(env.value(QStringLiteral("WORLD_SIZE")).toString(), QStringLiteral("3"));
    if (rank >= 0)
        QCOMPARE(env.value(QStringLiteral("RANK")).toString(), QString::number(rank));
    else
        QVERIFY(!env.contains(QStringLiteral("RANK")));
    QCOMPARE(env.value(QStringLiteral("FIXTURE_VAR")).toString(), QStringLiteral("from-the-spec"));

    // argv: the spec's args, then --job-dir; cwd = the package's parent, also on PYTHONPATH.
    QStringList argv;
    for (const QJsonValue &v : dump.value(QStringLiteral("argv")).toArray())
        argv << v.toString();
    QCOMPARE(argv, (QStringList{QStringLiteral("--expect"), QStringLiteral("6"),
                                QStringLiteral("--job-dir"), m_clusterOut}));
    const QString parent = QFileInfo(fixturePackage()).absolutePath();
    QCOMPARE(QFileInfo(dump.value(QStringLiteral("cwd")).toString()).canonicalFilePath(),
             QFileInfo(parent).canonicalFilePath());
    QVERIFY(env.value(QStringLiteral("PYTHONPATH")).toString().startsWith(QDir::cleanPath(parent)));

    // Each replica leads its own process group, recorded in the state.
    QCOMPARE(dump.value(QStringLiteral("pgid")).toInteger(),
             dump.value(QStringLiteral("pid")).toInteger());
    QCOMPARE(replica.pgid, dump.value(QStringLiteral("pid")).toInteger());
    QVERIFY(!groupExists(replica.pgid)); // and nothing of it is left after the job
}

void TestExecutor::clusterPortsStartAtTheStartPort()
{
    // gcloud's order with free ports: primary = start, then parameter servers, then workers.
    const store::StateReadResult state = jobStore().readState(QStringLiteral("tfconfig_job"));
    QVERIFY(state);
    QCOMPARE(state.state.state, JobStatus::Succeeded);
    QList<int> ports;
    for (const QString &name :
         {QStringLiteral("chief-0"), QStringLiteral("ps-0"), QStringLiteral("ps-1"),
          QStringLiteral("worker-0"), QStringLiteral("worker-1")})
        ports << state.state.replicas.at(state.state.replicaIndex(name)).port;
    QCOMPARE(ports, (QList<int>{29200, 29201, 29202, 29203, 29204}));
}

void TestExecutor::exampleTrainerFinishesAndLossFalls()
{
    const QString config =
        QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like/config.yaml");
    const QString out = path(QStringLiteral("mnist-out"));
    const CliRun run =
        runCli(m_home,
               {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                QStringLiteral("mnist_like_example"), QStringLiteral("--config"), config,
                QStringLiteral("--job-dir"), out, QStringLiteral("--start-port"),
                QStringLiteral("29300"), QStringLiteral("--"), QStringLiteral("--epochs"),
                QStringLiteral("2"), QStringLiteral("--steps-per-epoch"), QStringLiteral("10")},
               90000);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const store::StateReadResult state = jobStore().readState(QStringLiteral("mnist_like_example"));
    QVERIFY(state);
    QCOMPARE(state.state.state, JobStatus::Succeeded);

    static const QRegularExpression step(QStringLiteral("chief-0: step=\\d+ loss=([0-9.]+)"));
    QList<double> losses;
    for (auto it = step.globalMatch(QString::fromUtf8(run.out)); it.hasNext();)
        losses << it.next().captured(1).toDouble();
    QVERIFY2(losses.size() >= 2, run.out.constData());
    QVERIFY2(losses.last() < losses.first(), run.out.right(2000).constData());
    QVERIFY(QFileInfo::exists(out + QStringLiteral("/model/model.json")));
}

void TestExecutor::restartsAreCountedAndStop_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<int>("restarts");
    QTest::newRow("default: 5") << QStringList() << 5;
    QTest::newRow("--max-restarts 2")
        << QStringList{QStringLiteral("--max-restarts"), QStringLiteral("2")} << 2;
}

void TestExecutor::restartsAreCountedAndStop()
{
    QFETCH(QStringList, flags);
    QFETCH(int, restarts);
    const QString jobId = QStringLiteral("always_fails_%1").arg(restarts);
    const QString config = spec(jobId, customSpec(QStringLiteral("fail"), 0, 0, 0, path(jobId)));
    const store::JobState state =
        submitAndWait(jobId, config,
                      flags + QStringList{QStringLiteral("--start-port"), QStringLiteral("29320")});
    QCOMPARE(state.state, JobStatus::Failed);
    QCOMPARE(state.replicas.size(), 1);
    QCOMPARE(state.replicas.first().restartCount, restarts);
    QCOMPARE(state.replicas.first().exitCode, std::optional<int>(3));
    QVERIFY2(state.errorMessage.contains(QLatin1String("chief-0")), qPrintable(state.errorMessage));
    QVERIFY2(state.errorMessage.contains(QLatin1String("code 3")), qPrintable(state.errorMessage));
    QVERIFY2(state.errorMessage.contains(QLatin1String("fail.py: chief-0 failing on purpose")),
             qPrintable(state.errorMessage));
    // Every run logged into the same file.
    QFile log(jobStore().logPath(jobId, QStringLiteral("chief-0")));
    QVERIFY(log.open(QIODevice::ReadOnly));
    QCOMPARE(log.readAll().count("failing on purpose"), restarts + 1);
}

void TestExecutor::wholeJobReruns()
{
    // No replica restarts, two whole-job reruns: three runs in all, then FAILED.
    const QString jobId = QStringLiteral("reruns");
    const QString config = spec(jobId, customSpec(QStringLiteral("fail"), 0, 0, 0, path(jobId)));
    const store::JobState state = submitAndWait(
        jobId, config,
        {QStringLiteral("--max-restarts"), QStringLiteral("0"), QStringLiteral("--job-reruns"),
         QStringLiteral("2"), QStringLiteral("--start-port"), QStringLiteral("29330")});
    QCOMPARE(state.state, JobStatus::Failed);
    QCOMPARE(state.attempt, 2);
    QCOMPARE(state.replicas.first().restartCount, 0);
    // Only the last run's stderr is quoted.
    QCOMPARE(state.errorMessage.count(QLatin1String("failing on purpose")), 1);
    QFile log(jobStore().logPath(jobId, QStringLiteral("chief-0")));
    QVERIFY(log.open(QIODevice::ReadOnly));
    QCOMPARE(log.readAll().count("failing on purpose"), 3);
}

void TestExecutor::primaryExitStopsTheOthers()
{
    const QString jobId = QStringLiteral("primary_ends_it");
    const QString out = path(jobId);
    const QString config =
        spec(jobId, customSpec(QStringLiteral("sleeper"), 2, 0, 0, out,
                               {QStringLiteral("--expect"), QStringLiteral("3")}));
    const store::JobState state =
        submitAndWait(jobId, config, {QStringLiteral("--start-port"), QStringLiteral("29340")});
    QCOMPARE(state.state, JobStatus::Succeeded);
    QVERIFY(state.errorMessage.isEmpty());
    for (const QString &worker : {QStringLiteral("worker-0"), QStringLiteral("worker-1")}) {
        const store::ReplicaState &r = state.replicas.at(state.replicaIndex(worker));
        QCOMPARE(r.state, store::ReplicaStatus::Stopped);
        QCOMPARE(r.restartCount, 0);
        const int pid = readPid(out + QStringLiteral("/pid-") + worker);
        QVERIFY(pid > 0);
        QVERIFY(!processExists(pid));
    }
    QCOMPARE(state.replicas.at(state.replicaIndex(QStringLiteral("chief-0"))).state,
             store::ReplicaStatus::Succeeded);
}

void TestExecutor::cancelKillsGrandchildIgnoringSigterm()
{
    const QString jobId = QStringLiteral("stubborn_cancelled");
    const QString out = path(jobId);
    const QString config = spec(jobId, customSpec(QStringLiteral("stubborn"), 0, 0, 0, out));
    const CliRun submitted = runCli(
        m_home, {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                 QStringLiteral("--grace-period"), QStringLiteral("1"),
                 QStringLiteral("--start-port"), QStringLiteral("29360")});
    QVERIFY2(submitted.exitCode == 0, submitted.err.constData());
    const QString grandchildFile = out + QStringLiteral("/grandchild-chief-0");
    QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(grandchildFile); }, 20000));
    const int grandchild = readPid(grandchildFile);
    QVERIFY(processExists(grandchild));

    // Another console follows the logs meanwhile; it ends when the job does.
    QProcess follower;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINYARD_HOME"), m_home);
    follower.setProcessEnvironment(env);
    follower.start(QStringLiteral(JOBS_HARNESS),
                   {QStringLiteral("jobs"), QStringLiteral("stream-logs"), jobId});
    QVERIFY(QTest::qWaitFor(
        [&] {
            follower.waitForReadyRead(50);
            return follower.peek(1 << 20).contains("chief-0: chief-0 started grandchild");
        },
        20000));

    const CliRun cancel =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("cancel"), jobId}, 30000);
    QVERIFY2(cancel.exitCode == 0, cancel.err.constData());
    const store::StateReadResult state = jobStore().readState(jobId);
    QVERIFY(state);
    QCOMPARE(state.state.state, JobStatus::Cancelled);
    QVERIFY(!processExists(grandchild));
    for (const store::ReplicaState &r : state.state.replicas)
        QVERIFY(!groupExists(r.pgid));

    QVERIFY(follower.waitForFinished(10000));
    QCOMPARE(follower.exitCode(), 1); // followed to the end; the job did not succeed
    QVERIFY(follower.readAllStandardError().contains("CANCELLED"));
}

void TestExecutor::sigtermToOwnerCancels()
{
    const QString jobId = QStringLiteral("owner_sigterm");
    const QString out = path(jobId);
    const QString config = spec(jobId, customSpec(QStringLiteral("stubborn"), 0, 0, 0, out));
    const CliRun submitted = runCli(
        m_home, {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                 QStringLiteral("--grace-period"), QStringLiteral("1"),
                 QStringLiteral("--start-port"), QStringLiteral("29370")});
    QVERIFY2(submitted.exitCode == 0, submitted.err.constData());
    const QString file = out + QStringLiteral("/grandchild-chief-0");
    QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(file); }, 20000));
    const store::JobState running = waitForState(
        jobStore(), jobId, [](const store::JobState &s) { return s.state == JobStatus::Running; });
    QVERIFY(running.ownerPid > 0);
    QVERIFY(::kill(pid_t(running.ownerPid), SIGTERM) == 0);
    const store::JobState state = waitForState(jobStore(), jobId, isTerminal);
    QCOMPARE(state.state, JobStatus::Cancelled);
    QVERIFY(!processExists(readPid(file)));
}

void TestExecutor::maxRunningTimeCancels()
{
    const QString jobId = QStringLiteral("overrun");
    const QString out = path(jobId);
    QByteArray yaml = customSpec(QStringLiteral("stubborn"), 0, 0, 0, out);
    yaml.replace("trainyardLocal:", "  scheduling: {maxRunningTime: 1s}\ntrainyardLocal:");
    const store::JobState state = submitAndWait(
        jobId, spec(jobId, yaml), {QStringLiteral("--start-port"), QStringLiteral("29390")});
    QCOMPARE(state.state, JobStatus::Cancelled);
    QVERIFY2(state.errorMessage.contains(QLatin1String("maxRunningTime")),
             qPrintable(state.errorMessage));
    QVERIFY(!processExists(readPid(out + QStringLiteral("/grandchild-chief-0"))));
}

void TestExecutor::localReplicaCap()
{
    // 1 + 4 workers + 2 ps capped at 3 processes: the chief stays, workers and ps shrink.
    const QString jobId = QStringLiteral("capped");
    const QString config =
        spec(jobId, customSpec(QStringLiteral("sleeper"), 4, 2, 0, path(jobId),
                               {QStringLiteral("--expect"), QStringLiteral("3")}));
    const store::JobState state =
        submitAndWait(jobId, config,
                      {QStringLiteral("--max-local-replicas"), QStringLiteral("3"),
                       QStringLiteral("--start-port"), QStringLiteral("29395")});
    QCOMPARE(state.state, JobStatus::Succeeded);
    QCOMPARE(state.replicas.size(), 3);
    QVERIFY(state.replicaIndex(QStringLiteral("chief-0")) >= 0);
}

void TestExecutor::ownerSigkillLeavesNoProcess()
{
    const QString jobId = QStringLiteral("owner_killed");
    const QString out = path(jobId);
    const QString config = spec(jobId, customSpec(QStringLiteral("stubborn"), 1, 0, 0, out));
    const CliRun submitted = runCli(
        m_home, {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                 QStringLiteral("--start-port"), QStringLiteral("29380")});
    QVERIFY2(submitted.exitCode == 0, submitted.err.constData());
    QList<int> grandchildren;
    for (const QString &name : {QStringLiteral("chief-0"), QStringLiteral("worker-0")}) {
        const QString file = out + QStringLiteral("/grandchild-") + name;
        QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(file); }, 20000));
        grandchildren << readPid(file);
    }
    const store::JobState running = waitForState(
        jobStore(), jobId, [](const store::JobState &s) { return s.state == JobStatus::Running; });
    QCOMPARE(running.state, JobStatus::Running);
    QVERIFY(running.ownerPid > 0);
    QVERIFY(::kill(pid_t(running.ownerPid), SIGKILL) == 0);
    QVERIFY(QTest::qWaitFor([&] { return !processExists(running.ownerPid); }, 10000));
    // The replicas died with their owner (parent-death signal); what they started did not...
    QVERIFY(QTest::qWaitFor(
        [&] {
            return !processExists(running.replicas.at(0).pid) &&
                   !processExists(running.replicas.at(1).pid);
        },
        10000));
    QVERIFY(processExists(grandchildren.at(0)));

    // ...until a console looks at the store.
    const CliRun list =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("list"), QStringLiteral("--filter"),
                        QStringLiteral("jobId=owner_killed")});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains("owner_killed  FAILED"), list.out.constData());
    const store::StateReadResult state = jobStore().readState(jobId);
    QVERIFY(state);
    QCOMPARE(state.state.state, JobStatus::Failed);
    QCOMPARE(state.state.errorMessage, store::interruptedErrorMessage());
    QVERIFY(QTest::qWaitFor(
        [&] { return !processExists(grandchildren.at(0)) && !processExists(grandchildren.at(1)); },
        5000));
    for (const store::ReplicaState &r : state.state.replicas)
        QVERIFY(QTest::qWaitFor([&] { return !groupExists(r.pgid); }, 5000)); // zombies reaped
}

void TestExecutor::takenPortsAreSkipped()
{
    // The start port and the one after it are taken before the job starts: the cluster uses
    // the next free ports instead (layout's design), and runs.
    const PortBlocker first(29400);
    const PortBlocker second(29401);
    QVERIFY(first.ok() && second.ok());
    const QString jobId = QStringLiteral("ports_taken");
    const QString out = path(jobId);
    const QString config =
        spec(jobId, customSpec(QStringLiteral("envdump"), 1, 1, 0, out,
                               {QStringLiteral("--expect"), QStringLiteral("3")}));
    const store::JobState state =
        submitAndWait(jobId, config, {QStringLiteral("--start-port"), QStringLiteral("29400")});
    QCOMPARE(state.state, JobStatus::Succeeded);
    QSet<int> ports;
    for (const store::ReplicaState &r : state.replicas) {
        QVERIFY(r.port != 29400 && r.port != 29401);
        QVERIFY(r.port > 29401);
        ports.insert(r.port);
    }
    QCOMPARE(ports.size(), 3);
}

void TestExecutor::portTakenMeanwhileFailsClearly()
{
    // The chief takes worker-0's port after the ports were chosen: worker-0 cannot listen.
    const QString jobId = QStringLiteral("port_clash");
    const QString config =
        spec(jobId, customSpec(QStringLiteral("portclash"), 1, 0, 0, path(jobId)));
    const store::JobState state =
        submitAndWait(jobId, config, {QStringLiteral("--start-port"), QStringLiteral("29420")});
    QCOMPARE(state.state, JobStatus::Failed);
    QVERIFY2(state.errorMessage.contains(QLatin1String("worker-0")),
             qPrintable(state.errorMessage));
    QVERIFY2(state.errorMessage.contains(QLatin1String("already in use")),
             qPrintable(state.errorMessage));
    const store::ReplicaState &worker =
        state.replicas.at(state.replicaIndex(QStringLiteral("worker-0")));
    QVERIFY2(state.errorMessage.contains(QString::number(worker.port)),
             qPrintable(state.errorMessage));
    QCOMPARE(worker.restartCount, 0);
}

void TestExecutor::trainerThatCannotStartFailsAtOnce_data()
{
    QTest::addColumn<QString>("module");
    QTest::addColumn<QString>("packagePath");
    QTest::addColumn<QString>("python");
    QTest::addColumn<QString>("expected");
    const QString pkg = fixturePackage();
    QTest::newRow("module not in the package")
        << "fixtrainer.nope" << pkg << QString() << "fixtrainer.nope";
    QTest::newRow("python: No module named")
        << "nosuchpkg.task" << pkg << QString() << "nosuchpkg.task";
    QTest::newRow("interpreter missing") << "fixtrainer.envdump" << pkg << "/nonexistent/python3"
                                         << "/nonexistent/python3";
    // A package directory that is missing is refused before the job is stored (the pre-start
    // checks, tests/gui/wizard/tst_startrefusal and tests/unit/jobactions/tst_prestart).
}

void TestExecutor::trainerThatCannotStartFailsAtOnce()
{
    QFETCH(QString, module);
    QFETCH(QString, packagePath);
    QFETCH(QString, python);
    QFETCH(QString, expected);
    static int n = 0;
    const QString jobId = QStringLiteral("cannot_start_%1").arg(++n);
    QByteArray yaml = customSpec(QStringLiteral("envdump"), 1, 0, 0, path(jobId), {}, packagePath);
    yaml.replace("fixtrainer.envdump", module.toUtf8());
    QProcessEnvironment env;
    if (!python.isEmpty())
        env.insert(QStringLiteral("TRAINYARD_PYTHON"), python);
    const store::JobState state = submitAndWait(
        jobId, spec(jobId, yaml), {QStringLiteral("--start-port"), QStringLiteral("29440")}, env);
    QCOMPARE(state.state, JobStatus::Failed);
    QVERIFY2(state.errorMessage.contains(expected), qPrintable(state.errorMessage));
    for (const store::ReplicaState &r : state.replicas)
        QCOMPARE(r.restartCount, 0);
}

void TestExecutor::floodingTrainerKeepsOwnerMemoryBounded()
{
    // 8 MiB in one line, then 128 MiB of 1 KiB lines: an owner that buffered output would
    // grow past the bound; one that streams it to the log stays far below it.
    constexpr qint64 boundKiB = 64 * 1024;
    const QString jobId = QStringLiteral("flood");
    const QString config = spec(jobId, customSpec(QStringLiteral("flood"), 0, 0, 0, path(jobId)));
    const CliRun submitted = runCli(
        m_home, {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                 QStringLiteral("--start-port"), QStringLiteral("29480")});
    QVERIFY2(submitted.exitCode == 0, submitted.err.constData());
    qint64 ownerPid = 0;
    qint64 peakKiB = 0;
    const store::JobState state = waitForState(
        jobStore(), jobId,
        [&](const store::JobState &s) {
            if (s.ownerPid > 0)
                ownerPid = s.ownerPid;
            peakKiB = std::max(peakKiB, residentKiB(ownerPid));
            return s.isTerminal();
        },
        60000);
    QCOMPARE(state.state, JobStatus::Succeeded);
    QVERIFY(peakKiB > 0);
    QVERIFY2(peakKiB < boundKiB, qPrintable(QStringLiteral("owner peak RSS %1 KiB").arg(peakKiB)));
    const QFileInfo log(jobStore().logPath(jobId, QStringLiteral("chief-0")));
    QVERIFY(log.size() > (136LL << 20)); // every byte arrived, with a record prefix per line
}

QTEST_GUILESS_MAIN(TestExecutor)
#include "tst_executor.moc"
