// SPDX-License-Identifier: MIT
// Nothing is written into a system folder: a trainer run from one (the installed examples in
// /usr/share/trainyard) gets PYTHONDONTWRITEBYTECODE, since as root Python would write its
// __pycache__ there, which `apt-get purge` then leaves behind.
#include "catalog/catalog.h"
#include "exec/companion.h"
#include "exec/environment.h"

#include <QTest>

using namespace trainyard;

class TestSystemFolders : public QObject
{
    Q_OBJECT

private slots:
    void systemDataPath_data();
    void systemDataPath();
    void noBytecodeThere_data();
    void noBytecodeThere();
};

void TestSystemFolders::systemDataPath_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("xdgDataDirs");
    QTest::addColumn<bool>("system");
    QTest::newRow("installed example")
        << QStringLiteral("/usr/share/trainyard/examples/mnist_like") << QString() << true;
    QTest::newRow("/usr/local/share")
        << QStringLiteral("/usr/local/share/demo") << QString() << true;
    QTest::newRow("the folder itself") << QStringLiteral("/usr/share") << QString() << true;
    QTest::newRow("$XDG_DATA_DIRS")
        << QStringLiteral("/opt/data/demo") << QStringLiteral("/opt/data/:/usr/share") << true;
    QTest::newRow("$XDG_DATA_DIRS replaces the default")
        << QStringLiteral("/usr/local/share/demo") << QStringLiteral("/opt/data") << false;
    QTest::newRow("a user's folder")
        << QStringLiteral("/home/ada/mnist_like") << QString() << false;
    QTest::newRow("a name that only starts alike")
        << QStringLiteral("/usr/shared/demo") << QString() << false;
    QTest::newRow("dot-dot out of it")
        << QStringLiteral("/usr/share/../../home/ada") << QString() << false;
    QTest::newRow("a root entry is no system folder")
        << QStringLiteral("/home/ada") << QStringLiteral("/") << false;
}

void TestSystemFolders::systemDataPath()
{
    QFETCH(QString, path);
    QFETCH(QString, xdgDataDirs);
    QFETCH(bool, system);
    QCOMPARE(exec::isSystemDataPath(path, xdgDataDirs), system);
}

void TestSystemFolders::noBytecodeThere_data()
{
    QTest::addColumn<QString>("packagePath");
    QTest::addColumn<bool>("noBytecode");
    QTest::newRow("installed example")
        << QStringLiteral("/usr/share/trainyard/examples/mnist_like/trainer") << true;
    QTest::newRow("a copy of it") << QStringLiteral("/home/ada/mnist_like/trainer") << false;
}

void TestSystemFolders::noBytecodeThere()
{
    QFETCH(QString, packagePath);
    QFETCH(bool, noBytecode);
    jobspec::Job job;
    job.jobId = QStringLiteral("mnist_1");
    job.trainingInput.scaleTier = QStringLiteral("CUSTOM");
    job.trainingInput.master.type = QStringLiteral("n1-standard-4");
    job.trainingInput.pythonModule = QStringLiteral("trainer.task");
    job.local.packagePath = packagePath;
    static const catalog::Catalog noCatalog;
    service::LayoutResult layout = service::planLayout(job, noCatalog, service::LayoutOptions());
    QVERIFY(layout);
    QVERIFY(service::assignPorts(layout.layout, {27182}));
    exec::EnvironmentOptions options;
    options.baseEnvironment = QProcessEnvironment(); // not this process's
    options.baseEnvironment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    options.baseDirectory = QStringLiteral("/home/ada");
    const service::Replica &primary = *layout.layout.primary();
    QString error;
    const exec::ReplicaLaunch launch =
        exec::replicaLaunch(job, layout.layout, primary, options, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(launch.environment.value(QStringLiteral("PYTHONDONTWRITEBYTECODE")),
             noBytecode ? QStringLiteral("1") : QString());

    // The user's own setting stands, whatever it says.
    options.baseEnvironment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QString());
    const exec::ReplicaLaunch own =
        exec::replicaLaunch(job, layout.layout, primary, options, &error);
    QVERIFY(own.environment.contains(QStringLiteral("PYTHONDONTWRITEBYTECODE")));
    QCOMPARE(own.environment.value(QStringLiteral("PYTHONDONTWRITEBYTECODE")), QString());
}

QTEST_GUILESS_MAIN(TestSystemFolders)
#include "tst_systemfolders.moc"
