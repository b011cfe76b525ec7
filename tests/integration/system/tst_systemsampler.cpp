// SPDX-License-Identifier: MIT
// System metrics of real process trees (tests/fixtures/trainers/fixtrainer/hog.py: a Python
// process that holds memory and burns CPU, with a child that holds memory) checked against
// /proc, and the GPU series and per-process GPU memory from the NVML double (tests/nvmlfake).
#include "common/nvmldouble.h"
#include "metrics/proctree.h"
#include "metrics/systemsampler.h"
#include "store/procscan.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <signal.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

using namespace trainyard::metrics;
using namespace Qt::Literals::StringLiterals;

namespace {

// A "Name:   N kB" line of a /proc file of a process, in MiB (0 when gone).
double procMiB(qint64 pid, const char *file, const QByteArray &name)
{
    QFile f(u"/proc/%1/%2"_s.arg(pid).arg(QLatin1String(file)));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(QByteArray(name + ':')))
            return line.mid(name.size() + 1).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return 0;
}

double residentMiB(qint64 pid)
{
    return procMiB(pid, "status", "VmRSS");
}

double proportionalMiB(qint64 pid)
{
    return procMiB(pid, "smaps_rollup", "Pss");
}

// utime + stime of a process in seconds; with `children`, cutime + cstime too (the children it
// waited for).
double cpuSeconds(qint64 pid, bool children = false)
{
    QFile f(u"/proc/%1/stat"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray text = f.readAll();
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime, stime, cutime, cstime are fields 14 to 17.
    double ticks = fields.value(11).toDouble() + fields.value(12).toDouble();
    if (children)
        ticks += fields.value(13).toDouble() + fields.value(14).toDouble();
    return ticks / double(sysconf(_SC_CLK_TCK));
}

// A Python root in a session of its own running `code` (argv[1:]: `args`); its first line of
// output is read before it is handed back.
std::unique_ptr<QProcess> startPython(const char *code, const QStringList &args = {})
{
    auto p = std::make_unique<QProcess>();
    p->setChildProcessModifier([] { ::setsid(); });
    p->start(u"/usr/bin/python3"_s, QStringList{u"-c"_s, QString::fromUtf8(code)} + args);
    if (!p->waitForStarted() || !p->waitForReadyRead(30000))
        return nullptr;
    p->readLine();
    return p;
}

void stopPython(QProcess *p)
{
    ::kill(-pid_t(p->processId()), SIGKILL); // its whole session's group
    p->kill();
    p->waitForFinished();
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
        QVERIFY(trainyard::test::describeNvmlDouble(m_tmp.filePath(u"nvml.txt"_s), text));
        qputenv("NVMLFAKE_DESCRIPTION", m_tmp.filePath(u"nvml.txt"_s).toLocal8Bit());
    }

private slots:
    void initTestCase()
    {
        if (!QFile::exists(u"/usr/bin/python3"_s))
            QSKIP("needs /usr/bin/python3");
        QVERIFY(m_tmp.isValid());
        // As the owner is (containment.h): a process whose parent exits comes to us.
        QVERIFY(::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0);
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
        const double expectedMiB = proportionalMiB(busy.pid()) + proportionalMiB(busy.childPid());
        QVERIFY2(qAbs(b.memoryMiB - expectedMiB) < 8,
                 qPrintable(u"tree %1 MiB, /proc %2 MiB"_s.arg(b.memoryMiB).arg(expectedMiB)));
        QVERIFY2(b.memoryMiB > 230, qPrintable(QString::number(b.memoryMiB)));
        QVERIFY(b.cpuPercent);
        QVERIFY2(qAbs(*b.cpuPercent - busyPercent) < 20,
                 qPrintable(u"sampled %1 %, /proc %2 %"_s.arg(*b.cpuPercent).arg(busyPercent)));
        QVERIFY2(*b.cpuPercent > 25, qPrintable(QString::number(*b.cpuPercent)));

        const TreeUsage &i = second.at(1);
        QCOMPARE(i.pids, QList<qint64>{idle.pid()});
        QVERIFY(i.cpuPercent);
        QVERIFY2(*i.cpuPercent < 10 && qAbs(*i.cpuPercent - idlePercent) < 5,
                 qPrintable(QString::number(*i.cpuPercent)));
        QVERIFY2(qAbs(i.memoryMiB - proportionalMiB(idle.pid())) < 4,
                 qPrintable(QString::number(i.memoryMiB)));
        QVERIFY(i.memoryMiB > 20);
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
        QVERIFY(usage.at(0).memoryMiB > 45);
        // Known outside processes are not read again on the next pass; members are.
        const QList<TreeUsage> again = reader.read({{u"worker-0"_s, hog.pid()}});
        QVERIFY(again.at(0).pids.contains(orphan));
        QVERIFY2(reader.lastStatReads() < 10, qPrintable(QString::number(reader.lastStatReads())));
    }

    // 24 forked children sharing their parent's 100 MiB (copy-on-write, never written): their
    // resident sets sum to over 2.4 GiB, the memory they use is about 100 MiB, which is what the
    // chart says.
    void forkedChildrenShareTheirPages()
    {
        const char *code = R"py(
import os, sys, time
buf = bytearray(100 << 20)
for i in range(0, len(buf), 4096):
    buf[i] = 1
kids = []
for _ in range(24):
    pid = os.fork()
    if pid == 0:
        while True:
            time.sleep(1000)
    kids.append(pid)
print("ready", flush=True)
time.sleep(1000)
)py";
        const std::unique_ptr<QProcess> root = startPython(code);
        QVERIFY(root);
        ProcessTreeReader reader;
        const TreeUsage tree = reader.read({{u"worker-0"_s, root->processId()}}).at(0);
        QCOMPARE(tree.pids.size(), 25);
        double rssSum = 0;
        double pssSum = 0;
        for (qint64 pid : tree.pids) {
            rssSum += residentMiB(pid);
            pssSum += proportionalMiB(pid);
        }
        stopPython(root.get());
        QVERIFY2(rssSum > 2400, qPrintable(QString::number(rssSum)));
        QVERIFY2(
            tree.memoryMiB > 100 && tree.memoryMiB < 200,
            qPrintable(
                u"tree %1 MiB (resident sets sum to %2 MiB)"_s.arg(tree.memoryMiB).arg(rssSum)));
        QVERIFY2(qAbs(tree.memoryMiB - pssSum) < 10,
                 qPrintable(u"tree %1 MiB, Pss sum %2 MiB"_s.arg(tree.memoryMiB).arg(pssSum)));
    }

    // A loop of short children, each burning ~40 ms of CPU and gone before the next pass sees
    // it (a shell loop, DataLoader workers): their time reaches the chart through the parent's
    // figure for the children it waited for. Before, such a tree charted near 0 %.
    void childrenBetweenPassesAreCounted()
    {
        const char *code = R"py(
import subprocess, sys
print("ready", flush=True)
burn = "import time\nt = time.process_time() + 0.04\nwhile time.process_time() < t: pass"
while True:
    subprocess.run([sys.executable, "-S", "-c", burn])
)py";
        const std::unique_ptr<QProcess> root = startPython(code);
        QVERIFY(root);
        const qint64 pid = root->processId();
        ProcessTreeReader reader;
        reader.read({{u"chief-0"_s, pid}});
        const double self0 = cpuSeconds(pid);
        const double all0 = cpuSeconds(pid, true);
        const double t0 = bootSeconds();
        QTest::qWait(2000);
        const TreeUsage tree = reader.read({{u"chief-0"_s, pid}}).at(0);
        const double t1 = bootSeconds();
        // What the root and the children it waited for used meanwhile (the child running now
        // is in neither figure), and of that the children's part.
        const double expected = 100.0 * (cpuSeconds(pid, true) - all0) / (t1 - t0);
        const double children = expected - 100.0 * (cpuSeconds(pid) - self0) / (t1 - t0);
        stopPython(root.get());
        QVERIFY(tree.cpuPercent);
        const QString figures =
            u"sampled %1 %, /proc %2 % of which children %3 %"_s.arg(*tree.cpuPercent)
                .arg(expected)
                .arg(children);
        QVERIFY2(children > 5, qPrintable(figures));
        QVERIFY2(qAbs(*tree.cpuPercent - expected) < std::max(5.0, expected / 4),
                 qPrintable(figures));
        // The children's time is in the figure (without it, the root's own time was all).
        QVERIFY2(*tree.cpuPercent > expected - children / 2, qPrintable(figures));
    }

    // A parent ignoring SIGCHLD: its busy child is reaped by the kernel without a wait, so the
    // parent's figure for its children never grows and none of the child's time may be taken
    // back from it. (Before, what the last pass counted of the child was taken from the tree:
    // a busy root charted that much lower.)
    void childReapedWithoutAWaitTakesNothingBack()
    {
        const char *code = R"py(
import os, signal, time
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
pid = os.fork()
if pid == 0:
    t = time.process_time() + 1.2
    while time.process_time() < t: pass
    os._exit(0)
print(pid, flush=True)
while True: pass
)py";
        auto root = std::make_unique<QProcess>();
        root->setChildProcessModifier([] { ::setsid(); });
        root->start(u"/usr/bin/python3"_s, {u"-c"_s, QString::fromUtf8(code)});
        QVERIFY(root->waitForStarted() && root->waitForReadyRead(30000));
        const qint64 child = root->readLine().trimmed().toLongLong();
        const qint64 pid = root->processId();
        QVERIFY(child > 0);
        ProcessTreeReader reader;
        reader.read({{u"chief-0"_s, pid}});
        QVERIFY(QTest::qWaitFor([&] { return cpuSeconds(child) >= 0.4; }, 30000));
        reader.read({{u"chief-0"_s, pid}});
        const double childCounted = cpuSeconds(child);
        const double self0 = cpuSeconds(pid);
        const double t0 = bootSeconds();
        QVERIFY(QTest::qWaitFor([&] { return ::kill(pid_t(child), 0) != 0; }, 30000));
        QTest::qWait(500);
        const TreeUsage tree = reader.read({{u"chief-0"_s, pid}}).at(0);
        const double t1 = bootSeconds();
        const double self = 100.0 * (cpuSeconds(pid) - self0) / (t1 - t0);
        const double taken = 100.0 * childCounted / (t1 - t0);
        QCOMPARE(cpuSeconds(pid, true), cpuSeconds(pid)); // nothing waited for
        stopPython(root.get());
        QVERIFY(tree.cpuPercent);
        const QString figures =
            u"sampled %1 %, the root's own %2 %, the child's counted %3 %"_s.arg(*tree.cpuPercent)
                .arg(self)
                .arg(taken);
        QVERIFY2(qAbs(*tree.cpuPercent - self) < std::max(5.0, self / 4), qPrintable(figures));
        QVERIFY2(*tree.cpuPercent > self - taken / 2, qPrintable(figures));
    }

    // A pass reads the stat files of the root's descendants and of processes it has not seen
    // before; 300 processes outside the tree cost a listing after the first pass. (The owner's
    // root is itself; here a Python with two children, beside 300 sleeps of another tree.)
    void outsideProcessesAreNotReadAgain()
    {
        const std::unique_ptr<QProcess> root = startPython(R"py(
import subprocess
kids = [subprocess.Popen(["sleep", "1000"]) for _ in range(2)]
print("ready", flush=True)
import time; time.sleep(1000)
)py");
        QVERIFY(root);
        const std::unique_ptr<QProcess> others = startPython(R"py(
import subprocess
kids = [subprocess.Popen(["sleep", "1000"]) for _ in range(300)]
print("ready", flush=True)
import time; time.sleep(1000)
)py");
        QVERIFY(others);
        trainyard::store::DescendantScan scan(root->processId());
        const int first = int(scan.scan().size());
        const int firstReads = scan.lastStatReads();
        const int second = int(scan.scan().size());
        const int secondReads = scan.lastStatReads();
        stopPython(others.get());
        stopPython(root.get());
        QCOMPARE(first, 2);
        QCOMPARE(second, 2);
        QVERIFY2(firstReads > 300, qPrintable(QString::number(firstReads)));
        QVERIFY2(secondReads < 10, qPrintable(QString::number(secondReads)));
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
