#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Validates Kubernetes manifests the way the API server and Kubeflow's webhooks would.

The API server's part (k8s.io/apiextensions-apiserver structural schemas, with kubectl's
default --validate=strict): every field known to the CRD's openAPIV3Schema (an unknown field is
an error, except under x-kubernetes-preserve-unknown-fields), types, required fields, enums,
numeric and length bounds, patterns, int-or-string, and ObjectMeta's rules from
k8s.io/apimachinery pkg/util/validation (names, namespace, label keys and values).
The webhooks' part: TrainJob's name (RFC 1035 label of at most 63, an x-kubernetes-validation
of trainjob_types.go) and the torch plugin's reserved PET_* variables; TFJob and PyTorchJob
(kubeflow/trainer v1.9.4 pkg/webhooks): RFC 1035 name, replica types, the default container
("tensorflow", "pytorch") with an image, at most one Chief/Master, a PyTorchJob Master of 1.

Usage:
  k8s_validate.py --crds DIR MANIFEST.yaml...        validate files; exit 1 on any error
  k8s_validate.py --crds DIR --trainyard BIN --corpus DIR [--out DIR]
        export every corpus config with every Kubernetes form and validate what is exported
"""
import argparse
import json
import os
import re
import subprocess
import sys

import yaml

DNS1123_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")
DNS1035_LABEL = re.compile(r"^[a-z]([-a-z0-9]*[a-z0-9])?$")
DNS1123_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")
QUALIFIED_NAME = re.compile(r"^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$")
QUANTITY = re.compile(r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$")

# (file, apiVersion, kind) of every vendored CRD schema; see crds/README.md.
CRDS = {
    "trainjob-v2.0.0": ("trainer.kubeflow.org/v1alpha1", "TrainJob"),
    "trainjob-v2.1.0": ("trainer.kubeflow.org/v1alpha1", "TrainJob"),
    "trainjob-v2.2.0": ("trainer.kubeflow.org/v1alpha1", "TrainJob"),
    "trainjob-v2.3.0": ("trainer.kubeflow.org/v1alpha1", "TrainJob"),
    "tfjob-v1.9.4": ("kubeflow.org/v1", "TFJob"),
    "pytorchjob-v1.9.4": ("kubeflow.org/v1", "PyTorchJob"),
}
TORCH_RESERVED = {"PET_NNODES", "PET_NPROC_PER_NODE", "PET_NODE_RANK", "PET_MASTER_ADDR",
                  "PET_MASTER_PORT"}


def load_schemas(directory):
    return {name: json.load(open(os.path.join(directory, name + ".json")))
            for name in CRDS}


def check(value, schema, path, errors):
    """Structural-schema validation of `value` at `path` (errors appended as strings)."""
    if value is None:
        if not schema.get("nullable"):
            errors.append(f"{path}: null is not allowed")
        return
    if schema.get("x-kubernetes-int-or-string"):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            errors.append(f"{path}: must be an integer or a string")
        elif "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
            errors.append(f"{path}: '{value}' does not match {schema['pattern']}")
        return
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, dict):
            errors.append(f"{path}: must be an object")
            return
        props = schema.get("properties")
        extra = schema.get("additionalProperties")
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{path}.{key}: required")
        for key, item in value.items():
            if props is not None and key in props:
                check(item, props[key], f"{path}.{key}", errors)
            elif isinstance(extra, dict):
                check(item, extra, f"{path}.{key}", errors)
            elif schema.get("x-kubernetes-preserve-unknown-fields"):
                continue
            elif props is not None or extra is False:
                errors.append(f"{path}.{key}: unknown field")
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            errors.append(f"{path}: more than {schema['maxProperties']} properties")
        return
    if kind == "array":
        if not isinstance(value, list):
            errors.append(f"{path}: must be an array")
            return
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append(f"{path}: more than {schema['maxItems']} items")
        if "minItems" in schema and len(value) < schema["minItems"]:
            errors.append(f"{path}: fewer than {schema['minItems']} items")
        for i, item in enumerate(value):
            check(item, schema.get("items", {}), f"{path}[{i}]", errors)
        return
    if kind == "string":
        if not isinstance(value, str):
            errors.append(f"{path}: must be a string, got {type(value).__name__} {value!r}")
            return
        if "enum" in schema and value not in schema["enum"]:
            errors.append(f"{path}: '{value}' not one of {schema['enum']}")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            errors.append(f"{path}: longer than {schema['maxLength']}")
        if "minLength" in schema and len(value) < schema["minLength"]:
            errors.append(f"{path}: shorter than {schema['minLength']}")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errors.append(f"{path}: '{value}' does not match {schema['pattern']}")
        return
    if kind in ("integer", "number"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                (kind == "integer" and not isinstance(value, int)):
            errors.append(f"{path}: must be an {kind}, got {value!r}")
            return
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(f"{path}: below the minimum {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(f"{path}: above the maximum {schema['maximum']}")
        return
    if kind == "boolean" and not isinstance(value, bool):
        errors.append(f"{path}: must be a boolean")


def check_meta(meta, errors, name_rule):
    name = meta.get("name", "")
    if not name_rule.match(name) or len(name) > 63:
        errors.append(f"metadata.name: '{name}' is not a valid name")
    ns = meta.get("namespace")
    if ns is not None and (not DNS1123_LABEL.match(ns) or len(ns) > 63):
        errors.append(f"metadata.namespace: '{ns}' is not an RFC 1123 label")
    for key, value in (meta.get("labels") or {}).items():
        prefix, _, label = key.rpartition("/")
        if prefix and (not DNS1123_SUBDOMAIN.match(prefix) or len(prefix) > 253):
            errors.append(f"metadata.labels: key prefix '{prefix}' is invalid")
        if not QUALIFIED_NAME.match(label) or len(label) > 63:
            errors.append(f"metadata.labels: key '{key}' is invalid")
        if not isinstance(value, str):
            errors.append(f"metadata.labels.{key}: value must be a string")
        elif value and (not QUALIFIED_NAME.match(value) or len(value) > 63):
            errors.append(f"metadata.labels.{key}: value '{value}' is invalid")


def check_quantities(resources, path, errors):
    for section in ("requests", "limits"):
        for key, value in ((resources or {}).get(section) or {}).items():
            if not QUANTITY.match(str(value)):
                errors.append(f"{path}.{section}.{key}: '{value}' is not a quantity")


def webhook_trainjob(doc, errors):
    trainer = doc.get("spec", {}).get("trainer") or {}
    for env in trainer.get("env") or []:
        if env.get("name") in TORCH_RESERVED and \
                doc["spec"]["runtimeRef"]["name"].startswith("torch"):
            errors.append(f"spec.trainer.env: reserved {env['name']}")
    if not trainer.get("image"):
        errors.append("spec.trainer.image: required by a runtime without its own image")
    check_quantities(trainer.get("resourcesPerNode"), "spec.trainer.resourcesPerNode", errors)


def webhook_v1(doc, kind, errors):
    key = "tfReplicaSpecs" if kind == "TFJob" else "pytorchReplicaSpecs"
    specs = doc.get("spec", {}).get(key)
    if not specs:
        errors.append(f"spec.{key}: required")
        return
    allowed = {"Chief", "Master", "Worker", "PS", "Evaluator"} if kind == "TFJob" else {"Master", "Worker"}
    default = "tensorflow" if kind == "TFJob" else "pytorch"
    if sum(1 for t in specs if t in ("Chief", "Master")) > 1:
        errors.append(f"spec.{key}: more than one Chief or Master")
    for rtype, rspec in specs.items():
        path = f"spec.{key}.{rtype}"
        if rtype not in allowed:
            errors.append(f"{path}: unsupported replica type")
        containers = rspec.get("template", {}).get("spec", {}).get("containers") or []
        if not any(c.get("name") == default for c in containers):
            errors.append(f"{path}: no container named {default}")
        for i, c in enumerate(containers):
            if not c.get("image"):
                errors.append(f"{path}.template.spec.containers[{i}].image: required")
            check_quantities(c.get("resources"), f"{path}.template.spec.containers[{i}].resources", errors)
        if kind == "PyTorchJob" and rtype == "Master" and rspec.get("replicas") != 1:
            errors.append(f"{path}.replicas: must be 1")


def validate(doc, schemas, version_hint=None):
    """Errors of one manifest against every schema of its kind (or the one version named)."""
    results = {}
    for name, (api, kind) in CRDS.items():
        if doc.get("apiVersion") != api or doc.get("kind") != kind:
            continue
        if version_hint and not name.endswith(version_hint):
            continue
        errors = []
        check({k: v for k, v in doc.items() if k not in ("apiVersion", "kind", "metadata")},
              {"type": "object", "properties": {k: v for k, v in schemas[name]["properties"].items()
                                                if k not in ("apiVersion", "kind", "metadata")}},
              "", errors)
        errors = [e.lstrip(".") for e in errors]
        check_meta(doc.get("metadata", {}), errors, DNS1035_LABEL)
        if kind == "TrainJob":
            webhook_trainjob(doc, errors)
        else:
            webhook_v1(doc, kind, errors)
        results[name] = errors
    if not results:
        results["?"] = [f"no schema for {doc.get('apiVersion')} {doc.get('kind')}"]
    return results


def export_corpus(args, schemas):
    forms = [("trainjob", []), ("trainjob", ["--trainer-version", "2.0"]),
             ("trainjob", ["--trainer-version", "2.1"]), ("trainjob", ["--trainer-version", "2.2"]),
             ("trainjob", ["--trainer-version", "2.3"]), ("tfjob", []), ("pytorchjob", [])]
    sys.path.insert(0, args.corpus)
    from run_corpus import corpus_rows  # the job flags of each corpus row, as tst_corpus uses
    rows = list(corpus_rows())
    for spec in args.spec or []:
        rows.append((os.path.basename(spec), "", "", "", [spec]))
    exported = refused = failures = 0
    for config, _, _, _, job_args in rows:
        for kind, extra in forms:
            cmd = [args.trainyard, "export", "--to", kind, "--image", "gcr.io/p/trainer:1",
                   "--namespace", "ml", *extra, *job_args]
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
            if run.returncode == 1:
                refused += 1
                if "error" not in run.stderr:
                    print(f"FAIL {config} --to {kind} {' '.join(extra)}: refused without a reason")
                    failures += 1
                continue
            if run.returncode != 0:
                print(f"FAIL {config} --to {kind}: exit {run.returncode}: {run.stderr.strip()}")
                failures += 1
                continue
            exported += 1
            doc = yaml.safe_load(run.stdout)
            hint = ("v" + extra[1] + ".0") if extra else None
            for schema, errors in validate(doc, schemas, hint).items():
                for e in errors:
                    print(f"FAIL {config} --to {kind} {' '.join(extra)} vs {schema}: {e}")
                    failures += 1
    print(f"{len(rows)} configs: {exported} manifests exported and validated, "
          f"{refused} exports refused with a reason, {failures} failures")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--crds", required=True)
    parser.add_argument("--trainyard")
    parser.add_argument("--corpus")
    parser.add_argument("--spec", action="append",
                        help="a further config to export (its own job ID and module)")
    parser.add_argument("--version", help="validate against this Trainer version only (v2.2.0)")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    schemas = load_schemas(args.crds)
    failures = 0
    if args.trainyard and args.corpus:
        failures += export_corpus(args, schemas)
    for path in args.files:
        for doc in yaml.safe_load_all(open(path)):
            for schema, errors in validate(doc, schemas, args.version).items():
                for e in errors:
                    print(f"{path} vs {schema}: {e}")
                    failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
