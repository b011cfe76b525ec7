// SPDX-License-Identifier: MIT
// The example trainer started as real processes from planLayout() + planLaunch(): 1 chief,
// 2 workers, 1 parameter server, 1 evaluator on free localhost ports. Every replica must exit
// 0 and the chief's loss must fall. (The owner will own this later; this checks that
// the environment the executor computes is what the trainer needs.)
#include "catalog/catalog.h"
#include "exec/environment.h"
#include "exec/ports.h"

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace trainyard;

class TestExampleRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void distributedRun_data();
    void distributedRun();
};

void TestExampleRun::distributedRun_data()
{
    QTest::addColumn<bool>("purePython");
    QTest::newRow("numpy if present") << false;
    QTest::newRow("pure Python") << true;
}

void TestExampleRun::distributedRun()
{
    QFETCH(bool, purePython);
    const QString python =
        qEnvironmentVariable("TRAINYARD_PYTHON", QStringLiteral("/usr/bin/python3"));
    if (QStandardPaths::findExecutable(python).isEmpty() && !QFileInfo(python).isExecutable())
        QSKIP("no Python interpreter for the example trainer");

    jobspec::Job job;
    job.jobId = QStringLiteral("example_run");
    jobspec::TrainingInput &in = job.trainingInput;
    in.scaleTier = QStringLiteral("CUSTOM");
    in.runtimeVersion = QStringLiteral("2.11");
    in.pythonModule = QStringLiteral("trainer.task");
    in.args = {QStringLiteral("--epochs"), QStringLiteral("3"), QStringLiteral("--steps-per-epoch"),
               QStringLiteral("10")};
    in.worker = {QStringLiteral("n1-standard-4"), 2, {}};
    in.parameterServer = {QStringLiteral("n1-standard-4"), 1, {}};
    in.evaluator = {QStringLiteral("n1-standard-4"), 1, {}};
    job.local.packagePath = QStringLiteral("trainer");

    service::LayoutOptions layoutOptions;
    layoutOptions.startPort = 38182;
    const catalog::Catalog noTiers;
    service::LayoutResult layout = service::planLayout(job, noTiers, layoutOptions);
    QVERIFY2(layout, qPrintable(layout.error));
    const exec::PortResult ports = exec::assignFreePorts(layout.layout);
    QVERIFY2(ports, qPrintable(ports.error));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    exec::EnvironmentOptions options;
    options.python = python;
    options.jobDir = dir.filePath(QStringLiteral("job"));
    options.metricsDirectory = dir.filePath(QStringLiteral("metrics"));
    options.baseDirectory = QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like");
    if (purePython)
        options.baseEnvironment.insert(QStringLiteral("TRAINER_PURE_PYTHON"), QStringLiteral("1"));
    const exec::LaunchPlan plan = exec::planLaunch(job, layout.layout, options);
    QVERIFY2(plan, qPrintable(plan.error));

    std::vector<std::unique_ptr<QProcess>> processes;
    for (const exec::ReplicaLaunch &launch : plan.replicas) {
        QCOMPARE(exec::preflight(launch), QString());
        auto p = std::make_unique<QProcess>();
        p->setProgram(launch.program);
        p->setArguments(launch.arguments);
        p->setWorkingDirectory(launch.workingDirectory);
        p->setProcessEnvironment(launch.environment);
        p->setProcessChannelMode(QProcess::MergedChannels);
        p->start();
        QVERIFY2(p->waitForStarted(), qPrintable(launch.replica.name));
        processes.push_back(std::move(p));
    }
    // A hang guard, not a speed assertion.
    for (std::size_t i = 0; i < processes.size(); ++i) {
        QProcess &p = *processes[i];
        if (!p.waitForFinished(180000))
            p.kill();
        p.waitForFinished();
        const QString name = plan.replicas.at(static_cast<qsizetype>(i)).replica.name;
        const QByteArray output = p.readAll();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(name + QLatin1Char('\n') + QString::fromUtf8(output.right(2000))));
        if (name != QLatin1String("chief-0"))
            continue;
        QList<double> losses;
        const QRegularExpression step(QStringLiteral("^step=\\d+ loss=([0-9.]+)"),
                                      QRegularExpression::MultilineOption);
        for (auto it = step.globalMatch(QString::fromUtf8(output)); it.hasNext();)
            losses << it.next().captured(1).toDouble();
        QCOMPARE(losses.size(), 30);
        const double first = (losses[0] + losses[1] + losses[2]) / 3;
        const double last = (losses[27] + losses[28] + losses[29]) / 3;
        QVERIFY2(last < first, qPrintable(QStringLiteral("%1 -> %2").arg(first).arg(last)));
    }
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("metrics/chief-0.metrics"))));
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("job/checkpoints/checkpoint.json"))));
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("job/model/model.json"))));
}

QTEST_GUILESS_MAIN(TestExampleRun)
#include "tst_examplerun.moc"
