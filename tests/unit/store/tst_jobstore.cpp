// SPDX-License-Identifier: MIT
// The job store on disk: root, creation, unique IDs, listing (also of broken jobs), deletion.
#include "jobspec/job.h"
#include "jobspec/yamlio.h"
#include "store/jobstore.h"
#include "store/ownerlock.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard::store;

namespace {

const QByteArray sampleConfig = QByteArrayLiteral(
    "jobId: census_1\ntrainingInput:\n  scaleTier: BASIC\n  region: us-central1\n");

bool writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

class TestJobStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void rootFromEnvironment();
    void rootDefaultsToAppData();
    void createWritesLayout();
    void createFromSpec();
    void secondCreateOfSameIdFails();
    void unstorableIds_data();
    void unstorableIds();
    void idsAndListAreSorted();
    void listReportsBrokenAndStatelessJobs_data();
    void listReportsBrokenAndStatelessJobs();
    void readStateFailures();
    void writeStateReplacesState();
    void deleteJob();
    void deleteRefusedWhileOwnerAlive();
    void paths();

private:
    std::unique_ptr<QTemporaryDir> m_home;
};

void TestJobStore::init()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
    qputenv("TRAINYARD_HOME", QFile::encodeName(m_home->path() + QStringLiteral("/store")));
}

void TestJobStore::cleanup()
{
    qunsetenv("TRAINYARD_HOME");
    m_home.reset();
}

void TestJobStore::rootFromEnvironment()
{
    JobStore store;
    QCOMPARE(store.root(), m_home->path() + QStringLiteral("/store"));
    // Created on demand: nothing exists before the first job.
    QVERIFY(!QFileInfo::exists(store.root()));
    QVERIFY(store.ids().isEmpty());
    QVERIFY(store.list().isEmpty());
    QVERIFY(store.createJob(QStringLiteral("first"), sampleConfig));
    QVERIFY(QFileInfo(store.root()).isDir());
}

void TestJobStore::rootDefaultsToAppData()
{
    qunsetenv("TRAINYARD_HOME");
    QCOMPARE(JobStore::defaultRoot(),
             QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                 QStringLiteral("/jobs"));
    qputenv("TRAINYARD_HOME", "");
    QCOMPARE(JobStore::defaultRoot(),
             QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                 QStringLiteral("/jobs"));
}

void TestJobStore::createWritesLayout()
{
    JobStore store;
    JobState initial;
    initial.errorMessage = QStringLiteral("just a marker");
    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    const StoreResult created = store.createJob(QStringLiteral("census_1"), sampleConfig, initial);
    QVERIFY2(created, qPrintable(created.errorMessage));

    const QString dir = store.jobDir(QStringLiteral("census_1"));
    QVERIFY(QFileInfo(dir).isDir());
    QVERIFY(QFileInfo(store.logsDir(QStringLiteral("census_1"))).isDir());
    QVERIFY(QFileInfo(store.metricsDir(QStringLiteral("census_1"))).isDir());
    QVERIFY(QFileInfo(store.hypertuneDir(QStringLiteral("census_1"))).isDir());

    QByteArray config;
    QVERIFY(store.readConfig(QStringLiteral("census_1"), &config));
    QCOMPARE(config, sampleConfig);

    const StateReadResult read = store.readState(QStringLiteral("census_1"));
    QVERIFY2(read, qPrintable(read.errorMessage));
    QCOMPARE(read.state.state, JobStatus::Queued);
    QCOMPARE(read.state.errorMessage, QStringLiteral("just a marker"));
    QVERIFY(read.state.createTime >= before);
    QVERIFY(read.state.createTime <= QDateTime::currentDateTimeUtc());
    QVERIFY(!store.isOwnerAlive(QStringLiteral("census_1")));
}

void TestJobStore::createFromSpec()
{
    trainyard::jobspec::Job job;
    job.jobId = QStringLiteral("census_spec");
    job.labels.insert(QStringLiteral("team"), QStringLiteral("ml"));
    job.trainingInput.scaleTier = QStringLiteral("BASIC");
    job.trainingInput.pythonModule = QStringLiteral("trainer.task");
    job.trainingInput.region = QStringLiteral("us-central1");
    job.local.packagePath = QStringLiteral("/home/me/trainer");
    job.local.env.append({QStringLiteral("TOKEN"), QString(), QStringLiteral("hf-token")});

    JobStore store;
    const StoreResult created = store.createJob(job);
    QVERIFY2(created, qPrintable(created.errorMessage));
    QCOMPARE(store.ids(), QStringList{QStringLiteral("census_spec")});
    // The store's copy carries the local part (package path, env) the owner needs to run it.
    QByteArray config;
    QVERIFY(store.readConfig(QStringLiteral("census_spec"), &config));
    QCOMPARE(config,
             trainyard::jobspec::exportYaml(job, trainyard::jobspec::ExportScope::WithLocal));
    QVERIFY(config.contains("/home/me/trainer"));

    QVERIFY(!store.createJob(job));
}

void TestJobStore::secondCreateOfSameIdFails()
{
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("census_1"), sampleConfig));
    JobState running;
    running.state = JobStatus::Running;
    QVERIFY(store.writeState(QStringLiteral("census_1"), running));

    const StoreResult again = store.createJob(QStringLiteral("census_1"), "other: 1\n");
    QVERIFY(!again);
    QVERIFY2(again.errorMessage.contains(QStringLiteral("census_1")),
             qPrintable(again.errorMessage));
    QVERIFY2(again.errorMessage.contains(QStringLiteral("already exists")),
             qPrintable(again.errorMessage));
    // The first job is untouched.
    QByteArray config;
    QVERIFY(store.readConfig(QStringLiteral("census_1"), &config));
    QCOMPARE(config, sampleConfig);
    QCOMPARE(store.readState(QStringLiteral("census_1")).state.state, JobStatus::Running);
    QCOMPARE(store.ids(), QStringList{QStringLiteral("census_1")});
}

void TestJobStore::unstorableIds_data()
{
    QTest::addColumn<QString>("jobId");
    QTest::newRow("empty") << QString();
    QTest::newRow("dot") << QStringLiteral(".");
    QTest::newRow("dot dot") << QStringLiteral("..");
    QTest::newRow("hidden") << QStringLiteral(".deleted-1-2");
    QTest::newRow("path") << QStringLiteral("../escape");
    QTest::newRow("slash") << QStringLiteral("a/b");
    QTest::newRow("nul") << QStringLiteral("a") + QChar(0) + QStringLiteral("b");
    QTest::newRow("too long") << QString(256, QLatin1Char('a'));
}

void TestJobStore::unstorableIds()
{
    QFETCH(QString, jobId);
    JobStore store;
    QVERIFY(!JobStore::isStorableJobId(jobId));
    const StoreResult created = store.createJob(jobId, sampleConfig);
    QVERIFY(!created);
    QVERIFY(!created.errorMessage.isEmpty());
    QVERIFY(!QFileInfo::exists(m_home->path() + QStringLiteral("/escape")));
    QVERIFY(store.ids().isEmpty());
    QVERIFY(!store.readState(jobId));
}

void TestJobStore::idsAndListAreSorted()
{
    JobStore store;
    const QStringList ids = {QStringLiteral("zeta"), QStringLiteral("Alpha"),
                             QStringLiteral("mid_2"), QStringLiteral("mid_10")};
    for (const QString &id : ids) {
        JobState s;
        s.state = JobStatus::Succeeded;
        s.errorMessage = id;
        QVERIFY(store.createJob(id, sampleConfig, s));
    }
    // Leftovers of the store itself and stray files are not jobs.
    QVERIFY(QDir(store.root()).mkdir(QStringLiteral(".deleted-1-2")));
    QVERIFY(writeRaw(store.root() + QStringLiteral("/notes.txt"), "hello"));

    QStringList sorted = ids;
    sorted.sort();
    QCOMPARE(store.ids(), sorted);
    const QList<JobEntry> entries = store.list();
    QCOMPARE(entries.size(), sorted.size());
    for (qsizetype i = 0; i < entries.size(); ++i) {
        QCOMPARE(entries.at(i).jobId, sorted.at(i));
        QCOMPARE(entries.at(i).source, JobEntry::StateSource::File);
        QCOMPARE(entries.at(i).state.state, JobStatus::Succeeded);
        QCOMPARE(entries.at(i).state.errorMessage, sorted.at(i));
    }
    QVERIFY(store.contains(QStringLiteral("mid_2")));
    QVERIFY(!store.contains(QStringLiteral("mid_3")));
    QVERIFY(!store.contains(QStringLiteral(".deleted-1-2")));
}

void TestJobStore::listReportsBrokenAndStatelessJobs_data()
{
    QTest::addColumn<QByteArray>("content"); // of state.json; "<none>" removes it
    QTest::addColumn<JobEntry::StateSource>("source");
    QTest::addColumn<QString>("message");
    QTest::newRow("garbage") << QByteArray("\x89PNG\r\n\x1a\n") << JobEntry::StateSource::Unreadable
                             << "not valid JSON";
    QTest::newRow("torn") << QByteArray(R"({"state":"RUNN)") << JobEntry::StateSource::Unreadable
                          << "not valid JSON";
    QTest::newRow("empty") << QByteArray() << JobEntry::StateSource::Unreadable << "not valid JSON";
    QTest::newRow("unknown state")
        << QByteArray(R"({"state":"HAPPY"})") << JobEntry::StateSource::Unreadable << "HAPPY";
    QTest::newRow("no state file")
        << QByteArray("<none>") << JobEntry::StateSource::Missing << QString();
}

void TestJobStore::listReportsBrokenAndStatelessJobs()
{
    QFETCH(QByteArray, content);
    QFETCH(JobEntry::StateSource, source);
    QFETCH(QString, message);
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("a_good"), sampleConfig));
    QVERIFY(store.createJob(QStringLiteral("b_broken"), sampleConfig));
    QVERIFY(store.createJob(QStringLiteral("c_good"), sampleConfig));
    const QString statePath = store.statePath(QStringLiteral("b_broken"));
    if (content == "<none>")
        QVERIFY(QFile::remove(statePath));
    else
        QVERIFY(writeRaw(statePath, content));

    const StateReadResult read = store.readState(QStringLiteral("b_broken"));
    QVERIFY(!read);
    QVERIFY2(read.errorMessage.contains(QStringLiteral("b_broken")), qPrintable(read.errorMessage));
    QVERIFY2(read.errorMessage.contains(message), qPrintable(read.errorMessage));

    const QList<JobEntry> entries = store.list();
    QCOMPARE(entries.size(), 3);
    QCOMPARE(entries.at(0).jobId, QStringLiteral("a_good"));
    QVERIFY(entries.at(0).stateKnown());
    QCOMPARE(entries.at(2).jobId, QStringLiteral("c_good"));
    QVERIFY(entries.at(2).stateKnown());
    const JobEntry &broken = entries.at(1);
    QCOMPARE(broken.jobId, QStringLiteral("b_broken"));
    QCOMPARE(broken.source, source);
    if (source == JobEntry::StateSource::Missing) {
        QVERIFY(broken.stateKnown());
        QCOMPARE(broken.state.state, JobStatus::Queued);
        QVERIFY(broken.state.createTime.isValid());
        QCOMPARE(read.failure, StateReadResult::Failure::NoState);
    } else {
        QVERIFY(!broken.stateKnown());
        QVERIFY2(broken.errorMessage.contains(message), qPrintable(broken.errorMessage));
        QCOMPARE(read.failure, StateReadResult::Failure::Unreadable);
    }
    // A broken job's ID stays taken.
    QVERIFY(!store.createJob(QStringLiteral("b_broken"), sampleConfig));
}

void TestJobStore::readStateFailures()
{
    JobStore store;
    const StateReadResult missing = store.readState(QStringLiteral("nope"));
    QVERIFY(!missing);
    QCOMPARE(missing.failure, StateReadResult::Failure::NoSuchJob);
    QVERIFY(missing.errorMessage.contains(QStringLiteral("nope")));
    QVERIFY(!store.writeState(QStringLiteral("nope"), JobState()));
    QVERIFY(!QFileInfo::exists(store.jobDir(QStringLiteral("nope"))));
    QByteArray config;
    QVERIFY(!store.readConfig(QStringLiteral("nope"), &config));
}

void TestJobStore::writeStateReplacesState()
{
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("job"), sampleConfig));
    JobState s;
    s.state = JobStatus::Running;
    s.startTime = QDateTime::fromMSecsSinceEpoch(1714566896001LL, Qt::UTC);
    ReplicaState r;
    r.name = QStringLiteral("master-0");
    r.pid = 77;
    s.replicas.append(r);
    QVERIFY(store.writeState(QStringLiteral("job"), s));
    QVERIFY(store.readState(QStringLiteral("job")).state == s);
    s.replicas.clear();
    s.state = JobStatus::Succeeded;
    QVERIFY(store.writeState(QStringLiteral("job"), s));
    QVERIFY(store.readState(QStringLiteral("job")).state == s);
    // No temporary files are left next to the state.
    const QStringList files = QDir(store.jobDir(QStringLiteral("job"))).entryList(QDir::Files);
    QCOMPARE(files, (QStringList{QStringLiteral("config.yaml"), QStringLiteral("state.json")}));
}

void TestJobStore::deleteJob()
{
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("gone"), sampleConfig));
    QVERIFY(writeRaw(store.logPath(QStringLiteral("gone"), QStringLiteral("master-0")), "x\n"));
    QVERIFY(store.createJob(QStringLiteral("kept"), sampleConfig));
    const StoreResult deleted = store.deleteJob(QStringLiteral("gone"));
    QVERIFY2(deleted, qPrintable(deleted.errorMessage));
    QCOMPARE(store.ids(), QStringList{QStringLiteral("kept")});
    QVERIFY(!QFileInfo::exists(store.jobDir(QStringLiteral("gone"))));
    // Nothing is left behind in the root, and the ID is free again.
    QCOMPARE(QDir(store.root()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("kept")});
    QVERIFY(store.createJob(QStringLiteral("gone"), sampleConfig));

    const StoreResult again = store.deleteJob(QStringLiteral("never"));
    QVERIFY(!again);
    QVERIFY(again.errorMessage.contains(QStringLiteral("never")));
}

void TestJobStore::deleteRefusedWhileOwnerAlive()
{
    JobStore store;
    QVERIFY(store.createJob(QStringLiteral("busy"), sampleConfig));
    OwnerLock owner;
    QVERIFY(owner.tryAcquire(store.ownerLockPath(QStringLiteral("busy"))));
    QVERIFY(store.isOwnerAlive(QStringLiteral("busy")));
    const StoreResult refused = store.deleteJob(QStringLiteral("busy"));
    QVERIFY(!refused);
    QVERIFY2(refused.errorMessage.contains(QStringLiteral("busy")),
             qPrintable(refused.errorMessage));
    QVERIFY(store.contains(QStringLiteral("busy")));
    owner.release();
    QVERIFY(!store.isOwnerAlive(QStringLiteral("busy")));
    QVERIFY(store.deleteJob(QStringLiteral("busy")));
    QVERIFY(!store.contains(QStringLiteral("busy")));
}

void TestJobStore::paths()
{
    JobStore store(m_home->path() + QStringLiteral("/other/../root"));
    const QString dir = m_home->path() + QStringLiteral("/root/j1");
    QCOMPARE(store.root(), m_home->path() + QStringLiteral("/root"));
    QCOMPARE(store.jobDir(QStringLiteral("j1")), dir);
    QCOMPARE(store.configPath(QStringLiteral("j1")), dir + QStringLiteral("/config.yaml"));
    QCOMPARE(store.statePath(QStringLiteral("j1")), dir + QStringLiteral("/state.json"));
    QCOMPARE(store.ownerLockPath(QStringLiteral("j1")), dir + QStringLiteral("/owner.lock"));
    QCOMPARE(store.logPath(QStringLiteral("j1"), QStringLiteral("worker-2")),
             dir + QStringLiteral("/logs/worker-2.log"));
    QCOMPARE(store.metricsDir(QStringLiteral("j1")), dir + QStringLiteral("/metrics"));
    QCOMPARE(store.hypertuneMetricPath(QStringLiteral("j1"), QStringLiteral("master-0")),
             dir + QStringLiteral("/hypertune/master-0.metrics"));
}

QTEST_GUILESS_MAIN(TestJobStore)
#include "tst_jobstore.moc"
