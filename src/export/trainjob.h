// SPDX-License-Identifier: MIT
// A Kubeflow Trainer v2 TrainJob (apiVersion trainer.kubeflow.org/v1alpha1) for a master +
// workers spec: what a Kubernetes cluster set up with Kubeflow Trainer 2.x (kubeflow/manifests
// v1.11 and later) runs. Followed: kubeflow/trainer v2.0.0-v2.3.0,
// pkg/apis/trainer/v1alpha1/trainjob_types.go and the torch plugin
// (pkg/runtime/framework/plugins/torch/torch.go).
//
// The job's replicas become the nodes of one trainer group: numNodes = 1 + workerCount, one
// process per node (numProcPerNode 1, as Vertex AI and a PyTorchJob run them), the machine type's
// vCPUs and memory as requests and its GPUs as the nvidia.com/gpu limit (resourcesPerNode). The
// runtime (ClusterTrainingRuntime "torch-distributed" unless --runtime names another) starts the
// pods; its torch policy sets only PET_NNODES, PET_NPROC_PER_NODE, PET_NODE_RANK,
// PET_MASTER_ADDR and PET_MASTER_PORT, which torchrun reads, so a Python package's module runs
// as `torchrun -m MODULE ARGS` (torchrun then sets MASTER_ADDR, WORLD_SIZE and RANK per process).
//
// Trainer v2 has no TensorFlow runtime (kubeflow/trainer #2699, #2443). A TensorFlow trainer is
// exported only for a runtime the user names (--runtime, a plain runtime without an ML policy);
// TF_CONFIG is then built in the container from the node's index (JOB_COMPLETION_INDEX, set for
// every pod of an indexed Job) and the JobSet's pod host names "<job>-node-0-<i>.<job>": the
// primary is node 0, workers follow, as in a local run.
//
// Fields of one Trainer version only (--trainer-version): the GPU node selector goes through
// podSpecOverrides (2.0), podTemplateOverrides (2.1) or runtimePatches (2.2 and later);
// activeDeadlineSeconds (from scheduling.maxRunningTime) exists from 2.2. Without a version the
// manifest holds only what every version from 2.0 to 2.3 accepts, and says what it left out.
#pragma once

#include "catalog/catalog.h"
#include "export/kubernetes.h"
#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace trainyard::exporters {

struct TrainJobOptions
{
    // Container image of the trainer nodes; overrides the spec's. Required for a Python-package
    // spec: the image must hold the trainer package (the runtime installs nothing).
    QString image;
    QString runtime;             // ClusterTrainingRuntime name; empty: torch-distributed
    QString kubernetesNamespace; // metadata.namespace; empty: left out
    QString trainerVersion;      // "2.0" ... "2.3"; empty: fields every version accepts
};

// The Trainer versions --trainer-version takes, oldest first.
const QStringList &trainerVersions();

// The manifest as a JSON tree. What cannot be expressed goes to `diagnostics` with the spec's
// field path: errors (parameter servers or evaluators; master and workers on different machine
// types, GPUs or images; reserved PET_* variables; a TensorFlow trainer on a torch runtime; no
// image; TPUs), warnings (fields left out, hyperparameters, a changed job ID or label).
QJsonObject trainJobManifest(const Job &job, const catalog::Catalog &catalog,
                             const TrainJobOptions &options, Diagnostics *diagnostics = nullptr);
QByteArray trainJobManifestYaml(const Job &job, const catalog::Catalog &catalog,
                                const TrainJobOptions &options, Diagnostics *diagnostics = nullptr);

} // namespace trainyard::exporters
