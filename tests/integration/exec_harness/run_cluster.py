#!/usr/bin/env python3
"""Hand-made harness for the example trainers (until the executor exists).

Starts one process per replica with a TF_CONFIG built like Trainyard's executor builds it
(docs/service.md §6: cluster on free localhost ports, chief first, then PS, then workers; evaluators
outside the cluster), restarts a replica that exits non-zero (up to --max-restarts), stops the
others when the primary exits 0, and checks the outcome:

  * every process exits 0 (after restarts),
  * the chief's loss falls (mean of the last 5 step losses < mean of the first 5),
  * the hypertune metric file has JSON Lines with sorted keys and string values,
  * a checkpoint exists, and a restarted chief resumed from it.

Usage: run_cluster.py [--workers N] [--ps N] [--evaluators N] [--fail-at-step S]
                      [--python PY] [--pure-python] [-- trainer args]
Exit status 0 when every check passes.
"""

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
EXAMPLE = os.path.join(ROOT, "resources", "examples", "mnist_like")


def free_ports(start, count):
    ports = []
    port = start
    while len(ports) < count and port < 65536:
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("localhost", port))
            s.listen(1)
            ports.append(port)
        except OSError:
            pass
        finally:
            s.close()
        port += 1
    if len(ports) < count:
        raise SystemExit("not enough free ports from %d" % start)
    return ports


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--ps", type=int, default=1)
    ap.add_argument("--evaluators", type=int, default=1)
    ap.add_argument("--start-port", type=int, default=27182)
    ap.add_argument("--fail-at-step", type=int, default=0)
    ap.add_argument("--max-restarts", type=int, default=5)
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--pure-python", action="store_true")
    ap.add_argument("--timeout", type=float, default=240)
    ap.add_argument("--keep", action="store_true", help="keep the job dir")
    ap.add_argument("trainer_args", nargs="*")
    opts = ap.parse_args()

    job_dir = tempfile.mkdtemp(prefix="trainyard-harness-")
    ports = free_ports(opts.start_port, 1 + opts.ps + opts.workers)
    host = lambda p: "localhost:%d" % p
    cluster = {"chief": [host(ports[0])]}
    if opts.ps:
        cluster["ps"] = [host(p) for p in ports[1:1 + opts.ps]]
    if opts.workers:
        cluster["worker"] = [host(p) for p in ports[1 + opts.ps:]]
    replicas = [("chief", 0)] + [("ps", i) for i in range(opts.ps)] + \
        [("worker", i) for i in range(opts.workers)] + [("evaluator", i) for i in range(opts.evaluators)]

    args = ["--epochs", "4", "--steps-per-epoch", "10"] + opts.trainer_args + ["--job-dir", job_dir]
    if opts.fail_at_step:
        args += ["--fail-at-step", str(opts.fail_at_step)]
    job = {"scale_tier": "CUSTOM", "python_module": "trainer.task", "args": args,
           "worker_count": str(opts.workers), "parameter_server_count": str(opts.ps),
           "hyperparameters": {"hyperparameter_metric_tag": "accuracy"}}

    def start(task_type, index):
        name = "%s-%d" % (task_type, index)
        env = dict(os.environ)
        env["TF_CONFIG"] = json.dumps({"cluster": cluster, "task": {"type": task_type, "index": index, "trial": "1"},
                                       "job": job, "environment": "cloud"})
        env["CLOUD_ML_HP_METRIC_FILE"] = os.path.join(job_dir, "metrics", name + ".metrics")
        env["CLOUD_ML_TRIAL_ID"] = "1"
        env["PYTHONPATH"] = EXAMPLE + os.pathsep + env.get("PYTHONPATH", "")
        env["PYTHONUNBUFFERED"] = "1"
        if opts.pure_python:
            env["TRAINER_PURE_PYTHON"] = "1"
        log = open(os.path.join(job_dir, name + ".log"), "ab")
        return subprocess.Popen([opts.python, "-m", "trainer.task"] + args, cwd=EXAMPLE, env=env,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    procs = {(t, i): start(t, i) for t, i in replicas}
    restarts = {k: 0 for k in procs}
    exit_codes = {}
    deadline = time.monotonic() + opts.timeout
    failed = None
    while time.monotonic() < deadline and failed is None:
        for key, proc in list(procs.items()):
            rc = proc.poll()
            if rc is None or key in exit_codes:
                continue
            if rc != 0:
                if restarts[key] >= opts.max_restarts:
                    failed = "%s-%d exited %d after %d restarts" % (key[0], key[1], rc, restarts[key])
                    break
                restarts[key] += 1
                print("harness: %s-%d exited %d; restart %d" % (key[0], key[1], rc, restarts[key]))
                procs[key] = start(*key)
                continue
            exit_codes[key] = rc
        if ("chief", 0) in exit_codes:
            break
        time.sleep(0.1)
    # Give the others a moment to finish on their own, then stop what is left.
    grace = time.monotonic() + 10
    while time.monotonic() < grace and any(p.poll() is None for p in procs.values()):
        time.sleep(0.1)
    leftovers = []
    for key, proc in procs.items():
        if proc.poll() is None:
            leftovers.append("%s-%d" % key)
            os.killpg(proc.pid, 15)
            proc.wait()
        exit_codes.setdefault(key, proc.returncode)

    problems = []
    if failed:
        problems.append(failed)
    if time.monotonic() >= deadline:
        problems.append("timed out")
    for key, rc in sorted(exit_codes.items()):
        if rc != 0 and "%s-%d" % key not in leftovers:
            problems.append("%s-%d exit code %s" % (key[0], key[1], rc))
    if leftovers:
        problems.append("still running after the chief finished: %s" % ", ".join(leftovers))

    chief_log = open(os.path.join(job_dir, "chief-0.log")).read()
    losses = [float(line.split("loss=")[1].split()[0]) for line in chief_log.splitlines()
              if line.startswith("step=")]
    if len(losses) < 10:
        problems.append("only %d step lines in the chief's log" % len(losses))
    else:
        first, last = sum(losses[:5]) / 5, sum(losses[-5:]) / 5
        print("harness: chief loss %.4f -> %.4f over %d step lines" % (first, last, len(losses)))
        if not last < first:
            problems.append("loss did not fall: %.4f -> %.4f" % (first, last))
    if "Epoch " not in chief_log or " - loss: " not in chief_log:
        problems.append("no Keras-style epoch lines")
    if opts.fail_at_step:
        if restarts[("chief", 0)] != 1:
            problems.append("expected exactly one chief restart, got %d" % restarts[("chief", 0)])
        if "resuming from the checkpoint" not in chief_log:
            problems.append("the restarted chief did not resume from a checkpoint")

    metrics = os.path.join(job_dir, "metrics", "chief-0.metrics")
    try:
        lines = open(metrics).read().splitlines()
        for line in lines:
            entry = json.loads(line)
            if list(entry) != sorted(entry) or not isinstance(entry["global_step"], str) \
                    or not isinstance(entry["accuracy"], str) or not isinstance(entry["timestamp"], float) \
                    or entry["trial"] != "1" or line != json.dumps(entry, sort_keys=True):
                problems.append("bad metric line: %s" % line)
        print("harness: %d metric lines, last: %s" % (len(lines), lines[-1] if lines else None))
    except (OSError, ValueError, KeyError) as error:
        problems.append("metric file: %s" % error)
    ckpt = os.path.join(job_dir, "checkpoints", "checkpoint.json")
    if not os.path.exists(ckpt) or not json.load(open(ckpt)).get("final"):
        problems.append("no final checkpoint at %s" % ckpt)
    for t, i in replicas:
        if t == "evaluator" and "eval global_step=" not in open(os.path.join(job_dir, "%s-%d.log" % (t, i))).read():
            problems.append("%s-%d printed no eval line" % (t, i))

    print("harness: exit codes %s, restarts %s" % (
        {"%s-%d" % k: v for k, v in sorted(exit_codes.items())},
        {"%s-%d" % k: v for k, v in sorted(restarts.items()) if v}))
    if problems:
        print("harness: FAILED\n  " + "\n  ".join(problems))
        print("harness: logs kept in %s" % job_dir)
        return 1
    print("harness: OK")
    if not opts.keep:
        shutil.rmtree(job_dir, ignore_errors=True)
    else:
        print("harness: job dir %s" % job_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
