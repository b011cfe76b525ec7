// SPDX-License-Identifier: MIT
// The bundled example is worth watching: its config.yaml paces it to about a minute of steps
// (--step-delay), printed one by one as they happen, with a falling loss. The run here keeps
// the config's arguments and pace but does 6 steps, so the test takes a few seconds.
#include "jobspec/yamlio.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

using namespace trainyard;

class TestExamplePace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void configRunsAboutAMinute();
    void stepsArriveLiveAndLossFalls();

private:
    static QString example()
    {
        return QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like");
    }
    static QStringList configArgs();
    static double argValue(const QStringList &args, const QString &flag);
};

QStringList TestExamplePace::configArgs()
{
    const jobspec::ImportResult r =
        jobspec::importJobFile(example() + QStringLiteral("/config.yaml"));
    return r ? r.job.trainingInput.args : QStringList();
}

double TestExamplePace::argValue(const QStringList &args, const QString &flag)
{
    const qsizetype i = args.lastIndexOf(flag);
    return i >= 0 && i + 1 < args.size() ? args.at(i + 1).toDouble() : 0.0;
}

void TestExamplePace::configRunsAboutAMinute()
{
    const QStringList args = configArgs();
    QVERIFY(!args.isEmpty());
    const double steps = argValue(args, QStringLiteral("--epochs")) *
                         argValue(args, QStringLiteral("--steps-per-epoch"));
    const double delay = argValue(args, QStringLiteral("--step-delay"));
    const double seconds = steps * delay;
    QVERIFY2(
        seconds >= 45 && seconds <= 90,
        qPrintable(QStringLiteral("%1 steps x %2 s = %3 s").arg(steps).arg(delay).arg(seconds)));
}

void TestExamplePace::stepsArriveLiveAndLossFalls()
{
    const QString python =
        qEnvironmentVariable("TRAINYARD_PYTHON", QStringLiteral("/usr/bin/python3"));
    if (QStandardPaths::findExecutable(python).isEmpty() && !QFileInfo(python).isExecutable())
        QSKIP("no Python interpreter for the example trainer");
    const QStringList args = configArgs();
    const double delay = argValue(args, QStringLiteral("--step-delay"));
    QVERIFY(delay > 0);
    const int steps = 6;
    QProcess trainer;
    trainer.setWorkingDirectory(example());
    trainer.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    trainer.start(python,
                  QStringList{QStringLiteral("-m"), QStringLiteral("trainer.task")} + args +
                      QStringList{QStringLiteral("--epochs"), QStringLiteral("1"),
                                  QStringLiteral("--steps-per-epoch"), QString::number(steps)});
    QVERIFY(trainer.waitForStarted());
    static const QRegularExpression stepLine(QStringLiteral("^step=(\\d+) loss=([0-9.]+)"));
    QElapsedTimer clock;
    QList<qint64> arrivals;
    QList<double> losses;
    while (trainer.state() != QProcess::NotRunning || trainer.canReadLine()) {
        if (!trainer.canReadLine() && !trainer.waitForReadyRead(30000))
            break;
        while (trainer.canReadLine()) {
            const QString line = QString::fromUtf8(trainer.readLine()).trimmed();
            const QRegularExpressionMatch m = stepLine.match(line);
            if (!m.hasMatch())
                continue;
            if (arrivals.isEmpty())
                clock.start();
            arrivals.append(clock.elapsed());
            losses.append(m.captured(2).toDouble());
        }
    }
    QVERIFY(trainer.state() == QProcess::NotRunning || trainer.waitForFinished(30000));
    QCOMPARE(trainer.exitCode(), 0);
    QCOMPARE(int(arrivals.size()), steps);
    // The lines come as the steps happen, one pace apart (not all at the end).
    const qint64 spread = arrivals.last() - arrivals.first();
    QVERIFY2(spread >= qint64((steps - 1) * delay * 1000 * 0.8),
             qPrintable(QStringLiteral("%1 ms between the first and the last step").arg(spread)));
    QVERIFY2(losses.last() < losses.first(),
             qPrintable(QStringLiteral("loss %1 -> %2").arg(losses.first()).arg(losses.last())));
}

QTEST_GUILESS_MAIN(TestExamplePace)
#include "tst_examplepace.moc"
