// SPDX-License-Identifier: MIT
// The job commands as a user runs them: `local train` streaming prefixed logs and cancelling on
// Ctrl-C, `jobs submit training` refusing invalid specs, `jobs list --filter` and
// `jobs describe`. Real processes, like tst_executor.
#include "cli/jobcommands.h"
#include "exec/runsettings.h"
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <signal.h>
#include <vector>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;

class TestJobCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void ctrlCCancelsLocalTrain();
    void localTrainStreamsPrefixedLogs();
    void streamLogsPipedAndOnATerminal();
    void invalidSpecIsRefused();
    void submitForksTheJobsOwner();
    void listFilterAndDescribe_data();
    void listFilterAndDescribe();
    void filterSyntax_data();
    void filterSyntax();
    void trainyardBinaryRunsJobs();
    void trainyardOwnersAndWindowAreSeparatePrograms();
    void cloudCommandsAreHandedToTrainyardCloud();
    void cancelOfAnEndedJobIsRefused();
    void unknownJob_data();
    void unknownJob();
    void runSettingsRoundTrip();
    void jobsStartedTogetherGetTheirOwnPorts();
    void listFormatSortByLimit();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    QString spec(const QString &name, const QByteArray &yaml)
    {
        return writeFile(path(name + QStringLiteral(".yaml")), yaml);
    }
    store::JobStore jobStore() const { return store::JobStore(m_home); }

    QTemporaryDir m_tmp;
    QString m_home;
};

void TestJobCli::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    QVERIFY(m_tmp.isValid());
    m_home = path(QStringLiteral("store"));
    QVERIFY(QDir().mkpath(m_home));
    // A finished job (chief, 2 workers, 1 evaluator) for list and describe.
    const QString config =
        spec(QStringLiteral("described"),
             customSpec(QStringLiteral("envdump"), 2, 0, 1, path(QStringLiteral("described")),
                        {QStringLiteral("--expect"), QStringLiteral("4")}));
    const CliRun run = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                                       QStringLiteral("training"), QStringLiteral("described_job"),
                                       QStringLiteral("--config"), config,
                                       QStringLiteral("--start-port"), QStringLiteral("29520")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
}

void TestJobCli::ctrlCCancelsLocalTrain()
{
    const QString out = path(QStringLiteral("ctrl-c"));
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINYARD_HOME"), m_home);
    env.insert(QStringLiteral("TRAINYARD_PYTHON"), QStringLiteral("/usr/bin/python3"));
    cli.setProcessEnvironment(env);
    cli.start(QStringLiteral(JOBS_HARNESS),
              {QStringLiteral("local"), QStringLiteral("train"), QStringLiteral("--module-name"),
               QStringLiteral("fixtrainer.stubborn"), QStringLiteral("--package-path"),
               fixturePackage(), QStringLiteral("--job-dir"), out, QStringLiteral("--grace-period"),
               QStringLiteral("1")});
    QVERIFY(cli.waitForStarted());
    // Not distributed: one replica, gcloud's "master" with an empty TF_CONFIG task -> master-0.
    const QString grandchildFile = out + QStringLiteral("/grandchild-master-0");
    QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(grandchildFile); }, 20000));
    const int grandchild = readPid(grandchildFile);
    ::kill(pid_t(cli.processId()), SIGINT);
    QVERIFY(cli.waitForFinished(30000));
    QCOMPARE(cli.exitCode(), 1);
    const QByteArray err = cli.readAllStandardError();
    QVERIFY2(err.contains("CANCELLED"), err.constData());
    QVERIFY(!processExists(grandchild));
}

void TestJobCli::localTrainStreamsPrefixedLogs()
{
    const QString out = path(QStringLiteral("local-train"));
    const CliRun run = runCli(
        m_home, {QStringLiteral("local"), QStringLiteral("train"), QStringLiteral("--module-name"),
                 QStringLiteral("fixtrainer.envdump"), QStringLiteral("--package-path"),
                 fixturePackage(), QStringLiteral("--job-dir"), out,
                 QStringLiteral("--distributed"), QStringLiteral("--worker-count"),
                 QStringLiteral("1"), QStringLiteral("--parameter-server-count"),
                 QStringLiteral("1"), QStringLiteral("--start-port"), QStringLiteral("29460"),
                 QStringLiteral("--"), QStringLiteral("--expect"), QStringLiteral("3")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    for (const char *line : {"chief-0: hello from chief-0", "worker-0: hello from worker-0",
                             "ps-0: hello from ps-0", "chief-0: chief-0 saw 3 dumps"})
        QVERIFY2(run.out.contains(line), run.out.constData());
    static const QRegularExpression idPattern(
        QStringLiteral("Job \\[(local_fixtrainer_envdump_\\d{8}_\\d{6}(_\\d+)?)\\]"));
    const QRegularExpressionMatch id = idPattern.match(QString::fromUtf8(run.err));
    QVERIFY2(id.hasMatch(), run.err.constData());

    // gcloud local train's TF_CONFIG: job = {job_name, args}, contiguous ports from the start.
    const QJsonObject env = readJson(out + QStringLiteral("/env-worker-0.json"))
                                .value(QStringLiteral("env"))
                                .toObject();
    const QJsonObject tf = parseObject(env.value(QStringLiteral("TF_CONFIG")).toString());
    const QJsonObject job = tf.value(QStringLiteral("job")).toObject();
    QCOMPARE(job.value(QStringLiteral("job_name")).toString(),
             QStringLiteral("fixtrainer.envdump"));
    QCOMPARE(job.value(QStringLiteral("args")).toArray().last().toString(), out);
    const QJsonObject cluster = tf.value(QStringLiteral("cluster")).toObject();
    QCOMPARE(cluster.value(QStringLiteral("chief")).toArray().at(0).toString(),
             QStringLiteral("localhost:29460"));
    QCOMPARE(cluster.value(QStringLiteral("ps")).toArray().at(0).toString(),
             QStringLiteral("localhost:29461"));
    QCOMPARE(cluster.value(QStringLiteral("worker")).toArray().at(0).toString(),
             QStringLiteral("localhost:29462"));
}

void TestJobCli::streamLogsPipedAndOnATerminal()
{
    // What real trainers print (tests/fixtures/trainers/fixtrainer/progress.py): colours, a
    // tqdm and a Keras progress bar, invalid UTF-8, a 70,009-byte line.
    const CliRun run = runCli(
        m_home, {QStringLiteral("local"), QStringLiteral("train"), QStringLiteral("--module-name"),
                 QStringLiteral("fixtrainer.progress"), QStringLiteral("--package-path"),
                 fixturePackage(), QStringLiteral("--job-dir"), path(QStringLiteral("progress")),
                 QStringLiteral("--start-port"), QStringLiteral("29470"), QStringLiteral("--"),
                 QStringLiteral("--tqdm"), QStringLiteral("20"), QStringLiteral("--keras"),
                 QStringLiteral("5")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    static const QRegularExpression idPattern(QStringLiteral("Job \\[([^\\]]+)\\]"));
    const QString id = idPattern.match(QString::fromUtf8(run.err)).captured(1);
    QVERIFY2(!id.isEmpty(), run.err.constData());
    const QByteArray longLine = "long:" + QByteArray(70000, 'L') + ":end\n";

    // Piped: the trainer's bytes as they are, like grep --color=auto; the long line whole.
    const CliRun piped =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("stream-logs"), id});
    QCOMPARE(piped.exitCode, 0);
    QVERIFY2(piped.out.contains(": \x1b[31mERROR\x1b[0m:trainer:disk almost full (coloured)\n"),
             piped.out.left(2000).constData());
    QVERIFY(piped.out.contains(": invalid utf-8: \xff\xfe end\n"));
    const QByteArray prefixedLong = ": " + longLine;
    QVERIFY(piped.out.contains(prefixedLong));
    QVERIFY(piped.out.contains("100%|"));

    // On a terminal (a real pty): colours as SGR the terminal draws, invalid UTF-8 as U+FFFD,
    // each bar redraw back at the line start ("\r") so the terminal shows its last state, the
    // long line whole, and no other escape or control byte from the trainer.
    const CliRun tty = runCli(
        m_home,
        {QStringLiteral("-c"), QStringLiteral("import pty, sys; pty.spawn(sys.argv[1:])"),
         QStringLiteral(JOBS_HARNESS), QStringLiteral("jobs"), QStringLiteral("stream-logs"), id},
        30000, {}, QStringLiteral("/usr/bin/python3"));
    QCOMPARE(tty.exitCode, 0);
    QVERIFY2(tty.out.contains(": \x1b[0;31mERROR\x1b[0m:trainer:disk almost full (coloured)"),
             tty.out.left(2000).constData());
    QVERIFY(tty.out.contains(": invalid utf-8: \xef\xbf\xbd\xef\xbf\xbd end"));
    QVERIFY(tty.out.contains(longLine.chopped(1)));
    QVERIFY(!tty.out.contains("\\x1b"));   // colours interpreted, not shown as text
    QVERIFY(tty.out.contains("\x1b[K\r")); // a redraw returns to the line start
    QVERIFY(!tty.out.contains('\b'));      // Keras' backspaces were played, not passed on
}

void TestJobCli::invalidSpecIsRefused()
{
    const QString config =
        spec(QStringLiteral("invalid"),
             customSpec(QStringLiteral("envdump"), 2, 0, 0, path(QStringLiteral("invalid")))
                 .replace("workerCount: 2", "workerCount: nine"));
    const CliRun run = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                                       QStringLiteral("training"), QStringLiteral("invalid_job"),
                                       QStringLiteral("--config"), config});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(": error: trainingInput.workerCount"), run.err.constData());
    QVERIFY(!jobStore().contains(QStringLiteral("invalid_job")));
    // The owner started ahead of the job (exec/ownerstandby.h) had nothing to run: it is gone.
    QTRY_VERIFY_WITH_TIMEOUT(standbyOwners(m_home).isEmpty(), 10000);

    // A taken job ID is refused like the service refuses it.
    const CliRun again = runCli(
        m_home, {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 QStringLiteral("described_job"), QStringLiteral("--config"),
                 spec(QStringLiteral("again"), customSpec(QStringLiteral("envdump"), 0, 0, 0,
                                                          path(QStringLiteral("again"))))});
    QCOMPARE(again.exitCode, 1);
    // The ID came from the command line: the message names JOB_ID, not the file's jobId line.
    QVERIFY2(again.err.startsWith("JOB_ID: error: jobId: a job named described_job already exists"),
             again.err.constData());

    // gcloud's local train takes no config file; the refusal says what runs one.
    const CliRun local = runCli(m_home, {QStringLiteral("local"), QStringLiteral("train"),
                                         QStringLiteral("--config"), config});
    QCOMPARE(local.exitCode, 2);
    QVERIFY2(local.err.contains("jobs submit training JOB_ID --config FILE"),
             local.err.constData());
}

// `jobs submit training` forks the job's owner before its own Qt starts (exec/ownerstandby.h)
// instead of starting the program a second time. What a user sees of that owner is what a
// started one shows: ps names it `supervise --store ROOT JOB_ID`, it leads a session of its own
// (a Ctrl-C in the submit's terminal never reaches it), its input is /dev/null and its output
// the job's owner.log, not the submit's pipes.
void TestJobCli::submitForksTheJobsOwner()
{
    const QString id = QStringLiteral("forked_owner");
    const QString config = spec(id, customSpec(QStringLiteral("sleeper"), 1, 0, 0, path(id),
                                               {QStringLiteral("--expect"), QStringLiteral("3")}));
    const CliRun run = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                                       QStringLiteral("training"), id, QStringLiteral("--config"),
                                       config, QStringLiteral("--async")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const store::JobState running = waitForState(
        jobStore(), id, [](const store::JobState &s) { return s.state == JobStatus::Running; });
    QCOMPARE(running.state, JobStatus::Running);
    const qint64 owner = running.ownerPid;
    QVERIFY(processExists(owner));

    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(owner));
    QVERIFY(cmdline.open(QIODevice::ReadOnly));
    const QByteArray title = cmdline.readAll();
    const QByteArray shown = QFile::encodeName(QStringLiteral(JOBS_HARNESS)) +
                             QByteArrayLiteral("\0supervise\0--store\0") +
                             QFile::encodeName(jobStore().root()) + '\0' + id.toUtf8() + '\0';
    QVERIFY2(title.startsWith(shown), title.constData());
    // Forked, not started: the title fills the memory the submit's longer arguments held.
    QVERIFY2(title.size() > shown.size(), title.constData());
    QCOMPARE(title.mid(shown.size()), QByteArray(title.size() - shown.size(), '\0'));

    QCOMPARE(qint64(::getsid(pid_t(owner))), owner);
    const auto fdTarget = [owner](int fd) {
        return QFileInfo(QStringLiteral("/proc/%1/fd/%2").arg(owner).arg(fd)).symLinkTarget();
    };
    QCOMPARE(fdTarget(0), QStringLiteral("/dev/null"));
    const QString log =
        QFileInfo(jobStore().jobDir(id) + QStringLiteral("/owner.log")).canonicalFilePath();
    QCOMPARE(fdTarget(1), log);
    QCOMPARE(fdTarget(2), log);

    const CliRun cancel = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("cancel"), id});
    QVERIFY2(cancel.exitCode == 0, cancel.err.constData());
    const store::JobState ended =
        waitForState(jobStore(), id, [](const store::JobState &s) { return s.isTerminal(); });
    QCOMPARE(ended.state, JobStatus::Cancelled);
}

void TestJobCli::listFilterAndDescribe_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<bool>("listsClusterJob");
    QTest::newRow("state=SUCCEEDED") << "state=SUCCEEDED" << true;
    QTest::newRow("state=failed") << "state=failed" << false;
    QTest::newRow("jobId:described*") << "jobId:described*" << true;
    QTest::newRow("jobId:census*") << "jobId:census*" << false;
    QTest::newRow("two terms") << "state=SUCCEEDED AND jobId:desc*" << true;
}

void TestJobCli::listFilterAndDescribe()
{
    QFETCH(QString, filter);
    QFETCH(bool, listsClusterJob);
    const CliRun list = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("list"),
                                        QStringLiteral("--filter"), filter});
    QCOMPARE(list.exitCode, 0);
    QCOMPARE(list.out.contains("described_job"), listsClusterJob);
    if (listsClusterJob)
        QVERIFY(list.out.startsWith("JOB_ID"));

    const CliRun describe = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("describe"),
                                            QStringLiteral("described_job")});
    QCOMPARE(describe.exitCode, 0);
    for (const char *text : {"jobId: described_job", "state: SUCCEEDED", "trainingInput:",
                             "workerCount: 2", "name: evaluator-0", "createTime: ", "endTime: "})
        QVERIFY2(describe.out.contains(text), describe.out.constData());
}

void TestJobCli::filterSyntax_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<bool>("matches"); // against job census_1, RUNNING, labels {team: ml}
    QTest::newRow("empty") << "" << true << true;
    QTest::newRow("state") << "state=RUNNING" << true << true;
    QTest::newRow("status alias, lower case") << "status=running" << true << true;
    QTest::newRow("not equal") << "state!=RUNNING" << true << false;
    QTest::newRow("glob") << "jobId:census*" << true << true;
    QTest::newRow("glob no match") << "jobId:mnist*" << true << false;
    QTest::newRow("label") << "labels.team=ml" << true << true;
    QTest::newRow("quoted") << "jobId=\"census_1\"" << true << true;
    QTest::newRow("unknown key") << "color=red" << false << false;
    QTest::newRow("no operator") << "RUNNING" << false << false;
}

void TestJobCli::filterSyntax()
{
    QFETCH(QString, filter);
    QFETCH(bool, valid);
    QFETCH(bool, matches);
    QString error;
    const QList<cli::JobFilterTerm> terms = cli::parseJobFilter(filter, &error);
    QCOMPARE(error.isEmpty(), valid);
    if (!valid)
        return;
    store::JobState state;
    state.state = JobStatus::Running;
    QCOMPARE(cli::matchesJobFilter(terms, QStringLiteral("census_1"), state,
                                   {{QStringLiteral("team"), QStringLiteral("ml")}}),
             matches);
}

void TestJobCli::trainyardBinaryRunsJobs()
{
    // The same through the real dispatcher: `trainyard local train` starts `trainyard supervise`.
    const QString binary = QStringLiteral(TRAINYARD_BINARY);
    if (!QFileInfo(binary).isExecutable())
        QSKIP("the trainyard binary is not built (cmake --build ... --target trainyard)");
    const QString out = path(QStringLiteral("real-binary"));
    const CliRun run =
        runCli(m_home,
               {QStringLiteral("local"), QStringLiteral("train"), QStringLiteral("--module-name"),
                QStringLiteral("fixtrainer.envdump"), QStringLiteral("--package-path"),
                fixturePackage(), QStringLiteral("--job-dir"), out},
               60000, QProcessEnvironment(), binary);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.out.contains("chief-0: hello from"), run.out.constData());
    const CliRun list =
        runCli(m_home,
               {QStringLiteral("jobs"), QStringLiteral("list"), QStringLiteral("--filter"),
                QStringLiteral("jobId:local_fixtrainer_envdump_*")},
               20000, QProcessEnvironment(), binary);
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains("SUCCEEDED"), list.out.constData());
}

// `trainyard` is the CLI and every job's owner, and links no GUI library; started without a
// command it hands over to `trainyard-gui` beside it (app/cli_main.cpp). A user sees the window
// open as before, and a job's owner never maps Qt Widgets or Gui.
void TestJobCli::trainyardOwnersAndWindowAreSeparatePrograms()
{
    const QString binary = QStringLiteral(TRAINYARD_BINARY);
    if (!QFileInfo(binary).isExecutable())
        QSKIP("the trainyard binary is not built (cmake --build ... --target trainyard)");
    const QString id = QStringLiteral("lean_owner");
    const QString config = spec(id, customSpec(QStringLiteral("sleeper"), 1, 0, 0, path(id),
                                               {QStringLiteral("--expect"), QStringLiteral("3")}));
    const CliRun run =
        runCli(m_home,
               {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"), id,
                QStringLiteral("--config"), config, QStringLiteral("--async")},
               60000, QProcessEnvironment(), binary);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const store::JobState running = waitForState(
        jobStore(), id, [](const store::JobState &s) { return s.state == JobStatus::Running; });
    QCOMPARE(running.state, JobStatus::Running);
    QFile maps(QStringLiteral("/proc/%1/maps").arg(running.ownerPid));
    QVERIFY(maps.open(QIODevice::ReadOnly));
    const QByteArray mapped = maps.readAll();
    QVERIFY(mapped.contains("libQt6Core.so"));
    QVERIFY(!mapped.contains("libQt6Widgets.so"));
    QVERIFY(!mapped.contains("libQt6Gui.so"));
    // Nor the cloud's and the keychain's (trainyard-cloud has them).
    QVERIFY(!mapped.contains("libQt6Network.so"));
    QVERIFY(!mapped.contains("libqt6keychain.so"));
    QVERIFY(!mapped.contains("libcrypto.so"));
    QVERIFY(!mapped.contains("libQt6DBus.so"));
    QCOMPARE(runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("cancel"), id}).exitCode, 0);
    QCOMPARE(
        waitForState(jobStore(), id, [](const store::JobState &s) { return s.isTerminal(); }).state,
        JobStatus::Cancelled);

    // The window, through the same program: the main window's picture, saved by trainyard-gui.
    const QString picture = path(QStringLiteral("window.png"));
    QProcessEnvironment offscreen;
    offscreen.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const CliRun window =
        runCli(m_home, {QStringLiteral("--screenshot"), picture}, 60000, offscreen, binary);
    QVERIFY2(window.exitCode == 0, window.err.constData());
    QFile png(picture);
    QVERIFY(png.open(QIODevice::ReadOnly));
    const QByteArray head = png.read(24); // signature, then the IHDR chunk: width, height
    QVERIFY(head.startsWith("\x89PNG\r\n\x1a\n"));
    const auto bigEndian = [&head](int at) {
        return quint32(quint8(head.at(at))) << 24 | quint32(quint8(head.at(at + 1))) << 16 |
               quint32(quint8(head.at(at + 2))) << 8 | quint32(quint8(head.at(at + 3)));
    };
    QVERIFY2(bigEndian(16) > 400 && bigEndian(20) > 300, head.toHex().constData());
}

// The commands of trainyard_cloud run in `trainyard-cloud`, which `trainyard` execs with the
// same arguments (cli/cloudhooks.h): a user of `trainyard` sees the same output and exit status.
// Without trainyard-cloud beside it, `trainyard` says which program is missing, and its local
// commands still work.
void TestJobCli::cloudCommandsAreHandedToTrainyardCloud()
{
    const QString binary = QStringLiteral(TRAINYARD_BINARY);
    const QString cloud = QFileInfo(binary).dir().filePath(QStringLiteral("trainyard-cloud"));
    if (!QFileInfo(binary).isExecutable() || !QFileInfo(cloud).isExecutable())
        QSKIP("trainyard and trainyard-cloud are not built (cmake --build ... --target "
              "trainyard)");
    const QList<QStringList> commands = {
        {QStringLiteral("ai"), QStringLiteral("--help")},
        {QStringLiteral("help"), QStringLiteral("secrets")},
        {QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("describe")},
        {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
         QStringLiteral("x"), QStringLiteral("--cloud")},
        {QStringLiteral("completion"), QStringLiteral("bash")},
    };
    for (const QStringList &args : commands) {
        const CliRun lean = runCli(m_home, args, 20000, QProcessEnvironment(), binary);
        const CliRun full = runCli(m_home, args, 20000, QProcessEnvironment(), cloud);
        QVERIFY2(lean.finished && full.finished, qPrintable(args.join(QLatin1Char(' '))));
        QCOMPARE(lean.exitCode, full.exitCode);
        QCOMPARE(lean.out, full.out);
        QCOMPARE(lean.err, full.err);
        QVERIFY2(!lean.out.isEmpty() || !lean.err.isEmpty(),
                 qPrintable(args.join(QLatin1Char(' '))));
    }
    QVERIFY(runCli(m_home, {QStringLiteral("ai"), QStringLiteral("--help")}, 20000,
                   QProcessEnvironment(), binary)
                .out.contains("custom-jobs"));

    // trainyard alone in a folder: it looks for trainyard-cloud where an installation keeps it,
    // and says so.
    const QString alone = path(QStringLiteral("alone/trainyard"));
    QVERIFY(QDir().mkpath(QFileInfo(alone).path()));
    QVERIFY(QFile::copy(binary, alone));
    const CliRun missing = runCli(m_home, {QStringLiteral("ai"), QStringLiteral("--help")}, 20000,
                                  QProcessEnvironment(), alone);
    QCOMPARE(missing.exitCode, 127);
    const QByteArray named =
        "cannot start " +
        QFile::encodeName(path(QStringLiteral("libexec/trainyard/trainyard-cloud")));
    QVERIFY2(missing.err.contains(named), missing.err.constData());
    QVERIFY2(missing.err.contains("No such file or directory"), missing.err.constData());
    QVERIFY(missing.out.isEmpty());
    const CliRun list = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("list")}, 20000,
                               QProcessEnvironment(), alone);
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains("described_job"), list.out.constData());
}

void TestJobCli::cancelOfAnEndedJobIsRefused()
{
    const CliRun run = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("cancel"),
                                       QStringLiteral("described_job")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("already ended: SUCCEEDED"), run.err.constData());
    QCOMPARE(jobStore().readState(QStringLiteral("described_job")).state.state,
             JobStatus::Succeeded);
}

void TestJobCli::unknownJob_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("describe") << "describe";
    QTest::newRow("stream-logs") << "stream-logs";
    QTest::newRow("cancel") << "cancel";
}

void TestJobCli::unknownJob()
{
    QFETCH(QString, command);
    const CliRun run =
        runCli(m_home, {QStringLiteral("jobs"), command, QStringLiteral("no_such_job")}, 20000);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("There is no job no_such_job"), run.err.constData());
}

void TestJobCli::runSettingsRoundTrip()
{
    exec::RunSettings s;
    s.style = service::RunStyle::LocalTrain;
    s.distributed = false;
    s.startPort = 30000;
    s.maxRestarts = 2;
    s.jobReruns = 3;
    s.graceMs = 500;
    s.maxLocalReplicas = 4;
    s.python = QStringLiteral("/usr/bin/python3");
    s.jobDir = QStringLiteral("/tmp/out");
    s.baseDirectory = QStringLiteral("/tmp");
    exec::RunSettings back;
    QString error;
    QVERIFY(exec::RunSettings::fromJson(s.toJson(), &back, &error));
    QCOMPARE(back, s);
    QVERIFY(!exec::RunSettings::fromJson("[1, 2]", &back, &error));
    QVERIFY(!error.isEmpty());
    // Missing keys keep the defaults: 5 restarts, no reruns, 10 s grace.
    QVERIFY(exec::RunSettings::fromJson("{}", &back, &error));
    QCOMPARE(back, exec::RunSettings());
    QCOMPARE(back.maxRestarts, 5);
}

void TestJobCli::jobsStartedTogetherGetTheirOwnPorts()
{
    // Three jobs submitted at the same moment, all from the same start port: every owner probes
    // ports before any replica listens, so only the store's port reservations keep them apart.
    const QString home = path(QStringLiteral("together"));
    QVERIFY(QDir().mkpath(home));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINYARD_HOME"), home);
    env.insert(QStringLiteral("TRAINYARD_PYTHON"), QStringLiteral("/usr/bin/python3"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), path(QStringLiteral("together-config")));
    std::vector<std::unique_ptr<QProcess>> submits;
    QStringList ids;
    for (int i = 0; i < 3; ++i) {
        const QString id = QStringLiteral("together_%1").arg(i);
        ids << id;
        const QString config =
            spec(id, customSpec(QStringLiteral("sleeper"), 2, 1, 0, path(id),
                                {QStringLiteral("--expect"), QStringLiteral("4")}));
        auto process = std::make_unique<QProcess>();
        process->setProcessEnvironment(env);
        process->setProgram(QStringLiteral(JOBS_HARNESS));
        process->setArguments({QStringLiteral("jobs"), QStringLiteral("submit"),
                               QStringLiteral("training"), id, QStringLiteral("--config"), config,
                               QStringLiteral("--start-port"), QStringLiteral("29600"),
                               QStringLiteral("--async")});
        submits.push_back(std::move(process));
    }
    for (auto &process : submits)
        process->start();
    for (auto &process : submits) {
        QVERIFY(process->waitForFinished(30000));
        QVERIFY2(process->exitCode() == 0, process->readAllStandardError().constData());
    }
    const store::JobStore together(home);
    QSet<int> seen;
    for (const QString &id : std::as_const(ids)) {
        const store::JobState state =
            waitForState(together, id, [](const store::JobState &s) { return s.isTerminal(); });
        QVERIFY2(state.state == JobStatus::Succeeded,
                 qPrintable(id + QStringLiteral(": ") + state.errorMessage));
        QCOMPARE(state.replicas.size(), 4);
        for (const store::ReplicaState &r : state.replicas) {
            QVERIFY(r.port >= 29600);
            QVERIFY2(!seen.contains(r.port),
                     qPrintable(QStringLiteral("%1 %2 got port %3, which another job has")
                                    .arg(id, r.name)
                                    .arg(r.port)));
            seen.insert(r.port);
        }
    }
}

// `jobs list --format=table|json|yaml --sort-by --limit`, spelled as gcloud spells them.
void TestJobCli::listFormatSortByLimit()
{
    const auto list = [this](const QStringList &extra) {
        return runCli(m_home, QStringList{QStringLiteral("jobs"), QStringLiteral("list")} + extra,
                      20000);
    };
    const CliRun json = list({QStringLiteral("--format=json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonArray jobs = QJsonDocument::fromJson(json.out).array();
    QVERIFY2(jobs.size() >= 2, json.out.constData());
    QStringList ids;
    QString previous;
    for (const QJsonValue &v : jobs) {
        const QJsonObject o = v.toObject();
        for (const char *key : {"jobId", "state", "createTime", "where"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        ids << o.value(QLatin1String("jobId")).toString();
        // Newest first by default (RFC 3339 UTC times sort as text).
        const QString created = o.value(QLatin1String("createTime")).toString();
        QVERIFY2(previous.isEmpty() || created <= previous, qPrintable(created));
        previous = created;
    }

    const CliRun byId = list({QStringLiteral("--format=json"), QStringLiteral("--sort-by=jobId"),
                              QStringLiteral("--limit=2")});
    QCOMPARE(byId.exitCode, 0);
    const QJsonArray two = QJsonDocument::fromJson(byId.out).array();
    QCOMPARE(two.size(), 2);
    QStringList sorted = ids;
    sorted.sort();
    QCOMPARE(two.at(0).toObject().value(QLatin1String("jobId")).toString(), sorted.at(0));
    QCOMPARE(two.at(1).toObject().value(QLatin1String("jobId")).toString(), sorted.at(1));
    const CliRun descending =
        list({QStringLiteral("--sort-by=~jobId"), QStringLiteral("--limit"), QStringLiteral("1")});
    QCOMPARE(descending.exitCode, 0);
    const QList<QByteArray> lines = descending.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 2); // the header and one job
    QVERIFY2(lines.at(1).startsWith(sorted.last().toUtf8()), descending.out.constData());

    const CliRun yaml = list({QStringLiteral("--format=yaml"), QStringLiteral("--limit=1")});
    QCOMPARE(yaml.exitCode, 0);
    QVERIFY2(yaml.out.startsWith("---\njobId: "), yaml.out.constData());
    QCOMPARE(yaml.out.count("---"), 1);

    for (const QStringList &bad : {QStringList{QStringLiteral("--format=xml")},
                                   QStringList{QStringLiteral("--sort-by=color")},
                                   QStringList{QStringLiteral("--limit=0")}}) {
        const CliRun r = list(bad);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestJobCli)
#include "tst_jobcli.moc"
