// SPDX-License-Identifier: MIT
// gpu::Nvml against the NVML double (tests/nvmlfake, libnvidia-ml.so.1 on LD_LIBRARY_PATH) and,
// as tst_nvml_nolibrary, with no library at all.
#include "common/nvmldouble.h"
#include "gpu/nvml.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard::gpu;
using namespace Qt::Literals::StringLiterals;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/nvml/") + name;
}

constexpr quint64 MiB = 1024 * 1024;

} // namespace

class TestNvml : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_description;

    void describe(const QByteArray &text)
    {
        QVERIFY(trainyard::test::describeNvmlDouble(m_description, text));
    }
    static bool expectNoLibrary() { return qEnvironmentVariableIsSet("TRAINYARD_EXPECT_NO_NVML"); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_description = m_dir.filePath(QStringLiteral("nvml.txt"));
    }

    void init()
    {
        if (expectNoLibrary() && QString::fromLatin1(QTest::currentTestFunction()) != u"noLibrary")
            QSKIP("this run checks a machine without NVML");
    }

    void inventory_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("lastName");
        QTest::addColumn<QString>("lastUuid");
        QTest::addColumn<QString>("lastBus");
        QTest::addColumn<quint64>("lastMemoryMiB");
        QTest::addColumn<QString>("driver");
        QTest::newRow("0 GPUs") << u"0gpu.txt"_s << 0 << QString() << QString() << QString()
                                << quint64(0) << u"580.159"_s;
        QTest::newRow("1 GPU") << u"1gpu-h200.txt"_s << 1 << u"NVIDIA H200"_s
                               << u"GPU-5b4c0a43-8e5d-4b7e-9f2a-3c1d2e4f6a70"_s
                               << u"00000000:18:00.0"_s << quint64(143771) << u"580.159"_s;
        QTest::newRow("2 GPUs") << u"2gpu-t4.txt"_s << 2 << u"Tesla T4"_s
                                << u"GPU-0a1b2c3d-0000-4000-8000-000000000002"_s
                                << u"00000000:00:05.0"_s << quint64(15360) << u"535.183.01"_s;
        QTest::newRow("4 GPUs") << u"4gpu-a100.txt"_s << 4 << u"NVIDIA A100-SXM4-80GB"_s
                                << u"GPU-a1000000-0000-4000-8000-000000000003"_s
                                << u"00000000:4E:00.0"_s << quint64(81920) << u"550.90.07"_s;
    }
    void inventory()
    {
        QFETCH(QString, file);
        QFETCH(int, count);
        QFETCH(QString, lastName);
        QFETCH(QString, lastUuid);
        QFETCH(QString, lastBus);
        QFETCH(quint64, lastMemoryMiB);
        QFETCH(QString, driver);
        qputenv("NVMLFAKE_DESCRIPTION", fixture(file).toLocal8Bit());
        const GpuInventory inv = readInventoryInProcess();
        QCOMPARE(inv.gpus.size(), count);
        QCOMPARE(inv.hasGpus(), count > 0);
        QCOMPARE(inv.driverVersion, driver);
        if (count == 0) {
            QCOMPARE(inv.unavailableReason, u"no NVIDIA GPU"_s);
            return;
        }
        QVERIFY(inv.unavailableReason.isEmpty());
        for (int i = 0; i < count; ++i)
            QCOMPARE(inv.gpus.at(i).index, i);
        const GpuInfo &last = inv.gpus.last();
        QCOMPARE(last.name, lastName);
        QCOMPARE(last.uuid, lastUuid);
        QCOMPARE(last.pciBusId, lastBus);
        QCOMPARE(last.memoryTotalMiB(), lastMemoryMiB);
        QCOMPARE(last.memoryTotalBytes, lastMemoryMiB * MiB);
    }

    void noDriverIsNoGpu()
    {
        qputenv("NVMLFAKE_DESCRIPTION", fixture(u"no-driver.txt"_s).toLocal8Bit());
        const Nvml nvml;
        QVERIFY(!nvml.isLoaded());
        QVERIFY(nvml.gpus().isEmpty());
        QCOMPARE(nvml.unavailableReason(), u"nvmlInit_v2: Driver Not Loaded"_s);
        const GpuSnapshot snap = nvml.sample();
        QVERIFY(snap.gpus.isEmpty());
        QVERIFY(snap.processes.isEmpty());
    }

    void readings()
    {
        qputenv("NVMLFAKE_DESCRIPTION", fixture(u"2gpu-t4.txt"_s).toLocal8Bit());
        const Nvml nvml;
        QVERIFY(nvml.isLoaded());
        const GpuSnapshot snap = nvml.sample();
        QCOMPARE(snap.gpus.size(), 2);
        const GpuReading &a = snap.gpus.at(0);
        QCOMPARE(a.index, 0);
        QCOMPARE(a.utilizationPercent.value_or(-1), 0.0);
        QCOMPARE(a.memoryUsedBytes.value_or(1), quint64(0));
        QCOMPARE(a.memoryTotalBytes.value_or(0), 15360 * MiB);
        QCOMPARE(a.powerWatts.value_or(-1), 27.0);
        QCOMPARE(a.temperatureC.value_or(-1), 38.0);
        const GpuReading &b = snap.gpus.at(1);
        QCOMPARE(b.utilizationPercent.value_or(-1), 5.0);
        QCOMPARE(b.memoryUsedBytes.value_or(0), 512 * MiB);
        QVERIFY2(!b.powerWatts, "a GPU without power readings has none");
        QCOMPARE(b.temperatureC.value_or(-1), 40.0);
        QVERIFY(snap.processes.isEmpty());
    }

    // The readings change while the session stays open, as they do on a GPU under load.
    void readingsFollowTheGpu()
    {
        describe("gpu name=NVIDIA H200; memory_total_mib=143771; memory_used_mib=0; "
                 "utilization=0; power_mw=75000; temperature=31\n");
        qputenv("NVMLFAKE_DESCRIPTION", m_description.toLocal8Bit());
        const Nvml nvml;
        QCOMPARE(nvml.sample().gpus.at(0).powerWatts.value_or(-1), 75.0);
        describe("gpu name=NVIDIA H200; memory_total_mib=143771; memory_used_mib=70000; "
                 "utilization=99; power_mw=650250; temperature=71\n");
        const GpuReading r = nvml.sample().gpus.at(0);
        QCOMPARE(r.utilizationPercent.value_or(-1), 99.0);
        QCOMPARE(r.memoryUsedBytes.value_or(0), 70000 * MiB);
        QCOMPARE(r.powerWatts.value_or(-1), 650.25);
        QCOMPARE(r.temperatureC.value_or(-1), 71.0);
    }

    // A real process started after the session opened shows up with its pid and memory.
    void processesOfARealChild()
    {
        describe("gpu name=Tesla T4; memory_total_mib=15360\ngpu name=Tesla T4; "
                 "memory_total_mib=15360\n");
        qputenv("NVMLFAKE_DESCRIPTION", m_description.toLocal8Bit());
        const Nvml nvml;
        QCOMPARE(nvml.gpus().size(), 2);
        QVERIFY(nvml.sample().processes.isEmpty());

        QProcess child;
        child.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(child.waitForStarted());
        const qint64 pid = child.processId();
        describe("gpu name=Tesla T4; memory_total_mib=15360\ngpu name=Tesla T4; "
                 "memory_total_mib=15360\nprocess gpu=1; pid=" +
                 QByteArray::number(pid) + "; used_mib=1536\n");
        const GpuSnapshot snap = nvml.sample();
        QCOMPARE(snap.processes.size(), 1);
        QCOMPARE(snap.processes.at(0).gpuIndex, 1);
        QCOMPARE(snap.processes.at(0).pid, pid);
        QCOMPARE(snap.processes.at(0).usedMemoryBytes.value_or(0), 1536 * MiB);
        child.kill();
        child.waitForFinished();
    }

    // More processes than the first buffer holds: the wrapper asks again with the size NVML
    // names (NVML_ERROR_INSUFFICIENT_SIZE) and loses none.
    void manyProcesses()
    {
        QByteArray text = "gpu name=NVIDIA A100-SXM4-80GB; memory_total_mib=81920\n";
        for (int i = 0; i < 40; ++i)
            text += "process gpu=0; pid=" + QByteArray::number(10000 + i) +
                    "; used_mib=" + QByteArray::number(i + 1) + '\n';
        text += "process gpu=0; pid=20000; used_mib=na\n";
        describe(text);
        qputenv("NVMLFAKE_DESCRIPTION", m_description.toLocal8Bit());
        const Nvml nvml;
        const GpuSnapshot snap = nvml.sample();
        QCOMPARE(snap.processes.size(), 41);
        for (int i = 0; i < 40; ++i) {
            QCOMPARE(snap.processes.at(i).pid, qint64(10000 + i));
            QCOMPARE(snap.processes.at(i).usedMemoryBytes.value_or(0), quint64(i + 1) * MiB);
        }
        QVERIFY2(!snap.processes.at(40).usedMemoryBytes,
                 "NVML_VALUE_NOT_AVAILABLE is no reading, not 16 EiB");
    }

    void missingDescriptionIsNoGpu()
    {
        qputenv("NVMLFAKE_DESCRIPTION", m_dir.filePath(u"absent.txt"_s).toLocal8Bit());
        const GpuInventory inv = readInventoryInProcess();
        QVERIFY(!inv.hasGpus());
        QCOMPARE(inv.unavailableReason, u"no NVIDIA GPU"_s);
    }

    // Run as tst_nvml_nolibrary, without the double on LD_LIBRARY_PATH.
    void noLibrary()
    {
        if (!expectNoLibrary())
            QSKIP("runs as tst_nvml_nolibrary");
        const Nvml nvml;
        if (nvml.isLoaded())
            QSKIP("this machine has a real libnvidia-ml.so.1");
        QVERIFY(nvml.gpus().isEmpty());
        QCOMPARE(nvml.unavailableReason(), u"libnvidia-ml.so.1 not found (no NVIDIA driver)"_s);
        QVERIFY(nvml.sample().gpus.isEmpty());
        const GpuInventory inv = readInventoryInProcess();
        QVERIFY(!inv.hasGpus());
        QVERIFY(inv.driverVersion.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestNvml)
#include "tst_nvml.moc"
