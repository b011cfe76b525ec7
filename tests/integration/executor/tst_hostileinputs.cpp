// SPDX-License-Identifier: MIT
// Issue 32: the owner never blocks or dies on what others put in its job's folder, and ports
// belong to the machine. With real owners and trainers:
//  - a FIFO (and a link to one) named like a rehearsal request, and a FIFO where the cancel
//    request goes: `jobs cancel` returns and the job ends CANCELLED (the owner had frozen in
//    open(2), `jobs cancel` too);
//  - a forged replica name with a fake timestamped line and escapes in a request: refused,
//    and owner.log gets neither;
//  - two stores (two users' runtime folders) starting jobs on the same start port at once get
//    distinct ports, and ports another owner claimed are skipped even before they are bound;
//  - a port taken meanwhile by another program is named with the program holding it.
#include "exec/ports.h"
#include "exec/rehearsal.h"
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <sys/stat.h>
#include <unistd.h>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;
using namespace Qt::Literals::StringLiterals;

class TestHostileInputs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fifosInTheRequestsNeverFreezeTheOwner();
    void forgedReplicaNameStaysOutOfOwnerLog();
    void claimedPortsAreSkippedByEveryStore();
    void twoStoresAtOnceGetDistinctPorts();
    void portTakenMeanwhileNamesItsHolder();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    // A job whose primary runs until cancelled (fixtrainer.sleeper waiting for more replicas).
    QString startSleeper(const QString &home, const QString &jobId);
    QByteArray ownerLog(const QString &home, const QString &jobId) const;

    QTemporaryDir m_tmp;
};

void TestHostileInputs::initTestCase()
{
    if (!QFileInfo(u"/usr/bin/python3"_s).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    QVERIFY(m_tmp.isValid());
}

QString TestHostileInputs::startSleeper(const QString &home, const QString &jobId)
{
    const QString config =
        writeFile(path(jobId + u".yaml"_s),
                  customSpec(u"sleeper"_s, 0, 0, 0, path(jobId), {u"--expect"_s, u"5"_s}));
    const CliRun run = runCli(
        home, {u"jobs"_s, u"submit"_s, u"training"_s, jobId, u"--config"_s, config, u"--async"_s},
        20000);
    if (run.exitCode != 0) {
        qWarning("submit failed: %s", run.err.constData());
        return {};
    }
    const store::JobState s = waitForState(store::JobStore(home), jobId, [](const auto &st) {
        return st.state == JobStatus::Running || st.isTerminal();
    });
    return s.state == JobStatus::Running ? store::JobStore(home).jobDir(jobId) : QString();
}

QByteArray TestHostileInputs::ownerLog(const QString &home, const QString &jobId) const
{
    QFile file(store::JobStore(home).jobDir(jobId) + u"/owner.log"_s);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestHostileInputs::fifosInTheRequestsNeverFreezeTheOwner()
{
    const QString home = path(u"fifo-store"_s);
    const QString jobId = u"fifo_job"_s;
    const QString dir = startSleeper(home, jobId);
    QVERIFY(!dir.isEmpty());
    const QString requests = dir + u"/requests"_s;
    QVERIFY(QDir().mkpath(requests));
    const QByteArray fifo = QFile::encodeName(requests + u"/pipe"_s);
    QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
    QVERIFY(
        QFile::link(requests + u"/pipe"_s, requests + u"/rehearse-0000000000001-00000001.json"_s));
    QCOMPARE(
        ::mkfifo(
            QFile::encodeName(requests + u"/rehearse-0000000000002-00000002.json"_s).constData(),
            0600),
        0);
    // A folder with something in it cannot be taken away: refused once, not on every poll.
    QVERIFY(QDir().mkpath(requests + u"/rehearse-0000000000003-00000003.json/inside"_s));
    // The cancel request's own name held by a FIFO: `jobs cancel` used to wait for a reader.
    QCOMPARE(::mkfifo(QFile::encodeName(dir + u"/cancel"_s).constData(), 0600), 0);
    QTest::qWait(500); // a few polls of the owner
    QCOMPARE(waitForState(store::JobStore(home), jobId, [](const auto &) { return true; }).state,
             JobStatus::Running);

    const CliRun cancel = runCli(home, {u"jobs"_s, u"cancel"_s, jobId}, 20000);
    QVERIFY2(cancel.finished, "jobs cancel hung");
    QVERIFY2(cancel.exitCode == 0, cancel.err.constData());
    const store::JobState s = waitForState(
        store::JobStore(home), jobId, [](const auto &st) { return st.isTerminal(); }, 15000);
    QCOMPARE(s.state, JobStatus::Cancelled);
    const QByteArray log = ownerLog(home, jobId);
    QVERIFY2(log.contains("rehearse-0000000000001-00000001.json is not a rehearsal request"),
             log.constData());
    QVERIFY2(log.contains("rehearse-0000000000002-00000002.json is not a rehearsal request"),
             log.constData());
    QCOMPARE(log.count("rehearse-0000000000003-00000003.json is not a rehearsal request"),
             qsizetype(1));
    // Taken away; the FIFO they pointed at is left alone.
    QVERIFY(!QFileInfo(requests + u"/rehearse-0000000000001-00000001.json"_s).isSymLink());
    QVERIFY(!QFileInfo::exists(requests + u"/rehearse-0000000000002-00000002.json"_s));
    QVERIFY(QFileInfo::exists(requests + u"/pipe"_s));
}

void TestHostileInputs::forgedReplicaNameStaysOutOfOwnerLog()
{
    const QString home = path(u"forged-store"_s);
    const QString jobId = u"forged_job"_s;
    QVERIFY(!startSleeper(home, jobId).isEmpty());
    // A name that would write a fake timestamped line and clear the screen of whoever reads
    // owner.log in a terminal.
    const QString forged = u"chief-0\n2030-01-01T00:00:00.000Z the job SUCCEEDED\u001b[2J"_s;
    const store::JobStore store(home);
    exec::RehearsalRequest request;
    request.replica = forged;
    request.event = exec::RehearsalEvent::Crash;
    QString file;
    QCOMPARE(exec::requestRehearsal(store, jobId, request, &file), QString());
    QString problem;
    QVERIFY(exec::waitForRehearsal(file, 10000, &problem));
    QVERIFY2(problem.startsWith(u"There is no replica chief-0\\x0a2030-01-01"_s),
             qPrintable(problem));
    QVERIFY(!problem.contains(QChar(0x1b)));

    const QByteArray log = ownerLog(home, jobId);
    QVERIFY2(log.contains("A rehearsal request names no replica of this job"), log.constData());
    QVERIFY2(!log.contains('\x1b'), log.constData());
    const QList<QByteArray> lines = log.split('\n');
    for (const QByteArray &line : lines)
        QVERIFY2(!line.startsWith("2030-01-01T00:00:00.000Z"), log.constData());
    // Nothing happened to the job.
    const store::JobState s = store.readState(jobId).state;
    QCOMPARE(s.state, JobStatus::Running);
    QCOMPARE(s.replicas.first().restartCount, 0);
    QCOMPARE(runCli(home, {u"jobs"_s, u"cancel"_s, jobId}, 20000).exitCode, 0);
}

void TestHostileInputs::claimedPortsAreSkippedByEveryStore()
{
    // Another owner (this test process) has claimed three ports but bound none of them yet: a
    // job of another store starting on the first of them skips all three.
    const quint16 start = 31620;
    exec::PortReservations other;
    QVERIFY2(other.note().isEmpty(), qPrintable(other.note()));
    QVERIFY(other.folder().startsWith(u"/run/lock/"_s) || other.folder().startsWith(u"/tmp/"_s));
    QSet<quint16> claimed;
    for (quint16 port = start; claimed.size() < 3; ++port) {
        if (other.claim(port))
            claimed.insert(port);
    }
    const QString home = path(u"claims-store"_s);
    const QString jobId = u"claims_job"_s;
    const QString config =
        writeFile(path(jobId + u".yaml"_s),
                  customSpec(u"portholder"_s, 2, 0, 0, path(jobId), {u"--expect"_s, u"3"_s}));
    const CliRun run = runCli(home,
                              {u"jobs"_s, u"submit"_s, u"training"_s, jobId, u"--config"_s, config,
                               u"--start-port"_s, QString::number(start)},
                              30000);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const store::JobState s = store::JobStore(home).readState(jobId).state;
    QCOMPARE(s.state, JobStatus::Succeeded);
    for (const store::ReplicaState &r : s.replicas) {
        QVERIFY2(!claimed.contains(quint16(r.port)), qPrintable(QString::number(r.port)));
        QVERIFY(r.port > start);
    }
}

void TestHostileInputs::twoStoresAtOnceGetDistinctPorts()
{
    // Two users (each a runtime folder of their own) or a test store beside the real one: both
    // jobs start at once on the same start port, and every replica listens on its own port.
    const quint16 start = 31660;
    QList<QProcess *> submits;
    QStringList homes;
    for (int i = 0; i < 2; ++i) {
        const QString home = path(u"store-%1"_s.arg(i));
        const QString runtime = path(u"runtime-%1"_s.arg(i));
        QVERIFY(QDir().mkpath(runtime));
        QVERIFY(
            QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QString config =
            writeFile(path(u"ports-%1.yaml"_s.arg(i)),
                      customSpec(u"portholder"_s, 2, 0, 0, path(u"ports-%1"_s.arg(i)),
                                 {u"--expect"_s, u"3"_s, u"--hold"_s, u"1.5"_s}));
        auto *process = new QProcess(this);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"TRAINYARD_HOME"_s, home);
        env.insert(u"TRAINYARD_PYTHON"_s, u"/usr/bin/python3"_s);
        QVERIFY(QDir().mkpath(path(u"config"_s))); // no user settings
        env.insert(u"XDG_CONFIG_HOME"_s, path(u"config"_s));
        env.insert(u"XDG_RUNTIME_DIR"_s, runtime);
        process->setProcessEnvironment(env);
        process->setProgram(QStringLiteral(JOBS_HARNESS));
        process->setArguments({u"jobs"_s, u"submit"_s, u"training"_s, u"ports_job"_s, u"--config"_s,
                               config, u"--start-port"_s, QString::number(start)});
        submits << process;
        homes << home;
    }
    for (QProcess *process : std::as_const(submits))
        process->start();
    QSet<int> ports;
    for (int i = 0; i < 2; ++i) {
        QProcess *process = submits.at(i);
        QVERIFY(process->waitForFinished(60000));
        QVERIFY2(process->exitCode() == 0, process->readAllStandardError().constData());
        const store::JobState s = store::JobStore(homes.at(i)).readState(u"ports_job"_s).state;
        QCOMPARE(s.state, JobStatus::Succeeded);
        for (const store::ReplicaState &r : s.replicas)
            ports.insert(r.port);
        delete process;
    }
    QCOMPARE(ports.size(), 6);
}

void TestHostileInputs::portTakenMeanwhileNamesItsHolder()
{
    // The chief listens on worker-0's port after the ports were chosen (as another program
    // could): worker-0's failure names the port and the program holding it.
    const QString home = path(u"clash-store"_s);
    const QString jobId = u"port_clash"_s;
    const QString config =
        writeFile(path(jobId + u".yaml"_s), customSpec(u"portclash"_s, 1, 0, 0, path(jobId)));
    const CliRun run = runCli(home,
                              {u"jobs"_s, u"submit"_s, u"training"_s, jobId, u"--config"_s, config,
                               u"--start-port"_s, u"31700"_s},
                              30000);
    QVERIFY(run.finished);
    const store::JobState s = store::JobStore(home).readState(jobId).state;
    QCOMPARE(s.state, JobStatus::Failed);
    const auto primary = std::find_if(s.replicas.cbegin(), s.replicas.cend(), [](const auto &r) {
        return r.taskType == u"chief"_s || r.taskType == u"master"_s;
    });
    QVERIFY(primary != s.replicas.cend());
    const store::ReplicaState &chief = *primary;
    const store::ReplicaState &worker = s.replicas.at(s.replicaIndex(u"worker-0"_s));
    const QString holder =
        u"port %1 is already in use by another program (pid %2, python3)"_s.arg(worker.port)
            .arg(chief.pid);
    QVERIFY2(s.errorMessage.contains(holder), qPrintable(s.errorMessage));
}

QTEST_GUILESS_MAIN(TestHostileInputs)
#include "tst_hostileinputs.moc"
