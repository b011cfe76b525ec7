// SPDX-License-Identifier: MIT
// Hyperparameter tuning jobs run locally as trials, with real processes: the owner runs the
// trials one after the other, each replica of a trial gets its trial's values and ID, and the
// job's state and `jobs describe` show the trials best first. The trainer is
// tests/fixtures/trainers/fixtrainer/hptrainer.py.
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;

namespace {

bool isTerminal(const store::JobState &s)
{
    return s.isTerminal();
}

double sumOfNumbers(const QMap<QString, QString> &values)
{
    double total = 0;
    for (const QString &v : values) {
        bool ok = false;
        const double d = v.toDouble(&ok);
        if (ok)
            total += d;
    }
    return total;
}

// The trial IDs in the order `jobs describe` prints them.
QStringList describedTrialIds(const QByteArray &yaml)
{
    QStringList ids;
    const QRegularExpression re(QStringLiteral("trialId: \"?'?(\\d+)"));
    for (auto it = re.globalMatch(QString::fromUtf8(yaml)); it.hasNext();)
        ids << it.next().captured(1);
    return ids;
}

} // namespace

class TestTrials : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void trialsGetTheirValuesAndAreDescribedBestFirst();
    void localCapIsNoted();
    void gridSearchWalksTheGridInOrder();
    void failedTrialDoesNotFailTheJob();
    void firstTrialFailingEndsTheJob();
    void maxFailedTrialsFailsTheJob();
    void firstTrialFailingStopsTheTrialsBeside();
    void cancelDuringATrial();
    void earlyStoppingStopsUnpromisingTrials();
    void bayesianTrialsAndResumedStudy();
    void resumeRefusedBeforeAnythingStarts();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    store::JobStore jobStore() const { return store::JobStore(m_home); }
    // A spec running hptrainer with `workers` workers, the hyperparameters block (YAML lines
    // indented four spaces under `hyperparameters:`) and the trainer's extra args.
    QString spec(const QString &jobId, int workers, const QString &hyperparameters,
                 const QStringList &args);
    store::JobState submitAndWait(const QString &jobId, const QString &config,
                                  const QStringList &more);

    QTemporaryDir m_tmp;
    QString m_home;
};

void TestTrials::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    QVERIFY(m_tmp.isValid());
    m_home = path(QStringLiteral("store"));
    QVERIFY(QDir().mkpath(m_home));
}

QString TestTrials::spec(const QString &jobId, int workers, const QString &hyperparameters,
                         const QStringList &args)
{
    QString yaml = QString::fromUtf8(
        customSpec(QStringLiteral("hptrainer"), workers, 0, 0, path(jobId), args));
    yaml.replace(QStringLiteral("trainyardLocal:"), QStringLiteral("  hyperparameters:\n") +
                                                        hyperparameters +
                                                        QStringLiteral("trainyardLocal:"));
    return writeFile(path(jobId + QStringLiteral(".yaml")), yaml.toUtf8());
}

store::JobState TestTrials::submitAndWait(const QString &jobId, const QString &config,
                                          const QStringList &more)
{
    const CliRun run = runCli(
        m_home,
        QStringList{QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                    jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                    QStringLiteral("--grace-period"), QStringLiteral("2")} +
            more,
        20000);
    if (run.exitCode != 0)
        qWarning("submit failed: %s", run.err.constData());
    return waitForState(jobStore(), jobId, isTerminal, 60000);
}

void TestTrials::trialsGetTheirValuesAndAreDescribedBestFirst()
{
    const QString jobId = QStringLiteral("hp_three_trials");
    const QString out = path(jobId);
    const QString config =
        spec(jobId, 1,
             QStringLiteral("    goal: MAXIMIZE\n"
                            "    hyperparameterMetricTag: accuracy\n"
                            "    maxTrials: 3\n"
                            "    maxParallelTrials: 2\n"
                            "    params:\n"
                            "      - {parameterName: learning_rate, type: DOUBLE, minValue: 0.0001,"
                            " maxValue: 0.1, scaleType: UNIT_LOG_SCALE}\n"
                            "      - {parameterName: units, type: INTEGER, minValue: 1,"
                            " maxValue: 50, scaleType: UNIT_LINEAR_SCALE}\n"
                            "      - {parameterName: optimizer, type: CATEGORICAL,"
                            " categoricalValues: [adam, sgd]}\n"),
             {QStringLiteral("--expect"), QStringLiteral("2"), QStringLiteral("--metric-tag"),
              QStringLiteral("accuracy")});
    // Not --async: the logs stream until the end, per trial.
    const CliRun run =
        runCli(m_home,
               {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"), jobId,
                QStringLiteral("--config"), config, QStringLiteral("--start-port"),
                QStringLiteral("29900"), QStringLiteral("--grace-period"), QStringLiteral("2")},
               90000);
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    for (int t = 1; t <= 3; ++t) {
        for (const char *name : {"chief-0", "worker-0"}) {
            const QByteArray line = QByteArray(name) + ".trial-" + QByteArray::number(t) + ": " +
                                    name + " trial " + QByteArray::number(t) + " values";
            QVERIFY2(run.out.contains(line), line.constData());
        }
    }

    const store::StateReadResult read = jobStore().readState(jobId);
    QVERIFY(read);
    const store::JobState &state = read.state;
    QCOMPARE(state.state, JobStatus::Succeeded);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->hyperparameterMetricTag, QStringLiteral("accuracy"));
    QCOMPARE(state.tuning->trials.size(), 3);
    QCOMPARE(state.tuning->completedTrialCount(), 3);
    QSet<QString> distinct;
    for (int t = 1; t <= 3; ++t) {
        const store::TrialState &trial = state.tuning->trials.at(t - 1);
        QCOMPARE(trial.trialId, QString::number(t));
        QCOMPARE(trial.state, JobStatus::Succeeded);
        QVERIFY(trial.startTime.isValid() && trial.endTime >= trial.startTime);
        QCOMPARE(trial.hyperparameters.size(), 3);
        distinct.insert(trial.hyperparameters.value(QStringLiteral("learning_rate")));
        const double lr = trial.hyperparameters.value(QStringLiteral("learning_rate")).toDouble();
        QVERIFY(lr >= 0.0001 && lr <= 0.1);
        QVERIFY(trial.finalMetric);
        QCOMPARE(trial.finalMetric->trainingStep, qint64(30));
        QVERIFY(qAbs(trial.finalMetric->objectiveValue - sumOfNumbers(trial.hyperparameters)) <
                1e-9);
        for (const QString &name : {QStringLiteral("chief-0"), QStringLiteral("worker-0")}) {
            const QJsonObject dump =
                readJson(out + QStringLiteral("/hp-%1-trial-%2.json").arg(name).arg(t));
            QVERIFY2(!dump.isEmpty(), qPrintable(name));
            const QJsonObject task = dump.value(QStringLiteral("tf_config"))
                                         .toObject()
                                         .value(QStringLiteral("task"))
                                         .toObject();
            QCOMPARE(task.value(QStringLiteral("trial")), QJsonValue(QString::number(t)));
            QCOMPARE(dump.value(QStringLiteral("trial_env")).toString(), QString::number(t));
            const QJsonObject values = dump.value(QStringLiteral("values")).toObject();
            QCOMPARE(values.size(), 3);
            for (auto it = trial.hyperparameters.cbegin(); it != trial.hyperparameters.cend(); ++it)
                QCOMPARE(values.value(it.key()).toString(), it.value());
            QCOMPARE(dump.value(QStringLiteral("model_dir")).toString(),
                     out + QStringLiteral("/%1/model/").arg(t));
            QCOMPARE(
                dump.value(QStringLiteral("metric_file")).toString(),
                jobStore().hypertuneMetricPath(jobId, name + QStringLiteral(".trial-%1").arg(t)));
            QVERIFY(QFileInfo::exists(
                jobStore().logPath(jobId, name + QStringLiteral(".trial-%1").arg(t))));
        }
    }
    QCOMPARE(distinct.size(), 3);
    QVERIFY(!QFileInfo::exists(jobStore().logPath(jobId, QStringLiteral("chief-0"))));

    const CliRun described =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), jobId});
    QCOMPARE(described.exitCode, 0);
    const QByteArray &yaml = described.out;
    QVERIFY2(yaml.contains("trainingOutput:"), yaml.constData());
    QVERIFY(yaml.contains("isHyperparameterTuningJob: true"));
    QVERIFY(yaml.contains("hyperparameterMetricTag: accuracy"));
    QVERIFY(QRegularExpression(QStringLiteral("completedTrialCount: \"?'?3"))
                .match(QString::fromUtf8(yaml))
                .hasMatch());
    QVERIFY(yaml.contains("3 of 3 trials run locally"));
    QVERIFY(yaml.indexOf("trainingInput:") < yaml.indexOf("trainingOutput:"));
    QList<store::TrialState> expected = state.tuning->trials;
    std::sort(expected.begin(), expected.end(), [](const auto &a, const auto &b) {
        return a.finalMetric->objectiveValue > b.finalMetric->objectiveValue;
    });
    QStringList expectedIds;
    for (const store::TrialState &t : expected)
        expectedIds << t.trialId;
    QCOMPARE(describedTrialIds(yaml), expectedIds);
}

void TestTrials::localCapIsNoted()
{
    const QString jobId = QStringLiteral("hp_capped");
    const QString config =
        spec(jobId, 0,
             QStringLiteral("    maxTrials: 5\n"
                            "    algorithm: RANDOM_SEARCH\n"
                            "    params:\n"
                            "      - {parameterName: dropout, type: DOUBLE, minValue: 0.1,"
                            " maxValue: 0.5}\n"),
             {});
    const store::JobState state =
        submitAndWait(jobId, config,
                      {QStringLiteral("--start-port"), QStringLiteral("29920"),
                       QStringLiteral("--max-local-trials"), QStringLiteral("2")});
    QCOMPARE(state.state, JobStatus::Succeeded);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->trials.size(), 2);
    QCOMPARE(state.tuning->maxTrials, qint64(5));
    QCOMPARE(state.tuning->localTrials, 2);
    QFile ownerLog(jobStore().jobDir(jobId) + QStringLiteral("/owner.log"));
    QVERIFY(ownerLog.open(QIODevice::ReadOnly));
    QVERIFY(ownerLog.readAll().contains("2 of 5 trials run locally"));
    const CliRun described =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), jobId});
    QVERIFY2(described.out.contains("2 of 5 trials run locally"), described.out.constData());
}

void TestTrials::gridSearchWalksTheGridInOrder()
{
    const QString jobId = QStringLiteral("hp_grid");
    const QString config =
        spec(jobId, 0,
             QStringLiteral("    maxTrials: 10\n"
                            "    goal: MINIMIZE\n"
                            "    algorithm: GRID_SEARCH\n"
                            "    params:\n"
                            "      - {parameterName: units, type: INTEGER, minValue: 1,"
                            " maxValue: 2}\n"
                            "      - {parameterName: optimizer, type: CATEGORICAL,"
                            " categoricalValues: [adam, sgd]}\n"),
             {});
    const store::JobState state =
        submitAndWait(jobId, config,
                      {QStringLiteral("--start-port"), QStringLiteral("29940"),
                       QStringLiteral("--max-local-trials"), QStringLiteral("0")});
    QCOMPARE(state.state, JobStatus::Succeeded);
    QVERIFY(state.tuning);
    QStringList visited;
    for (const store::TrialState &t : state.tuning->trials)
        visited << t.hyperparameters.value(QStringLiteral("units")) + QLatin1Char('/') +
                       t.hyperparameters.value(QStringLiteral("optimizer"));
    QCOMPARE(visited, (QStringList{QStringLiteral("1/adam"), QStringLiteral("1/sgd"),
                                   QStringLiteral("2/adam"), QStringLiteral("2/sgd")}));
    // MINIMIZE: the smallest objective (units 1) first.
    const QList<store::TrialState> best = state.tuning->trialsBestFirst();
    QCOMPARE(best.first().hyperparameters.value(QStringLiteral("units")), QStringLiteral("1"));
}

void TestTrials::failedTrialDoesNotFailTheJob()
{
    const QString jobId = QStringLiteral("hp_one_fails");
    const QString config = spec(jobId, 0,
                                QStringLiteral("    maxTrials: 3\n"
                                               "    algorithm: GRID_SEARCH\n"
                                               "    params:\n"
                                               "      - {parameterName: dropout, type: DISCRETE,"
                                               " discreteValues: [0.1, 0.2, 0.3]}\n"),
                                {QStringLiteral("--fail-when"), QStringLiteral("dropout=0.2")});
    const store::JobState state =
        submitAndWait(jobId, config,
                      {QStringLiteral("--start-port"), QStringLiteral("29960"),
                       QStringLiteral("--max-restarts"), QStringLiteral("0")});
    QCOMPARE(state.state, JobStatus::Succeeded);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->trials.size(), 3);
    QCOMPARE(state.tuning->trials.at(0).state, JobStatus::Succeeded);
    QCOMPARE(state.tuning->trials.at(1).state, JobStatus::Failed);
    QCOMPARE(state.tuning->trials.at(1).hyperparameters.value(QStringLiteral("dropout")),
             QStringLiteral("0.2"));
    QVERIFY2(state.tuning->trials.at(1).errorMessage.contains(QLatin1String("exited with code 3")),
             qPrintable(state.tuning->trials.at(1).errorMessage));
    QVERIFY(!state.tuning->trials.at(1).finalMetric);
    QCOMPARE(state.tuning->trials.at(2).state, JobStatus::Succeeded);
    QCOMPARE(state.tuning->completedTrialCount(), 2);
    // The failed trial comes last in describe's order (it has no metric): 3, 1, 2.
    const CliRun described =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), jobId});
    QCOMPARE(describedTrialIds(described.out),
             (QStringList{QStringLiteral("3"), QStringLiteral("1"), QStringLiteral("2")}));
}

void TestTrials::firstTrialFailingEndsTheJob()
{
    const QString jobId = QStringLiteral("hp_first_fails");
    const QString config = spec(jobId, 0,
                                QStringLiteral("    maxTrials: 3\n"
                                               "    algorithm: GRID_SEARCH\n"
                                               "    params:\n"
                                               "      - {parameterName: dropout, type: DISCRETE,"
                                               " discreteValues: [0.1, 0.2, 0.3]}\n"),
                                {QStringLiteral("--fail-when"), QStringLiteral("dropout=0.1")});
    const store::JobState state =
        submitAndWait(jobId, config,
                      {QStringLiteral("--start-port"), QStringLiteral("29970"),
                       QStringLiteral("--max-restarts"), QStringLiteral("0")});
    QCOMPARE(state.state, JobStatus::Failed);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->trials.size(), 1); // maxFailedTrials 0: every trial so far failed
    QVERIFY2(state.errorMessage.contains(QLatin1String("Trial 1: The replica chief-0 exited")),
             qPrintable(state.errorMessage));
}

void TestTrials::maxFailedTrialsFailsTheJob()
{
    // As the service: once maxFailedTrials trials failed, the job FAILS, whatever succeeded.
    const QString jobId = QStringLiteral("hp_max_failed");
    const QString config = spec(jobId, 0,
                                QStringLiteral("    maxTrials: 3\n"
                                               "    maxFailedTrials: 1\n"
                                               "    algorithm: GRID_SEARCH\n"
                                               "    params:\n"
                                               "      - {parameterName: dropout, type: DISCRETE,"
                                               " discreteValues: [0.1, 0.2, 0.3]}\n"),
                                {QStringLiteral("--fail-when"), QStringLiteral("dropout=0.2")});
    const store::JobState state =
        submitAndWait(jobId, config,
                      {QStringLiteral("--start-port"), QStringLiteral("29990"),
                       QStringLiteral("--max-restarts"), QStringLiteral("0")});
    QCOMPARE(state.state, JobStatus::Failed);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->trials.size(), 2);
    QCOMPARE(state.tuning->trials.at(0).state, JobStatus::Succeeded);
    QCOMPARE(state.tuning->trials.at(1).state, JobStatus::Failed);
    QVERIFY2(state.errorMessage.contains(QLatin1String("maxFailedTrials")) &&
                 state.errorMessage.contains(QLatin1String("Trial 2: ")),
             qPrintable(state.errorMessage));
}

void TestTrials::cancelDuringATrial()
{
    const QString jobId = QStringLiteral("hp_cancelled");
    const QString config =
        spec(jobId, 1,
             QStringLiteral("    maxTrials: 3\n"
                            "    params:\n"
                            "      - {parameterName: units, type: INTEGER, minValue: 1,"
                            " maxValue: 9}\n"),
             {QStringLiteral("--expect"), QStringLiteral("2"), QStringLiteral("--sleep"),
              QStringLiteral("60")});
    const CliRun submitted = runCli(
        m_home, {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 jobId, QStringLiteral("--config"), config, QStringLiteral("--async"),
                 QStringLiteral("--grace-period"), QStringLiteral("1"),
                 QStringLiteral("--start-port"), QStringLiteral("29980")});
    QVERIFY2(submitted.exitCode == 0, submitted.err.constData());
    const QString chiefDump = path(jobId) + QStringLiteral("/hp-chief-0-trial-1.json");
    const QString workerDump = path(jobId) + QStringLiteral("/hp-worker-0-trial-1.json");
    QVERIFY(QTest::qWaitFor(
        [&] { return QFileInfo::exists(chiefDump) && QFileInfo::exists(workerDump); }, 20000));
    const store::JobState running = waitForState(jobStore(), jobId, [](const auto &s) {
        return s.state == JobStatus::Running && !s.replicas.isEmpty() &&
               std::all_of(s.replicas.cbegin(), s.replicas.cend(),
                           [](const store::ReplicaState &r) { return r.pgid > 0; });
    });
    QCOMPARE(running.state, JobStatus::Running);

    const CliRun cancel =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("cancel"), jobId}, 30000);
    QVERIFY2(cancel.exitCode == 0, cancel.err.constData());
    const store::JobState state = waitForState(jobStore(), jobId, isTerminal);
    QCOMPARE(state.state, JobStatus::Cancelled);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->trials.size(), 1);
    QCOMPARE(state.tuning->trials.at(0).state, JobStatus::Cancelled);
    for (const QString &dump : {chiefDump, workerDump}) {
        const QJsonObject o = readJson(dump);
        QVERIFY(!processExists(o.value(QStringLiteral("pid")).toInteger()));
        QVERIFY(!groupExists(o.value(QStringLiteral("pgid")).toInteger()));
    }
    for (const store::ReplicaState &r : state.replicas)
        QVERIFY(!groupExists(r.pgid));
    QVERIFY(!QFileInfo::exists(path(jobId) + QStringLiteral("/hp-chief-0-trial-2.json")));
}

void TestTrials::firstTrialFailingStopsTheTrialsBeside()
{
    // The service's rule without maxFailedTrials: the first trial failing ends the job at once,
    // also while another trial runs beside it.
    const QString jobId = QStringLiteral("hp_first_fails_parallel");
    const QString config = spec(jobId, 0,
                                QStringLiteral("    maxTrials: 4\n"
                                               "    maxParallelTrials: 2\n"
                                               "    algorithm: GRID_SEARCH\n"
                                               "    params:\n"
                                               "      - {parameterName: dropout, type: DISCRETE,"
                                               " discreteValues: [0.1, 0.2, 0.3, 0.4]}\n"),
                                {QStringLiteral("--fail-when"), QStringLiteral("dropout=0.1"),
                                 QStringLiteral("--sleep"), QStringLiteral("30")});
    QElapsedTimer timer;
    timer.start();
    const store::JobState state =
        submitAndWait(jobId, config,
                      {QStringLiteral("--start-port"), QStringLiteral("30010"),
                       QStringLiteral("--max-restarts"), QStringLiteral("0")});
    QVERIFY2(timer.elapsed() < 25000, "the trial beside was not stopped");
    QCOMPARE(state.state, JobStatus::Failed);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->trials.size(), 2);
    QCOMPARE(state.tuning->trials.at(0).state, JobStatus::Failed);
    QCOMPARE(state.tuning->trials.at(1).state, JobStatus::Cancelled);
    QVERIFY2(state.errorMessage.contains(QLatin1String("The first trial failed")) &&
                 state.errorMessage.contains(QLatin1String("Trial 1: ")),
             qPrintable(state.errorMessage));
    const QJsonObject dump = readJson(path(jobId) + QStringLiteral("/hp-chief-0-trial-2.json"));
    QVERIFY(!processExists(dump.value(QStringLiteral("pid")).toInteger()));
}

void TestTrials::earlyStoppingStopsUnpromisingTrials()
{
    // Grid order: three good trials complete, then two whose reports are low from the start.
    // Each reports 10 times (steps 10..100), 0.12 s apart; the median stopping rule stops the
    // bad ones after their 4th report; each takes 0.3 s for its SIGTERM (saving) and exits.
    const QString jobId = QStringLiteral("hp_early_stopping");
    const QString config =
        spec(jobId, 0,
             QStringLiteral("    maxTrials: 5\n"
                            "    algorithm: GRID_SEARCH\n"
                            "    hyperparameterMetricTag: accuracy\n"
                            "    enableTrialEarlyStopping: true\n"
                            "    params:\n"
                            "      - {parameterName: quality, type: CATEGORICAL,"
                            " categoricalValues: ['0.9', '1.0', '0.8', '0.1', '0.2']}\n"),
             {QStringLiteral("--metric-tag"), QStringLiteral("accuracy"), QStringLiteral("--steps"),
              QStringLiteral("10"), QStringLiteral("--step-delay"), QStringLiteral("0.12"),
              QStringLiteral("--term-delay"), QStringLiteral("0.3")});
    const store::JobState state =
        submitAndWait(jobId, config,
                      {QStringLiteral("--start-port"), QStringLiteral("30030"),
                       QStringLiteral("--max-local-trials"), QStringLiteral("0")});
    QCOMPARE(state.state, JobStatus::Succeeded);
    QVERIFY(state.tuning);
    QCOMPARE(state.tuning->trials.size(), 5);
    for (int t = 1; t <= 5; ++t) {
        const store::TrialState &trial = state.tuning->trials.at(t - 1);
        const bool bad = t >= 4;
        QCOMPARE(trial.state, JobStatus::Succeeded);
        QCOMPARE(trial.isTrialStoppedEarly, bad);
        QVERIFY(trial.finalMetric);
        const double quality = trial.hyperparameters.value(QStringLiteral("quality")).toDouble();
        const QString term = path(jobId) + QStringLiteral("/hp-chief-0-trial-%1.term").arg(t);
        if (!bad) {
            QCOMPARE(trial.finalMetric->trainingStep, qint64(100));
            QVERIFY(!QFileInfo::exists(term));
            continue;
        }
        // Stopped after 4 reports and before the 10th; its last report is its final metric.
        QVERIFY2(trial.finalMetric->trainingStep >= 40 && trial.finalMetric->trainingStep < 100,
                 qPrintable(QString::number(trial.finalMetric->trainingStep)));
        QVERIFY(qAbs(trial.finalMetric->objectiveValue -
                     quality * double(trial.finalMetric->trainingStep) / 100) < 1e-9);
        // The grace period was honoured: the trainer had its 0.3 s to save after SIGTERM.
        const QJsonObject saved = readJson(term);
        QVERIFY2(!saved.isEmpty(), qPrintable(term));
        QCOMPARE(saved.value(QStringLiteral("last_step")).toInteger(),
                 trial.finalMetric->trainingStep);
        const QJsonObject dump =
            readJson(path(jobId) + QStringLiteral("/hp-chief-0-trial-%1.json").arg(t));
        QVERIFY(!processExists(dump.value(QStringLiteral("pid")).toInteger()));
        QVERIFY(!groupExists(dump.value(QStringLiteral("pgid")).toInteger()));
    }
    QFile ownerLog(jobStore().jobDir(jobId) + QStringLiteral("/owner.log"));
    QVERIFY(ownerLog.open(QIODevice::ReadOnly));
    QVERIFY(ownerLog.readAll().contains("median stopping rule"));
    // describe marks them, and the best trial is chosen among all: trial 2 (1.0) first.
    const CliRun described =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), jobId});
    QCOMPARE(described.out.count("isTrialStoppedEarly: true"), 2);
    QCOMPARE(describedTrialIds(described.out).constFirst(), QStringLiteral("2"));
}

void TestTrials::bayesianTrialsAndResumedStudy()
{
    // A Bayesian study of 3 trials, then a job resuming it for 2 more.
    const QString hp = QStringLiteral("    maxTrials: %1\n"
                                      "    hyperparameterMetricTag: accuracy\n"
                                      "%2"
                                      "    params:\n"
                                      "      - {parameterName: x, type: DOUBLE, minValue: 0,"
                                      " maxValue: 1}\n");
    const QStringList args{QStringLiteral("--metric-tag"), QStringLiteral("accuracy")};
    const QString first = QStringLiteral("hp_study_a");
    const store::JobState a =
        submitAndWait(first, spec(first, 0, hp.arg(3).arg(QString()), args),
                      {QStringLiteral("--start-port"), QStringLiteral("30050"),
                       QStringLiteral("--max-local-trials"), QStringLiteral("0")});
    QCOMPARE(a.state, JobStatus::Succeeded);
    QCOMPARE(a.tuning->trials.size(), 3);
    // The first trial of a study is the centre of the space.
    QCOMPARE(a.tuning->trials.at(0).hyperparameters.value(QStringLiteral("x")),
             QStringLiteral("0.5"));
    QFile logA(jobStore().jobDir(first) + QStringLiteral("/owner.log"));
    QVERIFY(logA.open(QIODevice::ReadOnly));
    QVERIFY(!logA.readAll().contains("sampled at random"));

    const QString second = QStringLiteral("hp_study_b");
    const store::JobState b = submitAndWait(
        second,
        spec(second, 0, hp.arg(2).arg(QStringLiteral("    resumePreviousJobId: %1\n").arg(first)),
             args),
        {QStringLiteral("--start-port"), QStringLiteral("30060"),
         QStringLiteral("--max-local-trials"), QStringLiteral("0")});
    QCOMPARE(b.state, JobStatus::Succeeded);
    QVERIFY(b.tuning);
    QCOMPARE(b.tuning->resumedJobId, first);
    QCOMPARE(b.tuning->resumedTrials, 3);
    QCOMPARE(b.tuning->trials.size(), 2);
    QCOMPARE(b.tuning->trials.at(0).trialId, QStringLiteral("4"));
    QCOMPARE(b.tuning->trials.at(1).trialId, QStringLiteral("5"));
    // The previous trials were observations: the Gaussian process chose trial 4 (a new study
    // would start at the centre), and neither repeats a previous value.
    QFile logB(jobStore().jobDir(second) + QStringLiteral("/owner.log"));
    QVERIFY(logB.open(QIODevice::ReadOnly));
    const QByteArray owner = logB.readAll();
    QVERIFY2(owner.contains("3 of its 3 trials are observations"), owner.constData());
    QVERIFY2(owner.contains("Trial 4 (1 of 2): x=") && owner.contains("(UCB "), owner.constData());
    for (const store::TrialState &t : b.tuning->trials) {
        for (const store::TrialState &p : a.tuning->trials)
            QVERIFY(t.hyperparameters != p.hyperparameters);
    }
    // The trials' own folders and logs continue the numbering too.
    QVERIFY(QFileInfo::exists(path(second) + QStringLiteral("/hp-chief-0-trial-4.json")));
    const CliRun described =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"), second});
    QVERIFY2(described.out.contains("resumedStudy: continues the study of hp_study_a (3 trial"),
             described.out.constData());
}

void TestTrials::resumeRefusedBeforeAnythingStarts()
{
    const QString hp = QStringLiteral("    maxTrials: 2\n"
                                      "    resumePreviousJobId: %1\n"
                                      "    params:\n"
                                      "      - {parameterName: x, type: DOUBLE, minValue: 0,"
                                      " maxValue: %2}\n");
    // A previous job that is not here.
    const QString missing = QStringLiteral("hp_resume_missing");
    CliRun run = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                                 QStringLiteral("training"), missing, QStringLiteral("--config"),
                                 spec(missing, 0, hp.arg(QStringLiteral("no_such_job")).arg(1), {}),
                                 QStringLiteral("--async")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("resumePreviousJobId") && run.err.contains("no job no_such_job"),
             run.err.constData());
    QVERIFY(!QFileInfo::exists(jobStore().jobDir(missing)));

    // A previous job with another range: what differs is named.
    const QString previous = QStringLiteral("hp_resume_base");
    const store::JobState base =
        submitAndWait(previous,
                      spec(previous, 0,
                           QStringLiteral("    maxTrials: 1\n"
                                          "    params:\n"
                                          "      - {parameterName: x, type: DOUBLE, minValue: 0,"
                                          " maxValue: 1}\n"),
                           {}),
                      {QStringLiteral("--start-port"), QStringLiteral("30070")});
    QCOMPARE(base.state, JobStatus::Succeeded);
    const QString differs = QStringLiteral("hp_resume_differs");
    run =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                        QStringLiteral("training"), differs, QStringLiteral("--config"),
                        spec(differs, 0, hp.arg(previous).arg(2), {}), QStringLiteral("--async")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("parameter x: DOUBLE 0..2 NONE here, DOUBLE 0..1 NONE in the "
                              "previous job"),
             run.err.constData());
    QVERIFY(!QFileInfo::exists(jobStore().jobDir(differs)));
}

QTEST_GUILESS_MAIN(TestTrials)
#include "tst_trials.moc"
