// SPDX-License-Identifier: MIT
// Legacy: a Kubeflow Training Operator v1 manifest (apiVersion kubeflow.org/v1) for a spec: a TFJob
// with tfReplicaSpecs Chief (or Master)/Worker/PS/Evaluator, or a PyTorchJob with Master/Worker.
//
// The operator, not the trainer, sets TF_CONFIG (kubeflow/training-operator
// pkg/controller.v1/tensorflow/tensorflow.go, genTFConfigJSONStr/genClusterSpec): each replica
// type's lower-case name is a key of "cluster" with `<job>-<type>-<i>.<namespace>.svc:<port>`
// per replica, "task" is {type: lower-case replica type, index}, only when the job has more than
// one replica in all (isDistributed, util.go). So our primary becomes "Chief" or "Master" exactly
// as the local executor names it (service::primaryTaskType), workers "Worker", parameter servers
// "PS", evaluators "Evaluator"; the container is named "tensorflow" with port "tfjob-port" 2222
// (tensorflow_types.go). One difference stays and is reported as a warning: since
// training-operator PR #1146 the operator also lists evaluators in "cluster"; Vertex AI and
// local runs do not. PyTorchJob (pytorch/envvar.go): MASTER_ADDR/MASTER_PORT from the Master's
// "pytorchjob-port" on container "pytorch" (23456), WORLD_SIZE = all replicas, RANK = 0 for the
// master and index + 1 for workers: the same as the local executor's ranks.
#pragma once

#include "catalog/catalog.h"
#include "export/kubernetes.h"
#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace trainyard::exporters {

using jobspec::Diagnostics;
using jobspec::Job;

enum class KubeflowKind { TFJob, PyTorchJob };

struct KubeflowOptions
{
    KubeflowKind kind = KubeflowKind::TFJob;
    // Container image for every replica; overrides the spec's. Required for a Python-package
    // spec as long as the catalog has no Vertex AI pre-built image for its runtime version:
    // the image must then hold the trainer package (the operator installs nothing).
    QString image;
    QString kubernetesNamespace; // metadata.namespace; empty: left out (kubectl's current one)
};

// The manifest as a JSON tree (what the YAML holds). Parts that cannot be expressed go to
// `diagnostics` with the spec's field path: errors (no image for a package spec, TPUs, parameter
// servers or evaluators in a PyTorchJob), warnings (hyperparameters, the evaluator difference,
// package URIs the image must already hold, a job id changed into a Kubernetes name).
QJsonObject kubeflowManifest(const Job &job, const catalog::Catalog &catalog,
                             const KubeflowOptions &options, Diagnostics *diagnostics = nullptr);
QByteArray kubeflowManifestYaml(const Job &job, const catalog::Catalog &catalog,
                                const KubeflowOptions &options, Diagnostics *diagnostics = nullptr);

// YAML text of a JSON value (block style; strings a YAML reader would take for something else
// are double-quoted). Exposed for tests.
QByteArray jsonToYaml(const QJsonObject &object);

} // namespace trainyard::exporters
