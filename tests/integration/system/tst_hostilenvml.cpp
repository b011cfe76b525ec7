// SPDX-License-Identifier: MIT
// Issue 32: NVML is not trusted. Real jobs (fixtrainer.hog, a few seconds) under the jobs
// harness, the NVML double (tests/nvmlfake) in its hostile modes: a crash inside a sampling
// call, a sampling call that hangs, nvmlInit hanging, 65,535 GPUs with 4,294,967,295 processes
// and garbage readings. Each job ends SUCCEEDED in about its own time, owner.log says what
// happened, and the metric store holds only what can be true.
#include "metrics/storefollower.h"
#include "metrics/systemsampler.h"
#include "store/jobstate.h"
#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::testing;
using namespace Qt::Literals::StringLiterals;

class TestHostileNvml : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_run = 0;

    struct Job
    {
        CliRun run;
        qint64 wallMs = 0;
        QString home;
        QString jobId;
        store::JobState state;
        QByteArray ownerLog;
    };

    // Runs a hog job of `seconds` to its end (`jobs submit` without --async) with NVML as
    // `description` says, and the GPU helper's waits from `env`.
    Job runJob(const QByteArray &description, double seconds, const QProcessEnvironment &more)
    {
        Job job;
        const QString dir = m_tmp.filePath(u"run-%1"_s.arg(++m_run));
        job.home = dir + u"/store"_s;
        job.jobId = u"nvml_job"_s;
        const QString runtime = dir + u"/runtime"_s; // the NVML mark of this run alone
        QDir().mkpath(runtime);
        QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const QString nvml = writeFile(dir + u"/nvml.txt"_s, description);
        const QString config =
            writeFile(dir + u"/job.yaml"_s,
                      customSpec(u"hog"_s, 0, 0, 0, dir + u"/out"_s,
                                 {u"--mib"_s, u"1"_s, u"--child-mib"_s, u"0"_s, u"--burn"_s, u"0"_s,
                                  u"--seconds"_s, QString::number(seconds)}));
        QProcessEnvironment env;
        env.insert(u"LD_LIBRARY_PATH"_s, QStringLiteral(TRAINYARD_NVMLFAKE_DIR));
        env.insert(u"NVMLFAKE_DESCRIPTION"_s, nvml);
        env.insert(u"XDG_RUNTIME_DIR"_s, runtime);
        env.insert(more);
        QElapsedTimer timer;
        timer.start();
        job.run = runCli(job.home,
                         {u"jobs"_s, u"submit"_s, u"training"_s, job.jobId, u"--config"_s, config},
                         120000, env);
        job.wallMs = timer.elapsed();
        qInfo("%s: the %g s job took %lld ms from submit to its end", QTest::currentTestFunction(),
              seconds, job.wallMs);
        const store::JobStore store(job.home);
        job.state = store.readState(job.jobId).state;
        QFile log(store.jobDir(job.jobId) + u"/owner.log"_s);
        if (log.open(QIODevice::ReadOnly))
            job.ownerLog = log.readAll();
        return job;
    }

    static QProcessEnvironment waits(int deadlineMs, int backoffMs = 200)
    {
        QProcessEnvironment env;
        env.insert(u"TRAINYARD_GPU_DEADLINE_MS"_s, QString::number(deadlineMs));
        env.insert(u"TRAINYARD_GPU_BACKOFF_MS"_s, QString::number(backoffMs));
        return env;
    }

private slots:
    void initTestCase()
    {
        if (!QFile::exists(u"/usr/bin/python3"_s))
            QSKIP("needs /usr/bin/python3");
        QVERIFY(m_tmp.isValid());
    }

    void crashInASamplingCallKeepsTheJob()
    {
        // It ended the job FAILED "interrupted": the sampler ran in the owner.
        const Job job = runJob("gpu name=A; utilization=50\ncrash utilization\n", 3, waits(5000));
        QVERIFY2(job.run.exitCode == 0, job.run.err.constData());
        QCOMPARE(job.state.state, store::JobStatus::Succeeded);
        QVERIFY2(job.ownerLog.contains("it ended in a reading (killed by signal 11"),
                 job.ownerLog.constData());
        QVERIFY2(job.ownerLog.contains("it starts again in 0.2 s"), job.ownerLog.constData());
    }

    void hangingSampleNeverHoldsTheEnd()
    {
        // A sampling call that hangs (longer than the job) kept a finished job RUNNING ~55 s.
        const Job job =
            runJob("gpu name=A; utilization=50\nhang utilization 60000\n", 3, waits(30000));
        QVERIFY2(job.run.exitCode == 0, job.run.err.constData());
        QCOMPARE(job.state.state, store::JobStatus::Succeeded);
        QVERIFY2(job.wallMs < 12000, qPrintable(QString::number(job.wallMs)));
        // The owner is gone too, its helper with it.
        QTRY_VERIFY_WITH_TIMEOUT(!processExists(job.state.ownerPid), 3000);
    }

    void hangingInitCostsOneDeadline()
    {
        // nvmlInit hanging 30 s made a 4 s job take 92 s: the CLI, the owner and the sampler
        // each waited. Now the CLI waits its deadline (1.5 s) and the others know at once.
        const Job job = runJob("gpu name=A\nhang init 30000\n", 3, waits(1500));
        QVERIFY2(job.run.exitCode == 0, job.run.err.constData());
        QCOMPARE(job.state.state, store::JobStatus::Succeeded);
        QVERIFY2(job.wallMs < 3000 + 1500 + 4500, qPrintable(QString::number(job.wallMs)));
    }

    void hugeCountsAndGarbageReadings()
    {
        // 65,535 GPUs made 262,157 series (1.1 GB) for a 4 s job; 0xFFFFFFFF processes threw
        // bad_alloc on the sampler's thread; 4,294,967,295 % was stored as it came.
        const Job job = runJob("gpu name=A; memory_total_mib=1000; utilization=4294967295; "
                               "temperature=4294967295\n"
                               "device_count 65535\n"
                               "process_count 4294967295\n",
                               3, waits(5000));
        QVERIFY2(job.run.exitCode == 0, job.run.err.constData());
        QCOMPARE(job.state.state, store::JobStatus::Succeeded);
        QVERIFY2(job.ownerLog.contains("NVML reports 65535 GPUs; the first 64 are used."),
                 job.ownerLog.constData());
        QVERIFY2(job.ownerLog.contains("reported a utilization of 4294967295 %"),
                 job.ownerLog.constData());
        QVERIFY2(job.ownerLog.contains("more than 4096 compute processes"),
                 job.ownerLog.constData());
        const store::JobStore store(job.home);
        metrics::StoreFollower follower(store.metricsDir(job.jobId), QString(), QString(), {});
        follower.pollOnce();
        int systemSeries = 0;
        QSet<QString> gpuSources;
        for (const metrics::SeriesInfo &info : follower.summary()) {
            if (info.key.kind != metrics::kinds::System)
                continue;
            ++systemSeries;
            QVERIFY2(info.key.metric != metrics::systemseries::GpuUtilizationPercent &&
                         info.key.metric != metrics::systemseries::GpuTemperatureC,
                     qPrintable(info.key.source + u' ' + info.key.metric));
            if (info.key.source.startsWith(u"gpu"_s))
                gpuSources.insert(info.key.source);
        }
        QCOMPARE(gpuSources.size(), 64);
        QVERIFY2(systemSeries <= 64 * 4 + 3, qPrintable(QString::number(systemSeries)));
    }
};

QTEST_GUILESS_MAIN(TestHostileNvml)
#include "tst_hostilenvml.moc"
