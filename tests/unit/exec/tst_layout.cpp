// SPDX-License-Identifier: MIT
// Cluster layout: replica shapes per scale tier, the chief/master rule, the local replica cap
// and localhost port assignment.
#include "catalog/catalog.h"
#include "exec/ports.h"
#include "service/layout.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTest>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace trainyard;
using service::LayoutOptions;
using service::RunStyle;

namespace {

catalog::ScaleTier tier(const char *name, int workers, int ps, bool custom = false)
{
    catalog::ScaleTier t;
    t.name = QLatin1String(name);
    t.masterType = QStringLiteral("standard");
    t.workerCount = workers;
    t.parameterServerCount = ps;
    t.custom = custom;
    return t;
}

// The tiers' local shapes as docs/service.md §2 gives them.
const catalog::Catalog &testCatalog()
{
    static const catalog::Catalog c = [] {
        catalog::Catalog cat;
        cat.scaleTiers = {tier("BASIC", 0, 0), tier("STANDARD_1", 4, 3), tier("PREMIUM_1", 19, 11),
                          tier("BASIC_GPU", 0, 0), tier("CUSTOM", 0, 0, true)};
        return cat;
    }();
    return c;
}

jobspec::Job job(const QString &tierName, qint64 workers = 0, qint64 ps = 0, qint64 evaluators = 0,
                 const QString &runtime = QStringLiteral("2.11"))
{
    jobspec::Job j;
    j.jobId = QStringLiteral("job_1");
    j.trainingInput.scaleTier = tierName;
    j.trainingInput.runtimeVersion = runtime;
    j.trainingInput.master.type = QStringLiteral("n1-standard-4");
    if (workers)
        j.trainingInput.worker = {QStringLiteral("n1-standard-4"), workers, {}};
    if (ps)
        j.trainingInput.parameterServer = {QStringLiteral("n1-highmem-8"), ps, {}};
    if (evaluators)
        j.trainingInput.evaluator = {QStringLiteral("n1-standard-4"), evaluators, {}};
    return j;
}

QStringList names(const service::ClusterLayout &layout)
{
    QStringList out;
    for (const service::Replica &r : layout.replicas)
        out << r.name;
    return out;
}

QStringList series(const char *prefix, int n)
{
    QStringList out;
    for (int i = 0; i < n; ++i)
        out << QLatin1String(prefix) + QString::number(i);
    return out;
}

// A listening socket held for the life of the object (what a running server looks like).
class Listener
{
public:
    explicit Listener(quint16 port, bool wildcard = false)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        const int one = 1;
        ::setsockopt(m_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(port);
        addr.sin_addr.s_addr = htonl(wildcard ? INADDR_ANY : INADDR_LOOPBACK);
        m_ok = ::bind(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
               ::listen(m_fd, 1) == 0;
    }
    ~Listener() { ::close(m_fd); }
    Listener(const Listener &) = delete;
    Listener &operator=(const Listener &) = delete;
    bool ok() const { return m_ok; }

private:
    int m_fd = -1;
    bool m_ok = false;
};

} // namespace

class TestLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shapes_data();
    void shapes();
    void ranks();
    void primaryName_data();
    void primaryName();
    void compareVersions_data();
    void compareVersions();
    void cap_data();
    void cap();
    void errors_data();
    void errors();
    void localTrainNotDistributed();
    void portOrder();
    void clusterJsonLeavesOutEvaluators();
    void freePortsContiguous();
    void freePortsSkipTaken_data();
    void freePortsSkipTaken();
    void freePortsSkipReserved();
    void freePortsExhausted();
    void claimsAreTheMachines();
    void takenPortNamesItsHolder();
};

void TestLayout::shapes_data()
{
    QTest::addColumn<jobspec::Job>("job");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("BASIC: one master")
        << job(QStringLiteral("BASIC")) << QStringList{QStringLiteral("chief-0")};
    QTest::newRow("BASIC_GPU: one master")
        << job(QStringLiteral("BASIC_GPU"), 0, 0, 0, QStringLiteral("1.15"))
        << QStringList{QStringLiteral("master-0")};
    QTest::newRow("STANDARD_1: 1 + 4 workers + 3 ps")
        << job(QStringLiteral("STANDARD_1"))
        << QStringList{QStringLiteral("chief-0")} + series("worker-", 4) + series("ps-", 3);
    QTest::newRow("PREMIUM_1: 1 + 19 workers + 11 ps")
        << job(QStringLiteral("PREMIUM_1"))
        << QStringList{QStringLiteral("chief-0")} + series("worker-", 19) + series("ps-", 11);
    QTest::newRow("STANDARD_1 ignores counts in the spec")
        << job(QStringLiteral("STANDARD_1"), 9, 9, 0)
        << QStringList{QStringLiteral("chief-0")} + series("worker-", 4) + series("ps-", 3);
    QTest::newRow("CUSTOM 1+2+2+1")
        << job(QStringLiteral("CUSTOM"), 2, 2, 1)
        << QStringList{QStringLiteral("chief-0"),  QStringLiteral("worker-0"),
                       QStringLiteral("worker-1"), QStringLiteral("ps-0"),
                       QStringLiteral("ps-1"),     QStringLiteral("evaluator-0")};
    QTest::newRow("CUSTOM master only")
        << job(QStringLiteral("CUSTOM"), 0, 0, 0, QStringLiteral("1.15"))
        << QStringList{QStringLiteral("master-0")};
}

void TestLayout::shapes()
{
    QFETCH(jobspec::Job, job);
    QFETCH(QStringList, expected);
    const service::LayoutResult result = service::planLayout(job, testCatalog(), LayoutOptions{});
    QVERIFY2(result, qPrintable(result.error));
    QCOMPARE(names(result.layout), expected);
    QVERIFY(result.layout.warnings.isEmpty());
    QCOMPARE(result.layout.primary()->name, expected.first());
    for (const service::Replica &r : result.layout.replicas) {
        QCOMPARE(r.name, r.taskType + QLatin1Char('-') + QString::number(r.index));
        QVERIFY(!r.port); // planLayout gives no ports
    }
}

void TestLayout::ranks()
{
    const service::LayoutResult result =
        service::planLayout(job(QStringLiteral("CUSTOM"), 2, 2, 1), testCatalog(), LayoutOptions{});
    QVERIFY(result);
    const service::ClusterLayout &l = result.layout;
    QCOMPARE(l.worldSize(), 3);
    QCOMPARE(l.find(QStringLiteral("chief-0"))->rank, std::optional<int>(0));
    QCOMPARE(l.find(QStringLiteral("worker-0"))->rank, std::optional<int>(1));
    QCOMPARE(l.find(QStringLiteral("worker-1"))->rank, std::optional<int>(2));
    QVERIFY(!l.find(QStringLiteral("ps-0"))->rank);
    QVERIFY(!l.find(QStringLiteral("evaluator-0"))->rank);
    QCOMPARE(l.count(jobspec::Role::ParameterServer), 2);
    QCOMPARE(l.replicasOf(jobspec::Role::Worker).size(), 2);
}

void TestLayout::primaryName_data()
{
    QTest::addColumn<QString>("runtime");
    QTest::addColumn<int>("evaluators");
    QTest::addColumn<int>("useChief"); // -1 unset, 0 false, 1 true
    QTest::addColumn<bool>("localTrain");
    QTest::addColumn<int>("tfMajor");
    QTest::addColumn<QString>("expected");

    const QString chief = QStringLiteral("chief");
    const QString master = QStringLiteral("master");
    QTest::newRow("1.15") << QStringLiteral("1.15") << 0 << -1 << false << 0 << master;
    QTest::newRow("2.0") << QStringLiteral("2.0") << 0 << -1 << false << 0 << master;
    QTest::newRow("2.1") << QStringLiteral("2.1") << 0 << -1 << false << 0 << chief;
    QTest::newRow("2.11 (numeric, not text)")
        << QStringLiteral("2.11") << 0 << -1 << false << 0 << chief;
    QTest::newRow("3") << QStringLiteral("3") << 0 << -1 << false << 0 << chief;
    QTest::newRow("1.15 + evaluator") << QStringLiteral("1.15") << 1 << -1 << false << 0 << chief;
    QTest::newRow("1.15 + useChiefInTfConfig")
        << QStringLiteral("1.15") << 0 << 1 << false << 0 << chief;
    QTest::newRow("1.15 + useChiefInTfConfig false")
        << QStringLiteral("1.15") << 0 << 0 << false << 0 << master;
    QTest::newRow("container, no runtime") << QString() << 0 << -1 << false << 0 << master;
    QTest::newRow("container + useChiefInTfConfig") << QString() << 0 << 1 << false << 0 << chief;
    QTest::newRow("unparsable runtime")
        << QStringLiteral("nightly") << 0 << -1 << false << 0 << master;
    QTest::newRow("local train, TF 1.x")
        << QStringLiteral("2.11") << 0 << -1 << true << 1 << master;
    QTest::newRow("local train, TF 2.x") << QStringLiteral("1.15") << 0 << -1 << true << 2 << chief;
    QTest::newRow("local train, no TF") << QStringLiteral("1.15") << 0 << -1 << true << 0 << chief;
}

void TestLayout::primaryName()
{
    QFETCH(QString, runtime);
    QFETCH(int, evaluators);
    QFETCH(int, useChief);
    QFETCH(bool, localTrain);
    QFETCH(int, tfMajor);
    QFETCH(QString, expected);

    jobspec::Job j = job(QStringLiteral("CUSTOM"), 1, 1, evaluators, runtime);
    if (useChief >= 0)
        j.trainingInput.useChiefInTfConfig = useChief == 1;
    LayoutOptions options;
    options.style = localTrain ? RunStyle::LocalTrain : RunStyle::Submit;
    options.localTensorFlowMajor = tfMajor;
    const service::LayoutResult result = service::planLayout(j, testCatalog(), options);
    QVERIFY(result);
    QCOMPARE(result.layout.primaryTaskType, expected);
    QCOMPARE(result.layout.primary()->taskType, expected);
    QCOMPARE(result.layout.primary()->name, expected + QStringLiteral("-0"));
    QCOMPARE(result.layout.clusterJson().keys().contains(expected), true);
}

void TestLayout::compareVersions_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected"); // 2: not comparable
    QTest::newRow("2.11 > 2.1") << QStringLiteral("2.11") << QStringLiteral("2.1") << 1;
    QTest::newRow("1.15 < 2.1") << QStringLiteral("1.15") << QStringLiteral("2.1") << -1;
    QTest::newRow("2.1 == 2.1.0") << QStringLiteral("2.1") << QStringLiteral("2.1.0") << 0;
    QTest::newRow("2.10 > 2.9") << QStringLiteral("2.10") << QStringLiteral("2.9") << 1;
    QTest::newRow("empty") << QString() << QStringLiteral("2.1") << 2;
    QTest::newRow("text") << QStringLiteral("2.x") << QStringLiteral("2.1") << 2;
}

void TestLayout::compareVersions()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    const std::optional<int> cmp = service::compareVersions(a, b);
    if (expected == 2)
        QVERIFY(!cmp);
    else
        QCOMPARE(cmp, std::optional<int>(expected));
}

void TestLayout::cap_data()
{
    QTest::addColumn<jobspec::Job>("job");
    QTest::addColumn<int>("cap");
    QTest::addColumn<int>("workers");
    QTest::addColumn<int>("ps");
    QTest::addColumn<int>("evaluators");
    QTest::addColumn<bool>("warned");

    const jobspec::Job standard = job(QStringLiteral("STANDARD_1"));
    QTest::newRow("no cap") << standard << 0 << 4 << 3 << 0 << false;
    QTest::newRow("cap above the size") << standard << 8 << 4 << 3 << 0 << false;
    QTest::newRow("STANDARD_1 capped at 4") << standard << 4 << 2 << 1 << 0 << true;
    QTest::newRow("STANDARD_1 capped at 3") << standard << 3 << 1 << 1 << 0 << true;
    QTest::newRow("capped at 1: the primary stays") << standard << 1 << 0 << 0 << 0 << true;
    QTest::newRow("PREMIUM_1 capped at 16")
        << job(QStringLiteral("PREMIUM_1")) << 16 << 8 << 7 << 0 << true;
    QTest::newRow("CUSTOM 1+2+2+1 capped at 4")
        << job(QStringLiteral("CUSTOM"), 2, 2, 1) << 4 << 1 << 1 << 1 << true;
    QTest::newRow("CUSTOM 1+2+2+1 capped at 3: evaluator goes")
        << job(QStringLiteral("CUSTOM"), 2, 2, 1) << 3 << 1 << 1 << 0 << true;
}

void TestLayout::cap()
{
    QFETCH(jobspec::Job, job);
    QFETCH(int, cap);
    QFETCH(int, workers);
    QFETCH(int, ps);
    QFETCH(int, evaluators);
    QFETCH(bool, warned);

    LayoutOptions options;
    options.maxLocalReplicas = cap;
    const service::LayoutResult result = service::planLayout(job, testCatalog(), options);
    QVERIFY(result);
    const service::ClusterLayout &l = result.layout;
    QCOMPARE(l.count(jobspec::Role::Master), 1);
    QCOMPARE(l.count(jobspec::Role::Worker), workers);
    QCOMPARE(l.count(jobspec::Role::ParameterServer), ps);
    QCOMPARE(l.count(jobspec::Role::Evaluator), evaluators);
    QCOMPARE(!l.warnings.isEmpty(), warned);
    if (warned) // the user is told what was cut, never silently
        QVERIFY2(l.warnings.first().contains(QString::number(cap)), qPrintable(l.warnings.first()));
}

void TestLayout::errors_data()
{
    QTest::addColumn<jobspec::Job>("job");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown tier") << job(QStringLiteral("MEGA_9")) << QStringLiteral("MEGA_9");
    QTest::newRow("no tier") << job(QString()) << QStringLiteral("scaleTier");
    QTest::newRow("absurd count") << job(QStringLiteral("CUSTOM"), 100000)
                                  << QStringLiteral("workerCount");
    QTest::newRow("negative count")
        << job(QStringLiteral("CUSTOM"), 0, -1) << QStringLiteral("parameterServerCount");
}

void TestLayout::errors()
{
    QFETCH(jobspec::Job, job);
    QFETCH(QString, mentions);
    const service::LayoutResult result = service::planLayout(job, testCatalog(), LayoutOptions{});
    QVERIFY(!result);
    QVERIFY2(result.error.contains(mentions), qPrintable(result.error));
}

void TestLayout::localTrainNotDistributed()
{
    LayoutOptions options;
    options.style = RunStyle::LocalTrain;
    options.distributed = false;
    const service::LayoutResult result =
        service::planLayout(job(QStringLiteral("CUSTOM"), 2, 2, 1), testCatalog(), options);
    QVERIFY(result);
    QCOMPARE(names(result.layout), QStringList{QStringLiteral("chief-0")});
    QVERIFY(!result.layout.distributed);
}

void TestLayout::portOrder()
{
    service::LayoutResult result =
        service::planLayout(job(QStringLiteral("CUSTOM"), 2, 2, 1), testCatalog(), LayoutOptions{});
    QVERIFY(result);
    service::ClusterLayout &l = result.layout;
    QVERIFY(!service::assignPorts(l, {27182, 27183})); // one port per cluster replica
    QVERIFY(!l.hasAllPorts());
    QVERIFY(service::assignPorts(l, {27182, 27183, 27184, 27185, 27186}));
    QVERIFY(l.hasAllPorts());
    // gcloud: primary = start, then the parameter servers, then the workers.
    QCOMPARE(l.find(QStringLiteral("chief-0"))->port, std::optional<quint16>(27182));
    QCOMPARE(l.find(QStringLiteral("ps-0"))->port, std::optional<quint16>(27183));
    QCOMPARE(l.find(QStringLiteral("ps-1"))->port, std::optional<quint16>(27184));
    QCOMPARE(l.find(QStringLiteral("worker-0"))->port, std::optional<quint16>(27185));
    QCOMPARE(l.find(QStringLiteral("worker-1"))->port, std::optional<quint16>(27186));
    QVERIFY(!l.find(QStringLiteral("evaluator-0"))->port);
    QCOMPARE(l.address(*l.find(QStringLiteral("worker-1"))), QStringLiteral("localhost:27186"));
    QCOMPARE(l.address(*l.find(QStringLiteral("evaluator-0"))), QString());
}

void TestLayout::clusterJsonLeavesOutEvaluators()
{
    service::LayoutResult result =
        service::planLayout(job(QStringLiteral("CUSTOM"), 2, 2, 3), testCatalog(), LayoutOptions{});
    QVERIFY(result);
    QVERIFY(service::assignPorts(result.layout, {1, 2, 3, 4, 5}));
    const QJsonObject cluster = result.layout.clusterJson();
    QCOMPARE(cluster.keys(), (QStringList{QStringLiteral("chief"), QStringLiteral("ps"),
                                          QStringLiteral("worker")}));
    QCOMPARE(cluster.value(QStringLiteral("worker")).toArray().size(), 2);
}

void TestLayout::freePortsContiguous()
{
    const quint16 start = 46211;
    {
        for (quint16 p = start; p < start + 4; ++p) {
            Listener probe(p);
            if (!probe.ok())
                QSKIP("the test's port block is in use on this machine");
        }
    }
    const exec::PortResult result = exec::findFreePorts(start, 4);
    QVERIFY2(result, qPrintable(result.error));
    QCOMPARE(result.ports, (QList<quint16>{start, start + 1, start + 2, start + 3}));

    service::LayoutResult layout =
        service::planLayout(job(QStringLiteral("CUSTOM"), 2, 1, 1), testCatalog(), LayoutOptions{});
    layout.layout.startPort = start;
    QVERIFY(exec::assignFreePorts(layout.layout));
    QCOMPARE(layout.layout.primary()->port, std::optional<quint16>(start));
    QVERIFY(layout.layout.hasAllPorts());
}

void TestLayout::freePortsSkipTaken_data()
{
    QTest::addColumn<bool>("wildcard");
    QTest::newRow("taken on 127.0.0.1") << false;
    QTest::newRow("taken on 0.0.0.0") << true;
}

void TestLayout::freePortsSkipTaken()
{
    QFETCH(bool, wildcard);
    const quint16 start = 46231;
    Listener taken(start + 1, wildcard);
    if (!taken.ok())
        QSKIP("the test's port is in use on this machine");
    const exec::PortResult result = exec::findFreePorts(start, 3);
    QVERIFY2(result, qPrintable(result.error));
    QCOMPARE(result.ports.size(), 3);
    QVERIFY(!result.ports.contains(start + 1));
    QVERIFY(std::is_sorted(result.ports.cbegin(), result.ports.cend()));
    QVERIFY(result.ports.first() >= start);
}

void TestLayout::freePortsSkipReserved()
{
    // Ports another job has reserved (chosen, maybe not bound yet) are skipped like taken ones.
    const quint16 start = 46251;
    for (quint16 p = start; p < start + 5; ++p) {
        Listener probe(p);
        if (!probe.ok())
            QSKIP("the test's port block is in use on this machine");
    }
    const exec::PortResult result =
        exec::findFreePorts(start, 3, QStringLiteral("localhost"), {start, quint16(start + 2)});
    QVERIFY2(result, qPrintable(result.error));
    QCOMPARE(result.ports,
             (QList<quint16>{quint16(start + 1), quint16(start + 3), quint16(start + 4)}));
}

void TestLayout::freePortsExhausted()
{
    const exec::PortResult result = exec::findFreePorts(65534, 5);
    QVERIFY(!result);
    QVERIFY(result.ports.isEmpty());
    QVERIFY2(result.error.contains(QStringLiteral("65534")), qPrintable(result.error));
}

void TestLayout::claimsAreTheMachines()
{
    // Issue 32: a port claimed by one owner is not claimed by another (here two reservations
    // of this process: flock(2) locks belong to the open file, not the process), whatever
    // store either uses; the claim lapses with its holder.
    const quint16 start = 46271;
    for (quint16 p = start; p < start + 4; ++p) {
        Listener probe(p);
        if (!probe.ok())
            QSKIP("the test's port block is in use on this machine");
    }
    exec::PortReservations first;
    QVERIFY2(first.note().isEmpty(), qPrintable(first.note()));
    // A folder every user can add to and nobody can empty of others' files.
    const QFileInfo folder(first.folder());
    QVERIFY(folder.isDir() && !folder.isSymLink());
    QCOMPARE(QFile::permissions(first.folder()) & QFile::WriteOther, QFile::WriteOther);
    {
        exec::PortReservations second;
        QVERIFY(second.claim(start));
        QVERIFY(!second.claim(start)); // never handed out twice, also not by its holder
        QVERIFY(!first.claim(start));
        // Chosen ports skip the other's claims and are claimed themselves.
        const exec::PortResult result =
            exec::findFreePorts(start, 2, QStringLiteral("localhost"), {}, &first);
        QVERIFY2(result, qPrintable(result.error));
        QCOMPARE(result.ports, (QList<quint16>{quint16(start + 1), quint16(start + 2)}));
        QVERIFY(!second.claim(start + 1));
        QCOMPARE(first.claimed(), (QList<quint16>{quint16(start + 1), quint16(start + 2)}));
        // A second cluster of the same owner (a trial slot) gets ports of its own.
        const exec::PortResult again =
            exec::findFreePorts(start, 1, QStringLiteral("localhost"), {}, &first);
        QCOMPARE(again.ports, QList<quint16>{quint16(start + 3)});
    }
    QVERIFY(first.claim(start)); // the other is gone, its claim with it
    // A search that fails claims nothing.
    exec::PortReservations third;
    QVERIFY(!exec::findFreePorts(65534, 5, QStringLiteral("localhost"), {}, &third));
    QVERIFY(third.claimed().isEmpty());
}

void TestLayout::takenPortNamesItsHolder()
{
    const quint16 port = 46291;
    QCOMPARE(exec::describePortHolder(port), QString()); // nobody listens
    Listener taken(port);
    if (!taken.ok())
        QSKIP("the test's port is in use on this machine");
    QFile comm(QStringLiteral("/proc/self/comm"));
    QVERIFY(comm.open(QIODevice::ReadOnly));
    QCOMPARE(exec::describePortHolder(port), QStringLiteral("pid %1, %2")
                                                 .arg(QCoreApplication::applicationPid())
                                                 .arg(QString::fromUtf8(comm.readAll().trimmed())));
}

QTEST_GUILESS_MAIN(TestLayout)
#include "tst_layout.moc"
