// SPDX-License-Identifier: MIT
// NVML through its helper process (gpu::GpuSampler, `trainyard gpu-sampler`) against a driver
// that lies or breaks: the NVML double (tests/nvmlfake) with huge counts, garbage readings, a
// call that hangs and one that crashes. Whatever the driver does, the caller gets an answer
// within its deadline, no helper is left behind, and what went wrong is said in a note.
#include "common/nvmldouble.h"
#include "gpu/gpusampler.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <csignal>
#include <thread>

using namespace trainyard::gpu;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr int DeadlineMs = 700;

GpuHelperOptions shortWaits()
{
    GpuHelperOptions options;
    options.startDeadlineMs = DeadlineMs;
    options.sampleDeadlineMs = DeadlineMs;
    options.backoffMs = 300;
    options.maxBackoffMs = 1200;
    return options;
}

bool alive(qint64 pid)
{
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

QString joined(const QStringList &notes)
{
    return notes.join(u" | "_s);
}

} // namespace

class TestGpuSampler : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_description;

    void describe(const QByteArray &text)
    {
        QVERIFY(trainyard::test::describeNvmlDouble(m_description, text));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(!qEnvironmentVariableIsEmpty("TRAINYARD_GPU_HELPER"), "the helper is named");
        m_description = m_dir.filePath(u"nvml.txt"_s);
        qputenv("NVMLFAKE_DESCRIPTION", QFile::encodeName(m_description));
        // The mark of an unanswered NVML lives in the user's runtime folder: one of our own.
        const QString runtime = m_dir.filePath(u"runtime"_s);
        QVERIFY(QDir().mkpath(runtime));
        QVERIFY(
            QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime));
    }

    void init() { QFile::remove(m_dir.filePath(u"runtime/trainyard/nvml-unanswered"_s)); }

    void inventoryAndReadingsThroughTheHelper()
    {
        describe("driver 580.159\n"
                 "gpu name=NVIDIA H200; memory_total_mib=1000; memory_used_mib=250; "
                 "utilization=37; power_mw=312500; temperature=44\n"
                 "process gpu=0; pid=4242; used_mib=100\n");
        GpuSampler sampler(shortWaits());
        QVERIFY2(sampler.start(), qPrintable(sampler.failure()));
        QCOMPARE(sampler.inventory().gpus.size(), 1);
        QCOMPARE(sampler.inventory().gpus.first().name, u"NVIDIA H200"_s);
        QCOMPARE(sampler.inventory().driverVersion, u"580.159"_s);
        const qint64 helper = sampler.helperPid();
        QVERIFY(alive(helper));
        const std::optional<GpuSnapshot> snap = sampler.sample();
        QVERIFY(snap);
        QCOMPARE(snap->gpus.size(), 1);
        QCOMPARE(snap->gpus.first().utilizationPercent.value_or(-1), 37.0);
        QCOMPARE(snap->gpus.first().powerWatts.value_or(-1), 312.5);
        QCOMPARE(snap->processes.size(), 1);
        QCOMPARE(snap->processes.first().pid, qint64(4242));
        QVERIFY(isGpuHelperProcess(helper));
        QCOMPARE(sampler.helperPid(), helper); // one helper for every sample
        QVERIFY(sampler.takeNotes().isEmpty());
    }

    void hugeCountsAreCapped()
    {
        // 65,535 GPUs made 262,157 series; a process count of 0xFFFFFFFF threw bad_alloc.
        describe("gpu name=A; memory_total_mib=1000\n"
                 "device_count 65535\n"
                 "process_count 4294967295\n");
        GpuSampler sampler(shortWaits());
        QVERIFY2(sampler.start(), qPrintable(sampler.failure()));
        QCOMPARE(sampler.inventory().gpus.size(), MaxDevices);
        const std::optional<GpuSnapshot> snap = sampler.sample();
        QVERIFY(snap);
        QCOMPARE(snap->gpus.size(), MaxDevices);
        QVERIFY(snap->processes.size() <= MaxProcesses);
        const QString notes = joined(sampler.takeNotes());
        QVERIFY2(notes.contains(u"NVML reports 65535 GPUs; the first 64 are used"_s),
                 qPrintable(notes));
        QVERIFY2(notes.contains(u"more than 4096 compute processes"_s), qPrintable(notes));
    }

    void garbageReadingsAreLeftOut()
    {
        describe("gpu name=A; memory_total_mib=1000; memory_used_mib=5000; utilization=4294967295; "
                 "power_mw=4294967295; temperature=4294967295\n"
                 "gpu name=B; memory_total_mib=1000; memory_used_mib=10; utilization=12; "
                 "power_mw=70000; temperature=40\n"
                 "process gpu=0; pid=0; used_mib=1\n"
                 "process gpu=7; pid=99; used_mib=1\n"
                 "process gpu=1; pid=100; used_mib=999999\n"
                 "process gpu=1; pid=101; used_mib=5\n");
        GpuSampler sampler(shortWaits());
        const std::optional<GpuSnapshot> snap = sampler.sample();
        QVERIFY2(snap, qPrintable(sampler.failure()));
        QCOMPARE(snap->gpus.size(), 2);
        const GpuReading &a = snap->gpus.at(0);
        QVERIFY(!a.utilizationPercent);
        QVERIFY(!a.memoryUsedBytes);
        QVERIFY(!a.powerWatts);
        QVERIFY(!a.temperatureC);
        const GpuReading &b = snap->gpus.at(1);
        QCOMPARE(b.utilizationPercent.value_or(-1), 12.0);
        QCOMPARE(b.temperatureC.value_or(-1), 40.0);
        QCOMPARE(snap->processes.size(), 1); // pid 0, GPU 7 and more memory than the GPU: out
        QCOMPARE(snap->processes.first().pid, qint64(101));
        const QString notes = joined(sampler.takeNotes());
        QVERIFY2(notes.contains(u"GPU 0 reported a utilization of 4294967295 %"_s),
                 qPrintable(notes));
        QVERIFY2(notes.contains(u"temperature of 4294967295"_s), qPrintable(notes));
        QVERIFY2(notes.contains(u"impossible GPU, pid or memory"_s), qPrintable(notes));
        // Said once, not on every sample.
        QVERIFY(sampler.sample());
        QVERIFY(sampler.takeNotes().isEmpty());
    }

    void hangInInitCostsOneDeadline()
    {
        describe("gpu name=A\nhang init 30000\n");
        qputenv("TRAINYARD_GPU_DEADLINE_MS", QByteArray::number(DeadlineMs));
        QElapsedTimer timer;
        timer.start();
        const GpuInventory first = readInventory();
        const qint64 firstMs = timer.elapsed();
        QVERIFY(!first.hasGpus());
        QVERIFY2(first.unavailableReason.contains(u"did not list the GPUs within 0.7 s"_s),
                 qPrintable(first.unavailableReason));
        QVERIFY2(firstMs < DeadlineMs + 1500, qPrintable(QString::number(firstMs)));
        // Another caller (the owner after the CLI) is told at once instead of waiting again.
        timer.restart();
        const GpuInventory second = readInventory();
        QVERIFY2(timer.elapsed() < DeadlineMs / 2, qPrintable(QString::number(timer.elapsed())));
        QVERIFY2(second.unavailableReason.contains(u"NVML did not answer at"_s),
                 qPrintable(second.unavailableReason));
        qunsetenv("TRAINYARD_GPU_DEADLINE_MS");
    }

    void hangInSampleKillsTheHelper()
    {
        describe("gpu name=A; utilization=5\nhang utilization 30000\n");
        GpuSampler sampler(shortWaits());
        QVERIFY(sampler.start());
        const qint64 helper = sampler.helperPid();
        QElapsedTimer timer;
        timer.start();
        QVERIFY(!sampler.sample());
        QVERIFY2(timer.elapsed() < DeadlineMs + 1000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY2(!alive(helper), "the hung helper was killed");
        QVERIFY(!isGpuHelperProcess(helper));
        const QString notes = joined(sampler.takeNotes());
        QVERIFY2(notes.contains(u"a reading did not come within 0.7 s"_s), qPrintable(notes));
        QVERIFY2(notes.contains(u"starts again in 0.3 s"_s), qPrintable(notes));
        // While it waits to start again, a sample costs nothing.
        timer.restart();
        QVERIFY(!sampler.sample());
        QVERIFY(timer.elapsed() < 100);
        // The driver answers again: so does the next helper, after the delay.
        describe("gpu name=A; utilization=6\n");
        QTRY_VERIFY_WITH_TIMEOUT(sampler.sample().has_value(), 3000);
        QVERIFY(sampler.helperPid() != helper);
    }

    void crashInSampleIsNotedAndRestarted()
    {
        describe("gpu name=A; utilization=5\ncrash utilization\n");
        GpuSampler sampler(shortWaits());
        QVERIFY(sampler.start());
        QVERIFY(!sampler.sample());
        const QString notes = joined(sampler.takeNotes());
        QVERIFY2(notes.contains(u"it ended in a reading (killed by signal 11"_s),
                 qPrintable(notes));
        // Each failure in a row waits longer: 0.3 s, then 0.6 s.
        QString later;
        const auto crashedAgain = [&] {
            sampler.sample();
            later += joined(sampler.takeNotes());
            return later.contains(u"starts again in 0.6 s"_s);
        };
        QTRY_VERIFY_WITH_TIMEOUT(crashedAgain(), 3000);
        describe("gpu name=A; utilization=7\n");
        std::optional<GpuSnapshot> snap;
        QTRY_VERIFY_WITH_TIMEOUT((snap = sampler.sample()).has_value(), 4000);
        QCOMPARE(snap->gpus.first().utilizationPercent.value_or(-1), 7.0);
    }

    void interruptEndsAWait()
    {
        describe("gpu name=A\nhang init 30000\n");
        GpuHelperOptions options = shortWaits();
        options.startDeadlineMs = 20000;
        GpuSampler sampler(options);
        QElapsedTimer timer;
        timer.start();
        std::thread waiter([&sampler] { sampler.start(); });
        QTest::qWait(300);
        const qint64 helper = sampler.helperPid();
        sampler.interrupt();
        waiter.join();
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(!alive(helper));
        QVERIFY(!sampler.start()); // and it starts no helper again
    }

    void noDriverStartsNoHelper()
    {
        // No library to find and no driver on the machine: nothing is started.
        const QByteArray saved = qgetenv("LD_LIBRARY_PATH");
        qunsetenv("LD_LIBRARY_PATH");
        if (QFile::exists(u"/proc/driver/nvidia/version"_s) || QFile::exists(u"/dev/nvidiactl"_s))
            QSKIP("this machine has an NVIDIA driver");
        GpuSampler sampler(shortWaits());
        QVERIFY(!sampler.start());
        QCOMPARE(sampler.helperPid(), qint64(0));
        QVERIFY(sampler.noGpus());
        QVERIFY2(sampler.inventory().unavailableReason.startsWith(u"no NVIDIA driver"_s),
                 qPrintable(sampler.inventory().unavailableReason));
        qputenv("LD_LIBRARY_PATH", saved);
    }
};

QTEST_GUILESS_MAIN(TestGpuSampler)
#include "tst_gpusampler.moc"
