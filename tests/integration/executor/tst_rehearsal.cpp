// SPDX-License-Identifier: MIT
// Rehearsing the service's restarts on a local run, end to end with real processes: `jobs
// rehearse` (VM maintenance, crash), --rehearse-maintenance, scheduling.restartJobOnWorkerRestart,
// and the restart records that say whether a replica resumed or started over. The trainer is
// tests/fixtures/trainers/fixtrainer/resumer.py, with and without checkpoints.
#include "exec/rehearsal.h"
#include "store/jobstore.h"
#include "testsupport.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;

class TestRehearsal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void maintenanceResumesFromTheCheckpoint();
    void crashWithoutCheckpointStartsOver();
    void maintenanceKillsAfterTheGracePeriod();
    void restartJobOnWorkerRestartRestartsEveryReplica();
    void rehearseMaintenanceIsSeededByTheJobId();
    void bundledExamplesResume_data();
    void bundledExamplesResume();
    void refusals();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    store::JobStore jobStore() const { return store::JobStore(m_home); }
    // Starts the job (--async) and waits until every replica reported a few steps.
    bool start(const QString &jobId, const QByteArray &yaml, const QStringList &more = {});
    // Waits for steps from the replicas named in waitFor (all when empty).
    bool startConfig(const QString &jobId, const QString &config, const QStringList &more,
                     const QStringList &waitFor = {});
    CliRun rehearse(const QString &jobId, const QString &replica, const QString &event);
    void cancel(const QString &jobId);
    QList<QJsonObject> starts(const QString &jobId, const QString &replica) const;
    QByteArray log(const QString &jobId, const QString &replica) const;
    static const store::ReplicaState *replica(const store::JobState &s, const QString &name);

    QTemporaryDir m_tmp;
    QString m_home;
    int m_port = 29700;
};

void TestRehearsal::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_home = m_tmp.filePath(QStringLiteral("home"));
}

const store::ReplicaState *TestRehearsal::replica(const store::JobState &s, const QString &name)
{
    const int at = s.replicaIndex(name);
    return at < 0 ? nullptr : &s.replicas.at(at);
}

bool TestRehearsal::start(const QString &jobId, const QByteArray &yaml, const QStringList &more)
{
    return startConfig(jobId, writeFile(path(jobId + QStringLiteral(".yaml")), yaml), more);
}

bool TestRehearsal::startConfig(const QString &jobId, const QString &config,
                                const QStringList &more, const QStringList &waitFor)
{
    const CliRun run = runCli(
        m_home,
        QStringList{QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                    jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                    QStringLiteral("--start-port"), QString::number(m_port)} +
            more,
        20000);
    m_port += 20;
    if (run.exitCode != 0) {
        qWarning("submit failed: %s", run.err.constData());
        return false;
    }
    const store::JobState s = waitForState(jobStore(), jobId, [](const store::JobState &st) {
        return st.state == JobStatus::Running || st.isTerminal();
    });
    if (s.state != JobStatus::Running)
        return false;
    // A few steps from everyone, so there is a step before the restart.
    for (const store::ReplicaState &r : s.replicas) {
        if (!waitFor.isEmpty() && !waitFor.contains(r.name))
            continue;
        if (!QTest::qWaitFor([&] { return log(jobId, r.name).count("step=") >= 8; }, 15000))
            return false;
    }
    return true;
}

CliRun TestRehearsal::rehearse(const QString &jobId, const QString &replica, const QString &event)
{
    return runCli(m_home,
                  {QStringLiteral("jobs"), QStringLiteral("rehearse"), jobId,
                   QStringLiteral("--replica"), replica, QStringLiteral("--event"), event},
                  20000);
}

void TestRehearsal::cancel(const QString &jobId)
{
    runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("cancel"), jobId}, 30000);
}

QList<QJsonObject> TestRehearsal::starts(const QString &jobId, const QString &replica) const
{
    QList<QJsonObject> list;
    QFile file(path(jobId) + QStringLiteral("/starts-%1.jsonl").arg(replica));
    if (file.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : file.readAll().split('\n')) {
            if (!line.isEmpty())
                list.append(QJsonDocument::fromJson(line).object());
        }
    }
    return list;
}

QByteArray TestRehearsal::log(const QString &jobId, const QString &replica) const
{
    QFile file(jobStore().logPath(jobId, replica));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestRehearsal::maintenanceResumesFromTheCheckpoint()
{
    const QString jobId = QStringLiteral("maintenance_resumes");
    QVERIFY(start(jobId, customSpec(QStringLiteral("resumer"), 1, 0, 0, path(jobId),
                                    {QStringLiteral("--checkpoint")})));
    const store::JobState before = jobStore().readState(jobId).state;
    const qint64 chiefPid = replica(before, QStringLiteral("chief-0"))->pid;

    const CliRun run = rehearse(jobId, QStringLiteral("worker-0"), QStringLiteral("maintenance"));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.out.contains("VM maintenance"), run.out.constData());

    const store::JobState after = waitForState(jobStore(), jobId, [](const store::JobState &s) {
        const store::ReplicaState *w = replica(s, QStringLiteral("worker-0"));
        return s.isTerminal() ||
               (w && !w->restarts.isEmpty() && w->restarts.last().resumedAtStep.has_value());
    });
    QCOMPARE(after.state, JobStatus::Running);
    const store::ReplicaState *worker = replica(after, QStringLiteral("worker-0"));
    QCOMPARE(worker->restarts.size(), 1);
    const store::RestartRecord &r = worker->restarts.first();
    QCOMPARE(r.reason, QStringLiteral("maintenance"));
    QVERIFY(!r.counted);
    QCOMPARE(worker->restartCount, 0);             // not counted against the five
    QCOMPARE(r.exitCode, std::optional<int>(143)); // it handled SIGTERM
    QVERIFY(r.stepBeforeRestart && *r.stepBeforeRestart >= 7);
    QVERIFY2(*r.resumedAtStep >= *r.stepBeforeRestart,
             qPrintable(QString::number(*r.resumedAtStep)));
    QVERIFY(!r.startedOver);
    // The same hostname: TF_CONFIG as before; the chief ran on, untouched.
    const QList<QJsonObject> runs = starts(jobId, QStringLiteral("worker-0"));
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs.at(1).value(QStringLiteral("tf_config")),
             runs.at(0).value(QStringLiteral("tf_config")));
    QVERIFY(runs.at(1).value(QStringLiteral("start_step")).toInt() > 0);
    const store::ReplicaState *chief = replica(after, QStringLiteral("chief-0"));
    QCOMPARE(chief->pid, chiefPid);
    QVERIFY(chief->restarts.isEmpty());
    QCOMPARE(starts(jobId, QStringLiteral("chief-0")).size(), 1);
    // The Logs tab's mark: the trainer's SIGTERM note, then Trainyard's own lines.
    const QByteArray text = log(jobId, QStringLiteral("worker-0"));
    QVERIFY(text.contains("got SIGTERM"));
    QVERIFY(text.contains("[trainyard] worker-0 restarted after VM maintenance"));
    QVERIFY(text.contains("[trainyard] worker-0 resumed at step"));
    // jobs describe says it.
    const CliRun described =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), jobId});
    QVERIFY(described.out.contains("reason: maintenance"));
    QVERIFY(described.out.contains("stepBeforeRestart: "));
    QVERIFY(described.out.contains("resumedAtStep: "));
    QVERIFY(!described.out.contains("warning:"));
    cancel(jobId);
}

void TestRehearsal::crashWithoutCheckpointStartsOver()
{
    const QString jobId = QStringLiteral("crash_starts_over");
    QVERIFY(start(jobId, customSpec(QStringLiteral("resumer"), 1, 0, 0, path(jobId))));
    const CliRun run = rehearse(jobId, QStringLiteral("worker-0"), QStringLiteral("crash"));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.out.contains("SIGKILL"), run.out.constData());
    const store::JobState after = waitForState(jobStore(), jobId, [](const store::JobState &s) {
        const store::ReplicaState *w = replica(s, QStringLiteral("worker-0"));
        return s.isTerminal() ||
               (w && !w->restarts.isEmpty() && w->restarts.last().resumedAtStep.has_value());
    });
    QCOMPARE(after.state, JobStatus::Running);
    const store::ReplicaState *worker = replica(after, QStringLiteral("worker-0"));
    const store::RestartRecord &r = worker->restarts.first();
    QCOMPARE(r.reason, QStringLiteral("crash"));
    QVERIFY(r.counted);
    QCOMPARE(worker->restartCount, 1);
    QCOMPARE(r.exitCode, std::optional<int>(128 + 9));
    QCOMPARE(r.resumedAtStep, std::optional<qint64>(0));
    QVERIFY(r.startedOver);
    QVERIFY(replica(after, QStringLiteral("chief-0"))->restarts.isEmpty());
    QVERIFY(log(jobId, QStringLiteral("worker-0"))
                .contains("[trainyard] worker-0 started over at step 0 after reaching step"));
    const CliRun described =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), jobId});
    QVERIFY2(described.out.contains("warning: started over at step 0"), described.out.constData());
    QVERIFY(described.out.contains("checkpoint"));
    QFile owner(jobStore().jobDir(jobId) + QStringLiteral("/owner.log"));
    QVERIFY(owner.open(QIODevice::ReadOnly));
    QVERIFY(owner.readAll().contains("restore the most recent one at start"));
    cancel(jobId);
}

void TestRehearsal::maintenanceKillsAfterTheGracePeriod()
{
    const QString jobId = QStringLiteral("maintenance_sigkill");
    QVERIFY(start(jobId,
                  customSpec(QStringLiteral("resumer"), 1, 0, 0, path(jobId),
                             {QStringLiteral("--checkpoint"), QStringLiteral("--ignore-sigterm")}),
                  {QStringLiteral("--grace-period"), QStringLiteral("1")}));
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(rehearse(jobId, QStringLiteral("worker-0"), QStringLiteral("maintenance")).exitCode,
             0);
    const store::JobState after = waitForState(jobStore(), jobId, [](const store::JobState &s) {
        const store::ReplicaState *w = replica(s, QStringLiteral("worker-0"));
        return s.isTerminal() || (w && !w->restarts.isEmpty());
    });
    QVERIFY(timer.elapsed() >= 900); // the grace period was given
    const store::RestartRecord &r = replica(after, QStringLiteral("worker-0"))->restarts.first();
    QCOMPARE(r.reason, QStringLiteral("maintenance"));
    QCOMPARE(r.exitCode, std::optional<int>(128 + 9));
    QVERIFY(!r.counted);
    cancel(jobId);
}

void TestRehearsal::restartJobOnWorkerRestartRestartsEveryReplica()
{
    const QString jobId = QStringLiteral("restart_every_replica");
    QByteArray yaml = customSpec(QStringLiteral("resumer"), 1, 0, 0, path(jobId),
                                 {QStringLiteral("--checkpoint")});
    yaml.replace("trainingInput:\n",
                 "trainingInput:\n  scheduling: {restartJobOnWorkerRestart: true}\n");
    QVERIFY(start(jobId, yaml));
    const qint64 chiefPid =
        replica(jobStore().readState(jobId).state, QStringLiteral("chief-0"))->pid;
    QCOMPARE(rehearse(jobId, QStringLiteral("worker-0"), QStringLiteral("maintenance")).exitCode,
             0);
    const store::JobState after = waitForState(jobStore(), jobId, [](const store::JobState &s) {
        const store::ReplicaState *c = replica(s, QStringLiteral("chief-0"));
        return s.isTerminal() ||
               (c && !c->restarts.isEmpty() && c->restarts.last().resumedAtStep.has_value() &&
                c->state == store::ReplicaStatus::Running);
    });
    QCOMPARE(after.state, JobStatus::Running);
    const store::ReplicaState *chief = replica(after, QStringLiteral("chief-0"));
    QCOMPARE(chief->restarts.first().reason, QStringLiteral("jobRestart"));
    QVERIFY(chief->pid != chiefPid);
    QCOMPARE(replica(after, QStringLiteral("worker-0"))->restarts.first().reason,
             QStringLiteral("maintenance"));
    QCOMPARE(after.attempt, 0); // not a whole-job rerun
    QCOMPARE(starts(jobId, QStringLiteral("chief-0")).size(), 2);
    cancel(jobId);
}

void TestRehearsal::rehearseMaintenanceIsSeededByTheJobId()
{
    // The same job ID gives the same moments, on every machine.
    QCOMPARE(exec::maintenanceDelayMs(QStringLiteral("census_1"), QStringLiteral("chief-0")),
             exec::maintenanceDelayMs(QStringLiteral("census_1"), QStringLiteral("chief-0")));
    QVERIFY(exec::maintenanceDelayMs(QStringLiteral("census_1"), QStringLiteral("chief-0")) !=
                exec::maintenanceDelayMs(QStringLiteral("census_1"), QStringLiteral("worker-0")) ||
            exec::maintenanceDelayMs(QStringLiteral("census_2"), QStringLiteral("chief-0")) !=
                exec::maintenanceDelayMs(QStringLiteral("census_1"), QStringLiteral("chief-0")));
    // A job ID whose two events come early, to keep the test short.
    QString jobId;
    for (int i = 0; jobId.isEmpty() && i < 1000; ++i) {
        const QString id = QStringLiteral("seeded_%1").arg(i);
        if (exec::maintenanceDelayMs(id, QStringLiteral("chief-0")) < 6000 &&
            exec::maintenanceDelayMs(id, QStringLiteral("worker-0")) < 6000)
            jobId = id;
    }
    QVERIFY(!jobId.isEmpty());
    QVERIFY(start(jobId,
                  customSpec(QStringLiteral("resumer"), 1, 0, 0, path(jobId),
                             {QStringLiteral("--checkpoint")}),
                  {QStringLiteral("--rehearse-maintenance")}));
    const store::JobState after = waitForState(
        jobStore(), jobId,
        [](const store::JobState &s) {
            if (s.isTerminal())
                return true;
            for (const store::ReplicaState &r : s.replicas) {
                if (r.restarts.isEmpty() || !r.restarts.last().resumedAtStep)
                    return false;
            }
            return true;
        },
        20000);
    QCOMPARE(after.state, JobStatus::Running);
    for (const store::ReplicaState &r : after.replicas) {
        QCOMPARE(r.restarts.size(), 1);
        QCOMPARE(r.restarts.first().reason, QStringLiteral("maintenance"));
        QVERIFY(!r.restarts.first().startedOver);
    }
    QFile owner(jobStore().jobDir(jobId) + QStringLiteral("/owner.log"));
    QVERIFY(owner.open(QIODevice::ReadOnly));
    const QByteArray notes = owner.readAll();
    QVERIFY2(
        notes.contains(QStringLiteral("VM maintenance for chief-0 %1 s after the start")
                           .arg(exec::maintenanceDelayMs(jobId, QStringLiteral("chief-0")) / 1000.0)
                           .toUtf8()),
        notes.constData());
    cancel(jobId);
}

void TestRehearsal::bundledExamplesResume_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("replica");
    QTest::addColumn<QString>("event");
    QTest::newRow("mnist_like: the chief crashes") << "mnist_like"
                                                   << "chief-0"
                                                   << "crash";
    QTest::newRow("mnist_like: a worker's VM goes under maintenance") << "mnist_like"
                                                                      << "worker-0"
                                                                      << "maintenance";
    QTest::newRow("torch_ddp: a worker's VM goes under maintenance, every rank restarts")
        << "torch_ddp"
        << "worker-0"
        << "maintenance";
}

// The bundled examples checkpoint under the job dir and resume: the rehearsal shows a trainer
// doing it right (no started-over warning).
void TestRehearsal::bundledExamplesResume()
{
    QFETCH(QString, example);
    QFETCH(QString, replica);
    QFETCH(QString, event);
    if (example == QLatin1String("torch_ddp") &&
        QProcess::execute(QStringLiteral("/usr/bin/python3"),
                          {QStringLiteral("-c"), QStringLiteral("import torch.distributed")}) != 0)
        QSKIP("/usr/bin/python3 cannot import torch (Debian's python3-torch)");
    const QString jobId = QStringLiteral("bundled_%1_%2").arg(example, event);
    const QString config =
        QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/%1/config.yaml").arg(example);
    // The replica whose steps say whether training resumed: rank 0 prints them in torch_ddp.
    const QString reporter =
        example == QLatin1String("torch_ddp") ? QStringLiteral("chief-0") : replica;
    // Long enough to rehearse; the job dir is this test's.
    QVERIFY(startConfig(jobId, config,
                        {QStringLiteral("--job-dir"), path(jobId), QStringLiteral("--"),
                         QStringLiteral("--epochs"), QStringLiteral("5000"),
                         QStringLiteral("--steps-per-epoch"), QStringLiteral("20")},
                        {reporter}));
    const CliRun run = rehearse(jobId, replica, event);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const store::JobState after = waitForState(
        jobStore(), jobId,
        [&reporter](const store::JobState &s) {
            const store::ReplicaState *r = TestRehearsal::replica(s, reporter);
            return s.isTerminal() ||
                   (r && !r->restarts.isEmpty() && r->restarts.last().resumedAtStep.has_value());
        },
        30000);
    QCOMPARE(after.state, JobStatus::Running);
    const store::RestartRecord &r = TestRehearsal::replica(after, reporter)->restarts.last();
    QVERIFY2(!r.startedOver, qPrintable(QStringLiteral("%1 -> %2")
                                            .arg(r.stepBeforeRestart.value_or(-1))
                                            .arg(r.resumedAtStep.value_or(-1))));
    QVERIFY(*r.resumedAtStep > 1);
    cancel(jobId);
}

void TestRehearsal::refusals()
{
    const QString jobId = QStringLiteral("refusals");
    QVERIFY(start(jobId, customSpec(QStringLiteral("resumer"), 0, 0, 0, path(jobId))));
    const CliRun unknown = rehearse(jobId, QStringLiteral("worker-7"), QStringLiteral("crash"));
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.err.contains("no replica worker-7; its replicas: chief-0"),
             unknown.err.constData());
    const CliRun badEvent = rehearse(jobId, QStringLiteral("chief-0"), QStringLiteral("flood"));
    QCOMPARE(badEvent.exitCode, 2);
    QVERIFY(badEvent.err.contains("maintenance or crash"));
    cancel(jobId);
    const CliRun ended = rehearse(jobId, QStringLiteral("chief-0"), QStringLiteral("crash"));
    QCOMPARE(ended.exitCode, 1);
    QVERIFY2(ended.err.contains("only a RUNNING job"), ended.err.constData());
    const CliRun none =
        rehearse(QStringLiteral("no_such_job"), QStringLiteral("chief-0"), QStringLiteral("crash"));
    QCOMPARE(none.exitCode, 1);
}

QTEST_GUILESS_MAIN(TestRehearsal)
#include "tst_rehearsal.moc"
