// SPDX-License-Identifier: MIT
// What every Kubernetes export (Kubeflow Trainer v2 TrainJob, Training Operator v1 TFJob and
// PyTorchJob) needs from a spec: object names, labels and namespaces the API server accepts, the
// container environment, per-pod resources from the machine type, the GKE node selector for the
// GPU type, the spec fields Kubernetes has no counterpart for, and the trainer's framework.
//
// The API server's rules (k8s.io/apimachinery pkg/util/validation/validation.go):
// - a namespace is an RFC 1123 label: at most 63 characters of [a-z0-9-], starting and ending
//   with an alphanumeric character (IsDNS1123Label);
// - a label key is an optional DNS-subdomain prefix and "/", then a name of at most 63
//   characters of [A-Za-z0-9_.-] starting and ending alphanumeric (IsQualifiedName); a label
//   value is empty or such a name (IsValidLabelValue).
// Google Cloud labels allow what those refuse: a leading or trailing "_" or "-", international
// letters, values that start with "-" (cloud.google.com resource-manager labels).
#pragma once

#include "catalog/catalog.h"
#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QString>

namespace trainyard::exporters {

using jobspec::Diagnostics;
using jobspec::Job;

// The Kubernetes object name for a job ID: an RFC 1035 label (what TrainJob and the pods'
// DNS names need) of at most 40 characters, so that pod and service names built from it stay
// within 63. Job IDs map one to one ("_" becomes "-"); where the mapping loses something
// (upper-case letters, characters outside [a-z0-9_], cut to length) a "-" and the first six
// hex digits of the ID's SHA-256 end the name, so that distinct job IDs stay distinct.
QString kubernetesName(const QString &jobId);

// True for an RFC 1123 label (a namespace, a Secret name).
bool isDnsLabel(const QString &name);

// Empty when `ns` is a valid namespace, else why not.
QString namespaceError(const QString &ns);

// The spec's labels as valid Kubernetes labels: each one changed (leading and trailing
// characters other than letters and digits dropped) or left out (non-ASCII, nothing left) gets a
// warning at labels.<key> saying what became of it.
QJsonObject kubernetesLabels(const QMap<QString, QString> &labels, Diagnostics *diagnostics);

// A manifest's `metadata`: the job's Kubernetes name (a warning at jobId where it is not the job
// ID), the namespace when `ns` is not empty (an error at namespace when it is not a valid one)
// and the labels as kubernetesLabels() makes them (left out when there are none).
QJsonObject kubernetesMetadata(const Job &job, const QString &ns, Diagnostics *diagnostics);

// The container environment: the AIP_* directories Vertex AI and local runs set (when the job
// has a job dir), trainyardLocal literals, and secrets as references to a Kubernetes Secret of
// the same name (never the value; one warning per variable).
QJsonArray containerEnvironment(const Job &job, Diagnostics *diagnostics);

// Resources of one pod for a Vertex AI pool's machineSpec: requests of the machine type's vCPUs
// and memory (so the scheduler places it where Vertex AI would have a whole machine), and
// `nvidia.com/gpu` limits for its GPUs. Empty when the machine type is unknown and has no GPUs.
QJsonObject podResources(const QJsonObject &machineSpec, const catalog::Catalog &catalog);

// GKE's node label for the pool's GPU type (cloud.google.com/gke-accelerator), from the
// catalog; empty when the pool has no GPU or the catalog has no label for its type.
QString gkeAcceleratorLabel(const QJsonObject &machineSpec, const catalog::Catalog &catalog);

// A warning for every spec field that a Kubernetes manifest cannot carry (region, network,
// service account, CMEK key, web access, scheduling.maxWaitTime and priority, boot disks,
// runtime and Python version).
void warnUnsupportedFields(const Job &job, Diagnostics *diagnostics);

enum class Framework { Unknown, PyTorch, TensorFlow };

// The framework the trainer uses, as far as the image's name (`image`, else the spec's
// container images) or the local package's sources (imports, setup.py's install_requires) tell.
// Reads at most a few hundred small files of the package directory.
Framework detectFramework(const Job &job, const QString &image);
QString frameworkName(Framework framework);

// A diagnostic at `field` (no position yet; the caller locates it).
void addDiagnostic(Diagnostics *diagnostics, jobspec::Severity severity, const QString &field,
                   const QString &message);

} // namespace trainyard::exporters
