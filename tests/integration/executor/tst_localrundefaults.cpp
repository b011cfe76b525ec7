// SPDX-License-Identifier: MIT
// Settings > Local runs reach real runs: the `trainyard` binary (a real child process with its
// own XDG_CONFIG_HOME and TRAINYARD_HOME) starts `jobs submit training` and `local train` from
// the stored defaults, and its flags still override them.
#include "exec/runsettings.h"
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::testing;

class TestLocalRunDefaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void pythonSettingIsUsed_data();
    void pythonSettingIsUsed();
    void flagsOverrideSettings();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    // Stores the defaults where the binary reads them: $XDG_CONFIG_HOME/<organization>/
    // <application>.conf, with the names app/main.cpp sets.
    void storeDefaults(const exec::LocalRunDefaults &defaults);
    CliRun run(const QStringList &args);

    QTemporaryDir m_tmp;
    QString m_home;
    QString m_config;
    QString m_binary;
};

void TestLocalRunDefaults::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    m_binary = QStringLiteral(TRAINYARD_BINARY);
    if (!QFileInfo(m_binary).isExecutable())
        QSKIP("the trainyard binary is not built (cmake --build ... --target trainyard)");
    QVERIFY(m_tmp.isValid());
    m_home = path(QStringLiteral("store"));
    QVERIFY(QDir().mkpath(m_home));
}

void TestLocalRunDefaults::init()
{
    // A fresh configuration folder per test: nothing stored unless the test stores it.
    static int n = 0;
    m_config = path(QStringLiteral("config-%1").arg(++n));
    QVERIFY(QDir().mkpath(m_config));
}

void TestLocalRunDefaults::storeDefaults(const exec::LocalRunDefaults &defaults)
{
    QSettings settings(m_config + QStringLiteral("/Trainyard/trainyard.conf"),
                       QSettings::IniFormat);
    exec::writeLocalRunDefaults(settings, defaults);
    settings.sync();
    QCOMPARE(settings.status(), QSettings::NoError);
}

CliRun TestLocalRunDefaults::run(const QStringList &args)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_config);
    return runCli(m_home, args, 60000, env, m_binary);
}

void TestLocalRunDefaults::pythonSettingIsUsed_data()
{
    QTest::addColumn<bool>("submit");
    QTest::newRow("jobs submit training") << true;
    QTest::newRow("local train") << false;
}

void TestLocalRunDefaults::pythonSettingIsUsed()
{
    QFETCH(bool, submit);
    // Beats $TRAINYARD_PYTHON (runCli sets /usr/bin/python3): the setting is the user's choice.
    const QString python = QStringLiteral("/nonexistent/trainyard-test-python");
    exec::LocalRunDefaults defaults;
    defaults.python = python;
    storeDefaults(defaults);

    const QString out =
        path(submit ? QStringLiteral("python-submit") : QStringLiteral("python-local"));
    QStringList args;
    if (submit) {
        const QString config = writeFile(path(QStringLiteral("python.yaml")),
                                         customSpec(QStringLiteral("envdump"), 0, 0, 0, out));
        args = QStringList{QStringLiteral("jobs"),     QStringLiteral("submit"),
                           QStringLiteral("training"), QStringLiteral("python_setting_job"),
                           QStringLiteral("--config"), config};
    } else {
        args = QStringList{QStringLiteral("local"),          QStringLiteral("train"),
                           QStringLiteral("--module-name"),  QStringLiteral("fixtrainer.envdump"),
                           QStringLiteral("--package-path"), fixturePackage(),
                           QStringLiteral("--job-dir"),      out};
    }
    const CliRun result = run(args);
    QVERIFY2(result.finished, result.err.constData());
    QCOMPARE(result.exitCode, 1);
    const QByteArray reason = "The Python interpreter " + python.toUtf8() + " does not exist";
    QVERIFY2(result.err.contains(reason), result.err.constData());
    QVERIFY(!QFileInfo::exists(out + QStringLiteral("/env-master-0.json")));
    QVERIFY(!QFileInfo::exists(out + QStringLiteral("/env-chief-0.json")));

    // The job records the interpreter it was started with.
    QString jobId = QStringLiteral("python_setting_job");
    if (!submit) {
        static const QRegularExpression idPattern(QStringLiteral("Job \\[([^\\]]+)\\]"));
        const QRegularExpressionMatch id = idPattern.match(QString::fromUtf8(result.err));
        QVERIFY2(id.hasMatch(), result.err.constData());
        jobId = id.captured(1);
    }
    exec::RunSettings recorded;
    QCOMPARE(exec::readRunSettings(store::JobStore(m_home), jobId, &recorded), QString());
    QCOMPARE(recorded.python, python);
}

void TestLocalRunDefaults::flagsOverrideSettings()
{
    exec::LocalRunDefaults defaults;
    defaults.maxRestarts = 2;
    defaults.jobReruns = 1;
    defaults.gracePeriodSeconds = 1;
    defaults.maxLocalReplicas = 2;
    defaults.startPort = 29700;
    storeDefaults(defaults);

    // The help shows the stored defaults.
    const CliRun help = run({QStringLiteral("jobs"), QStringLiteral("submit"),
                             QStringLiteral("training"), QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains("fails (default 2)"), help.out.constData());
    QVERIFY2(help.out.contains("cluster (default 29700)"), help.out.constData());

    // 1 chief, 2 workers, 1 parameter server; the cap of 2 runs the chief and one more.
    const QString out = path(QStringLiteral("flags"));
    const QString config = writeFile(path(QStringLiteral("flags.yaml")),
                                     customSpec(QStringLiteral("envdump"), 2, 1, 0, out,
                                                {QStringLiteral("--expect"), QStringLiteral("2")}));
    const CliRun result =
        run({QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
             QStringLiteral("flags_job"), QStringLiteral("--config"), config,
             QStringLiteral("--start-port"), QStringLiteral("29710"),
             QStringLiteral("--job-reruns"), QStringLiteral("0")});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QFile ownerLog(store::JobStore(m_home).jobDir(QStringLiteral("flags_job")) +
                   QStringLiteral("/owner.log"));
    QVERIFY(ownerLog.open(QIODevice::ReadOnly));
    const QByteArray notes = ownerLog.readAll();
    QVERIFY2(notes.contains("the local replica cap of 2 runs 2"), notes.constData());

    exec::RunSettings recorded;
    QCOMPARE(exec::readRunSettings(store::JobStore(m_home), QStringLiteral("flags_job"), &recorded),
             QString());
    QCOMPARE(recorded.startPort, quint16(29710)); // flag over setting
    QCOMPARE(recorded.jobReruns, 0);              // flag over setting
    QCOMPARE(recorded.maxRestarts, 2);            // setting
    QCOMPARE(recorded.graceMs, 1000);             // setting
    QCOMPARE(recorded.maxLocalReplicas, 2);       // setting
    QCOMPARE(recorded.python, QString());         // none set: $TRAINYARD_PYTHON when it runs

    // What ran: two replicas, the chief on the flag's port.
    const QStringList dumps =
        QDir(out).entryList({QStringLiteral("env-*.json")}, QDir::Files, QDir::Name);
    QCOMPARE(dumps.size(), 2);
    const QJsonObject env =
        readJson(out + QStringLiteral("/env-chief-0.json")).value(QStringLiteral("env")).toObject();
    const QJsonObject tf = parseObject(env.value(QStringLiteral("TF_CONFIG")).toString());
    const QJsonObject cluster = tf.value(QStringLiteral("cluster")).toObject();
    QCOMPARE(cluster.value(QStringLiteral("chief")).toArray().at(0).toString(),
             QStringLiteral("localhost:29710"));
}

QTEST_GUILESS_MAIN(TestLocalRunDefaults)
#include "tst_localrundefaults.moc"
