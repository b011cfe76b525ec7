// SPDX-License-Identifier: MIT
// System metrics of real process trees (tests/fixtures/trainers/fixtrainer/hog.py: a Python
// process that holds memory and burns CPU, with a child that holds memory) checked against
// /proc, and the GPU series and per-process GPU memory from the NVML double (tests/nvmlfake).
#include "metrics/proctree.h"
#include "metrics/systemsampler.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <signal.h>
#include <time.h>
#include <unistd.h>

using namespace trainyard::metrics;
using namespace Qt::Literals::StringLiterals;

namespace {

// VmRSS of a process in MiB (0 when gone).
double residentMiB(qint64 pid)
{
    QFile f(u"/proc/%1/status"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return 0;
}

// utime + stime of a process in seconds.
double cpuSeconds(qint64 pid)
{
    QFile f(u"/proc/%1/stat"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray text = f.readAll();
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime and stime are fields 14 and 15.
    return (fields.value(11).toDouble() + fields.value(12).toDouble()) /
           double(sysconf(_SC_CLK_TCK));
}

double bootSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_BOOTTIME, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// A hog.py process in a session of its own, as the owner starts replicas.
class Hog
{
public:
    Hog(const QString &dir, const QStringList &args)
        : m_dir(dir)
    {
        QDir().mkpath(dir);
        m_process.setProgram(u"/usr/bin/python3"_s);
        m_process.setArguments(QStringList{u"-m"_s, u"fixtrainer.hog"_s, u"--job-dir"_s, dir,
                                           u"--seconds"_s, u"120"_s} +
                               args);
        m_process.setWorkingDirectory(QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers"));
        m_process.setProcessChannelMode(QProcess::ForwardedChannels);
        m_process.setChildProcessModifier([] { ::setsid(); });
        m_process.start();
    }
    ~Hog()
    {
        if (const qint64 c = childPid())
            ::kill(pid_t(c), SIGKILL);
        m_process.kill();
        m_process.waitForFinished();
    }
    bool waitReady()
    {
        return QTest::qWaitFor([this] { return QFile::exists(m_dir + u"/pid-master-0"_s); }, 30000);
    }
    qint64 pid() const { return m_process.processId(); }
    qint64 childPid() const
    {
        QFile f(m_dir + u"/child-master-0"_s);
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : 0;
    }

private:
    QString m_dir;
    QProcess m_process;
};

double valueOf(const SystemPoints &points, const QString &source, const QString &metric,
               bool *found = nullptr)
{
    for (const auto &[key, point] : points) {
        if (key.source == source && key.metric == metric) {
            if (found)
                *found = true;
            return point.value;
        }
    }
    if (found)
        *found = false;
    return -1;
}

} // namespace

class TestSystemSampler : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_n = 0;
    QString newDir() { return m_tmp.filePath(QString::number(++m_n)); }
    void describe(const QByteArray &text)
    {
        QSaveFile f(m_tmp.filePath(u"nvml.txt"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        QVERIFY(f.commit());
        qputenv("NVMLFAKE_DESCRIPTION", m_tmp.filePath(u"nvml.txt"_s).toLocal8Bit());
    }

private slots:
    void initTestCase()
    {
        if (!QFile::exists(u"/usr/bin/python3"_s))
            QSKIP("needs /usr/bin/python3");
        QVERIFY(m_tmp.isValid());
    }

    // A burning tree and an idle one: CPU and resident memory as /proc tells them.
    void treesMatchProc()
    {
        Hog busy(newDir(), {u"--mib"_s, u"150"_s, u"--child-mib"_s, u"80"_s, u"--burn"_s, u"1"_s});
        Hog idle(newDir(), {u"--mib"_s, u"20"_s, u"--child-mib"_s, u"0"_s, u"--burn"_s, u"0"_s});
        QVERIFY(busy.waitReady());
        QVERIFY(idle.waitReady());
        const QList<TreeRoot> roots{{u"chief-0"_s, busy.pid()}, {u"ps-0"_s, idle.pid()}};

        ProcessTreeReader reader;
        const double cpu0 = cpuSeconds(busy.pid()) + cpuSeconds(busy.childPid());
        const double idle0 = cpuSeconds(idle.pid());
        const double t0 = bootSeconds();
        const QList<TreeUsage> first = reader.read(roots);
        QCOMPARE(first.size(), 2);
        QVERIFY(first.at(0).alive);
        QVERIFY2(!first.at(0).cpuPercent, "no CPU figure without an interval");
        QTest::qWait(1500);
        const QList<TreeUsage> second = reader.read(roots);
        const double t1 = bootSeconds();
        const double busyPercent =
            100.0 * (cpuSeconds(busy.pid()) + cpuSeconds(busy.childPid()) - cpu0) / (t1 - t0);
        const double idlePercent = 100.0 * (cpuSeconds(idle.pid()) - idle0) / (t1 - t0);

        const TreeUsage &b = second.at(0);
        QCOMPARE(b.source, u"chief-0"_s);
        QVERIFY(b.pids.contains(busy.pid()));
        QVERIFY(b.pids.contains(busy.childPid()));
        QCOMPARE(b.pids.size(), 2);
        const double expectedMiB = residentMiB(busy.pid()) + residentMiB(busy.childPid());
        QVERIFY2(qAbs(b.residentMiB - expectedMiB) < 8,
                 qPrintable(u"tree %1 MiB, /proc %2 MiB"_s.arg(b.residentMiB).arg(expectedMiB)));
        QVERIFY2(b.residentMiB > 230, qPrintable(QString::number(b.residentMiB)));
        QVERIFY(b.cpuPercent);
        QVERIFY2(qAbs(*b.cpuPercent - busyPercent) < 20,
                 qPrintable(u"sampled %1 %, /proc %2 %"_s.arg(*b.cpuPercent).arg(busyPercent)));
        QVERIFY2(*b.cpuPercent > 25, qPrintable(QString::number(*b.cpuPercent)));

        const TreeUsage &i = second.at(1);
        QCOMPARE(i.pids, QList<qint64>{idle.pid()});
        QVERIFY(i.cpuPercent);
        QVERIFY2(*i.cpuPercent < 10 && qAbs(*i.cpuPercent - idlePercent) < 5,
                 qPrintable(QString::number(*i.cpuPercent)));
        QVERIFY2(qAbs(i.residentMiB - residentMiB(idle.pid())) < 4,
                 qPrintable(QString::number(i.residentMiB)));
        QVERIFY(i.residentMiB > 20);
    }

    // A child whose parent left it (re-parented elsewhere) stays in the replica's session.
    void orphanStaysInTheTree()
    {
        Hog hog(newDir(), {u"--mib"_s, u"10"_s, u"--child-mib"_s, u"40"_s, u"--burn"_s, u"0"_s,
                           u"--orphan"_s});
        QVERIFY(hog.waitReady());
        const qint64 orphan = hog.childPid();
        QVERIFY(orphan > 0);
        ProcessTreeReader reader;
        const QList<TreeUsage> usage = reader.read({{u"worker-0"_s, hog.pid()}});
        QVERIFY2(usage.at(0).pids.contains(orphan), "the session keeps the orphan");
        QVERIFY(usage.at(0).residentMiB > 45);
        // Known outside processes are not read again on the next pass; members are.
        const QList<TreeUsage> again = reader.read({{u"worker-0"_s, hog.pid()}});
        QVERIFY(again.at(0).pids.contains(orphan));
        QVERIFY2(reader.lastStatReads() < 10, qPrintable(QString::number(reader.lastStatReads())));
    }

    // A restart gives the replica a new root; a gone root yields no points.
    void restartAndExit()
    {
        describe("driver 580.159\n");
        auto first =
            std::make_unique<Hog>(newDir(), QStringList{u"--mib"_s, u"10"_s, u"--child-mib"_s,
                                                        u"0"_s, u"--burn"_s, u"0"_s});
        QVERIFY(first->waitReady());
        SystemSampler sampler(nullptr);
        sampler.setReplica(u"chief-0"_s, first->pid());
        bool found = false;
        valueOf(sampler.sampleOnce(), u"chief-0"_s, systemseries::MemoryMiB, &found);
        QVERIFY(found);
        first.reset();
        QVERIFY(sampler.sampleOnce().empty());
        Hog second(newDir(), {u"--mib"_s, u"60"_s, u"--child-mib"_s, u"0"_s, u"--burn"_s, u"0"_s});
        QVERIFY(second.waitReady());
        sampler.setReplica(u"chief-0"_s, second.pid());
        QVERIFY(valueOf(sampler.sampleOnce(), u"chief-0"_s, systemseries::MemoryMiB) > 60);
    }

    // GPU series from NVML, and each replica's GPU memory: its tree's processes on any GPU.
    void gpuSeriesAndProcessMatching()
    {
        Hog chief(newDir(), {u"--mib"_s, u"10"_s, u"--child-mib"_s, u"10"_s, u"--burn"_s, u"0"_s});
        Hog ps(newDir(), {u"--mib"_s, u"10"_s, u"--child-mib"_s, u"0"_s, u"--burn"_s, u"0"_s});
        QVERIFY(chief.waitReady());
        QVERIFY(ps.waitReady());
        describe("gpu name=Tesla T4; memory_total_mib=15360; memory_used_mib=2560; "
                 "utilization=71; power_mw=35500; temperature=55\n"
                 "gpu name=Tesla T4; memory_total_mib=15360; memory_used_mib=3000; "
                 "utilization=12; power_mw=unsupported; temperature=41\n"
                 "process gpu=0; pid=" +
                 QByteArray::number(chief.pid()) +
                 "; used_mib=512\n"
                 "process gpu=1; pid=" +
                 QByteArray::number(chief.childPid()) +
                 "; used_mib=1536\n"
                 "process gpu=1; pid=" +
                 QByteArray::number(::getpid()) + "; used_mib=999\n");
        SystemPoints sunk;
        SystemSampler sampler([&sunk](const SystemPoints &p) { sunk = p; });
        sampler.setReplica(u"chief-0"_s, chief.pid());
        sampler.setReplica(u"ps-0"_s, ps.pid());
        const SystemPoints points = sampler.sampleOnce();
        QCOMPARE(sunk.size(), points.size());
        for (const auto &[key, point] : points)
            QCOMPARE(key.kind, kinds::System);

        QCOMPARE(valueOf(points, u"chief-0"_s, systemseries::GpuMemoryMiB), 2048.0);
        QCOMPARE(valueOf(points, u"ps-0"_s, systemseries::GpuMemoryMiB), 0.0);
        QCOMPARE(valueOf(points, u"gpu0"_s, systemseries::GpuUtilizationPercent), 71.0);
        QCOMPARE(valueOf(points, u"gpu0"_s, systemseries::GpuMemoryMiB), 2560.0);
        QCOMPARE(valueOf(points, u"gpu0"_s, systemseries::GpuPowerW), 35.5);
        QCOMPARE(valueOf(points, u"gpu0"_s, systemseries::GpuTemperatureC), 55.0);
        QCOMPARE(valueOf(points, u"gpu1"_s, systemseries::GpuUtilizationPercent), 12.0);
        QCOMPARE(valueOf(points, u"gpu1"_s, systemseries::GpuMemoryMiB), 3000.0);
        bool found = true;
        valueOf(points, u"gpu1"_s, systemseries::GpuPowerW, &found);
        QVERIFY2(!found, "no power series for a GPU without power readings");
        QCOMPARE(valueOf(points, u"gpu1"_s, systemseries::GpuTemperatureC), 41.0);
        QVERIFY(valueOf(points, u"chief-0"_s, systemseries::MemoryMiB) > 20);

        // The child lets go of its GPU memory: the next sample says so.
        describe("gpu name=Tesla T4; memory_total_mib=15360\ngpu name=Tesla T4; "
                 "memory_total_mib=15360\nprocess gpu=0; pid=" +
                 QByteArray::number(chief.pid()) + "; used_mib=512\n");
        QCOMPARE(valueOf(sampler.sampleOnce(), u"chief-0"_s, systemseries::GpuMemoryMiB), 512.0);
    }

    void noGpuNoGpuSeries()
    {
        describe("driver 580.159\n");
        Hog hog(newDir(), {u"--mib"_s, u"10"_s, u"--child-mib"_s, u"0"_s, u"--burn"_s, u"0"_s});
        QVERIFY(hog.waitReady());
        SystemSampler sampler(nullptr);
        sampler.setReplica(u"master-0"_s, hog.pid());
        sampler.sampleOnce();
        QTest::qWait(300);
        const SystemPoints points = sampler.sampleOnce();
        QStringList metrics;
        for (const auto &[key, point] : points) {
            QCOMPARE(key.source, u"master-0"_s);
            metrics.append(key.metric);
        }
        metrics.sort();
        QCOMPARE(metrics, (QStringList{systemseries::CpuPercent, systemseries::MemoryMiB}));
    }

    // The thread samples on its interval and hands each sample to the sink.
    void threadFeedsTheSink()
    {
        describe("gpu name=NVIDIA H200; memory_total_mib=143771; utilization=3\n");
        std::mutex mutex;
        QList<double> steps;
        SystemSampler sampler([&](const SystemPoints &points) {
            const std::lock_guard<std::mutex> lock(mutex);
            steps.append(points.front().second.step);
        });
        sampler.start(100);
        QVERIFY(sampler.isRunning());
        QVERIFY(QTest::qWaitFor(
            [&] {
                const std::lock_guard<std::mutex> lock(mutex);
                return steps.size() >= 4;
            },
            5000));
        sampler.stop();
        QVERIFY(!sampler.isRunning());
        const std::lock_guard<std::mutex> lock(mutex);
        QCOMPARE(steps.first(), 0.0);
        for (int i = 1; i < steps.size(); ++i)
            QVERIFY(steps.at(i) > steps.at(i - 1));
    }
};

QTEST_GUILESS_MAIN(TestSystemSampler)
#include "tst_systemsampler.moc"
