"""Reads TF_CONFIG as AI Platform Training sets it (reference: cluster, task, job)."""

import json
import os

PRIMARY_TYPES = ("chief", "master")


class ClusterInfo:
    def __init__(self, tf_config):
        self.raw = tf_config
        self.cluster = tf_config.get("cluster") or {}
        task = tf_config.get("task") or {}
        self.task_type = task.get("type") or "master"
        self.task_index = int(task.get("index") or 0)
        self.trial = task.get("trial")
        self.job = tf_config.get("job") or {}

    @classmethod
    def from_environment(cls):
        text = os.environ.get("TF_CONFIG", "")
        try:
            config = json.loads(text) if text else {}
        except ValueError:
            raise SystemExit("TF_CONFIG is not valid JSON: %r" % text[:200])
        return cls(config if isinstance(config, dict) else {})

    @property
    def is_primary(self):
        return self.task_type in PRIMARY_TYPES

    @property
    def name(self):
        return "%s-%d" % (self.task_type, self.task_index)

    @property
    def ps_addresses(self):
        return list(self.cluster.get("ps") or [])

    @property
    def worker_count(self):
        return len(self.cluster.get("worker") or [])

    def own_address(self):
        hosts = self.cluster.get(self.task_type) or []
        if self.task_index < len(hosts):
            return hosts[self.task_index]
        return None

    def data_shard(self):
        """(shard index, shard count) for the replicas that compute gradients."""
        count = 1 + self.worker_count
        if self.is_primary:
            return 0, count
        if self.task_type == "worker":
            return 1 + self.task_index, count
        return 0, 1

    def metric_tag(self, default):
        hp = self.job.get("hyperparameters") or {}
        return hp.get("hyperparameter_metric_tag") or default


def split_address(address):
    host, _, port = address.rpartition(":")
    return host or "localhost", int(port)
