// SPDX-License-Identifier: MIT
// The local cluster of a job: which replica processes run, their TF_CONFIG names, indices,
// localhost ports and PyTorch ranks (docs/service.md §2, §6, §7). Pure values: which ports are
// free is exec/ports.h's question.
#pragma once

#include "jobspec/job.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace trainyard::catalog {
struct Catalog;
}

namespace trainyard::service {

// How the run was asked for: like `gcloud ai-platform jobs submit training` (the service's
// rules) or like `gcloud ai-platform local train` (the SDK's rules, docs/service.md §6.3).
enum class RunStyle { Submit, LocalTrain };

// gcloud local train's default start port.
inline constexpr quint16 defaultStartPort = 27182;

struct LayoutOptions
{
    RunStyle style = RunStyle::Submit;
    // Upper bound on replica processes started locally (primary included); 0 = no cap.
    // Workers and parameter servers are reduced first, evaluators last; the primary stays.
    int maxLocalReplicas = 0;
    quint16 startPort = defaultStartPort;
    QString host = QStringLiteral("localhost");
    // LocalTrain only: gcloud's --distributed. Without it the run is one master whose
    // TF_CONFIG has empty "cluster" and "task" objects, whatever the spec's counts say.
    bool distributed = true;
    // LocalTrain only: major version of the TensorFlow the local interpreter imports
    // (0 = none or unknown). gcloud names the primary "master" for TF 1.x, else "chief".
    int localTensorFlowMajor = 0;
};

struct Replica
{
    jobspec::Role role = jobspec::Role::Master;
    QString taskType; // "chief" or "master" for the primary, "worker", "ps", "evaluator"
    int index = 0;    // within its task type
    QString name;     // "<taskType>-<index>": "chief-0", "worker-1", "ps-0", "evaluator-0"
    std::optional<quint16> port; // evaluators have none (they are not in the cluster)
    // PyTorch RANK: primary 0, workers 1..N. Parameter servers and evaluators are not part
    // of a PyTorch process group and have none.
    std::optional<int> rank;

    bool isPrimary() const { return role == jobspec::Role::Master; }
    bool inCluster() const { return role != jobspec::Role::Evaluator; }
    bool operator==(const Replica &o) const
    {
        return role == o.role && taskType == o.taskType && index == o.index && name == o.name &&
               port == o.port && rank == o.rank;
    }
};

struct ClusterLayout
{
    RunStyle style = RunStyle::Submit;
    bool distributed = true; // false: LocalTrain without --distributed
    QString host;
    quint16 startPort = defaultStartPort;
    QString primaryTaskType; // "chief" or "master"
    // Order: primary, workers, parameter servers, evaluators (the API's pool order).
    QList<Replica> replicas;
    // Human-readable notes a user must see, e.g. that a cap reduced the cluster.
    QStringList warnings;

    int count(jobspec::Role role) const;
    const Replica *primary() const;
    const Replica *find(const QString &name) const;
    QList<Replica> replicasOf(jobspec::Role role) const;
    // PyTorch WORLD_SIZE: the primary plus the workers.
    int worldSize() const;
    // "host:port" of a replica with a port; empty otherwise.
    QString address(const Replica &replica) const;
    // TF_CONFIG "cluster": {"chief"|"master": [...], "worker": [...], "ps": [...]}; roles
    // without replicas are left out; evaluators never appear.
    QJsonObject clusterJson() const;
    bool hasAllPorts() const; // every replica in the cluster has a port
};

struct LayoutResult
{
    ClusterLayout layout;
    QString error; // e.g. unknown scale tier; layout is unusable when set

    explicit operator bool() const { return error.isEmpty(); }
};

// Runtime version from which the service names the primary "chief" (docs/service.md §6.1, [U]).
// TODO(catalog): belongs in catalog.yaml once the catalog has a field for it.
inline constexpr const char *chiefRuntimeThreshold = "2.1";

// Compares dotted version strings numerically ("2.11" > "2.1" > "1.15"). Missing components
// count as 0. Returns <0, 0, >0; std::nullopt when either is not a dotted number.
std::optional<int> compareVersions(const QString &a, const QString &b);

// The primary's TF_CONFIG task type. Submit (§6.1): "chief" when runtimeVersion >= 2.1, or
// evaluators are configured, or useChiefInTfConfig is true; else "master". LocalTrain (§6.3):
// "master" when the local TensorFlow is 1.x, else "chief".
QString primaryTaskType(const jobspec::TrainingInput &input, int evaluatorCount,
                        const LayoutOptions &options);

// Replica counts, names, indices and ranks; no ports yet. CUSTOM uses the spec's counts,
// predefined tiers the catalog's local shape (catalog::ScaleTier).
LayoutResult planLayout(const jobspec::Job &job, const catalog::Catalog &catalog,
                        const LayoutOptions &options);

// Gives the cluster replicas the given ports in gcloud's order: primary, parameter servers,
// workers. `ports` must hold one port per cluster replica; returns false otherwise.
bool assignPorts(ClusterLayout &layout, const QList<quint16> &ports);

} // namespace trainyard::service
