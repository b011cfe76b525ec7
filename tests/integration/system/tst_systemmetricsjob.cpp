// SPDX-License-Identifier: MIT
// The job's owner records system metrics: a real job (chief and parameter server running
// fixtrainer.hog) under the jobs harness, NVML being the double (tests/nvmlfake) that says the
// chief's child holds GPU memory. The store then has the system/* series per replica and per GPU.
#include "common/nvmldouble.h"
#include "metrics/storefollower.h"
#include "metrics/systemsampler.h"
#include "store/jobstate.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::testing;
using namespace Qt::Literals::StringLiterals;

class TestSystemMetricsJob : public QObject
{
    Q_OBJECT

private slots:
    void ownerRecordsSystemSeries_data()
    {
        QTest::addColumn<bool>("tuning");
        QTest::newRow("plain job") << false;
        QTest::newRow("tuning job") << true;
    }

    void ownerRecordsSystemSeries()
    {
        QFETCH(bool, tuning);
        if (!QFile::exists(u"/usr/bin/python3"_s))
            QSKIP("needs /usr/bin/python3");
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString home = tmp.filePath(u"store"_s);
        const QString out = tmp.filePath(u"out"_s);
        const QString description = tmp.filePath(u"nvml.txt"_s);
        const QByteArray gpus =
            "driver 580.159\n"
            "gpu name=NVIDIA H200; memory_total_mib=143771; memory_used_mib=1500; "
            "utilization=64; power_mw=412000; temperature=52\n";
        writeFile(description, gpus);
        QByteArray yaml =
            customSpec(u"hog"_s, 0, 1, 0, out,
                       {u"--mib"_s, u"100"_s, u"--child-mib"_s, u"50"_s, u"--seconds"_s, u"60"_s});
        if (tuning) // one trial: sources "<replica>.trial-1"
            yaml.replace("trainyardLocal:",
                         "  hyperparameters:\n    goal: MAXIMIZE\n    hyperparameterMetricTag: m\n"
                         "    maxTrials: 1\n    params:\n    - parameterName: lr\n"
                         "      type: DOUBLE\n      minValue: 0.1\n      maxValue: 0.2\n"
                         "trainyardLocal:");
        const QString config = writeFile(tmp.filePath(u"job.yaml"_s), yaml);
        QProcessEnvironment env;
        env.insert(u"LD_LIBRARY_PATH"_s, QStringLiteral(TRAINYARD_NVMLFAKE_DIR));
        env.insert(u"NVMLFAKE_DESCRIPTION"_s, description);
        const QString jobId = tuning ? u"hog_tuned"_s : u"hog_job"_s;
        const CliRun submitted =
            runCli(home,
                   {u"jobs"_s, u"submit"_s, u"training"_s, jobId, u"--config"_s, config,
                    u"--async"_s, u"--grace-period"_s, u"2"_s},
                   30000, env);
        QVERIFY2(submitted.exitCode == 0, submitted.err.constData());

        // Once the chief's child holds its memory, NVML says it also holds 1024 MiB on GPU 0.
        const QString trialOut = tuning ? out + u"/1"_s : out;
        QVERIFY(QTest::qWaitFor(
            [&] {
                return QFile::exists(out + u"/pid-chief-0"_s) ||
                       QFile::exists(trialOut + u"/pid-chief-0"_s);
            },
            30000));
        const QString dir = QFile::exists(out + u"/pid-chief-0"_s) ? out : trialOut;
        QVERIFY(QTest::qWaitFor([&] { return QFile::exists(dir + u"/pid-ps-0"_s); }, 30000));
        const qint64 child = readPid(dir + u"/child-chief-0"_s);
        QVERIFY(child > 0);
        QVERIFY(test::describeNvmlDouble(description,
                                         gpus + "process gpu=0; pid=" + QByteArray::number(child) +
                                             "; used_mib=1024\n"));
        QTest::qWait(3500); // a few samples
        writeFile(dir + u"/stop"_s, "");
        const store::JobStore jobStore(home);
        const store::JobState state = waitForState(
            jobStore, jobId, [](const store::JobState &s) { return s.isTerminal(); }, 60000);
        QCOMPARE(state.state, store::JobStatus::Succeeded);

        metrics::StoreFollower follower(jobStore.metricsDir(jobId), QString(), QString(), {});
        follower.pollOnce();
        QHash<QString, metrics::SeriesInfo> series; // "source metric"
        for (const metrics::SeriesInfo &info : follower.summary()) {
            if (info.key.kind == metrics::kinds::System)
                series.insert(info.key.source + u' ' + info.key.metric, info);
        }
        const QString suffix = tuning ? u".trial-1"_s : QString();
        const QString chief = u"chief-0"_s + suffix;
        const QString ps = u"ps-0"_s + suffix;
        auto get = [&](const QString &source, const QString &metric) {
            const auto it = series.constFind(source + u' ' + metric);
            return it == series.cend() ? metrics::SeriesInfo{} : *it;
        };
        const QStringList keys = series.keys();
        const QByteArray have = keys.join(u", "_s).toUtf8();
        using namespace metrics::systemseries;
        QVERIFY2(get(chief, CpuPercent).count >= 2, have.constData());
        QVERIFY2(get(chief, CpuPercent).max > 25,
                 qPrintable(QString::number(get(chief, CpuPercent).max)));
        QVERIFY2(get(chief, MemoryMiB).max > 140,
                 qPrintable(QString::number(get(chief, MemoryMiB).max)));
        QCOMPARE(get(chief, GpuMemoryMiB).max, 1024.0);
        QVERIFY(get(ps, MemoryMiB).max > 140); // its child's 50 MiB count too
        QVERIFY2(get(ps, GpuMemoryMiB).count >= 2, have.constData());
        QCOMPARE(get(ps, GpuMemoryMiB).max, 0.0);
        QCOMPARE(get(u"gpu0"_s, GpuUtilizationPercent).last, 64.0);
        QCOMPARE(get(u"gpu0"_s, GpuMemoryMiB).last, 1500.0);
        QCOMPARE(get(u"gpu0"_s, GpuPowerW).last, 412.0);
        QCOMPARE(get(u"gpu0"_s, GpuTemperatureC).last, 52.0);
        QVERIFY2(!series.contains(u"gpu1 "_s + GpuUtilizationPercent), have.constData());
    }
};

QTEST_GUILESS_MAIN(TestSystemMetricsJob)
#include "tst_systemmetricsjob.moc"
