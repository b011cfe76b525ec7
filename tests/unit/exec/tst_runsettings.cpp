// SPDX-License-Identifier: MIT
// The user's defaults for local runs (exec::LocalRunDefaults, QSettings localRuns/): built-in
// values when nothing is stored, write and read back, fallback to the built-in value for
// out-of-range, wrong-typed and unusable stored values, and the RunSettings a new run gets.
#include "exec/runsettings.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using exec::LocalRunDefaults;

class TestRunSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void builtInDefaults();
    void writeAndReadBack();
    void writeRemovesBuiltInValues();
    void storedText_data();
    void storedText();
    void wrongTypes();
    void acceptablePython_data();
    void acceptablePython();
    void newRunSettings();
    void localTrialsInRunJson();
    void applicationSettings();

private:
    // A settings file holding `text` (INI, as QSettings writes it on Linux).
    QString iniFile(const QByteArray &text);

    QTemporaryDir m_tmp;
    int m_files = 0;
};

void TestRunSettings::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests-runsettings"));
    QCoreApplication::setApplicationName(QStringLiteral("trainyard"));
    QSettings().clear();
}

QString TestRunSettings::iniFile(const QByteArray &text)
{
    const QString path = m_tmp.filePath(QStringLiteral("settings-%1.conf").arg(++m_files));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(text);
    return path;
}

void TestRunSettings::builtInDefaults()
{
    const QSettings empty(iniFile(QByteArray()), QSettings::IniFormat);
    const LocalRunDefaults d = exec::readLocalRunDefaults(empty);
    QCOMPARE(d, LocalRunDefaults());
    QCOMPARE(d.python, QString());
    QCOMPARE(d.maxRestarts, 5);
    QCOMPARE(d.jobReruns, 0);
    QCOMPARE(d.gracePeriodSeconds, 10);
    QCOMPARE(d.maxLocalReplicas, 0);
    QCOMPARE(d.startPort, quint16(27182));
    QCOMPARE(d.logCapMB, 0); // the log size cap is off by default
}

void TestRunSettings::writeAndReadBack()
{
    const QString path = iniFile(QByteArray());
    LocalRunDefaults d;
    d.python = QStringLiteral("/opt/venv/bin/python");
    d.maxRestarts = 2;
    d.jobReruns = 3;
    d.gracePeriodSeconds = 30;
    d.maxLocalReplicas = 4;
    d.startPort = 30000;
    d.logCapMB = 64;
    {
        QSettings settings(path, QSettings::IniFormat);
        exec::writeLocalRunDefaults(settings, d);
        QCOMPARE(exec::readLocalRunDefaults(settings), d); // before the file is written
    }
    const QSettings again(path, QSettings::IniFormat);
    QCOMPARE(exec::readLocalRunDefaults(again), d);
    // The keys as documented: another program (or a user) may write them.
    QCOMPARE(again.value(QStringLiteral("localRuns/python")).toString(), d.python);
    QCOMPARE(again.value(QStringLiteral("localRuns/maxRestarts")).toInt(), 2);
    QCOMPARE(again.value(QStringLiteral("localRuns/jobReruns")).toInt(), 3);
    QCOMPARE(again.value(QStringLiteral("localRuns/gracePeriodSeconds")).toInt(), 30);
    QCOMPARE(again.value(QStringLiteral("localRuns/maxLocalReplicas")).toInt(), 4);
    QCOMPARE(again.value(QStringLiteral("localRuns/startPort")).toInt(), 30000);
    QCOMPARE(again.value(QStringLiteral("localRuns/logCapMB")).toInt(), 64);
}

void TestRunSettings::writeRemovesBuiltInValues()
{
    QSettings settings(iniFile("[localRuns]\npython=python3.11\nmaxRestarts=7\n"
                               "jobReruns=3\nstartPort=30000\n"),
                       QSettings::IniFormat);
    LocalRunDefaults d = exec::readLocalRunDefaults(settings);
    QCOMPARE(d.jobReruns, 3);
    d.maxRestarts = LocalRunDefaults().maxRestarts;
    d.jobReruns = 1;
    exec::writeLocalRunDefaults(settings, d);
    settings.beginGroup(QStringLiteral("localRuns"));
    QCOMPARE(settings.childKeys(),
             QStringList({QStringLiteral("jobReruns"), QStringLiteral("python"),
                          QStringLiteral("startPort")}));
    settings.endGroup();
    // "Restore defaults": nothing stored any more.
    exec::writeLocalRunDefaults(settings, LocalRunDefaults());
    settings.beginGroup(QStringLiteral("localRuns"));
    QCOMPARE(settings.childKeys(), QStringList());
    settings.endGroup();
    QCOMPARE(exec::readLocalRunDefaults(settings), LocalRunDefaults());
}

void TestRunSettings::storedText_data()
{
    QTest::addColumn<QByteArray>("ini");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QVariant>("expected");
    const auto row = [](const char *name, const char *ini, const char *field, QVariant v) {
        QTest::newRow(name) << QByteArray("[localRuns]\n") + ini << QString::fromLatin1(field) << v;
    };
    row("restarts", "maxRestarts=2", "maxRestarts", 2);
    row("restarts 0", "maxRestarts=0", "maxRestarts", 0);
    row("restarts negative", "maxRestarts=-1", "maxRestarts", 5);
    row("restarts too many", "maxRestarts=1001", "maxRestarts", 5);
    row("restarts text", "maxRestarts=many", "maxRestarts", 5);
    row("restarts fraction", "maxRestarts=2.5", "maxRestarts", 5);
    row("restarts list", "maxRestarts=1, 2", "maxRestarts", 5);
    row("restarts quoted list", "maxRestarts=\"1, 2\"", "maxRestarts", 5);
    row("restarts huge", "maxRestarts=99999999999999999999", "maxRestarts", 5);
    row("restarts empty", "maxRestarts=", "maxRestarts", 5);
    row("reruns 3", "jobReruns=3", "jobReruns", 3);
    row("reruns 101", "jobReruns=101", "jobReruns", 0);
    row("grace", "gracePeriodSeconds=1", "gracePeriodSeconds", 1);
    row("grace over an hour", "gracePeriodSeconds=3601", "gracePeriodSeconds", 10);
    row("grace in ms (old key)", "graceMs=500", "gracePeriodSeconds", 10);
    row("cap", "maxLocalReplicas=3", "maxLocalReplicas", 3);
    row("cap negative", "maxLocalReplicas=-3", "maxLocalReplicas", 0);
    row("port", "startPort=30000", "startPort", 30000);
    row("port 0", "startPort=0", "startPort", 27182);
    row("port 65536", "startPort=65536", "startPort", 27182);
    row("python name", "python=python3.11", "python", QStringLiteral("python3.11"));
    row("python path", "python=/opt/py/bin/python", "python", QStringLiteral("/opt/py/bin/python"));
    row("python relative path", "python=venv/bin/python", "python", QString());
    row("python list", "python=a, b", "python", QString());
    row("python leading space", "python=\" python3\"", "python", QString());
    row("python newline", "python=\"py\\nthon\"", "python", QString());
}

void TestRunSettings::storedText()
{
    QFETCH(QByteArray, ini);
    QFETCH(QString, field);
    QFETCH(QVariant, expected);
    const QSettings settings(iniFile(ini), QSettings::IniFormat);
    const LocalRunDefaults d = exec::readLocalRunDefaults(settings);
    const QVariantMap values = {{QStringLiteral("python"), d.python},
                                {QStringLiteral("maxRestarts"), d.maxRestarts},
                                {QStringLiteral("jobReruns"), d.jobReruns},
                                {QStringLiteral("gracePeriodSeconds"), d.gracePeriodSeconds},
                                {QStringLiteral("maxLocalReplicas"), d.maxLocalReplicas},
                                {QStringLiteral("startPort"), int(d.startPort)}};
    QVERIFY(values.contains(field));
    QCOMPARE(values.value(field), expected);
    // The other fields keep their built-in values.
    LocalRunDefaults others = d;
    const LocalRunDefaults builtIn;
    if (field == QLatin1String("python"))
        others.python = builtIn.python;
    else if (field == QLatin1String("maxRestarts"))
        others.maxRestarts = builtIn.maxRestarts;
    else if (field == QLatin1String("jobReruns"))
        others.jobReruns = builtIn.jobReruns;
    else if (field == QLatin1String("gracePeriodSeconds"))
        others.gracePeriodSeconds = builtIn.gracePeriodSeconds;
    else if (field == QLatin1String("maxLocalReplicas"))
        others.maxLocalReplicas = builtIn.maxLocalReplicas;
    else
        others.startPort = builtIn.startPort;
    QCOMPARE(others, builtIn);
}

void TestRunSettings::wrongTypes()
{
    // Values set by a program, read back before the file is written (their types are kept).
    QSettings settings(iniFile(QByteArray()), QSettings::IniFormat);
    settings.setValue(QStringLiteral("localRuns/python"),
                      QStringList({QStringLiteral("python3"), QStringLiteral("-u")}));
    settings.setValue(QStringLiteral("localRuns/maxRestarts"), 2.5);
    settings.setValue(QStringLiteral("localRuns/jobReruns"), true);
    settings.setValue(QStringLiteral("localRuns/gracePeriodSeconds"), QVariantList{1, 2});
    settings.setValue(QStringLiteral("localRuns/maxLocalReplicas"), QStringLiteral("two"));
    settings.setValue(QStringLiteral("localRuns/startPort"), QVariantMap());
    QCOMPARE(exec::readLocalRunDefaults(settings), LocalRunDefaults());
    settings.setValue(QStringLiteral("localRuns/maxRestarts"), 3);
    settings.setValue(QStringLiteral("localRuns/startPort"), qlonglong(28000));
    QCOMPARE(exec::readLocalRunDefaults(settings).maxRestarts, 3);
    QCOMPARE(exec::readLocalRunDefaults(settings).startPort, quint16(28000));
}

void TestRunSettings::acceptablePython_data()
{
    QTest::addColumn<QString>("python");
    QTest::addColumn<bool>("acceptable");
    QTest::newRow("empty") << QString() << true;
    QTest::newRow("name") << QStringLiteral("python3") << true;
    QTest::newRow("absolute") << QStringLiteral("/usr/bin/python3") << true;
    QTest::newRow("absolute with space") << QStringLiteral("/opt/my py/bin/python") << true;
    QTest::newRow("relative") << QStringLiteral("venv/bin/python") << false;
    QTest::newRow("dot relative") << QStringLiteral("./python") << false;
    QTest::newRow("tilde") << QStringLiteral("~/venv/bin/python") << false;
    QTest::newRow("newline") << QStringLiteral("python3\n") << false;
    QTest::newRow("tab") << QStringLiteral("py\tthon") << false;
    QTest::newRow("surrounding space") << QStringLiteral(" python3") << false;
}

void TestRunSettings::acceptablePython()
{
    QFETCH(QString, python);
    QFETCH(bool, acceptable);
    QCOMPARE(LocalRunDefaults::isAcceptablePython(python), acceptable);
    // What is not acceptable is never stored.
    QSettings settings(iniFile(QByteArray()), QSettings::IniFormat);
    LocalRunDefaults d;
    d.python = python;
    exec::writeLocalRunDefaults(settings, d);
    QCOMPARE(settings.contains(QStringLiteral("localRuns/python")),
             acceptable && !python.isEmpty());
}

void TestRunSettings::newRunSettings()
{
    LocalRunDefaults d;
    d.python = QStringLiteral("python3.11");
    d.maxRestarts = 1;
    d.jobReruns = 3;
    d.gracePeriodSeconds = 2;
    d.maxLocalReplicas = 6;
    d.startPort = 31000;
    d.logCapMB = 5;
    const exec::RunSettings s = d.runSettings(service::RunStyle::LocalTrain);
    QCOMPARE(s.logCapMB, 5);
    exec::RunSettings back;
    QVERIFY(exec::RunSettings::fromJson(s.toJson(), &back, nullptr));
    QCOMPARE(back.logCapMB, 5); // run.json carries it to the owner
    QCOMPARE(s.style, service::RunStyle::LocalTrain);
    QCOMPARE(s.python, d.python);
    QCOMPARE(s.maxRestarts, 1);
    QCOMPARE(s.jobReruns, 3);
    QCOMPARE(s.graceMs, 2000);
    QCOMPARE(s.maxLocalReplicas, 6);
    QCOMPARE(s.startPort, quint16(31000));
    // The fields a run sets itself keep RunSettings' defaults.
    const exec::RunSettings plain;
    QCOMPARE(s.distributed, plain.distributed);
    QCOMPARE(s.jobDir, plain.jobDir);
    QCOMPARE(s.baseDirectory, plain.baseDirectory);
    // The built-in defaults make the built-in run settings.
    exec::RunSettings fromBuiltIn = LocalRunDefaults().runSettings(service::RunStyle::Submit);
    QCOMPARE(fromBuiltIn, exec::RunSettings());
}

void TestRunSettings::applicationSettings()
{
    // readLocalRunDefaults() reads the application's settings (test mode: not the user's).
    QSettings().setValue(QStringLiteral("localRuns/jobReruns"), 3);
    QSettings().setValue(QStringLiteral("localRuns/startPort"), QStringLiteral("not a port"));
    QCOMPARE(exec::readLocalRunDefaults().jobReruns, 3);
    QCOMPARE(exec::readLocalRunDefaults().startPort, service::defaultStartPort);
    QSettings().clear();
    QCOMPARE(exec::readLocalRunDefaults(), LocalRunDefaults());
}

void TestRunSettings::localTrialsInRunJson()
{
    exec::RunSettings s;
    QCOMPARE(s.maxLocalTrials, 3);
    s.maxLocalTrials = 0;
    exec::RunSettings read;
    QVERIFY(exec::RunSettings::fromJson(s.toJson(), &read, nullptr));
    QCOMPARE(read.maxLocalTrials, 0);
    QVERIFY(read == s);
    // A run.json written before the field existed: the default cap.
    QVERIFY(exec::RunSettings::fromJson(R"({"style":"submit"})", &read, nullptr));
    QCOMPARE(read.maxLocalTrials, exec::RunSettings::defaultMaxLocalTrials);
}

QTEST_GUILESS_MAIN(TestRunSettings)
#include "tst_runsettings.moc"
