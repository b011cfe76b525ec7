// SPDX-License-Identifier: MIT
// GPUs in local runs, with real processes and the NVML double (tests/nvmlfake, found through
// LD_LIBRARY_PATH) describing 0, 1, 2 and 4 GPUs: each replica gets its pool's
// acceleratorConfig.count GPUs of its own through CUDA_VISIBLE_DEVICES, a replica without GPUs
// gets none, a job asking more GPUs than the machine has is refused before anything starts, and
// --gpus=cpu / --gpus=shared; tuning trials run side by side, never sharing a GPU.
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;

namespace {

// A job ID made from the current data row's name.
QString tagId(const QString &prefix)
{
    QString id = prefix + QString::fromUtf8(QTest::currentDataTag());
    id.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9]")), QStringLiteral("_"));
    return id;
}

bool isTerminal(const store::JobState &s)
{
    return s.isTerminal();
}

QString fixture(const QString &name)
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/nvml/") + name;
}

// One pool line of a CUSTOM spec: "  workerType: n1-standard-4\n  workerCount: 2\n workerConfig..."
QString pool(const QString &role, int count, int gpus)
{
    QString yaml = QStringLiteral("  %1Type: n1-standard-4\n").arg(role);
    if (role != QLatin1String("master"))
        yaml += QStringLiteral("  %1Count: %2\n").arg(role).arg(count);
    if (gpus > 0)
        yaml += QStringLiteral("  %1Config:\n    acceleratorConfig: {count: %2, type: "
                               "NVIDIA_TESLA_T4}\n")
                    .arg(role)
                    .arg(gpus);
    return yaml;
}

} // namespace

class TestGpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void eachReplicaGetsItsOwnGpus_data();
    void eachReplicaGetsItsOwnGpus();
    void tooFewGpusIsRefusedBeforeAnythingStarts();
    void cpuModeHidesEveryGpu();
    void sharedModeHandsGpusOutRoundRobin();
    void noGpuRunsOnTheCpu_data();
    void noGpuRunsOnTheCpu();
    void localGpusListsThem();
    void trialsArePackedOnTwoGpus();
    void cpuTrialsRunSideBySide();
    void aTrialFailsWhileOthersRun();
    void cancelStopsEveryRunningTrial();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    store::JobStore jobStore() const { return store::JobStore(m_home); }
    QProcessEnvironment nvml(const QString &description) const;
    // A CUSTOM envdump spec: the master with `masterGpus`, then the pools given.
    QString spec(const QString &jobId, int masterGpus, const QString &pools, int expect,
                 const QString &module = QStringLiteral("envdump"), const QStringList &args = {},
                 const QString &hyperparameters = {});
    CliRun submit(const QString &jobId, const QString &config, const QString &description,
                  const QStringList &more = {}, bool async = false);
    QJsonObject env(const QString &jobId, const QString &replica) const;

    QTemporaryDir m_tmp;
    QString m_home;
    int m_port = 30400; // each run its own ports
};

void TestGpus::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    QVERIFY(m_tmp.isValid());
    m_home = path(QStringLiteral("store"));
    QVERIFY(QDir().mkpath(m_home));
    QVERIFY2(QFileInfo::exists(QStringLiteral(TRAINYARD_NVMLFAKE_DIR "/libnvidia-ml.so.1")),
             "the NVML double is built");
}

QProcessEnvironment TestGpus::nvml(const QString &description) const
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral(TRAINYARD_NVMLFAKE_DIR));
    env.insert(QStringLiteral("NVMLFAKE_DESCRIPTION"), fixture(description));
    return env;
}

QString TestGpus::spec(const QString &jobId, int masterGpus, const QString &pools, int expect,
                       const QString &module, const QStringList &args,
                       const QString &hyperparameters)
{
    QStringList quoted{QStringLiteral("\"--expect\""), QStringLiteral("\"%1\"").arg(expect)};
    for (const QString &a : args)
        quoted << QLatin1Char('"') + a + QLatin1Char('"');
    const QString yaml =
        QStringLiteral("trainingInput:\n"
                       "  scaleTier: CUSTOM\n"
                       "  region: us-central1\n"
                       "  runtimeVersion: \"2.11\"\n"
                       "  pythonVersion: \"3.7\"\n"
                       "  pythonModule: fixtrainer.%1\n"
                       "  args: [%2]\n"
                       "  jobDir: %3\n")
            .arg(module, quoted.join(QStringLiteral(", ")), path(jobId)) +
        pool(QStringLiteral("master"), 1, masterGpus) + pools +
        (hyperparameters.isEmpty() ? QString()
                                   : QStringLiteral("  hyperparameters:\n") + hyperparameters) +
        QStringLiteral("trainyardLocal:\n  packagePath: %1\n").arg(fixturePackage());
    return writeFile(path(jobId + QStringLiteral(".yaml")), yaml.toUtf8());
}

CliRun TestGpus::submit(const QString &jobId, const QString &config, const QString &description,
                        const QStringList &more, bool async)
{
    QStringList args{QStringLiteral("jobs"),           QStringLiteral("submit"),
                     QStringLiteral("training"),       jobId,
                     QStringLiteral("--config"),       config,
                     QStringLiteral("--grace-period"), QStringLiteral("1"),
                     QStringLiteral("--max-restarts"), QStringLiteral("0")};
    if (async)
        args << QStringLiteral("--async");
    m_port += 20;
    args << QStringLiteral("--start-port") << QString::number(m_port);
    return runCli(m_home, args + more, 90000, nvml(description));
}

QJsonObject TestGpus::env(const QString &jobId, const QString &replica) const
{
    return readJson(m_tmp.filePath(jobId) + QStringLiteral("/env-%1.json").arg(replica))
        .value(QStringLiteral("env"))
        .toObject();
}

void TestGpus::eachReplicaGetsItsOwnGpus_data()
{
    QTest::addColumn<QString>("description");
    QTest::addColumn<int>("masterGpus");
    QTest::addColumn<QString>("pools");
    QTest::addColumn<QStringList>("replicas");
    QTest::addColumn<QStringList>("visible"); // CUDA_VISIBLE_DEVICES per replica
    // The case: a chief with one GPU and a parameter server without.
    QTest::newRow("1 GPU: chief 1, ps none")
        << QStringLiteral("1gpu-h200.txt") << 1 << pool(QStringLiteral("parameterServer"), 1, 0)
        << QStringList{QStringLiteral("chief-0"), QStringLiteral("ps-0")}
        << QStringList{QStringLiteral("0"), QString()};
    QTest::newRow("2 GPUs: chief 1, worker 1")
        << QStringLiteral("2gpu-t4.txt") << 1 << pool(QStringLiteral("worker"), 1, 1)
        << QStringList{QStringLiteral("chief-0"), QStringLiteral("worker-0")}
        << QStringList{QStringLiteral("0"), QStringLiteral("1")};
    QTest::newRow("4 GPUs: chief 2, worker 2, ps none")
        << QStringLiteral("4gpu-a100.txt") << 2
        << pool(QStringLiteral("worker"), 1, 2) + pool(QStringLiteral("parameterServer"), 1, 0)
        << QStringList{QStringLiteral("chief-0"), QStringLiteral("worker-0"),
                       QStringLiteral("ps-0")}
        << QStringList{QStringLiteral("0,1"), QStringLiteral("2,3"), QString()};
}

void TestGpus::eachReplicaGetsItsOwnGpus()
{
    QFETCH(QString, description);
    QFETCH(int, masterGpus);
    QFETCH(QString, pools);
    QFETCH(QStringList, replicas);
    QFETCH(QStringList, visible);
    const QString jobId = tagId(QStringLiteral("gpus_own_"));
    const CliRun run =
        submit(jobId, spec(jobId, masterGpus, pools, int(replicas.size())), description);
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    for (int i = 0; i < replicas.size(); ++i) {
        const QJsonObject e = env(jobId, replicas.at(i));
        QVERIFY2(e.contains(QStringLiteral("CUDA_VISIBLE_DEVICES")), qPrintable(replicas.at(i)));
        QCOMPARE(e.value(QStringLiteral("CUDA_VISIBLE_DEVICES")).toString(), visible.at(i));
        if (!visible.at(i).isEmpty())
            QCOMPARE(e.value(QStringLiteral("CUDA_DEVICE_ORDER")).toString(),
                     QStringLiteral("PCI_BUS_ID"));
    }
    // The plan is printed before the job starts, per replica.
    QVERIFY2(run.err.contains(QByteArray("GPUs: " + replicas.first().toUtf8() + ": GPU 0")),
             run.err.constData());
    // T4 asked; on an H200 or an A100 that is a note, not an error.
    if (!description.contains(QLatin1String("t4")))
        QVERIFY2(run.err.contains("asks for NVIDIA Tesla T4 GPUs"), run.err.constData());
    else
        QVERIFY2(!run.err.contains("asks for NVIDIA Tesla T4 GPUs"), run.err.constData());
    // `jobs describe` shows what each replica got.
    const CliRun described =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), jobId});
    const QString yaml = QString::fromUtf8(described.out);
    for (int i = 0; i < replicas.size(); ++i) {
        const QRegularExpression re(
            QStringLiteral("name: %1\\n(?:.*\\n)*?\\s*cudaVisibleDevices: "
                           "[\"']?%2[\"']?\\n")
                .arg(replicas.at(i), QRegularExpression::escape(visible.at(i))));
        QVERIFY2(re.match(yaml).hasMatch(), qPrintable(yaml));
    }
}

void TestGpus::tooFewGpusIsRefusedBeforeAnythingStarts()
{
    const QString jobId = QStringLiteral("gpus_refused");
    const QString config = spec(jobId, 1, pool(QStringLiteral("worker"), 2, 1), 3);
    const CliRun run = submit(jobId, config, QStringLiteral("1gpu-h200.txt"));
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("asks for 3 GPUs (chief-0 1, worker-0 1, worker-1 1); this machine "
                              "has 1: NVIDIA H200"),
             run.err.constData());
    QVERIFY(run.err.contains("--gpus=cpu"));
    QVERIFY(run.err.contains("NCCL needs a GPU per rank"));
    QVERIFY(run.err.contains("--gpus=shared"));
    QVERIFY(run.err.contains("NCCL refuses two ranks on one GPU"));
    // Nothing started, nothing stored.
    QVERIFY(!jobStore().contains(jobId));
    QVERIFY(QDir(path(jobId)).entryList({QStringLiteral("env-*.json")}, QDir::Files).isEmpty());
}

void TestGpus::cpuModeHidesEveryGpu()
{
    const QString jobId = QStringLiteral("gpus_cpu");
    const QString config = spec(jobId, 1, pool(QStringLiteral("worker"), 2, 1), 3);
    const CliRun run =
        submit(jobId, config, QStringLiteral("1gpu-h200.txt"), {QStringLiteral("--gpus=cpu")});
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains("NCCL needs a GPU per rank"), run.err.constData());
    for (const QString &name :
         {QStringLiteral("chief-0"), QStringLiteral("worker-0"), QStringLiteral("worker-1")}) {
        const QJsonObject e = env(jobId, name);
        QVERIFY(e.contains(QStringLiteral("CUDA_VISIBLE_DEVICES")));
        QCOMPARE(e.value(QStringLiteral("CUDA_VISIBLE_DEVICES")).toString(), QString());
    }
    // The run settings record the choice.
    const QJsonObject settings = readJson(jobStore().jobDir(jobId) + QStringLiteral("/run.json"));
    QCOMPARE(settings.value(QStringLiteral("gpus")).toString(), QStringLiteral("cpu"));
    // A wrong value is a usage error.
    const CliRun wrong = submit(QStringLiteral("gpus_wrong"), config,
                                QStringLiteral("1gpu-h200.txt"), {QStringLiteral("--gpus=all")});
    QCOMPARE(wrong.exitCode, 2);
    QVERIFY2(wrong.err.contains("--gpus must be auto, cpu or shared"), wrong.err.constData());
}

void TestGpus::sharedModeHandsGpusOutRoundRobin()
{
    const QString jobId = QStringLiteral("gpus_shared");
    const QString config = spec(jobId, 1, pool(QStringLiteral("worker"), 2, 1), 3);
    const CliRun run =
        submit(jobId, config, QStringLiteral("2gpu-t4.txt"), {QStringLiteral("--gpus=shared")});
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains("NCCL refuses two ranks on one GPU"), run.err.constData());
    QCOMPARE(env(jobId, QStringLiteral("chief-0")).value(QStringLiteral("CUDA_VISIBLE_DEVICES")),
             QJsonValue(QStringLiteral("0")));
    QCOMPARE(env(jobId, QStringLiteral("worker-0")).value(QStringLiteral("CUDA_VISIBLE_DEVICES")),
             QJsonValue(QStringLiteral("1")));
    QCOMPARE(env(jobId, QStringLiteral("worker-1")).value(QStringLiteral("CUDA_VISIBLE_DEVICES")),
             QJsonValue(QStringLiteral("0")));
}

void TestGpus::noGpuRunsOnTheCpu_data()
{
    QTest::addColumn<QString>("description"); // empty: no NVML library at all
    QTest::newRow("driver, no GPU") << QStringLiteral("0gpu.txt");
    QTest::newRow("no driver") << QStringLiteral("no-driver.txt");
    QTest::newRow("no library") << QString();
}

void TestGpus::noGpuRunsOnTheCpu()
{
    QFETCH(QString, description);
    const QString jobId = tagId(QStringLiteral("gpus_none_"));
    const QString config = spec(jobId, 1, pool(QStringLiteral("worker"), 1, 1), 2);
    CliRun run;
    if (description.isEmpty()) {
        QProcessEnvironment none;
        none.insert(QStringLiteral("LD_LIBRARY_PATH"), path(QStringLiteral("nolib")));
        m_port += 20;
        run = runCli(m_home,
                     {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                      jobId, QStringLiteral("--config"), config, QStringLiteral("--start-port"),
                      QString::number(m_port)},
                     90000, none);
    } else {
        run = submit(jobId, config, description);
    }
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    QCOMPARE(run.err.count("this machine has none"), 1); // one note
    // As today: the environment is left alone.
    QVERIFY(
        !env(jobId, QStringLiteral("chief-0")).contains(QStringLiteral("CUDA_VISIBLE_DEVICES")));
    QVERIFY(
        !env(jobId, QStringLiteral("worker-0")).contains(QStringLiteral("CUDA_VISIBLE_DEVICES")));
}

void TestGpus::localGpusListsThem()
{
    const CliRun four = runCli(m_home, {QStringLiteral("local"), QStringLiteral("gpus")}, 20000,
                               nvml(QStringLiteral("4gpu-a100.txt")));
    QCOMPARE(four.exitCode, 0);
    const QList<QByteArray> lines = four.out.trimmed().split('\n');
    QVERIFY2(lines.size() >= 5, four.out.constData());
    QVERIFY(lines.at(0).startsWith("INDEX") && lines.at(0).contains("UUID") &&
            lines.at(0).contains("MEMORY"));
    QVERIFY(lines.at(3).startsWith("2 ") && lines.at(3).contains("NVIDIA A100-SXM4-80GB") &&
            lines.at(3).contains("GPU-a1000000-0000-4000-8000-000000000002") &&
            lines.at(3).contains("81920 MiB"));
    const CliRun none = runCli(m_home, {QStringLiteral("local"), QStringLiteral("gpus")}, 20000,
                               nvml(QStringLiteral("no-driver.txt")));
    QCOMPARE(none.exitCode, 0);
    QVERIFY2(none.out.startsWith("No GPU: "), none.out.constData());
}

void TestGpus::trialsArePackedOnTwoGpus()
{
    // Four trials, each wanting one GPU, maxParallelTrials 4, on two GPUs: two at a time, each
    // on its own GPU; the next starts as one ends.
    const QString jobId = QStringLiteral("gpus_trials");
    const QString config = spec(jobId, 1, QString(), 1, QStringLiteral("hptrainer"),
                                {QStringLiteral("--sleep"), QStringLiteral("1")},
                                QStringLiteral("    maxTrials: 4\n"
                                               "    maxParallelTrials: 4\n"
                                               "    algorithm: GRID_SEARCH\n"
                                               "    params:\n"
                                               "      - {parameterName: units, type: DISCRETE,"
                                               " discreteValues: [1, 2, 3, 4]}\n"));
    const CliRun run = submit(jobId, config, QStringLiteral("2gpu-t4.txt"),
                              {QStringLiteral("--max-local-trials"), QStringLiteral("0")});
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains("so 2 run at once"), run.err.constData());
    const store::JobState state = jobStore().readState(jobId).state;
    QCOMPARE(state.state, JobStatus::Succeeded);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->trials.size(), 4);
    QHash<QString, QString> gpuOf;
    for (const store::TrialState &t : state.tuning->trials) {
        QCOMPARE(t.state, JobStatus::Succeeded);
        const QJsonObject dump =
            readJson(path(jobId) + QStringLiteral("/hp-chief-0-trial-%1.json").arg(t.trialId));
        gpuOf.insert(t.trialId, dump.value(QStringLiteral("cuda_visible_devices")).toString());
        QVERIFY2(gpuOf.value(t.trialId) == QLatin1String("0") ||
                     gpuOf.value(t.trialId) == QLatin1String("1"),
                 qPrintable(gpuOf.value(t.trialId)));
    }
    // At each trial's start, the trials running then: at most two, on different GPUs.
    int maxOverlap = 0;
    for (const store::TrialState &a : state.tuning->trials) {
        QSet<QString> gpusInUse;
        int overlap = 0;
        for (const store::TrialState &b : state.tuning->trials) {
            if (b.startTime <= a.startTime && a.startTime < b.endTime) {
                ++overlap;
                QVERIFY2(!gpusInUse.contains(gpuOf.value(b.trialId)), "two trials on one GPU");
                gpusInUse.insert(gpuOf.value(b.trialId));
            }
        }
        maxOverlap = qMax(maxOverlap, overlap);
    }
    QCOMPARE(maxOverlap, 2);
}

void TestGpus::cpuTrialsRunSideBySide()
{
    const QString jobId = QStringLiteral("gpus_cpu_trials");
    const QString config = spec(jobId, 0, QString(), 1, QStringLiteral("hptrainer"),
                                {QStringLiteral("--sleep"), QStringLiteral("2")},
                                QStringLiteral("    maxTrials: 3\n"
                                               "    maxParallelTrials: 3\n"
                                               "    algorithm: GRID_SEARCH\n"
                                               "    params:\n"
                                               "      - {parameterName: units, type: DISCRETE,"
                                               " discreteValues: [1, 2, 3]}\n"));
    const CliRun run = submit(jobId, config, QStringLiteral("0gpu.txt"));
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    const store::JobState state = jobStore().readState(jobId).state;
    QCOMPARE(state.state, JobStatus::Succeeded);
    QCOMPARE(state.tuning->trials.size(), 3);
    // All three ran at once.
    const auto &t = state.tuning->trials;
    for (const store::TrialState &a : t) {
        for (const store::TrialState &b : t)
            QVERIFY(a.startTime < b.endTime);
    }
    // Each trial's logs are its own, though they interleaved.
    for (int n = 1; n <= 3; ++n) {
        QFile log(jobStore().logPath(jobId, QStringLiteral("chief-0.trial-%1").arg(n)));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray text = log.readAll();
        QVERIFY2(text.contains(QByteArray("chief-0 trial " + QByteArray::number(n) + " values")),
                 text.constData());
    }
    // Three replicas at once on a machine with fewer cores say so.
    if (QThread::idealThreadCount() < 3)
        QVERIFY2(run.err.contains("they compete for the CPU"), run.err.constData());
}

void TestGpus::aTrialFailsWhileOthersRun()
{
    const QString jobId = QStringLiteral("gpus_trial_fails");
    const QString config = spec(jobId, 0, QString(), 1, QStringLiteral("hptrainer"),
                                {QStringLiteral("--sleep"), QStringLiteral("2"),
                                 QStringLiteral("--fail-when"), QStringLiteral("units=2")},
                                QStringLiteral("    maxTrials: 3\n"
                                               "    maxParallelTrials: 3\n"
                                               "    algorithm: GRID_SEARCH\n"
                                               "    params:\n"
                                               "      - {parameterName: units, type: DISCRETE,"
                                               " discreteValues: [1, 2, 3]}\n"));
    const CliRun run = submit(jobId, config, QStringLiteral("0gpu.txt"));
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    const store::JobState state = jobStore().readState(jobId).state;
    QCOMPARE(state.state, JobStatus::Succeeded);
    const auto &t = state.tuning->trials;
    QCOMPARE(t.size(), 3);
    QCOMPARE(t.at(0).state, JobStatus::Succeeded);
    QCOMPARE(t.at(1).state, JobStatus::Failed);
    QCOMPARE(t.at(2).state, JobStatus::Succeeded);
    QVERIFY(t.at(1).endTime < t.at(0).endTime); // it failed while the others ran on
    QVERIFY(t.at(0).finalMetric && t.at(2).finalMetric);
}

void TestGpus::cancelStopsEveryRunningTrial()
{
    const QString jobId = QStringLiteral("gpus_trials_cancel");
    const QString config = spec(jobId, 1, QString(), 1, QStringLiteral("hptrainer"),
                                {QStringLiteral("--sleep"), QStringLiteral("60")},
                                QStringLiteral("    maxTrials: 3\n"
                                               "    maxParallelTrials: 3\n"
                                               "    algorithm: GRID_SEARCH\n"
                                               "    params:\n"
                                               "      - {parameterName: units, type: DISCRETE,"
                                               " discreteValues: [1, 2, 3]}\n"));
    const CliRun submitted = submit(jobId, config, QStringLiteral("2gpu-t4.txt"), {}, true);
    QVERIFY2(submitted.exitCode == 0, submitted.err.constData());
    const store::JobState running = waitForState(jobStore(), jobId, [](const auto &s) {
        return s.state == JobStatus::Running && s.replicas.size() == 2 &&
               std::all_of(s.replicas.cbegin(), s.replicas.cend(),
                           [](const store::ReplicaState &r) { return r.pgid > 0; });
    });
    // Two trials run (two GPUs, one each); the third waits.
    QCOMPARE(running.replicas.size(), 2);
    QCOMPARE(running.replicas.at(0).trialId, QStringLiteral("1"));
    QCOMPARE(running.replicas.at(1).trialId, QStringLiteral("2"));
    QCOMPARE(running.replicas.at(0).cudaVisibleDevices,
             std::optional<QString>(QStringLiteral("0")));
    QCOMPARE(running.replicas.at(1).cudaVisibleDevices,
             std::optional<QString>(QStringLiteral("1")));
    const CliRun cancel =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("cancel"), jobId}, 30000);
    QVERIFY2(cancel.exitCode == 0, cancel.err.constData());
    const store::JobState state = waitForState(jobStore(), jobId, isTerminal);
    QCOMPARE(state.state, JobStatus::Cancelled);
    QCOMPARE(state.tuning->trials.size(), 2);
    for (const store::TrialState &t : state.tuning->trials)
        QCOMPARE(t.state, JobStatus::Cancelled);
    for (const store::ReplicaState &r : running.replicas) {
        QVERIFY(!processExists(r.pid));
        QVERIFY(!groupExists(r.pgid));
    }
    QVERIFY(!QFileInfo::exists(path(jobId) + QStringLiteral("/hp-chief-0-trial-3.json")));
}

QTEST_GUILESS_MAIN(TestGpus)
#include "tst_gpus.moc"
