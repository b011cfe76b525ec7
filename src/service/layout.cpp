// SPDX-License-Identifier: MIT
#include "service/layout.h"

#include "catalog/catalog.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <algorithm>

namespace trainyard::service {

namespace {

// More replicas than this are refused outright: no laptop runs them, and a typo such as
// workerCount: 100000 must not allocate a huge layout.
constexpr qint64 maxReplicasPerRole = 1000;

// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::service", text);
}

const catalog::ScaleTier *findTier(const catalog::Catalog &catalog, const QString &name)
{
    for (const catalog::ScaleTier &tier : catalog.scaleTiers) {
        if (tier.name == name)
            return &tier;
    }
    return nullptr;
}

struct Counts
{
    qint64 workers = 0;
    qint64 ps = 0;
    qint64 evaluators = 0;

    qint64 total() const { return 1 + workers + ps + evaluators; }
};

// Shrinks the cluster to at most `cap` processes: workers and parameter servers first (the
// larger of the two; parameter servers on a tie), keeping one of each while evaluators remain; then
// evaluators; then the last worker and parameter server. The primary always stays.
Counts applyCap(Counts c, int cap)
{
    const qint64 minWorkers = c.workers > 0 ? 1 : 0;
    const qint64 minPs = c.ps > 0 ? 1 : 0;
    while (c.total() > cap) {
        if (c.ps > minPs && c.ps >= c.workers)
            --c.ps;
        else if (c.workers > minWorkers)
            --c.workers;
        else if (c.ps > minPs)
            --c.ps;
        else if (c.evaluators > 0)
            --c.evaluators;
        else if (c.workers > 0)
            --c.workers;
        else if (c.ps > 0)
            --c.ps;
        else
            break;
    }
    return c;
}

QList<int> versionParts(const QString &v, bool *ok)
{
    QList<int> parts;
    *ok = !v.trimmed().isEmpty();
    const QStringList pieces = v.trimmed().split(QLatin1Char('.'));
    for (const QString &piece : pieces) {
        bool pieceOk = false;
        const int n = piece.toInt(&pieceOk);
        if (!pieceOk || n < 0) {
            *ok = false;
            return {};
        }
        parts.append(n);
    }
    return parts;
}

} // namespace

std::optional<int> compareVersions(const QString &a, const QString &b)
{
    bool okA = false;
    bool okB = false;
    const QList<int> pa = versionParts(a, &okA);
    const QList<int> pb = versionParts(b, &okB);
    if (!okA || !okB)
        return std::nullopt;
    const qsizetype n = std::max(pa.size(), pb.size());
    for (qsizetype i = 0; i < n; ++i) {
        const int x = i < pa.size() ? pa.at(i) : 0;
        const int y = i < pb.size() ? pb.at(i) : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

QString primaryTaskType(const jobspec::TrainingInput &input, int evaluatorCount,
                        const LayoutOptions &options)
{
    const QString chief = QStringLiteral("chief");
    const QString master = QStringLiteral("master");
    if (options.style == RunStyle::LocalTrain)
        return options.localTensorFlowMajor == 1 ? master : chief;
    if (input.useChiefInTfConfig.value_or(false) || evaluatorCount > 0)
        return chief;
    const std::optional<int> cmp =
        compareVersions(input.runtimeVersion, QLatin1String(chiefRuntimeThreshold));
    return cmp && *cmp >= 0 ? chief : master;
}

LayoutResult planLayout(const jobspec::Job &job, const catalog::Catalog &catalog,
                        const LayoutOptions &options)
{
    LayoutResult result;
    ClusterLayout &layout = result.layout;
    layout.style = options.style;
    layout.host = options.host.isEmpty() ? QStringLiteral("localhost") : options.host;
    layout.startPort = options.startPort;
    layout.distributed = options.style == RunStyle::Submit || options.distributed;

    const jobspec::TrainingInput &input = job.trainingInput;
    Counts counts;
    QString shapeName = input.scaleTier;
    if (options.style == RunStyle::LocalTrain && !options.distributed) {
        // gcloud local train without --distributed: one process, whatever the spec says.
    } else if (input.scaleTier == QLatin1String("CUSTOM")) {
        counts.workers = input.worker.count.value_or(0);
        counts.ps = input.parameterServer.count.value_or(0);
        counts.evaluators = input.evaluator.count.value_or(0);
    } else if (input.scaleTier.isEmpty()) {
        result.error = tr("The job has no scale tier (trainingInput.scaleTier).");
        return result;
    } else if (const catalog::ScaleTier *tier = findTier(catalog, input.scaleTier)) {
        if (tier->custom) {
            counts.workers = input.worker.count.value_or(0);
            counts.ps = input.parameterServer.count.value_or(0);
            counts.evaluators = input.evaluator.count.value_or(0);
        } else {
            counts.workers = tier->workerCount;
            counts.ps = tier->parameterServerCount;
        }
    } else {
        result.error = tr("The scale tier %1 is not in the catalog; its local shape is unknown.")
                           .arg(input.scaleTier);
        return result;
    }

    const std::array<std::pair<const char *, qint64>, 3> checked = {
        std::pair<const char *, qint64>{"workerCount", counts.workers},
        std::pair<const char *, qint64>{"parameterServerCount", counts.ps},
        std::pair<const char *, qint64>{"evaluatorCount", counts.evaluators}};
    for (const auto &[field, value] : checked) {
        if (value < 0 || value > maxReplicasPerRole) {
            result.error = tr("trainingInput.%1 is %2; a local run takes 0 to %3.")
                               .arg(QLatin1String(field))
                               .arg(value)
                               .arg(maxReplicasPerRole);
            return result;
        }
    }

    // The service's naming rule looks at the configured evaluators, not at the ones run here.
    layout.primaryTaskType = primaryTaskType(input, static_cast<int>(counts.evaluators), options);

    if (options.maxLocalReplicas > 0 && counts.total() > options.maxLocalReplicas) {
        const Counts capped = applyCap(counts, options.maxLocalReplicas);
        layout.warnings.append(
            tr("%1 asks for %2 replicas; the local replica cap of %3 runs %4: 1 primary, "
               "%5 workers (of %6), %7 parameter servers (of %8), %9 evaluators (of %10).")
                .arg(shapeName)
                .arg(counts.total())
                .arg(options.maxLocalReplicas)
                .arg(capped.total())
                .arg(capped.workers)
                .arg(counts.workers)
                .arg(capped.ps)
                .arg(counts.ps)
                .arg(capped.evaluators)
                .arg(counts.evaluators));
        counts = capped;
    }

    auto add = [&layout](jobspec::Role role, const QString &type, int index,
                         std::optional<int> rank) {
        Replica r;
        r.role = role;
        r.taskType = type;
        r.index = index;
        r.name = type + QLatin1Char('-') + QString::number(index);
        r.rank = rank;
        layout.replicas.append(r);
    };
    add(jobspec::Role::Master, layout.primaryTaskType, 0, 0);
    for (int i = 0; i < counts.workers; ++i)
        add(jobspec::Role::Worker, jobspec::roleTaskType(jobspec::Role::Worker), i, i + 1);
    for (int i = 0; i < counts.ps; ++i)
        add(jobspec::Role::ParameterServer, jobspec::roleTaskType(jobspec::Role::ParameterServer),
            i, std::nullopt);
    for (int i = 0; i < counts.evaluators; ++i)
        add(jobspec::Role::Evaluator, jobspec::roleTaskType(jobspec::Role::Evaluator), i,
            std::nullopt);
    return result;
}

int ClusterLayout::count(jobspec::Role role) const
{
    return static_cast<int>(std::count_if(replicas.cbegin(), replicas.cend(),
                                          [role](const Replica &r) { return r.role == role; }));
}

const Replica *ClusterLayout::primary() const
{
    for (const Replica &r : replicas) {
        if (r.isPrimary())
            return &r;
    }
    return nullptr;
}

const Replica *ClusterLayout::find(const QString &name) const
{
    for (const Replica &r : replicas) {
        if (r.name == name)
            return &r;
    }
    return nullptr;
}

QList<Replica> ClusterLayout::replicasOf(jobspec::Role role) const
{
    QList<Replica> out;
    for (const Replica &r : replicas) {
        if (r.role == role)
            out.append(r);
    }
    return out;
}

int ClusterLayout::worldSize() const
{
    return count(jobspec::Role::Master) + count(jobspec::Role::Worker);
}

QString ClusterLayout::address(const Replica &replica) const
{
    if (!replica.port)
        return {};
    return host + QLatin1Char(':') + QString::number(*replica.port);
}

QJsonObject ClusterLayout::clusterJson() const
{
    QJsonObject cluster;
    for (jobspec::Role role :
         {jobspec::Role::Master, jobspec::Role::Worker, jobspec::Role::ParameterServer}) {
        QJsonArray hosts;
        QString key;
        for (const Replica &r : replicas) {
            if (r.role != role)
                continue;
            key = r.taskType;
            hosts.append(address(r));
        }
        if (!hosts.isEmpty())
            cluster.insert(key, hosts);
    }
    return cluster;
}

bool ClusterLayout::hasAllPorts() const
{
    return std::all_of(replicas.cbegin(), replicas.cend(),
                       [](const Replica &r) { return !r.inCluster() || r.port.has_value(); });
}

bool assignPorts(ClusterLayout &layout, const QList<quint16> &ports)
{
    QList<Replica *> order; // gcloud's port order: primary, parameter servers, workers
    for (jobspec::Role role :
         {jobspec::Role::Master, jobspec::Role::ParameterServer, jobspec::Role::Worker}) {
        for (Replica &r : layout.replicas) {
            if (r.role == role)
                order.append(&r);
        }
    }
    if (order.size() != ports.size())
        return false;
    for (qsizetype i = 0; i < order.size(); ++i)
        order.at(i)->port = ports.at(i);
    return true;
}

} // namespace trainyard::service
