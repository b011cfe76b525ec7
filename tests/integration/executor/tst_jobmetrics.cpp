// SPDX-License-Identifier: MIT
// `trainyard jobs metrics` as a script would use it: a real job (fixtrainer.metricsprinter)
// whose log gives series, a TensorBoard event file in its job dir, JSON and CSV output with every
// point, the --source and --metric filters, a job read while it runs, and the errors.
#include "common/tfeventswriter.h"
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <charconv>
#include <cmath>

using namespace trainyard;
using namespace trainyard::testing;

class TestJobMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void jsonHasEveryPoint();
    void csvHasEveryPoint();
    void filters();
    void runningJob();
    void errors();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    CliRun metrics(const QStringList &args)
    {
        return runCli(m_home,
                      QStringList{QStringLiteral("jobs"), QStringLiteral("metrics")} + args);
    }

    QTemporaryDir m_tmp;
    QString m_home;
    QString m_replica; // the log's name: the source of the log series
};

void TestJobMetrics::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    QVERIFY(m_tmp.isValid());
    m_home = path(QStringLiteral("store"));
    QVERIFY(QDir().mkpath(m_home));
    const QString jobDir = path(QStringLiteral("printed"));
    const QString config = writeFile(path(QStringLiteral("printed.yaml")),
                                     customSpec(QStringLiteral("metricsprinter"), 0, 0, 0, jobDir));
    const CliRun run = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                                       QStringLiteral("training"), QStringLiteral("printed_job"),
                                       QStringLiteral("--config"), config});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QStringList logs = QDir(store::JobStore(m_home).logsDir(QStringLiteral("printed_job")))
                                 .entryList({QStringLiteral("*.log")}, QDir::Files);
    QCOMPARE(logs.size(), 1);
    m_replica = QFileInfo(logs.first()).completeBaseName();
    // An event file written in the job dir after the job (TensorBoard's run: "tb/run1"); a 2^40
    // step and an infinite value.
    test::TfEventsWriter events(jobDir + QStringLiteral("/tb/run1/") +
                                test::TfEventsWriter::fileName(1700000000));
    QVERIFY(events.isOpen());
    events.scalar(QStringLiteral("eval/acc"), 0, 0.5, test::TfEventsWriter::Encoding::SimpleValue,
                  1700000001.5);
    events.scalar(QStringLiteral("eval/acc"), qint64(1) << 40, HUGE_VAL,
                  test::TfEventsWriter::Encoding::SimpleValue, 1700000002.25);
    events.close();
}

namespace {

QString shortest(double v)
{
    char buffer[64];
    const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return QString::fromLatin1(buffer, int(r.ptr - buffer));
}

// [[step, value], ...] of a JSON series, non-finite values as their strings; wall times checked
// to be seconds of today's clock.
QString pointsOf(const QJsonObject &series)
{
    QStringList out;
    const QJsonArray points = series.value(QStringLiteral("points")).toArray();
    for (const QJsonValue &p : points) {
        const QJsonArray a = p.toArray();
        if (a.size() != 3)
            return QStringLiteral("bad point");
        const QJsonValue v = a.at(2);
        out << shortest(a.at(0).toDouble()) + QLatin1Char('=') +
                   (v.isString() ? v.toString() : shortest(v.toDouble()));
    }
    return out.join(QLatin1Char(' '));
}

} // namespace

void TestJobMetrics::jsonHasEveryPoint()
{
    const CliRun run = metrics({QStringLiteral("printed_job"), QStringLiteral("--format=json")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, run.out.constData());
    const QJsonObject root = doc.object();
    QCOMPARE(root.value(QStringLiteral("jobId")).toString(), QStringLiteral("printed_job"));
    QMap<QString, QJsonObject> bySeries; // "source|metric|kind"
    for (const QJsonValue &v : root.value(QStringLiteral("series")).toArray()) {
        const QJsonObject s = v.toObject();
        bySeries.insert(s.value(QStringLiteral("source")).toString() + QLatin1Char('|') +
                            s.value(QStringLiteral("metric")).toString() + QLatin1Char('|') +
                            s.value(QStringLiteral("kind")).toString(),
                        s);
    }
    const QString log = m_replica + QLatin1Char('|');
    // Every series, and only these: no LOCAL_RANK, no Seed.
    QCOMPARE(
        bySeries.keys(),
        (QStringList{log + QStringLiteral("acc|log"), log + QStringLiteral("epoch|log"),
                     log + QStringLiteral("grad_norm|log"),
                     log + QStringLiteral("learning_rate|log"), log + QStringLiteral("loss|log"),
                     QStringLiteral("tb/run1 (TensorBoard)|eval/acc|tensorboard")}));
    QCOMPARE(pointsOf(bySeries.value(log + QStringLiteral("loss|log"))),
             QStringLiteral("1=1 2=0.5 3=0.3333333333333333 4=0.25 5=0.2 6=nan 6=0.6986"));
    QStringList acc;
    for (int step = 1; step <= 5; ++step)
        acc << QString::number(step) + QLatin1Char('=') + shortest(0.1 * step);
    QCOMPARE(pointsOf(bySeries.value(log + QStringLiteral("acc|log"))), acc.join(QLatin1Char(' ')));
    QCOMPARE(pointsOf(bySeries.value(log + QStringLiteral("epoch|log"))),
             QStringLiteral("6=0.08333"));
    QCOMPARE(pointsOf(bySeries.value(QStringLiteral("tb/run1 (TensorBoard)|eval/acc|tensorboard"))),
             QStringLiteral("0=0.5 1099511627776=inf"));
    // Wall times: seconds since the epoch (the log's record times; the event's own wall_time).
    const QJsonArray tb =
        bySeries.value(QStringLiteral("tb/run1 (TensorBoard)|eval/acc|tensorboard"))
            .value(QStringLiteral("points"))
            .toArray();
    QCOMPARE(tb.at(0).toArray().at(1).toDouble(), 1700000001.5);
    QCOMPARE(tb.at(1).toArray().at(1).toDouble(), 1700000002.25);
    const double wall = bySeries.value(log + QStringLiteral("loss|log"))
                            .value(QStringLiteral("points"))
                            .toArray()
                            .at(0)
                            .toArray()
                            .at(1)
                            .toDouble();
    const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
    QVERIFY2(wall > now - 3600 && wall <= now, qPrintable(QString::number(wall, 'f', 3)));
    // Shortest round-trip numbers in the text itself.
    QVERIFY(run.out.contains(", 0.6986]"));
    QVERIFY(run.out.contains(", \"nan\"]"));
    QVERIFY(run.out.contains("[1099511627776, 1700000002.25, \"inf\"]"));
}

void TestJobMetrics::csvHasEveryPoint()
{
    const CliRun run = metrics({QStringLiteral("printed_job")}); // csv is the default
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QList<QByteArray> lines = run.out.split('\n');
    QCOMPARE(lines.first(), QByteArray("source,metric,step,wall_time,value"));
    QCOMPARE(lines.last(), QByteArray());                  // ends with a newline
    QCOMPARE(lines.size(), 1 + 7 + 5 + 1 + 1 + 1 + 2 + 1); // header, points, the final ""
    const QByteArray replica = m_replica.toUtf8();
    auto row = [&](const QByteArray &metric, int index) -> QByteArray {
        QList<QByteArray> rows;
        const QByteArray prefix = replica + ',' + metric + ',';
        for (const QByteArray &line : lines) {
            if (line.startsWith(prefix))
                rows << line;
        }
        if (index >= rows.size())
            return {};
        QList<QByteArray> fields = rows.at(index).split(',');
        fields.removeAt(3); // wall time
        return fields.join(',');
    };
    QCOMPARE(row("acc", 2), QByteArray(replica + ",acc,3,0.30000000000000004"));
    QCOMPARE(row("loss", 5), QByteArray(replica + ",loss,6,nan"));
    QCOMPARE(row("loss", 6), QByteArray(replica + ",loss,6,0.6986"));
    QCOMPARE(row("learning_rate", 0), QByteArray(replica + ",learning_rate,6,0.0004889"));
    QVERIFY(lines.contains("tb/run1 (TensorBoard),eval/acc,0,1700000001.5,0.5"));
    QVERIFY(lines.contains("tb/run1 (TensorBoard),eval/acc,1099511627776,1700000002.25,inf"));
}

void TestJobMetrics::filters()
{
    CliRun run =
        metrics({QStringLiteral("printed_job"), QStringLiteral("--metric"), QStringLiteral("loss"),
                 QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QJsonArray series =
        QJsonDocument::fromJson(run.out).object().value(QStringLiteral("series")).toArray();
    QCOMPARE(series.size(), 1);
    QCOMPARE(series.at(0).toObject().value(QStringLiteral("points")).toArray().size(), 7);

    for (const QString &source :
         {QStringLiteral("tb/run1 (TensorBoard)"), QStringLiteral("tb/run1")}) {
        run = metrics({QStringLiteral("printed_job"), QStringLiteral("--source=") + source,
                       QStringLiteral("--format=json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        series =
            QJsonDocument::fromJson(run.out).object().value(QStringLiteral("series")).toArray();
        QCOMPARE(series.size(), 1);
        QCOMPARE(series.at(0).toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("tensorboard"));
    }

    run = metrics({QStringLiteral("printed_job"), QStringLiteral("--source"), m_replica,
                   QStringLiteral("--metric"), QStringLiteral("acc")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.out.count('\n'), 1 + 5);

    // Nothing matches: an empty list, said on stderr as gcloud does.
    run = metrics({QStringLiteral("printed_job"), QStringLiteral("--metric=nosuch"),
                   QStringLiteral("--format=json")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(
        QJsonDocument::fromJson(run.out).object().value(QStringLiteral("series")).toArray().size(),
        0);
    QVERIFY2(run.err.contains("Listed 0 items."), run.err.constData());
}

void TestJobMetrics::runningJob()
{
    const QString hold = path(QStringLiteral("release"));
    const QString config =
        writeFile(path(QStringLiteral("running.yaml")),
                  customSpec(QStringLiteral("metricsprinter"), 0, 0, 0,
                             path(QStringLiteral("running")), {QStringLiteral("--hold"), hold}));
    const CliRun submit =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                        QStringLiteral("training"), QStringLiteral("running_job"),
                        QStringLiteral("--config"), config, QStringLiteral("--async")});
    QVERIFY2(submit.exitCode == 0, submit.err.constData());
    const store::JobStore store(m_home);
    // The owner writes the store within about a second of the lines; the job is still running.
    QByteArray out;
    QVERIFY(QTest::qWaitFor(
        [&] {
            const CliRun run =
                metrics({QStringLiteral("running_job"), QStringLiteral("--metric=acc")});
            out = run.out;
            return run.exitCode == 0 && run.out.count('\n') == 1 + 5;
        },
        20000));
    QCOMPARE(store.readState(QStringLiteral("running_job")).state.state, store::JobStatus::Running);
    QVERIFY(out.endsWith(",0.5\n"));
    writeFile(hold, "go");
    const store::JobState end =
        waitForState(store, QStringLiteral("running_job"),
                     [](const store::JobState &s) { return s.isTerminal(); });
    QCOMPARE(end.state, store::JobStatus::Succeeded);
    const CliRun after = metrics({QStringLiteral("running_job"), QStringLiteral("--metric=acc")});
    QCOMPARE(after.out, out); // the same points, each once
}

void TestJobMetrics::errors()
{
    CliRun run = metrics({QStringLiteral("no_such_job")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("There is no job no_such_job."), run.err.constData());
    run = metrics({QStringLiteral("printed_job"), QStringLiteral("--format=yaml")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("unknown format 'yaml'"), run.err.constData());
    run = metrics({});
    QCOMPARE(run.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestJobMetrics)
#include "tst_jobmetrics.moc"
